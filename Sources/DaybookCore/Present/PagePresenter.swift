import Foundation

/// Builds the view model of every page from the `Diary`: every string a page shows is
/// computed here; templates only bind.
public struct PagePresenter: Sendable {
    public let diary: Diary
    public let strings: UIStrings
    public let formats: DateFormats
    /// Each card kind's icon, in `CardKind.allCases` order.
    private let icons: [String]
    /// Each card kind's display title, its localized name upper-cased, in `CardKind.allCases` order.
    private let cardTitles: [String]
    /// The localized "None" of an empty card.
    private let noneText: String
    private let lang: String
    /// `en` where the page shows the theme's English strings in another language (``PageChrome/uiLang``).
    let uiLang: String?
    /// `ltr` where those English strings stand on a right-to-left page (``PageChrome/uiDir``).
    let uiDir: String?
    /// `rtl` or `ltr` (``direction(locale:)``), the same on every page.
    let dir: String
    private let generated: String
    private let dayCounts: [CalendarDay: Int]
    private let doneCount: Int
    private let openCount: Int
    /// Todos done in each month (by `doneAt` in the site's zone), in id order.
    private let doneTodosByMonth: [MonthKey: [Todo]]
    /// Open todos due in each month, in id order.
    private let openTodosByMonth: [MonthKey: [Todo]]
    /// The summary cards of the whole diary and of each month, made once for all their pages.
    private var siteCards: [InfoCard] = []
    private var monthCards: [[InfoCard]] = []
    /// The index in `diary.months` of each entry's month.
    private let entryMonths: [Int]
    /// The links of the chrome for each kind of page folder the site has, made once.
    private let chromeLinks: [ChromeLinks.Key: ChromeLinks]
    /// The percent-encoded folders of the pages the menu lists, in its order.
    private let menuFolders: [String]
    /// Each page of the site's own by its folder, for the breadcrumbs of the pages below it.
    private let pageByFolder: [String: Int]
    private let chromeLabels: (home: String, months: String, tags: String, todos: String, reports: String,
                               nav: String, breadcrumbs: String, skip: String)
    /// The counted phrases pages show ("3 entries", "2 days"), looked up once.
    let entryCount: PluralText
    let dayCount: PluralText
    private let searchLabels: (label: String, placeholder: String, submit: String)
    /// Each entry's ``TextLanguage``: of its title (for lists) and of the whole entry (its page, its report article).
    let textLanguages: [(title: String?, entry: String?)]
    private let draftLabel: StatusLabel
    private let scheduledLabel: StatusLabel

    public init(diary: Diary, strings: UIStrings, formats: DateFormats, theme: Theme) {
        self.diary = diary
        self.strings = strings
        self.formats = formats
        icons = CardKind.allCases.map { theme.text($0.iconPath).map(PagePresenter.inlineSVG) ?? "" }
        // English strings on a page of another language (no strings of its own) are in capitals
        // already, by English rules: the theme's CSS capitals follow the page's language, and
        // Turkish rules wrote "LOCATİON" (found by a localization audit).
        let englishOnOtherPage = strings.stringsLanguage != strings.language
        cardTitles = CardKind.allCases.map { kind in
            // As written: the theme shows them in capitals (CSS, by the page's language rules).
            let title = kind.name(in: strings)
            return englishOnOtherPage ? title.uppercased() : title
        }
        noneText = strings["none"]
        entryCount = strings.plural("count.entries")
        dayCount = strings.plural("streak.days")
        lang = diary.config.locale.replacingOccurrences(of: "_", with: "-")
        uiLang = englishOnOtherPage ? "en" : nil
        draftLabel = StatusLabel(.draft, strings: strings, lang: uiLang)
        scheduledLabel = StatusLabel(.scheduled, strings: strings, lang: uiLang)
        let siteLanguage = UIStrings.language(ofLocale: diary.config.locale)
        textLanguages = chunkedMap(diary.entries) { chunk in
            chunk.map { TextLanguage.languages(title: $0.entry.title, body: $0.entry.body, siteLanguage: siteLanguage) }
        }
        dir = PagePresenter.direction(locale: diary.config.locale)
        uiDir = englishOnOtherPage && dir == "rtl" ? "ltr" : nil
        generated = strings.format("generated", ["date": PagePresenter.isolated(formats.text(diary.now.localDay), uiDir)])
        var months = [Int](repeating: 0, count: diary.entries.count)
        for (m, month) in diary.months.enumerated() {
            for i in month.entries { months[i] = m }
        }
        entryMonths = months
        let menu = diary.menu.map { diary.pages[$0].urlFolder }
        menuFolders = menu
        var chromeLinks = [ChromeLinks.Key(""): ChromeLinks(folder: "", config: diary.config, menu: menu)]
        for first in ["page", "entries", "months", "tags", "todos", "reports", "search"] {
            for depth in 1...5 {
                // A folder of that first part and depth stands for all of them (no page of the site's own is in one).
                let folder = first + "/" + String(repeating: "x/", count: depth - 1)
                chromeLinks[ChromeLinks.Key(folder)] = ChromeLinks(folder: folder, config: diary.config, menu: menu)
            }
        }
        self.chromeLinks = chromeLinks
        var pageFolders: [String: Int] = [:]
        for (i, page) in diary.pages.enumerated() { pageFolders[page.folder] = i }
        pageByFolder = pageFolders
        listSeparator = Self.listSeparator(locale: diary.config.locale)
        chromeLabels = (strings["nav.home"], strings["nav.months"], strings["nav.tags"], strings["nav.todos"],
                        strings["nav.reports"], strings["nav.label"], strings["breadcrumbs.label"], strings["skip.content"])
        searchLabels = (strings["search.label"], strings["search.placeholder"], strings["search.submit"])
        var counts: [CalendarDay: Int] = [:]
        for entry in diary.entries { counts[entry.moment.localDay, default: 0] += 1 }
        dayCounts = counts
        // As the todo list counts them: one waiting for a later day (`wait`) is not listed yet, in a
        // month's report either (found by a todo audit: it counted and listed them).
        let today = diary.now.localDay
        func waits(_ todo: Todo) -> Bool { todo.wait.map { $0 > today } ?? false }
        var doneTodos: [MonthKey: [Todo]] = [:], openTodos: [MonthKey: [Todo]] = [:]
        for todo in diary.todos.sorted(by: { $0.id < $1.id }) {
            if todo.isDone, let doneAt = todo.doneAt {
                doneTodos[formats.moment(doneAt).localDay.monthKey, default: []].append(todo)
            } else if !todo.isDone, let due = todo.due, !waits(todo) {
                openTodos[due.monthKey, default: []].append(todo)
            }
        }
        openTodosByMonth = openTodos
        doneTodosByMonth = doneTodos
        doneCount = diary.todos.filter(\.isDone).count
        openCount = diary.todos.filter { !$0.isDone && !waits($0) }.count
        siteCards = summaryCards(entries: Array(diary.entries.indices), month: nil)
        monthCards = diary.months.map { summaryCards(entries: $0.entries, month: $0.key) }
    }

