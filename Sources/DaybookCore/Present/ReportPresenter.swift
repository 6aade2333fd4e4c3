import Foundation

/// Builds the monthly reports from a `PagePresenter`: the printable page of a month
/// (`reports/<yyyy-MM>/index.html`), its Markdown (`reports/<yyyy-MM>.md`) and the index of
/// reports (`reports/index.html`). Like every presenter it computes each string a page shows.
public struct ReportPresenter: Sendable {
    public let presenter: PagePresenter

    public init(presenter: PagePresenter) {
        self.presenter = presenter
    }

    /// How a report that stands on its own (`daybook report`) links its stylesheets, icon and
    /// photos, instead of the relative links of the built site. A standalone report has no
    /// site navigation and no links to other pages.
    public struct Standalone: Sendable {
        public var stylesheetHref: String
        public var printHref: String
        public var faviconHref: String
        /// Put before a photo file's path to make its `src`.
        public var photoPrefix: String
        /// The `src` of photo files by their path, where given (`data:` URLs), before `photoPrefix`.
        public var photoHrefs: [String: String]
        /// The images the page holds once and shows in several places, and the `#id` of each by
        /// its file's path (`photos/a-1600.webp` → `#photo-1`).
        public var embeddedPhotos: [ReportPage.EmbeddedPhoto]
        public var photoSymbols: [String: String]

        public init(stylesheetHref: String, printHref: String, faviconHref: String, photoPrefix: String,
                    photoHrefs: [String: String] = [:], embeddedPhotos: [ReportPage.EmbeddedPhoto] = [],
                    photoSymbols: [String: String] = [:]) {
            self.stylesheetHref = stylesheetHref
            self.printHref = printHref
            self.faviconHref = faviconHref
            self.photoPrefix = photoPrefix
            self.photoHrefs = photoHrefs
            self.embeddedPhotos = embeddedPhotos
            self.photoSymbols = photoSymbols
        }

        /// The `src` of a photo file.
        public func href(_ path: String) -> String {
            photoHrefs[path] ?? photoPrefix + Slug.urlPath(path)
        }

        /// A photo of the file at `path` as the page shows it: by its `#id` when the page holds
        /// it once for several places, and without a `srcset` when a file is made for the page
        /// (inside it, one naming the `src` again would hold the image twice; beside it, as
        /// printed, it is the one size there is, and `sizes` made a photo's own width the slot's:
        /// one of 64 pixels printed 89 mm wide).
        func embedding(_ view: EntryPage.Photo, file path: String) -> EntryPage.Photo {
            guard let href = photoHrefs[path] else { return view }
            var view = view
            view.srcset = nil
            view.sizes = nil
            if href.hasPrefix("data:") { view.symbol = photoSymbols[path] }
            return view
        }
    }

    private var diary: Diary { presenter.diary }
    private var strings: UIStrings { presenter.strings }
    private var formats: DateFormats { presenter.formats }

    /// The index into `Diary.months` of a month, or nil when it has no entries.
    public func monthIndex(of key: MonthKey) -> Int? {
        diary.months.firstIndex { $0.key == key }
    }

    /// The folder of a month's printable page: `reports/2021-11/`.
    public static func folder(_ key: MonthKey) -> String { "reports/\(key)/" }

    /// The level of an entry body's highest heading in a printable report, below the day
    /// (`<h2>`) and the entry's title (`<h3>`).
    public static let headingTop = 4

    /// The level of an entry body's highest heading in the Markdown report, below the day
    /// (`##`) and the entry's title (`###`); the body's other headings keep their distance below it.
    public static let markdownBodyLevel = 4

    // MARK: Locale rules

    /// The paper a locale prints on: "letter" in the regions that use US Letter (CLDR's list:
    /// the US, Canada, Mexico, the Philippines, Chile, Colombia, Venezuela, Puerto Rico and
    /// most of Central America), "A4" everywhere else, and for a locale without a region.
    public static func paperSize(locale: String) -> String {
        guard let region = LocaleTag.foundationLocale(locale).region?.identifier.uppercased() else { return "A4" }
        return letterRegions.contains(region) ? "letter" : "A4"
    }

    /// The CSS `@page` margin box that numbers a printed page in the locale's digits, when they
    /// are not Latin ones (print.css numbers pages with `counter(page)`, which counts in 0–9):
    /// `arabic-indic` for ar_EG's ٠–٩. Nil for Latin digits or digits CSS has no counter style for.
    public static func pageNumberRule(zero: String) -> String? {
        guard let style = counterStyles[zero] else { return nil }
        return "@page{@bottom-center{content:counter(page, \(style)) \" / \" counter(pages, \(style))}}"
    }

