/// Something an import skipped or changed that the user should know; printed by `main` as `warning: …`.
public struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The `source` of the item the warning is about when it is of that item's data alone (a time
    /// the clocks skip): said only when the import adds or updates that item
    /// (``ImportSummary/shown(_:)``), not on each re-import that leaves it as it was.
    public var source: String?

    public init(_ message: String, source: String? = nil) {
        self.message = message
        self.source = source
    }

    public var description: String { message }
}
