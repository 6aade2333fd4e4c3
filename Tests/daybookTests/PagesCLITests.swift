import Foundation
import Testing
@testable import daybook
@testable import DaybookCore

/// A site's own pages (`pages/*.md`: an about page) built, checked and rebuilt from the command line.
@Suite struct PagesCLITests {
    /// A site in `site/` of a scratch folder, with an entry, an about page, a page in a folder
    /// titled by its heading and a draft.
    static func folder(_ more: [String: String] = [:], config: String = #"{"title": "T", "baseURL": "https://example.org/d/"}"#) throws -> String {
        var files = [
            "site/daybook.json": config,
            "site/diary.json": #"[{"title": "Walk", "date": "2024-01-02", "body": "A walk."}]"#,
            "site/pages/about.md": "---\ntitle: About\nweight: 2\ndescription: Who writes here.\n---\nI am **Mina**.\n\n## Contact\n\nMail me.\n",
            "site/pages/projects/garden.md": "---\nweight: 1\n---\n# Garden\n\nSeeds.\n",
            "site/pages/secret.md": "---\ndraft: true\n---\nNot yet.\n",
        ]
        for (path, text) in more { files[path] = text }
        return try DataCLITests.site(files)
    }

    static func read(_ folder: String, _ path: String) -> String {
        FileManager.default.contents(atPath: folder + "/site/_site/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func aPageIsBuiltInTheSiteLayoutAndListedInEveryPagesMenu() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let about = Self.read(folder, "about/index.html")
        #expect(about.contains("<title>About · T</title>"))
        #expect(about.contains(#"<meta name="description" content="Who writes here.">"#))
        #expect(about.contains(#"<link rel="canonical" href="https://example.org/d/about/">"#))
        #expect(about.contains("""
        <article class="page">
        <h1 dir="auto">About</h1>
        <div class="body" dir="auto">
        <p>I am <strong>Mina</strong>.</p>
        <h2 id="contact">Contact</h2>
        """))
        // The menu: the built-in items, then the pages by weight; the page itself is the current one.
        #expect(about.contains("""
        <li><a href="../reports/index.html">Reports</a></li>
        <li><a href="../projects/garden/index.html">Garden</a></li>
        <li><a href="index.html" aria-current="page">About</a></li>
        </ul>
        """))
        #expect(Self.read(folder, "index.html").contains("""
        <li><a href="projects/garden/index.html">Garden</a></li>
        <li><a href="about/index.html">About</a></li>
        </ul>
        """))
        #expect(Self.read(folder, "entries/2024-01-02-walk/index.html").contains(#"<li><a href="../../about/index.html">About</a></li>"#))
        // Titled by its first heading, which is then not in its body; its breadcrumbs lead home.
        let garden = Self.read(folder, "projects/garden/index.html")
        #expect(garden.contains("<h1 dir=\"auto\">Garden</h1>\n<div class=\"body\" dir=\"auto\">\n<p>Seeds.</p>"))
        #expect(garden.contains(#"<li><a href="../../index.html">Home</a></li>"#))
        #expect(garden.contains(#"<li><a href="index.html" aria-current="page">Garden</a></li>"#))
        let sitemap = Self.read(folder, "sitemap.xml")
        #expect(sitemap.contains("<url><loc>https://example.org/d/about/</loc></url>\n<url><loc>https://example.org/d/projects/garden/</loc></url>\n"))
        // A draft is left out; pages are in no feed or search index.
        #expect(!FileManager.default.fileExists(atPath: folder + "/site/_site/secret"))
        #expect(!Self.read(folder, "index.html").contains("Secret"))
        #expect(!Self.read(folder, "feed.xml").contains("about"))
        let search = try FileManager.default.contentsOfDirectory(atPath: folder + "/site/_site/search").filter { $0.hasSuffix(".js") }
            .map { Self.read(folder, "search/" + $0) }
        #expect(!search.isEmpty && !search.contains { $0.contains("about/") || $0.contains("Mina") })
        let drafts = try CLITests.run(["build", "site", "--now", "2024-02-01", "--drafts"], in: folder)
        #expect(drafts.status == 0)
        #expect(Self.read(folder, "secret/index.html").contains("<p>Not yet.</p>"))
        #expect(Self.read(folder, "index.html").contains(#"<li><a href="secret/index.html">Secret <span class="status-label status-draft">Draft</span></a></li>"#))
    }

    @Test func withPrettyURLsTheMenuLinksEndInASlash() throws {
        let folder = try Self.folder(config: #"{"title": "T", "prettyURLs": true}"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder).status == 0)
        #expect(Self.read(folder, "index.html").contains(#"<li><a href="about/">About</a></li>"#))
        #expect(Self.read(folder, "entries/2024-01-02-walk/index.html").contains(#"<li><a href="../../about/">About</a></li>"#))
        #expect(Self.read(folder, "about/index.html").contains(#"<li><a href="./" aria-current="page">About</a></li>"#))
        #expect(Self.read(folder, "projects/garden/index.html").contains(#"<li><a href="../../about/">About</a></li>"#))
    }

    @Test func aPageAtAnAddressTheBuildMakesIsAnErrorAtItsFile() throws {
        let folder = try Self.folder(["site/pages/tags.md": "# My tags\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder)
        #expect(build.status == 1)
        #expect(build.stderr == """
        error: site/pages/tags.md:1:1: the page's address would be tags/, where the build makes the tag pages; give the file another name
        Build failed: 1 error; the output was not changed.

        """)
    }

    @Test func aRemovedPageIsRemovedAndAnEditedOneRebuilt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder).status == 0)
        #expect(try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder).stderr.hasPrefix("Nothing changed: 1 entry, "))
        try Data("---\ntitle: About\n---\nI moved.\n".utf8).write(to: URL(fileURLWithPath: folder + "/site/pages/about.md"))
        let edited = try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder)
        #expect(edited.stderr.hasPrefix("Built 1 entry into site/_site: "), "\(edited.stderr)")
        #expect(Self.read(folder, "about/index.html").contains("<p>I moved.</p>"))
        try FileManager.default.removeItem(atPath: folder + "/site/pages/projects/garden.md")
        let removed = try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder)
        #expect(removed.stderr.contains(" 1 removed,"), "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/site/_site/projects"))
        #expect(!Self.read(folder, "index.html").contains("Garden"))
    }

    @Test func checkReportsAPagesBrokenLinkAtItsPlaceInTheFile() throws {
        // In more.md the address is written first in a code span, then as the link's destination.
        let folder = try Self.folder(["site/pages/links.md": "[gone](../nowhere/index.html) and [hidden](../secret/index.html)\n",
                                      "site/pages/more.md": "---\ntitle: More\n---\nType `../gone/index.html` or see [x](../gone/index.html).\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try CLITests.run(["check", "site", "--now", "2024-02-01"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == """
        error: site/pages/links.md:1:8: the page links/index.html links to "../nowhere/index.html", which leads to no file
        error: site/pages/links.md:1:44: the page links/index.html links to "../secret/index.html", which leads to no file (a draft page, which a build leaves out: --drafts includes it)
        error: site/pages/more.md:4:38: the page more/index.html links to "../gone/index.html", which leads to no file
        site: 3 broken links

        """)
    }
}

/// Found by a security audit: a page's title and text took NUL and ESC into the HTML (its title
/// into every page's menu), where an entry's are replaced and warned about.
@Suite struct PageControlCharacterTests {
    @Test func aPagesControlCharactersAreReplacedWithAWarning() throws {
        let folder = try PagesCLITests.folder(["site/pages/p.md": "---\ntitle: \"a\\x00b\\x1bc\"\n---\nbody \u{01} x \u{1B} y\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("""
        warning: site/pages/p.md:2:8: "title" holds control characters (U+0000, U+001B) that web pages and feeds cannot show; each is shown as \u{FFFD}
        warning: site/pages/p.md:4:6: the text holds control characters that web pages cannot show; each is shown as a space

        """))
        let page = PagesCLITests.read(folder, "p/index.html")
        #expect(page.contains("<title>a\u{FFFD}b\u{FFFD}c · T</title>"))
        #expect(!page.contains("\u{01}") && !page.contains("\u{1B}") && !page.contains("\u{00}"))
        #expect(!PagesCLITests.read(folder, "index.html").contains("\u{1B}"))
    }
}

/// Found by a security audit: a page's or a zip member's name with an escape sequence reached the
/// terminal as it is (colouring it, setting its title, writing to its clipboard with OSC 52).
@Suite struct VisibleMessageTests {
    @Test func controlCharactersOfAMessageAreWrittenOut() {
        #expect(Terminal.visible("plain: fine\n\tnext") == "plain: fine\n\tnext")
        #expect(Terminal.visible("Pay \u{202E}evil\u{2067}") == #"Pay \u{202E}evil\u{2067}"#)
        #expect(Terminal.visible("a\u{1B}[31mRED\u{1B}]0;pwned\u{07}.md and \u{9B}1m") == #"a\u{1B}[31mRED\u{1B}]0;pwned\u{7}.md and \u{9B}1m"#)
    }

    @Test func aPagesNameIsShownWithItsEscapes() throws {
        let folder = try PagesCLITests.folder(["site/pages/a\u{1B}[31mRED.md": "---\ntitel: x\n---\nb"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLITests.run(["build", "site", "--now", "2024-02-01"], in: folder)
        #expect(run.stderr.hasPrefix(#"warning: site/pages/a\u{1B}[31mRED.md:2:1: unknown key "titel""#))
        #expect(!run.stderr.contains("\u{1B}"))
    }
}

/// Found by a theme audit: a broken link two site templates write was blamed on the first of them
/// by name (404.mustache), not on the one that makes the page it is on (entry.mustache).
@Suite struct BrokenTemplateLinkPlaceTests {
    @Test func theTemplateThatMakesThePageIsNamed() {
        #expect(CheckCommand.template(making: "entries/a/index.html") == "entry.mustache")
        #expect(CheckCommand.template(making: "index.html") == "list.mustache")
        #expect(CheckCommand.template(making: "tags/index.html") == "archive.mustache")
        #expect(CheckCommand.template(making: "tags/walk/index.html") == "list.mustache")
        #expect(CheckCommand.template(making: "about/index.html") == "page.mustache")
        let templates = [(file: "s/templates/404.mustache", text: #"<img src="{{chrome.rootHref}}logo.png">"#),
                         (file: "s/templates/entry.mustache", text: "x\n" + #"<img src="{{chrome.rootHref}}logo.png">"#)]
        let link = LinkChecker.PageLink(page: "entries/a/index.html", target: "../../logo.png", path: "logo.png")
        #expect(CheckCommand.reported([link], entryPages: [:], templates: templates)
            == [#"s/templates/entry.mustache:2:30: link to "../../logo.png" leads to no file (on entries/a/index.html)"#])
    }
}
