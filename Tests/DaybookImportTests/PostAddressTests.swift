import DaybookCore
@testable import DaybookImport
import Foundation
import Testing

/// A Hugo or Jekyll post's old address kept as its entry's alias.
@Suite struct PostAddressTests {
    static let day = CalendarDay(year: 2024, month: 1, day: 5)

    /// Paths as Hugo 0.111 published them (`hugo`, the site's sitemap.xml).
    @Test func hugoAddressesAsHugoPublishesThem() {
        func address(_ path: String, slug: String? = nil) -> String? {
            PostAddress.of(path: path, slug: slug, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: .init()).first
        }
        #expect(address("content/posts/first-walk.md") == "/posts/first-walk/")
        #expect(address("content/posts/My Trip.md") == "/posts/my-trip/")
        #expect(address("content/posts/y.md", slug: "Big Day") == "/posts/big-day/")
        #expect(address("content/posts/Bundle/index.md") == "/posts/bundle/")
        #expect(address("content/posts/산책.md") == "/posts/산책/")
        #expect(address("content/about.md") == "/about/")
        #expect(address("content/posts/_index.md") == nil)
        var rules = PostAddress.SiteRules()
        rules.guessesHugo = false
        #expect(PostAddress.of(path: "content/posts/a.md", slug: nil, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: rules) == [])
        #expect(PostAddress.of(path: "content/posts/a.md", slug: nil, written: "/2024/a/", categories: [], day: Self.day, postFolders: ["content/"], rules: rules) == ["/2024/a/"])
    }

    /// Found by a Hugo user's audit: a site with `[permalinks]`, the most common setup, kept no old
    /// address, with no word. They are read, in each form Hugo takes; one not read guesses nothing.
    @Test func hugoConfigurationsPermalinksAreRead() {
        let files = ["hugo.toml", "content/posts/a.md"]
        func rules(_ text: String, files: [String] = files) -> PostAddress.SiteRules {
            PostAddress.SiteRules.of(files: files, postFolders: ["content/"]) { _ in text }
        }
        #expect(rules("title = 'x'\n").guessesHugo)
        #expect(rules("[permalinks]\nposts = '/:year/:slug/'\n").hugoPermalinks == ["posts": "/:year/:slug/"])
        #expect(rules("[permalinks]\nposts = '/:year/:slug/'\n").guessesHugo)
        #expect(rules("[permalinks.page]\nposts = '/:slug/'\n[permalinks.section]\nposts = '/p/'\n").hugoPermalinks == ["posts": "/:slug/"])
        #expect(rules("permalinks:\n  Posts: /:title/\n", files: ["hugo.yaml", "content/posts/a.md"]).hugoPermalinks == ["posts": "/:title/"])
        #expect(rules("posts = '/:slug/'", files: ["config/_default/permalinks.toml", "content/a.md"]).hugoPermalinks == ["posts": "/:slug/"])
        // A pattern that is no string is not read: nothing is guessed.
        #expect(!rules("[permalinks]\nposts = 3\n").guessesHugo)
        #expect(!rules("uglyURLs = true\n").guessesHugo)
        // A multilingual site puts a language's posts under its code.
        #expect(!rules("[languages.fr]\nweight = 2\n").guessesHugo)
        #expect(!rules("[fr]\n", files: ["config/_default/languages.toml", "content/a.md"]).guessesHugo)
    }

