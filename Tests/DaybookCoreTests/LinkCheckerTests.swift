import Testing
@testable import DaybookCore

/// Links to a part of a page: the page must have an element with that id.
@Suite struct LinkCheckerTests {
    @Test func aLinkToAPartOfAPageNeedsItsId() throws {
        let site = try TempSite(files: [
            "a/index.html": #"""
                <main id="main"><h2 id="a-walk">A walk</h2><h2 id="산책">산책</h2><a name="old"></a>
                <a href="#a-walk">1</a> <a href="#nope">2</a> <a href="#top">3</a> <a href="#">4</a>
                <a href="#%EC%82%B0%EC%B1%85">5</a> <a href="#old">6</a> <a href="#:~:text=walk">7</a>
                <a href="../b/#there">8</a> <a href="../b/index.html#gone">9</a> <a href="../b/#">10</a>
                <a href="/b/#gone">11</a> <a href="../photo.jpg#x">12</a> <a href="../c/#x">13</a>
                <a href="#a-walk:~:text=walk">14</a> <a href="#gone:~:text=walk">15</a> <meta name="description"> <a href="#description">16</a></main>
                """#,
            "b/index.html": #"<p id="there">B</p>"#,
            "photo.jpg": "not a page",
        ])
        let missing = LinkChecker(root: site.root).findings().missingFragments
        #expect(missing.map { "\($0.link.page) \($0.link.target) \($0.link.path) \($0.fragment)" } == [
            "a/index.html #nope a/index.html nope",
            "a/index.html ../b/index.html#gone b/index.html gone",
            "a/index.html /b/#gone b/index.html gone",
            "a/index.html #gone:~:text=walk a/index.html gone",
            "a/index.html #description a/index.html description",
        ])
        // ../c/ leads to no file: broken, not a missing part.
        #expect(LinkChecker(root: site.root).check().map(\.target) == ["../c/#x"])
    }

    /// A link with any URI scheme, in any case, leads to no file of the site: only `https:`,
    /// `mailto:`, `tel:` and `data:` were passed over, so `geo:`, `MAILTO:` or `obsidian://` were
    /// called broken, by the page and again by the report that repeats the body (a Markdown audit).
    @Test func aLinkWithAnySchemeIsNotAFile() throws {
        let site = try TempSite(files: [
            "a/index.html": #"""
                <a href="geo:37.78,-122.4">1</a> <a href="MAILTO:a@b.c">2</a> <a href="sms:+1">3</a> <a href="news:comp.lang">4</a>
                <a href="magnet:?xt=urn:btih:abc">5</a> <a href="obsidian://open?vault=x">6</a> <a href="x-a.b+c:z">7</a>
                <a href="javascript:void(0)">8</a> <a href="nope.html">9</a> <a href="1a:b">10</a> <a href="a/b:c.html">11</a>
                """#,
        ])
        #expect(LinkChecker(root: site.root).check().map(\.target) == ["nope.html", "1a:b", "a/b:c.html"])
        #expect(LinkChecker.hasScheme("HTTPS://x") && !LinkChecker.hasScheme(":x") && !LinkChecker.hasScheme("a b:c"))
    }

    /// A srcset's candidates are split as the HTML standard's parser splits them: a URL runs to
    /// white space and may hold a comma, but not end with one; a descriptor runs to a comma
    /// outside parentheses.
    @Test func srcsetCandidatesAreSplitByTheStandard() {
        #expect(LinkChecker.srcsetURLs("a-480.webp 480w, a-960.webp 960w") == ["a-480.webp", "a-960.webp"])
        #expect(LinkChecker.srcsetURLs("a.jpg") == ["a.jpg"])
        #expect(LinkChecker.srcsetURLs(" a.jpg 1x,b.jpg 2x ,, ") == ["a.jpg", "b.jpg"])
        #expect(LinkChecker.srcsetURLs("a,1.jpg 1x, b.jpg,c.jpg 2x") == ["a,1.jpg", "b.jpg,c.jpg"])
        #expect(LinkChecker.srcsetURLs("a.jpg,b.jpg") == ["a.jpg,b.jpg"])
        #expect(LinkChecker.srcsetURLs("a.jpg, b.jpg,, c.jpg") == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(LinkChecker.srcsetURLs("a.jpg (x, y) 1x, b.jpg\t2x\n,c.jpg") == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(LinkChecker.srcsetURLs("") == [])
    }

    /// Every candidate of an `<img srcset>` and a `<source srcset>` must lead to a file, as an
    /// `href` and a `src` must.
    @Test func aMissingSrcsetCandidateIsBroken() throws {
        let site = try TempSite(files: [
            "a/index.html": #"""
                <picture><source srcset="../p/a.webp 1x, ../p/b.webp 2x" type="image/webp">
                <img src="../p/a.jpg" srcset="../p/a.jpg 480w, ../p/c.jpg 960w" alt=""></picture>
                """#,
            "p/a.webp": "", "p/a.jpg": "",
        ])
        #expect(LinkChecker(root: site.root).check().map(\.target) == ["../p/b.webp", "../p/c.jpg"])
    }
}
