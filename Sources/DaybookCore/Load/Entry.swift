/// One diary entry, as loaded from `diary.json` or `diary/*.json`.
public struct Entry: Sendable, Equatable {
    /// The `id` as written (a string, or an integer's digits); nil when absent.
    public var id: String?
    public var title: String
    public var date: ISODate
    public var body: String = ""
    public var photos: [EntryPhoto] = []
    public var tags: [String] = []
    public var mood: String?
    public var weather: String?
    public var location: String?
    public var draft: Bool = false
    /// Where an importer took the entry from (`dayone:UUID`, …); re-imports update by it.
    public var source: String?
    /// The IANA zone the entry was written in: its date is shown, and its day and month chosen,
    /// there; nil: the site's zone.
    public var timeZone: String?
    /// The files of the entry's old addresses (``AliasPath``), each a page that leads to the entry.
    public var aliases: [String] = []
    /// Where each alias is written.
    public var aliasOrigins: [SourceOrigin] = []
    /// Where the entry's object starts, for messages about it.
    public var origin: SourceOrigin
    /// Where each photo path is written.
    public var photoOrigins: [SourceOrigin] = []
    /// Where the body's string starts, for messages about images in it.
    public var bodyOrigin: SourceOrigin?

    public init(id: String? = nil, title: String, date: ISODate, origin: SourceOrigin) {
        self.id = id
        self.title = title
        self.date = date
        self.origin = origin
    }
}

/// A place in an input file: the file as the user names it and a byte offset into it.
/// The line and column are worked out only when a message needs them.
public struct SourceOrigin: Sendable, Hashable {
    public var file: String
    /// Byte offset into the file (for an origin made from a line and column: an ordering key).
    public var offset: Int
    private let text: SourceText?
    private let fixed: SourcePosition?

    /// An origin at a known line and column.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        offset = line * 1_000_000 + column
        text = nil
        fixed = SourcePosition(line: line, column: column)
    }

    /// An origin at a byte offset of a file's text.
    init(file: String, offset: Int, text: SourceText) {
        self.file = file
        self.offset = offset
        self.text = text
        fixed = nil
    }

    /// The same place without the file's bytes, so a site's input can be freed once it is
    /// checked; its line and column are then unknown (0).
    public var detached: SourceOrigin {
        text == nil ? self : SourceOrigin(file: file, offset: offset)
    }

    private init(file: String, offset: Int) {
        self.file = file
        self.offset = offset
        text = nil
        fixed = nil
    }

    public var position: SourcePosition {
        if let fixed { return fixed }
        guard let text else { return SourcePosition(line: 0, column: 0) }
        return SourcePosition(offset: offset, in: text.bytes)
    }

    public var line: Int { position.line }
    public var column: Int { position.column }

    /// The bytes of the file it is in; nil when they are not kept (``detached``).
    var fileBytes: [UInt8]? { text?.bytes }

    /// The place `offset` bytes into the same file (its line and column known as this one's are).
    func moved(to offset: Int) -> SourceOrigin {
        guard let text else { return self }
        return SourceOrigin(file: file, offset: offset, text: text)
    }

    /// The positions of many origins, the text of each file scanned once (not once an origin).
    public static func positions(of origins: [SourceOrigin]) -> [SourcePosition] {
        var result = [SourcePosition](repeating: SourcePosition(line: 0, column: 0), count: origins.count)
        var groups: [ObjectIdentifier: [Int]] = [:]
        for (i, origin) in origins.enumerated() {
            if let fixed = origin.fixed {
                result[i] = fixed
            } else if let text = origin.text {
                groups[ObjectIdentifier(text), default: []].append(i)
            }
        }
        for indices in groups.values {
            guard let text = origins[indices[0]].text else { continue }
            let sorted = indices.sorted { origins[$0].offset < origins[$1].offset }
            let found = SourcePosition.positions(ofSorted: sorted.map { origins[$0].offset }, in: text.bytes)
            for (k, i) in sorted.enumerated() { result[i] = found[k] }
        }
        return result
    }

    public func error(_ reason: String) -> SiteError {
        let p = position
        return SiteError(file: file, line: p.line, column: p.column, reason: reason)
    }

    public static func == (a: SourceOrigin, b: SourceOrigin) -> Bool {
        a.file == b.file && a.offset == b.offset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(offset)
    }
}

/// The bytes of an input file, shared by the origins that point into it.
final class SourceText: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}
