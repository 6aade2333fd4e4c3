import Foundation
import Testing
@testable import DaybookCore

@Suite struct SlugTests {
    /// Found by an i18n audit: text written decomposed (as macOS often keeps it) gave `e-te-a-paris`,
    /// `İstanbul` gave `i-stanbul` and a virama became a dash (`हिन-दी`).
    @Test(arguments: [
        ("E\u{301}te\u{301} a\u{300} Paris", "été-à-paris"),
        ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1161}\u{11BC}", "한강"),
        ("İstanbul", "istanbul"),
        ("हिन्दी दिवस", "हिन्दी-दिवस"),
    ])
    func decomposedTextAndMarksMakeTheSlugOfTheComposedText(text: String, slug: String) {
        #expect(Slug.make(text) == slug)
    }

    @Test(arguments: [
        ("First Walk!", "first-walk"),
        ("  Café  Leaf ", "café-leaf"),
        ("비 오는 날", "비-오는-날"),
        ("../../etc/passwd", "etc-passwd"),
        ("a/b\\c", "a-b-c"),
        ("!!!", ""),
        ("Road-Trip 2021", "road-trip-2021"),
        ("𝐌𝐲 𝐁𝐨𝐥𝐝 𝐓𝐢𝐭𝐥𝐞", "my-bold-title"),
        ("Ｆｕｌｌ ｗｉｄｔｈ", "full-width"),
    ])
    func slugs(text: String, slug: String) {
        #expect(Slug.make(text) == slug)
    }

    @Test(arguments: ["Road-Trip 2021", "  --A--b--  ", "x" + String(repeating: " ab", count: 40), String(repeating: "Q", count: 100), "", "!!!"])
    func asciiSlugsEqualTheGeneralOnes(text: String) {
        for limit in [1, 2, 5, 79, 80] {
            #expect(Slug.makeASCII(text, maxLength: limit) == Slug.makeUnicode(text, maxLength: limit))
        }
    }

    /// 80 characters of a 4-byte script were 320 bytes: too long for a folder's name. A slug
    /// stops at 200 bytes (before a character, never inside one); an explicit id up to that is kept whole.
    @Test func slugsStayUnderTheFileNameLimit() throws {
        let long = String(repeating: "𠮷", count: 70)
        #expect(Slug.make(long) == String(repeating: "𠮷", count: 50))
        #expect(Slug.make(String(repeating: "가", count: 70)) == String(repeating: "가", count: 66))
        #expect(Slug.make(String(repeating: "ab ", count: 100)).utf8.count == 80)
        let id = String(repeating: "a-long-id-", count: 15) + "end"
        #expect(Slug.id(id) == id)
        #expect(Slug.id(String(repeating: "x", count: 300)).utf8.count == 200)

        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log"}"#,
            "diary.json": #"[{"title": "\#(long)", "date": "2021-01-05"}, {"id": "\#(id)", "title": "Kept", "date": "2021-01-06"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        #expect(site.read("out/entries/2021-01-05-" + String(repeating: "𠮷", count: 50) + "/index.html") != nil)
        #expect(site.read("out/entries/" + id + "/index.html") != nil)
    }

    /// The fast check before NFKC: true only where compatibility forms are.
    @Test func onlyCompatibilityFormsAreNormalized() {
        #expect(Slug.needsCompatibilityMapping("𝐌𝐲") && Slug.needsCompatibilityMapping("Ｆ") && Slug.needsCompatibilityMapping("ﬁne"))
        #expect(!Slug.needsCompatibilityMapping("비 오는 날") && !Slug.needsCompatibilityMapping("ÉTÉ Café") && !Slug.needsCompatibilityMapping("東京タワー"))
        #expect(!Slug.needsCompatibilityMapping("plain ASCII"))
    }

    @Test(arguments: [
        ("Walk", "walk"),
        ("🌧️", "1f327-fe0f"),
        ("!!!", "21-21-21"),
        ("❤ love", "love"),
        (" \t ", ""),
    ])
    func tagSlugs(name: String, slug: String) {
        #expect(Slug.tag(name) == slug)
    }

    @Test func aTagWithoutLettersStillHasItsPage() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "Rain", "date": "2026-01-01", "tags": ["🌧️", "walk"]}]"#,
        ])
        let now = ISODate(day: CalendarDay(year: 2026, month: 1, day: 2), secondOfDay: 0, utcOffset: 0)
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/_site", now: now)).build()
        let entry = try #require(site.read("_site/entries/2026-01-01-rain/index.html"))
        #expect(entry.contains(#"href="../../tags/1f327-fe0f/index.html">🌧️</a>"#))
        #expect(try #require(site.read("_site/tags/1f327-fe0f/index.html")).contains(">Rain</a>"))
    }

    /// Names one slug would join: those that differ in more than case, spaces, `-` and `_`
    /// get pages of their own, named by the characters the slug leaves out.
    @Test func tagsThatDifferInSymbolsHavePagesOfTheirOwn() {
        let slugs = TagSlugs(names: ["C++", "C#", "C", "c", "Road Trip", "road-trip", "road_trip", "Walk", "🌧️", " "]).slugs
        #expect(slugs == ["C++": "c-2b2b", "C#": "c-23", "C": "c", "c": "c", "Road Trip": "road-trip", "road-trip": "road-trip",
                          "road_trip": "road-trip", "Walk": "walk", "🌧️": "1f327-fe0f"])
        // Alone, a name keeps its plain slug.
        #expect(TagSlugs(names: ["C++"]).slugs == ["C++": "c"])
        // Two names of symbols with no plain one: each named by its own.
        #expect(TagSlugs(names: ["C#", "C++"]).slugs == ["C++": "c-2b2b", "C#": "c-23"])
        // Full-width and half-width forms are the name they stand for (a Japanese diarist's audit:
        // `Ｃ＋＋` had a page `c-ff0bff0b` beside `c-2b2b`).
        #expect(TagSlugs(names: ["C#", "C++", "Ｃ＋＋", "ｶﾌｪ", "カフェ"]).slugs
            == ["C++": "c-2b2b", "Ｃ＋＋": "c-2b2b", "C#": "c-23", "ｶﾌｪ": Slug.tag("カフェ"), "カフェ": Slug.tag("カフェ")])
    }

    @Test func cPlusPlusAndCSharpHaveTwoTagPages() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "Templates", "date": "2026-01-01", "tags": ["C++"]}, {"title": "LINQ", "date": "2026-01-02", "tags": ["C#"]}]"#,
        ])
        let now = ISODate(day: CalendarDay(year: 2026, month: 1, day: 3), secondOfDay: 0, utcOffset: 0)
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/_site", now: now)).build()
        let plus = try #require(site.read("_site/tags/c-2b2b/index.html"))
        let sharp = try #require(site.read("_site/tags/c-23/index.html"))
        #expect(plus.contains(">Templates</a>") && !plus.contains(">LINQ</a>"))
        #expect(sharp.contains(">LINQ</a>") && !sharp.contains(">Templates</a>"))
        #expect(!site.exists("_site/tags/c/index.html"))
        #expect(try #require(site.read("_site/entries/2026-01-01-templates/index.html"))
            .contains(#"href="../../tags/c-2b2b/index.html">C++</a>"#))
    }

    @Test func urlPathEncodesNonASCII() {
        #expect(Slug.urlPath("tags/산책/") == "tags/%EC%82%B0%EC%B1%85/")
        #expect(Slug.urlPath("a b?c#d") == "a%20b%3Fc%23d")
    }

    @Test func relativeLinks() {
        let fromEntry = Links(from: "entries/x/", prettyURLs: false)
        #expect(fromEntry.page("") == "../../index.html")
        #expect(fromEntry.page("months/2021-11/") == "../../months/2021-11/index.html")
        #expect(fromEntry.file("assets/style.css") == "../../assets/style.css")
        #expect(Links(from: "months/", prettyURLs: false).page("months/2021-11/") == "2021-11/index.html")
        #expect(Links(from: "entries/a/", prettyURLs: false).page("entries/b/") == "../b/index.html")
        let pretty = Links(from: "", prettyURLs: true)
        #expect(pretty.page("") == "./")
        #expect(pretty.page("tags/") == "tags/")
    }

    @Test func linksToEncodedTargetsShareEncodedPrefixes() {
        let fromTagPage = Links(from: "tags/산책/page/2/", prettyURLs: false)
        #expect(fromTagPage.page(url: "tags/%EC%82%B0%EC%B1%85/") == "../../index.html")
        #expect(fromTagPage.page("tags/산책/") == "../../index.html")
        #expect(fromTagPage.page(url: "tags/walk/") == "../../../walk/index.html")
        #expect(fromTagPage.page("tags/비/") == "../../../%EB%B9%84/index.html")
        #expect(Links(from: "", prettyURLs: true).page(url: "") == "./")
    }

    @Test func appendedPageLinksAreThePageLinks() {
        let cases: [(from: String, pretty: Bool, target: String, link: String)] = [
            ("search/", false, "entries/2021-11-13-walk/", "../entries/2021-11-13-walk/index.html"),
            ("search/", true, "tags/%EC%82%B0%EC%B1%85/", "../tags/%EC%82%B0%EC%B1%85/"),
            ("tags/walk/page/2/", false, "tags/walk/", "../../index.html"),
            ("", true, "", "./"),
        ]
        for c in cases {
            let links = Links(from: c.from, prettyURLs: c.pretty)
            var out = Array("x".utf8)
            links.appendPage(url: c.target, to: &out)
            #expect(out == Array(("x" + c.link).utf8), "\(c.from) → \(c.target)")
            #expect(links.page(url: c.target) == c.link)
        }
    }
}

