import Foundation
import Testing
@testable import DaybookCore

/// Found by an audit: with `unsafeHTML`, a body that ended inside a comment (`<!-- draft`) hid the
/// rest of the page from the browser, every later entry of its month's report included. What a
/// body's own HTML leaves open is closed at its end.
struct RawHTMLCloserTests {
    @Test(arguments: [
        ("<p>fine <b>bold</b> <a href=\"x\">link</a></p>\n", ""),
        ("<!-- draft\nstill thinking\n", "-->"),
        ("<!-- closed --><!--> <!---> <!-- odd --!>", ""),
        ("<textarea>notes\n", "</textarea>"),
        ("<script>let a = '</scrip';\n", "</script>"),
        ("<SCRIPT>x</Script >after", ""),
        ("<style>p { color: red }</style><title>t", "</title>"),
        ("<div title=\"a\n", "\"></div>"),
        ("<div title='a' class=x\n", "></div>"),
        ("<p>see <a href=\"https://example.org", "\"></a>"),
        // Found by a review: a quote inside an unquoted value is a character of it.
        ("<div data-q=a=\"b>x</div>\n<p>some <b>bold text</p>", "</b>"),
        ("<div title = 'it''s' class=x>", "</div>"),
        ("<p>It is <b>bold and <i>leaning</p>\n", "</i></b>"),
        ("<p><b>one</b> <b>two</p>", "</b>"),
        ("<table><tr><td>cell\n", "</table>"),
        ("<select><option>a\n", "</select>"),
        ("<? processing\n", ">"),
        ("<![CDATA[ data\n", ">"),
        ("<p>a</p></ weird", ">"),
        ("<em>x<textarea>y", "</textarea></em>"),
        // Found by a Markdown writer's audit: blocks left open made the page invalid HTML.
        ("<div>\n<p>x</p>\n", "</div>"),
        ("<details open><summary>Sum</summary>\n<p>Inside</p>\n", "</details>"),
        ("<blockquote>\n<p>q</p>\n", "</blockquote>"),
        ("<ul><li>item", "</ul>"),
        ("<pre>never closed", "</pre>"),
        ("<div><b>x", "</b></div>"),
        ("<div><b>x</div>", "</b>"),
        ("<div><ul><li>x</div>", ""),
        ("<div class=\"a\"><div>b</div>\n", "</div>"),
    ])
    func whatABodyLeavesOpenIsClosed(html: String, closers: String) {
        #expect(RawHTMLCloser.closers(Array(html.utf8)) == closers)
    }

    /// The closers follow the body's HTML; cmark-gfm's own HTML is balanced and gets none.
    @Test func theRendererClosesABodysOwnHTMLWithUnsafeHTMLOnly() {
        let body = "Morning\n\n<!-- draft\nstill thinking"
        #expect(MarkdownRenderer(unsafeHTML: true).html(body) == "<p>Morning</p>\n<!-- draft\nstill thinking\n-->")
        #expect(MarkdownRenderer().html(body) == "<p>Morning</p>\n<!-- raw HTML omitted -->\n")
        #expect(MarkdownRenderer(unsafeHTML: true).html("**Bold** [a](b) `<b>`\n\n| x |\n|---|\n| y |")
            == MarkdownRenderer().html("**Bold** [a](b) `<b>`\n\n| x |\n|---|\n| y |"))
        #expect(MarkdownRenderer(unsafeHTML: true).html(ofAll: [body, "<b>open"]) == ["<p>Morning</p>\n<!-- draft\nstill thinking\n-->", "<p><b>open</p>\n</b>"])
    }

    /// The month's HTML report of two entries, the first ending in an open comment: the second
    /// is outside any comment, as a browser reads the page.
    @Test func aLaterEntryOfTheReportStaysVisible() throws {
        let site = try MarkdownOutputTests.build(#"""
            [{"id": "a", "title": "Draft", "date": "2021-11-13", "body": "Morning\n\n<!-- draft\nstill thinking"},
             {"id": "b", "title": "Walk", "date": "2021-11-14", "body": "Evening by the river."}]
            """#, config: #", "unsafeHTML": true"#)
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(Self.outsideComments(report).contains("Evening by the river."))
        let entry = try #require(site.read("out/entries/a/index.html"))
        #expect(Self.outsideComments(entry).contains("</footer>"))
    }

    /// `html` without its comments, as the HTML tokenizer ends them (an open one runs to the end).
    static func outsideComments(_ html: String) -> String {
        var out = "", rest = Substring(html)
        while let open = rest.range(of: "<!--") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}

extension RawHTMLCloserTests {
    /// The Markdown report: an HTML block left open would take the later entries' Markdown in.
    @Test func theMarkdownReportClosesABodysOpenComment() throws {
        let site = try MarkdownOutputTests.build(#"""
            [{"id": "a", "title": "Draft", "date": "2021-11-13", "body": "Morning\n\n<!-- draft\nstill thinking"},
             {"id": "b", "title": "Walk", "date": "2021-11-14", "body": "Evening by the river."}]
            """#, config: #", "unsafeHTML": true"#)
        let report = try #require(site.read("out/reports/2021-11.md"))
        #expect(report.contains("<!-- draft\nstill thinking\n-->\n"))
        #expect(Self.outsideComments(MarkdownRenderer(unsafeHTML: true).html(report)).contains("Evening by the river."))
        #expect(MarkdownRenderer(unsafeHTML: true).markdownBody("Some <b>bold</b>.", topLevel: 4) == "Some <b>bold</b>.")
        // Inside a quote or a list item, the closer is too (found by a review).
        for body in ["Intro\n\n> quoted\n> <!-- draft note", "- item\n- <!-- draft note", "1. one\n2. <!-- draft note"] {
            let written = MarkdownRenderer(unsafeHTML: true).markdownBody(body, topLevel: 4) + "\nLater entry.\n"
            #expect(Self.outsideComments(MarkdownRenderer(unsafeHTML: true).html(written)).contains("Later entry."), "\(written)")
        }
        #expect(MarkdownRenderer.containerPrefix(of: "> - 12. x") == "> " + "  " + "    ")
    }
}

extension RawHTMLCloserTests {
    /// A comment is no HTML left out, indented too (found by a review: cmark-gfm keeps a block's
    /// indentation in its text, so `  <!-- note -->` was warned about).
    @Test func anIndentedCommentIsNoHTMLLeftOut() {
        #expect(MarkdownRenderer().firstRawHTML("Intro\n\n  <!-- a private note -->") == nil)
        #expect(MarkdownRenderer().firstRawHTML("Intro\n\n  <div>x</div>")?.html == "<div>x</div>")
    }
}
