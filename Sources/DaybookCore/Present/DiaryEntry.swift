/// An entry placed in the site: its resolved date, its slug and its display date.
/// A class, so the pages that show an entry share it rather than copy its strings.
public final class DiaryEntry: Sendable {
    public let entry: Entry
    public let moment: Moment
    public let slug: String
    /// Medium date style, with short time where the source had one.
    public let dateText: String
    public let wordCount: Int
    /// The entry page's folder: `entries/<slug>/`.
    public let folder: String
    /// The entry's tags that make a URL, with the folder of each tag's page.
    public let tags: [(name: String, folder: String)]

    public init(entry: Entry, moment: Moment, slug: String, dateText: String, wordCount: Int) {
        self.entry = entry
        self.moment = moment
        self.slug = slug
        self.dateText = dateText
        self.wordCount = wordCount
        folder = "entries/\(slug)/"
        var seen: Set<String> = []
        tags = entry.tags.compactMap { name in
            let slug = Slug.make(name)
            return slug.isEmpty || !seen.insert(slug).inserted ? nil : (name, "tags/\(slug)/")
        }
    }
}
