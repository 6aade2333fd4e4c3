/// An entry placed in the site: its resolved date, its slug and its display date.
/// A class, so the pages that show an entry share it rather than copy its strings.
public final class DiaryEntry: Sendable {
    public let entry: Entry
    public let moment: Moment
    public let slug: String
    /// Medium date style, with short time where the source had one.
    public let dateText: String
    /// For `<time datetime>`: ``Moment/machineText``.
    public let machineText: String
    public let wordCount: Int
    /// Its photos and the other images of the site its text shows (Day One places photos there).
    public let photoCount: Int
    /// The photo a list shows beside it (its path in the site): its first photo, else the first
    /// image its text shows.
    public let thumbnail: String?
    /// The entry page's folder: `entries/<slug>/`.
    public let folder: String
    /// `folder` percent-encoded for a link (``Links/page(url:)``).
    public let urlFolder: String
    /// The entry's tags that make a URL, with the folder of each tag's page.
    public let tags: [Tag]
    /// A draft, or dated after now, in a build that includes them (`--drafts`, `--future`); nil
    /// for an entry every build publishes.
    public let status: StatusLabel.Kind?

    /// A tag as an entry shows it.
    public struct Tag: Sendable {
        public let name: String
        /// ``Slug/tag(_:)`` of the name.
        public let slug: String
        /// `tags/<slug>/`.
        public let folder: String
        /// `folder` percent-encoded for a link.
        public let urlFolder: String
    }

    /// `bodyImage`: the first image the entry's text shows, if any.
    public convenience init(entry: Entry, moment: Moment, slug: String, dateText: String, wordCount: Int, bodyImage: String? = nil) {
        var tags: [String: Tag?] = [:]
        self.init(entry: entry, moment: moment, slug: slug, dateText: dateText, wordCount: wordCount, bodyImage: bodyImage,
                  tagSlugs: TagSlugs(names: entry.tags), tagCache: &tags)
    }

    /// `tagSlugs` names the diary's tags' pages; `tagCache` keeps each tag name's ``Tag`` (nil:
    /// the name makes no slug) across entries.
    init(entry: Entry, moment: Moment, slug: String, dateText: String, wordCount: Int, bodyImage: String?,
         textImageCount: Int = 0, status: StatusLabel.Kind? = nil, tagSlugs: TagSlugs, tagCache: inout [String: Tag?]) {
        self.entry = entry
        self.status = status
        thumbnail = entry.photos.first?.path ?? bodyImage
        self.moment = moment
        self.slug = slug
        self.dateText = dateText
        machineText = moment.machineText
        self.wordCount = wordCount
        photoCount = entry.photos.count + textImageCount
        folder = "entries/\(slug)/"
        urlFolder = Slug.urlPath(folder)
        var seen: Set<String> = []
        var tags: [Tag] = []
        for name in entry.tags {
            let tag: Tag?
            if let cached = tagCache[name] {
                tag = cached
            } else {
                let slug = tagSlugs.slugs[name] ?? ""
                let folder = "tags/\(slug)/"
                tag = slug.isEmpty ? nil : Tag(name: name, slug: slug, folder: folder, urlFolder: Slug.urlPath(folder))
                tagCache[name] = tag
            }
            if let tag, seen.insert(tag.slug).inserted { tags.append(tag) }
        }
        self.tags = tags
    }
}
