/// A parsed JSON value with the byte offset where it starts in its source.
public struct JSONNode: Sendable, Equatable {
    /// The value itself.
    public var value: JSONValue
    /// Byte offset of the value's first byte in the source buffer (a BOM counts).
    public var offset: Int

    /// Makes a node; `offset` may be left at 0 for values built in code.
    public init(value: JSONValue, offset: Int = 0) {
        self.value = value
        self.offset = offset
    }
}

extension JSONNode {
    /// The first member with this key when the node is an object; nil otherwise.
    public subscript(key: String) -> JSONMember? {
        guard case .object(let members) = value else { return nil }
        for member in members where member.key == key {
            return member
        }
        return nil
    }

    /// The kind of value, worded for messages such as `found a string`:
    /// "null", "a boolean", "a number", "a string", "an array" or "an object".
    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