    /// Todos done in a month, by `doneAt` in the site's zone, in id order.
    public func todosDone(in key: MonthKey) -> [Todo] {
        doneTodosByMonth[key] ?? []
    }

    /// Open todos due in a month, in id order.
    public func openTodos(dueIn key: MonthKey) -> [Todo] {
        openTodosByMonth[key] ?? []
    }

    /// The summary cards of `diary.months[index]`.
    public func monthSummaryCards(_ index: Int) -> [InfoCard] {
        monthCards[index]
    }

    private var pageSize: Int { diary.config.pageSize }

    private func pageCount(_ items: Int) -> Int { max(1, (items + pageSize - 1) / pageSize) }

    /// Every page of the site, in a fixed order.
    public var pages: [SitePage] {
        var pages: [SitePage] = []
        pages.reserveCapacity(diary.entries.count * 2 + 16)
        for p in 1...pageCount(diary.entries.count) { pages.append(.home(page: p)) }
        for i in diary.entries.indices { pages.append(.entry(i)) }
        pages.append(.monthArchive)
        for (i, month) in diary.months.enumerated() {
            for p in 1...pageCount(month.entries.count) { pages.append(.month(i, page: p)) }
            pages.append(.monthMarkdown(i))
            pages.append(.report(i))
        }
        pages.append(.reportIndex)
        pages.append(.tagArchive)
        for (i, tag) in diary.tags.enumerated() {
            for p in 1...pageCount(tag.entries.count) { pages.append(.tag(i, page: p)) }
        }
        pages += [.todos, .todoMarkdown, .notFound]
        for i in diary.pages.indices { pages.append(.page(i)) }
        if diary.config.search { pages.append(.search) }
        if diary.config.baseURL != nil { pages += [.feed, .sitemap] }
        for k in diary.aliases.indices { pages.append(.alias(k)) }
        return pages
    }

    /// The folder of an HTML page (`months/2021-11/page/2/`), or nil for other files.
    public func folder(_ page: SitePage) -> String? {
        switch page {
        case .home(let p): return p == 1 ? "" : "page/\(p)/"
        case .entry(let i): return diary.entries[i].folder
        case .monthArchive: return "months/"
        case .month(let i, let p): return diary.months[i].folder + (p == 1 ? "" : "page/\(p)/")
        case .tagArchive: return "tags/"
        case .tag(let i, let p): return diary.tags[i].folder + (p == 1 ? "" : "page/\(p)/")
        case .todos: return "todos/"
        case .report(let i): return "reports/\(diary.months[i].key)/"
        case .reportIndex: return "reports/"
        case .search: return "search/"
        case .page(let i): return diary.pages[i].folder
        case .todoMarkdown, .monthMarkdown, .feed, .sitemap, .notFound, .alias: return nil
        }
    }

    /// The file a page is written to, relative to the output folder.
    public func path(_ page: SitePage) -> String {
        if let folder = folder(page) { return folder + "index.html" }
        switch page {
        case .todoMarkdown: return "todos.md"
        case .monthMarkdown(let i): return "reports/\(diary.months[i].key).md"
        case .feed: return "feed.xml"
        case .sitemap: return "sitemap.xml"
        case .alias(let k): return diary.aliases[k].file
        default: return "404.html"
        }
    }

    /// The theme template that renders a page.
    public func template(_ page: SitePage) -> String {
        switch page {
        case .home, .month, .tag: return "list"
        case .entry: return "entry"
        case .monthArchive, .tagArchive: return "archive"
        case .todos: return "todos"
        case .todoMarkdown: return "todos.md"
        case .monthMarkdown: return "report.md"
        case .report: return "report"
        case .reportIndex: return "reports"
        case .feed: return "feed.xml"
        case .sitemap: return "sitemap.xml"
        case .notFound: return "404"
        case .search: return "search"
        case .page: return "page"
        case .alias: return "alias"
        }
    }

    // MARK: Chrome

    enum Section: Equatable { case home, months, tags, todos, reports, none, page(Int) }

    /// A breadcrumb before the page's place: its label, the folder it links to (nil for the page
    /// itself), and whether the label is one of the theme's strings (a section's name).
    typealias CrumbStep = (label: String, folder: String?, isUIText: Bool)

