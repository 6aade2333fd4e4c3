/// What an importer made of an export: the items, the files they need, and what it noticed.
public struct ImportBatch: Sendable {
    public var items: [ImportedItem] = []
    public var files: [FileCopy] = []
    public var warnings: [ImportWarning] = []
    /// Links to photos, videos, audio or PDFs that the export lacks (dropped from the text).
    public var missingLinks = 0

    public init() {}
}
