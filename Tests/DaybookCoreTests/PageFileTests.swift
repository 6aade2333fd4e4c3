import Foundation
import Testing
@testable import DaybookCore

/// A page of the site's own (`pages/*.md`) as the load stage reads it.
@Suite struct PageFileTests {
    func read(_ text: String, path: String = "about.md") -> (page: PageFile?, errors: [String], warnings: [String]) {
        let read = PageFile.read(Array(text.utf8), path: path, file: "site/pages/" + path)
        return (read.page, read.errors.map(\.description), read.warnings.map(\.description))
    }

    @Test func frontMatterGivesEveryKey() throws {
        let read = read("""
        ---
        title: About me
        description: Who writes this diary.
        weight: -3
        menu: false
        draft: true
        aliases: [/about.html, /me/]
        ---
        # Not the title

        Hello.
        """)
        let page = try #require(read.page)
        #expect(read.errors == [] && read.warnings == [])
        #expect(page.title == "About me")
        #expect(page.headingTitle == nil)
        #expect(page.description == "Who writes this diary.")
        #expect(page.weight == -3)
        #expect(page.menu == false)
        #expect(page.draft == true)
        #expect(page.aliases == ["about.html", "me/index.html"])
        #expect(page.aliasOrigins.map { "\($0.line):\($0.column)" } == ["7:11", "7:24"])
        #expect(page.body == "# Not the title\n\nHello.")
        #expect(page.bodyOffset == 124)
    }

    @Test func withoutATitleTheFirstHeadingIsItAndLeavesTheBody() throws {
        let page = try #require(read("\n# About *me* #\n\nHello.\n").page)
        #expect(page.title == nil)
        #expect(page.headingTitle == "About *me*")
        #expect(page.body == "\n\nHello.\n")
        let setext = try #require(read("About\n=====\nHello.").page)
        #expect(setext.headingTitle == "About" && setext.body == "Hello.")
        // A second-level heading is no title; nor is a heading after text.
        #expect(try #require(read("## About\n").page).headingTitle == nil)
        #expect(try #require(read("Hi.\n\n# About\n").page).headingTitle == nil)
    }

    @Test func tomlFrontMatterAndHugosMenuForms() throws {
        let page = try #require(read("+++\ntitle = 'Now'\nweight = 2\n+++\nBody").page)
        #expect(page.title == "Now" && page.weight == 2 && page.body == "Body")
        let hugo = try #require(read("---\nmenu:\n  main:\n    weight: 7\n---\n").page)
        #expect(hugo.menu && hugo.weight == 7)
        #expect(try #require(read("---\nmenu: main\n---\n").page).menu)
        #expect(try #require(read("---\ntitle: ~\ndescription:\n---\n# T\n").page).headingTitle == "T")
    }

