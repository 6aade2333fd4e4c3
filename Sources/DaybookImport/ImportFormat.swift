import Foundation

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

    /// Of ``ownedKeys``, those whose edits in the site an import keeps (``ImportRecord``): all but
    /// `source`, `aliases` (added to, never replaced), ``keptWhenMissing``, and a todo's `isDone`
    /// and `doneAt`, whose ticks in the site (`daybook todo done`) an import weighs itself.
    var editTrackedKeys: Set<String> {
        ownedKeys.subtracting(["source", "aliases", "isDone", "doneAt"]).subtracting(keptWhenMissing)
    }
}

extension ImportFormat {
    /// The format of the export at `path`, when a quick look tells it: a folder with Day One's
    /// JSON (its `"metadata"`) or with Markdown files, a zip of JSON (Day One's export) or of
    /// Markdown files (JSON in a hidden folder, an Obsidian vault's settings, aside), `todo.txt` or
    /// `done.txt`, or a JSON file whose first 64 KB show Day One's, Taskwarrior's or jrnl's shape.
    /// Nil when nothing tells.
    public static func guess(at path: String) -> ImportFormat? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            if names.contains(where: { $0.lowercased().hasSuffix(".json") && opening(of: path + "/" + $0).contains("\"metadata\"") }) {
                return .dayone
            }
            guard let walk = FileManager.default.enumerator(atPath: path) else { return nil }
            for case let name as String in walk.prefix(10_000) where isMarkdown(name) { return .markdown }
            return nil
        }
        if ZipArchive.isZip(path) {
            let names = ZipArchive.memberNames(path, limit: 10_000)
            let json = names.contains { $0.lowercased().hasSuffix(".json") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            let markdown = names.contains(where: isMarkdown)
            return json == markdown ? nil : json ? .dayone : .markdown
        }
        let name = (path as NSString).lastPathComponent.lowercased()
        if name == "todo.txt" || name == "done.txt" { return .todotxt }
        guard name.hasSuffix(".json") else { return nil }
        let text = opening(of: path)
        if text.contains("\"metadata\"") && text.contains("\"entries\"") { return .dayone }
        if text.drop(while: { $0.isWhitespace }).first == "[" && text.contains("\"description\"") { return .taskwarrior }
        if text.contains("\"entries\"") { return .jrnl }
        return nil
    }

    /// Whether a file's name is a Markdown file's (`.md`, `.markdown`, `.mkd`, …, in any case).
    private static func isMarkdown(_ name: String) -> Bool {
        MarkdownNotesImporter.isMarkdownName(name)
    }

    /// The first 64 KB of a file, as text.
    private static func opening(of path: String) -> String {
        guard let file = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? file.close() }
        let bytes = (try? file.read(upToCount: 64 * 1024)) ?? Data()
        return String(decoding: bytes, as: UTF8.self)
    }
}
