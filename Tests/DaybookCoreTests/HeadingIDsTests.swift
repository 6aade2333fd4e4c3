import Foundation
import Testing
@testable import DaybookCore

/// Ids on a body's headings, as Hugo and GitHub make them, so links to `#a-heading` lead there.
@Suite struct HeadingIDsTests {
    @Test func idsAreMadeAsHugoMakesThem() {
        #expect(HeadingIDs.id(ofText: "A Walk, at Last!") == "a-walk-at-last")
        #expect(HeadingIDs.id(ofText: "Tea & cake") == "tea--cake")
        #expect(HeadingIDs.id(ofText: "snake_case - ok") == "snake_case---ok")
        #expect(HeadingIDs.id(ofText: "Café 한강 2024") == "café-한강-2024")
        #expect(HeadingIDs.id(ofText: "fn 1") == "h-fn-1")
        #expect(HeadingIDs.id(ofText: "İstanbul Ⅻ") == "istanbul-")
    }

    /// The ids Hugo 0.168.0 gave these headings (a post of them built with `unsafe = true`):
    /// a link's, code's and emphasis's text counts, an entity as its character, inline HTML's
    /// tags not, an image by its alt text.
    @Test func headingsWithMarkupGetTheIdsACurrentHugoGivesThem() {
        let html = MarkdownRenderer(unsafeHTML: true).html("""
            ## See [the docs](https://x.org/a)

            ## Tom &amp; Jerry

            ## A <em>big</em> day

            ## Use `code` here

            ## Fish &amp; chips &copy; 2024

            ## ![alt text](https://x.org/a.png) photo

            ## **Bold** and _it_
            """)
        #expect(HeadingIDs.ids(inHTML: html).map(\.id) == ["see-the-docs", "tom--jerry", "a-big-day", "use-code-here",
                                                           "fish--chips--2024", "alt-text-photo", "bold-and-it"])
    }

    @Test func eachHeadingOfABodyGetsAUniqueID() {
        let html = MarkdownRenderer().html("# Walk\n\n## Walk\n\n## *Main*\n\n## !!!\n\nSee [below](#walk-1).\n\n<h2>raw</h2>\n\n    <h2>code</h2>\n")
        #expect(html == #"""
            <h1 id="walk">Walk</h1>
            <h2 id="walk-1">Walk</h2>
            <h2 id="main-1"><em>Main</em></h2>
            <h2 id="heading">!!!</h2>
            <p>See <a href="#walk-1">below</a>.</p>
            <!-- raw HTML omitted -->
            <pre><code>&lt;h2&gt;code&lt;/h2&gt;
            </code></pre>

            """#)
    }

    @Test func anEntryPageLinksToItsHeadingsAndAReportPrefixesThem() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-13", "body": "[Down](#the-end)\n\n## The end\n\nDone."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let page = try #require(site.read("out/entries/a/index.html"))
        #expect(page.contains(##"<p><a href="#the-end">Down</a></p>"##))
        #expect(page.contains(#"<h2 id="the-end">The end</h2>"#))
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(report.contains(##"<a href="#h-a--the-end">Down</a>"##))
        #expect(report.contains(#"<h4 id="h-a--the-end">The end</h4>"#))
    }

    /// Found by a review: a link to a heading beyond ASCII is percent-encoded, and a report prefixes it too.
    @Test func aReportPrefixesPercentEncodedLinks() throws {
        let html = MarkdownRenderer().html("## 산책 기록\n\n## Café\n\n[k](#산책-기록) [c](#café) [n](#caf%C3%A9x)")
        #expect(html.contains(##"href="#%EC%82%B0%EC%B1%85-%EA%B8%B0%EB%A1%9D""##))
        let prefixed = HeadingIDs.prefixing(html, with: "a")
        #expect(prefixed.contains(##"<a href="#h-a--%EC%82%B0%EC%B1%85-%EA%B8%B0%EB%A1%9D">k</a> <a href="#h-a--caf%C3%A9">c</a> <a href="#caf%C3%A9x">n</a>"##))
        #expect(prefixed.contains(#"<h2 id="h-a--산책-기록">"#) && prefixed.contains(#"<h2 id="h-a--café">"#))
    }

    /// Found by a review: ids that looked prefixed already, and two entries whose slug and id ran together.
    @Test func aReportsIDsAreUniqueAcrossItsEntries() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": ###"[{"id": "a", "title": "A", "date": "2021-11-13", "body": "## b\n\n## h a b\n\n## b c\n\n[to b](#b) [to hab](#h-a-b)"}, {"id": "a-b", "title": "B", "date": "2021-11-14", "body": "## c"}]"###,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        let ids = report.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count, "\(ids)")
        #expect(ids.contains("h-a--b") && ids.contains("h-a--h-a-b") && ids.contains("h-a--b-c") && ids.contains("h-a-b--c"))
        #expect(report.contains(##"<a href="#h-a--b">to b</a> <a href="#h-a--h-a-b">to hab</a>"##))
    }

    /// Found by using a report: GitHub numbers a month's second `## Morning` `#morning-1`, so a link
    /// to `#morning` in the second entry went to the first entry's Morning.
    @Test func theMarkdownReportLeadsEachEntrysHeadingLinksToItsOwnHeadings() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": ###"""
            [{"id": "a", "title": "Lake", "date": "2021-11-13", "body": "## Morning\n\n[Eve](#evening) [Main](#main-1)\n\n## Evening\n\n## Main"},
             {"id": "b", "title": "Hill", "date": "2021-11-14", "body": "## Morning\n\n## 산책\n\n[Eve](#evening) [ref][m] [k](#%EC%82%B0%EC%B1%85) [x](#nowhere) [web](https://e.org/#morning)\n\n## Evening\n\n[m]: <#morning>"}]
            """###,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let report = try #require(site.read("out/reports/2021-11.md"))
        // The first entry's links stay; `#main-1` (its page's id, after the page's own `main`) is `#main` here.
        #expect(report.contains("[Eve](#evening) [Main](#main)\n"))
        #expect(report.contains("[Eve](#evening-1) [ref](#morning-1) [k](#%EC%82%B0%EC%B1%85) [x](#nowhere) [web](https://e.org/#morning)\n"))
        let entry = try #require(site.read("out/entries/b/index.html"))
        #expect(entry.contains(##"<a href="#evening">Eve</a> <a href="#morning">ref</a>"##))
    }

    /// The anchors GitHub gives a file's headings (github-slugger's own examples among them).
    @Test func gitHubAnchorsAreMadeAsGitHubMakesThem() {
        var slugger = GitHubSlugger()
        let texts = ["foo", "foo", "bar", "foo", "foo-1", "Привет non-latin 你好", "😄 emoji", "Café & Crème — 2021!",
                     "नमस्ते दुनिया", "snake_case", "A\u{A0}B", ""]
        #expect(texts.map { slugger.anchor(forHeading: $0) } == ["foo", "foo-1", "bar", "foo-2", "foo-1-1", "привет-non-latin-你好",
                                                               "-emoji", "café--crème--2021", "नमस्ते-दुनिया", "snake_case", "ab", ""])
    }

    @Test func bodiesThatMayLinkToAHeadingAreFound() {
        for body in ["[a](#b)", "[a]( <#b>)", "[a]:\n  #b", "[a](&#35;b)", "[a](&num;b)"] {
            #expect(MarkdownText.mayLinkToHeading(body), "\(body)")
        }
        for body in ["## Heading\n\nA #tag.", "#1", "[a](b#c)", ""] {
            #expect(!MarkdownText.mayLinkToHeading(body), "\(body)")
        }
    }

    @Test func theHeadingsOfRenderedHTMLAreReadBack() {
        let html = MarkdownRenderer().html("## Main\n\n## 🎉\n\n## A *b*\n")
        #expect(HeadingIDs.ids(inHTML: html).map { "\($0.text)=\($0.id)" } == ["Main=main-1", "🎉=heading", "A b=a-b"])
    }

    @Test func manyHeadingsOfOneTextAreNumberedInOrder() {
        let html = MarkdownRenderer().html("# Walk-1\n\n" + String(repeating: "# Walk\n\n", count: 3000))
        let ids = html.components(separatedBy: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids.count == 3001)
        #expect(Array(ids.prefix(4)) == ["walk-1", "walk", "walk-2", "walk-3"])
        #expect(ids.last == "walk-3000")
        #expect(Set(ids).count == 3001)
    }

    /// The sixteen-at-a-time search against the plain one, on texts with tags at every offset.
    @Test func theFastHeadingSearchAgreesWithThePlainOne() {
        func plain(_ text: String) -> Bool {
            let b = Array(text.utf8)
            return b.indices.contains { $0 + 2 < b.count && b[$0] == 60 && b[$0 + 1] == 104 && (49...54).contains(b[$0 + 2]) }
        }
        let pieces = ["<p>", "<h", "<h2", "h2", "<hr />", "<", "h", "7", "1", "é", "<h6>", "x"]
        var state: UInt64 = 12345
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<Int(state % 40) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1
            #expect(HeadingIDs.hasHeading(text) == plain(text), "\(text)")
        }
    }
}
