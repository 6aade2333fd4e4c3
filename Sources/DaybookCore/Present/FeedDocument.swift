/// `feed.xml`, an Atom feed of the newest entries.
public struct FeedDocument: Sendable, Encodable {
    public var title: String
    public var subtitle: String?
    public var siteURL: String
    public var feedURL: String
    public var updated: String
    public var lang: String
    public var entries: [Item]

    public struct Item: Sendable, Encodable {
        public var title: String
        public var url: String
        public var updated: String
        /// Plain text, the first words of the body.
        public var summary: String
        public var categories: [String]
    }
}

/// `sitemap.xml`: every page but the pager pages.
public struct SitemapDocument: Sendable, Encodable {
    public var urls: [String]
}
