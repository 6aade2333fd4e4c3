import Testing
@testable import DaybookCore

/// An entry page's description: the opening of its body's text.
struct BodyOpeningTests {
    @Test func aShortBodyIsAllOfIt() {
        #expect(BodyOpening.text(ofHTML: "<p>We walked <em>far</em> &amp; back.</p>\n<ul>\n<li>leash</li>\n</ul>\n") == "We walked far & back. leash")
    }

    /// Found by a Markdown writer's audit: a short entry's description ended with its footnotes'
    /// text ("…footnote. And . Second entry note. Numbered.").
    @Test func theFootnotesAreNoPartOfIt() {
        let html = MarkdownRenderer().html("Another entry with a footnote.[^note] And this.\n\n[^note]: Second entry note.\n")
        #expect(BodyOpening.text(ofHTML: html) == "Another entry with a footnote. And this.")
    }

    /// Markup written as text stays text (the template escapes it again).
    @Test func escapedMarkupIsText() {
        #expect(BodyOpening.text(ofHTML: "<p>a &lt;b&gt; c</p>") == "a <b> c")
    }

    @Test func aLongBodyIsCutAfterAWord() {
        let words = Array(repeating: "walking", count: 40).joined(separator: " ")
        let opening = BodyOpening.text(ofHTML: "<p>\(words)</p>")
        // 20 words of 7 letters and their spaces are 159 characters; the 21st would pass 160.
        #expect(opening == Array(repeating: "walking", count: 20).joined(separator: " ") + " …")
    }

    @Test func textWithoutSpacesIsCutAtTheLimit() {
        let opening = BodyOpening.text(ofHTML: "<p>" + String(repeating: "산책", count: 100) + "</p>")
        #expect(opening == String(repeating: "산책", count: 80) + " …")
    }

    /// Long text without spaces (past the HTML read) is cut at the limit too, never inside a
    /// character: an accent and a joined emoji stay whole or go.
    @Test func longTextWithoutSpacesIsCutAtACharacter() {
        #expect(BodyOpening.text(ofHTML: "<p>" + String(repeating: "今日は雨でした。", count: 90) + "</p>")
            == String(String(repeating: "今日は雨でした。", count: 20).prefix(160)) + " …")
        let accents = "x" + String(repeating: "e\u{301}", count: 300)
        #expect(BodyOpening.text(ofHTML: "<p>\(accents)</p>") == "x" + String(repeating: "e\u{301}", count: 79) + " …")
        let family = String(repeating: "👨‍👩‍👧‍👦", count: 100)
        #expect(BodyOpening.text(ofHTML: "<p>\(family)</p>") == String(repeating: "👨‍👩‍👧‍👦", count: 22) + " …")
    }

    @Test func aBodyOfPhotosOnlyHasNone() {
        #expect(BodyOpening.text(ofHTML: #"<p><img src="a.jpg" alt="The beach"></p>"#) == nil)
        #expect(BodyOpening.text(ofHTML: "") == nil)
    }

    /// Past the HTML it reads, the last (maybe cut) word is dropped.
    @Test func htmlPastTheReadIsCutAtAWord() {
        let html = "<p>" + String(repeating: "<b>x</b> ", count: 300) + "</p>"
        let opening = try! #require(BodyOpening.text(ofHTML: html))
        #expect(opening.hasSuffix("x …"))
        #expect(opening.count <= BodyOpening.characters + 2)
    }

    /// Reading a first part of the HTML gives what reading all it may read gives.
    @Test func theFirstReadAgreesWithTheWholeRead() {
        let paragraph = "<p>" + Array(repeating: "walking <em>far</em> &amp; back", count: 12).joined(separator: " ") + "</p>\n"
        let bodies = [paragraph, "<h2>Day</h2>\n" + paragraph, "<table><tr><td>1</td></tr></table>" + paragraph,
                      "<p>" + String(repeating: "산책 ", count: 120) + "</p>", "<p>short</p>" + String(repeating: "<p><img src=\"a.jpg\"></p>", count: 30)]
        for html in bodies {
            #expect(BodyOpening.text(ofHTML: html) == BodyOpening.text(ofHTML: html, reading: BodyOpening.htmlBytes.most))
        }
    }
}
