/// What every HTML page shows around its content: language, titles, navigation,
/// breadcrumbs, stylesheet and feed links, the generated-at line.
public struct PageChrome: Sendable, Encodable {
    public var lang: String
    /// The page's writing direction, from the locale: `rtl` (Arabic, Hebrew, Persian, …) or `ltr`.
    public var dir: String
    /// The `<title>`: the page's title and the site's.
    public var title: String
    public var siteTitle: String
    /// The page's `<meta name="description">`: an entry's opening, else the site's description.
    public var description: String
    /// Open Graph's `og:type`: `article` for an entry's page, else `website`.
    public var ogType: String = "website"
    /// An entry's date and time (RFC 3339), for `article:published_time`.
    public var publishedTime: String? = nil
    public var homeHref: String
    /// The site's top folder, relative to the page (`""` at the top, `../../` for an entry), with a
    /// trailing `/`: a theme links its own files with it (`{{rootHref}}assets/mine.css`).
    public var rootHref: String = ""
    public var stylesheetHref: String
    public var faviconHref: String
    public var feedHref: String?
    public var canonical: String?
    /// An absolute URL of the page's first photo, for Open Graph (only with a baseURL).
    public var ogImage: String? = nil
    public var nav: [NavItem]
    public var navLabel: String
    public var breadcrumbs: NonEmptyList<Crumb>?
    public var breadcrumbLabel: String
    public var prevHref: String?
    public var nextHref: String?
    public var generated: String
    /// The first link of the page, to its content past the header ("Skip to content").
    public var skipLabel: String = ""
    /// The search field of the header (none in a standalone report).
    public var search: SearchForm?
    /// `en` where the theme has no strings of the page's language and shows its English ones:
    /// the elements that hold only such words say so (`lang="en"`), for screen readers and
    /// hyphenation; nil where the strings are the page's language.
    public var uiLang: String? = nil
    /// `ltr` where those English strings stand on a right-to-left page: an element that holds a
    /// sentence or a count of them says so (`dir="ltr"`), so "2 entries" does not read
    /// "entries 2" nor "Nothing here." end in front; nil elsewhere.
    public var uiDir: String? = nil
    /// The site's own values (`"params"` in `daybook.json`), for its templates.
    public var params: SiteParams? = nil
}

/// The header's search field: a form that opens the results page with `?q=`.
public struct SearchForm: Sendable, Encodable {
    /// The results page (`search/index.html`), relative to the page.
    public var action: String
    public var label: String
    public var placeholder: String
    public var submitLabel: String
    /// `assets/search.js` (the `/` key, and the results page's search).
    public var scriptHref: String
}

/// A header navigation link.
public struct NavItem: Sendable, Encodable {
    public var label: String
    public var href: String
    public var current: Bool
    /// The label's language where it is not the page's (``PageChrome/uiLang`` for the built-in links).
    public var labelLang: String? = nil
    /// "Draft" after a draft page's name, in a build with `--drafts`.
    public var statusLabel: StatusLabel? = nil
}

/// One step of a breadcrumb trail; the last one has no link.
public struct Crumb: Sendable, Encodable {
    public var label: String
    public var href: String?
    /// The label's language where it is not the page's (``PageChrome/uiLang`` for a section's name).
    public var labelLang: String? = nil
}
