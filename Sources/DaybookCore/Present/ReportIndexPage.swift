/// `reports/index.html`: every month that has entries, newest first, with links to its
/// printable page and its Markdown report.
public struct ReportIndexPage: Sendable, Encodable {
    public var chrome: PageChrome
    /// The reports' stylesheet (`assets/print.css`).
    public var printHref: String
    public var heading: String
    public var items: NonEmptyList<Item>?
    /// The text of the link to a month's Markdown report ("Markdown").
    public var markdownLabel: String
    /// Shown when the diary has no entries yet.
    public var emptyText: String?

    public struct Item: Sendable, Encodable {
        /// "November 2021".
        public var label: String
        /// "12 entries".
        public var countText: String
        public var href: String
        public var markdownHref: String
    }
}
