import DaybookCore
import Foundation
import Testing
@testable import DaybookImport

/// Hugo's TOML front matter (`+++`), read by toml++: the tree, its places, its limits, and a Hugo
/// site imported and built (Tests/Fixtures/hugo: `hugo.toml`, two posts as Hugo 0.168's
/// `hugo new content` writes them, one dated by `publishDate` and one with an image from
/// `static/`, a section's `_index.md`, a section hidden by its cascade, and an archetype and a README
/// that are not posts).
@Suite struct TOMLFrontMatterTests {
    @Test func splitFindsTOMLBetweenPlusLines() {
        let split = FrontMatter.split("+++\ntitle = 'A'\n+++\nBody\n")
        #expect(split.syntax == .toml)
        #expect(split.text == "title = 'A'")
        #expect(split.firstLine == 2)
        #expect(split.body == "Body\n")
        // Unclosed, it is an error (as in Hugo); an unclosed `---` is a Markdown rule.
        #expect(FrontMatter.split("+++\ntitle = 'A'\n").unclosed)
        #expect(FrontMatter.split("+++\ntitle = 'A'\n").text == nil)
        #expect(!FrontMatter.split("---\n\nA rule above\n").unclosed)
        // Spaces after a fence, as Hugo allows.
        #expect(FrontMatter.split("+++   \ntitle = 'A'\n+++  \nBody").text == "title = 'A'")
        #expect(FrontMatter.split(" +++\ntitle = 'A'\n+++\n").text == nil)
    }

    @Test func valuesBecomeTheFrontMatterTree() {
        let toml = """
        title = "Caf\\u00e9"
        date = 2024-03-10T18:05:00.250+09:00
        utc = 2024-03-10T09:05:00Z
        day = 2024-03-10
        local = 2024-03-10T18:05:00
        draft = true
        count = -12
        ratio = 0.5
        tags = ['walk', "river"]
        [params]
        mood = "calm"
        """
        let expected: FrontMatter.Value = .map([
            ("count", .scalar("-12", plain: true, line: 7, column: 9)),
            ("date", .scalar("2024-03-10T18:05:00.25+09:00", plain: true, line: 2, column: 8)),
            ("day", .scalar("2024-03-10", plain: true, line: 4, column: 7)),
            ("draft", .scalar("true", plain: true, line: 6, column: 9)),
            ("local", .scalar("2024-03-10T18:05:00", plain: true, line: 5, column: 9)),
            ("params", .map([("mood", .scalar("calm", plain: false, line: 11, column: 8))], line: 10, column: 1)),
            ("ratio", .scalar("0.5", plain: true, line: 8, column: 9)),
            ("tags", .list([.scalar("walk", plain: false, line: 9, column: 9), .scalar("river", plain: false, line: 9, column: 17)],
                           line: 9, column: 8)),
            ("title", .scalar("Café", plain: false, line: 1, column: 9)),
            ("utc", .scalar("2024-03-10T09:05:00Z", plain: true, line: 3, column: 7)),
        ], line: 1, column: 1)
        #expect(FrontMatter.parse(toml, as: .toml) == .success(expected))
        guard case .success(.map(let pairs, _, _, _)?) = FrontMatter.parse(toml, as: .toml) else { return }
        #expect(pairs.map { $0.value.position.line } == [7, 2, 4, 6, 5, 10, 8, 9, 1, 3])
    }