    func chrome(folder: String, title: String?, section: Section, crumbs: [CrumbStep],
                        prev: String? = nil, next: String? = nil) -> PageChrome {
        let config = diary.config
        let shared = chromeLinks[ChromeLinks.Key(folder)] ?? ChromeLinks(folder: folder, config: config, menu: menuFolders)
        var nav: [NavItem] = [
            NavItem(label: chromeLabels.home, href: shared.home, current: section == .home, labelLang: uiLang),
            NavItem(label: chromeLabels.months, href: shared.months, current: section == .months, labelLang: uiLang),
            NavItem(label: chromeLabels.tags, href: shared.tags, current: section == .tags, labelLang: uiLang),
            NavItem(label: chromeLabels.todos, href: shared.todos, current: section == .todos, labelLang: uiLang),
            NavItem(label: chromeLabels.reports, href: shared.reports, current: section == .reports, labelLang: uiLang),
        ]
        for (n, i) in diary.menu.enumerated() {
            nav.append(NavItem(label: diary.pages[i].title, href: shared.pages[n], current: section == .page(i),
                               statusLabel: diary.pages[i].file.draft ? draftLabel : nil))
        }
        var trail: [Crumb] = []
        if !crumbs.isEmpty {
            let links = Links(from: folder, prettyURLs: config.prettyURLs)
            trail.append(Crumb(label: chromeLabels.home, href: shared.home, labelLang: uiLang))
            for step in crumbs {
                trail.append(Crumb(label: step.label, href: step.folder.map { links.page($0) }, labelLang: step.isUIText ? uiLang : nil))
            }
        }
        var chrome = PageChrome(
            lang: lang,
            dir: dir,
            title: title.map { "\($0) · \(config.title)" } ?? config.title,
            siteTitle: config.title,
            description: config.description.isEmpty ? (title ?? config.title) : config.description,
            homeHref: shared.home,
            stylesheetHref: shared.stylesheet,
            faviconHref: shared.favicon,
            feedHref: shared.feed,
            canonical: config.baseURL.map { $0 + Slug.urlPath(folder) },
            nav: nav, navLabel: chromeLabels.nav,
            breadcrumbs: NonEmptyList.of(trail), breadcrumbLabel: chromeLabels.breadcrumbs,
            prevHref: prev, nextHref: next,
            generated: generated,
            search: config.search
                ? SearchForm(action: shared.search, label: searchLabels.label, placeholder: searchLabels.placeholder,
                             submitLabel: searchLabels.submit, scriptHref: shared.searchScript)
                : nil)
        chrome.skipLabel = chromeLabels.skip
        chrome.rootHref = shared.root
        chrome.uiLang = uiLang
        chrome.uiDir = uiDir
        chrome.params = diary.config.params.map(SiteParams.init(members:))
        return chrome
    }

    /// `text` with a word joiner (U+2060) after each minus that starts a word (`-rain`,
    /// `-tag:work`), so that a line never breaks between the two; the search script drops it
    /// from a query.
    static func keepingMinusWithWord(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        var chars = text.makeIterator()
        var next = chars.next()
        while let c = next {
            next = chars.next()
            out.append(c)
            if c == "-", previous == " " || previous == "(", let after = next, after.isLetter { out.append("\u{2060}") }
            previous = c
        }
        return out
    }

    /// `text` as a run of its own (U+2068 … U+2069) where `uiDir` says English strings stand on a
    /// right-to-left page: a Hebrew date inside "Generated {date}" read "Generated 1 2026 בדצמ׳",
    /// and "2 entries" after the site's title read "entries 2"; `text` itself elsewhere.
    static func isolated(_ text: String, _ uiDir: String?) -> String {
        uiDir == nil ? text : "\u{2068}\(text)\u{2069}"
    }

    /// The writing direction of a locale's language: `rtl` for the languages written right to left
    /// (Arabic, Hebrew, Persian, Urdu, Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Central Kurdish),
    /// else `ltr`. A locale that names the Arabic script (`az_Arab`) is right to left too.
    public static func direction(locale: String) -> String {
        let parts = LocaleTag.base(locale).split(whereSeparator: { $0 == "_" || $0 == "-" })
        if parts.dropFirst().contains(where: { $0 == "Arab" || $0 == "Hebr" || $0 == "Thaa" }) { return "rtl" }
        if parts.dropFirst().contains(where: { $0.count == 4 }) { return "ltr" }
        let rtl: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"]
        return rtl.contains(UIStrings.language(ofLocale: locale)) ? "rtl" : "ltr"
    }

