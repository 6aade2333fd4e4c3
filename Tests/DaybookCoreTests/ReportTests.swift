import Foundation
import Testing
@testable import DaybookCore

/// The monthly report: its numbers, its calendar, its locale rules, the built pages and the
/// Markdown round trip through cmark-gfm.
@Suite struct ReportTests {
    static let origin = SourceOrigin(file: "diary.json", line: 1, column: 1)

    static func entry(_ title: String, _ date: String, tags: [String] = [], body: String = "", mood: String? = nil) throws -> Entry {
        var entry = Entry(title: title, date: try ISODate.parse(date).get(), origin: SourceOrigin(file: "diary.json", line: 1, column: title.count))
        entry.tags = tags
        entry.body = body
        entry.mood = mood
        return entry
    }

    static func todo(_ id: Int, _ detail: String, done: Bool = false, doneAt: String? = nil, due: String? = nil) throws -> Todo {
        var todo = Todo(id: id, detail: detail)
        todo.isDone = done
        todo.doneAt = try doneAt.map { try ISODate.parse($0).get() }
        todo.due = try due.map { try ISODate.parse($0).get().day }
        return todo
    }

    static func presenter(_ entries: [Entry], todos: [Todo] = [], locale: String = "en_US", zone: String = "Asia/Seoul",
                          now: String = "2021-12-15T00:00:00Z") throws -> ReportPresenter {
        var config = SiteConfig(title: "T")
        config.locale = locale
        config.timeZone = zone
        let formats = DateFormats(locale: locale, timeZone: zone)
        let diary = try Diary(source: SiteSource(config: config, entries: entries, todos: todos), formats: formats,
                              now: formats.moment(try ISODate.parse(now).get()), includeDrafts: false)
        let strings = try UIStrings(theme: Theme.builtIn, locale: locale)
        return ReportPresenter(presenter: PagePresenter(diary: diary, strings: strings, formats: formats, theme: Theme.builtIn))
    }

    static func page(_ reports: ReportPresenter, _ month: String) throws -> ReportPage {
        let key = try #require(MonthKey(month))
        let index = try #require(reports.monthIndex(of: key))
        let markdown = MarkdownRenderer()
        return reports.page(index, bodyHTML: {
            PageRenderer.reportBody(fromEntryHTML: markdown.html(reports.presenter.diary.entries[$0].entry.body,
                                                                 headingTop: PagePresenter.entryHeadingTop),
                                    of: reports.presenter.diary.entries[$0])
        })
    }

    static func card(_ page: ReportPage, _ kind: CardKind) -> String? {
        page.cards?.items.first { $0.kind == kind.rawValue }?.value
    }

    // MARK: Numbers

    @Test func longestStreakCountsConsecutiveDays() throws {
        func days(_ numbers: [Int]) -> [CalendarDay] { numbers.map { CalendarDay(year: 2021, month: 11, day: $0) } }
        #expect(Diary.longestStreak([]) == 0)
        #expect(Diary.longestStreak(days([7])) == 1)
        #expect(Diary.longestStreak(days([1, 2, 3, 5, 6])) == 3)
        #expect(Diary.longestStreak(days([9, 3, 8, 3, 7, 1])) == 3)
        // Across a month's end.
        #expect(Diary.longestStreak([CalendarDay(year: 2021, month: 10, day: 31)] + days([1, 2])) == 3)

        let reports = try Self.presenter([
            try Self.entry("A", "2021-11-03"), try Self.entry("B", "2021-11-04T23:30:00+09:00"),
            try Self.entry("C", "2021-11-05"), try Self.entry("D", "2021-11-05T07:00:00+09:00"),
            try Self.entry("E", "2021-11-20"), try Self.entry("F", "2021-11-21"),
        ])
        #expect(Self.card(try Self.page(reports, "2021-11"), .longestStreak) == "3 days")
    }

    @Test func monthsAreBoundedInTheSiteZone() throws {
        let entries = [
            try Self.entry("Late in Seoul", "2021-11-30T16:00:00Z"),
            try Self.entry("Still November", "2021-11-30T14:59:59Z"),
        ]
        let seoul = try Self.presenter(entries)
        let december = try Self.page(seoul, "2021-12")
        let november = try Self.page(seoul, "2021-11")
        #expect(december.days.flatMap(\.entries).map(\.title) == ["Late in Seoul"])
        #expect(december.days.map(\.heading) == ["Wednesday, Dec 1, 2021"])
        #expect(november.days.flatMap(\.entries).map(\.title) == ["Still November"])
        #expect(Self.card(november, .entries) == "1")

        let utc = try Self.presenter(entries, zone: "UTC")
        #expect(utc.monthIndex(of: MonthKey(year: 2021, month: 12)) == nil)
        #expect(try Self.page(utc, "2021-11").days.flatMap(\.entries).count == 2)
    }