    @Test func badTOMLIsLocated() {
        #expect(FrontMatter.parse("title = 'A'\ntitle = 'B'\n", as: .toml)
            == .failure(FrontMatter.Problem(line: 2, column: 9, reason: "TOML: cannot redefine existing string 'title'")))
        #expect(FrontMatter.parse("title = \"unclosed\n", as: .toml)
            == .failure(FrontMatter.Problem(line: 1, column: 18, reason: "TOML: unescaped control characters other than TAB (U+0009) are explicitly prohibited")))
    }

    /// toml++ 3.3.0 asserts on this text; in a release build the assertion was an assumption the
    /// compiler relied on (undefined behaviour). Sources/CTOML keeps it a no-op.
    @Test func textThatBreaksTomlppsAssertionIsAnError() {
        #expect(FrontMatter.parse("a = [1,\n2, }", as: .toml)
            == .failure(FrontMatter.Problem(line: 2, column: 4, reason: "TOML: could not determine value type")))
    }

    @Test func limitsHold() {
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(FrontMatter.parse("a = " + deep, as: .toml)
            == .failure(FrontMatter.Problem(line: 1, column: 37, reason: "front matter nested deeper than 32")))
        let many = "a = [" + Array(repeating: "1", count: 10_001).joined(separator: ",") + "]"
        guard case .failure(let problem) = FrontMatter.parse(many, as: .toml) else {
            Issue.record("10,001 values were read")
            return
        }
        #expect(problem.reason == "front matter has more than 10000 values")
        let big = "a = '" + String(repeating: "x", count: FrontMatter.maxBytes) + "'"
        #expect(FrontMatter.parse(big, as: .toml) == .failure(FrontMatter.Problem(line: 1, column: 1, reason: "front matter larger than 256 KB")))
        #expect(FrontMatter.parse("", as: .toml) == .success(.map([], line: 1, column: 1)))
    }

    @Test func hugoPostsBecomeEntries() throws {
        let batch = try Importer.read(.markdown, ExportFolder.open(ImportFixtures.path("hugo")), context: ImportContext(timeZone: "Asia/Seoul"))
        #expect(batch.notes == ["\(ImportFixtures.path("hugo")): read as a Hugo or Zola site: its content/; other Markdown files in it (pages, themes, READMEs) are not entries",
                                "\(ImportFixtures.path("hugo")): Hugo's feeds (/index.xml, and each section's and tag's index.xml) and list pages (/posts/, /categories/…) "
                                    + "have no page in Daybook, whose feed is /feed.xml and lists are months/ and tags/: a redirect on your host keeps the feed's readers",
                                "\(ImportFixtures.path("hugo"))/static: 1 file Hugo published at the site's root, not imported (those posts link to are copied to photos/): "
                                    + "copy the folder into the Daybook site's static/, which a build publishes at the root too, so their old addresses keep working "
                                    + "(cp -R \"\(ImportFixtures.path("hugo"))/static/.\" SITE/static/)"])
        #expect(batch.items.map(\.source) == ["markdown:posts/evening-tea.md", "markdown:posts/first-walk-by-the-river.md",
                                               "markdown:posts/rainy-market.md", "markdown:private/letter.md"])
        // A section hidden by its `_index.md`'s cascade: its pages are drafts.
        #expect(batch.items[3]["draft"] == .bool(true))
        // Without a `date`, Hugo's `publishDate` (before `lastmod`), as Hugo dates the page.
        #expect(batch.items[0]["date"] == .string("2024-03-11T20:00:00+09:00"))
        #expect(MarkdownNotesImportTests.text(batch.items[1]) == """
        {
          "title": "First Walk by the River",
          "date": "2024-03-09T07:45:00+09:00",
          "body": "The herons were back under the **old bridge**.\\n\\n![Herons](photos/markdown/static/images/heron.png)",
          "tags": [
            "walk",
            "river"
          ],
          "aliases": [
            "/posts/first-walk-by-the-river/"
          ],
          "source": "markdown:posts/first-walk-by-the-river.md"
        }

        """)
        #expect(MarkdownNotesImportTests.text(batch.items[2]) == """
        {
          "title": "Rainy market",
          "date": "2024-03-10T18:05:00Z",
          "body": "Bought leeks and a yellow umbrella.",
          "tags": [
            "market"
          ],
          "mood": "calm",
          "weather": "rain",
          "location": "Mangwon",
          "draft": true,
          "aliases": [
            "/posts/rainy-market/"
          ],
          "source": "markdown:posts/rainy-market.md"
        }

        """)
        // The section's `_index.md` lists posts: skipped without a word.
        #expect(batch.warnings.map(\.message) == [])
    }

    @Test func importedHugoPostsAreBuilt() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (summary, _) = try ImportFixtures.importInto(site, .markdown, ImportFixtures.path("hugo"))
        #expect(summary.line == "Imported 4 entries: 4 new, 0 updated, 0 removed; 1 photo copied")
        try ImportFixtures.build(site)
        let page = try #require(ImportFixtures.read(site + "/_site/entries/2024-03-09-first-walk-by-the-river/index.html"))
        #expect(page.contains("<p>The herons were back under the <strong>old bridge</strong>.</p>"))
        #expect(page.contains("Mar 9, 2024"))
        #expect(page.contains(#"<img src="../../photos/markdown/static/images/heron-64.webp""#))
        #expect(!page.contains("+++"))
        // The draft is imported as a draft: not published.
        #expect(!FileManager.default.fileExists(atPath: site + "/_site/entries/2024-03-11-rainy-market/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site + "/_site/entries/2024-03-10-rainy-market/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site + "/_site/entries/2024-03-12-letter-to-myself/index.html"))
    }

    @Test func badTOMLIsLocatedInTheNote() throws {
        let (folder, errors) = try ImportFixtures.markdownErrors([
            "a.md": "+++\ntitle = 'Fine'\ndate = 2024-13-01\n+++\nBody\n",
            "b.md": "+++\ntitle = 'Fine'\ndate = '2024-13-01'\n+++\nBody\n",
        ])
        // A TOML date that is no day makes the whole front matter unreadable (its title, its
        // `draft`): an error. The same date as a string is a warning (NoteDateTests).
        #expect(errors == """
        error: \(folder)/a.md:3:15: TOML: expected month between 1 and 12 (inclusive), saw 13
        """)
    }

    /// Hugo reads keys in any case, and dates a page by its aliases (`publishdate`, `published`…).
    @Test func keysInAnyCaseAndDateAliases() throws {
        let batch = try ImportFixtures.markdownBatch([
            "caps.md": "+++\nTitle = 'Capital keys'\nDate = 2024-04-01T09:00:00Z\nTags = ['Cap']\nDraft = true\n+++\nBody",
            "published.md": "+++\ntitle = 'Published'\npublished = 2024-04-03\n+++\nBody",
            "zola.md": "+++\ntitle = 'Zola'\ndate = 2024-04-04\nupdated = 2024-05-01\n[taxonomies]\ntags = ['rust', 'zola']\n[extra]\nmood = 'focused'\n+++\nBody",
        ])
        #expect(batch.items.map { [$0["title"], $0["date"], $0["draft"]] } == [
            [.string("Capital keys"), .string("2024-04-01T09:00:00Z"), .bool(true)],
            [.string("Published"), .string("2024-04-03"), nil],
            [.string("Zola"), .string("2024-04-04"), nil],
        ])
        #expect(batch.items[0]["tags"] == .array([JSONNode(value: .string("Cap"))]))
        #expect(batch.items[2]["tags"] == .array([JSONNode(value: .string("rust")), JSONNode(value: .string("zola"))]))
        #expect(batch.items[2]["mood"] == .string("focused"))
    }

    /// Pages Hugo never renders stay out of the site; a bundle's page is named by its folder.
    @Test func headlessPagesAreDraftsAndBundlesTakeTheirFolderName() throws {
        let batch = try ImportFixtures.markdownBatch([
            "a.md": "+++\ntitle = 'Headless'\ndate = 2024-04-05\nheadless = true\n+++\n",
            "b.md": "+++\ntitle = 'Never rendered'\ndate = 2024-04-05\n[build]\nrender = 'never'\n+++\n",
            "posts/trip-to-busan/index.md": "+++\ndate = 2024-04-06\n+++\nThe sea.",
        ])
        #expect(batch.items.map { $0["draft"] } == [.bool(true), .bool(true), nil])
        #expect(batch.items[2]["title"] == .string("trip-to-busan"))
    }

    @Test func unclosedFrontMatterBadBytesAndOtherLinesAreLocated() throws {
        let (folder, errors) = try ImportFixtures.markdownErrors([
            "a.md": "+++\ntitle = 'never closed'\ndate = 2024-05-01\nBody",
            "b.md": "---\ndate: 2024-01-01\ntags: [a]\ntitle: A\nmood: x\ntitle: B\n---\n",
            "c.md": "+++\ndate = 2024-05-01T25:00:00Z\n+++\n",
        ])
        #expect(errors == """
        error: \(folder)/a.md:1:1: the front matter opened here with +++ is not closed by a +++ line
        error: \(folder)/b.md:6:1: key "title" is given twice (first on line 4)
        error: \(folder)/c.md:2:21: TOML: expected hour between 0 and 23 (inclusive), saw 25
        """)
        let (other, result) = try ImportFixtures.importNotes(["d.md": Array("+++\ntitle = \"bad ".utf8) + [0xFF, 0xFE] + Array("\"\n+++\n".utf8)])
        guard case .failure(let failure) = result else { Issue.record("invalid UTF-8 was imported"); return }
        #expect(failure.description == "error: \(other)/d.md:2:14: not UTF-8 text")
    }

    /// A date written with another offset than the site's keeps it as the entry's zone (as Day One
    /// entries keep theirs), so the entry is shown on the day and at the hour it was written.
    @Test func aWrittenOffsetBecomesTheEntrysZone() throws {
        func zone(_ date: String, _ site: String, old: String? = nil) -> String? {
            guard case .success(let parsed) = ISODate.parse(date), let site = TimeZone(identifier: site) else { return "bad" }
            return MarkdownNotesImporter.writtenZone(of: parsed, written: date, site: site, old: old.flatMap(TimeZone.init(identifier:)))
        }
        #expect(zone("2024-02-01T08:30:00+09:00", "UTC") == "Etc/GMT-9")
        #expect(zone("2024-02-01T08:30:00Z", "Asia/Seoul") == nil)
        #expect(zone("2024-02-01T08:30:00+00:00", "Asia/Seoul") == "UTC")
        #expect(zone("2024-02-01T08:30:00+09:00", "Asia/Seoul") == nil)
        #expect(zone("2024-07-01T08:30:00-04:00", "America/New_York") == nil)
        #expect(zone("2024-07-01T08:30:00-05:00", "America/New_York") == "Etc/GMT+5")
        #expect(zone("2024-02-01T08:30:00+05:30", "UTC") == "GMT+0530")
        #expect(zone("2024-02-01T08:30:00+05:30", "Asia/Kolkata") == nil)
        #expect(zone("2024-02-01T08:30:00-09:30", "UTC") == "GMT-0930")
        #expect(zone("2024-02-01T08:30:00+05:45", "UTC") == "GMT+0545")
        #expect(zone("2024-02-01T08:30", "UTC") == nil)
        #expect(zone("2024-02-01", "UTC") == nil)
        // The old site's zone (Hugo's `timeZone`) by its name, when its clocks read the offset then.
        #expect(zone("2023-05-02T09:00:00+02:00", "UTC", old: "Europe/Berlin") == "Europe/Berlin")
        #expect(zone("2023-12-02T09:00:00+01:00", "UTC", old: "Europe/Berlin") == "Europe/Berlin")
        #expect(zone("2023-12-02T09:00:00+02:00", "UTC", old: "Europe/Berlin") == "Etc/GMT-2")
        #expect(zone("2023-05-02T09:00:00+02:00", "Europe/Paris", old: "Europe/Berlin") == "Europe/Berlin")
        #expect(zone("2023-05-02T09:00:00+02:00", "Europe/Berlin", old: "Europe/Berlin") == nil)
        #expect(zone("2024-02-01T08:30:00+05:30", "UTC", old: "Asia/Kolkata") == "Asia/Kolkata")
        #expect(zone("2024-02-01T08:30:00Z", "Asia/Seoul", old: "UTC") == nil)

        let site = try ImportFixtures.siteWithNotes(["a.md": "---\ntitle: Seoul morning\ndate: 2024-02-01 08:30:00 +0900\n---\nCoffee.\n"])
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.build(site)
        let page = try #require(ImportFixtures.read(site + "/_site/entries/2024-02-01-seoul-morning/index.html"))
        #expect(page.contains(#"<time datetime="2024-01-31T23:30:00Z">Feb 1, 2024 at 8:30\#u{202F}AM GMT+09:00</time>"#))
        #expect(FileManager.default.fileExists(atPath: site + "/_site/months/2024-02/index.html"))
    }

    /// India's +05:30 has no `Etc/` zone: the note gets the fixed `GMT+0530`, and a note written
    /// just after midnight there (the day before in UTC) is shown and filed on its own day.
    @Test func aHalfHourOffsetBecomesAFixedZone() throws {
        let site = try ImportFixtures.siteWithNotes(["a.md": "---\ntitle: Delhi night\ndate: 2024-02-01 00:30:00 +0530\n---\nTea.\n"])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains(#""timeZone": "GMT+0530""#))
        try ImportFixtures.build(site)
        let page = try #require(ImportFixtures.read(site + "/_site/entries/2024-02-01-delhi-night/index.html"))
        #expect(page.contains(#"<time datetime="2024-01-31T19:00:00Z">Feb 1, 2024 at 12:30\#u{202F}AM GMT+05:30</time>"#))
        #expect(FileManager.default.fileExists(atPath: site + "/_site/months/2024-02/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site + "/_site/months/2024-01/index.html"))
    }

    /// A Jekyll site's folder: its posts (`_posts/`) and drafts (`_drafts/`, kept out of the site),
    /// not its pages; `published: false` hides a post; titles from file names as Jekyll makes them;
    /// images from the site's root (`/assets/…`, `{{ site.baseurl }}/assets/…`, `</a path with spaces>`) found.
    @Test func aJekyllSiteFolderGivesItsPosts() throws {
        let export = try ExportFolder.open(ImportFixtures.path("jekyll"))
        let batch = try Importer.read(.markdown, export, context: ImportContext(timeZone: "UTC"))
        #expect(batch.notes == ["\(ImportFixtures.path("jekyll")): read as a Jekyll site: its _posts/, and _drafts/ as drafts; other Markdown files in it (pages, themes, READMEs) are not entries"])
        #expect(batch.items.map(\.source) == ["markdown:_drafts/plans.md", "markdown:2024-01-05-first-snow.md",
                                               "markdown:2024-01-09-my-trip-home.md", "markdown:2024-01-11-unpublished.md"])
        #expect(batch.items.map { $0["draft"] } == [.bool(true), nil, nil, .bool(true)])
        #expect(batch.items[1]["body"] == .string("It snowed.\n\n![Snow](photos/markdown/assets/snow.png)"))
        #expect(batch.items[2]["title"] == .string("My Trip Home"))
        #expect(batch.items[2]["body"] == .string("Home by train.\n\n![base](photos/markdown/assets/snow.png)\n\n![spaced](photos/markdown/assets/my-snow.png)"))
        #expect(batch.items[3]["date"] == .string("2024-01-11"))
        #expect(Set(batch.files.map(\.to)) == ["photos/markdown/assets/snow.png", "photos/markdown/assets/my-snow.png"])
        #expect(batch.warnings.isEmpty)
        // Jekyll's space-separated tags.
        #expect(batch.items[1]["tags"] == .array([JSONNode(value: .string("winter")), JSONNode(value: .string("snow-day"))]))
        #expect(MarkdownNotesImporter.postFolders(in: ["notes/a.md", "_config.yml"]) == [])
        #expect(MarkdownNotesImporter.postFolders(in: ["config.toml", "content/a.md"]) == ["content/"])
        #expect(MarkdownNotesImporter.postFolders(in: ["config/_default/hugo.yaml", "content/a.md"]) == ["content/"])
        #expect(MarkdownNotesImporter.postFolders(in: ["hugo.toml", "themes/x/exampleSite/content/a.md"]) == ["content/"])
    }

    /// A Jekyll draft usually has no date (Jekyll gives it its file's modification time): it is
    /// imported as a draft dated so, with a warning, not skipped.
    @Test func anUndatedJekyllDraftIsDatedByItsFile() throws {
        let folder = NSTemporaryDirectory() + "jekyll-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/_drafts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/_posts", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("title: Mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/_config.yml"))
        try Data("---\ntitle: An idea\n---\nMaybe.\n".utf8).write(to: URL(fileURLWithPath: folder + "/_drafts/idea.md"))
        try Data("---\n---\nSnow.\n".utf8).write(to: URL(fileURLWithPath: folder + "/_posts/2024-01-05-snow.md"))
        // Jekyll does not publish a post without front matter.
        try Data("Bare.\n".utf8).write(to: URL(fileURLWithPath: folder + "/_posts/2024-01-06-bare.md"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_705_741_230)],
                                              ofItemAtPath: folder + "/_drafts/idea.md")
        let batch = try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(batch.items.map(\.source) == ["markdown:_drafts/idea.md", "markdown:2024-01-05-snow.md"])
        #expect(batch.items.first?["date"] == .string("2024-01-20T09:00:30Z"))
        #expect(batch.items.first?["draft"] == .bool(true))
        #expect(batch.warnings.map(\.description) == ["\(folder)/_drafts/idea.md: a draft with no date; dated 2024-01-20T09:00:30Z, its file's modification time, as Jekyll dates it",
                                                     "\(folder)/_posts/2024-01-06-bare.md: no front matter, so Jekyll does not publish it; skipped"])
    }

    /// A folder given through a link is read where it leads; a Hugo site's `content/` alone is
    /// refused, naming the site (its posts need the site's configuration).
    @Test func aLinkedFolderIsReadWhereItLeadsAndTheContentFolderAsksForTheSite() throws {
        let link = NSTemporaryDirectory() + "hugo-link-" + UUID().uuidString
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: ImportFixtures.path("hugo"))
        defer { try? FileManager.default.removeItem(atPath: link) }
        let context = ImportContext(timeZone: "UTC")
        let linked = try Importer.read(.markdown, ExportFolder.open(link), context: context)
        #expect(linked.items.map(\.source) == ["markdown:posts/evening-tea.md", "markdown:posts/first-walk-by-the-river.md",
                                                "markdown:posts/rainy-market.md", "markdown:private/letter.md"])
        #expect(throws: ImportFailure.self) {
            try Importer.read(.markdown, ExportFolder.open(ImportFixtures.path("hugo/content")), context: context)
        }
    }

}
