import Testing
@testable import DaybookCore

/// Large bodies render piece by piece, to the same HTML as whole.
@Suite struct MarkdownPiecesTests {
    static let varied = """
    # Title

    A paragraph with *emphasis*, ~~strike~~ and https://example.org.

    - a list
    - with items

      and a loose paragraph

    Text after the list.

    ```
    code with a blank line

    # not a heading
    ```

    > a quote

    | a | b |
    |---|---|
    | 1 | 2 |

    1. one

    2. two

    Setext heading
    ==============

    - [ ] task
    - [x] done

        indented code

    Última línea, 한국어.

    """

    static func pieces(_ text: String, size: Int) -> [Range<Int>]? {
        var text = text
        return text.withUTF8 { MarkdownPieces.ranges($0, pieceBytes: size) }
    }

    @Test func piecesRenderToTheSameHTMLAsTheWhole() {
        let document = String(repeating: Self.varied, count: 20)
        let renderer = MarkdownRenderer()
        let cuts = Self.pieces(document, size: 1)
        #expect(cuts?.count == 81)
        #expect(renderer.htmlInPieces(document, pieceBytes: 1) == renderer.html(document))
        #expect(renderer.htmlInPieces(document, pieceBytes: 300) == renderer.html(document))
    }

    @Test func cutsOnlyBeforeTopLevelParagraphsOutsideFences() throws {
        let text = "One.\n\n```\nin code\n\nStill code\n```\n\n- item\n\nTwo.\n"
        let cuts = try #require(Self.pieces(text, size: 1))
        var bytes = Array(text.utf8)
        let starts = cuts.map { String(decoding: bytes[$0].prefix(4), as: UTF8.self) }
        #expect(starts == ["One.", "Two."])
        bytes.removeAll()
    }

    @Test func aFenceClosesOnlyOnAFenceWithNothingAfterIt() throws {
        let text = "One.\n\n```\n```js\n\nStill code\n````\n\nTwo.\n"
        let cuts = try #require(Self.pieces(text, size: 1))
        #expect(cuts.count == 2)
        #expect(MarkdownRenderer().htmlInPieces(text, pieceBytes: 1) == MarkdownRenderer().html(text))
    }

    @Test(arguments: ["Text.\n\n[x]: https://example.org\n\nMore [x].\n", "Text.\n\n<!--\n\nA comment -->\n\nMore.\n",
                      "Text[^1].\n\n[^1]: A note.\n\nMore.\n"])
    func documentsWithDefinitionsOrHTMLBlocksAreNotCut(text: String) {
        #expect(Self.pieces(text, size: 1) == nil)
    }

    @Test func aHugeBodyIsRenderedInPiecesWithTheSameHTML() {
        let paragraph = "Lorem *ipsum* [link](https://example.org) dolor.\n\n"
        let document = String(repeating: paragraph, count: (MarkdownRenderer.arenaLimit / paragraph.utf8.count) + 10)
        let html = MarkdownRenderer().html(document)
        #expect(html == String(repeating: "<p>Lorem <em>ipsum</em> <a href=\"https://example.org\">link</a> dolor.</p>\n",
                               count: (MarkdownRenderer.arenaLimit / paragraph.utf8.count) + 10))
        #expect(MarkdownRenderer().summary(document, words: 3) == "Lorem ipsum link …")
    }

    /// Random documents from lines that open, continue and close every kind of block: cut at
    /// every possible place, each renders as the whole does.
    @Test func randomDocumentsRenderAsTheWhole() {
        let lines = ["", "", "", "Text", "more *text*", "# Heading", "- item", "  continued", "1. one", "2) two",
                     "> quote", ">", "```", "```js", "~~~", "````", "    code", "\tcode", "---", "===", "***", "| a | b |",
                     "|---|---|", "Term", "  ```", "- ```", "> ```", "  - nested", "   Three spaces", "+ plus", "* star", "\\", "Ünïcode 한국어"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let renderer = MarkdownRenderer()
        for _ in 0..<3000 {
            let document = (0..<(5 + next(40))).map { _ in lines[next(lines.count)] }.joined(separator: "\n") + "\n"
            let whole = renderer.html(document)
            #expect(renderer.htmlInPieces(document, pieceBytes: 1) == whole, "\(document.debugDescription)")
        }
    }
}
