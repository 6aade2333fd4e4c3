import Foundation
import Testing
@testable import DaybookCore
import Mustache

@Suite struct CardTests {
    @Test func kindsHaveTitlesTintsAndIcons() {
        #expect(CardKind.todosDone.englishName.uppercased() == "TODOS DONE")
        #expect(CardKind.longestStreak.englishName.uppercased() == "LONGEST STREAK")
        #expect(CardKind.mood.tint == .systemPink)
        #expect(Tint.systemBlue.light == "#007AFF")
        #expect(Tint.systemBlue.dark == "#0A84FF")
        for kind in CardKind.allCases {
            #expect(Theme.builtIn.files[kind.iconPath] != nil, "no icon for \(kind)")
        }
    }

    @Test(arguments: ["평온", "  평온\u{3000}", "\n\t ", "", "a\u{00A0}", "\u{2028}é\u{85}", "Café Leaf", " x y "])
    func cardValuesAreTrimmedLikeFoundation(text: String) {
        #expect(PagePresenter.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func markdownEscape() {
        #expect(MarkdownText.escape("a*b_c [x](y) | z, 1.") == "a\\*b\\_c \\[x\\](y) \\| z, 1.")
    }

    /// Found by a report audit: a todo's address came out `Star\_Wars\_(film)`, and GitHub's link
    /// (and cmark-gfm's) kept the backslashes: it led nowhere.
    @Test func webAddressesAreLeftAsWrittenByTheMarkdownEscape() {
        let todo = "Read https://en.wikipedia.org/wiki/Star_Wars_(film) tonight_ (www.Example.com/a_b*c~d) xhttps://e_f"
        let escaped = MarkdownText.escape(todo)
        #expect(escaped == "Read https://en.wikipedia.org/wiki/Star_Wars_(film) tonight\\_ (www.Example.com/a_b*c~d) xhttps://e\\_f")
        let html = MarkdownRenderer().html("- [ ] " + escaped)
        #expect(html.contains(#"<a href="https://en.wikipedia.org/wiki/Star_Wars_(film)">https://en.wikipedia.org/wiki/Star_Wars_(film)</a> tonight_"#))
        #expect(html.contains(#"<a href="http://www.Example.com/a_b*c~d">www.Example.com/a_b*c~d</a>)"#))
        #expect(MarkdownText.escape("_https://a.org/x_y_ <b>") == "\\_https://a.org/x_y_ \\<b\\>")
        // Found by a review: GitHub links an address after any character but an ASCII letter, and
        // only one of a host (no `_` in its last two parts), `www.` in lower case alone.
        let more = "Watch \"https://e.org/Star_Wars\" 参照https://ja.org/a_b Link:HTTPS://e.org/c_d WWW.A*B*C Www.e.org/a*b* https://my_host/*a* www.e_f.org/*g*"
        #expect(MarkdownText.escape(more) == "Watch \"https://e.org/Star_Wars\" 参照https://ja.org/a_b Link:HTTPS://e.org/c_d "
            + "WWW.A\\*B\\*C Www.e.org/a\\*b\\* https://my\\_host/\\*a\\* www.e\\_f.org/\\*g\\*")
        let rendered = MarkdownRenderer().html(MarkdownText.escape(more))
        #expect(rendered.contains(#"<a href="https://e.org/Star_Wars">https://e.org/Star_Wars</a>"#))
        #expect(rendered.contains(#"参照<a href="https://ja.org/a_b">https://ja.org/a_b</a>"#))
        #expect(rendered.contains(#"Link:<a href="HTTPS://e.org/c_d">HTTPS://e.org/c_d</a>"#))
        #expect(!rendered.contains("<em>"))
        #expect(MarkdownText.escape("https://x_y.org/a_b", keepingAddresses: false) == "https://x\\_y.org/a\\_b")
        // `|`, `[` and `]` stay escaped: a table's cell or a link's text would end at them.
        #expect(MarkdownText.escape("www.a.org/[x]|y") == "www.a.org/\\[x\\]\\|y")
    }

    @Test func headingsArePushedDownOutsideCode() {
        let body = "# One\n```\n# not a heading\n```\n###### Six\n#hashtag"
        #expect(MarkdownText.pushHeadings(body, by: 2) == "### One\n```\n# not a heading\n```\n###### Six\n#hashtag")
    }

    @Test func headingsArePushedWhereverTheyStand() {
        let body = "Intro\n   ## Indented\n    # code\n~~~\n# in tildes\n~~~\n##\ntext ## not\n## Last"
        #expect(MarkdownText.pushHeadings(body, by: 3)
            == "Intro\n   ##### Indented\n    # code\n~~~\n# in tildes\n~~~\n#####\ntext ## not\n##### Last")
        #expect(MarkdownText.pushHeadings("No headings here.\n\n- a\n", by: 3) == "No headings here.\n\n- a\n")
        #expect(MarkdownText.pushHeadings("", by: 3) == "")
    }
}

