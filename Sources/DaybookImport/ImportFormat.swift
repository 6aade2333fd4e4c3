/// The tools `daybook import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case dayone, jrnl, markdown, todotxt, taskwarrior

    /// Whether it brings todos (into `todos.json`) rather than entries (into `diary/<format>.json`).
    public var importsTodos: Bool { self == .todotxt || self == .taskwarrior }

    /// Whether its exports hold photos and other files to copy.
    public var hasMedia: Bool { self == .dayone || self == .markdown }

    /// The site file it writes: `diary/dayone.json`, …, or `todos.json`.
    public var siteFile: String { importsTodos ? "todos.json" : "diary/\(rawValue).json" }

    /// The keys of an entry or todo that this importer writes (and so may change or remove on
    /// a re-import); every other key of an imported item is the user's and is kept, also the keys
    /// another importer writes (`draft` or `mood` added to a Day One entry stay).
    var ownedKeys: Set<String> {
        switch self {
        case .dayone: ["title", "date", "timeZone", "body", "photos", "tags", "weather", "location", "journal", "source"]
        case .jrnl: ["title", "date", "body", "tags", "source"]
        case .markdown: ["title", "date", "timeZone", "body", "tags", "mood", "weather", "location", "draft", "aliases", "source"]
        case .todotxt: ["detail", "isDone", "doneAt", "due", "wait", "tags", "priority", "created", "keys", "source"]
        case .taskwarrior: ["detail", "isDone", "doneAt", "due", "wait", "tags", "priority", "created", "annotations", "keys", "source"]
        }
    }

    /// Of ``ownedKeys``, those a re-import leaves as they are when the export has none for the
    /// item: what people add by hand where the tool kept none (a Day One entry's place or zone).
    var keptWhenMissing: Set<String> {
        switch self {
        case .dayone: ["timeZone", "weather", "location"]
        case .markdown: ["timeZone"]
        case .jrnl, .todotxt, .taskwarrior: []
        }
    }
}