    /// An icon file as it goes inside a page: from its `<svg` on (an editor's XML declaration,
    /// DOCTYPE, comments and byte-order mark before it are no HTML), white space around it trimmed.
    static func inlineSVG(_ file: String) -> String {
        let text = file.hasPrefix("\u{FEFF}") ? String(file.dropFirst()) : file
        let start = text.range(of: "<svg")?.lowerBound ?? text.startIndex
        return text[start...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What parts the items of a list of words (tags): the Arabic comma for the languages
    /// written in Arabic script, the ideographic one for Chinese and Japanese, else ", ".
    public static func listSeparator(locale: String) -> String {
        switch UIStrings.language(ofLocale: locale) {
        case "ar", "fa", "ur", "ps", "sd", "ug", "ckb": "، "
        case "zh", "zh-hant", "ja": "、"
        default: ", "
        }
    }

    /// ``listSeparator(locale:)`` of the site's locale.
    public let listSeparator: String

    /// What goes between a label and its value ("Mood: Happy") in the site's language: French
    /// puts a space that does not break before the colon, Chinese and Japanese write a full-width
    /// colon without one.
    public static func labelSeparator(locale: String) -> String {
        switch UIStrings.language(ofLocale: locale) {
        case "fr": "\u{A0}: "
        case "zh", "zh-hant", "ja": "："
        default: ": "
        }
    }

    // MARK: Cards

    /// `valueIsUIText`: the value is one of the theme's strings ("5 days"), not the diary's words or a number.
    func card(_ kind: CardKind, _ value: String?, links: [LinkItem] = [], valueIsUIText: Bool = false) -> InfoCard {
        let text = value.map(PagePresenter.trimmed) ?? ""
        let empty = text.isEmpty && links.isEmpty
        let ordinal = kind.ordinal
        return InfoCard(kind: kind, title: cardTitles[ordinal], value: empty ? noneText : text,
                        isEmpty: empty, icon: icons[ordinal], links: links, titleLang: uiLang,
                        valueLang: empty || valueIsUIText ? uiLang : nil)
    }

    /// A card whose value lists `items` as plain text (a standalone report's tags): each item in
    /// a first-strong isolate, parted by the locale's separator, so that on an Arabic page
    /// `english (1)، حديقة (1)` reads right to left with each name in its own direction.
    func listCard(_ kind: CardKind, _ items: [String]) -> InfoCard {
        let names = items.map(PagePresenter.trimmed).filter { !$0.isEmpty }
        if names.isEmpty { return card(kind, nil) }
        let value = names.map { "\u{2068}\($0)\u{2069}" }.joined(separator: listSeparator)
        return InfoCard(kind: kind, title: cardTitles[kind.ordinal], value: value, isEmpty: false, icon: icons[kind.ordinal],
                        isList: true, titleLang: uiLang)
    }

    /// `text` without white space (Unicode White_Space) at either end; the text itself when it
    /// has none (the usual case).
    static func trimmed(_ text: String) -> String {
        // Printable ASCII at both ends (the usual case): nothing to trim, no Unicode tables read.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.index(after: scalars.lastIndex(where: { !$0.properties.isWhitespace })!)
        if start == scalars.startIndex && end == scalars.endIndex { return text }
        return String(scalars[start..<end])
    }

    func visible(_ cards: [InfoCard]) -> [InfoCard] {
        diary.config.hideEmptyCards ? cards.filter { !$0.isEmpty } : cards
    }

    /// "1 entry", "2 entries": the count in the locale's digits, in the form the language's plural rule picks.
    func count(_ n: Int, _ phrase: PluralText) -> String {
        phrase(n, number: formats.number(n))
    }

    /// Summary cards over some entries; `month` limits "todos done" to that month.
    public func summaryCards(entries: [Int], month: MonthKey?) -> [InfoCard] {
        var photos = 0, words = 0
        var days: [CalendarDay] = []
        days.reserveCapacity(entries.count)
        for i in entries {
            let entry = diary.entries[i]
            photos += entry.photoCount
            words += entry.wordCount
            days.append(entry.moment.localDay)
        }
        // A month counts the todos its report lists: done in the month, and open ones due in it.
        let done = month.map { todosDone(in: $0).count } ?? doneCount
        let open = month.map { openTodos(dueIn: $0).count } ?? openCount
        let streak = Diary.longestStreak(days)
        return [
            card(.entries, formats.number(entries.count)),
            card(.photos, formats.number(photos)),
            card(.words, formats.number(words)),
            card(.todosDone, formats.number(done)),
            card(.todosOpen, formats.number(open)),
            card(.longestStreak, count(streak, dayCount), valueIsUIText: true),
        ]
    }

    /// The label of an entry or page of that status, nil for none.
    func statusLabel(_ kind: StatusLabel.Kind?) -> StatusLabel? {
        switch kind {
        case .draft: draftLabel
        case .scheduled: scheduledLabel
        case nil: nil
        }
    }

    // MARK: Entry pages

    /// The level of an entry body's highest heading on its page, below the entry's title, the
    /// one `<h1>` (`#` and `##` alike are `<h2>`; the others keep their distance below it).
    public static let entryHeadingTop = 2

    /// The entry page; `bodyHTML` is the entry's Markdown as the render stage made it.
    public func entryPage(_ index: Int, bodyHTML: String) -> EntryPage {
        let item = diary.entries[index]
        let folder = item.folder
        let links = Links(from: folder, prettyURLs: diary.config.prettyURLs)
        let tagLinks = item.tags.map { LinkItem(label: $0.name, href: links.page(url: $0.urlFolder)) }
        let cards = visible([
            card(.mood, item.entry.mood),
            card(.weather, item.entry.weather),
            card(.location, item.entry.location),
            card(.tags, nil, links: tagLinks),
        ])
        let newer = index > 0 ? diary.entries[index - 1] : nil
        let older = index + 1 < diary.entries.count ? diary.entries[index + 1] : nil
        let newerLink = newer.map { LinkItem(label: $0.entry.title, href: links.page(url: $0.urlFolder)) }
        let olderLink = older.map { LinkItem(label: $0.entry.title, href: links.page(url: $0.urlFolder)) }
        var crumbs: [CrumbStep] = []
        if !diary.months.isEmpty {
            let month = entryMonths[index]
            crumbs.append((diary.months[month].title, diary.months[month].folder, false))
        }
        crumbs.append((item.entry.title, nil, false))
        var pageChrome = chrome(folder: folder, title: item.entry.title, section: .none, crumbs: crumbs,
                                prev: newerLink?.href, next: olderLink?.href)
        if let opening = BodyOpening.text(ofHTML: bodyHTML) { pageChrome.description = opening }
        pageChrome.ogType = "article"
        pageChrome.publishedTime = item.machineText
        if let base = diary.config.baseURL, let photo = item.thumbnail,
           let social = diary.photoPlans[photo]?.social {
            pageChrome.ogImage = base + Slug.urlPath(social.path)
        }
        var page = EntryPage(
            chrome: pageChrome,
            title: item.entry.title,
            dateText: item.dateText,
            dateMachine: item.machineText,
            cards: NonEmptyList.of(cards),
            photos: NonEmptyList.of(EntryPage.Photo.views(of: item.entry, plans: diary.photoPlans, href: links.file,
                                                          firstIsEager: true, print: false, number: formats.number)),
            bodyHTML: bodyHTML,
            newer: newerLink, older: olderLink,
            newerLabel: strings["entry.newer"], olderLabel: strings["entry.older"])
        page.navLabel = strings["entry.nav"]
        page.textLang = textLanguages[index].entry
        page.statusLabel = statusLabel(item.status)
        return page
    }

    // MARK: Pages of the site's own

    /// A page of the site's own (`diary.pages[index]`); `bodyHTML` is its Markdown as the render
    /// stage made it. Its breadcrumbs pass through the pages of the folders above it, where there are.
    public func textPage(_ index: Int, bodyHTML: String) -> TextPage {
        let page = diary.pages[index]
        var crumbs: [CrumbStep] = []
        var above = ""
        for part in page.folder.split(separator: "/").dropLast() {
            above += part + "/"
            if let parent = pageByFolder[above] { crumbs.append((diary.pages[parent].title, above, false)) }
        }
        crumbs.append((page.title, nil, false))
        var pageChrome = chrome(folder: page.folder, title: page.title, section: .page(index), crumbs: crumbs)
        if let description = page.file.description {
            pageChrome.description = description
        } else if let opening = BodyOpening.text(ofHTML: bodyHTML) {
            pageChrome.description = opening
        }
        if let base = diary.config.baseURL, let image = page.image, let social = diary.photoPlans[image]?.social {
            pageChrome.ogImage = base + Slug.urlPath(social.path)
        }
        let language = TextLanguage.languages(title: page.title, body: page.file.body,
                                              siteLanguage: UIStrings.language(ofLocale: diary.config.locale))
        return TextPage(chrome: pageChrome, title: page.title, bodyHTML: bodyHTML, textLang: language.entry,
                        statusLabel: page.file.draft ? draftLabel : nil)
    }

    // MARK: Lists

    private func item(_ index: Int, links: Links) -> EntryListPage.EntryItem {
        let entry = diary.entries[index]
        return EntryListPage.EntryItem(
            title: entry.entry.title, href: links.page(url: entry.urlFolder),
            dateText: entry.dateText, dateMachine: entry.machineText,
            tags: NonEmptyList.of(entry.tags.map { LinkItem(label: $0.name, href: links.page(url: $0.urlFolder)) }),
            mood: entry.entry.mood.flatMap { $0.isEmpty ? nil : $0 },
            photo: entry.thumbnail.flatMap { EntryPage.Photo.thumbnail($0, plans: diary.photoPlans, href: links.file) },
            textLang: textLanguages[index].title,
            statusLabel: statusLabel(entry.status))
    }

    private func pager(base: String, page: Int, total: Int, links: Links) -> Pager? {
        guard total > 1 else { return nil }
        func target(_ p: Int) -> String { links.page(p == 1 ? base : base + "page/\(p)/") }
        return Pager(
            label: strings.format("pager.label", ["page": formats.digits(page), "pages": formats.digits(total)]),
            newer: page > 1 ? LinkItem(label: strings["pager.newer"], href: target(page - 1)) : nil,
            older: page < total ? LinkItem(label: strings["pager.older"], href: target(page + 1)) : nil,
            pages: Pager.window(page: page, total: total).map { number in
                number.map { Pager.PageNumber(number: formats.digits($0), href: target($0), current: $0 == page, isGap: false) }
                    ?? Pager.PageNumber(number: "", href: "", current: false, isGap: true)
            },
            ariaLabel: strings["pager.aria"])
    }

    private func slice(_ indices: [Int], page: Int) -> ArraySlice<Int> {
        let start = min(indices.count, (page - 1) * pageSize)
        return indices[start..<min(indices.count, start + pageSize)]
    }

    public func homePage(_ page: Int) -> EntryListPage {
        let folder = page == 1 ? "" : "page/\(page)/"
        let links = Links(from: folder, prettyURLs: diary.config.prettyURLs)
        let total = pageCount(diary.entries.count)
        let start = min(diary.entries.count, (page - 1) * pageSize)
        let shown = start..<min(diary.entries.count, start + pageSize)
        let pager = pager(base: "", page: page, total: total, links: links)
        let today = page == 1 ? todoSection(strings["today"], id: "today", diary.todoSections.today, links: links, more: true) : nil
        return EntryListPage(
            chrome: chrome(folder: folder, title: page == 1 ? nil : pager?.label, section: .home, crumbs: [],
                           prev: pager?.newer?.href, next: pager?.older?.href),
            heading: strings["home.heading"],
            headingLang: uiLang,
            subheading: page == 1 ? nil : pager?.label,
            cards: page == 1 ? NonEmptyList.of(siteCards) : nil,
            todayTodos: today,
            days: [EntryListPage.DayGroup(heading: nil, dateMachine: nil, entries: shown.map { item($0, links: links) })],
            entriesHeading: today != nil && !shown.isEmpty ? cardTitles[CardKind.entries.ordinal] : nil,
            pager: pager,
            emptyText: diary.entries.isEmpty ? strings["empty.entries"] : nil)
    }

    /// The layout of the search index (``SearchIndex``).
    /// The search index's layout, nil when the site turns search off (`"search": false`).
    public func searchIndex() -> SearchIndex? {
        diary.config.search ? SearchIndex(diary: diary) : nil
    }

    /// The search results page, `search/index.html`: the results themselves are made in the browser.
    public func searchPage() -> SearchPage {
        let shape = formats.numberShape
        let found = strings.plural("search.count")
        let chrome = chrome(folder: "search/", title: strings["search.heading"], section: .none,
                            crumbs: [(strings["search.heading"], nil, true)])
        return SearchPage(
            chrome: chrome,
            heading: strings["search.heading"],
            hint: Self.keepingMinusWithWord(strings["search.hint"]),
            noscript: strings["search.noscript"],
            noResults: strings["search.none"],
            stale: strings["search.stale"],
            counts: strings.pluralRule.categories.map { category in
                SearchPage.CountForm(category: category.rawValue, text: found.text(category))
            },
            plural: String((0..<200).map { n -> Character in
                switch strings.pluralRule.category(n) {
                case .zero: "z"
                case .one: "o"
                case .two: "t"
                case .few: "f"
                case .many: "m"
                case .other: "x"
                }
            }),
            showMore: strings["search.more"],
            loading: strings["search.loading"],
            resultsLabel: strings["search.results"],
            metaHref: "meta.js",
            stamp: SearchIndex.stamp(of: diary),
            buckets: String(SearchIndex.buckets),
            digits: shape.digits.allSatisfy { $0.count == 1 } ? shape.digits.joined() : "0123456789",
            groupSeparator: shape.separator,
            groupSizes: "\(shape.groupSize),\(shape.secondaryGroupSize),\(shape.groupingFrom)",
            queryTitle: strings["search.titleQuery"] + " · " + chrome.title,
            fieldLabels: [CardKind.mood, .weather, .location].map { cardTitles[$0.ordinal] + Self.labelSeparator(locale: diary.config.locale) }
                .joined(separator: "\n"),
            statusLabels: StatusLabel.Kind.allCases.filter { kind in diary.entries.contains { $0.status == kind } }.compactMap(statusLabel))
    }

    public func monthPage(_ index: Int, page: Int) -> EntryListPage {
        let month = diary.months[index]
        let folder = month.folder + (page == 1 ? "" : "page/\(page)/")
        let links = Links(from: folder, prettyURLs: diary.config.prettyURLs)
        let shown = Set(slice(month.entries, page: page))
        let pager = pager(base: month.folder, page: page, total: pageCount(month.entries.count), links: links)
        let days = month.days.compactMap { day -> EntryListPage.DayGroup? in
            let entries = day.entries.filter { shown.contains($0) }
            return entries.isEmpty ? nil : EntryListPage.DayGroup(
                heading: day.heading, dateMachine: day.day.description, entries: entries.map { item($0, links: links) })
        }
        return EntryListPage(
            chrome: chrome(folder: folder, title: Self.pageTitle(month.title, page: page, pager: pager), section: .months,
                           crumbs: [(strings["nav.months"], "months/", true), (month.title, nil, false)],
                           prev: pager?.newer?.href, next: pager?.older?.href),
            heading: month.title,
            subheading: count(month.entries.count, entryCount),
            cards: NonEmptyList.of(monthCards[index]),
            todayTodos: nil, days: days, pager: pager, emptyText: nil)
    }

    /// A list's title, with "Page 2 of 3" after it past its first page (so each page's title is its own).
    static func pageTitle(_ title: String, page: Int, pager: Pager?) -> String {
        guard page > 1, let label = pager?.label else { return title }
        return title + " · " + label
    }

    public func tagPage(_ index: Int, page: Int) -> EntryListPage {
        let tag = diary.tags[index]
        let folder = tag.folder + (page == 1 ? "" : "page/\(page)/")
        let links = Links(from: folder, prettyURLs: diary.config.prettyURLs)
        let pager = pager(base: tag.folder, page: page, total: pageCount(tag.entries.count), links: links)
        let heading = strings.format("tag.heading", ["tag": Self.isolated(tag.name, uiDir)])
        return EntryListPage(
            chrome: chrome(folder: folder, title: Self.pageTitle(heading, page: page, pager: pager), section: .tags,
                           crumbs: [(strings["nav.tags"], "tags/", true), (tag.name, nil, false)],
                           prev: pager?.newer?.href, next: pager?.older?.href),
            heading: heading,
            headingLang: uiLang,
            subheading: count(tag.entries.count, entryCount),
            cards: nil,
            todayTodos: nil,
            days: [EntryListPage.DayGroup(heading: nil, dateMachine: nil, entries: slice(tag.entries, page: page).map { item($0, links: links) })],
            pager: pager, emptyText: nil)
    }

    // MARK: Archives

    public func monthArchive() -> ArchivePage {
        let links = Links(from: "months/", prettyURLs: diary.config.prettyURLs)
        return ArchivePage(
            chrome: chrome(folder: "months/", title: strings["months.heading"], section: .months,
                           crumbs: [(strings["nav.months"], nil, true)]),
            heading: strings["months.heading"],
            items: diary.months.map { month in
                ArchivePage.Item(label: month.title, href: links.page(month.folder), count: month.entries.count,
                                 countText: count(month.entries.count, entryCount), weight: 1)
            },
            heatMap: diary.entries.isEmpty ? nil : HeatMap(counts: dayCounts, formats: formats, strings: strings,
                                                                 firstWeekday: ReportPresenter.firstWeekday(locale: diary.config.locale),
                                                                 today: diary.now.localDay, rightToLeft: dir == "rtl"),
            isCloud: false)
    }

    public func tagArchive() -> ArchivePage {
        let links = Links(from: "tags/", prettyURLs: diary.config.prettyURLs)
        let most = max(1, diary.tags.map(\.entries.count).max() ?? 1)
        return ArchivePage(
            chrome: chrome(folder: "tags/", title: strings["tags.heading"], section: .tags,
                           crumbs: [(strings["nav.tags"], nil, true)]),
            heading: strings["tags.heading"],
            items: Self.alphabetical(diary.tags, locale: LocaleTag.foundationLocale(diary.config.locale)).map { tag in
                ArchivePage.Item(label: tag.name, href: links.page(tag.folder), count: tag.entries.count,
                                 countText: formats.number(tag.entries.count),
                                 weight: 1 + (tag.entries.count * 4) / most)
            },
            heatMap: nil, isCloud: true)
    }

    /// Tags in alphabetical order (``TagOrder``: `Äpfel`, `apple`, `Éclair`, `Ofen`, `Zebra` in
    /// German; `Zebra` before `Äpfel` in Swedish), not by their bytes; tags alike that way in the
    /// site's language's order, then by their slugs.
    static func alphabetical(_ tags: [TagSection], locale: Locale) -> [TagSection] {
        let keys = TagOrder.keys(tags.map(\.name), locale: locale)
        return tags.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            switch tags[a].name.compare(tags[b].name, options: [], range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return tags[a].slug < tags[b].slug
            }
        }.map { tags[$0] }
    }

    // MARK: Todos

    private func todoItem(_ todo: Todo) -> TodoPage.Item {
        let overdue = diary.todoSections.isOverdue(todo)
        return TodoPage.Item(
            detail: todo.detail, isDone: todo.isDone, isOverdue: overdue,
            dueText: todo.due.map { strings.format("due", ["date": Self.isolated(formats.text($0), uiDir)]) },
            dueMachine: todo.due?.description,
            status: todo.isDone ? strings["done"] : overdue ? strings["overdue"] : nil,
            // A tag its words hold (`+family`) is not said again (found by a todo.txt user's audit: "Call Mom +Family · Family").
            tags: todo.tagsBesideWords, priority: todo.priority,
            priorityLabel: todo.priority.map { strings.format("priority", ["priority": $0]) },
            notes: todo.annotations)
    }

    func todoSection(_ title: String, id: String, _ todos: [Todo], links: Links? = nil, more: Bool = false) -> TodoPage.Section {
        TodoPage.Section(title: title, id: id, items: NonEmptyList.of(todos.map(todoItem)), emptyText: strings["empty.todos"],
                         href: more ? links?.page("todos/") : nil, linkText: more ? strings["todos.all"] : nil)
    }

    public func todoPage() -> TodoPage {
        let sections = diary.todoSections
        return TodoPage(
            chrome: chrome(folder: "todos/", title: strings["todos.heading"], section: .todos,
                           crumbs: [(strings["nav.todos"], nil, true)]),
            heading: strings["todos.heading"],
            sections: [todoSection(strings["today"], id: "today", sections.today),
                       todoSection(strings["upcoming"], id: "upcoming", sections.upcoming)]
                + (sections.doneEarlier.isEmpty ? [] : [todoSection(strings["done"], id: "done", sections.doneEarlier)]),
            cards: nil)
    }

    public func notFoundPage() -> EntryListPage {
        // 404.html is served from any folder, so its links are absolute from the site root when
        // a baseURL is known, and relative to the root otherwise.
        var page = EntryListPage(
            chrome: chrome(folder: "", title: strings["notfound.heading"], section: .none, crumbs: []),
            heading: strings["notfound.heading"], headingLang: uiLang, subheading: strings["notfound.text"], cards: nil,
            todayTodos: nil, days: [], pager: nil, emptyText: nil)
        page.chrome.canonical = nil
        if let base = diary.config.baseURL {
            let root = PagePresenter.rootPath(ofBaseURL: base)
            // The links of the top folder, with the root path before them (`./` is the root itself).
            func absolute(_ href: String) -> String { href == "./" ? root : root + href }
            page.chrome.homeHref = absolute(page.chrome.homeHref)
            page.chrome.stylesheetHref = absolute(page.chrome.stylesheetHref)
            page.chrome.rootHref = root
            page.chrome.faviconHref = absolute(page.chrome.faviconHref)
            page.chrome.feedHref = page.chrome.feedHref.map(absolute)
            for n in page.chrome.nav.indices { page.chrome.nav[n].href = absolute(page.chrome.nav[n].href) }
            if var search = page.chrome.search {
                search.action = absolute(search.action)
                search.scriptHref = absolute(search.scriptHref)
                page.chrome.search = search
            }
        }
        return page
    }

    /// The path of a base URL, from its host on: `/log/` for `https://example.org/log/`, `/` for a
    /// domain's root (query and fragment dropped; the normalized base URL ends in `/`).
    public static func rootPath(ofBaseURL base: String) -> String {
        var rest = Substring(base)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        var path = rest[slash...]
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        return path.hasSuffix("/") ? String(path) : path + "/"
    }

    // MARK: Markdown

    public func todoMarkdown() -> MarkdownDocument {
        let sections = diary.todoSections
        return MarkdownDocument(
            title: MarkdownText.escape(diary.config.title) + " — " + MarkdownText.escape(strings["todos.heading"]),
            subtitle: MarkdownText.escape(generated), cards: [], cardHeader: nil, days: [],
            todoSections: [markdownTodos(strings["today"], sections.today),
                           markdownTodos(strings["upcoming"], sections.upcoming)]
                + (sections.doneEarlier.isEmpty ? [] : [markdownTodos(strings["done"], sections.doneEarlier)]))
    }

    func markdownTodos(_ title: String, _ todos: [Todo]) -> MarkdownDocument.TodoList {
        MarkdownDocument.TodoList(
            title: MarkdownText.escape(title),
            items: todos.map { todo in
                let item = todoItem(todo)
                var text = (todo.priority.map { "(" + MarkdownText.escape($0) + ") " } ?? "") + MarkdownText.escape(todo.detail)
                if let due = item.dueText { text += " — " + MarkdownText.escape(due) }
                if !item.tags.isEmpty { text += " · " + item.tags.map { MarkdownText.escape($0) }.joined(separator: listSeparator) }
                if item.isOverdue { text += " **" + MarkdownText.escape(strings["overdue"]) + "**" }
                for note in todo.annotations { text += "\n  - " + MarkdownText.escape(note) }
                return .init(mark: todo.isDone ? "x" : " ", text: text)
            },
            emptyText: MarkdownText.escape(strings["empty.todos"]))
    }

    /// A month in Markdown; `body` gives an entry's body as the document shows it. `variants`:
    /// photos link to their published variants (in the built site), else to the files in the
    /// site folder (a report on its own). `photoHrefs`: the link to use as it is for a photo, by its path.
    public func monthMarkdown(_ index: Int, photoPrefix: String = "../", variants: Bool = true, photoHrefs: [String: String] = [:],
                              body: (Int) -> String) -> MarkdownDocument {
        let month = diary.months[index]
        let days = month.days.map { day in
            MarkdownDocument.Day(heading: MarkdownText.escape(day.heading), entries: day.entries.map { i in
                let entry = diary.entries[i]
                var meta = [entry.dateText]
                if let status = statusLabel(entry.status) { meta.append(status.text) }
                let labelSeparator = Self.labelSeparator(locale: diary.config.locale)
                for (kind, value) in [(CardKind.mood, entry.entry.mood), (.weather, entry.entry.weather), (.location, entry.entry.location)] {
                    if let value, !value.isEmpty { meta.append(cardTitles[kind.ordinal] + labelSeparator + value) }
                }
                // The entry's tags as its page shows them: "Road Trip" and "road-trip" are one.
                if !entry.tags.isEmpty {
                    meta.append(cardTitles[CardKind.tags.ordinal] + labelSeparator + entry.tags.map(\.name).joined(separator: listSeparator))
                }
                return MarkdownDocument.Item(
                    title: MarkdownText.escape(entry.entry.title),
                    // Trimmed: white space before the closing `_` would leave the line's emphasis unclosed.
                    meta: meta.map { MarkdownText.escape(Self.trimmed($0)) }.joined(separator: " · "),
                    photos: entry.entry.photos.enumerated().map { n, photo in
                        let path = variants ? diary.photoPlans[photo.path]?.widest.path ?? photo.path : photo.path
                        let caption = photo.caption.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : MarkdownText.escape($0) }
                        let alt = photo.alt ?? EntryPage.Photo.defaultAlt(of: entry.entry, photo: n, number: formats.number)
                        return .init(alt: MarkdownText.escape(alt, keepingAddresses: false), src: photoHrefs[photo.path] ?? photoPrefix + Slug.urlPath(path),
                                     caption: caption)
                    },
                    body: MarkdownText.trimmingBlankEnd(body(i)), entryFolder: entry.folder)
            })
        }
        return MarkdownDocument(
            title: MarkdownText.escape(month.title),
            subtitle: MarkdownText.escape(diary.config.title),
            cards: monthCards[index].map {
                .init(title: MarkdownText.escape($0.title), value: MarkdownText.escape($0.value))
            },
            cardHeader: .init(title: MarkdownText.escape(strings["report.card"]), value: MarkdownText.escape(strings["report.value"])),
            days: days, todoSections: [])
    }

