/// Everything the load stage read from a site folder, checked and typed.
public struct SiteSource: Sendable {
    public var config: SiteConfig
    /// Every entry, drafts included, in the order the files list them.
    public var entries: [Entry]
    public var todos: [Todo]
    /// The site's own theme files (`templates/…`), keyed by their path inside `templates/`.
    public var themeOverrides: [String: [UInt8]]
    /// Photo paths the entries reference (relative to the site folder), each checked to be a
    /// regular file inside the site folder, sorted.
    public var photos: [String]
    /// The site's own pages (`pages/**/*.md`), drafts included, in the order of their paths.
    public var pages: [PageFile] = []
    /// Problems that do not stop the build (a misspelled key), located, in file order.
    public var warnings: [SiteError] = []

    public init(config: SiteConfig, entries: [Entry] = [], todos: [Todo] = [],
                themeOverrides: [String: [UInt8]] = [:], photos: [String] = []) {
        self.config = config
        self.entries = entries
        self.todos = todos
        self.themeOverrides = themeOverrides
        self.photos = photos
    }
}
