import DaybookCore

/// What an import did (or, for a dry run, would do).
public struct ImportSummary: Sendable {
    public var format: ImportFormat
    public var dryRun = false
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0
    /// Files written into the site (ones already there with the same bytes are not counted).
    public var filesCopied = 0
    /// Of those, the ones that are no photo (sound, video, PDF …).
    public var otherFilesCopied = 0
    public var missingLinks = 0
    /// The parts of the export left out for their errors (``ImportBatch/notImported``): then
    /// the import fails (exit 1), though it wrote the rest.
    public var notImported: [SiteErrors] = []
    /// The site files written (`diary/dayone.json`, `todos.json`, photos not included).
    public var filesWritten: [String] = []
    /// The site's files that `--prune` removed with the entries that alone used them (``PrunedFiles``).
    public var filesRemoved: [String] = []
    /// What the import left out of the batch to fit the site (an alias another entry has already).
    public var warnings: [ImportWarning] = []
    /// What the import chose that the user should know of, not a problem (printed by `main` as
    /// `note: …`): todos done in the site but open in the export, left done.
    public var notes: [String] = []
    /// The sources of the items the import left as they were (counted in ``unchanged``).
    var unchangedSources: Set<String> = []
    /// The export's items deleted in the site since the last import, not added again: their record stays.
    var deletedInSite: Set<String> = []

    public init(format: ImportFormat) {
        self.format = format
    }

    var total: Int { added + updated + unchanged }

    /// Of the importer's `warnings`, those to print: not one about an item this import left as it
    /// was (``ImportWarning/source``), which the import that added it said already.
    public func shown(_ warnings: [ImportWarning]) -> [ImportWarning] {
        warnings.filter { $0.source.map { !unchangedSources.contains($0) } ?? true }
    }

    /// Whether a file is a photo, by its name's extension (`.jpg`, `.HEIC`).
    static func isPhoto(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return MarkdownNotesImporter.imageExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// `Imported 54 entries: 54 new, 0 updated, 0 removed; 49 photos copied; 117 linked files missing from the export`,
    /// `…; 49 photos and 2 other files copied; …` when sound or video came too.
    public var line: String {
        let noun = format.importsTodos ? (total == 1 ? "todo" : "todos") : (total == 1 ? "entry" : "entries")
        var text = (dryRun ? "Would import" : "Imported") + " \(total) \(noun): \(added) new, \(updated) updated, \(removed) removed"
        if unchanged > 0 { text += " (\(unchanged) unchanged)" }
        if format.hasMedia {
            let photos = filesCopied - otherFilesCopied
            text += "; \(photos) \(photos == 1 ? "photo" : "photos")"
            if otherFilesCopied > 0 { text += " and \(otherFilesCopied) other \(otherFilesCopied == 1 ? "file" : "files")" }
            text += dryRun ? " to copy" : " copied"
            if !filesRemoved.isEmpty { text += ", \(filesRemoved.count) \(dryRun ? "to remove" : "removed") (only removed entries used them)" }
            // Photos, sound, video or a PDF: a missing one is named in a warning above.
            if missingLinks > 0 { text += "; \(missingLinks) linked \(missingLinks == 1 ? "file" : "files") missing from the export" }
        }
        if !notImported.isEmpty {
            let one = notImported.count == 1
            let part = format == .dayone ? (one ? "journal" : "journals") : (one ? "file" : "files")
            text += "; \(notImported.count) \(part) not imported, for \(one ? "its" : "their") errors"
        }
        return text
    }

    /// The same as one JSON object, for scripts; `errors` are those of the parts not imported,
    /// each `{"file", "line", "column", "reason"}` as a failed import's are.
    public var json: String {
        let written = filesWritten.map { "\"\($0)\"" }.joined(separator: ", ")
        let errors = notImported.flatMap(\.errors).map { error in
            func number(_ n: Int) -> String { n > 0 ? String(n) : "null" }
            return "{\"file\": \(Self.quoted(error.file)), \"line\": \(number(error.line)), \"column\": \(number(error.column)), "
                + "\"reason\": \(Self.quoted(error.reason))}"
        }.joined(separator: ", ")
        return "{\"format\": \"\(format.rawValue)\", \"dryRun\": \(dryRun), \"new\": \(added), \"updated\": \(updated), "
            + "\"unchanged\": \(unchanged), \"removed\": \(removed), \"filesCopied\": \(filesCopied), \"otherFilesCopied\": \(otherFilesCopied), "
            + "\"missingLinks\": \(missingLinks), \"filesWritten\": [\(written)], "
            + "\"filesRemoved\": [\(filesRemoved.map(Self.quoted).joined(separator: ", "))], \"errors\": [\(errors)]}"
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        String(decoding: JSONWriter.write(.string(text)).dropLast(), as: UTF8.self)
    }
}
