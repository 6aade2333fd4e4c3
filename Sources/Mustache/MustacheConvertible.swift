/// A type that converts itself to a ``MustacheValue`` without reflection.
public protocol MustacheConvertible {
    /// The value templates see for this instance.
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheConvertible {
    /// The value itself.
    public var mustacheValue: MustacheValue { self }
}

extension String: MustacheConvertible {
    /// `.string(self)`.
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Substring: MustacheConvertible {
    /// `.string(String(self))`.
    public var mustacheValue: MustacheValue { .string(String(self)) }
}

extension Bool: MustacheConvertible {
    /// `.bool(self)`.
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Int: MustacheConvertible {
    /// `.int(self)`.
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Int32: MustacheConvertible {
    /// `.int(Int(self))`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension Int64: MustacheConvertible {
    /// `.int(Int(self))`.
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension UInt: MustacheConvertible {
    /// `.int` when it fits, otherwise `.double`.
    public var mustacheValue: MustacheValue {
        if let value = Int(exactly: self) { return .int(value) }
        return .double(Double(self))
    }
}

extension Double: MustacheConvertible {
    /// `.double(self)`.
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Float: MustacheConvertible {
    /// `.double` with the float's shortest decimal form (so `1.1` stays `1.1`).
    public var mustacheValue: MustacheValue { .double(Double(description) ?? Double(self)) }
}

extension Array: MustacheConvertible where Element: MustacheConvertible {
    /// `.list` of the converted elements.
    @inlinable
    public var mustacheValue: MustacheValue { .list(map { $0.mustacheValue }) }
}

extension Optional: MustacheConvertible where Wrapped: MustacheConvertible {
    /// The wrapped value's conversion, or `.null` for `nil`.
    @inlinable
    public var mustacheValue: MustacheValue {
        switch self {
        case .none: return .null
        case .some(let wrapped): return wrapped.mustacheValue
        }
    }
}

extension Dictionary: MustacheConvertible where Key == String, Value: MustacheConvertible {
    /// `.object` of the converted values.
    public var mustacheValue: MustacheValue { .object(MustacheObject(mapValues { $0.mustacheValue })) }
}
