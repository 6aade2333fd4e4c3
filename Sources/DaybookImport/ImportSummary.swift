/// What an import did (or, for a dry run, would do).
public struct ImportSummary: Sendable, Equatable {
    public var format: ImportFormat
    public var dryRun = false
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0
    /// Files written into the site (ones already there with the same bytes are not counted).
    public var filesCopied = 0
    public var missingLinks = 0
    /// The site files written (`diary/dayone.json`, `todos.json`, photos not included).
    public var filesWritten: [String] = []

    public init(format: ImportFormat) {
        self.format = format
    }

    var total: Int { added + updated + unchanged }

    /// `Imported 54 entries: 54 new, 0 updated, 0 removed; 49 photos copied; 117 photo links missing from the export`.
    public var line: String {
        let noun = format.importsTodos ? (total == 1 ? "todo" : "todos") : (total == 1 ? "entry" : "entries")
        var text = (dryRun ? "Would import" : "Imported") + " \(total) \(noun): \(added) new, \(updated) updated, \(removed) removed"
        if unchanged > 0 { text += " (\(unchanged) unchanged)" }
        if format.hasMedia {
            text += "; \(filesCopied) \(filesCopied == 1 ? "photo" : "photos") copied"
            text += "; \(missingLinks) photo \(missingLinks == 1 ? "link" : "links") missing from the export"
        }
        return text
    }

    /// The same as one JSON object, for scripts.
    public var json: String {
        let written = filesWritten.map { "\"\($0)\"" }.joined(separator: ", ")
        return "{\"format\": \"\(format.rawValue)\", \"dryRun\": \(dryRun), \"new\": \(added), \"updated\": \(updated), "
            + "\"unchanged\": \(unchanged), \"removed\": \(removed), \"filesCopied\": \(filesCopied), "
            + "\"missingLinks\": \(missingLinks), \"filesWritten\": [\(written)]}"
    }
}
