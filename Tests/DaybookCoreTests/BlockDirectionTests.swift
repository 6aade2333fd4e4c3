import Testing
@testable import DaybookCore

/// Blocks of a body that start in the other direction than the one around them get
/// `dir="auto"` (a Japanese sentence in an Arabic entry had its `。` on its left).
@Suite struct BlockDirectionTests {
    let renderer = MarkdownRenderer()

    @Test func aJapaneseParagraphInAnArabicEntryHasItsOwnDirection() {
        #expect(renderer.html("ذهبنا إلى طوكيو.\n\n東京に行きました。\n") ==
                "<p>ذهبنا إلى طوكيو.</p>\n<p dir=\"auto\">東京に行きました。</p>\n")
    }

    /// A list item, a heading (after its id) and a blockquote are marked as a paragraph is; a
    /// paragraph inside a marked blockquote, in its direction, and one of digits alone, are not.
    @Test func listItemsHeadingsAndBlockquotesToo() {
        let markdown = "مرحبا\n\n## 東京\n\n- واحد\n- 東京。\n\n> 東京に行きました。\n\n١٢٣ 456\n"
        #expect(renderer.html(markdown, headingTop: 2) ==
                "<p>مرحبا</p>\n<h2 id=\"東京\" dir=\"auto\">東京</h2>\n<ul>\n<li>واحد</li>\n<li dir=\"auto\">東京。</li>\n</ul>\n"
                + "<blockquote dir=\"auto\">\n<p>東京に行きました。</p>\n</blockquote>\n<p>١٢٣ 456</p>\n")
    }

    /// On the entry's page of an Arabic site, inside the body's `<div dir="auto">`.
    @Test func anArabicEntrysPageMarksItsJapaneseParagraph() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "يوميات", "locale": "ar_EG"}"#,
            "diary.json": #"[{"title": "طوكيو", "date": "2024-01-02", "id": "tokyo", "body": "ذهبنا إلى طوكيو في الشتاء ورأينا البرج.\n\n東京に行きました。"}]"#,
        ])
        try SiteBuildTests.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/entries/tokyo/index.html"))
        #expect(page.contains("<div class=\"body\" dir=\"auto\">\n<p>ذهبنا إلى طوكيو في الشتاء ورأينا البرج.</p>\n<p dir=\"auto\">東京に行きました。</p>\n\n</div>"))
    }

    /// The other way round: an Arabic paragraph in an English entry. An entry of one direction
    /// is left as cmark-gfm writes it.
    @Test func anArabicParagraphInAnEnglishEntry() {
        #expect(renderer.html("We **walked**.\n\nمشينا.\n") == "<p>We <strong>walked</strong>.</p>\n<p dir=\"auto\">مشينا.</p>\n")
        #expect(renderer.html("مشينا.\n\nإلى البحر.\n") == "<p>مشينا.</p>\n<p>إلى البحر.</p>\n")
        #expect(renderer.html("東京\n\nWe walked.\n") == "<p>東京</p>\n<p>We walked.</p>\n")
    }

    /// The body's first letter sets its direction, as its `<div dir="auto">` does: an entry that
    /// opens with a Japanese paragraph marks its Arabic ones, not the Japanese.
    @Test func theFirstLetterOfTheBodySetsItsDirection() {
        #expect(renderer.html("**2024**: 東京\n\nمرحبا\n") == "<p><strong>2024</strong>: 東京</p>\n<p dir=\"auto\">مرحبا</p>\n")
    }

    @Test func onlyABodyThatMayHoldARightToLeftLetterIsRead() {
        #expect(!BlockDirection.mayHold("Plain text, “quotes”, 東京, 한강 and 🎉 emoji, long enough for eight-byte words."))
        #expect(BlockDirection.mayHold("x\u{200F}"))
        #expect(BlockDirection.mayHold("a longer ASCII start, then שלום"))
        #expect(BlockDirection.mayHold("𐤀"))  // Phoenician, U+10900
    }

    /// An importer reads the headings' ids off the HTML, marked or not.
    @Test func headingIDsAreReadPastTheMark() {
        let html = renderer.html("مرحبا\n\n## Tokyo trip\n")
        #expect(html == "<p>مرحبا</p>\n<h2 id=\"tokyo-trip\" dir=\"auto\">Tokyo trip</h2>\n")
        #expect(HeadingIDs.ids(inHTML: html).map { "\($0.text)=\($0.id)" } == ["Tokyo trip=tokyo-trip"])
    }
}
