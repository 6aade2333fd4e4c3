/// Reads an export of any format into an ``ImportBatch``.
public enum Importer {
    public static func read(_ format: ImportFormat, _ export: ExportFolder, context: ImportContext) throws(ImportFailure) -> ImportBatch {
        switch format {
        case .dayone: return try DayOneImporter(context: context).read(export)
        case .jrnl: return try JrnlImporter(context: context).read(export)
        case .markdown: return try MarkdownNotesImporter(context: context).read(export)
        case .todotxt: return try TodoTxtImporter(context: context).read(export)
        case .taskwarrior: return try TaskwarriorImporter(context: context).read(export)
        }
    }
}
