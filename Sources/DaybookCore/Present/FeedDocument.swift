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
        /// `summary` escaped as HTML text, for the `<p dir>` of a `type="html"` summary.
        public var summaryHTML: String
        /// The summary's direction, `rtl` or `ltr`: its first letter's, as the entry page's
        /// `<div dir="auto">` takes its body's (the site's when it has no letter). An Atom
        /// reader shows text in its own direction, so the feed says it (``FeedDocument/direction(of:otherwise:)``).
        public var dir: String
        /// The entry's language where its page says it (``TextLanguage``): `xml:lang` on `<entry>`.
        public var textLang: String?
        public var categories: [String]
    }

    /// `rtl` or `ltr` by the first letter of `text` (``BlockDirection/strong(_:)``), `otherwise` when it has none.
    static func direction(of text: String, otherwise: String) -> String {
        for scalar in text.unicodeScalars {
            switch BlockDirection.strong(scalar) {
            case .leftToRight: return "ltr"
            case .rightToLeft: return "rtl"
            case .none: continue
            }
        }
        return otherwise
    }

    /// Text escaped for HTML (`&`, `<`, `>`); the template escapes it once more for XML.
    static func escapedHTML(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// `sitemap.xml`: every page but the pager pages.
public struct SitemapDocument: Sendable, Encodable {
    public var urls: [String]
}