    /// Addresses as Hugo 0.111 published them with these `permalinks` (`hugo`, the files in `public/`).
    @Test func hugoPermalinksAsHugoPublishesThem() {
        var rules = PostAddress.SiteRules()
        rules.hugoPermalinks = ["posts": "/:year/:month/:slug/", "blog": "/blog/:year/:monthname/:day/:filename/", "notes": "/:sections/:title"]
        func address(_ path: String, slug: String? = nil, title: String, day: CalendarDay = CalendarDay(year: 2021, month: 7, day: 9)) -> [String] {
            PostAddress.of(path: path, slug: slug, title: title, written: nil, categories: [], day: day, postFolders: ["content/"], rules: rules)
        }
        #expect(address("content/posts/Hello-World.md", title: "Hello, World: a test!") == ["/2021/07/hello-world-a-test/"])
        #expect(address("content/posts/b.md", slug: "post-b", title: "Post B", day: CalendarDay(year: 2021, month: 3, day: 5)) == ["/2021/03/post-b/"])
        #expect(address("content/blog/Hello-World.md", title: "Hello, World: a test!") == ["/blog/2021/july/09/hello-world/"])
        #expect(address("content/blog/trip/index.md", title: "T") == ["/blog/2021/july/09/trip/"])
        // `:sections` are the folders that are sections: one with an `_index` page.
        #expect(address("content/notes/deep/dn.md", title: "Deep Note") == ["/notes/deep-note/"])
        rules.hugoSections = ["notes/deep"]
        #expect(address("content/notes/deep/dn.md", title: "Deep Note") == ["/notes/deep/deep-note/"])
        // A section without a pattern has Hugo's default; a token Hugo has and this does not read, none.
        #expect(address("content/other/n1.md", title: "N") == ["/other/n1/"])
        rules.hugoPermalinks["posts"] = "/:year/:lastmod/"
        #expect(address("content/posts/a.md", title: "A") == [])
    }

    /// File names as Hugo 0.168 and 0.111 made paths of them (`hugo` on this machine, the files in
    /// `public/`): characters a path does not keep are dropped, and where the two differ (spaces
    /// after a `-`) both addresses are kept.
    @Test func hugoMakesAPathOfANameAsHugoDoes() {
        func addresses(_ name: String, slug: String? = nil) -> [String] {
            PostAddress.of(path: "content/posts/\(name).md", slug: slug, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: .init())
        }
        #expect(addresses("hello, world!") == ["/posts/hello-world/"])
        #expect(addresses("a+b&c (1)") == ["/posts/a+bc-1/"])
        #expect(addresses("100% done") == ["/posts/100-done/"])
        #expect(addresses("a%20b") == ["/posts/a%20b/"])
        #expect(addresses("a-----b") == ["/posts/a-----b/"])
        #expect(addresses("a- b") == ["/posts/a--b/", "/posts/a-b/"])
        #expect(addresses("  sp  ace ") == ["/posts/--sp--ace-/", "/posts/-sp-ace-/"])
        #expect(addresses("a -b") == ["/posts/a--b/", "/posts/a-b/"])
        #expect(addresses("x - y") == ["/posts/x---y/", "/posts/x-y/"])
        #expect(addresses("İstanbul") == ["/posts/istanbul/"])
        #expect(addresses("Ⅻroman") == ["/posts/roman/"])
        #expect(addresses("tag#1 @me") == ["/posts/tag#1-@me/"])
        #expect(addresses("x_y.z") == ["/posts/x_y.z/"])
        #expect(addresses("Café Olé") == ["/posts/café-olé/"])
        #expect(addresses("Ünïcödé Straße") == ["/posts/ünïcödé-straße/"])
        #expect(addresses("全角\u{3000}スペース") == ["/posts/全角-スペース/"])
        #expect(addresses("中点・テスト") == ["/posts/中点テスト/"])
        #expect(addresses("sl", slug: "Hello, World!") == ["/posts/hello-world/"])
    }

    /// Hugo takes a relative alias from the folder of the post's address (checked with both Hugos).
    @Test func hugosRelativeAliasesAreFromThePostsFolder() {
        #expect(PostAddress.hugoAlias("old-walk/", of: "/posts/walk/") == "/posts/old-walk/")
        #expect(PostAddress.hugoAlias("rel.html", of: "/posts/walk/") == "/posts/rel.html")
        #expect(PostAddress.hugoAlias("old2", of: "/posts/sub/deep/") == "/posts/sub/old2")
        #expect(PostAddress.hugoAlias("../up/", of: "/posts/walk/") == "/up/")
        #expect(PostAddress.hugoAlias("../../up/", of: "/posts/walk/") == "/up/")
        #expect(PostAddress.hugoAlias("old.html/", of: "/posts/walk/") == "/posts/old.html")
        #expect(PostAddress.hugoAlias("/abs.html/", of: "/posts/walk/") == "/abs.html")
        #expect(PostAddress.hugoAlias("/abs/", of: "/posts/walk/") == "/abs/")
        #expect(PostAddress.hugoAlias("old/", of: nil) == nil)
    }

