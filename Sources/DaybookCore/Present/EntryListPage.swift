/// A paginated list of entries: the home page, a month and a tag.
public struct EntryListPage: Sendable, Encodable {
    public var chrome: PageChrome
    public var heading: String
    /// The heading's language where it is not the page's: ``PageChrome/uiLang`` for the home
    /// page's and a tag's, nil for a month's (its name in the locale's words).
    public var headingLang: String? = nil
    public var subheading: String?
    public var cards: NonEmptyList<InfoCard>?
    /// Today's todos (home page only).
    public var todayTodos: TodoPage.Section?
    /// Entries grouped by day (month pages) or one group without a heading.
    public var days: [DayGroup]
    /// The heading of the entries where a section comes before them (the home page's Today):
    /// without it, a screen reader's list of headings puts the entries under Today.
    public var entriesHeading: String? = nil
    public var pager: Pager?
    public var emptyText: String?

    /// A day heading (or none) with its entries.
    public struct DayGroup: Sendable, Encodable {
        public var heading: String?
        public var dateMachine: String?
        public var entries: [EntryItem]
    }

    /// An entry in a list: title link, date and tags.
    public struct EntryItem: Sendable, Encodable {
        public var title: String
        public var href: String
        public var dateText: String
        public var dateMachine: String
        public var tags: NonEmptyList<LinkItem>?
        public var mood: String?
        /// The entry's first photo, small.
        public var photo: EntryPage.Photo?
        /// `ko` for a title written in Korean on a site of another language (``TextLanguage``), so that its words wrap whole.
        public var textLang: String?
        /// "Draft" or "Scheduled" (``DiaryEntry/status``).
        public var statusLabel: StatusLabel? = nil
    }
}

/// Page links for a paginated list.
public struct Pager: Sendable, Encodable {
    /// "Page 2 of 5".
    public var label: String
    public var newer: LinkItem?
    public var older: LinkItem?
    public var pages: [PageNumber]
    public var ariaLabel: String

    public struct PageNumber: Sendable, Encodable {
        /// The page's number in the locale's digits ("3", "٣").
        public var number: String
        public var href: String
        public var current: Bool
        /// A gap ("…") between page numbers that are not shown.
        public var isGap: Bool
    }

    /// The page numbers a pager shows: the first, the last, and two either side of the
    /// current one; nil stands for a gap (a gap of one page shows that page instead). Made from
    /// those few numbers, not by going through every page: the home page of 100,000 entries has
    /// 5,000 pages, each with a pager.
    public static func window(page: Int, total: Int) -> [Int?] {
        var numbers = [1]
        for n in (page - 2)...(page + 2) where n > 1 && n < total { numbers.append(n) }
        if total > 1 { numbers.append(total) }
        var shown: [Int?] = []
        var previous = 0
        for n in numbers {
            if n - previous == 2 {
                shown.append(n - 1)
            } else if n - previous > 2 {
                shown.append(nil)
            }
            shown.append(n)
            previous = n
        }
        return shown
    }
}
