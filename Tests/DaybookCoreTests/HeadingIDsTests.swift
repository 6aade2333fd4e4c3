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
        try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let page = try #require(site.read("out/entries/a/index.html"))
        #expect(page.contains(##"<p><a href="#the-end">Down</a></p>"##))
        #expect(page.contains(#"<h2 id="the-end">The end</h2>"#))
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(report.contains(##"<a href="#h-a-the-end">Down</a>"##))
        #expect(report.contains(#"<h4 id="h-a-the-end">The end</h4>"#))
    }
}
