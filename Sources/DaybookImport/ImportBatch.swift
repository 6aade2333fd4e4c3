/// What an importer made of an export: the items, the files they need, and what it noticed.
public struct ImportBatch: Sendable {
    public var items: [ImportedItem] = []
    public var files: [FileCopy] = []
    public var warnings: [ImportWarning] = []
    /// What the importer chose that the user should know of, not a problem (`read as a Hugo site…`).
    public var notes: [String] = []
    /// Sources the export says are gone (a task deleted in Taskwarrior): removed from the site's
    /// file when there, `--prune` or not.
    public var removedSources: Set<String> = []
    /// The journals the export holds, by name (Day One's `Travel Log.json` is `Travel Log`):
    /// `--prune` removes only entries of these. Nil for a tool without journals.
    public var journals: Set<String>?
    /// Links to photos, videos, audio or PDFs that the export lacks (dropped from the text).
    public var missingLinks = 0
    /// Front matter keys no entry field holds, for one warning at the end (Markdown).
    var unreadKeys = UnreadKeys()

    public init() {}

    /// Gives the second and later items with one `source` (two jrnl entries of the same minute
    /// and title, a todo.txt line written twice) sources of their own (`… #2`), in the export's
    /// order: each is imported, and the same export imported again finds each in its place.
    mutating func makeSourcesDistinct() {
        var seen: [String: Int] = [:]
        for i in items.indices {
            let n = (seen[items[i].source] ?? 0) + 1
            seen[items[i].source] = n
            if n > 1 { items[i].source += " #\(n)" }
        }
    }
}