    /// Zola's default `slugify.paths = "on"`, and its dated file names.
    @Test func zolaAddressesAreSlugified() {
        let rules = PostAddress.SiteRules.of(files: ["config.toml", "content/posts/a.md"], postFolders: ["content/"]) { _ in "base_url = 'https://x.example'\n" }
        #expect(rules.isZola)
        func addresses(_ name: String) -> [String] {
            PostAddress.of(path: "content/posts/\(name).md", slug: nil, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: rules)
        }
        #expect(addresses("2024-01-05-My Trip") == ["/posts/my-trip/"])
        #expect(addresses("2024-01-05_hello, world!") == ["/posts/hello-world/"])
        #expect(addresses("Café Olé") == ["/posts/cafe-ole/"])
        #expect(addresses("산책") == [])
        // The section's folders as written; a bundle's folder is the page's name (zola's page.rs).
        func address(_ path: String) -> [String] {
            PostAddress.of(path: path, slug: nil, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: rules)
        }
        #expect(address("content/My Posts/2024-01-05-walk/index.md") == ["/My Posts/walk/"])
        #expect(address("content/My Posts/2024-01-06_Café Olé.md") == ["/My Posts/cafe-ole/"])
    }

    /// Jekyll's `:title` keeps the name's case and `._~!$&'()+,;=@`; `:slug` is lowercased letters and digits.
    @Test func jekyllSlugifiesTheTitleAsJekyllDoes() {
        let rules = PostAddress.SiteRules()
        func address(_ file: String, slug: String? = nil, pattern: String? = nil) -> String? {
            PostAddress.of(path: "_posts/\(file).md", slug: slug, written: pattern, categories: [], day: Self.day,
                           postFolders: ["_posts/", "_drafts/"], rules: rules).first
        }
        #expect(address("2024-01-05-My Walk!") == "/2024/01/05/My-Walk!.html")
        #expect(address("2024-01-05-x", slug: "Hello World") == "/2024/01/05/Hello-World.html")
        #expect(address("2024-01-05-My Walk!", pattern: "/:slug/") == "/my-walk/")
        #expect(PostAddress.jekyllSlug("  Été -- à Paris ", pretty: false, cased: false) == "été-à-paris")
        // Jekyll's own test of its modes (test/test_utils.rb).
        #expect(PostAddress.jekyllSlug("The _config.yml file?", pretty: true, cased: true) == "The-_config.yml-file")
        #expect(PostAddress.jekyllSlug("The _config.yml file?", pretty: false, cased: true) == "The-config-yml-file")
    }

    /// Jekyll's permalink styles (jekyllrb.com/docs/permalinks).
    @Test func jekyllAddressesFollowItsPermalinkStyle() {
        func address(_ config: String?, slug: String? = nil, categories: [String] = []) -> String? {
            let files = ["_config.yml", "_posts/2024-01-05-first-snow.md"]
            let rules = PostAddress.SiteRules.of(files: files, postFolders: ["_posts/", "_drafts/"]) { _ in config ?? "title: x\n" }
            return PostAddress.of(path: "_posts/2024-01-05-first-snow.md", slug: slug, written: nil, categories: categories, day: Self.day,
                                  postFolders: ["_posts/", "_drafts/"], rules: rules).first
        }
        #expect(address(nil) == "/2024/01/05/first-snow.html")
        #expect(address(nil, categories: ["Travel", "winter", "travel"]) == "/travel/winter/2024/01/05/first-snow.html")
        #expect(address("permalink: pretty\n") == "/2024/01/05/first-snow/")
        #expect(address("permalink: none\n", slug: "snow") == "/snow.html")
        #expect(address("permalink: /blog/:year/:i_month/:title/\n") == "/blog/2024/1/first-snow/")
        #expect(address("permalink: ordinal\n") == nil)
        #expect(address("permalink: /:year/:nonsense/\n") == nil)
    }

