/// What `daybook list` asks of a diary: words, tags, a span of days and how many of the last
/// entries. Every part given must hold.
public struct EntryQuery: Sendable {
    /// Words to find (``SearchWords``) in an entry's title, its text as the search index reads it
    /// (the body's rendered text with its images' texts, and its photos' captions and texts),
    /// its tags, mood, weather and location.
    public var words: [String]
    /// Tags it must have, each as its tag page groups names (``TagSlugs``: case, white space,
    /// `-` and `_` aside), or the page's name itself (`c-2b2b`).
    public var tags: [String]
    /// The first and the last day its day may be (the day the site shows it on, in its own zone).
    public var from: CalendarDay?
    public var to: CalendarDay?
    /// Only the last this many of the entries that match.
    public var last: Int?

    public init(words: [String] = [], tags: [String] = [], from: CalendarDay? = nil, to: CalendarDay? = nil, last: Int? = nil) {
        self.words = words
        self.tags = tags
        self.from = from
        self.to = to
        self.last = last
    }

    /// The entries of `diary` that match, oldest first (the diary's order turned around, so a
    /// day's entries in the order they were written).
    public func entries(of diary: Diary) -> [DiaryEntry] {
        let keys = tags.map(TagSlugs.key)
        var found = diary.entries.reversed().filter { item in
            let day = item.moment.localDay
            if let from, day < from { return false }
            if let to, to < day { return false }
            return zip(tags, keys).allSatisfy { typed, key in
                item.tags.contains { $0.slug == typed || TagSlugs.key($0.name) == key }
            }
        }
        let search = SearchWords(words)
        if !search.isEmpty {
            let markdown = MarkdownRenderer(unsafeHTML: diary.config.unsafeHTML)
            let kept: [Bool] = chunkedMap(found) { chunk in
                chunk.map { item in
                    let entry = item.entry
                    let fields = [entry.title] + item.tags.map(\.name) + [entry.mood, entry.weather, entry.location].compactMap { $0 }
                    return search.areAll(in: fields) { Self.indexText(of: entry, markdown: markdown) }
                }
            }
            found = found.indices.filter { kept[$0] }.map { found[$0] }
        }
        if let last { found = Array(found.suffix(max(0, last))) }
        return found
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
