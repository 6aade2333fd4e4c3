import DaybookCore
import Foundation
import TestSupport
import Testing
@testable import DaybookImport

/// A folder of Markdown notes (Tests/Fixtures/markdown: Obsidian daily notes, a Jekyll post, an undated note).
@Suite struct MarkdownNotesImportTests {
    static func batch() throws -> ImportBatch {
        try Importer.read(.markdown, ExportFolder.open(ImportFixtures.path("markdown")), context: ImportContext(timeZone: "Europe/Berlin"))
    }

    static func text(_ item: ImportedItem) -> String {
        String(decoding: JSONWriter.write(.object(item.object)), as: UTF8.self)
    }

    @Test func notesBecomeEntries() throws {
        let batch = try Self.batch()
        #expect(batch.notes.isEmpty)
        #expect(batch.items.map(\.source) == ["markdown:Daily/2024-01-02.md", "markdown:Daily/2024-01-03.md", "markdown:Ideas.md", "markdown:posts/hello.md"])
        #expect(Self.text(batch.items[1]) == """
        {
          "title": "Evening run",
          "date": "2024-01-03T21:15",
          "body": "The map: ![route](photos/markdown/attachments/map.jpg) and .\\n\\nBack to [2024-01-02](\\u0001entry:markdown:Daily/2024-01-02.md\\u0001).",
          "tags": [
            "run",
            "lake"
          ],
          "mood": "Tired",
          "weather": "Snow",
          "location": "Berlin",
          "source": "markdown:Daily/2024-01-03.md"
        }

        """)
        #expect(batch.items[3]["date"] == .string("2024-02-01T08:00:00+0900"))
        #expect(batch.items[3]["title"] == .string("Hello: a post"))
        #expect(batch.items[3]["draft"] == .bool(true))
        #expect(batch.warnings.map(\.message) == [
            ImportFixtures.path("markdown") + "/Daily/2024-01-03.md:9:51: image not found, its link was dropped: nope.png",
        ])
        #expect(batch.missingLinks == 1)
    }

    @Test func headingTitleObsidianEmbedsAndWikiLinks() throws {
        let first = try Self.batch().items[0]
        #expect(first["title"] == .string("Walk by the lake"))
        #expect(first["date"] == .string("2024-01-02"))
        // Code is left as written.
        #expect(first["body"] == .string("Saw ducks. ![duck.png](photos/markdown/attachments/duck.png)\n\nSee [my ideas](\u{1}entry:markdown:Ideas.md\u{1}) and [the next day](\u{1}entry:markdown:Daily/2024-01-03.md\u{1}).\n\n```\n![[not-an-embed.png]]\n```"))
    }

    @Test func wikiLinksLeadToTheLinkedEntriesInTheBuiltSite() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (summary, _) = try ImportFixtures.importInto(site, .markdown, ImportFixtures.path("markdown"))
        #expect(summary.line == "Imported 4 entries: 4 new, 0 updated, 0 removed; 2 photos copied; 1 linked file missing from the export")
        let first = ImportFixtures.snapshot(site)
        try ImportFixtures.importInto(site, .markdown, ImportFixtures.path("markdown"))
        #expect(ImportFixtures.snapshot(site) == first)
        try ImportFixtures.build(site)
        let page = try #require(ImportFixtures.read(site + "/_site/entries/2024-01-02-walk-by-the-lake/index.html"))
        #expect(page.contains(#"<a href="../../entries/2024-01-03-evening-run/index.html">the next day</a>"#))
        #expect(LinkChecker(root: site + "/_site").check().map(\.description) == [])
        #expect(page.contains(#"<img src="../../photos/markdown/attachments/duck-64.webp" srcset="../../photos/markdown/attachments/duck-64.webp 64w" sizes="(max-width: 46rem) calc(100vw - 4.5rem), 41.5rem" width="64" height="48" loading="eager" decoding="async" alt="duck.png" />"#))
        #expect(FileManager.default.fileExists(atPath: site + "/_site/photos/markdown/attachments/duck-64.webp"))
        #expect(!FileManager.default.fileExists(atPath: site + "/_site/photos/markdown/attachments/duck.png"))
        #expect(!FileManager.default.fileExists(atPath: site + "/_site/entries/2024-02-01-hello-a-post/index.html"))
    }

    /// A note saved on Windows (CRLF) reads as the same note with `\n`: its front matter found,
    /// its body with `\n` line ends.
    @Test func aNoteWithWindowsLineEnds() throws {
        let folder = NSTemporaryDirectory() + "notes-crlf-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let note = ["---", "title: Windows", "date: 2024-01-12", "tags: [pc]", "---", "# Heading", "", "Line one", "line two", ""]
        try Data(note.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: folder + "/note.md"))
        let crlf = try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        try Data(note.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/note.md"))
        let plain = try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(crlf.warnings.isEmpty)
        #expect(crlf.items.count == 1)
        #expect(crlf.items.map(Self.text) == plain.items.map(Self.text))
        #expect(Self.text(crlf.items[0]).contains(#""date": "2024-01-12""#))
    }

    /// Images the folder lacks are dropped without leaving their spaces as an indentation (which
    /// made the rest of the line a code block).
    @Test func droppedImagesLeaveNoIndentation() throws {
        let batch = try ImportFixtures.markdownBatch(["2024-01-01.md": "![](a.png) ![](b.png) ![](c.png) ![](d.png) Walked to the lake.\n"])
        #expect(batch.items.first?["body"] == .string("Walked to the lake."))
        #expect(batch.missingLinks == 4)
    }

    /// Of several files with a linked name, the one whose path ends as the link does, else the
    /// one nearest the note: Obsidian vaults often have many `Pasted image 1.png` or `IMG_0001.jpg`.
    @Test func aFileLinkedByNameIsTheNearestOfThatName() throws {
        let byName: [String: [String]] = [
            "heron.jpg": ["a/heron.jpg", "journal/2024/attachments/heron.jpg", "journal/heron.jpg", "z/y/heron.jpg"],
            "boat.png": ["archive/trip/boat.png", "boat.png", "journal/2024/boat.png"],
        ]
        func nearest(_ link: String, _ folder: String) -> String? { MarkdownNotesImporter.nearest(link, from: folder, byName: byName) }
        #expect(nearest("heron.jpg", "journal/2024") == "journal/2024/attachments/heron.jpg")
        #expect(nearest("heron.jpg", "journal") == "journal/heron.jpg")
        #expect(nearest("heron.jpg", "journal/2023") == "journal/heron.jpg")
        #expect(nearest("heron.jpg", "") == "a/heron.jpg")
        #expect(nearest("Heron.JPG", "other") == "a/heron.jpg")
        #expect(nearest("trip/boat.png", "journal/2024") == "archive/trip/boat.png")
        #expect(nearest("boat.png", "journal/2024") == "journal/2024/boat.png")
        #expect(nearest("y/heron.jpg", "journal") == "z/y/heron.jpg")
        #expect(nearest("egret.jpg", "journal") == nil)

        // Through an import: the note's own attachment, not the first file of that name.
        let folder = NSTemporaryDirectory() + "notes-nearest-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for sub in ["a", "journal/attachments"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            try Data(sub.utf8).write(to: URL(fileURLWithPath: folder + "/" + sub + "/Pasted image.png"))
        }
        try Data("Lake. ![[Pasted image.png]]\n".utf8).write(to: URL(fileURLWithPath: folder + "/journal/2024-01-01.md"))
        let batch = try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(batch.files.map(\.from) == [folder + "/journal/attachments/Pasted image.png"])
    }

    /// Found by an Obsidian user's audit: `![](my%20photo%20(1).png)`, a copy's name as Obsidian writes
    /// it, was cut at its `)`: the image dropped and `.png)` left in the text. A path holds parentheses
    /// in pairs, as CommonMark reads it; a link to a page of that name too.
    @Test func aPathWithParenthesesInPairs() throws {
        let folder = NSTemporaryDirectory() + "notes-parens-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: URL(fileURLWithPath: folder + "/my photo (1).png"))
        try Data("Look: ![](my%20photo%20(1).png) nice. [Pie](https://en.wikipedia.org/wiki/Pie_(food)) (yes)\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/2024-04-02.md"))
        let batch = try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(batch.warnings.isEmpty)
        #expect(batch.files.map(\.from) == [folder + "/my photo (1).png"])
        #expect(batch.items.first?["body"] == .string("Look: ![](photos/markdown/my-photo--1-.png) nice. [Pie](https://en.wikipedia.org/wiki/Pie_(food)) (yes)"))
    }

    /// Found by a notes user's audit: a site's own folder imported as notes would have made its
    /// built reports (`_site/reports/*.md`) entries.
    @Test func aDaybookSiteIsNoFolderOfNotes() throws {
        let (folder, errors) = try ImportFixtures.markdownErrors(["daybook.json": #"{"title": "T"}"#, "_site/reports/2024-01.md": "# January\n", "pages/about.md": "About\n"])
        #expect(errors == "error: \(folder): is a Daybook site (it has daybook.json), not a folder of notes: import the folder your notes are in; "
            + "its pages/ are published as they are")
    }

    @Test func frontMatterAliasesAndDepthAreRefused() {
        #expect(FrontMatter.parse("a: &x [1, 2]\nb: *x\n") == .failure(FrontMatter.Problem(line: 2, column: 4, reason: "YAML aliases (*name) are not allowed in front matter")))
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(FrontMatter.parse("a: " + deep) == .failure(FrontMatter.Problem(line: 1, column: 35, reason: "front matter nested deeper than 32")))
        #expect(FrontMatter.parse("") == .success(nil))
    }

    @Test func aKeyGivenTwiceIsLocated() {
        #expect(FrontMatter.parse("title: A\ntags: [x]\ntitle: B\n")
            == .failure(FrontMatter.Problem(line: 3, column: 1, reason: "key \"title\" is given twice (first on line 1)")))
        // The same key in two maps is two keys.
        if case .failure(let problem) = FrontMatter.parse("a: {x: 1}\nb: {x: 2}\n") { Issue.record("\(problem)") }
    }

    @Test func badFrontMatterIsLocatedInTheNote() throws {
        let (folder, errors) = try ImportFixtures.markdownErrors([
            "2024-01-01.md": "---\ntitle: Fine\ndate: [unclosed\n---\nBody\n",
            "b.md": "---\ndate: 2024-13-01\n---\n",
            "c.md": "---\ndate: 2024-01-02\ntitle: \"Garden: \"tomatoes\"\"\n---\n",
            "d.md": "---\ndate: 2024-01-02\ntitle: \"Café: \"tomates\"\"\n---\n",
        ])
        // A date that is no day is a warning (NoteDateTests); front matter that cannot be read stays an error,
        // told where libyaml found the mistake unless a bracket or quote opened before it is
        // (found by an audit: text after a closing quote was told at the block's first key).
        #expect(errors == """
        error: \(folder)/2024-01-01.md:3:7: YAML: while parsing a flow sequence that starts here: did not find expected ',' or ']' at line 4, column 1
        error: \(folder)/c.md:3:18: YAML: did not find expected key, while parsing a block mapping (after a closing quote: a text that holds quotes is written in the other kind, 'a "b" c')
        error: \(folder)/d.md:3:16: YAML: did not find expected key, while parsing a block mapping (after a closing quote: a text that holds quotes is written in the other kind, 'a "b" c')
        """)
    }

    /// A daily note titled by its file name's date gets that date as its id once
    /// (`2024-06-01`, not `2024-06-01-2024-06-01`).
    @Test func aDailyNoteIsNotGivenItsDateTwice() throws {
        let site = try ImportFixtures.siteWithNotes(["2024-06-01.md": "Rain all day.\n", "2024-06-02-garden.md": "Sun.\n"])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""id": "2024-06-01","#))
        #expect(diary.contains(#""id": "2024-06-02-garden","#))
    }

    /// A page's own name (`slug:`, or a written-out `url:` or `permalink:`) is its entry's id, so
    /// the page keeps it (`entries/walk-home/`); a permalink pattern names no page.
    @Test func aSlugOrPermalinkNamesTheEntrysPage() throws {
        let site = try ImportFixtures.siteWithNotes([
            "a.md": "---\ntitle: A walk\ndate: 2024-04-01\nslug: Walk-Home\n---\nFar.\n",
            "b.md": "---\ntitle: About\ndate: 2024-04-02\npermalink: /2024/about-me.html\n---\nMe.\n",
            "c.md": "---\ntitle: Garden\ndate: 2024-04-03\npermalink: /:year/:title/\n---\nSun.\n",
            "d.md": "---\ntitle: Trip\ndate: 2024-04-04\nurl: /trips/lisbon/index.html\n---\nSea.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""id": "walk-home","#))
        #expect(diary.contains(#""id": "about-me","#))
        #expect(diary.contains(#""id": "2024-04-03-garden","#))
        #expect(diary.contains(#""id": "lisbon","#))
        try ImportFixtures.build(site)
        #expect(FileManager.default.fileExists(atPath: site + "/_site/entries/walk-home/index.html"))
    }

    /// Links between notes become links between their entries: a relative `.md` link (with `..`
    /// and percent escapes), Hugo's `ref`, and in a Hugo site a link from its root by the post's
    /// page name (its slug, file or bundle folder). Others, and any in code, stay as written.
    @Test func linksBetweenNotesLeadToTheirEntries() throws {
        let export = NSTemporaryDirectory() + "hugo-links-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: export) }
        let files = [
            "hugo.toml": "title = \"x\"\n",
            "content/posts/first.md": "---\ntitle: First\ndate: 2024-03-01\nslug: day-one\n---\n"
                + "[a](/posts/bundle/#map) [b]({{< ref \"posts/bundle/index.md\" >}}) [c](bundle/index.md) [d](/about/)\n\n```\n[e](/posts/bundle/)\n```\n",
            "content/posts/bundle/index.md": "---\ntitle: Bundle\ndate: 2024-03-02\n---\n[f](/posts/day-one/) [g](../first.md#top) [h](../My%20Note.md)\n"
                + "[i](../day-one/ \"The first\") `[j](../first.md)` [k](/tags/day-one/) [l](/posts/day-one/?ref=x)\n\n[m]: /posts/day-one/ \"First\"\n[n]: ../first.md#top\n",
            "content/posts/My Note.md": "---\ntitle: Mine\ndate: 2024-03-03\n---\nMe.\n",
        ]
        let site = try Self.imported(files, into: export)
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""body": "[a](../../entries/2024-03-02-bundle/index.html#map) [b](../../entries/2024-03-02-bundle/index.html) [c](../../entries/2024-03-02-bundle/index.html) [d](/about/)\n\n```\n[e](/posts/bundle/)\n```","#))
        // A page link relative to the post's page and its title; not in code, not a tag's page.
        #expect(diary.contains(#""body": "[f](../../entries/day-one/index.html) [g](../../entries/day-one/index.html#top) [h](../../entries/2024-03-03-mine/index.html)\n[i](../../entries/day-one/index.html \"The first\") `[j](../first.md)` [k](/tags/day-one/) [l](../../entries/day-one/index.html)\n\n[m]: ../../entries/day-one/index.html \"First\"\n[n]: ../../entries/day-one/index.html#top","#))
    }

    /// Found by a newcomer's audit: a post whose file name Hugo changes to make its address
    /// (`My Trip.md` is `/posts/my-trip/`) was known only by the name as written, so links to its
    /// address stayed as written and led nowhere in the built site.
    @Test func linksToAPostsAddressAsHugoMadeItLeadToItsEntry() throws {
        let export = NSTemporaryDirectory() + "hugo-named-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: export) }
        let site = try Self.imported([
            "hugo.toml": "title = \"x\"\n",
            "content/posts/My Trip.md": "---\ntitle: Trip\ndate: 2024-01-02\n---\nA trip.\n",
            "content/posts/hello, world!.md": "---\ntitle: Hello\ndate: 2024-01-03\n---\nHi.\n",
            "content/posts/other.md": "---\ntitle: Other\ndate: 2024-01-04\n---\n"
                + "[a](/posts/my-trip/) [b](../my-trip/) [c](/posts/hello-world/#top) [d](/posts/My%20Trip/)\n",
        ], into: export)
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""body": "[a](../../entries/2024-01-02-trip/index.html) [b](../../entries/2024-01-02-trip/index.html) [c](../../entries/2024-01-03-hello/index.html#top) [d](../../entries/2024-01-02-trip/index.html)""#))
        try ImportFixtures.build(site)
        #expect(LinkChecker(root: site + "/_site").check().map(\.description) == [])
    }

    /// Jekyll's `{% post_url %}` and `{% link %}` lead to the posts' entries.
    @Test func jekyllPostURLsLeadToTheirEntries() throws {
        let export = NSTemporaryDirectory() + "jekyll-links-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: export) }
        let files = [
            "_config.yml": "title: x\n",
            "_posts/2024-01-09-trip-home.md": "---\ntitle: Trip\n---\n[a]({% post_url 2024-02-14-hike %}) [b]({{ site.baseurl }}{% post_url 2024-02-14-hike %}#top) [c]({% link _posts/2024-02-14-hike.md %}) [d]({% post_url 2030-01-01-none %})\n",
            "_posts/2024-02-14-hike.md": "---\ntitle: Hike\n---\nUp.\n",
        ]
        let site = try Self.imported(files, into: export)
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""body": "[a](../../entries/2024-02-14-hike/index.html) [b](../../entries/2024-02-14-hike/index.html#top) [c](../../entries/2024-02-14-hike/index.html) [d]({% post_url 2030-01-01-none %})","#))
    }

    /// Found by a Hugo and Jekyll user's audit: posts in `.mkd` and `.mdown` (Markdown to both), in
    /// HTML, and in a category's own `_posts/` were left out without a word. Markdown by any of
    /// its names is read; the others are named in a warning.
    @Test func postsNotReadAreNamed() throws {
        let post = "---\ntitle: P\n---\nx\n"
        let (folder, result) = try ImportFixtures.importNotes([
            "_config.yml": "title: x\n", "_posts/2020-01-01-a.md": post, "_posts/2020-01-02-b.mkd": post, "_posts/2020-01-03-c.MDOWN": post,
            "_posts/2020-01-04-d.html": post, "_posts/2020-01-05-e.textile": post, "_posts/notes.html": "<p>no front matter</p>",
            "travel/_posts/2020-01-06-trip.md": post, "_site/travel/_posts/old.md": post,
        ].mapValues { Array($0.utf8) })
        let batch = try result.get()
        #expect(batch.items.map(\.source) == ["markdown:2020-01-01-a.md", "markdown:2020-01-02-b.mkd", "markdown:2020-01-03-c.MDOWN"])
        #expect(batch.warnings.map(\.message) == [
            folder + ": 2 posts not in Markdown, not imported: " + folder + "/_posts/2020-01-04-d.html, " + folder + "/_posts/2020-01-05-e.textile; "
                + "Daybook reads posts in Markdown (.md, .markdown, .mdown, .mkdn, .mkd, .mkdown): convert them (pandoc does), then import again",
            folder + ": a post in a category's _posts/ or _drafts/ folder, not imported: " + folder + "/travel/_posts/2020-01-06-trip.md; "
                + "move it into the site's _posts/ (or _drafts/) with the category in its front matter (categories: [travel]), then import again",
        ])
        let hugo = try ImportFixtures.markdownBatch(["hugo.toml": "title = \"H\"\n", "content/posts/a.mkdn": post, "content/posts/b.org": "#+title: B\n"])
        #expect(hugo.items.map(\.source) == ["markdown:posts/a.mkdn"])
        #expect(hugo.warnings.map(\.message).first?.contains("a post not in Markdown, not imported: ") == true)
    }

    /// Found by a Hugo user's audit: a post Hugo held back (`publishDate` to come) or took down
    /// (`expiryDate` past) went public. Both are drafts, with a note at the key.
    @Test func postsHugoDoesNotPublishAreDrafts() throws {
        let (folder, result) = try ImportFixtures.importNotes([
            "hugo.toml": "title = 'H'\n",
            "content/posts/later.md": "---\ntitle: Later\ndate: 2020-01-04\npublishDate: 2099-01-01\n---\nx\n",
            "content/posts/gone.md": "+++\ntitle = 'Gone'\ndate = 2020-01-04\nexpiryDate = 2001-02-01\n+++\nx\n",
            "content/posts/live.md": "---\ntitle: Live\ndate: 2020-01-04\npublishDate: 2001-01-01\nexpiryDate: 2099-01-01\n---\nx\n",
        ].mapValues { Array($0.utf8) })
        let batch = try result.get()
        #expect(batch.items.map { "\($0.title) \($0["draft"] == .bool(true))" } == ["Gone true", "Later true", "Live false"])
        #expect(batch.notes.filter { $0.contains("Hugo") && $0.contains("draft") } == [
            folder + "/content/posts/gone.md:4:14: \"expiryDate\" 2001-02-01 has passed, so Hugo no longer publishes it: imported as a draft (\"draft\": true; daybook build --drafts shows it)",
            folder + "/content/posts/later.md:4:14: \"publishDate\" 2099-01-01 is still to come, so Hugo does not publish it yet: imported as a draft (\"draft\": true; daybook build --drafts shows it)",
        ])
        // To the second, in the site's zone when the time has no offset.
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        func unpublished(_ key: String, _ value: String) -> String? {
            MarkdownNotesImporter.unpublishedByHugo([(key, .scalar(value, plain: true, line: 1, column: 1))], now: now, zone: tokyo)?.key
        }
        #expect(unpublished("publishdate", "2023-11-15T07:13:21") == "publishdate")
        #expect(unpublished("publishdate", "2023-11-15T07:13:20") == nil)
        #expect(unpublished("expirydate", "2023-11-14T22:13:20Z") == "expirydate")
        #expect(unpublished("expirydate", "2023-11-14T22:13:21Z") == nil)
    }

    /// Found by a Hugo user's audit: a link to a post the site lacks was told as a shortcode
    /// "Daybook has none", at the line of one that was converted. It is named as written, where it is.
    @Test func aLinkToAPostTheSiteLacksIsNamedWhereItIs() throws {
        let (hugoFolder, hugo) = try ImportFixtures.importNotes([
            "hugo.toml": "title = 'H'\n", "content/posts/b.md": "---\ntitle: B\ndate: 2020-01-02\n---\nb\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n[b]({{< ref \"b.md\" >}})\n\n[g]({{< ref \"gone.md\" >}}) {{< notice >}}\n",
        ].mapValues { Array($0.utf8) })
        #expect(try hugo.get().warnings.map(\.message) == [
            hugoFolder + "/content/posts/a.md:7:5: a link to a post the site does not have, left as text: {{< ref \"gone.md\" >}}",
            hugoFolder + "/content/posts/a.md:7:32: Hugo shortcodes left as text (Daybook has none): notice",
        ])
        let (jekyllFolder, jekyll) = try ImportFixtures.importNotes([
            "_config.yml": "title: x\n", "_posts/2020-05-02-two.md": "---\ntitle: Two\n---\n2\n",
            "_posts/2020-05-01-one.md": "---\ntitle: One\n---\n[two]({% post_url 2020-05-02-two %})\n[three]({% post_url 2020-05-03-three %})\n",
        ].mapValues { Array($0.utf8) })
        #expect(try jekyll.get().warnings.map(\.message) == [
            jekyllFolder + "/_posts/2020-05-01-one.md:5:9: a link to a post the site does not have, left as text: {% post_url 2020-05-03-three %}",
        ])
    }

    /// Found by a Hugo user's audit: a site's `static/` (its favicon, a CV at `/cv.pdf`) was left
    /// behind without a word. The import says to copy it into the site's own `static/`.
    @Test func aHugoSitesStaticFolderIsToldOf() throws {
        let (folder, result) = try ImportFixtures.importNotes([
            "hugo.toml": "title = 'H'\n", "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\n---\n[CV](/cv.pdf)\n",
            "static/cv.pdf": "%PDF", "static/favicon.ico": "ico",
        ].mapValues { Array($0.utf8) })
        #expect(try result.get().notes.contains(folder + "/static: 2 files Hugo published at the site's root, not imported (those posts link to are copied to photos/): "
            + "copy the folder into the Daybook site's static/, which a build publishes at the root too, so their old addresses keep working (cp -R \"" + folder + "/static/.\" SITE/static/)"))
    }

    /// Found by a Hugo user's audit: Hugo takes `tags: "thoughts, late night"` as one tag (Hugo 0.111
    /// made the page /tags/thoughts-late-night/); it was split in two.
    @Test func aHugoPostsTagsTextIsOneTag() throws {
        let batch = try ImportFixtures.markdownBatch([
            "hugo.toml": "title = 'H'\n", "content/posts/a.md": "---\ntitle: A\ndate: 2020-01-01\ntags: \"thoughts, late night\"\n---\nx\n",
        ])
        #expect(batch.items.map { $0["tags"] } == [.array([JSONNode(value: .string("thoughts, late night"))])])
    }

    /// An image keeps its title.
    @Test func anImageKeepsItsTitle() throws {
        let site = try ImportFixtures.siteWithNotes(["2024-04-01.md": "![Cover](a.png \"Cover image\")\n", "a.png": "png"])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""body": "![Cover](photos/markdown/a.png \"Cover image\")","#))
    }

    /// A Hugo site's pages in no section (`content/about.md`, the bundle `content/contact/index.md`)
    /// are not posts: imported as entries, an about page took the address `/about/` of the diary's
    /// own about page and the next build failed (a newcomer's audit). A site with all its notes
    /// in `content/` itself has its posts there.
    @Test func aHugoSitesPagesInNoSectionAreNotEntries() throws {
        let page = "---\ntitle: About\n---\nme\n", post = "---\ntitle: Walk\ndate: 2024-01-02\n---\nx\n"
        let (folder, result) = try ImportFixtures.importNotes(["hugo.toml": "title = \"H\"\n", "content/about.md": page,
                                                               "content/contact/index.md": page, "content/_index.md": page,
                                                               "content/posts/walk.md": post].mapValues { Array($0.utf8) })
        let batch = try result.get()
        #expect(batch.items.map(\.source) == ["markdown:posts/walk.md"])
        #expect(batch.notes.last == folder + "/content/about.md, " + folder + "/content/contact/index.md: pages of the site in no section, "
            + "not posts: not imported; Daybook publishes a page of yours from its pages/ folder (pages/about.md), where each can be copied")
        let flat = try ImportFixtures.markdownBatch(["hugo.toml": "title = \"H\"\n", "content/walk.md": post, "content/run/index.md": post])
        #expect(flat.items.map(\.source) == ["markdown:run/index.md", "markdown:walk.md"])
        #expect(!flat.notes.contains { $0.contains("no section") })
    }

    /// YAML's null (`null`, `~`) is no value: no "null" title, tag or card.
    @Test func nullFrontMatterValuesAreLeftOut() throws {
        let site = try ImportFixtures.siteWithNotes([
            "walk.md": "---\ndate: 2024-05-05\ntitle: null\ntags: [walk, null]\ncategories: ~\nmood: null\nlocation: ~\nweather: ~\n---\nbody\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary == """
        [
          {
            "id": "2024-05-05-walk",
            "title": "walk",
            "date": "2024-05-05",
            "body": "body",
            "tags": [
              "walk"
            ],
            "source": "markdown:walk.md"
          }
        ]

        """)
    }

    /// Categories are tags too, after the tags, each once.
    @Test func categoriesAreTags() throws {
        let site = try ImportFixtures.siteWithNotes(["2024-04-01.md": "---\ntags: [walk]\ncategories: [travel, walk]\n---\nOut.\n"])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains("\"tags\": [\n      \"walk\",\n      \"travel\"\n    ]"))
    }

    /// Found by an import audit: in a folder of notes a text of tags without commas was one tag
    /// (`tags: "#daily #work"` was "daily #work"); an Obsidian tag has no space, so it is split at
    /// spaces, as a Jekyll site's is. A text with commas is split at them; `category:` stays one.
    @Test func aFolderOfNotesSplitsATextOfTagsAtSpaces() throws {
        let site = try ImportFixtures.siteWithNotes([
            "2024-04-01.md": "---\ntags: \"#daily #work\"\ncategory: road trip\n---\nOut.\n",
            "2024-04-02.md": "---\ntags: New York, travel\n---\nIn.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains("\"tags\": [\n      \"daily\",\n      \"work\",\n      \"road trip\"\n    ]"))
        #expect(diary.contains("\"tags\": [\n      \"New York\",\n      \"travel\"\n    ]"))
    }

    /// Obsidian: `created` dates a note; an embedded image keeps its alt text, not its size;
    /// a link's escaped fragment stays escaped.
    @Test func obsidianDatesAltTextAndFragments() throws {
        let site = try ImportFixtures.siteWithNotes([
            "Trip.md": "---\ncreated: 2024-02-28T21:15\n---\n![[a.png|A red square|300]] ![[a.png|640x480]] [b](Book.md#Second%20part)\n",
            "Book.md": "---\ndate: 2024-02-20\n---\nPages.\n", "a.png": "png",
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""date": "2024-02-28T21:15""#))
        #expect(diary.contains(#""body": "![A red square](photos/markdown/a.png) ![a.png](photos/markdown/a.png) [b](../../entries/2024-02-20-book/index.html#Second%20part)","#))
    }

    /// Found by a review: in a table Obsidian escapes a wiki link's bar (`[[Note\|label]]`).
    @Test func aWikiLinksEscapedBarInATable() throws {
        let batch = try ImportFixtures.markdownBatch([
            "2024-03-02.md": "| a | b |\n|---|---|\n| [[Other\\|label]] | ![[P.png\\|50]] |\n",
            "Other.md": "---\ndate: 2024-03-01\n---\nx\n", "P.png": "png",
        ])
        let table = batch.items.first { $0.source == "markdown:2024-03-02.md" }
        #expect(table?["body"] == .string("| a | b |\n|---|---|\n| [label](\u{1}entry:markdown:Other.md\u{1}) | ![P.png](photos/markdown/P.png) |"))
        #expect(batch.warnings.isEmpty)
    }

    /// A wiki link to a note the folder lacks is left as its words, with a warning naming it.
    @Test func aLinkToAMissingNoteIsWarnedAbout() throws {
        let (folder, result) = try ImportFixtures.importNotes(["2024-04-01.md": Array("See [[Nowhere]], [[Nowhere|again]] and [[Else]].\n".utf8)])
        let batch = try result.get()
        #expect(batch.items.first?["body"] == .string("See Nowhere, again and Else."))
        #expect(batch.warnings.map(\.description) == ["\(folder)/2024-04-01.md:1:7: links to notes not in the folder, left as words: Nowhere, Else"])
    }

    /// Found by a newcomer's audit: a Markdown link to a note the folder lacks stayed a link to
    /// no file, with no warning (the table says: else the words); and a missing image named in a
    /// shortcode was warned about with no line.
    @Test func aMarkdownLinkToAMissingNoteIsItsWordsAndAMissingShortcodeImageIsPlaced() throws {
        let (folder, result) = try ImportFixtures.importNotes(["2024-04-01.md": Array("Hi.\n\nSee [the plan](plans/next%20week.md#day) and [web](https://x.org/a.md).\n".utf8)])
        let batch = try result.get()
        #expect(batch.items.first?["body"] == .string("Hi.\n\nSee the plan and [web](https://x.org/a.md)."))
        #expect(batch.warnings.map(\.description) == ["\(folder)/2024-04-01.md:3:22: a link to a note not in the folder, left as words: next week"])
        let hugo = try ImportFixtures.markdownBatch([
            "hugo.toml": "title = 'x'\n",
            "content/posts/m.md": "---\ntitle: M\ndate: 2024-03-11\n---\nx\n\n{{< figure src=\"missing.jpg\" caption=\"gone\" >}}\n",
        ])
        #expect(hugo.warnings.map { $0.description.components(separatedBy: "/content/").last ?? "" }
                == ["posts/m.md:7:17: image not found, its link was dropped: missing.jpg"])
    }

    /// A new site with the export of `files` (path → text, written into `export`) imported.
    static func imported(_ files: [String: String], into export: String) throws -> String {
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: (export + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: export + "/" + path))
        }
        let site = try ImportFixtures.site(timeZone: "UTC")
        try ImportFixtures.importInto(site, .markdown, export, zone: "UTC")
        return site
    }

    /// Found by an audit: a title heading's tags were neither tags nor left out of the title, its
    /// links lost their addresses, and a title underlined with `=` was not one.
    @Test func aTitleHeadingsTagsAreTagsAndItsLinksStartTheBody() throws {
        let (_, result) = try ImportFixtures.importNotes([
            "2024-04-01.md": Array("# Meeting notes #work #2024plan\nWith #anna.\n".utf8),
            "2024-04-02.md": Array("# Title with [link](https://x.org) #a\nBody.\n".utf8),
            "2024-04-03.md": Array("# #only\nText.\n".utf8),
            "2024-04-04.md": Array("Underlined #bear\n====\nText.\n".utf8),
        ])
        let batch = try result.get()
        #expect(batch.items.map { $0["title"] } == [.string("Meeting notes"), .string("Title with link"), .string("#only"), .string("Underlined")])
        #expect(batch.items.map { $0["tags"] } == [.array([JSONNode(value: .string("work")), JSONNode(value: .string("2024plan")), JSONNode(value: .string("anna"))]),
                                                  .array([JSONNode(value: .string("a"))]), .array([JSONNode(value: .string("only"))]),
                                                  .array([JSONNode(value: .string("bear"))])])
        #expect(batch.items.map { $0["body"] } == [.string("With #anna."), .string("[link](https://x.org)\n\nBody."), .string("Text."), .string("Text.")])
    }

    /// Found by an audit: one note imported alone became a second entry (its source is its path
    /// in its folder), or emptied the first of its links and images. It is refused.
    @Test func oneNoteAloneIsRefused() throws {
        let folder = try ScratchRoot.folder("one-note-")
        try Data("Mum likes [[Plan]].\n".utf8).write(to: URL(fileURLWithPath: folder + "/2024-02-10.md"))
        let error = #expect(throws: ImportFailure.self) {
            try Importer.read(.markdown, ExportFolder.open(folder + "/2024-02-10.md"), context: ImportContext())
        }
        #expect(error?.description == "error: \(folder)/2024-02-10.md: is one note: import the folder of notes it is in (\(folder)), "
                + "where its links and images are found; imported again, a folder adds only what is new or changed")
    }
}

/// Found by a review: a site's `_posts/` or `content/` imported alone lost what the site's
/// folder gives its posts and overwrote entries imported from it; it is refused, naming the site.
@Suite struct PostsFolderAloneTests {
    @Test(arguments: [("jk", "_posts", "_config.yml", "Jekyll"), ("hg", "content", "hugo.toml", "Hugo or Zola")])
    func aSitesPostsFolderAsksForTheSite(site: String, posts: String, config: String, kind: String) throws {
        let folder = NSTemporaryDirectory() + "posts-alone-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: "\(folder)/\(site)/\(posts)", withIntermediateDirectories: true)
        try Data("title: x\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(site)/\(config)"))
        try Data("---\ntitle: A\ndate: 2024-01-09\n---\nText\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(site)/\(posts)/2024-01-09-a.md"))
        let given = "\(folder)/\(site)/\(posts)"
        #expect(throws: ImportFailure.self) { try Importer.read(.markdown, ExportFolder.open(given), context: ImportContext()) }
        do {
            _ = try Importer.read(.markdown, ExportFolder.open(given), context: ImportContext())
        } catch {
            guard case .wrongExport(let message) = error else { Issue.record("\(error)"); return }
            #expect(message == "\(given): this is the \(posts)/ folder of a \(kind) site: import the site's folder, \(folder)/\(site), which reads its posts with the site's configuration (permalinks, images from its root)")
        }
        // The site's folder reads them; a folder of that name in no site is notes.
        #expect(try Importer.read(.markdown, ExportFolder.open("\(folder)/\(site)"), context: ImportContext()).items.count == 1)
        try FileManager.default.removeItem(atPath: "\(folder)/\(site)/\(config)")
        #expect(try Importer.read(.markdown, ExportFolder.open(given), context: ImportContext()).items.count == 1)
    }
}
