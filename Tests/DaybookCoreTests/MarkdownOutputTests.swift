import Foundation
import Testing
@testable import DaybookCore

/// Footnotes, heading levels, raw HTML and plain-text summaries in what a build writes.
@Suite struct MarkdownOutputTests {
    @Test func footnotesRenderWithABackLink() {
        let html = MarkdownRenderer().html("A note[^1].\n\n[^1]: The *note*.\n")
        #expect(html == """
            <p>A note<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>.</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-1">
            <p>The <em>note</em>. <a href="#fnref-1" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩\u{FE0E}</a></p>
            </li>
            </ol>
            </section>

            """)
    }

    @Test func aFootnoteReferencedTwiceHasTwoTextArrows() {
        let html = MarkdownRenderer().html("A[^1] and B[^1].\n\n[^1]: C.\n")
        #expect(html.contains(##"aria-label="Back to content">↩\##u{FE0E}</a> <a href="#fnref-1-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩\##u{FE0E}<sup class="footnote-ref">2</sup></a>"##))
        #expect(!html.contains("\u{21A9}<"))
    }

    @Test func footnoteBackLinksAreLabelledInTheSitesLanguage() throws {
        let korean = MarkdownRenderer(footnoteBackLabel: "본문으로 \"돌아가기\"")
        let markdown = "A[^1].\n\n[^1]: B.\n"
        #expect(korean.html(markdown).contains("aria-label=\"본문으로 &quot;돌아가기&quot;\">↩\u{FE0E}</a>"))
        #expect(korean.html(ofAll: [markdown]) == [korean.html(markdown)])
        #expect(MarkdownRenderer().html(markdown).contains("aria-label=\"Back to content\">↩\u{FE0E}</a>"))
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "ko_KR"}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-13", "body": "A[^1].\n\n[^1]: B."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        #expect(try #require(site.read("out/entries/a/index.html")).contains(#"aria-label="본문으로 돌아가기""#))
        #expect(try #require(site.read("out/reports/2021-11/index.html")).contains(#"aria-label="본문으로 돌아가기""#))
    }

    /// Footnotes are resolved when the document is finished: on many threads at once, each
    /// document keeps its own (the finish lock and the thread's arena).
    @Test func footnotesOnManyThreadsAtOnce() {
        let renderer = MarkdownRenderer()
        let documents = (0..<200).map { "Entry \($0)[^n\($0)] ~~x~~.\n\n[^n\($0)]: Note \($0).\n" }
        let serial = documents.map { renderer.html($0) }
        #expect(serial[7].contains(#"<li id="fn-n7">"#) && serial[7].contains("Note 7."))
        let results = Results(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for i in stride(from: t * 25, to: t * 25 + 25, by: 1) {
                results.set(i, renderer.html(ofAll: [documents[i]], headingTop: 0)[0])
            }
        }
        #expect(results.values == serial)
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String]
        init(count: Int) { storage = Array(repeating: "", count: count) }
        func set(_ i: Int, _ value: String) { lock.withLock { storage[i] = value } }
        var values: [String] { lock.withLock { storage } }
    }

    @Test func headingsMoveDownBlocksDeep() {
        let markdown = "# One\n\nTitle\n===\n\n> ## Quoted\n\n- ###### Six\n  # In a list\n"
        #expect(MarkdownRenderer().html(markdown, headingTop: 2)
            == #"<h2 id="one">One</h2>\#n<h2 id="title">Title</h2>\#n<blockquote>\#n<h3 id="quoted">Quoted</h3>\#n</blockquote>\#n<ul>\#n<li>\#n<h4 id="six">Six</h4>\#n<h2 id="in-a-list">In a list</h2>\#n</li>\#n</ul>\#n"#)
        #expect(MarkdownRenderer().html(ofAll: [markdown], headingTop: 2) == [MarkdownRenderer().html(markdown, headingTop: 2)])
    }

    /// A body that starts at `##` (as Hugo and Jekyll posts do) starts at `<h2>` too, and one at
    /// `###` moves up to it: a page's headings skip no level.
    @Test func theHighestHeadingIsAtTheTop() {
        let markdown = "Intro.\n\n## Morning\n\n### Coffee\n\n## Evening\n"
        #expect(MarkdownRenderer().html(markdown, headingTop: 2)
            == #"<p>Intro.</p>\#n<h2 id="morning">Morning</h2>\#n<h3 id="coffee">Coffee</h3>\#n<h2 id="evening">Evening</h2>\#n"#)
        #expect(MarkdownRenderer().html("### Notes\n\n#### More\n", headingTop: 2) == #"<h2 id="notes">Notes</h2>\#n<h3 id="more">More</h3>\#n"#)
        // The body's own headings set the level, not one in a quote (which goes no higher).
        #expect(MarkdownRenderer().html("## Sec\n\n> # Quoted\n", headingTop: 2) == #"<h2 id="sec">Sec</h2>\#n<blockquote>\#n<h2 id="quoted">Quoted</h2>\#n</blockquote>\#n"#)
        #expect(MarkdownRenderer().html(ofAll: [markdown], headingTop: 2) == [MarkdownRenderer().html(markdown, headingTop: 2)])
        // A body read in pieces is moved as one: its highest heading may be in any piece.
        let long = "### Late\n\n" + String(repeating: "Words and words.\n\n", count: 40) + "## Early\n"
        #expect(MarkdownRenderer().htmlInPieces(long, pieceBytes: 200, headingTop: 2) == MarkdownRenderer().html(long, headingTop: 2))
        #expect(MarkdownRenderer().html(long, headingTop: 2).hasPrefix(#"<h2 id="late">Late</h2>"#))
        // Found by a Markdown audit: a heading before the highest one followed the page's title
        // levels too deep (`#### Deep` before `## Main`: h1, then h4). Each heading is at most one
        // below the one before it, in pieces too.
        #expect(MarkdownRenderer().html("#### Deep\n\n## Noon\n\n#### Detail\n", headingTop: 2)
            == #"<h2 id="deep">Deep</h2>\#n<h2 id="noon">Noon</h2>\#n<h3 id="detail">Detail</h3>\#n"#)
        let skips = "#### Deep\n\n" + String(repeating: "Words and words.\n\n", count: 40) + "## Main\n\n#### Detail\n\n###### Six\n"
        #expect(MarkdownRenderer().htmlInPieces(skips, pieceBytes: 200, headingTop: 2) == MarkdownRenderer().html(skips, headingTop: 2))
        #expect(MarkdownRenderer.closingGaps(inHTML: "<h4 id=\"a\">A</h4><p>x</p><h2>B</h2><h5 class=\"c\">C</h5><hr><header>", top: 2)
            == "<h2 id=\"a\">A</h2><p>x</p><h2>B</h2><h3 class=\"c\">C</h3><hr><header>")
    }

    static func build(_ diary: String, config: String = "") throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "baseURL": "https://example.org/"\#(config)}"#,
            "diary.json": diary,
            "todos.json": #"[{"id": 1, "detail": "<script>alert(1)</script> & <b>bold</b>"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        return site
    }

    /// `reports/2021-11.md` of a site holding ``diary``.
    static func markdownReport(config: String = "") throws -> String {
        try #require(try build(diary, config: config).read("out/reports/2021-11.md"))
    }

    static let diary = #"""
    [{"id": "a", "title": "Deep", "date": "2021-11-13", "body": "### Three\n\n#### Four\n\nText[^1].\n\n<script>alert(1)</script>\n\nSome <b>bold</b>.\n\n[^1]: A note."},
     {"id": "b", "title": "Setext", "date": "2021-11-14", "body": "Big\n===\n\nSmall\n---\n\nMore[^1].\n\n[^1]: Another."}]
    """#

    @Test func anEntryPageHasOneH1() throws {
        let site = try Self.build(Self.diary)
        let page = try #require(site.read("out/entries/b/index.html"))
        #expect(page.components(separatedBy: "<h1").count == 2)
        #expect(page.contains(#"<h1 dir="auto">Setext</h1>"#))
        #expect(page.contains(#"<h2 id="big">Big</h2>\#n<h3 id="small">Small</h3>"#))
        #expect(try #require(site.read("out/entries/a/index.html")).contains(#"<h2 id="three">Three</h2>\#n<h3 id="four">Four</h3>"#))
    }

    /// Found by a localization audit: a report's "label: value" was English typography in every
    /// language (`Humeur: Heureux`, `気分: 晴れ`).
    @Test(arguments: [("fr_FR", "Humeur\u{A0}: Heureux · Étiquettes\u{A0}: a, b"), ("ja_JP", "気分：晴れ · タグ：a、b"),
                      ("en_US", "Mood: Heureux · Tags: a, b")])
    func aReportsLabelsAreWrittenAsTheLanguageDoes(locale: String, meta: String) throws {
        let mood = locale == "ja_JP" ? "晴れ" : "Heureux"
        let report = try #require(try Self.build(#"[{"id": "a", "title": "T", "date": "2021-11-13", "mood": "\#(mood)", "tags": ["a", "b"]}]"#,
                                                 config: #", "locale": "\#(locale)""#).read("out/reports/2021-11.md"))
        #expect(report.contains(meta))
    }

    @Test func theMarkdownReportKeepsHeadingLevelsInOrder() throws {
        let report = try Self.markdownReport()
        #expect(report.contains("### Deep\n"))
        #expect(report.contains("\n#### Three\n"))
        #expect(report.contains("\n##### Four\n"))
        #expect(!report.contains("######"))
        #expect(report.contains("\n#### Big\n"))
        #expect(report.contains("\n##### Small\n"))
        #expect(!report.contains("===") && !report.contains("\n---\n"))
    }

    @Test func rawHTMLIsDroppedFromTheMarkdownOutputs() throws {
        let report = try Self.markdownReport()
        #expect(!report.contains("<script>") && !report.contains("<b>"))
        #expect(report.contains("Some bold."))
        let todos = try #require(try Self.build(Self.diary).read("out/todos.md"))
        #expect(todos.contains(#"- [ ] \<script\>alert(1)\</script\> \& \<b\>bold\</b\>"#))
        #expect(!MarkdownRenderer().html(todos).contains("<script>"))
    }

    @Test func rawHTMLStaysInTheMarkdownReportWithUnsafeHTML() throws {
        let report = try Self.markdownReport(config: #", "unsafeHTML": true"#)
        #expect(report.contains("<script>alert(1)</script>"))
        #expect(report.contains("Some <b>bold</b>."))
    }

    @Test func aReportsFootnotesHaveIDsOfTheirOwn() throws {
        let site = try Self.build(Self.diary)
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(report.contains(##"<a href="#fn-a--1" id="fnref-a--1" data-footnote-ref>1</a>"##))
        #expect(report.contains(#"<li id="fn-b--1">"#))
        #expect(report.contains(##"<a href="#fnref-b--1" class="footnote-backref""##))
        #expect(!report.contains(#"id="fn-1""#))
        let entry = try #require(site.read("out/entries/a/index.html"))
        #expect(entry.contains(#"<li id="fn-1">"#))
    }

    /// Two entries of a month both with `[^1]`: the Markdown report keeps each one's note.
    @Test func theMarkdownReportsFootnotesAreEachEntrysOwn() throws {
        let report = try Self.markdownReport()
        #expect(report.contains("Text[^a--1]."))
        #expect(report.contains("[^a--1]:\n    A note."))
        #expect(report.contains("More[^b--1]."))
        let html = MarkdownRenderer().html(report)
        #expect(html.contains("A note.") && html.contains("Another."))
        #expect(html.contains(#"<li id="fn-a--1">"#) && html.contains(#"<li id="fn-b--1">"#))
    }

    /// Found by a report audit: one body's open fence, reference definitions or footnote labels
    /// reached into the bodies after it in the one Markdown file, and headings in a quote or a
    /// list item, or below a skipped level, were not moved as the HTML moves them.
    @Test func eachBodyOfTheMarkdownReportStaysItsOwn() throws {
        let diary = ###"""
        [{"id": "a", "title": "Fence", "date": "2021-11-02", "body": "Start\n\n```python\nprint('hi')\n# comment"},
         {"id": "b", "title": "After", "date": "2021-11-03", "body": "See [the site][1].\n\n[1]: https://b.example/"},
         {"id": "c", "title": "Again", "date": "2021-11-04", "body": "See [the site][1].\n\n[1]: https://c.example/", "mood": "  spaced  "},
         {"id": "same", "title": "Same", "date": "2021-11-05", "body": "One[^2-1].\n\n[^2-1]: From the first."},
         {"id": "same-2", "title": "Same", "date": "2021-11-05", "body": "Two[^1].\n\n[^1]: From the second."}]
        """###
        let report = try #require(try Self.build(diary).read("out/reports/2021-11.md"))
        let html = MarkdownRenderer().html(report)
        #expect(html.contains(#"<h3 id="after">After</h3>"#))
        #expect(html.contains(#"<a href="https://b.example/">the site</a>"#) && html.contains(#"<a href="https://c.example/">the site</a>"#))
        #expect(html.contains("From the first.") && html.contains("From the second."))
        #expect(report.contains("_Nov 4, 2021 · Mood:   spaced_\n"))
        let renderer = MarkdownRenderer()
        #expect(renderer.markdownBody("Start\n\n```python\nprint('hi')\n# comment", topLevel: 4) == "Start\n\n``` python\nprint('hi')\n# comment\n```\n")
        #expect(renderer.markdownBody("> # Quote top\n\n1. # In list", topLevel: 4) == "> #### Quote top\n\n1.  #### In list\n")
        #expect(renderer.markdownBody("### A\n\n##### B", topLevel: 4) == "#### A\n\n##### B\n")
        // Found by a review: a heading in a list item's indented lines, and a definition in a quote.
        #expect(renderer.markdownBody("Intro\n\n1. Step one\n\n    # Note in item", topLevel: 4) == "Intro\n\n1.  Step one\n    \n    #### Note in item\n")
        #expect(renderer.markdownBody("> A [source][src].\n>\n> [src]: https://one.example/q", topLevel: 4) == "> A [source](https://one.example/q).\n")
        // A definition whose label goes on to the next line is written into its link too.
        #expect(renderer.markdownBody("See [it][a\nb].\n\n[a\nb]: https://two.example/", topLevel: 4) == "See [it](https://two.example/).\n")
        #expect(MarkdownText.headingScan("[a\nb]: https://two.example/").needsParse)
        #expect(!MarkdownText.headingScan("[a] and [b] in brackets\n[c] too").needsParse)
        // Without any of those, the body is changed line by line, as written.
        #expect(renderer.markdownBody("## A\n\n### B\n\n- item #3", topLevel: 4) == "#### A\n\n##### B\n\n- item #3")
    }

    /// Found by a newcomer's audit: in the Markdown report, a body whose link was written anew (to
    /// the published page, with a baseURL under a path) was followed by two blank lines, as cmark's
    /// Markdown ends in a line break; so was a body that ends in one, one cmark rewrote, and an
    /// empty one. Every entry is one blank line from the next.
    @Test func everyBodyOfTheMarkdownReportEndsInOneBlankLine() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "baseURL": "https://user.github.io/diary/", "timeZone": "UTC"}"#,
            "pages/about.md": "# About\n\nMe.\n",
            "diary.json": #"""
            [{"id": "a", "title": "Linked", "date": "2021-11-13T09:00:00Z", "body": "See [about me](../../about/index.html)."},
             {"id": "b", "title": "Blank end", "date": "2021-11-13T10:00:00Z", "body": "Two line breaks.\n \n\n"},
             {"id": "c", "title": "Empty", "date": "2021-11-13T11:00:00Z"},
             {"id": "d", "title": "Setext", "date": "2021-11-13T12:00:00Z", "body": "Big\n==="},
             {"id": "e", "title": "Plain", "date": "2021-11-14", "body": "Plain.  "}]
            """#,
        ])
        let day = """
            ### Linked

            _Nov 13, 2021 at 9:00\u{202F}AM_

            See [about me](LINK).

            ### Blank end

            _Nov 13, 2021 at 10:00\u{202F}AM_

            Two line breaks.

            ### Empty

            _Nov 13, 2021 at 11:00\u{202F}AM_

            ### Setext

            _Nov 13, 2021 at 12:00\u{202F}PM_

            #### Big

            ## Sunday, Nov 14, 2021

            ### Plain

            _Nov 14, 2021_

            Plain.\u{20}\u{20}


            """
        let builder = try ReportBuilder(siteRoot: site.root, options: BuildOptions(now: SiteBuildTests.now))
        let index = try #require(builder.monthIndex(of: MonthKey(year: 2021, month: 11)))
        let standalone = String(decoding: try builder.markdown(month: index, placedIn: site.root + "/out").bytes, as: UTF8.self)
        #expect(standalone.hasSuffix(day.replacingOccurrences(of: "LINK", with: "https://user.github.io/diary/about/index.html")))
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let built = try #require(site.read("out/reports/2021-11.md"))
        #expect(built.hasSuffix(day.replacingOccurrences(of: "LINK", with: "../about/index.html")))
        #expect(MarkdownText.trimmingBlankEnd("a\r\n\t\n") == "a" && MarkdownText.trimmingBlankEnd(" \n ") == "")
        #expect(MarkdownText.trimmingBlankEnd("    code  ") == "    code  " && MarkdownText.trimmingBlankEnd("a\n\nb\n") == "a\n\nb")
    }

    @Test func footnoteLabelsInTheMarkdownReportLeaveCodeAndTextAlone() {
        let body = "Note[^1], `code [^x]` and [^none] and [link](https://e.org/[^y]).\n\n    [^block]\n\n[^1]: The note.\n"
        let out = MarkdownRenderer().markdownBody(body, topLevel: 4, footnotePrefix: "e")
        #expect(out.contains("Note[^e--1]"))
        #expect(out.contains("`code [^x]`"))
        #expect(out.contains("\\[^none\\]"))
        #expect(out.contains("[link](https://e.org/[^y])"))
        #expect(out.contains("    [^block]"))
        #expect(out.contains("[^e--1]:\n    The note."))
        #expect(!out.contains("e-x") && !out.contains("e-none") && !out.contains("e-block") && !out.contains("e-y"))
    }

    /// Links and images the entry pages empty are emptied in the Markdown report too, however
    /// they are spelled: a Markdown viewer would follow them.
    @Test func theMarkdownReportEmptiesLinksThatRunScript() {
        let body = "[a](javascript:alert(1)) [b](JavaScript&#58;x) [c](javascript\\:y) ![d](data:text/html,z) "
            + "[e](https://example.org) ![f](data:image/png;base64,AA==) [g][r] <vbscript:w> [h](file:///etc/passwd)\n\n"
            + "[r]: &#106;avascript:v\n"
        let out = MarkdownRenderer().markdownBody(body, topLevel: 4)
        #expect(out == "[a]() [b]() [c]() ![d]() [e](https://example.org) ![f](data:image/png;base64,AA==) [g]() [vbscript:w]() [h]()\n")
        let html = MarkdownRenderer().html(body)
        #expect(html == MarkdownRenderer().html(out))
        // With `unsafeHTML` nothing is emptied; the reference's definition is written into its link.
        #expect(MarkdownRenderer(unsafeHTML: true).markdownBody(body, topLevel: 4)
            == "[a](javascript:alert\\(1\\)) [b](JavaScript:x) [c](javascript:y) ![d](data:text/html,z) [e](https://example.org) "
            + "![f](data:image/png;base64,AA==) [g](javascript:v) <vbscript:w> [h](file:///etc/passwd)\n")
    }

    /// The addresses cmark-gfm's HTML empties are the ones ``MarkdownRenderer/isUnsafeURL(_:)`` finds.
    @Test func unsafeURLsAreTheOnesTheHTMLEmpties() {
        let urls = ["javascript:a", "JAVASCRIPT:a", "vbscript:a", "file:a", "data:a", "data:text/html,a", "Data:image/svg+xml,a",
                    "data:image/png,a", "data:image/gif,a", "data:image/jpeg,a", "data:image/webp,a", "DATA:IMAGE/PNG,a",
                    "https://a", "mailto:a", "javascrip:a", "a/javascript:a", "", "#x", "files/a"]
        let unsafe = urls.filter(MarkdownRenderer.isUnsafeURL)
        #expect(unsafe == ["javascript:a", "JAVASCRIPT:a", "vbscript:a", "file:a", "data:a", "data:text/html,a", "Data:image/svg+xml,a"])
        for url in urls where !url.isEmpty {
            #expect(MarkdownRenderer().html("[x](\(url))").contains(#"href="""#) == unsafe.contains(url), "\(url)")
        }
        #expect(MarkdownRenderer.isUnsafeURL(" java\tscript:a"))
    }

    @Test func bodiesThatMayHoldAnUnsafeURLAreFound() {
        #expect(MarkdownText.mayHaveUnsafeURL("[a](javascript:x)"))
        #expect(MarkdownText.mayHaveUnsafeURL("[a](VBScript:x)"))
        #expect(MarkdownText.mayHaveUnsafeURL("[a](FILE:x)"))
        #expect(MarkdownText.mayHaveUnsafeURL("[a](data:x)"))
        #expect(MarkdownText.mayHaveUnsafeURL("[a](javascript\\:x)"))
        #expect(MarkdownText.mayHaveUnsafeURL("[a](javascript&colon;x)"))
        #expect(MarkdownText.mayHaveUnsafeURL("[a](&#106;avascript:x)"))
        #expect(!MarkdownText.mayHaveUnsafeURL("Notes: tea & cake at 10:30, see https://example.org/data and my file."))
        #expect(!MarkdownText.mayHaveUnsafeURL("a & [b](https://e.org/?a=1&view=2) &;"))
        #expect(MarkdownText.mayHaveUnsafeURL("&#x6A;"))
        #expect(!MarkdownText.mayHaveUnsafeURL(""))
    }

    @Test func feedSummariesArePlainText() throws {
        let site = try Self.build(#"""
        [{"title": "T", "date": "2021-11-13",
          "body": "# Heading\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee[^1] *this* ~~old~~ `code` ![photo](https://example.org/p.png) <b>raw</b>.\n\n[^1]: Hidden note."}]
        """#)
        let feed = try #require(site.read("out/feed.xml"))
        #expect(feed.contains(#"<summary type="html">&lt;p dir="ltr"&gt;Heading a b 1 2 See this old code raw.&lt;/p&gt;</summary>"#))
    }

    @Test func footnoteMarksAreFoundInTheSource() {
        #expect(MarkdownText.mayHaveFootnotes("a[^1]"))
        #expect(MarkdownText.mayHaveFootnotes("[^x]: y"))
        #expect(!MarkdownText.mayHaveFootnotes("[a link](x) and [b] ^ ["))
        #expect(!MarkdownText.mayHaveFootnotes(""))
    }

    @Test func summaryIsTheRenderedText() {
        let renderer = MarkdownRenderer()
        #expect(renderer.summary("## Sub\n\n- one\n- two\n\n> quoted\n\n```\nlet x\n```\n") == "Sub one two quoted let x")
        #expect(renderer.summary("a[^x] b\n\n[^x]: note") == "a b")
        #expect(renderer.summary("| x | y |\n|---|---|\n| 1 | 2 |") == "x y 1 2")
        // Inlines join the words around them: no space before punctuation after a link.
        #expect(renderer.summary("See [my notes](https://x.org). It was *un*believable, **really**! `x`y") == "See my notes. It was unbelievable, really! xy")
    }

    /// Found by a Markdown writer's audit: in a Markdown report, a blank line of a quote lost its
    /// `> `, so the quote's code after a list was a second quote.
    @Test func aQuotesBlankLinesKeepTheirMarks() {
        let body = "```swift\n```\n> - list in quote\n> ```\n> code in quote\nLink to [a](b).\n[^code]: A note with code and a list:\n"
        let written = MarkdownRenderer().markdownBody(body, topLevel: 4, footnotePrefix: "e1")
        #expect(written.contains(">   - list in quote\n> \n> <!-- end list -->\n> \n>     code in quote\n"), "\(written)")
        // The report writes its links again (markdown(_:replacingDestinations:)): the quote stays one.
        let again = MarkdownRenderer().markdown(written) { _ in "x" }
        #expect(again.contains(">   - list in quote\n> \n> <!-- end list -->\n> \n>     code in quote\n"), "\(again)")
        #expect(MarkdownRenderer().html(again).components(separatedBy: "<blockquote>").count == 2)
    }

    /// Found by a Markdown writer's audit: a Japanese body's feed summary was the whole body (70
    /// words, and it has no spaces). A Han character or a kana counts a word, as the Words card counts.
    @Test func aSummaryOfChineseOrJapaneseCountsCharacters() {
        let renderer = MarkdownRenderer()
        #expect(renderer.summary("今日は雨。本を読んだ", words: 5) == "今日は雨。本…")
        #expect(renderer.summary("Tokyo 東京タワー and more", words: 3) == "Tokyo 東京…")
        #expect(renderer.summary("雨 rain 雨", words: 10) == "雨 rain 雨")
        #expect(renderer.summary(String(repeating: "今日は雨でした。", count: 100)).count == 70 + 10 + 1)
    }

    /// Found by that audit: with raw HTML on, a feed summary read a script's code and dropped the
    /// text of an HTML block, which the page shows and does not.
    @Test func aSummaryWithRawHTMLIsWhatThePageShows() {
        let unsafe = MarkdownRenderer(unsafeHTML: true)
        #expect(unsafe.summary("Before <script>var secret = 1;</script> after <STYLE>.x{}</STYLE> end.\n\n<details><summary>Spoiler</summary>\n\nInside\n\n</details>")
            == "Before after end. Spoiler Inside")
        // Without it the tags are not shown, and the words between them are.
        #expect(MarkdownRenderer().summary("Before <script>var secret = 1;</script> after") == "Before var secret = 1; after")
    }
}
