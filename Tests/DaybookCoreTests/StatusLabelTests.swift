import Foundation
import Mustache
import Testing
@testable import DaybookCore

/// A build that includes drafts (`--drafts`) or entries dated after now (`--future`) labels
/// them "Draft" and "Scheduled" wherever it shows them; feeds and sitemaps leave drafts out.
@Suite struct StatusLabelTests {
    /// Walk (published), Letter (a draft), Plan (a draft dated after now), Trip (dated after now);
    /// now is 2021-11-15 in Seoul.
    static func presenter(locale: String = "en_US", drafts: Bool = true, future: Bool = true) throws -> PagePresenter {
        func entry(_ title: String, _ date: String, draft: Bool = false) throws -> Entry {
            var entry = Entry(title: title, date: try ISODate.parse(date).get(), origin: SourceOrigin(file: "diary.json", line: 1, column: 1))
            entry.draft = draft
            return entry
        }
        var config = SiteConfig(title: "T")
        config.locale = locale
        config.timeZone = "Asia/Seoul"
        let formats = DateFormats(locale: locale, timeZone: "Asia/Seoul")
        let entries = [try entry("Walk", "2021-11-13"), try entry("Letter", "2021-11-14", draft: true),
                       try entry("Plan", "2021-12-01", draft: true), try entry("Trip", "2021-12-02")]
        let diary = try Diary(source: SiteSource(config: config, entries: entries), formats: formats,
                              now: formats.moment(try ISODate.parse("2021-11-15T00:00:00+09:00").get()),
                              includeDrafts: drafts, includeFuture: future)
        return PagePresenter(diary: diary, strings: try UIStrings(theme: Theme.builtIn, locale: locale), formats: formats, theme: Theme.builtIn)
    }

    static func labels(_ items: [EntryListPage.EntryItem]) -> [String] {
        items.map { $0.title + ": " + ($0.statusLabel.map { "\($0.kind) \($0.text)" } ?? "-") }
    }

    @Test func aDraftsItemCarriesTheLabelAndAPublishedOneDoesNot() throws {
        let presenter = try Self.presenter()
        let home = try #require(presenter.homePage(1).days.first)
        #expect(Self.labels(home.entries) == ["Trip: scheduled Scheduled", "Plan: draft Draft", "Letter: draft Draft", "Walk: -"])
        let november = try #require(presenter.diary.months.firstIndex { $0.key == MonthKey(year: 2021, month: 11) })
        #expect(Self.labels(presenter.monthPage(november, page: 1).days.flatMap(\.entries)) == ["Letter: draft Draft", "Walk: -"])
        let letter = try #require(presenter.entryPage(2, bodyHTML: "").statusLabel)
        #expect([letter.kind, letter.text] == ["draft", "Draft"] && letter.lang == nil)
        #expect(presenter.entryPage(3, bodyHTML: "").statusLabel == nil)
    }

    /// The hand-written conversions give templates the label as the Encodable ones do.
    @Test func theLabelConvertsLikeTheEncoder() throws {
        let presenter = try Self.presenter()
        let reports = ReportPresenter(presenter: presenter)
        let encoder = MustacheEncoder()
        #expect(presenter.homePage(1).mustacheValue == (try encoder.encode(presenter.homePage(1))))
        #expect(presenter.entryPage(0, bodyHTML: "").mustacheValue == (try encoder.encode(presenter.entryPage(0, bodyHTML: ""))))
        #expect(presenter.searchPage().mustacheValue == (try encoder.encode(presenter.searchPage())))
        let report = reports.page(0, bodyHTML: { _ in "" })
        #expect(report.days.first?.entries.first?.statusLabel?.text == "Draft")
        #expect(report.mustacheValue == (try encoder.encode(report)))
        let chrome = presenter.homePage(1).chrome
        let page = TextPage(chrome: chrome, title: "Secret", bodyHTML: "", textLang: nil, statusLabel: StatusLabel(.draft, strings: presenter.strings, lang: nil))
        #expect(page.mustacheValue == (try encoder.encode(page)))
    }

