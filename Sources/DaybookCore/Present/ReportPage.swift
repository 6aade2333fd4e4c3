/// `reports/<yyyy-MM>/index.html`: one month, printable. A normal page of the site on screen;
/// on paper the print stylesheet drops the navigation and keeps cards, day headers and photos
/// whole. Every string is computed here; the template only binds.
public struct ReportPage: Sendable, Encodable {
    public var chrome: PageChrome
    /// The report's own stylesheet (`assets/print.css`): its layout on screen and on paper.
    public var printHref: String
    /// The paper size for `@page { size: … }`: "A4", or "letter" in the regions that use it.
    public var paperSize: String
    /// CSS that numbers printed pages in the locale's digits (``ReportPresenter/pageNumberRule(zero:)``); nil for 0–9.
    public var pageNumberRule: String?
    /// The month in the locale's year-month form: "November 2021", "2021년 11월".
    public var heading: String
    /// "Bori & Me · 12 entries".
    public var subheading: String
    /// Its two parts, for a template that isolates the site's title (`<bdi>`) so that a title in
    /// another script keeps its own order on an Arabic or Hebrew page: "Bori & Me", "12 entries".
    public var siteTitle: String
    public var entryCount: String
    /// The summary cards: entries, photos, words, todos done, todos open, longest streak, top tags.
    public var cards: NonEmptyList<InfoCard>?
    public var calendar: Calendar
    /// The days with entries, oldest first.
    public var days: [Day]
    /// Todos done this month (by `doneAt`), still open, and overdue.
    public var todoSections: [TodoPage.Section]
    /// Links to the nearest older and newer months that have entries; nil when there are none
    /// (and in a standalone report).
    public var monthNav: MonthNav?
    /// In a report on its own, each image it shows more than once, held here once for every
    /// place that shows it (``EntryPage/Photo/symbol``); nil otherwise.
    public var embeddedPhotos: NonEmptyList<EmbeddedPhoto>? = nil

    /// An image a report on its own holds once: an SVG `<image>` that `<use href="#photo-1">` shows.
    public struct EmbeddedPhoto: Sendable, Encodable {
        /// `photo-1`.
        public var id: String
        /// Its `data:` URL.
        public var href: String
        public var width: Int
        public var height: Int
    }

    /// The month as an inline SVG: a header of weekday names, one square a day.
    public struct Calendar: Sendable, Encodable {
        public var heading: String
        /// "Entries per day in November 2021".
        public var ariaLabel: String
        public var width: Int
        public var height: Int
        public var weekdays: [Weekday]
        public var cells: [Cell]
    }

    /// A column header: the weekday's short name in the locale ("Mon", "월").
    public struct Weekday: Sendable, Encodable {
        public var x: Int
        public var y: Int
        public var name: String
    }

    /// One day of the month in the calendar.
    public struct Cell: Sendable, Encodable {
        public var x: Int
        public var y: Int
        public var size: Int
        /// Where the day's number is drawn.
        public var textX: Int
        public var textY: Int
        /// The day's number in the locale's digits.
        public var number: String
        /// 0 (no entry) … 4 (the month's busiest day).
        public var level: Int
        /// "Nov 13, 2021: 2 entries".
        public var label: String
    }

    /// A day of the month with its entries, oldest first.
    public struct Day: Sendable, Encodable {
        /// The fragment id: `d-2021-11-13`.
        public var id: String
        /// With the weekday: "Saturday, Nov 13, 2021".
        public var heading: String
        public var dateMachine: String
        public var entries: [Entry]
    }

    /// An entry in full: title, date, cards, photos and body.
    public struct Entry: Sendable, Encodable {
        public var id: String
        public var title: String
        /// The entry's own page; nil in a standalone report.
        public var href: String?
        public var dateText: String
        public var dateMachine: String
        public var cards: NonEmptyList<InfoCard>?
        public var photos: NonEmptyList<EntryPage.Photo>?
        /// The body rendered by cmark-gfm, its headings pushed below the entry's title (trusted HTML).
        public var bodyHTML: String
        /// `ko` for an entry written in Korean on a site of another language (``TextLanguage``).
        public var textLang: String?
        /// `rtl` or `ltr`: the direction of the body's first letter where it is not the page's (an
        /// Arabic entry on an English site), given to the block of the entry's photos and body so
        /// that its one photo, floated to the end of the line on paper, stands where the body's lines end.
        public var textDir: String?
        /// "Draft" or "Scheduled" (``DiaryEntry/status``), beside the date.
        public var statusLabel: StatusLabel? = nil
    }

    /// Previous and next month links, skipping months without entries.
    public struct MonthNav: Sendable, Encodable {
        public var label: String
        public var older: MonthLink?
        public var newer: MonthLink?
    }

    public struct MonthLink: Sendable, Encodable {
        /// "Previous month", "Next month".
        public var caption: String
        /// The month's title.
        public var label: String
        public var href: String
    }
}