    /// CSS counter styles by their digit zero.
    static let counterStyles: [String: String] = [
        "\u{0660}": "arabic-indic", "\u{06F0}": "persian", "\u{0966}": "devanagari", "\u{09E6}": "bengali",
        "\u{0E50}": "thai", "\u{1040}": "myanmar", "\u{17E0}": "khmer", "\u{0AE6}": "gujarati",
        "\u{0A66}": "gurmukhi", "\u{0CE6}": "kannada", "\u{0D66}": "malayalam", "\u{0B66}": "oriya",
        "\u{0BE6}": "tamil", "\u{0C66}": "telugu", "\u{0ED0}": "lao", "\u{0F20}": "tibetan", "\u{1810}": "mongolian",
    ]

    static let letterRegions: Set<String> = ["US", "CA", "MX", "PH", "BZ", "CL", "CO", "CR", "GT", "NI", "PA", "PR", "SV", "VE"]

    /// The weekday a week starts on in a locale, as Foundation counts it: 1 = Sunday (en_US,
    /// ko_KR), 2 = Monday (en_GB, de_DE).
    public static func firstWeekday(locale: String) -> Int {
        gregorian(locale).firstWeekday
    }

    /// The locale's short weekday names, Sunday first: "Sun" … "Sat", "일" … "토".
    public static func weekdayNames(locale: String) -> [String] {
        let names = gregorian(locale).shortStandaloneWeekdaySymbols
        return names.count == 7 ? names : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    }

    private static func gregorian(_ locale: String) -> Foundation.Calendar {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.locale = LocaleTag.foundationLocale(locale)
        return calendar
    }

    // MARK: The month's numbers

    /// Todos done in the month, by `doneAt` in the site's zone, in id order.
    public func todosDone(in key: MonthKey) -> [Todo] {
        presenter.todosDone(in: key)
    }

    /// Open todos due in the month, split into those past their due day and the rest, in id
    /// order. (Todos without a due day belong to no month; the todo page lists them.)
    public func openTodos(in key: MonthKey) -> (open: [Todo], overdue: [Todo]) {
        let sorted = presenter.openTodos(dueIn: key)
        let sections = diary.todoSections
        return (sorted.filter { !sections.isOverdue($0) }, sorted.filter { sections.isOverdue($0) })
    }

