import DaybookCore
import Foundation

/// What an importer made of an export: the items, the files they need, and what it noticed.
public struct ImportBatch: Sendable {
    public var items: [ImportedItem] = []
    public var files: [FileCopy] = []
    public var warnings: [ImportWarning] = []
    /// What the importer chose that the user should know of, not a problem (`read as a Hugo site…`).
    public var notes: [String] = []
    /// Notes about one item's data alone (a time the clocks go back over), kept with its
    /// ``ImportWarning/source``: said, as its warnings are, only when the import adds or updates it.
    public var itemNotes: [ImportWarning] = []
    /// Sources the export says are gone (a task deleted in Taskwarrior): removed from the site's
    /// file when there, `--prune` or not.
    public var removedSources: Set<String> = []
    /// The journals the export holds, by name (Day One's `Travel Log.json` is `Travel Log`):
    /// `--prune` removes only entries of these. Nil for a tool without journals.
    public var journals: Set<String>?
    /// The parts of the export left out for their errors, each part's errors apart (a Day One
    /// journal that is invalid): the rest is imported, and the import fails (exit 1).
    public var notImported: [SiteErrors] = []
    /// Links to photos, videos, audio or PDFs that the export lacks (dropped from the text).
    public var missingLinks = 0
    /// Front matter keys no entry field holds, for one warning at the end (Markdown).
    var unreadKeys = UnreadKeys()
    /// Notes dated by their files' modification times, for one warning (Markdown).
    var undatedNotes: [String] = []

    /// The site path of each file copied by ``place(_:at:)``, and which file has each (lowercased).
    private var placed: [String: String] = [:]
    private var owners: [String: String] = [:]

    public init() {}

    /// Whether `node`, an item of the site's file, is of what the export read, for `--prune`:
    /// not of a journal it does not hold or could not read, nor (when one could not be read) of
    /// no named journal, as entries imported before they kept theirs are.
    func covers(_ node: JSONNode) -> Bool {
        guard let journals else { return true }
        guard case .string(let journal)? = node["journal"]?.value.value else { return notImported.isEmpty }
        return journals.contains(journal)
    }

    /// Copies the file at `from` to `wanted` in the site, or when another file has that place
    /// (`a b.png` and `a-b.png` both made `a-b.png`), to the first free `a-b-2.png`, `a-b-3.png`…;
    /// a file is copied once. Returns its path in the site.
    mutating func place(_ from: String, at wanted: String) -> String {
        if let known = placed[from] { return known }
        let folder = ParentFolder.of(wanted)
        let name = (wanted as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        var target = wanted
        var n = 1
        while let owner = owners[target.lowercased()], owner != from {
            n += 1
            target = (folder.isEmpty ? "" : folder + "/") + stem + "-\(n)" + (ext.isEmpty ? "" : "." + ext)
        }
        placed[from] = target
        owners[target.lowercased()] = from
        files.append(FileCopy(from: from, to: target))
        return target
    }

    /// Gives the second and later items with one `source` (two jrnl entries of the same minute
    /// and title, a todo.txt line written twice) sources of their own (`… #2`), in the export's
    /// order: each is imported, and the same export imported again finds each in its place.
    mutating func makeSourcesDistinct() {
        var seen: [String: Int] = [:]
        for i in items.indices {
            let n = (seen[items[i].source] ?? 0) + 1
            seen[items[i].source] = n
            if n > 1 {
                items[i].twinOf = items[i].source
                items[i].source += " #\(n)"
            }
            if items[i].formerSource == items[i].source { items[i].formerSource = nil }
        }
    }
}
