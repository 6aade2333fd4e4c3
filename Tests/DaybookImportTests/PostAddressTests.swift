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
            PostAddress.of(path: path, slug: slug, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: .init())
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
        #expect(PostAddress.of(path: "content/posts/a.md", slug: nil, written: nil, categories: [], day: Self.day, postFolders: ["content/"], rules: rules) == nil)
        #expect(PostAddress.of(path: "content/posts/a.md", slug: nil, written: "/2024/a/", categories: [], day: Self.day, postFolders: ["content/"], rules: rules) == "/2024/a/")
    }

    @Test func hugoConfigurationWithPermalinksGuessesNothing() {
        let files = ["hugo.toml", "content/posts/a.md"]
        #expect(PostAddress.SiteRules.of(files: files, postFolders: ["content/"]) { _ in "title = 'x'\n" }.guessesHugo)
        #expect(!PostAddress.SiteRules.of(files: files, postFolders: ["content/"]) { _ in "[permalinks]\nposts = '/:year/:slug/'\n" }.guessesHugo)
        #expect(!PostAddress.SiteRules.of(files: files, postFolders: ["content/"]) { _ in "uglyURLs = true\n" }.guessesHugo)
        #expect(!PostAddress.SiteRules.of(files: ["config/_default/permalinks.toml", "content/a.md"], postFolders: ["content/"]) { _ in "posts = '/:slug/'" }.guessesHugo)
    }

    /// Jekyll's permalink styles (jekyllrb.com/docs/permalinks).
    @Test func jekyllAddressesFollowItsPermalinkStyle() {
        func address(_ config: String?, slug: String? = nil, categories: [String] = []) -> String? {
            let files = ["_config.yml", "_posts/2024-01-05-first-snow.md"]
            let rules = PostAddress.SiteRules.of(files: files, postFolders: ["_posts/", "_drafts/"]) { _ in config ?? "title: x\n" }
            return PostAddress.of(path: "_posts/2024-01-05-first-snow.md", slug: slug, written: nil, categories: categories, day: Self.day,
                                  postFolders: ["_posts/", "_drafts/"], rules: rules)
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
        #expect(batch.warnings.contains { $0.description.hasSuffix(#"B: alias "/fine/" is A's already; left out"#) })
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

/// Liquid that `{% raw %}` keeps as text is not reported as a tag left over.
@Suite struct LiquidRawImportTests {
    @Test func rawTextIsNoLeftoverTag() throws {
        let batch = try ImportFixtures.markdownBatch([
            "_config.yml": "title: x\n",
            "_posts/2024-01-05-a.md": "---\ntitle: A\n---\n{% raw %}\nUse {{ page.title }} in a layout.\n{% endraw %}\n{% include note.html %}\n",
        ])
        #expect(batch.items.first?["body"] == .string("Use {{ page.title }} in a layout.\n\n{% include note.html %}"))
        let leftovers = batch.warnings.map(\.description).filter { $0.contains("Liquid tags left as text") }
        #expect(leftovers.count == 1)
        #expect(leftovers.first?.hasSuffix("_posts/2024-01-05-a.md: Liquid tags left as text (Daybook has none): include") == true)
    }
}
