/// Reads an export of any format into an ``ImportBatch``.
public enum Importer {
    public static func read(_ format: ImportFormat, _ export: ExportFolder, context: ImportContext) throws(ImportFailure) -> ImportBatch {
        var batch: ImportBatch
        switch format {
        case .dayone: batch = try DayOneImporter(context: context).read(export)
        case .jrnl: batch = try JrnlImporter(context: context).read(export)
        case .markdown: batch = try MarkdownNotesImporter(context: context).read(export)
        case .todotxt: batch = try TodoTxtImporter(context: context).read(export)
        case .taskwarrior: batch = try TaskwarriorImporter(context: context).read(export)
        }
        // Once, before the notes' own: what the folder holds that was not read.
        if let warning = export.linksWarning() { batch.warnings.insert(warning, at: 0) }
        batch.makeSourcesDistinct()
        return batch
    }
}