    // MARK: Feed and sitemap

    /// The entries the feed carries: the newest `feedLimit`, drafts left out even where the build
    /// includes them: a feed reader keeps what it has read.
    public var feedEntries: [Int] {
        Array(diary.entries.indices.lazy.filter { diary.entries[$0].status != .draft }.prefix(diary.config.feedLimit))
    }

    /// The Atom feed; `summaries` are the plain-text openings of `feedEntries`, in order. Each
    /// entry's summary is HTML, a `<p>` with the summary's direction: readers show an entry in
    /// their own direction (NetNewsWire, left to right) or by its first letter (Miniflux's
    /// `dir="auto"`), and none takes it from `xml:lang`; `dir` on the `<p>` is honoured by the first,
    /// and the second, whose sanitizer drops it, finds the same first letter.
    public func feed(summaries: [String]) -> FeedDocument {
        let base = diary.config.baseURL ?? ""
        let items = zip(feedEntries, summaries).map { i, summary in
            let entry = diary.entries[i]
            return FeedDocument.Item(title: entry.entry.title, url: base + Slug.urlPath(entry.folder),
                                     updated: entry.moment.rfc3339, summary: summary,
                                     summaryHTML: FeedDocument.escapedHTML(summary),
                                     dir: FeedDocument.direction(of: summary, otherwise: dir),
                                     textLang: textLanguages[i].entry, categories: entry.entry.tags)
        }
        return FeedDocument(
            title: diary.config.title,
            subtitle: diary.config.description.isEmpty ? nil : diary.config.description,
            siteURL: base, feedURL: base + "feed.xml",
            // The latest moment of all: entries are in the order of their own days, and one written in a
            // zone behind another's can be later (found by a Day One user's audit: the feed's <updated>
            // was before an entry's).
            updated: diary.entries.lazy.filter { $0.status != .draft }.map(\.moment).max()?.rfc3339 ?? diary.now.rfc3339,
            lang: lang, entries: items)
    }

