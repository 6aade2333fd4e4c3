import Foundation
import Testing
@testable import DaybookCore

/// Characters JSON may hold (as escapes) but HTML and XML pages cannot: shown as U+FFFD, each
/// string with a located warning, so that `feed.xml` stays well-formed.
@Suite struct ControlCharacterTests {
    static let now = ISODate(day: CalendarDay(year: 2026, month: 1, day: 2), secondOfDay: 0, utcOffset: 0)

    @Test func theParserNotesControlEscapesOnly() throws {
        var controls = false
        _ = try JSONParser.parse(Array(#"["a\tb\nc\r", "\u00e9\u2028"]"#.utf8), controls: &controls)
        #expect(!controls)
        for escape in [#"\u0001"#, #"\b"#, #"\f"#, #"\u001F"#, #"\uFFFE"#, #"\uffff"#, #"\u0000"#] {
            controls = false
            _ = try JSONParser.parse(Array("[\"x\(escape)y\"]".utf8), controls: &controls)
            #expect(controls, "\(escape)")
        }
    }

    @Test func theParallelParseNotesThemToo() throws {
        func document(_ odd: String) -> [UInt8] {
            Array(("[" + (0..<1_100).map { $0 == 700 ? "\"\(odd)\"" : "\"entry \($0) with some text to pass the size\"" }
                .joined(separator: ",") + "]").utf8)
        }
        var controls = false
        _ = try JSONParser.parseInParallel(document("plain"), minimumBytes: 1_000, controls: &controls)
        #expect(!controls)
        _ = try JSONParser.parseInParallel(document(#"bell\u0007"#), minimumBytes: 1_000, controls: &controls)
        #expect(controls)
    }

    /// Found by a hostile-input audit: a right-to-left override left open in a title (`invoice\u{202E}gpj.exe`)
    /// turned the date after it in a list around too. Each control left open is closed at the text's end,
    /// with a warning; balanced ones, and an isolate closed, are as written.
    @Test func bidirectionalControlsLeftOpenAreClosed() throws {
        #expect(BidiControls.closed("plain") == nil)
        #expect(BidiControls.closed("a\u{2067}عربي\u{2069} b") == nil)
        #expect(BidiControls.closed("a\u{202E}b")?.text == "a\u{202E}b\u{202C}")
        #expect(BidiControls.closed("\u{2067}a\u{202B}b")?.text == "\u{2067}a\u{202B}b\u{202C}\u{2069}")
        #expect(BidiControls.closed("\u{2067}a\u{202B}b\u{2069}") == nil)
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "invoice\u202Egpj.exe", "date": "2026-01-01", "tags": ["\u202Dx"], "mood": "fine"}]"#,
        ])
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/_site", now: Self.now)).build()
        #expect(summary.warnings.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") } == [
            #"diary.json:1:12: "title" leaves a bidirectional control open (U+202E), which would turn the text after it on a page around too: closed at its end"#,
            #"diary.json:1:66: "tags" leaves a bidirectional control open (U+202D), which would turn the text after it on a page around too: closed at its end"#,
        ])
        let page = try #require(FileManager.default.contents(atPath: site.root + "/_site/index.html"))
        #expect(String(decoding: page, as: UTF8.self).contains("invoice\u{202E}gpj.exe\u{202C}<"))

        // A todo's words and a page's title too (found by a review).
        let more = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "todos.json": #"[{"id": 1, "detail": "pay \u202Eenot", "due": "2026-01-05"}]"#,
            "pages/about.md": "---\ntitle: \"About \\u202E\"\n---\nText.\n",
        ])
        let second = try SiteBuilder(siteRoot: more.root, options: BuildOptions(output: more.root + "/_site", now: Self.now)).build()
        #expect(second.warnings.map { $0.description.replacingOccurrences(of: more.root + "/", with: "") } == [
            #"pages/about.md:2:8: "title" leaves a bidirectional control open (U+202E), which would turn the text after it on a page around too: closed at its end"#,
            #"todos.json:1:22: "detail" leaves a bidirectional control open (U+202E), which would turn the text after it on a page around too: closed at its end"#,
        ])
    }

    @Test func entriesAndTodosShowThemAsReplacementsWithWarnings() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T\u0001", "baseURL": "https://example.org/", "timeZone": "UTC"}"#,
            "diary.json": """
            [
              {"title": "Bell\\u0007 and \\b back", "date": "2026-01-01",
               "body": "Body\\u0002 text\\u0002 and a\\ttab", "tags": ["x\\u0003y"], "mood": "ok"},
              {"title": "Fine", "date": "2026-01-02", "body": "Nothing odd."}
            ]
            """,
            "todos.json": #"[{"id": 1, "detail": "Todo\f", "isDone": false}]"#,
        ])
        let output = site.root + "/_site"
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: output, now: Self.now)).build()
        let shown = summary.warnings.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(shown == [
            #"daybook.json:1:11: "title" holds a control character (U+0001) that web pages and feeds cannot show; each is shown as �"#,
            #"diary.json:2:13: "title" holds control characters (U+0007, U+0008) that web pages and feeds cannot show; each is shown as �"#,
            #"diary.json:3:12: "body" holds a control character (U+0002) that web pages and feeds cannot show; each is shown as �"#,
            #"diary.json:3:57: "tags" holds a control character (U+0003) that web pages and feeds cannot show; each is shown as �"#,
            #"todos.json:1:22: "detail" holds a control character (U+000C) that web pages and feeds cannot show; each is shown as �"#,
        ])
        var pages = 0
        for path in FileManager.default.subpaths(atPath: output) ?? [] where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let bytes = try #require(FileManager.default.contents(atPath: output + "/" + path))
            #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, "\(path)")
            pages += 1
        }
        #expect(pages > 10)
        let feed = try #require(site.read("_site/feed.xml"))
        #expect(feed.contains("Bell� and � back"))
        #expect(feed.contains("Body� text� and a"))
    }
}
