/// What `daybook list` asks of a diary: words and tags it has and words and tags it has not, a
/// span of days and how many of the last entries. Every part given must hold.
public struct EntryQuery: Sendable {
    /// Words to find (``SearchWords``) in an entry's title, its text as the search index reads it
    /// (the body's rendered text with its images' texts, and its photos' captions and texts),
    /// its tags, mood, weather and location.
    public var words: [String]
    /// Tags it must have, each as its tag page groups names (``TagSlugs``: case, white space,
    /// `-` and `_` aside), or the page's name itself (`c-2b2b`).
    public var tags: [String]
    /// Words none of which it may have, each matched as one of ``words`` is (`daybook list --not`).
    public var notWords: [String]
    /// Tags none of which it may have, each matched as one of ``tags`` is.
    public var notTags: [String]
    /// The first and the last day its day may be (the day the site shows it on, in its own zone).
    public var from: CalendarDay?
    public var to: CalendarDay?
    /// Only the last this many of the entries that match.
    public var last: Int?
    /// Whether one of ``tags`` is enough (jrnl's `jrnl @work @home`), rather than all of them.
    public var anyTag = false

    public init(words: [String] = [], tags: [String] = [], notWords: [String] = [], notTags: [String] = [],
                from: CalendarDay? = nil, to: CalendarDay? = nil, last: Int? = nil) {
        self.words = words
        self.tags = tags
        self.notWords = notWords
        self.notTags = notTags
        self.from = from
        self.to = to
        self.last = last
    }

    /// The entries of `diary` that match, oldest first (the diary's order turned around, so a
    /// day's entries in the order they were written).
    public func entries(of diary: Diary) -> [DiaryEntry] {
        let wanted = tags.map { (typed: $0, key: TagSlugs.key($0)) }, unwanted = notTags.map { (typed: $0, key: TagSlugs.key($0)) }
        var found = diary.entries.reversed().filter { item in
            let day = item.moment.localDay
            if let from, day < from { return false }
            if let to, to < day { return false }
            let tagged = anyTag && !wanted.isEmpty ? wanted.contains { Self.has(item, tag: $0) } : wanted.allSatisfy { Self.has(item, tag: $0) }
            return tagged && !unwanted.contains { Self.has(item, tag: $0) }
        }
        let search = SearchWords(words), leftOut = SearchWords(notWords)
        if !search.isEmpty || !leftOut.isEmpty {
            let markdown = MarkdownRenderer(unsafeHTML: diary.config.unsafeHTML)
            let kept: [Bool] = chunkedMap(found) { chunk in
                chunk.map { item in
                    let entry = item.entry
                    let fields = [entry.title] + item.tags.map(\.name) + [entry.mood, entry.weather, entry.location].compactMap { $0 }
                    // The body is rendered once, and only when the title, tags and cards do not settle it.
                    var rendered: [String]?
                    func body() -> [String] {
                        if let rendered { return rendered }
                        let texts = Self.indexText(of: entry, markdown: markdown)
                        rendered = texts
                        return texts
                    }
                    return search.areAll(in: fields, orIn: body) && !leftOut.isAny(in: fields, orIn: body)
                }
            }
            found = found.indices.filter { kept[$0] }.map { found[$0] }
        }
        if let last { found = Array(found.suffix(max(0, last))) }
        return found
    }

    /// Whether the entry has the tag: its name as typed is the tag page's name, or its ``TagSlugs``
    /// key is the one of a tag the entry has.
    static func has(_ item: DiaryEntry, tag: (typed: String, key: String)) -> Bool {
        item.tags.contains { $0.slug == tag.typed || TagSlugs.key($0.name) == tag.key }
    }

    /// The texts the search index reads of an entry besides its title and cards: its body's
    /// text as rendered (``SearchText``), and its photos' captions and texts.
    static func indexText(of entry: Entry, markdown: MarkdownRenderer) -> [String] {
        var texts: [String] = []
        if !entry.body.isEmpty {
            var html = markdown.html(entry.body)
            var text: [UInt8] = []
            html.withUTF8 { SearchText.jsonText(fromHTML: $0, into: &text) }
            texts.append(String(decoding: text, as: UTF8.self))
        }
        for photo in entry.photos { texts += [photo.caption, photo.alt].compactMap { $0 } }
        return texts
    }
}