    @Test func todosDoneInTheMonthGoByDoneAt() throws {
        let reports = try Self.presenter(
            [try Self.entry("N", "2021-11-02"), try Self.entry("D", "2021-12-02")],
            todos: [
                try Self.todo(1, "November", done: true, doneAt: "2021-11-10T10:00:00+09:00"),
                try Self.todo(2, "December in Seoul", done: true, doneAt: "2021-11-30T16:00:00Z"),
                try Self.todo(3, "Undone again", done: false, doneAt: "2021-11-12T10:00:00Z"),
                try Self.todo(4, "Done, no date", done: true),
                try Self.todo(5, "Open"),
                try Self.todo(6, "Late", due: "2021-11-02"),
                try Self.todo(7, "Due in November", due: "2021-11-29"),
                try Self.todo(8, "Due in December", due: "2021-12-01"),
                try Self.todo(9, "Due later in December", due: "2021-12-20"),
            ])
        #expect(reports.todosDone(in: MonthKey(year: 2021, month: 11)).map(\.id) == [1])
        #expect(reports.todosDone(in: MonthKey(year: 2021, month: 12)).map(\.id) == [2])
        let november = try Self.page(reports, "2021-11")
        #expect(Self.card(november, .todosDone) == "1")
        #expect(Self.card(november, .todosOpen) == "2")
        // Only the lists that hold todos are shown: November has none still open.
        #expect(november.todoSections.map(\.id) == ["done", "overdue"])
        #expect(november.todoSections.map { $0.items?.items.map(\.detail) ?? [] }
                == [["November"], ["Late", "Due in November"]])
        #expect(try Self.page(reports, "2021-12").todoSections.map { $0.items?.items.map(\.detail) ?? [] }
                == [["December in Seoul"], ["Due later in December"], ["Due in December"]])
        #expect(Self.card(try Self.page(reports, "2021-12"), .todosDone) == "1")
    }

    /// Each card counts what the lists below it show: "TODOS OPEN" is the month's open and
    /// overdue lists together, "TODOS DONE" its done list (issue 16: "TODOS OPEN 3" above
    /// "Still open: Nothing here").
    @Test func monthCardsCountTheMonthsLists() throws {
        let reports = try Self.presenter(
            [try Self.entry("N", "2021-11-02"), try Self.entry("D", "2021-12-02")],
            todos: [
                try Self.todo(1, "Done", done: true, doneAt: "2021-11-10T10:00:00+09:00"),
                try Self.todo(2, "No due day"),
                try Self.todo(3, "Late", due: "2021-11-02"),
                try Self.todo(4, "Due in December", due: "2021-12-20"),
                try Self.todo(5, "Also December", due: "2021-12-21"),
            ])
        for month in ["2021-11", "2021-12"] {
            let page = try Self.page(reports, month)
            // Only the lists that hold todos are shown.
            func listed(_ id: String) -> Int { page.todoSections.first { $0.id == id }?.items?.items.count ?? 0 }
            #expect(page.todoSections.allSatisfy { ($0.items?.items.count ?? 0) > 0 }, "\(month)")
            #expect(Self.card(page, .todosDone) == String(listed("done")), "\(month)")
            #expect(Self.card(page, .todosOpen) == String(listed("open") + listed("overdue")), "\(month)")
        }
        #expect(Self.card(try Self.page(reports, "2021-11"), .todosOpen) == "1")
        #expect(Self.card(try Self.page(reports, "2021-12"), .todosOpen) == "2")
    }

    @Test func topTagsAreTheMonthsMostUsed() throws {
        let reports = try Self.presenter([
            try Self.entry("A", "2021-11-01", tags: ["walk", "vet"]),
            try Self.entry("B", "2021-11-02", tags: ["Walk", "park"]),
            try Self.entry("C", "2021-11-03", tags: ["park", "food"]),
            try Self.entry("D", "2021-12-03", tags: ["food", "food"]),
        ])
        let page = try Self.page(reports, "2021-11")
        let card = try #require(page.cards?.items.last)
        #expect(card.kind == "topTags")
        #expect(card.title == "Top tags")
        #expect(card.value == "park\u{00A0}(2), Walk\u{00A0}(2), food\u{00A0}(1)")  // the count kept beside its tag
        #expect(card.links?.items.map(\.href) == ["../../tags/park/index.html", "../../tags/walk/index.html", "../../tags/food/index.html"])
    }

    // MARK: Calendar and locale

    @Test func firstWeekdayComesFromTheLocale() throws {
        #expect(ReportPresenter.firstWeekday(locale: "en_US") == 1)
        #expect(ReportPresenter.firstWeekday(locale: "en_GB") == 2)
        #expect(ReportPresenter.firstWeekday(locale: "ko_KR") == 1)
        #expect(ReportPresenter.firstWeekday(locale: "de_DE") == 2)
        let entries = [try Self.entry("A", "2021-11-13")]
        #expect(try Self.page(try Self.presenter(entries, locale: "en_US"), "2021-11").calendar.weekdays.map(\.name)
                == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(try Self.page(try Self.presenter(entries, locale: "en_GB"), "2021-11").calendar.weekdays.map(\.name)
                == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(try Self.page(try Self.presenter(entries, locale: "ko_KR"), "2021-11").calendar.weekdays.map(\.name)
                == ["일", "월", "화", "수", "목", "금", "토"])
    }

    @Test func calendarGridOfAKnownMonth() throws {
        let november = MonthKey(year: 2021, month: 11)   // 1 November 2021 was a Monday.
        let counts = [CalendarDay(year: 2021, month: 11, day: 13): 2, CalendarDay(year: 2021, month: 11, day: 2): 1,
                      CalendarDay(year: 2021, month: 12, day: 1): 9]
        let sunday = MonthCalendar(month: november, firstWeekday: 1, counts: counts)
        #expect(sunday.columns == [0, 1, 2, 3, 4, 5, 6])
        #expect(sunday.weeks.count == 5)
        #expect(sunday.weeks[0].map { $0?.date.day } == [nil, 1, 2, 3, 4, 5, 6])
        #expect(sunday.weeks[4].map { $0?.date.day } == [28, 29, 30, nil, nil, nil, nil])
        #expect(sunday.weeks.joined().compactMap { $0 }.count == 30)
        #expect(sunday.weeks[1][6]?.date.day == 13)
        #expect(sunday.weeks[1][6]?.level == 4)
        #expect(sunday.weeks[0][2]?.level == 2)
        #expect(sunday.weeks[0][3]?.level == 0)

        let monday = MonthCalendar(month: november, firstWeekday: 2, counts: counts)
        #expect(monday.columns == [1, 2, 3, 4, 5, 6, 0])
        #expect(monday.weeks.count == 5)
        #expect(monday.weeks[0].map { $0?.date.day } == [1, 2, 3, 4, 5, 6, 7])
        #expect(monday.weeks[4].map { $0?.date.day } == [29, 30, nil, nil, nil, nil, nil])

        // February 2015 starts on a Sunday and fills exactly four weeks; May 2021 needs six.
        #expect(MonthCalendar(month: MonthKey(year: 2015, month: 2), firstWeekday: 1, counts: [:]).weeks.count == 4)
        #expect(MonthCalendar(month: MonthKey(year: 2021, month: 5), firstWeekday: 1, counts: [:]).weeks.count == 6)

        let page = try Self.page(try Self.presenter([try Self.entry("A", "2021-11-13"), try Self.entry("B", "2021-11-13T10:00:00Z")]), "2021-11")
        #expect(page.calendar.cells.count == 30)
        #expect(page.calendar.width == 7 * 44 - 4)
        #expect(page.calendar.height == 20 + 5 * 44 - 4)
        let thirteenth = try #require(page.calendar.cells.first { $0.number == "13" })
        #expect(thirteenth.x == 6 * 44 && thirteenth.y == 20 + 44)
        #expect(thirteenth.level == 4)
        #expect(thirteenth.label == "Nov 13, 2021: 2 entries")
    }

    /// Arabic calendars run right to left: the locale's first weekday (Saturday) in the right column.
    @Test func aRightToLeftCalendarIsMirrored() throws {
        let page = try Self.page(try Self.presenter([try Self.entry("A", "2021-11-13")], locale: "ar"), "2021-11")
        let columns = page.calendar.weekdays.sorted { $0.x > $1.x }.map(\.name)
        #expect(columns.first == page.calendar.weekdays.first?.name)
        #expect(page.calendar.weekdays.map(\.x) == (0..<7).map { (6 - $0) * 44 + 20 })
        // 13 November 2021, a Saturday: the first column, so at the right edge.
        let thirteenth = try #require(page.calendar.cells.first { $0.level > 0 })
        #expect(thirteenth.x == 6 * 44)
        #expect(ReportPresenter.firstWeekday(locale: "ar") == 7)
    }

    @Test func paperSizeFollowsTheRegion() {
        for locale in ["en_US", "en_CA", "fr_CA", "es_MX", "fil_PH", "en-US"] {
            #expect(ReportPresenter.paperSize(locale: locale) == "letter", "\(locale)")
        }
        for locale in ["en_GB", "ko_KR", "de_DE", "ja_JP", "en_AU", "en"] {
            #expect(ReportPresenter.paperSize(locale: locale) == "A4", "\(locale)")
        }
    }

    @Test func daysReadOldestFirstWithTheirBodiesPushedDown() throws {
        let reports = try Self.presenter([
            try Self.entry("Later", "2021-11-13T18:00:00+09:00", body: "# Top\n\n## Sub"),
            try Self.entry("Earlier", "2021-11-13T08:00:00+09:00"),
            try Self.entry("First", "2021-11-02"),
        ])
        let page = try Self.page(reports, "2021-11")
        #expect(page.days.map(\.heading) == ["Tuesday, Nov 2, 2021", "Saturday, Nov 13, 2021"])
        #expect(page.days.map(\.id) == ["d-2021-11-02", "d-2021-11-13"])
        #expect(page.days[1].entries.map(\.title) == ["Earlier", "Later"])
        #expect(page.days[1].entries[1].bodyHTML == #"<h4 id="h-2021-11-13-later--top">Top</h4>\#n<h5 id="h-2021-11-13-later--sub">Sub</h5>\#n"#)
        #expect(page.heading == "November 2021")
        #expect(page.chrome.title == "November 2021 report · T")
    }

    // MARK: Built pages

    static let siteDiary = """
    [
      {"id": "first-walk", "title": "First walk", "date": "2021-11-13T09:30:00+09:00",
       "body": "We walked.\\n\\n## Check-up\\n\\nAll *good*.", "tags": ["walk"], "mood": "Happy", "photos": ["photos/a.jpg"]},
      {"title": "Vet", "date": "2021-11-02", "body": "Fine.", "tags": ["vet"]},
      {"title": "Snow", "date": "2021-12-31T23:59:59Z", "body": "First snow."},
      {"title": "Spring", "date": "2021-10-05", "body": "Old."}
    ]
    """

    static func site(locale: String) throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Bori", "locale": "\#(locale)", "timeZone": "Asia/Seoul"}"#,
            "diary.json": siteDiary,
            "todos.json": #"[{"id": 1, "detail": "Walk", "isDone": true, "doneAt": "2021-11-13T01:00:00Z"}]"#,
        ])
        try site.write("photos/a.jpg", TestPhotos.data("landscape.jpg"))
        return site
    }

    static let now = ISODate(day: CalendarDay(year: 2022, month: 1, day: 15), secondOfDay: 3600, utcOffset: 0)

    /// Found by a printing audit: in the PDF, a link to a file of the site (a voice note) led into
    /// the temporary folder the page was printed from, gone once printed.
    @Test func thePrintFoldersPageLinksTheSitesFilesWhereTheyAre() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Bori", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "Voice", "date": "2025-03-03", "photos": ["photos/a.jpg"], "body": "Listen: [voice note](photos/note.m4a)"}]"#,
            "photos/note.m4a": "ID3",
        ])
        try site.write("photos/a.jpg", TestPhotos.data("landscape.jpg"))
        let april = ISODate(day: CalendarDay(year: 2025, month: 4, day: 1), secondOfDay: 0, utcOffset: 0)
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/unused", now: april))
        let work = site.root + "/work"
        let page = try builder.writePrintFolder(month: try #require(builder.monthIndex(of: MonthKey(year: 2025, month: 3))), into: work).page
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let siteURL = URL(fileURLWithPath: site.root, isDirectory: true).standardizedFileURL.absoluteString
        #expect(html.contains(#"<a href=""# + siteURL + #"photos/note.m4a">voice note</a>"#))
        // Found by the same audit: a WebP in a PDF is kept as raw pixels (two phone photos, 4.4 MB);
        // the page prints JPEGs of the same size.
        // The one file printed, without a srcset: `sizes` made the photo's own width its slot's
        // (found by a report audit: a photo of 64 pixels printed 89 mm wide).
        #expect(html.contains(#"<img src="photos/a-64.jpg" width="64" height="48" alt="Voice""#))
        #expect(site.exists("work/photos/a-64.jpg"))
        #expect(!site.exists("work/photos/a-64.webp"))
        let jpeg = try #require(FileManager.default.contents(atPath: site.root + "/work/photos/a-64.jpg"))
        #expect(jpeg.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
    }

    @Test func buildWritesEveryMonthsReportAndTheIndex() throws {
        let site = try Self.site(locale: "en_US")
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        for path in ["reports/index.html", "reports/2021-10/index.html", "reports/2021-11/index.html",
                     "reports/2022-01/index.html", "reports/2021-11.md", "assets/print.css"] {
            #expect(site.exists("out/" + path), "missing \(path)")
        }
        #expect(!site.exists("out/reports/2021-12/index.html"))
        let page = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(page.contains(#"<link rel="stylesheet" href="../../assets/print.css">"#))
        #expect(page.contains("<style>@page{size:letter}</style>"))
        #expect(page.contains("<h1>November 2021</h1>"))
        // The site's title is isolated: on a right-to-left page it keeps its own order.
        #expect(page.contains(#"<p class="subheading"><bdi>Bori</bdi> · 2 entries</p>"#))
        #expect(page.contains(#"<time datetime="2021-11-13">Saturday, Nov 13, 2021</time>"#))
        // The body's "## Check-up" is its highest heading: below the entry's <h3>.
        #expect(page.contains(#"<h4 id="h-first-walk--check-up">Check-up</h4>"#))
        #expect(page.contains(#"<img src="../../photos/a-64.webp" srcset="../../photos/a-64.webp 64w" sizes="(max-width: 46rem) calc(100vw - 4.5rem), 41.5rem" width="64" height="48" alt="First walk" decoding="sync">"#))
        #expect(page.contains(#"<a href="../../entries/first-walk/index.html">First walk</a>"#))
        #expect(page.contains(#"<li><a href="../index.html" aria-current="page">Reports</a></li>"#))
        // Previous and next skip December, which has no entries in Seoul.
        #expect(page.contains(#"<a class="report-older" rel="prev" href="../2021-10/index.html"><span>Previous month</span><span class="arrow" aria-hidden="true">←</span> October 2021</a>"#))
        #expect(page.contains(#"<a class="report-newer" rel="next" href="../2022-01/index.html"><span>Next month</span>January 2022 <span class="arrow" aria-hidden="true">→</span></a>"#))
        #expect(page.contains(#"<text class="weekday" x="20" y="14">Sun</text>"#))
        let vet = try #require(page.range(of: ">Vet<"))
        let walk = try #require(page.range(of: ">First walk<"))
        #expect(vet.lowerBound < walk.lowerBound)

        let index = try #require(site.read("out/reports/index.html"))
        #expect(index.contains(#"<a href="2021-11/index.html">November 2021</a>"#))
        #expect(index.contains(#"href="2021-11.md""#))
        #expect(index.contains(#"<link rel="stylesheet" href="../assets/print.css">"#))
        #expect(try #require(site.read("out/index.html")).contains(#"<a href="reports/index.html">Reports</a>"#))
    }

    @Test func koreanReportPrintsOnA4() throws {
        let site = try Self.site(locale: "ko_KR")
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        let page = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(page.contains("<style>@page{size:A4}</style>"))
        #expect(page.contains("<h1>2021년 11월</h1>"))
        #expect(page.contains("2021년 11월 13일 토요일"))
        #expect(page.contains(#"<text class="weekday" x="20" y="14">일</text>"#))
    }

    @Test func anEgyptianArabicReportNumbersItsPagesInArabicIndicDigits() throws {
        let site = try Self.site(locale: "ar_EG")
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        let page = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(page.contains(#"<style>@page{size:A4}@page{@bottom-center{content:counter(page, arabic-indic) " / " counter(pages, arabic-indic)}}</style>"#))
    }

    @Test func pageNumberRulesFollowTheDigitZero() {
        #expect(ReportPresenter.pageNumberRule(zero: "0") == nil)
        #expect(ReportPresenter.pageNumberRule(zero: "\u{06F0}") == #"@page{@bottom-center{content:counter(page, persian) " / " counter(pages, persian)}}"#)
        #expect(ReportPresenter.pageNumberRule(zero: "\u{0966}")?.contains("counter(page, devanagari)") == true)
    }

    @Test func standaloneReportNeedsNothingBesideIt() throws {
        let site = try Self.site(locale: "en_GB")
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: Self.now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let html = String(decoding: try builder.html(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self)
        #expect(html.contains(#"<link rel="stylesheet" href="data:text/css;base64,"#))
        #expect(html.contains("<style>@page{size:A4}</style>"))
        #expect(html.contains(#"<img src="data:image/webp;base64,UklGR"#))
        #expect(!html.contains("../../"))
        #expect(!html.contains("report-months"))
        #expect(html.contains(#"<text class="weekday" x="20" y="14">Mon</text>"#))
        let markdown = String(decoding: try builder.markdown(month: index, placedIn: site.root).bytes, as: UTF8.self)
        #expect(markdown.contains("![First walk](photos/a.jpg)"))
        #expect(ReportBuilder.relativePath(from: "/a/b", to: "/a/b") == "")
        #expect(ReportBuilder.relativePath(from: "/a/b/c", to: "/a/x y") == "../../x%20y/")
    }

    /// A standalone report held each photo's bytes twice (its `src` and a `srcset` naming the
    /// same `data:` URL), and a photo shown in two entries four times. Each image is now in the
    /// file once: alone, as its `<img>`; shown in several places, once for all of them.
    @Test func aStandaloneReportHoldsEachImageOnce() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "diary.json": #"""
            [{"id": "a", "title": "A", "date": "2021-11-01", "photos": ["photos/a.jpg"], "body": "Again: ![The same](photos/a.jpg \"Title\")"},
             {"id": "b", "title": "B", "date": "2021-11-02", "photos": ["photos/a.jpg", "photos/b.jpg"]}]
            """#,
        ])
        try site.write("photos/a.jpg", TestPhotos.data("landscape.jpg"))
        try site.write("photos/b.jpg", TestPhotos.data("p3.jpg"))
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: Self.now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let html = String(decoding: try builder.html(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self)
        func count(_ text: String) -> Int { html.components(separatedBy: text).count - 1 }
        #expect(count("data:image/webp;base64,") == 2)
        #expect(count(#"<svg class="embedded-photos" aria-hidden="true" width="0" height="0"><defs><image id="photo-1" href="data:image/webp;base64,"#) == 1)
        #expect(count(##"<use href="#photo-1"/>"##) == 3)
        #expect(html.contains(##"<figure><svg class="embedded-photo" role="img" aria-label="A" viewBox="0 0 64 48" width="64" height="48"><use href="#photo-1"/></svg></figure>"##))
        #expect(html.contains(##"<figure><svg class="embedded-photo" role="img" aria-label="B (1/2)" viewBox="0 0 64 48" width="64" height="48"><use href="#photo-1"/></svg></figure>"##))
        #expect(html.contains(##"<p>Again: <svg class="embedded-photo" role="img" aria-label="The same" viewBox="0 0 64 48" width="64" height="48"><title>Title</title><use href="#photo-1"/></svg></p>"##))
        // Shown once, a photo is an <img> of its own, without a srcset.
        #expect(html.contains(#"<figure><img src="data:image/webp;base64,"#))
        #expect(!html.contains("srcset"))
    }

    /// A Korean month whose first entry was long and had a photo printed page 1 half blank:
    /// the entry's heading, cards and photo were held together (each `break-after: avoid` up to
    /// the unbreakable photo) and went whole to page 2. Only headings now hold on to what
    /// follows, and an entry's one photo floats beside its text, which starts under the heading.
    /// scripts/e2e-report prints such a month (the Korean fixture's October) and measures page 1.
    @Test func onPaperHeadingsKeepTheirTextAndAnEntrysTextFlows() throws {
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        let lines = print.split(separator: "\n")
        #expect(lines.filter { $0.contains("break-after") } == [
            "  h1, h2, h3, h4, h5, h6, .report-day-heading, .report-entry header, .report-entry .cards { break-after: avoid; page-break-after: avoid; }",
        ])
        #expect(lines.filter { $0.contains("break-inside") }.count == 1)
        #expect(print.contains("""
              .card, .cards, .report-day-heading, .report-entry header, .photos img, .report-calendar,
              .todo, .body tr, .body img, .embedded-photo { break-inside: avoid; page-break-inside: avoid; }
            """))
        #expect(print.contains("""
              .report-entry { display: flow-root; border: 0; border-radius: 0; padding: 0; margin: 0 0 5mm; }
            """))
        #expect(print.contains("""
              .report-entry .photos:has(> figure:only-child) {
                display: block; float: right; float: inline-end; width: fit-content; min-width: 35%; max-width: 48%;
                margin-block: 1mm 3mm; margin-inline: 5mm 0;
              }
            """))
        // The markup the float needs: each photo a <figure> with its caption, in .photos, before the text.
        let template = try #require(Theme.builtIn.text("report.mustache"))
        #expect(template.contains("{{>cards}}\n<div class=\"entry-content\"{{#textDir}} dir=\"{{textDir}}\"{{/textDir}}>\n{{#photos}}\n<div class=\"photos\">\n{{#items}}\n<figure>"))
        #expect(template.contains("{{#caption}}<figcaption>{{caption}}</figcaption>{{/caption}}</figure>\n{{/items}}\n</div>\n{{/photos}}\n<div class=\"body\""))
    }

    /// Found by a printing check: a code block or a quote was held whole (`break-inside: avoid`), so
    /// a long one (40 lines of code) that did not fit below its entry's first paragraph went to the
    /// next page, leaving up to 96 % of a page blank (on Letter, a page with the paragraph's last two
    /// lines), and one that opened an entry's text took the entry's heading and cards with it. Each
    /// breaks now where a page keeps four of its lines; a shorter one still prints whole.
    /// scripts/e2e-report prints such an entry and checks that no page but the last is left half blank.
    @Test func onPaperALongCodeBlockOrQuoteFlowsOn() throws {
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        let lines = print.split(separator: "\n")
        #expect(lines.filter { $0.contains("widows") } == [
            "  .body pre, .body blockquote { orphans: 4; widows: 4; }",
            "  .photos figcaption { break-before: avoid; page-break-before: avoid; orphans: 4; widows: 4; }",
        ])
        let whole = try #require(lines.first { $0.contains("break-inside: avoid") })
        #expect(!whole.contains("pre") && !whole.contains("blockquote"))
    }

    /// Found by a printing check: a photo in an entry's text, which cannot be cut, was up to 110 mm
    /// tall, so one that did not fit below the text before it went to the next page and left up to
    /// 44 % of an A4 page blank (42 % of a Letter one). It is at most 85 mm tall now, as an entry's
    /// photos are: 33 % and 35 %.
    @Test func onPaperAPhotoInTheTextIsNoTallerThanAnEntrysPhotos() throws {
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        #expect(print.split(separator: "\n").filter { $0.contains("max-height") } == [
            "  .photos img, .photos .embedded-photo { max-width: 100%; max-height: 85mm; object-fit: contain; border-radius: 2mm; }",
            "  .body img, .body .embedded-photo { max-width: 100%; max-height: 85mm; object-fit: contain; }",
        ])
    }

    /// Found by a printing check: a portrait photo floated beside its text is 85 mm tall and so
    /// narrower than its 48 % float, which left a blank strip between the photo and the page's
    /// edge (on the right in English, on the left in Arabic) that the text could not use. The float
    /// is now as wide as the photo, its caption wraps to that width (35 % of the column at least),
    /// and a photo narrower than that is centred in it.
    @Test func onPaperAnEntrysOnePhotoFloatsAsWideAsItIs() throws {
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        let lines = print.split(separator: "\n").filter { $0.contains("figure:only-child") }
        #expect(lines == [
            "  .report-entry .photos:has(> figure:only-child) {",
            "  .report-entry .photos:has(> figure:only-child) figcaption { contain: inline-size; }",
            "  .report-entry .photos:has(> figure:only-child) :is(img, .embedded-photo) { margin-inline: auto; }",
        ])
        #expect(print.contains("float: inline-end; width: fit-content; min-width: 35%; max-width: 48%;"))
    }

    /// Found by a printing check: an Arabic entry on an English site printed its one photo on the
    /// right, where its lines start. The photo floats to the end of the line of the block it is in
    /// (`float: inline-end`), and that block was the entry's `<article>`, in the page's direction:
    /// the body's `dir="auto"` was on the text beside it only. The photos and the body are now in
    /// a block that takes the body's direction where it is not the page's, in the site's report
    /// page and in `daybook report`'s; an English entry on an Arabic site the other way round.
    @Test func anEntrysOnePhotoFloatsToTheEndOfItsOwnLines() throws {
        func report(locale: String) throws -> (site: String, standalone: String) {
            let site = try TempSite(files: [
                "daybook.json": #"{"title": "T", "locale": "\#(locale)", "timeZone": "UTC"}"#,
                "diary.json": #"""
                [{"id": "ar", "title": "نزهة", "date": "2021-11-01", "photos": ["photos/a.jpg"], "body": "**12** مشينا حول البحيرة."},
                 {"id": "en", "title": "Walk", "date": "2021-11-02", "photos": ["photos/a.jpg"], "body": "We walked. مشينا."},
                 {"id": "none", "title": "Digits", "date": "2021-11-03", "photos": ["photos/a.jpg"], "body": "12:30"}]
                """#,
            ])
            try site.write("photos/a.jpg", TestPhotos.data("landscape.jpg"))
            _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
            let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: Self.now))
            let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
            return (try #require(site.read("out/reports/2021-11/index.html")),
                    String(decoding: try builder.html(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self))
        }
        func blocks(_ html: String) -> [String] {
            html.components(separatedBy: "\n").filter { $0.hasPrefix("<div class=\"entry-content\"") }
        }
        let english = try report(locale: "en_US"), arabic = try report(locale: "ar")
        for html in [english.site, english.standalone] {
            #expect(blocks(html) == [#"<div class="entry-content" dir="rtl">"#, #"<div class="entry-content">"#, #"<div class="entry-content">"#])
        }
        for html in [arabic.site, arabic.standalone] {
            #expect(blocks(html) == [#"<div class="entry-content">"#, #"<div class="entry-content" dir="ltr">"#, #"<div class="entry-content">"#])
        }
        // The block holds the photo and the body, so the float's containing block is in the body's direction.
        #expect(english.site.contains("""
            <div class="entry-content" dir="rtl">
            <div class="photos">
            <figure><img src="../../photos/a-64.webp"
            """))
        #expect(english.site.contains("""
            <div class="body" dir="auto">
            <p><strong>12</strong> مشينا حول البحيرة.</p>

            </div>
            </div>
            </article>
            """))
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        #expect(print.contains("float: right; float: inline-end;"))
        #expect(print.contains("margin-inline: 5mm 0;"))
        #expect(!print.contains("float: left"))
    }

    /// The body's direction as its `dir="auto"` takes it: its first letter's, past tags and digits.
    @Test func anEntrysDirectionIsItsBodysFirstLetters() {
        #expect(BlockDirection.of("<p><a href=\"https://example.org\">١٢</a> <strong>مشينا</strong> we</p>") == .rightToLeft)
        #expect(BlockDirection.of("<p>12 we مشينا</p>") == .leftToRight)
        #expect(BlockDirection.of("<p>12 مشينا we</p>") == .rightToLeft)
        #expect(BlockDirection.of("<p><img src=\"a.jpg\" alt=\"we\"> &#1605;&amp;</p>") == .none)
        #expect(BlockDirection.of("<p>12:30 &amp; 😀</p>") == .none)
    }

    /// Found by a printing check: a photo's caption of 3,300 characters was held whole with its
    /// photo (`break-inside: avoid` on the figure), so the figure went to the next page, leaving
    /// its entry's text there without it, and split all the same, being longer than a page. The
    /// photo alone is held whole now; its caption starts on its page, with four lines at least,
    /// and a long one flows on.
    @Test func onPaperALongCaptionFlowsOnFromItsPhoto() throws {
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        let lines = print.split(separator: "\n")
        #expect(lines.filter { $0.contains("figcaption") } == [
            "  .report-entry .photos:has(> figure:only-child) figcaption { contain: inline-size; }",
            "  .photos figcaption { break-before: avoid; page-break-before: avoid; orphans: 4; widows: 4; }",
        ])
        #expect(!print.contains(".photos figure,"))
        #expect(print.contains("""
              .card, .cards, .report-day-heading, .report-entry header, .photos img, .report-calendar,
              .todo, .body tr, .body img, .embedded-photo { break-inside: avoid; page-break-inside: avoid; }
            """))
        // The caption follows its photo in the figure, so the break before it is the one between them.
        let template = try #require(Theme.builtIn.text("report.mustache"))
        #expect(template.contains(#"decoding="sync">{{/symbol}}{{#caption}}<figcaption>{{caption}}</figcaption>{{/caption}}</figure>"#))
    }

    /// Found by a printing audit: on an Arabic site, a standalone report's (and its PDF's) list of
    /// tags took its first tag's direction (`dir="auto"` on `english (1)، حديقة (1)`), so it read
    /// left to right, with the Arabic name's count on its wrong side. Each name is now isolated
    /// and the list reads in the page's direction; the Markdown stays plain.
    @Test func aStandaloneReportsTagListsReadInThePagesDirection() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "ar", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-01", "tags": ["english", "حديقة"]}]"#,
        ])
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: Self.now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let html = String(decoding: try builder.html(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self)
        #expect(html.contains("<div class=\"card-value\">\u{2068}english\u{00A0}(1)\u{2069}، \u{2068}حديقة\u{00A0}(1)\u{2069}</div>"))
        #expect(html.contains("<div class=\"card-value\">\u{2068}english\u{2069}، \u{2068}حديقة\u{2069}</div>"))
        #expect(!html.contains(#"dir="auto">english"#))
        let markdown = String(decoding: try builder.markdown(month: index, placedIn: site.root).bytes, as: UTF8.self)
        #expect(markdown.contains("| english\u{00A0}(1)، حديقة\u{00A0}(1) |"))
        #expect(!markdown.contains("\u{2068}"))
    }

    /// Written outside the site: with a `baseURL`, a body's links to other entries lead to their
    /// published pages; links to files of the site lead to them in the site folder, with or
    /// without an image in the body.
    @Test func standaloneReportsLinkToThePublishedPages() throws {
        func reports(config: String) throws -> (html: String, markdown: String) {
            let site = try TempSite(files: [
                "daybook.json": #"{"title": "T", "timeZone": "UTC"\#(config)}"#,
                "diary.json": #"""
                [{"id": "a", "title": "A", "date": "2021-11-13", "body": "Hear [audio](photos/a.m4a), see [b](../b/index.html#x), [web](https://example.org)."},
                 {"id": "b", "title": "B", "date": "2021-11-14", "body": "Back to [a](../a/)."}]
                """#,
            ])
            try site.write("photos/a.m4a", "not really sound")
            let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: Self.now))
            let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
            return (String(decoding: try builder.html(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self),
                    String(decoding: try builder.markdown(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self))
        }
        func links(_ html: String) -> [String] {
            html.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.filter { !$0.hasPrefix("data:") }
        }
        let published = try reports(config: #", "baseURL": "https://me.example/diary""#)
        #expect(links(published.html) == ["../photos/a.m4a", "https://me.example/diary/entries/b/index.html#x", "https://example.org",
                                          "https://me.example/diary/entries/a/"])
        #expect(published.markdown.contains("Hear [audio](../photos/a.m4a), see [b](https://me.example/diary/entries/b/index.html#x), [web](https://example.org)."))
        #expect(published.markdown.contains("Back to [a](https://me.example/diary/entries/a/)."))
        let unpublished = try reports(config: "")
        #expect(links(unpublished.html) == ["../photos/a.m4a", "../b/index.html#x", "https://example.org", "../a/"])
        #expect(unpublished.markdown.contains("Back to [a](../a/)."))
    }

    /// A site whose own layout and partial link its own files as the README says
    /// (`{{rootHref}}assets/mine.css`, `{{chrome.rootHref}}assets/logo.png`, a file of `static/`).
    static func siteLinkingItsOwnFiles() throws -> TempSite {
        let layout = try #require(Theme.builtIn.text("layout.mustache"))
            .replacingOccurrences(of: "{{$head}}{{/head}}", with: #"<link rel="stylesheet" href="{{rootHref}}assets/mine.css">{{$head}}{{/head}}"#)
            .replacingOccurrences(of: "</footer>", with: "{{> footer}}\n</footer>")
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "Walk", "date": "2021-11-13", "photos": ["photos/a.jpg"], "body": "Out."}]"#,
            "templates/layout.mustache": layout,
            "templates/partials/footer.mustache": #"<p><img src="{{chrome.rootHref}}assets/logo.png" alt="Logo"> <img src="{{chrome.rootHref}}badge.png" alt="Badge"> <img src="{{chrome.rootHref}}assets/nope.png" alt=""> <img src="{{chrome.rootHref}}link.png" alt=""></p>"# + "\n",
            "templates/assets/mine.css": "h1{color:red}body{background:url(bg.png)}",
            "templates/assets/bg.png": "BG",
            "templates/assets/logo.png": "LOGO",
            "static/badge.png": "BADGE",
        ])
        try site.write("photos/a.jpg", TestPhotos.data("landscape.jpg"))
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static/link.png", withDestinationPath: "../templates/assets/logo.png")
        return site
    }

    /// Found by a newcomer audit: a site's own stylesheet and logo, linked by its templates as the
    /// README says, stayed relative links in the report written on its own (`../../assets/mine.css`),
    /// which lead nowhere from its folder, and the PDF, printed from a temporary folder, went without
    /// the stylesheet. They are inside the page now, as the theme's are, and so is a file a held
    /// stylesheet links; a link that cannot be held is left out, with a warning at the template.
    @Test func aStandaloneReportHoldsTheFilesItsTemplatesLink() throws {
        let site = try Self.siteLinkingItsOwnFiles()
        func data(_ type: String, _ text: String) -> String { "data:\(type);base64," + Data(text.utf8).base64EncodedString() }
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: Self.now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let stylesheet = #"<link rel="stylesheet" href=""# + data("text/css;charset=utf-8", #"h1{color:red}body{background:url(""# + data("image/png", "BG") + #"")}"#) + #"">"#
        let footer = #"<p><img src=""# + data("image/png", "LOGO") + #"" alt="Logo"> <img src=""# + data("image/png", "BADGE")
            + #"" alt="Badge"> <img src="" alt=""> <img src="" alt=""></p>"#
        let warnings = [
            SiteError(file: site.root + "/templates/partials/footer.mustache", line: 1, column: 144, reason: #"link to "../../assets/nope.png" left out of the report on its own: the site publishes no file assets/nope.png (in templates/assets/ or static/)"#),
            SiteError(file: site.root + "/templates/partials/footer.mustache", line: 1, column: 198, reason: #"link to "../../link.png" left out of the report on its own: \#(site.root)/static/link.png is a symbolic link, which is not followed (it could lead out of the site folder)"#),
        ]
        let written = try builder.html(month: index, placedIn: site.root + "/out")
        let html = String(decoding: written.bytes, as: UTF8.self)
        #expect(html.contains(stylesheet))
        #expect(html.contains(footer))
        #expect(!html.contains("../"))
        #expect(written.warnings == warnings)
        // The page a PDF is printed from holds them too; its photo stays the copy beside it.
        let printed = try builder.writePrintFolder(month: index, into: site.root + "/work")
        let page = try String(contentsOfFile: printed.page, encoding: .utf8)
        #expect(page.contains(stylesheet))
        #expect(page.contains(footer))
        #expect(page.contains(#"<img src="photos/a-64.jpg" width="64" height="48" alt="Walk""#))
        #expect(printed.warnings == warnings)
    }

    // MARK: Markdown

    @Test func markdownReportRendersCleanlyThroughCmarkGFM() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Bori & <Me>", "timeZone": "Asia/Seoul"}"#,
            "diary.json": """
            [
              {"title": "Vet <visit> & \\"shots\\" | 50% *off* #1 [x] _now_", "date": "2021-11-02",
               "body": "# Check-up\\n\\nAll good.", "tags": ["a|b", "vet", "Vet"], "mood": "Happy_go_lucky <3"},
              {"title": "Walk", "date": "2021-11-03T09:00:00+09:00", "body": "- one\\n- two", "weather": "~sunny~ `hot`"}
            ]
            """,
            "todos.json": """
            [
              {"id": 1, "detail": "Buy <food> & [treats] *now*", "isDone": true, "doneAt": "2021-11-05T10:00:00Z"},
              {"id": 2, "detail": "Vaccine | booster", "due": "2021-11-10"},
              {"id": 3, "detail": "Brush teeth", "due": "2021-11-25"}
            ]
            """,
        ])
        let now = ISODate(day: CalendarDay(year: 2021, month: 11, day: 20), secondOfDay: 0, utcOffset: 0)
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let markdown = String(decoding: try builder.markdown(month: index, placedIn: site.root).bytes, as: UTF8.self)
        #expect(markdown.hasPrefix("# November 2021\n"))
        #expect(markdown.contains("- [x] Buy \\<food\\> \\& \\[treats\\] \\*now\\*"))
        #expect(markdown.contains("| Top tags | a\\|b\u{00A0}(1), vet\u{00A0}(1) |"))

        let html = MarkdownRenderer().html(markdown)
        #expect(html.contains(#"<h1 id="november-2021">November 2021</h1>"#))
        #expect(html.contains(#"<h2 id="tuesday-nov-2-2021">Tuesday, Nov 2, 2021</h2>"#))
        #expect(html.contains(#"<h3 id="vet-visit--shots--50-off-1-x-_now_">Vet &lt;visit&gt; &amp; &quot;shots&quot; | 50% *off* #1 [x] _now_</h3>"#))
        #expect(html.contains(#"<h4 id="check-up">Check-up</h4>"#))
        #expect(html.contains("<table>"))
        #expect(html.contains("<td style=\"text-align: right\">a|b\u{00A0}(1), vet\u{00A0}(1)</td>"))
        #expect(html.contains(#"<td style="text-align: left">Longest streak</td>"#))
        #expect(html.contains(#"<h2 id="done-this-month">Done this month</h2>"#))
        #expect(html.contains(#"<li><input type="checkbox" checked="" disabled="" /> Buy &lt;food&gt; &amp; [treats] *now*</li>"#))
        #expect(html.contains(#"<li><input type="checkbox" disabled="" /> Brush teeth — Due Nov 25, 2021</li>"#))
        #expect(html.contains(#"<input type="checkbox" disabled="" /> Vaccine | booster — Due Nov 10, 2021 <strong>Overdue</strong>"#))
        #expect(html.contains("<em>Nov 2, 2021 · Mood: Happy_go_lucky &lt;3 · Tags: a|b, vet</em>"))
        #expect(html.contains("~sunny~ `hot`"))
        #expect(!html.contains("\\"))
        #expect(!html.contains("<visit"))
        #expect(!html.contains("<food"))
        #expect(!html.contains("<Me"))
        #expect(!html.contains("<del>"))
        #expect(!html.contains("<code>"))
    }
}

@Suite struct ReportBodyTests {
    @Test func headingsInHTMLMoveDownAndStopAtSix() {
        let html = "<h1>A</h1>\n<hr />\n<h2 id=\"x\">B</h2>\n<h5>C</h5>\n<p>&lt;h1&gt; <code>&lt;h2&gt;</code></p>\n<header>"
        #expect(MarkdownRenderer.pushHeadings(inHTML: html, by: 3)
            == "<h4>A</h4>\n<hr />\n<h5 id=\"x\">B</h5>\n<h6>C</h6>\n<p>&lt;h1&gt; <code>&lt;h2&gt;</code></p>\n<header>")
    }

    @Test func htmlWithoutHeadingsIsUnchanged() {
        #expect(MarkdownRenderer.pushHeadings(inHTML: "<p>a &lt; b</p>\n<h", by: 3) == "<p>a &lt; b</p>\n<h")
        #expect(MarkdownRenderer.pushHeadings(inHTML: "", by: 3) == "")
    }

    @Test func setextHeadingsMoveDownToo() {
        let body = "Title\n=====\n\nSub\n---\n"
        let html = MarkdownRenderer().html(body, headingTop: PagePresenter.entryHeadingTop)
        let entry = DiaryEntry(entry: Entry(title: "T", date: ISODate(day: CalendarDay(year: 2021, month: 1, day: 1)),
                                            origin: SourceOrigin(file: "d.json", line: 1, column: 1)),
                               moment: Moment(seconds: 0, localDay: CalendarDay(year: 2021, month: 1, day: 1), hasTime: false),
                               slug: "x", dateText: "", wordCount: 0)
        #expect(PageRenderer.reportBody(fromEntryHTML: html, of: entry) == #"<h4 id="h-x--title">Title</h4>\#n<h5 id="h-x--sub">Sub</h5>\#n"#)
    }
}