    @Test func aBuildWithoutTheFlagsLabelsNothing() throws {
        let presenter = try Self.presenter(drafts: false, future: false)
        #expect(Self.labels(try #require(presenter.homePage(1).days.first).entries) == ["Walk: -"])
        #expect(presenter.searchPage().statusLabels.isEmpty)
    }

    @Test func theLabelIsInTheSitesLanguage() throws {
        let presenter = try Self.presenter(locale: "de_DE")
        let home = try #require(presenter.homePage(1).days.first)
        #expect(home.entries.map { $0.statusLabel?.text } == ["Geplant", "Entwurf", "Entwurf", nil])
        #expect(presenter.searchPage().statusLabels.map { "\($0.kind) \($0.text)" } == ["draft Entwurf", "scheduled Geplant"])
        // A language the theme has no strings for shows English ones, marked as English.
        let swedish = try Self.presenter(locale: "sv_SE")
        let plan = try #require(swedish.homePage(1).days.first?.entries[1].statusLabel)
        #expect([plan.text, plan.lang] == ["Draft", "en"])
    }

    @Test func everyLanguageOfTheThemeTranslatesBothLabels() throws {
        let files = Theme.builtIn.files.keys.filter { $0.hasPrefix("i18n/") && $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 21)
        for file in files where file != "i18n/en.json" {
            let language = String(file.dropFirst("i18n/".count).dropLast(".json".count))
            let strings = try UIStrings(theme: Theme.builtIn, locale: language)
            for key in ["status.draft", "status.scheduled"] {
                #expect(!["Draft", "Scheduled", key].contains(strings[key]), "\(file): \(key) is \(strings[key])")
            }
        }
    }

    @Test func theMarkdownReportSaysItAfterTheDate() throws {
        let presenter = try Self.presenter()
        let december = try #require(presenter.diary.months.firstIndex { $0.key == MonthKey(year: 2021, month: 12) })
        let document = presenter.monthMarkdown(december) { _ in "" }
        #expect(document.days.flatMap(\.entries).map(\.meta) == ["Dec 2, 2021 · Scheduled", "Dec 1, 2021 · Draft"])
    }

    /// A feed reader keeps what it has read, and a sitemap asks search engines in: neither takes
    /// a draft, even from a build that includes drafts. An entry dated after now is in both with `--future`.
    @Test func theFeedAndTheSitemapLeaveDraftsOut() throws {
        let presenter = try Self.presenter()
        #expect(presenter.feedEntries.map { presenter.diary.entries[$0].entry.title } == ["Trip", "Walk"])
        let feed = presenter.feed(summaries: ["", ""])
        #expect(feed.entries.map(\.title) == ["Trip", "Walk"])
        #expect(feed.updated == "2021-12-01T15:00:00Z")
        let entryURLs = presenter.sitemap().urls.filter { $0.hasPrefix("entries/") }
        #expect(entryURLs == ["entries/2021-12-02-trip/", "entries/2021-11-13-walk/"])
    }

    @Test func aSearchDocumentSaysItsKind() throws {
        let presenter = try Self.presenter()
        let diary = presenter.diary
        let index = SearchIndex(diary: diary)
        let november = try #require(index.months.firstIndex { $0.key == "2021-11" })
        var indexer = SearchMonthIndexer(month: november, of: index, prettyURLs: false)
        let month = try #require(diary.months.first(where: { $0.key == MonthKey(year: 2021, month: 11) }))
        for i in month.entries {
            indexer.add(diary.entries[i], year: 2021, bodyHTML: "<p>x</p>\n")
        }
        let shard = String(decoding: try #require(indexer.finish().shards.first), as: UTF8.self)
        #expect(shard.contains(#"["Letter","Nov 14, 2021","../entries/2021-11-14-letter/index.html",[],"x",[],"draft"],"#))
        #expect(shard.contains(#"["Walk","Nov 13, 2021","../entries/2021-11-13-walk/index.html",[],"x",[]]]"#))
    }
}