    /// The month's most used tags, most entries first, then by slug; at most `limit`.
    public func topTags(_ entries: [Int], limit: Int = 3) -> [(name: String, folder: String, count: Int)] {
        var counts: [String: Int] = [:]
        for i in entries {
            for tag in diary.entries[i].tags { counts[tag.folder, default: 0] += 1 }
        }
        let names = Dictionary(diary.tags.map { ($0.folder, $0.name) }, uniquingKeysWith: { a, _ in a })
        return counts.map { (name: names[$0.key] ?? $0.key, folder: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.folder < $1.folder }
            .prefix(limit).map { $0 }
    }

    /// The summary cards: the month page's six and the month's top tags.
    private func cards(_ index: Int, links: Links?) -> [InfoCard] {
        let tags = topTags(diary.months[index].entries)
        let text = topTagsText(tags)
        let topCard = links.map { links in
            presenter.card(.topTags, text.joined(separator: presenter.listSeparator),
                           links: zip(tags, text).map { LinkItem(label: $1, href: links.page($0.folder)) })
        } ?? presenter.listCard(.topTags, text)
        return presenter.monthSummaryCards(index) + [topCard]
    }

    /// Each top tag as the card shows it: `walk (3)`.
    private func topTagsText(_ tags: [(name: String, folder: String, count: Int)]) -> [String] {
        tags.map { "\($0.name)\u{00A0}(\(formats.number($0.count)))" }
    }

    // MARK: The printable page

    static let cellSize = 40
    static let cellGap = 4
    static let headerHeight = 20

    /// The printable report of `diary.months[index]`. `bodyHTML` gives an entry's body as HTML
    /// with its highest heading at ``headingTop`` (the render stage makes it from the
    /// entry page's HTML); `standalone` links the page for use outside the built site.
    public func page(_ index: Int, bodyHTML: (Int) -> String, standalone: Standalone? = nil) -> ReportPage {
        let month = diary.months[index]
        let config = diary.config
        let folder = ReportPresenter.folder(month.key)
        let links = Links(from: folder, prettyURLs: config.prettyURLs)
        let siteLinks: Links? = standalone == nil ? links : nil

        let older = index + 1 < diary.months.count ? diary.months[index + 1] : nil
        let newer = index > 0 ? diary.months[index - 1] : nil
        func monthLink(_ other: MonthSection?, _ caption: String) -> ReportPage.MonthLink? {
            other.map { ReportPage.MonthLink(caption: strings[caption], label: $0.title,
                                              href: links.page(ReportPresenter.folder($0.key))) }
        }
        let olderLink = monthLink(older, "report.older")
        let newerLink = monthLink(newer, "report.newer")

        var chrome = presenter.chrome(
            folder: folder, title: strings.format("report.title", ["month": month.title]), section: .reports,
            crumbs: [(strings["nav.reports"], "reports/", true), (month.title, nil, false)],
            prev: olderLink?.href, next: newerLink?.href)
        if let standalone {
            chrome.homeHref = config.baseURL ?? "#"
            chrome.stylesheetHref = standalone.stylesheetHref
            chrome.search = nil
            chrome.faviconHref = standalone.faviconHref
            chrome.feedHref = nil
            chrome.nav = []
            chrome.breadcrumbs = nil
            chrome.prevHref = nil
            chrome.nextHref = nil
        }

        func photoSource(_ path: String) -> String {
            standalone.map { $0.href(path) } ?? links.file(path)
        }

        let days = month.days.reversed().map { day in
            ReportPage.Day(
                id: "d-\(day.day)", heading: day.heading, dateMachine: day.day.description,
                entries: day.entries.reversed().map { i in
                    entry(i, links: siteLinks, photoSource: photoSource, standalone: standalone, bodyHTML: bodyHTML)
                })
        }

        let (open, overdue) = openTodos(in: month.key)
        return ReportPage(
            chrome: chrome,
            printHref: standalone?.printHref ?? links.file("assets/print.css"),
            paperSize: ReportPresenter.paperSize(locale: config.locale),
            pageNumberRule: ReportPresenter.pageNumberRule(zero: formats.number(0)),
            heading: month.title,
            subheading: config.title + " · " + presenter.count(month.entries.count, presenter.entryCount),
            siteTitle: config.title,
            entryCount: PagePresenter.isolated(presenter.count(month.entries.count, presenter.entryCount), presenter.uiDir),
            cards: NonEmptyList.of(cards(index, links: siteLinks)),
            calendar: calendar(month),
            days: days,
            // Only the lists that hold todos: a month without any prints no empty boxes.
            todoSections: [
                (strings["report.todos.done"], "done", todosDone(in: month.key)),
                (strings["report.todos.open"], "open", open),
                (strings["overdue"], "overdue", overdue),
            ].filter { !$0.2.isEmpty }.map { presenter.todoSection($0.0, id: $0.1, $0.2) },
            monthNav: standalone != nil || (olderLink == nil && newerLink == nil) ? nil
                : ReportPage.MonthNav(label: strings["report.months"], older: olderLink, newer: newerLink),
            embeddedPhotos: NonEmptyList.of(standalone?.embeddedPhotos ?? []))
    }

    private func entry(_ index: Int, links: Links?, photoSource: (String) -> String, standalone: Standalone?,
                       bodyHTML: (Int) -> String) -> ReportPage.Entry {
        let item = diary.entries[index]
        let tagCard: InfoCard
        if let links {
            tagCard = presenter.card(.tags, nil, links: item.tags.map { LinkItem(label: $0.name, href: links.page(url: $0.urlFolder)) })
        } else {
            tagCard = presenter.listCard(.tags, item.tags.map(\.name))
        }
        let cards = presenter.visible([
            presenter.card(.mood, item.entry.mood),
            presenter.card(.weather, item.entry.weather),
            presenter.card(.location, item.entry.location),
            tagCard,
        ])
        var photos = EntryPage.Photo.views(of: item.entry, plans: diary.photoPlans, href: photoSource,
                                           firstIsEager: true, print: true, number: formats.number)
        if let standalone {
            for (n, photo) in item.entry.photos.enumerated() {
                if let file = diary.photoPlans[photo.path]?.widest.path { photos[n] = standalone.embedding(photos[n], file: file) }
            }
        }
        let body = bodyHTML(index)
        let pageIsRightToLeft = presenter.dir == "rtl"
        let textDir: String? = switch BlockDirection.of(body) {
        case .rightToLeft where !pageIsRightToLeft: "rtl"
        case .leftToRight where pageIsRightToLeft: "ltr"
        default: nil
        }
        return ReportPage.Entry(
            id: "e-" + item.slug,
            title: item.entry.title,
            href: links?.page(url: item.urlFolder),
            dateText: item.dateText,
            dateMachine: item.machineText,
            cards: NonEmptyList.of(cards),
            photos: NonEmptyList.of(photos),
            bodyHTML: body,
            textLang: presenter.textLanguages[index].entry,
            textDir: textDir,
            statusLabel: presenter.statusLabel(item.status))
    }

    /// The month's calendar: weekday names in the locale's order over one square a day, the
    /// first weekday on the right for a language written right to left, as its calendars are.
    public func calendar(_ month: MonthSection) -> ReportPage.Calendar {
        var counts: [CalendarDay: Int] = [:]
        for i in month.entries { counts[diary.entries[i].moment.localDay, default: 0] += 1 }
        let locale = diary.config.locale
        let grid = MonthCalendar(month: month.key, firstWeekday: ReportPresenter.firstWeekday(locale: locale), counts: counts)
        let names = ReportPresenter.weekdayNames(locale: locale)
        let step = ReportPresenter.cellSize + ReportPresenter.cellGap
        let top = ReportPresenter.headerHeight
        let mirrored = PagePresenter.direction(locale: locale) == "rtl"
        func left(_ column: Int) -> Int { (mirrored ? 6 - column : column) * step }
        var cells: [ReportPage.Cell] = []
        for (row, week) in grid.weeks.enumerated() {
            for (column, day) in week.enumerated() {
                guard let day else { continue }
                let x = left(column), y = top + row * step
                cells.append(ReportPage.Cell(
                    x: x, y: y, size: ReportPresenter.cellSize, textX: x + 6, textY: y + 16,
                    number: formats.number(day.date.day), level: day.level,
                    label: "\(formats.text(day.date)): "
                        + presenter.count(day.count, presenter.entryCount)))
            }
        }
        return ReportPage.Calendar(
            heading: strings["report.calendar"],
            ariaLabel: strings.format("report.calendar.label", ["month": month.title]),
            width: 7 * step - ReportPresenter.cellGap,
            height: top + grid.weeks.count * step - ReportPresenter.cellGap,
            weekdays: grid.columns.enumerated().map { column, weekday in
                ReportPage.Weekday(x: left(column) + ReportPresenter.cellSize / 2, y: 14, name: names[weekday])
            },
            cells: cells)
    }

    // MARK: Markdown

    /// `reports/<yyyy-MM>.md`: the month page's Markdown, oldest day first, with the top-tags
    /// card and the month's todo lists. `photoPrefix` leads from the Markdown file to the
    /// site's photos (`../` inside the built site); `variants` as for ``PagePresenter/monthMarkdown(_:photoPrefix:variants:body:)``;
    /// `body` gives an entry's body as the report shows it (the render stage's
    /// ``MarkdownRenderer/markdownBody(_:topLevel:)``).
    public func markdown(_ index: Int, photoPrefix: String = "../", variants: Bool = true, photoHrefs: [String: String] = [:],
                         body: (Int) -> String) -> MarkdownDocument {
        let month = diary.months[index]
        var document = presenter.monthMarkdown(index, photoPrefix: photoPrefix, variants: variants, photoHrefs: photoHrefs, body: body)
        document.days = document.days.reversed().map { day in
            var day = day
            day.entries.reverse()
            return day
        }
        let tags = presenter.card(.topTags, topTagsText(topTags(month.entries)).joined(separator: presenter.listSeparator))
        document.cards.append(.init(title: MarkdownText.escape(tags.title), value: MarkdownText.escape(tags.value)))
        let (open, overdue) = openTodos(in: month.key)
        document.todoSections = [
            (strings["report.todos.done"], todosDone(in: month.key)),
            (strings["report.todos.open"], open),
            (strings["overdue"], overdue),
        ].filter { !$0.1.isEmpty }.map { presenter.markdownTodos($0.0, $0.1) }
        return document
    }

    // MARK: Index

    /// `reports/index.html`: every month, newest first, with its printable page and Markdown.
    public func index() -> ReportIndexPage {
        let folder = "reports/"
        let links = Links(from: folder, prettyURLs: diary.config.prettyURLs)
        return ReportIndexPage(
            chrome: presenter.chrome(folder: folder, title: strings["reports.heading"], section: .reports,
                                     crumbs: [(strings["nav.reports"], nil, true)]),
            printHref: links.file("assets/print.css"),
            heading: strings["reports.heading"],
            items: NonEmptyList.of(diary.months.map { month in
                ReportIndexPage.Item(
                    label: month.title,
                    countText: presenter.count(month.entries.count, presenter.entryCount),
                    href: links.page(ReportPresenter.folder(month.key)),
                    markdownHref: links.file("reports/\(month.key).md"))
            }),
            markdownLabel: strings["reports.md"],
            emptyText: diary.months.isEmpty ? strings["empty.entries"] : nil)
    }
}
