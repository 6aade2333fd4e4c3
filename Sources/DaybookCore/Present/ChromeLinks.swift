/// The links every page's chrome holds (home, the sections, the stylesheet, the icon, the feed).
/// Relative links to those top-level targets depend only on the page folder's first part and
/// depth, so a presenter makes them once for each kind of folder rather than for every page.
struct ChromeLinks: Sendable {
    let home: String
    let months: String
    let tags: String
    let todos: String
    let reports: String
    let stylesheet: String
    /// The site's top folder from the page: `""`, `../../`; for a theme's own files (`{{rootHref}}assets/mine.css`).
    let root: String
    let favicon: String
    let feed: String?
    let search: String
    let searchScript: String
    /// The menu's pages of the site's own, in its order.
    let pages: [String]

    /// `menu`: the folders of the pages the menu lists, percent-encoded. A link to one depends on
    /// more than the key of the folder it is on when that folder is below the page's own first
    /// part: make those for the folder itself.
    init(folder: String, config: SiteConfig, menu: [String] = []) {
        let links = Links(from: folder, prettyURLs: config.prettyURLs)
        home = links.page("")
        months = links.page("months/")
        tags = links.page("tags/")
        todos = links.page("todos/")
        reports = links.page("reports/")
        stylesheet = links.file("assets/style.css")
        root = String(stylesheet.dropLast("assets/style.css".count))
        favicon = links.file("assets/favicon.svg")
        feed = config.baseURL == nil ? nil : links.file("feed.xml")
        search = links.page("search/")
        searchScript = links.file("assets/search.js")
        pages = menu.map { links.page(url: $0) }
    }

    /// What the links depend on: the folder's first part (`"entries"`; `""` for the home page) and
    /// its number of parts.
    struct Key: Hashable, Sendable {
        let first: String
        let depth: Int

        init(first: String, depth: Int) {
            self.first = first
            self.depth = depth
        }

        init(_ folder: String) {
            var depth = 0
            var firstEnd: String.Index?
            for index in folder.utf8.indices where folder.utf8[index] == UInt8(ascii: "/") {
                if firstEnd == nil { firstEnd = index }
                depth += 1
            }
            first = firstEnd.map { String(folder[..<$0]) } ?? folder
            self.depth = depth
        }
    }
}
