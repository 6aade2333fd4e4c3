/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The key, with its escapes decoded.
    public var key: String
    /// Byte offset of the opening quote of the key in the source buffer.
    public var keyOffset: Int
    /// The member's value.
    public var value: JSONNode

    /// Makes a member; `keyOffset` may be left at 0 for members built in code.
    public init(key: String, keyOffset: Int = 0, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}
