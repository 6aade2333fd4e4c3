import DaybookCore

/// One entry or todo made from an export: its `source` key and its members as they are to be
/// written, without `id` (kept from an earlier import, or given when it is first written).
public struct ImportedItem: Sendable, Equatable {
    /// Where it came from, taken from the data (`dayone:UUID`, `jrnl:2024-01-02T08:30 Title`, …).
    public var source: String
    /// The members in the order they are written; `source` is added last.
    public var members: [JSONMember]
    /// For an entry: the day it is on as written (for its first id, `yyyy-MM-dd-title`).
    public var day: CalendarDay?
    /// For an entry: its title (for its first id).
    public var title: String
    /// For an entry: the name the export gave its page (Hugo's `slug:`), its first id instead of
    /// `yyyy-MM-dd-title`, so its page keeps that name.
    public var pageName: String?
    /// The export's file it was read from, as messages name it (`posts/walk.md` of a Markdown folder).
    public var file: String?
    /// The `source` an earlier version of the importer wrote for it, when that differs (a
    /// todo.txt line with tabs, read before tabs parted its words): a re-import that finds it,
    /// and not `source`, updates that item (its `source` then set to today's).
    public var formerSource: String?
    /// For the second and later of the items of one export that give one `source` (two todo.txt
    /// lines of the same text, two jrnl entries of one minute and title): that source, before
    /// `#2`, `#3` was added to theirs (``ImportBatch/makeSourcesDistinct()``, ``SourceTwins``).
    public var twinOf: String?
    /// For a todo: when the export says it was last changed (Taskwarrior's `modified`), in
    /// seconds since 1970: a todo done in the site before that is what the export says it is now.
    public var changedAt: Int64?
    /// For an entry dated by its file's modification time (a note without a date): a re-import keeps
    /// the date the site has for it, since opening or syncing the file changes that time.
    public var datedByFileTime = false

    public init(source: String, title: String = "", day: CalendarDay? = nil) {
        self.source = source
        self.title = title
        self.day = day
        members = []
    }

    /// The item's value for `key`, if it has one.
    public subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value.value
    }

    mutating func set(_ key: String, _ value: JSONValue) {
        members.append(JSONMember(key: key, value: JSONNode(value: value)))
    }

    mutating func set(_ key: String, _ text: String?) {
        if let text, !text.isEmpty { set(key, .string(text)) }
    }

    mutating func set(_ key: String, strings: [String]) {
        if !strings.isEmpty { set(key, .array(strings.map { JSONNode(value: .string($0)) })) }
    }

    /// A link target in a body that stands for the entry imported from `source`, until
    /// ``SiteImporter`` knows its id (``resolveLinks(_:)``).
    static func link(to source: String) -> String {
        "\u{1}entry:" + source + "\u{1}"
    }

    /// Replaces each ``link(to:)`` in the body by the link from one entry page to the other's
    /// (`../../entries/<slug>/index.html`, right from an entry page and from a report page alike); a link to an entry without an id becomes the site's home.
    mutating func resolveLinks(_ ids: [String: String]) {
        guard let index = members.firstIndex(where: { $0.key == "body" }), case .string(let body) = members[index].value.value,
              body.contains("\u{1}entry:") else { return }
        var out = ""
        var rest = Substring(body)
        while let start = rest.range(of: "\u{1}entry:") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "\u{1}") else { rest = after; break }
            let source = String(after[..<end])
            out += ids[source].map { "../../entries/\(Slug.urlPath(Slug.id($0)))/index.html" } ?? "../../index.html"
            rest = after[after.index(after: end)...]
        }
        out += rest
        members[index].value = JSONNode(value: .string(out))
    }

    /// The object to write, `source` last.
    var object: [JSONMember] {
        members + [JSONMember(key: "source", value: JSONNode(value: .string(source)))]
    }
}