    @Test func importedPostsKeepTheirOldAddressesAndTheFrontMattersAliases() throws {
        let export = NSTemporaryDirectory() + "hugo-aliases-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: export) }
        let site = try MarkdownNotesImportTests.imported([
            "hugo.toml": "title = 'x'\n",
            "content/posts/walk.md": "+++\ntitle = 'Walk'\ndate = 2024-01-05\naliases = ['/old/walk.html', '/tags/walk/', '/posts/walk/']\n+++\nOut.\n",
            "content/posts/tea.md": "---\ntitle: Tea\ndate: 2024-01-06\naliases: /old/tea.html\n---\nHot.\n",
        ], into: export)
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains("\"aliases\": [\n      \"/posts/walk/\",\n      \"/old/walk.html\"\n    ]"))
        #expect(diary.contains("\"aliases\": [\n      \"/posts/tea/\",\n      \"/old/tea.html\"\n    ]"))
        try ImportFixtures.build(site)
        #expect(try #require(ImportFixtures.read(site + "/_site/posts/walk/index.html")).contains(#"url=../../entries/2024-01-05-walk/index.html""#))
        #expect(try #require(ImportFixtures.read(site + "/_site/old/walk.html")).contains(#"url=../entries/2024-01-05-walk/index.html""#))
        #expect(ImportFixtures.read(site + "/_site/posts/tea/index.html") != nil)
    }

    /// Found in the list of open items: a re-import set `aliases` again, so one added by hand was
    /// lost and its old address stopped working. They are added to, never taken away.
    @Test func reimportKeepsAliasesAddedByHandAndOnesTheExportNoLongerGives() throws {
        let export = NSTemporaryDirectory() + "hugo-realias-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: export) }
        let site = try MarkdownNotesImportTests.imported([
            "hugo.toml": "title = 'x'\n",
            "content/posts/walk.md": "---\ntitle: Walk\ndate: 2024-01-05\naliases: [/old/walk.html]\n---\nOut.\n",
            "content/posts/tea.md": "---\ntitle: Tea\ndate: 2024-01-06\n---\nHot.\n",
        ], into: export)
        defer { try? FileManager.default.removeItem(atPath: site) }
        let file = site + "/diary/markdown.json"
        var diary = try #require(ImportFixtures.read(file))
        diary = diary.replacingOccurrences(of: "\"/old/walk.html\"\n", with: "\"/old/walk.html\",\n      \"/2019/walk/\"\n")
        diary = diary.replacingOccurrences(of: "\"/posts/tea/\"\n", with: "\"/posts/tea/\",\n      \"/mine/tea/\"\n")
        try Data(diary.utf8).write(to: URL(fileURLWithPath: file))
        // The walk loses its front matter's alias and gains another.
        try Data("---\ntitle: Walk\ndate: 2024-01-05\naliases: [/new/walk/]\n---\nOut.\n".utf8)
            .write(to: URL(fileURLWithPath: export + "/content/posts/walk.md"))
        let (summary, _) = try ImportFixtures.importInto(site, .markdown, export, zone: "UTC")
        #expect(summary.updated == 1)
        #expect(summary.unchanged == 1)
        let after = try #require(ImportFixtures.read(file))
        #expect(after.contains("\"aliases\": [\n      \"/posts/walk/\",\n      \"/new/walk/\",\n      \"/old/walk.html\",\n      \"/2019/walk/\"\n    ]"))
        #expect(after.contains("\"aliases\": [\n      \"/posts/tea/\",\n      \"/mine/tea/\"\n    ]"))
        try ImportFixtures.build(site)
        for page in ["2019/walk/index.html", "old/walk.html", "new/walk/index.html", "mine/tea/index.html"] {
            #expect(ImportFixtures.read(site + "/_site/" + page) != nil, "\(page)")
        }
        // Imported again, nothing changes.
        let before = ImportFixtures.snapshot(site + "/diary")
        let (again, _) = try ImportFixtures.importInto(site, .markdown, export, zone: "UTC")
        #expect(again.unchanged == 2)
        #expect(ImportFixtures.snapshot(site + "/diary") == before)
    }

    @Test func aliasesThatCannotBeAreWarnedAndLeftOut() throws {
        let batch = try ImportFixtures.markdownBatch([
            "_config.yml": "title: x\npermalink: /:title/\n",
            "_posts/2024-01-05-a.md": "---\nredirect_from: ['/tags/walk/', 'https://old.example/x/', '/fine/']\n---\nOut.\n",
            "_posts/2024-01-06-b.md": "---\nredirect_from: /fine/\n---\nIn.\n",
        ])
        #expect(batch.items.first?["aliases"] == .array([JSONNode(value: .string("/a/")), JSONNode(value: .string("/fine/"))]))
        #expect(batch.items.last?["aliases"] == .array([JSONNode(value: .string("/b/"))]))
        #expect(batch.warnings.contains { $0.description.hasSuffix(#"2024-01-05-a.md: alias "/tags/walk/" is in tags/, which the build writes; an old address is somewhere else (such as /posts/walk/); left out of its aliases"#) })
        #expect(batch.warnings.contains { $0.description.hasSuffix(#"2024-01-05-a.md: alias "https://old.example/x/" must be an address on this site, from its root (such as /posts/walk/), not a URL; left out of its aliases"#) })
        #expect(batch.warnings.contains { $0.description.contains(#"2024-01-06-b.md: alias "/fine/" is "#) && $0.description.hasSuffix(#"2024-01-05-a.md's already; left out"#) })
    }

    @Test func jekyllsSingularCategoryIsOneCategory() throws {
        let batch = try ImportFixtures.markdownBatch([
            "_config.yml": "title: x\n",
            "_posts/2024-01-05-a.md": "---\ncategory: road trip\n---\nOut.\n",
            "_posts/2024-01-06-b.md": "---\ncategories: road trip\n---\nIn.\n",
        ])
        #expect(batch.items.first?["tags"] == .array([JSONNode(value: .string("road trip"))]))
        #expect(batch.items.first?["aliases"] == .array([JSONNode(value: .string("/road trip/2024/01/05/a.html"))]))
        #expect(batch.items.last?["tags"] == .array([JSONNode(value: .string("road")), JSONNode(value: .string("trip"))]))
        #expect(batch.items.last?["aliases"] == .array([JSONNode(value: .string("/road/trip/2024/01/06/b.html"))]))
    }

    @Test func hugosRelativeAliasesAreImportedFromThePostsFolder() throws {
        let batch = try ImportFixtures.markdownBatch([
            "hugo.toml": "title = 'x'\n",
            "content/posts/walk.md": "---\ntitle: Walk\ndate: 2024-01-05\naliases: [old-walk/, /abs/]\n---\nOut.\n",
        ])
        #expect(batch.items.first?["aliases"] == .array(["/posts/walk/", "/posts/old-walk/", "/abs/"].map { JSONNode(value: .string($0)) }))
    }

    /// An address an entry of the site has already (in another diary file) is left out, so that the build goes on.
    @Test func anAliasTheSiteHasAlreadyIsLeftOut() throws {
        let export = NSTemporaryDirectory() + "hugo-taken-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: export) }
        try FileManager.default.createDirectory(atPath: export + "/content/posts", withIntermediateDirectories: true)
        try Data("title = 'x'\n".utf8).write(to: URL(fileURLWithPath: export + "/hugo.toml"))
        try Data("---\ntitle: Walk\ndate: 2024-01-05\naliases: [/old/]\n---\nOut.\n".utf8).write(to: URL(fileURLWithPath: export + "/content/posts/walk.md"))
        let site = try ImportFixtures.site([
            "diary.json": #"[{"title": "Mine", "date": "2024-01-01", "aliases": ["/posts/walk"]}]"#,
        ], timeZone: "UTC")
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (summary, _) = try ImportFixtures.importInto(site, .markdown, export, zone: "UTC")
        #expect(summary.warnings.map(\.description) == [export + #"/content/posts/walk.md: alias "/posts/walk/" is an entry's in diary.json already; left out"#])
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains("\"aliases\": [\n      \"/old/\"\n    ]"))
        try ImportFixtures.build(site)
        #expect(try #require(ImportFixtures.read(site + "/_site/posts/walk/index.html")).contains("Mine"))
    }

    /// In a folder of notes (Obsidian), `aliases` are the note's other names, for wiki links.
    @Test func obsidianAliasesAreNamesOfTheNote() throws {
        let batch = try ImportFixtures.markdownBatch([
            "2024-01-05.md": "---\naliases: [Mum, Mom]\n---\nCalled her.\n",
            "2024-01-06.md": "Visited [[Mum]] and [[mom|her]].\n",
        ])
        #expect(batch.items.allSatisfy { $0["aliases"] == nil })
        guard case .string(let body)? = batch.items.last?["body"] else { Issue.record("no body"); return }
        #expect(body.contains("[Mum](\u{1}entry:markdown:2024-01-05.md\u{1}"))
        #expect(body.contains("[her](\u{1}entry:markdown:2024-01-05.md\u{1}"))
    }
}