    /// Found by a theme audit: a tab that indents a key was located at the value before it (2:8).
    @Test func aTabInYAMLIsLocatedAtTheTab() {
        #expect(read("---\ntitle: T\n\tweight: 2\n---\nB\n").errors == [
            "site/pages/about.md:3:1: YAML: found a tab character that violates indentation (YAML indents with spaces, not tabs)",
        ])
    }

    /// Found by a theme audit: `title = T` in TOML said only "expected 'true', saw 'T'".
    @Test func anUnquotedTOMLTextSaysToQuoteIt() {
        let hint = "; text is written in quotes in TOML (title = \"My page\")"
        #expect(read("+++\ntitle = T\n+++\nB\n").errors == ["site/pages/about.md:2:9: TOML: expected 'true', saw 'T'" + hint])
        #expect(read("+++\ntitle = My page\n+++\nB\n").errors == ["site/pages/about.md:2:9: TOML: could not determine value type" + hint])
        #expect(read("+++\nweight = 2024-13-01\n+++\nB\n").errors.first?.hasSuffix(hint) == false)
    }

    /// Found by a theme audit: a weight past what a whole number holds was said to be no whole number.
    @Test func aWeightTooLargeSaysSo() {
        #expect(read("---\nweight: 99999999999999999999\n---\n").errors == [
            #"site/pages/about.md:2:9: "weight" must be a whole number from -9223372036854775808 to 9223372036854775807, found "99999999999999999999""#,
        ])
        #expect(read("---\nweight: 1e3\n---\n").errors == [#"site/pages/about.md:2:9: "weight" must be a whole number, found "1e3""#])
    }

    /// Found by a theme audit: `menu: footer` (Hugo's footer menu) put the page in the header's menu.
    @Test func aPageInAnotherHugoMenuIsLeftOutOfTheHeadersWithAWarning() throws {
        let reason = "Daybook has one menu, the header's (Hugo's \"main\"), and a page in"
        let footer = read("---\nmenu: footer\n---\n")
        #expect(try #require(footer.page).menu == false)
        #expect(footer.warnings == [#"site/pages/about.md:2:7: "menu": \#(reason) "footer" is left out of it: "menu: true" lists it there; a link in your layout's footer shows it there"#])
        let map = read("---\nmenu:\n  footer:\n    weight: 2\n  social: {}\n---\n")
        #expect(try #require(map.page).menu == false)
        #expect(map.warnings.count == 1 && map.warnings[0].contains(#"a page in "footer", "social" is left out"#))
        let both = read("---\nmenu: [footer, main]\n---\n")
        #expect(try #require(both.page).menu && both.warnings.isEmpty)
    }

    @Test func unknownKeysAreWarnedAtTheKey() throws {
        let read = read("---\ntitel: A\nlayout: page\n  \nauthor: Mina\ndate: 2024-05-01\nsummary: Who I am\n---\n")
        #expect(read.page != nil)
        // `author` and `date` are near no key of a page's: the user's own, as in the diary's JSON.
        #expect(read.warnings == [
            #"site/pages/about.md:2:1: unknown key "titel" (did you mean "title"?)"#,
            #"site/pages/about.md:3:1: "layout" is Hugo's and Jekyll's; every page is shown by the theme's page.mustache (templates/page.mustache of the site, if it has one)"#,
            #"site/pages/about.md:7:1: "summary" is Hugo's; Daybook's is "description""#,
        ])
    }

    @Test func jekyllsPublishedFalseMakesADraftWhateverTheOrder() throws {
        #expect(try #require(read("---\npublished: false\n---\nText\n").page).draft)
        #expect(try #require(read("---\npublished: false\ndraft: false\n---\nText\n").page).draft)
        #expect(try #require(read("---\npublished: true\n---\nText\n").page).draft == false)
        #expect(read("---\npublished: soon\n---\n").errors == [#"site/pages/about.md:2:12: "published" (Jekyll's) must be true or false, found "soon""#])
    }

    @Test func badFrontMatterIsLocatedInTheFile() {
        #expect(read("---\ntitle: A\nBody\n").errors == ["site/pages/about.md:1:1: the front matter opened here with --- is not closed by a --- line"])
        #expect(read("+++\ntitle = 'A'\n").errors == ["site/pages/about.md:1:1: the front matter opened here with +++ is not closed by a +++ line"])
        #expect(read("---\ntitle: \"A\n---\n").errors
            == ["site/pages/about.md:2:8: YAML: while scanning a quoted scalar that starts here: found unexpected end of stream at line 2, column 10"])
        #expect(read("---\nweight: high\ndraft: yes\naliases: [/entries/x/y/]\n---\n").errors == [
            #"site/pages/about.md:2:9: "weight" must be a whole number, found "high""#,
            #"site/pages/about.md:3:8: "draft" must be true or false, found "yes""#,
            #"site/pages/about.md:4:11: alias "/entries/x/y/" is in entries/, which the build writes; an old address is somewhere else (such as /posts/walk/)"#,
        ])
        #expect(read("---\n- a\n---\n").errors == ["site/pages/about.md:2:1: front matter must be a map of keys and values"])
        #expect(read("---\naliases: [[/a/]]\ntitle: [A]\n---\n").errors == [
            "site/pages/about.md:2:11: an alias must be an address (such as /about/), found a list",
            #"site/pages/about.md:3:8: "title" must be text, found a list"#,
        ])
        // A rule at the top, with no key after it, is the page's text.
        #expect(read("---\n\nText\n").page?.body == "---\n\nText\n")
    }

    /// Found by a theme audit: `draft: "true"` said it "must be true or false, found "true"", and
    /// a Hugo menu's `weight: x` was left out without a word, where `weight: x` is an error.
    @Test func aQuotedValueAndAMenusWeightAreNamedInTheirErrors() {
        #expect(read("---\ndraft: \"true\"\nweight: '2'\nmenu:\n  main:\n    weight: x\n---\n").errors == [
            #"site/pages/about.md:2:8: "draft" must be true or false, found "true" in quotes, which makes it text"#,
            #"site/pages/about.md:3:9: "weight" must be a whole number, found "2" in quotes, which makes it text"#,
            #"site/pages/about.md:6:13: "weight" must be a whole number, found "x""#,
        ])
        #expect(read("+++\ndraft = 'false'\n[menu.main]\nweight = 1.5\n+++\n").errors == [
            #"site/pages/about.md:2:9: "draft" must be true or false, found "false" in quotes, which makes it text"#,
            #"site/pages/about.md:4:10: "weight" must be a whole number, found "1.5""#,
        ])
    }

    @Test func aFileThatIsNotUTF8IsLocatedAtItsFirstBadByte() {
        let read = PageFile.read(Array("# Hi\nab".utf8) + [0xFF], path: "a.md", file: "site/pages/a.md")
        #expect(read.page == nil)
        #expect(read.errors.map(\.description) == ["site/pages/a.md:2:3: not UTF-8 text"])
    }

    @Test func windowsLineEndsAndAByteOrderMarkAreRead() throws {
        let page = try #require(read("\u{FEFF}---\r\ntitle: A\r\n---\r\nBody\r\n").page)
        #expect(page.title == "A" && page.body == "Body\n")
    }

    @Test func anImageIsLocatedWhereItIsWritten() throws {
        let page = try #require(read("---\ntitle: A\n---\nText\n\n![x](photos/a.jpg)\n").page)
        let at = page.origin(of: "photos/a.jpg")
        #expect("\(at.line):\(at.column)" == "6:6")
        let nowhere = page.origin(of: "photos/none.jpg")
        #expect("\(nowhere.line):\(nowhere.column)" == "4:1")
    }

    @Test func theLoaderReadsPagesBelowPagesInPathOrder() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "pages/b.md": "B",
            "pages/a/index.markdown": "A",
            "pages/a.md": "# A",
            "pages/.hidden.md": "no",
            "pages/.drafts/x.md": "no",
            "pages/me.jpg": "not a page",
            "pages/notes.txt": "not a page",
        ])
        try FileManager.default.createSymbolicLink(atPath: site.root + "/pages/linked.md", withDestinationPath: site.root + "/pages/b.md")
        try site.write("pages/big.md", Data(repeating: 0x61, count: PageFile.maxBytes + 1))
        let loaded = try SiteLoader(root: site.root).loadAll()
        let shown = { (text: String) in text.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(loaded.source.pages.map(\.path) == ["a.md", "a/index.markdown", "b.md"])
        #expect(loaded.source.pages.map { shown($0.file) } == ["pages/a.md", "pages/a/index.markdown", "pages/b.md"])
        #expect(loaded.errors.map { shown($0.description) } == ["pages/big.md: is larger than 8 MB, the most a page may be"])
        #expect(loaded.source.warnings.map { shown($0.description) }
            == ["pages/linked.md: is a symbolic link, which is not followed (it could lead out of the site folder): put the page itself in pages/"])
    }
}
