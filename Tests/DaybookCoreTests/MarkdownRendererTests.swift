import Dispatch
import Foundation
import Testing
@testable import DaybookCore

@Suite struct MarkdownRendererTests {
    static let gfm = """
        # Walk

        A *short* ~~long~~ walk to https://example.org/a?b=1&c=2 and `code`.

        - [x] done
        - [ ] open

        | a | b |
        |:--|--:|
        | 1 | 2 |
        """

    static let gfmHTML = """
        <h1 id="walk">Walk</h1>
        <p>A <em>short</em> <del>long</del> walk to <a href="https://example.org/a?b=1&amp;c=2">https://example.org/a?b=1&amp;c=2</a> and <code>code</code>.</p>
        <ul>
        <li><input type="checkbox" checked="" disabled="" /> done</li>
        <li><input type="checkbox" disabled="" /> open</li>
        </ul>
        <table>
        <thead>
        <tr>
        <th style="text-align: left">a</th>
        <th style="text-align: right">b</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td style="text-align: left">1</td>
        <td style="text-align: right">2</td>
        </tr>
        </tbody>
        </table>

        """

    /// Found by a Japanese diarist's audit: a line break inside a Japanese paragraph showed as a
    /// space, and search found neither half of the word it split. Between two characters of
    /// Chinese or Japanese it is no break; Korean and English keep theirs, and code its lines.
    @Test func aLineBreakBetweenChineseOrJapaneseCharactersIsNone() {
        let renderer = MarkdownRenderer()
        #expect(renderer.html("新しいプロジェ\nクトが始まった。チーム \n  メンバー「五人」\n。") == "<p>新しいプロジェクトが始まった。チームメンバー「五人」。</p>\n")
        // Beside emphasis, a link, code or a strikethrough too, which show text; not beside an image.
        #expect(renderer.html("今日は*雨*\nでした。\n[東京](https://example.org/)の\n`コード`\n~~古い~~\n新しい")
            == "<p>今日は<em>雨</em>でした。<a href=\"https://example.org/\">東京</a>の<code>コード</code><del>古い</del>新しい</p>\n")
        #expect(renderer.html("![猫](a.png)\n猫") == "<p><img src=\"a.png\" alt=\"猫\" />\n猫</p>\n")
        #expect(renderer.html("오늘은\n한강에서\n\nEnglish\nline\n\n東京\nTokyo") == "<p>오늘은\n한강에서</p>\n<p>English\nline</p>\n<p>東京\nTokyo</p>\n")
        #expect(renderer.html("```\nコード\nブロック\n```") == "<pre><code>コード\nブロック\n</code></pre>\n")
        #expect(renderer.html(ofAll: ["北京\n咖啡", "x"]) == ["<p>北京咖啡</p>\n", "<p>x</p>\n"])
        #expect(renderer.summary("北京\n咖啡 𠀋\n𠀋") == "北京咖啡 𠀋𠀋")
        // The quick look at the text that lets a body without such a break skip the walk.
        #expect(["東\n京", "東\r\n京", "東 \n 京", "ｶ\nﾅ", "𠀋\n𠀋"].allSatisfy(MarkdownText.mayJoinEastAsianLines))
        #expect(!["a\nb", "東\nb", "a\n京", "오\n늘", "ㄱ\nㄴ", "*a*\n京", "東\n**b**"].contains(where: MarkdownText.mayJoinEastAsianLines))
        #expect(["*雨*\nで", "東\n**京**", "`東`\n~~京~~", "東\n[京](x)"].allSatisfy(MarkdownText.mayJoinEastAsianLines))
        // A line that ends in a link, alone in its body (found by that audit: the quick look did not
        // see past the address, so the space stayed).
        #expect(renderer.html("[東京](https://example.org/)\nです") == "<p><a href=\"https://example.org/\">東京</a>です</p>\n")
        #expect(["[東京](x)\nで", "[*東京*](x)\nで", "[東京][r]\nで", "[東京]\nで", "a [東京](x(y))\nで"].allSatisfy(MarkdownText.mayJoinEastAsianLines))
        #expect(!["[Tokyo](東)\nで", "[Tokyo][東]\nで", "東)\nで", "x](\n京"].contains(where: MarkdownText.mayJoinEastAsianLines))
    }

    @Test func rendersEveryExtension() {
        #expect(MarkdownRenderer().html(Self.gfm) == Self.gfmHTML)
    }

    /// Larger than one arena slab (256 KiB), with an output buffer that grows past it:
    /// the extra slabs and the moved buffer give the same HTML, and the next document too.
    @Test func documentLargerThanASlab() {
        let count = 20_000
        var markdown = "", expected = ""
        for n in 0..<count {
            markdown += "Paragraph *\(n)* ~~x~~ https://e.org/\(n)\n\n"
            expected += "<p>Paragraph <em>\(n)</em> <del>x</del> <a href=\"https://e.org/\(n)\">https://e.org/\(n)</a></p>\n"
        }
        let renderer = MarkdownRenderer()
        let html = renderer.html(markdown)
        #expect(html.utf8.count == expected.utf8.count)
        #expect(html == expected)
        #expect(renderer.html(Self.gfm) == Self.gfmHTML)
        #expect(renderer.summary("A *b*\n\nc d e", words: 3) == "A b c …")
    }

    @Test func summaryStopsAtTheWordLimit() {
        let renderer = MarkdownRenderer()
        #expect(renderer.summary("one two three", words: 3) == "one two three")
        #expect(renderer.summary("one two three four", words: 3) == "one two three …")
        #expect(renderer.summary("one two three\n\n", words: 3) == "one two three")
        #expect(renderer.summary("  lead *in*\n\n# trail  ", words: 5) == "lead in trail")
        #expect(renderer.summary("가 나 다 라", words: 2) == "가 나 …")
        #expect(renderer.summary("", words: 3) == "")
        #expect(renderer.summary("word", words: 0) == " …")
    }

    /// A body with no `://`, `www.` or `@` is rendered without the autolink extension: the HTML is
    /// what it is with every extension, whatever the body holds (splits of text at `w` and `:`,
    /// emphasis, tables, tasks, strikethrough, footnotes, raw HTML, entities, code).
    @Test func bodiesWithoutALinkToMakeRenderAsWithEveryExtension() {
        let bodies = [
            "wow: a walk, with words\nwaiting: **w**ith *wit* and ~~w~~ `w:`",
            "| w | x: |\n|:--|--:|\n| wa:y | ~~w~~ |",
            "a\n:-:\nw",
            "- [x] walk: done\n- [ ] write\n  - [X] nested: w",
            "Footnote[^w]: w.\n\n[^w]: With words: w",
            "<div>w: raw</div>\n\nw &amp; &copy; &#x77; \\w \\:",
            "[link: w](relative/w.html) ![img: w](photos/w.jpg) <mailto:foo>",
            "# w: heading\n\nw  \nhard break w\\\nw",
            "```\nw: code://\n```\n\n    w: indented",
            "http:/not-a-url ww. w.w.w ftp:/x :// is in this one",
        ]
        let every = MarkdownRenderer(unsafeHTML: false, footnoteBackLabel: "Back to content", attachesAll: true)
        let unsafe = MarkdownRenderer(unsafeHTML: true, footnoteBackLabel: "Back to content", attachesAll: true)
        let renderer = MarkdownRenderer(), unsafeRenderer = MarkdownRenderer(unsafeHTML: true)
        for body in bodies {
            #expect(renderer.html(body) == every.html(body), "\(body.debugDescription)")
            #expect(unsafeRenderer.html(body, headingTop: 2) == unsafe.html(body, headingTop: 2), "\(body.debugDescription)")
        }
        #expect(renderer.html(ofAll: bodies) == bodies.map { every.html($0) })
        #expect(bodies.map(MarkdownText.mayHaveAutolink) == [false, false, false, false, false, false, false, false, true, true])
        #expect(MarkdownText.mayHaveAutolink("mail me@here") && MarkdownText.mayHaveAutolink("see www.example.org"))
        #expect(MarkdownText.mayHaveAutolink("@x") && !MarkdownText.mayHaveAutolink("ww") && !MarkdownText.mayHaveAutolink(""))  // found by the fuzz target
        #expect(renderer.html("see www.example.org") == "<p>see <a href=\"http://www.example.org\">www.example.org</a></p>\n")
    }

    /// With `unsafeHTML` the body's own HTML is kept whole, an embed's `<iframe>` too, as Hugo's
    /// `unsafe` keeps it: GFM's tag filter showed it as text (a Markdown audit). Without it, raw
    /// HTML is dropped.
    @Test func unsafeHTMLKeepsAnIframe() {
        let body = "<iframe src=\"https://www.youtube-nocookie.com/embed/x\"></iframe>\n\n<b>bold</b>"
        #expect(MarkdownRenderer(unsafeHTML: true).html(body)
                == "<iframe src=\"https://www.youtube-nocookie.com/embed/x\"></iframe>\n<p><b>bold</b></p>\n")
        #expect(MarkdownRenderer().html(body) == "<!-- raw HTML omitted -->\n<p><!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>\n")
    }

    @Test func documentsRenderedTogetherMatchOneByOne() {
        let renderer = MarkdownRenderer()
        let documents = ["", Self.gfm, "# Title\n\nplain", String(repeating: "long *line* ~~x~~ ", count: 4000), "| a |\n|---|\n| b |", "  "]
        #expect(renderer.html(ofAll: documents) == documents.map { renderer.html($0) })
        #expect(renderer.html(ofAll: documents)[1] == Self.gfmHTML)
        #expect(renderer.html(ofAll: []) == [])
    }

    /// Documents parsed on several threads at once keep their autolinks and strikethroughs,
    /// in paragraphs and in table rows (both parse inlines with cmark-gfm's global table of
    /// special characters).
    @Test func threadsRenderTheSameHTML() {
        let renderer = MarkdownRenderer()
        let table = (0..<12).map { "| ~~\($0)~~ | https://e.org/t\($0) |" }.joined(separator: "\n")
        let documents = (0..<400).map {
            "\(Self.gfm)\n\nNumber \($0): ~~\($0)~~ https://e.org/\($0)\n\n| x | y |\n|---|---|\n\(table)\n\nEnd ~~\($0)~~ www.e.org/\($0)\n"
        }
        let serial = documents.map { renderer.html($0) }
        let results = Results(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count) { i in
            results.set(i, renderer.html(documents[i]))
        }
        #expect(results.all == serial)
        // In groups, as a build's month jobs render bodies: the same HTML.
        let grouped = Results(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count / 25) { g in
            for (offset, html) in renderer.html(ofAll: Array(documents[(g * 25)..<(g * 25 + 25)])).enumerated() {
                grouped.set(g * 25 + offset, html)
            }
        }
        #expect(grouped.all == serial)
        #expect(serial[7].contains("<p>Number 7: <del>7</del> <a href=\"https://e.org/7\">https://e.org/7</a></p>\n"))
        #expect(serial[7].contains("<td><del>11</del></td>\n<td><a href=\"https://e.org/t11\">https://e.org/t11</a></td>"))
        #expect(serial[7].hasSuffix("<p>End <del>7</del> <a href=\"http://www.e.org/7\">www.e.org/7</a></p>\n"))
    }

    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String]
        init(count: Int) { values = Array(repeating: "", count: count) }
        func set(_ index: Int, _ value: String) { lock.withLock { values[index] = value } }
        var all: [String] { lock.withLock { values } }
    }
}
