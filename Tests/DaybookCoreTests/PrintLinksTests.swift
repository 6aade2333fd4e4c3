import Foundation
import Testing
@testable import DaybookCore

/// Found by a printing audit: a printed report lost its links' addresses ("see the museum's
/// page" with nothing to type in). A link whose words are not its address is marked for
/// print.css; a bare address is not written twice.
@Suite struct PrintLinksTests {
    @Test func linksToOtherSitesAreMarkedUnlessTheyShowTheirAddress() {
        let html = MarkdownRenderer().html("""
            See [the museum](https://example.org/museum?a=1&b=2 "Hours"), <https://example.org>, www.example.com,
            [mail me](mailto:anna@example.org), anna@example.org, [*home*](../../index.html) and [a **bold** one](http://x.test/).
            """)
        let marked = PrintLinks.marked(html)
        #expect(marked.contains(#"<a href="https://example.org/museum?a=1&amp;b=2" title="Hours" data-print-url="https://example.org/museum?a=1&amp;b=2">the museum</a>"#))
        #expect(marked.contains(#"<a href="https://example.org">https://example.org</a>"#))
        #expect(marked.contains(#"<a href="http://www.example.com">www.example.com</a>"#))
        #expect(marked.contains(#"<a href="mailto:anna@example.org" data-print-url="anna@example.org">mail me</a>"#))
        #expect(marked.contains(#"<a href="mailto:anna@example.org">anna@example.org</a>"#))
        #expect(marked.contains(#"<a href="../../index.html"><em>home</em></a>"#))
        #expect(marked.contains(#"<a href="http://x.test/" data-print-url="http://x.test/">a <strong>bold</strong> one</a>"#))
        #expect(marked.components(separatedBy: "data-print-url").count == 4)
        #expect(PrintLinks.marked("<p>No links.</p>") == "<p>No links.</p>")
    }

    /// Found by a printing audit: without a baseURL, a PDF's link to another entry led into the
    /// folder it was printed in, removed once printed. It leads to the site built in `_site`.
    @Test func linksToPagesLeadToTheBuiltSiteWithoutABaseURL() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US"}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-12"}, {"id": "b", "title": "B", "date": "2021-11-13", "body": "See [A](../a/index.html)."}]"#,
        ])
        func report() throws -> String {
            let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: SiteBuildTests.now))
            return String(decoding: try builder.html(month: try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11))), placedIn: site.root).bytes, as: UTF8.self)
        }
        #expect(try report().contains(#"See <a href="../a/index.html">A</a>."#))
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/_site", now: SiteBuildTests.now)).build()
        let built = URL(fileURLWithPath: site.root + "/_site", isDirectory: true).standardizedFileURL.absoluteString
        #expect(try report().contains(#"See <a href="\#(built)entries/a/index.html">A</a>."#))
    }

    @Test func theStandaloneReportMarksThemAndPrintCSSShowsThem() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US"}"#,
            "diary.json": #"[{"id": "a", "title": "Museum", "date": "2021-11-13", "body": "See [the museum](https://example.org/museum)."}]"#,
        ])
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: SiteBuildTests.now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let html = String(decoding: try builder.html(month: index, placedIn: site.root).bytes, as: UTF8.self)
        #expect(html.contains(#"<a href="https://example.org/museum" data-print-url="https://example.org/museum">the museum</a>"#))
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        #expect(print.contains(#"a[data-print-url]::after { content: " (" attr(data-print-url) ")";"#))
        // The site's own report pages are as they were.
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        #expect(try #require(site.read("out/reports/2021-11/index.html")).contains(#"<a href="https://example.org/museum">the museum</a>"#))
    }
}
