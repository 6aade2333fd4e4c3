import Foundation
import Testing
@testable import DaybookCore

/// `feed.xml` says each entry's direction: its summary is HTML, a `<p dir>` with the direction
/// of the summary's first letter (the site's when it has none), as the entry's page takes its
/// body's by `dir="auto"`; an entry whose page names its language names it in `xml:lang`.
@Suite struct FeedDirectionTests {
    static let now = ISODate(day: CalendarDay(year: 2026, month: 1, day: 2), secondOfDay: 0, utcOffset: 0)

    /// The `<entry>` elements of a site's feed, built with `locale` from `diary`.
    static func entries(locale: String, _ diary: String) throws -> [String] {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "baseURL": "https://example.org/", "locale": "\#(locale)", "timeZone": "UTC"}"#,
            "diary.json": diary,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        let feed = try #require(site.read("out/feed.xml"))
        return feed.components(separatedBy: "<entry").dropFirst().map { "<entry" + $0.components(separatedBy: "</entry>")[0] + "</entry>" }
    }

    @Test func anArabicEntryInAnEnglishSiteIsRightToLeft() throws {
        let entries = try Self.entries(locale: "en_US", #"""
        [{"title": "نزهة", "date": "2021-11-13", "body": "مشينا في الحديقة.\n\nThen home."},
         {"title": "Walk", "date": "2021-11-12", "body": "A walk <b>home</b> & back."}]
        """#)
        #expect(entries == [
            """
            <entry>
            <title>نزهة</title>
            <link href="https://example.org/entries/2021-11-13-%D9%86%D8%B2%D9%87%D8%A9/"/>
            <id>https://example.org/entries/2021-11-13-%D9%86%D8%B2%D9%87%D8%A9/</id>
            <updated>2021-11-13T00:00:00Z</updated>
            <summary type="html">&lt;p dir="rtl"&gt;مشينا في الحديقة. Then home.&lt;/p&gt;</summary>
            </entry>
            """,
            """
            <entry>
            <title>Walk</title>
            <link href="https://example.org/entries/2021-11-12-walk/"/>
            <id>https://example.org/entries/2021-11-12-walk/</id>
            <updated>2021-11-12T00:00:00Z</updated>
            <summary type="html">&lt;p dir="ltr"&gt;A walk home &amp;amp; back.&lt;/p&gt;</summary>
            </entry>
            """,
        ])
    }

    @Test func anEnglishEntryInAnArabicSiteIsLeftToRight() throws {
        let entries = try Self.entries(locale: "ar", #"""
        [{"title": "Walk", "date": "2021-11-13", "body": "We walked **home** at 5 < 6.\n\nثم نمنا."},
         {"title": "٣", "date": "2021-11-12", "body": "123 — 456"},
         {"title": "散歩", "date": "2021-11-11", "body": "公園を散歩しました。"}]
        """#)
        #expect(entries.map { $0.split(separator: "\n").filter { $0.hasPrefix("<entry") || $0.hasPrefix("<summary") } } == [
            ["<entry>", #"<summary type="html">&lt;p dir="ltr"&gt;We walked home at 5 &amp;lt; 6. ثم نمنا.&lt;/p&gt;</summary>"#],
            // No letter: the site's direction.
            ["<entry>", #"<summary type="html">&lt;p dir="rtl"&gt;123 — 456&lt;/p&gt;</summary>"#],
            // Japanese, as its page says it.
            [#"<entry xml:lang="ja">"#, #"<summary type="html">&lt;p dir="ltr"&gt;公園を散歩しました。&lt;/p&gt;</summary>"#],
        ])
    }

    /// A mixed entry is one paragraph in the feed, in its first letter's direction, as its page's
    /// body is (there its other blocks get `dir="auto"`).
    @Test func aMixedEntryTakesItsFirstLettersDirection() throws {
        for locale in ["en_US", "ar"] {
            let entries = try Self.entries(locale: locale, #"""
            [{"title": "Mixed", "date": "2021-11-13", "body": "- 12 Hello there.\n- مرحبا بكم!"},
             {"title": "مختلط", "date": "2021-11-12", "body": "> «مرحبا» — hello\n\nHello."}]
            """#)
            #expect(entries.map { $0.split(separator: "\n").filter { $0.hasPrefix("<summary") } } == [
                [#"<summary type="html">&lt;p dir="ltr"&gt;12 Hello there. مرحبا بكم!&lt;/p&gt;</summary>"#],
                [#"<summary type="html">&lt;p dir="rtl"&gt;«مرحبا» — hello Hello.&lt;/p&gt;</summary>"#],
            ], "\(locale)")
        }
    }

    @Test func directionIsTheFirstLetters() {
        #expect(FeedDocument.direction(of: "12, «مرحبا» hello", otherwise: "ltr") == "rtl")
        #expect(FeedDocument.direction(of: "\u{200F}hello", otherwise: "ltr") == "rtl")
        #expect(FeedDocument.direction(of: "(1) Émile مرحبا", otherwise: "rtl") == "ltr")
        #expect(FeedDocument.direction(of: "", otherwise: "rtl") == "rtl")
        #expect(FeedDocument.escapedHTML("a <b> & c") == "a &lt;b&gt; &amp; c")
    }
}
