import Foundation
import Testing

/// `build --drafts` and `--future` label what they include ("Draft", "Scheduled") on its page
/// and in the lists, so that a preview, or a site published with them by mistake, tells them
/// apart; a build without them shows no label.
@Suite struct DraftLabelCLITests {
    static func folder() throws -> String {
        try DataCLITests.site([
            "site/daybook.json": #"{"title": "T", "locale": "en_US", "timeZone": "UTC", "baseURL": "https://example.org/"}"#,
            "site/diary.json": """
            [{"title": "Walk", "date": "2024-01-02", "body": "A walk."},
             {"title": "Letter", "date": "2024-01-03", "body": "Not done.", "draft": true},
             {"title": "Trip", "date": "2024-03-01", "body": "Soon."}]
            """,
            "site/pages/secret.md": "---\ndraft: true\n---\nNot yet.\n",
        ])
    }

    static func read(_ folder: String, _ path: String) -> String {
        FileManager.default.contents(atPath: folder + "/site/_site/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static let now = "2024-02-01T00:00:00Z"

    @Test func buildWithDraftsMarksTheDraftOnItsPageAndInTheHomeList() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLITests.run(["build", "site", "--drafts", "--now", Self.now], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(Self.read(folder, "entries/2024-01-03-letter/index.html").contains("""
        <h1 dir="auto">Letter</h1>
        <p class="entry-date"><time datetime="2024-01-03">Jan 3, 2024</time> <span class="status-label status-draft">Draft</span></p>
        """))
        let home = Self.read(folder, "index.html")
        #expect(home.contains("""
        <a class="entry-link" dir="auto" href="entries/2024-01-03-letter/index.html">Letter</a>
        <time datetime="2024-01-03">Jan 3, 2024</time> <span class="status-label status-draft">Draft</span>
        """))
        #expect(home.contains("""
        <a class="entry-link" dir="auto" href="entries/2024-01-02-walk/index.html">Walk</a>
        <time datetime="2024-01-02">Jan 2, 2024</time>\n
        """))
        // The header menu names the draft page with its label, on every page.
        #expect(home.contains(#"<li><a href="secret/index.html">Secret <span class="status-label status-draft">Draft</span></a></li>"#))
        #expect(home.components(separatedBy: "status-label").count == 3)
        #expect(Self.read(folder, "entries/2024-01-02-walk/index.html").components(separatedBy: "status-label").count == 2)
        #expect(Self.read(folder, "secret/index.html").contains("""
        <h1 dir="auto">Secret</h1>
        <p class="page-status"><span class="status-label status-draft">Draft</span></p>
        <div class="body" dir="auto">
        """))
        // The feed and the sitemap leave drafts out all the same.
        #expect(!Self.read(folder, "feed.xml").contains("Letter"))
        let sitemap = Self.read(folder, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/entries/2024-01-02-walk/</loc>"))
        #expect(!sitemap.contains("letter") && !sitemap.contains("secret"))
    }

    @Test func buildWithFutureMarksALaterEntryScheduled() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["build", "site", "--future", "--now", Self.now], in: folder).status == 0)
        #expect(Self.read(folder, "index.html").contains("""
        <time datetime="2024-03-01">Mar 1, 2024</time> <span class="status-label status-scheduled">Scheduled</span>
        """))
        #expect(Self.read(folder, "entries/2024-03-01-trip/index.html").contains("""
        <p class="entry-date"><time datetime="2024-03-01">Mar 1, 2024</time> <span class="status-label status-scheduled">Scheduled</span></p>
        """))
        #expect(Self.read(folder, "feed.xml").contains("<title>Trip</title>"))
    }

    @Test func aPlainBuildHasNoLabel() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["build", "site", "--now", Self.now], in: folder).status == 0)
        let site = folder + "/site/_site/"
        let pages = try #require(FileManager.default.subpaths(atPath: site)).filter { $0.hasSuffix(".html") || $0.hasSuffix(".md") }
        #expect(pages.contains("index.html") && pages.contains("entries/2024-01-02-walk/index.html"))
        #expect(!pages.contains("entries/2024-01-03-letter/index.html") && !pages.contains("secret/index.html"))
        for page in pages { #expect(!Self.read(folder, page).contains("status-"), "\(page)") }
    }
}
