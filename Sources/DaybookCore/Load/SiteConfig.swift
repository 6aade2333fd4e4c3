/// `daybook.json`: the site's settings. Every key but `title` is optional.
public struct SiteConfig: Sendable, Equatable {
    public var title: String
    public var description: String = ""
    /// Absolute URL of the published site, ending in `/`; needed for feed.xml and sitemap.xml.
    public var baseURL: String?
    public var locale: String = "en_US"
    public var timeZone: String = "UTC"
    public var pageSize: Int = 20
    public var prettyURLs: Bool = false
    public var unsafeHTML: Bool = false
    public var hideEmptyCards: Bool = false
    public var feedLimit: Int = 50
    /// The full-text search (`search/`, the header's field); `false` leaves it out.
    public var search: Bool = true
    public var photos = PhotoSettings()

    public init(title: String) {
        self.title = title
    }
}