@Suite struct ChromeLinksTests {
    /// The presenter makes the chrome's links once per first part and depth of a folder: any folder
    /// of that kind must get the same links as the one that stands for it.
    @Test(arguments: [false, true])
    func chromeLinksDependOnlyOnTheFoldersFirstPartAndDepth(pretty: Bool) {
        var config = SiteConfig(title: "T")
        config.prettyURLs = pretty
        config.baseURL = "https://example.org/"
        for folder in ["entries/a/", "months/", "months/2021-11/page/2/", "tags/산책/", "tags/x y/page/3/",
                       "todos/", "reports/2021-11/", "page/7/"] {
            let key = ChromeLinks.Key(folder)
            let standIn = key.first + "/" + String(repeating: "x/", count: key.depth - 1)
            let a = ChromeLinks(folder: folder, config: config), b = ChromeLinks(folder: standIn, config: config)
            #expect([a.home, a.months, a.tags, a.todos, a.reports, a.stylesheet, a.favicon, a.feed ?? "-"]
                == [b.home, b.months, b.tags, b.todos, b.reports, b.stylesheet, b.favicon, b.feed ?? "-"], "\(folder)")
        }
        #expect(ChromeLinks.Key("tags/산책/page/2/") == ChromeLinks.Key(first: "tags", depth: 4))
        #expect(ChromeLinks.Key("") == ChromeLinks.Key(first: "", depth: 0))
        #expect(ChromeLinks(folder: "months/2021-11/", config: config).months == (pretty ? "../" : "../index.html"))
    }
}

/// A path's folder, as NSString's deletingLastPathComponent gives it.
@Suite struct ParentFolderTests {
    @Test func asFoundationGivesIt() {
        let cases = ["a/b/c": "a/b", "a/b/": "a", "/a": "/", "a": "", "x": "", "": "", "/": "/", "a//b": "a",
                     "./x": ".", "../x.md": "..", "/tmp/out/2021-11.html": "/tmp/out", "한강/산책.md": "한강"]
        for (path, parent) in cases { #expect(ParentFolder.of(path) == parent, "\(path)") }
    }
}
