import Foundation
import Testing
@testable import DaybookCore

/// The links a report on its own holds inside itself: those of its markup to files it loads
/// (``PageFileLinks``), those of a stylesheet (``StylesheetLinks``), and the limits and rules of
/// holding them (``StandaloneFiles``).
@Suite struct PageFileLinksTests {
    @Test func theFilesAPageLoadsAreFoundAsBrowsersReadItsTags() {
        let html = """
            <!DOCTYPE html><html><head>
            <LINK REL="Stylesheet" HREF=a.css><link rel="shortcut icon" href='i.ico'><link rel="alternate" href="feed.xml"><link rel="canonical" href="x/">
            <!-- <img src="commented.png"> -->
            <script src="s.js"></script><script>var x = '<img src="in-script.png">';</script>
            <style>body{background:url(bg.png)} /* url(c.png) */</style>
            <title><img src="t.png"></title>
            <a href="page/">p</a><audio controls src="a.m4a"></audio>
            <img alt="x" srcset="b-1.png 1x, b-2.png 2x" src="b.png?v=1&amp;w=2"><picture><source srcset="p.webp"><img src=data:image/png;base64,AA></picture>
            """
        var seen: [String] = []
        let same = PageFileLinks.rewriting(html) { address in
            seen.append(address)
            return nil
        }
        #expect(seen == ["a.css", "i.ico", "s.js", "bg.png", "b.png?v=1&w=2", "b-1.png", "b-2.png", "p.webp", "data:image/png;base64,AA"])
        #expect(same == html)
    }

    @Test func aLinkIsReplacedQuotedAndALinkLeftOutIsEmptied() {
        let html = #"<img srcset="a.png 1x, b.png 2x" src=a.png alt=""><link rel=stylesheet href="x.css"><style>p{background:url('a.png')}</style>"#
        let rewritten = PageFileLinks.rewriting(html) { address in
            switch address {
            case "a.png": return "data:image/png;base64,QQ=="
            case "b.png": return ""
            default: return nil
            }
        }
        #expect(rewritten == #"<img srcset="data:image/png;base64,QQ== 1x" src="data:image/png;base64,QQ==" alt=""><link rel=stylesheet href="x.css"><style>p{background:url("data:image/png;base64,QQ==")}</style>"#)
        #expect(PageFileLinks.rewriting(#"<img src="a&quot;b.png">"#) { _ in "c&d\"e" } == #"<img src="c&amp;d&quot;e">"#)
    }

    @Test func aStylesheetsLinksAreItsURLsAndImports() {
        let css = #"@import "a.css"; @import url(b.css) print; /* url(no.png) */ .x{content:"url(no2.png)";background:URL( 'c d.png' ) , url(e.png)} .burl(f.png){}"#
        #expect(StylesheetLinks.find(in: Array(css.utf8)).map(\.address) == ["a.css", "b.css", "c d.png", "e.png"])
        let rewritten = StylesheetLinks.rewriting(Array(css.utf8)) { address, _ in address == "e.png" ? nil : "X" }
        #expect(String(decoding: rewritten, as: UTF8.self)
                == #"@import "X"; @import url("X") print; /* url(no.png) */ .x{content:"url(no2.png)";background:url("X") , url(e.png)} .burl(f.png){}"#)
        #expect(StylesheetLinks.rewriting(Array("p{color:red}".utf8)) { _, _ in "X" } == Array("p{color:red}".utf8))
    }

    /// A report holds a file of the site up to a size, and the site's files up to a total; what
    /// passes them, leads outside the site, or holds itself is left out, each with its warning.
    @Test func whatAReportHoldsHasLimits() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "static/ok.txt": "1234",
            "static/big.txt": "12345678901234567",
            "static/.DS_Store": "x",
        ])
        let files = StandaloneFiles(siteRoot: site.root, assets: ["assets/s.css": (Array(#"@import "s.css";"#.utf8), "site/templates/assets/s.css")],
                                    templates: [], sitePath: "/diary/", maxFileBytes: 16, maxBytes: 30)
        let page = #"<img src="../../ok.txt"><img src="/diary/ok.txt"><img src="/other/ok.txt"><img src="../../ok.txt"><img src="../../big.txt">"#
            + #"<img src="../../../up.png"><img src="../../.DS_Store"><link rel="stylesheet" href="../../assets/s.css">"#
        let held = files.embedding(Array(page.utf8), pageFolder: "reports/2021-11/", keeping: [])
        let ok = "data:text/plain;charset=utf-8;base64,MTIzNA=="
        let selfCSS = "data:text/css;charset=utf-8;base64," + Data(#"@import "";"#.utf8).base64EncodedString()
        #expect(String(decoding: held.bytes, as: UTF8.self) == #"<img src="\#(ok)"><img src="\#(ok)"><img src="/other/ok.txt"><img src="\#(ok)"><img src="">"#
                + #"<img src=""><img src=""><link rel="stylesheet" href="\#(selfCSS)">"#)
        #expect(held.warnings.map(\.description) == [
            #"link to "../../big.txt" left out of the report on its own: \#(site.root)/static/big.txt is 17 bytes, more than the 16 bytes a report holds of one file"#,
            #"link to "../../../up.png" left out of the report on its own: it leads outside the site"#,
            #"link to "../../.DS_Store" left out of the report on its own: the site publishes no file .DS_Store (in templates/assets/ or static/)"#,
            #"site/templates/assets/s.css:1:9: link to "s.css" left out of the report on its own: site/templates/assets/s.css would hold itself (its links lead back to it)"#,
        ])
        let crowded = files.embedding(Array(String(repeating: #"<img src="../../ok.txt">"#, count: 9).utf8), pageFolder: "reports/2021-11/", keeping: [])
        #expect(String(decoding: crowded.bytes, as: UTF8.self) == String(repeating: #"<img src="\#(ok)">"#, count: 7) + String(repeating: #"<img src="">"#, count: 2))
        #expect(crowded.warnings.map(\.description) == [#"link to "../../ok.txt" left out of the report on its own: the report holds 30 bytes of the site's files already, the most it holds"#])
        #expect(StandaloneFiles.megabytes(16 << 20) == "16 MB")
        #expect(StandaloneFiles.megabytes((16 << 20) + 1) == "16.1 MB")
    }
}