    /// The page at an entry's or page's old address (`diary.aliases[k]`): it sends the reader on
    /// to it at once (a relative `refresh`, so from disk and under any path too) and links to it.
    public func aliasPage(_ k: Int) -> AliasPage {
        let file = diary.aliases[k].file
        let (title, target): (String, String)
        switch diary.aliases[k].target {
        case .entry(let i): (title, target) = (diary.entries[i].entry.title, diary.entries[i].urlFolder)
        case .page(let i): (title, target) = (diary.pages[i].title, diary.pages[i].urlFolder)
        }
        let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
        return AliasPage(lang: lang, dir: dir, title: title,
                         href: Links(from: folder, prettyURLs: diary.config.prettyURLs).page(url: target),
                         canonical: diary.config.baseURL.map { $0 + target }, movedText: strings["alias.moved"])
    }

    /// The addresses of the site's pages for search engines; a draft entry or page is left out
    /// even where the build includes it.
    public func sitemap() -> SitemapDocument {
        let base = diary.config.baseURL ?? ""
        let urls = pages.compactMap { page -> String? in
            switch page {
            case .home(let p), .month(_, let p), .tag(_, let p):
                return p == 1 ? folder(page).map { base + Slug.urlPath($0) } : nil
            case .entry(let i) where diary.entries[i].status == .draft:
                return nil
            case .page(let i) where diary.pages[i].file.draft:
                return nil
            case .entry, .monthArchive, .tagArchive, .todos, .reportIndex, .report, .page:
                return folder(page).map { base + Slug.urlPath($0) }
            default:
                return nil
            }
        }
        return SitemapDocument(urls: urls)
    }
}
