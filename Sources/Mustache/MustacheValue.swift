/// A value a template renders: the data model of the Mustache context stack.
///
/// Truthiness (whether a section renders): `.null`, `.bool(false)`, an empty
/// `.list` and an empty `.string` are falsey; everything else is truthy,
/// including `.int(0)`, `.double(0)` and an empty `.object`.
///
/// Interpolation: strings render as themselves, `.int` in decimal, `.double`
/// in its shortest round-trip form without a trailing `.0` for integral
/// values, `.bool` as `true`/`false`; `.null`, `.list` and `.object` render as
/// nothing.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([MustacheValue])
    case object(MustacheObject)
}

extension MustacheValue {
    /// An object's member by name (whose key is `key`); nil for a missing member and for values
    /// that are not objects.
    @inline(__always)
    func member(_ name: String, _ key: NameKey) -> MustacheValue? {
        switch self {
        case .object(let object): return object[name, key]
        default: return nil
        }
    }

    /// Section truthiness; see the type's documentation.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .list(let items): return !items.isEmpty
        case .string(let text): return !text.isEmpty
        case .int, .double, .object: return true
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    /// Creates a `.string`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    /// Creates a `.bool`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    /// Creates an `.int`.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    /// Creates a `.double`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    /// Creates a `.list`.
    public init(arrayLiteral elements: MustacheValue...) {
        self = .list(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Creates an `.object`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(members: elements))
    }
}

extension MustacheValue: ExpressibleByNilLiteral {
    /// Creates `.null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}
