/// A file of the export to be copied into the site: from its path on disk to its path in the site.
public struct FileCopy: Sendable, Hashable {
    public var from: String
    /// Relative to the site folder (`photos/dayone/<md5>.jpeg`).
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}
