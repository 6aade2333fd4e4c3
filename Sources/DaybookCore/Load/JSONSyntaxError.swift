/// Why a JSON document could not be parsed, and where.
///
/// Turn `offset` into a line and column with ``SourcePosition`` when reporting it.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    /// Byte offset in the source buffer where the problem is.
    public var offset: Int
    /// What is wrong, in plain English, e.g. `expected ',' or ']' after an array element, found '}'`.
    public var reason: String

    /// Makes an error.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}
