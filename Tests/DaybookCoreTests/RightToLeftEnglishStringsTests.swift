import Testing
@testable import DaybookCore

/// An Urdu site shows the theme's English strings (the theme has none of its language; Hebrew
/// and Persian had none either then): found by an RTL audit of a built Hebrew site, where the
/// site's own words and numbers inside those strings read the wrong way round.
@Suite struct RightToLeftEnglishStringsTests {
    func build(locale: String) throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "locale": "\#(locale)", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "tags": ["walk"]}, {"title": "B", "date": "2021-11-14"}]"#,
            "todos.json": #"[{"id": 1, "detail": "Milk", "isDone": false, "isToday": false, "due": "2021-11-20"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        return site
    }

    /// "Generated 15 בנוב׳ 2021" in an English run read "Generated 15 2021 בנוב׳" (Hebrew then).
    @Test func theFootersDateIsARunOfItsOwn() throws {
        let home = try #require(try build(locale: "ur").read("out/index.html"))
        #expect(home.contains("<bdi lang=\"en\">Generated \u{2068}15 نوم، 2021\u{2069}</bdi>"))
        let arabic = try #require(try build(locale: "ar").read("out/index.html"))
        #expect(!arabic.contains("\u{2068}"))
        let english = try #require(try build(locale: "en_US").read("out/index.html"))
        #expect(english.contains("<bdi>Generated Nov 15, 2021</bdi>"))
    }

    /// On a Hebrew page (Hebrew had no strings then) "2 entries" read "entries 2", "Nothing here." put its full stop in
    /// front and "Tagged “walk”" its closing quote; each such element now says it runs left to
    /// right, and the site's words inside one are runs of their own.
    @Test func englishSentencesAndCountsRunLeftToRight() throws {
        let site = try build(locale: "ur")
        let months = try #require(site.read("out/months/index.html"))
        #expect(months.contains(#"<h1 lang="en" dir="ltr">Months</h1>"#))
        #expect(months.contains(#"<span class="count" lang="en" dir="ltr">2 entries</span>"#))
        let reports = try #require(site.read("out/reports/index.html"))
        #expect(reports.contains(#"<span class="count" lang="en" dir="ltr">2 entries</span>"#))
        let tag = try #require(site.read("out/tags/walk/index.html"))
        #expect(tag.contains("<h1 lang=\"en\" dir=\"ltr\">Tagged “\u{2068}walk\u{2069}”</h1>"))
        let todos = try #require(site.read("out/todos/index.html"))
        #expect(todos.contains(#"<p class="empty" lang="en" dir="ltr">Nothing here.</p>"#))
        #expect(todos.contains("lang=\"en\">Due \u{2068}20 نوم، 2021\u{2069}</time>"))
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(report.contains("<p class=\"subheading\"><bdi>Log</bdi> · \u{2068}2 entries\u{2069}</p>"))
        let search = try #require(site.read("out/search/index.html"))
        #expect(search.contains(#"<p class="search-hint" hidden lang="en" dir="ltr">"#))
        #expect(search.contains(#"role="status" aria-live="polite" lang="en" dir="ltr">"#))
    }

    /// Found by an RTL audit: the heat map's tooltips on a Hebrew site put English words around a
    /// Hebrew date ("13 בנוב׳ 2021: 1 entry"). The theme now has Hebrew and Persian strings: the
    /// tooltips, counts and headings are in the site's language, and nothing is marked English.
    @Test(arguments: [
        ("he", "<title>13 בנוב׳ 2021: רשומה אחת</title>", #"<span class="count">שתי רשומות</span>"#),
        ("fa", "<title>۱۳ نوامبر ۲۰۲۱: ۱ یادداشت</title>", #"<span class="count">۲ یادداشت</span>"#),
    ])
    func hebrewAndPersianSitesAreInTheirLanguage(locale: String, tooltip: String, count: String) throws {
        let months = try #require(try build(locale: locale).read("out/months/index.html"))
        #expect(months.contains(tooltip))
        #expect(months.contains(count))
        #expect(!months.contains(#"lang="en""#) && !months.contains("\u{2068}"))
    }

    /// Arabic has the theme's own strings, and English is the page's own direction: neither changes.
    @Test func pagesOfTheThemesOwnStringsAreUnchanged() throws {
        for locale in ["ar", "en_US"] {
            let site = try build(locale: locale)
            for page in ["out/months/index.html", "out/tags/walk/index.html", "out/todos/index.html", "out/reports/2021-11/index.html"] {
                let html = try #require(site.read(page))
                #expect(!html.contains(#"lang="en" dir="ltr""#) && !html.contains("\u{2068}"), "\(locale) \(page)")
            }
        }
        let english = try #require(try build(locale: "en_US").read("out/months/index.html"))
        #expect(english.contains(#"<span class="count">2 entries</span>"#))
    }
}
