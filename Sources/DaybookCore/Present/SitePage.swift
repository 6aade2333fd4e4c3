/// Every file the build writes from templates, one case a file.
public enum SitePage: Sendable, Hashable {
    case home(page: Int)
    case entry(Int)
    case monthArchive
    case month(Int, page: Int)
    case tagArchive
    case tag(Int, page: Int)
    case todos
    case todoMarkdown
    case monthMarkdown(Int)
    case report(Int)
    case reportIndex
    case feed
    case sitemap
    case notFound
    /// `search/index.html`, the results page of the full-text search.
    case search
    /// A page at one of an entry's or page's old addresses (`diary.aliases[k]`) that leads to it.
    case alias(Int)
    /// A page of the site's own (`diary.pages[i]`, from `pages/`).
    case page(Int)
}
