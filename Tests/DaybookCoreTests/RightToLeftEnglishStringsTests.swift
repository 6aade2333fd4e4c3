import Testing
@testable import DaybookCore

/// A Hebrew or Persian site shows the theme's English strings (the theme has none of its
/// language): found by an RTL audit of a built Hebrew site, where the site's own words and
/// numbers inside those strings read the wrong way round.
@Suite struct RightToLeftEnglishStringsTests {
    func build(locale: String) throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "locale": "\#(locale)", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13"}, {"title": "B", "date": "2021-11-14"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        return site
    }

    /// "Generated 15 בנוב׳ 2021" in an English run read "Generated 15 2021 בנוב׳".
    @Test func theFootersDateIsARunOfItsOwn() throws {
        let home = try #require(try build(locale: "he").read("out/index.html"))
        #expect(home.contains("<bdi lang=\"en\">Generated \u{2068}15 בנוב׳ 2021\u{2069}</bdi>"))
        let arabic = try #require(try build(locale: "ar").read("out/index.html"))
        #expect(!arabic.contains("\u{2068}"))
        let english = try #require(try build(locale: "en_US").read("out/index.html"))
        #expect(english.contains("<bdi>Generated Nov 15, 2021</bdi>"))
    }
}