/// Obsidian's links to a heading lead to its id on the entry's page.
@Suite struct WikiHeadingLinkTests {
    @Test func aLinkToAHeadingLeadsToItsID() throws {
        let batch = try ImportFixtures.markdownBatch([
            "2024-01-05.md": "## Long Walk\n\nFar.\n",
            "2024-01-06.md": "See [[2024-01-05#Long Walk]], [[2024-01-05#Long Walk|the walk]] and [[#Here, Now|here]].\n\n## Here, Now\n",
        ])
        guard case .string(let body)? = batch.items.last?["body"] else { Issue.record("no body"); return }
        #expect(body.hasPrefix("See [2024-01-05](\u{1}entry:markdown:2024-01-05.md\u{1}#long-walk), [the walk](\u{1}entry:markdown:2024-01-05.md\u{1}#long-walk) and [here](#here-now)."))
        // The ids the build gives: `main-1` beside the page's own `main`, `heading` for no letters.
        let own = try ImportFixtures.markdownBatch(["2024-01-07.md": "## Main\n\n## 🎉\n\nSee [[#Main]] and [[#🎉]].\n"])
        guard case .string(let ownBody)? = own.items.first?["body"] else { Issue.record("no body"); return }
        #expect(ownBody.hasSuffix("See [Main](#main-1) and [🎉](#heading)."))
        let site = try ImportFixtures.siteWithNotes([
            "2024-01-05.md": "## Long Walk\n\nFar.\n",
            "2024-01-06.md": "See [[2024-01-05#Long Walk]].\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.build(site)
        let pages = try FileManager.default.contentsOfDirectory(atPath: site + "/_site/entries").sorted()
        let walk = try #require(ImportFixtures.read(site + "/_site/entries/\(pages[0])/index.html"))
        #expect(walk.contains(#"<h2 id="long-walk">Long Walk</h2>"#))
        let see = try #require(ImportFixtures.read(site + "/_site/entries/\(pages[1])/index.html"))
        #expect(see.contains("href=\"../../entries/\(pages[0])/index.html#long-walk\""))
    }

    /// A note's first `# heading` is its title, not in its page: a later heading of the same id
    /// has it without `-1`. With a title in the front matter, the heading stays and the later one is `-1`.
    @Test func theTitleHeadingTakesNoID() throws {
        let batch = try ImportFixtures.markdownBatch([
            "2024-01-05.md": "# Trip!\n\n## Trip?\n\nFar.\n",
            "2024-01-06.md": "---\ntitle: Home\n---\n# Trip!\n\n## Trip?\n",
            "2024-01-07.md": "See [[2024-01-05#Trip?]] and [[2024-01-06#Trip?]].\n",
        ])
        guard case .string(let body)? = batch.items.last?["body"] else { Issue.record("no body"); return }
        #expect(body == "See [2024-01-05](\u{1}entry:markdown:2024-01-05.md\u{1}#trip) and [2024-01-06](\u{1}entry:markdown:2024-01-06.md\u{1}#trip-1).")
    }

    /// Found by a newcomer's audit: a link to the heading that became the note's title led to an
    /// id no element of the page has (`#friday`); it leads to the page, whose `<h1>` that title is.
    @Test func aLinkToTheTitlesHeadingLeadsToThePage() throws {
        let site = try ImportFixtures.siteWithNotes([
            "2024-01-05.md": "# Friday\n\nText. Back to [[#Friday|the top]].\n",
            "2024-01-06.md": "See [[2024-01-05#Friday]].\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""body": "Text. Back to [the top](#).""#))
        #expect(diary.contains(#""body": "See [2024-01-05](../../entries/2024-01-05-friday/index.html).""#))
        try ImportFixtures.build(site)
        #expect(LinkChecker(root: site + "/_site").findings().missingFragments.isEmpty)
    }
}

/// Found by a review: a warning is at what it names in the text, not at the same word in the front matter.
@Suite struct ImportWarningPlaceTests {
    @Test func aLeftoverTagIsPlacedInTheText() throws {
        let batch = try ImportFixtures.markdownBatch([
            "_config.yml": "title: x\n",
            "_posts/2024-01-05-a.md": "---\ntitle: A\nexcerpt: more content\n---\nSee {{ content }} here.\n",
        ])
        #expect(batch.warnings.map(\.description).filter { $0.contains("left as text") }.map { $0.components(separatedBy: "/_posts/").last ?? "" }
                == ["2024-01-05-a.md:5:8: Liquid tags left as text (Daybook has none): content"])
    }
}

/// Found by a newcomer's audit: front matter an entry has no field for (a post's summary, its
/// cover image) was dropped without a word; one warning names each key, how often and where first.
@Suite struct UnreadFrontMatterTests {
    @Test func keysNoEntryFieldHoldsAreNamedOnce() throws {
        let batch = try ImportFixtures.markdownBatch([
            "hugo.toml": "title = 'x'\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2024-05-01\ndescription: \"My summary\"\nlayout: post\ncover:\n  image: /a.jpg\n---\nBody.\n",
            "content/posts/b.md": "+++\ntitle = 'B'\ndate = 2024-05-02\nDescription = 'Other'\nweight = 3\n+++\nMore.\n",
        ])
        #expect(batch.warnings.map { $0.description.replacing(#/\S*/content//#, with: "content/") }
                == ["front matter not kept (an entry has no field for it): description (in 2 notes, first at content/posts/a.md:4), cover (at content/posts/a.md:6)"])
    }
}

/// Liquid that `{% raw %}` keeps as text is not reported as a tag left over.
@Suite struct LiquidRawImportTests {
    /// Found by a newcomer's audit: with a `{% raw %}` block in the post, a `{% post_url %}` that
    /// was made a link was still reported as a Liquid tag left as text.
    @Test func aPostURLBesideARawBlockIsNoLeftoverTag() throws {
        let batch = try ImportFixtures.markdownBatch([
            "_config.yml": "title: t\n",
            "_posts/2024-01-01-a.md": "---\ntitle: A\n---\nA.\n",
            "_posts/2024-01-02-b.md": "---\ntitle: B\n---\nSee [a]({% post_url 2024-01-01-a %}).\n\n{% raw %}{{ x }}{% endraw %}\n",
        ])
        #expect(batch.warnings.map(\.description) == [])
        guard case .string(let body)? = batch.items.last?["body"] else { Issue.record("no body"); return }
        #expect(body.hasPrefix("See [a](\u{1}entry:markdown:2024-01-01-a.md\u{1}).\n\n"))
        #expect(body.contains("{{ x }}"))
    }

    @Test func rawTextIsNoLeftoverTag() throws {
        let batch = try ImportFixtures.markdownBatch([
            "_config.yml": "title: x\n",
            "_posts/2024-01-05-a.md": "---\ntitle: A\n---\n{% raw %}\nUse {{ page.title }} in a layout.\n{% endraw %}\n{% include note.html %}\n",
        ])
        #expect(batch.items.first?["body"] == .string("Use {{ page.title }} in a layout.\n\n{% include note.html %}"))
        let leftovers = batch.warnings.map(\.description).filter { $0.contains("Liquid tags left as text") }
        #expect(leftovers.count == 1)
        #expect(leftovers.first?.hasSuffix("_posts/2024-01-05-a.md:7:4: Liquid tags left as text (Daybook has none): include") == true)
    }
}
