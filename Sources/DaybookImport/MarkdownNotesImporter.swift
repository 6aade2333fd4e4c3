/// A folder of Markdown notes (Obsidian, Hugo, Jekyll, Zola). Not yet written.
public struct MarkdownNotesImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        throw .missingInput("daybook import markdown is not available yet")
    }
}