@Suite struct ViewModelConversionTests {
    /// The hand-written conversions must give templates the same names as the Encodable ones.
    @Test func handWrittenConversionMatchesTheEncoder() throws {
        let card = InfoCard(kind: .tags, title: "TAGS", value: "None", isEmpty: false, icon: "<svg/>",
                            links: [LinkItem(label: "a", href: "b")])
        let chrome = PageChrome(lang: "en-US", dir: "ltr", title: "t", siteTitle: "s", description: "d", homeHref: "h",
                                stylesheetHref: "c", faviconHref: "f", feedHref: nil, canonical: "u",
                                nav: [NavItem(label: "n", href: "x", current: true)], navLabel: "l",
                                breadcrumbs: NonEmptyList.of([Crumb(label: "c", href: nil)]), breadcrumbLabel: "b",
                                prevHref: nil, nextHref: "n", generated: "g",
                                search: SearchForm(action: "a", label: "l", placeholder: "p", submitLabel: "s", scriptHref: "j"))
        let page = EntryPage(chrome: chrome, title: "T", dateText: "D", dateMachine: "M",
                             cards: NonEmptyList.of([card]), photos: NonEmptyList.of([EntryPage.Photo(src: "s", alt: "a", width: 4, height: nil)]),
                             bodyHTML: "<p>", newer: nil, older: LinkItem(label: "o", href: "h"),
                             newerLabel: "n", olderLabel: "o")
        #expect(page.mustacheValue == (try MustacheEncoder().encode(page)))
        let list = EntryListPage(
            chrome: chrome, heading: "h", subheading: nil, cards: nil,
            todayTodos: TodoPage.Section(title: "t", id: "i", items: NonEmptyList.of([TodoPage.Item(
                detail: "d", isDone: true, isOverdue: false, dueText: nil, dueMachine: "m", status: "s", tags: ["x"])]),
                emptyText: "e", href: nil, linkText: "l"),
            days: [EntryListPage.DayGroup(heading: "h", dateMachine: nil, entries: [EntryListPage.EntryItem(
                title: "t", href: "h", dateText: "d", dateMachine: "m", tags: nil, mood: "m", textLang: "ko")])],
            pager: Pager(label: "l", newer: nil, older: LinkItem(label: "o", href: "h"),
                         pages: [Pager.PageNumber(number: "1", href: "h", current: true, isGap: false)], ariaLabel: "a"),
            emptyText: nil)
        #expect(list.mustacheValue == (try MustacheEncoder().encode(list)))
    }
}

extension ViewModelConversionTests {
    /// Every page of a small diary converts by hand to exactly what the Encodable path gives.
    @Test func everyPageConvertsLikeTheEncoder() throws {
        var first = try ReportTests.entry("Walk & talk", "2021-11-13T09:30:00+09:00", tags: ["walk", "산책"],
                                          body: "# Hi\n\nSome *text*.", mood: "Calm")
        first.photos = ["photos/a.jpg"]
        first.weather = "Sunny"
        let entries = [first,
                       try ReportTests.entry("Rain", "2021-11-14", tags: ["walk"], body: "Wet."),
                       try ReportTests.entry("October", "2021-10-02T23:00:00+09:00", body: "- a\n- b")]
        let todos = [try ReportTests.todo(1, "Buy milk", due: "2021-12-15"),
                     try ReportTests.todo(2, "Call <Mina>", done: true, doneAt: "2021-11-20T10:00:00Z"),
                     try ReportTests.todo(3, "Later", due: "2021-12-01")]
        let reports = try ReportTests.presenter(entries, todos: todos)
        let presenter = reports.presenter
        let encoder = MustacheEncoder()
        func same<T: MustacheConvertible & Encodable>(_ model: T, _ line: Int = #line) throws {
            #expect(model.mustacheValue == (try encoder.encode(model)), "line \(line)")
        }
        try same(presenter.entryPage(0, bodyHTML: "<h1>Hi</h1>"))
        try same(presenter.homePage(1))
        try same(presenter.monthPage(0, page: 1))
        try same(presenter.tagPage(0, page: 1))
        try same(presenter.notFoundPage())
        try same(presenter.monthArchive())
        try same(presenter.tagArchive())
        try same(presenter.todoPage())
        try same(presenter.todoMarkdown())
        try same(presenter.feed(summaries: presenter.feedEntries.map { "summary \($0)" }))
        try same(presenter.sitemap())
        try same(presenter.searchPage())
        try same(reports.index())
        try same(reports.markdown(0, body: { "body \($0)" }))
        try same(reports.page(0, bodyHTML: { "<p>\($0)</p>" }))
        #expect(presenter.monthArchive().heatMap != nil)
        #expect(presenter.todoPage().sections.first?.items != nil)
    }
}

@Suite struct CardKindOrdinalTests {
    @Test func ordinalIsThePositionInAllCases() {
        #expect(CardKind.allCases.map(\.ordinal) == Array(CardKind.allCases.indices))
    }
}
