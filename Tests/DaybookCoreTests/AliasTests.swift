import Foundation
import Testing
@testable import DaybookCore

/// An entry's `aliases`: pages at its old addresses that lead to it.
@Suite struct AliasTests {
    @Test func folderAndFileAddresses() throws {
        #expect(try AliasPath.file(for: "/posts/walk/").get() == "posts/walk/index.html")
        #expect(try AliasPath.file(for: "posts/walk").get() == "posts/walk/index.html")
        #expect(try AliasPath.file(for: "/2021/11/13/walk.html").get() == "2021/11/13/walk.html")
        #expect(try AliasPath.file(for: "/old/Walk.HTM").get() == "old/Walk.HTM")
        #expect(try AliasPath.file(for: "/posts/%EC%82%B0%EC%B1%85/").get() == "posts/산책/index.html")
        #expect(AliasPath.shown("posts/walk/index.html") == "/posts/walk/")
        #expect(AliasPath.shown("2021/11/13/walk.html") == "/2021/11/13/walk.html")
    }

    @Test func addressesThatCannotBeAnAliasSayWhy() {
        func reason(_ written: String) -> String? {
            if case .failure(let problem) = AliasPath.file(for: written) { return problem.reason }
            return nil
        }
        #expect(reason("https://example.org/a/") == #"alias "https://example.org/a/" must be an address on this site, from its root (such as /posts/walk/), not a URL"#)
        #expect(reason("/?p=12") == #"alias "/?p=12" must be a page's path, without '?' or '#' (a static site cannot answer a query)"#)
        #expect(reason("/a/../../etc/") == #"alias "/a/../../etc/" must stay inside the site (no '..', '.' or empty parts)"#)
        #expect(reason("/a/%2E%2E/b/") == #"alias "/a/%2E%2E/b/" must stay inside the site (no '..', '.' or empty parts)"#)
        #expect(reason("/a//b/") == #"alias "/a//b/" must stay inside the site (no '..', '.' or empty parts)"#)
        #expect(reason("/%ZZ/") == #"alias "/%ZZ/" has a '%' that is not a percent escape"#)
        #expect(reason("/a%00b/") == #"alias "/a%00b/" must not hold control characters, '\' or ':'"#)
        #expect(reason("/") == #"alias "/" is the site's home page, which the build writes"#)
        #expect(reason("/tags/walk/") == #"alias "/tags/walk/" is in tags/, which the build writes; an old address is somewhere else (such as /posts/walk/)"#)
        #expect(reason("/search/") == #"alias "/search/" is in search/, which the build writes; an old address is somewhere else (such as /posts/walk/)"#)
        #expect(reason("/.git/x/") == #"alias "/.git/x/" is in .git/, a hidden folder, which a static host may not serve; an old address is somewhere else (such as /posts/walk/)"#)
        // Found by a newcomer's audit: the site's own data folders are not the build's output: a
        // Hugo section named diary/ keeps its old addresses.
        #expect(reason("/diary/day-one/") == nil)
        #expect(reason("/templates/a.html") == nil)
        #expect(reason("/_site/x/") == nil)
        #expect(reason("/index.html") == #"alias "/index.html" is index.html, which the build writes"#)
        #expect(reason("/feed.php") == #"alias "/feed.php" must be a page's address: ending in '/' or '.html' (a static host serves other files as they are)"#)
        #expect(reason("/" + String(repeating: "a", count: 201) + "/") == #"alias "/\#(String(repeating: "a", count: 201))/" has a part longer than 200 bytes"#)
    }

    @Test func badAliasesAreErrorsAtTheirPlace() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2024-01-02", "aliases": ["/ok/", "/entries/x/y/", 3]}]"#,
        ])
        let errors = try SiteLoader(root: site.root).loadAll().errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(errors == [
            #"diary.json:1:76: "aliases" must hold strings, found 3"#,
        ])
        try site.write("diary.json", #"[{"title": "A", "date": "2024-01-02", "aliases": ["/ok/", "/entries/x/y/"]}]"#)
        let second = try SiteLoader(root: site.root).loadAll().errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(second == [
            #"diary.json:1:59: alias "/entries/x/y/" is in entries/, which the build writes; an old address is somewhere else (such as /posts/walk/)"#,
        ])
    }

    /// Found by a newcomer's audit: on a site served at /diary/, an old address copied from the
    /// browser with that path in front was published at /diary/diary/posts/old/, without a word.
    @Test func anAliasWithTheSitesPathInFrontIsWarnedAbout() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "baseURL": "https://user.github.io/diary/"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-01-02", "aliases": ["/diary/posts/old/", "/posts/older/", "/diary.html"]}]"#,
            "pages/about.md": "---\naliases: [/diary/me/]\n---\nMe.\n",
        ])
        let options = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        let warnings = try SiteBuilder(siteRoot: site.root, options: options).build().warnings
            .map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(warnings == [
            #"diary.json:1:51: alias "/diary/posts/old/" starts with the site's path /diary/ (its baseURL), so its page is served at /diary/diary/posts/old/: an alias is from the site's root, as in Hugo; write "/posts/old/""#,
            #"pages/about.md:2:11: alias "/diary/me/" starts with the site's path /diary/ (its baseURL), so its page is served at /diary/diary/me/: an alias is from the site's root, as in Hugo; write "/me/""#,
        ])
        // Without a path of its own, the same aliases are fine.
        try site.write("daybook.json", #"{"title": "T", "baseURL": "https://diary.example.org/"}"#)
        #expect(try SiteBuilder(siteRoot: site.root, options: options).build().warnings.isEmpty)
    }

    @Test func oneAddressOfTwoEntriesIsAnErrorAtTheSecond() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": "[\n{\"title\": \"A\", \"date\": \"2021-01-02\", \"aliases\": [\"/posts/a/\"]},\n{\"title\": \"B\", \"date\": \"2021-01-03\", \"aliases\": [\"posts/a\"]}\n]",
        ])
        let error = #expect(throws: BuildFailure.self) {
            try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        }
        #expect(error.map { "\($0)".replacingOccurrences(of: site.root + "/", with: "") }
            == #"error: diary.json:3:50: alias "/posts/a/" is another entry's alias too (first used at diary.json:2:50)"#)
        #expect(!site.exists("out"))
    }

    @Test func eachAliasIsAPageThatLeadsToItsEntry() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "baseURL": "https://example.org/log/"}"#,
            "diary.json": #"[{"id": "walk", "title": "Walk <3", "date": "2021-11-13", "aliases": ["/posts/walk/", "/2021/11/13/walk.html", "/diary/walk/"]}]"#,
        ])
        let options = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        _ = try SiteBuilder(siteRoot: site.root, options: options).build()
        // In a folder named as one of the site's own (its data's `diary/`), which the output does not have.
        #expect(try #require(site.read("out/diary/walk/index.html")).contains(#"url=../../entries/walk/index.html""#))
        #expect(site.read("out/posts/walk/index.html") == """
            <!DOCTYPE html>
            <html lang="en-US" dir="ltr">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="Daybook">
            <title>Walk &lt;3</title>
            <meta name="robots" content="noindex">
            <link rel="canonical" href="https://example.org/log/entries/walk/">
            <meta http-equiv="refresh" content="0; url=../../entries/walk/index.html">
            </head>
            <body>
            <p>This page has moved: <a href="../../entries/walk/index.html">Walk &lt;3</a></p>
            </body>
            </html>

            """)
        #expect(try #require(site.read("out/2021/11/13/walk.html")).contains(#"<meta http-equiv="refresh" content="0; url=../../../entries/walk/index.html">"#))
        #expect(try #require(site.read("out/sitemap.xml")).contains("posts") == false)
        // An alias taken out is removed from the output by the next build.
        try site.write("diary.json", #"[{"id": "walk", "title": "Walk <3", "date": "2021-11-13", "aliases": ["/posts/walk/"]}]"#)
        _ = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(site.exists("out/posts/walk/index.html"))
        #expect(!site.exists("out/2021/11/13/walk.html"))
    }

    @Test func aDraftsAliasesAreNotWritten() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "ko_KR"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "draft": true, "aliases": ["/posts/a/"]}, {"id": "b", "title": "B", "date": "2021-11-12", "aliases": ["/posts/b/"]}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        #expect(!site.exists("out/posts/a/index.html"))
        let page = try #require(site.read("out/posts/b/index.html"))
        #expect(page.contains(#"<html lang="ko-KR" dir="ltr">"#))
        #expect(page.contains(#"<p>이 페이지는 옮겨졌습니다: <a href="../../entries/b/index.html">B</a></p>"#))
        #expect(!page.contains("canonical"))
    }

    /// Builds `diary` (one entry linking to the site's `docs/` files) and returns the error text, relative to the site.
    private func clash(aliases: String, files: [String: String] = ["docs/old.html": "<p>old</p>"]) throws -> String? {
        let links = files.keys.sorted().map { "[f](\($0))" }.joined(separator: " ")
        var all = files
        all["daybook.json"] = #"{"title": "T"}"#
        all["diary.json"] = "[{\"id\": \"a\", \"title\": \"A\", \"date\": \"2021-11-13\", \"body\": \"\(links)\", \"aliases\": \(aliases)}]"
        let site = try TempSite(files: all)
        let error = #expect(throws: BuildFailure.self) {
            try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        }
        #expect(!site.exists("out"))
        return error.map { "\($0)".replacingOccurrences(of: site.root + "/", with: "") }
    }

    @Test func anAliasAtAFileTheBuildPublishesIsAnError() throws {
        let error = try clash(aliases: #"["/docs/old.html"]"#)
        #expect(error == #"error: diary.json:1:92: alias "/docs/old.html" is docs/old.html, a file the build publishes already (a photo or a file the entries link to)"#)
    }

    @Test func anAliasThatNeedsAFolderWhereAFileIsIsAnError() throws {
        let error = try clash(aliases: #"["/docs/old.html/"]"#)
        #expect(error == #"error: diary.json:1:92: alias "/docs/old.html/" needs a folder docs/old.html/, but the build writes the file docs/old.html there"#)
    }

    @Test func anAliasWhereAFolderIsNeededIsAnError() throws {
        let error = try clash(aliases: #"["/docs/a.html"]"#, files: ["docs/a.html/b.pdf": "pdf"])
        #expect(error == #"error: diary.json:1:96: alias "/docs/a.html" would be the file docs/a.html, but the build needs a folder there for docs/a.html/b.pdf"#)
    }

    @Test func twoAliasesOfWhichOneIsTheOthersFolderAreAnError() throws {
        let error = try clash(aliases: #"["/old/a.html", "/old/a.html/"]"#, files: [:])
        #expect(error == #"error: diary.json:1:74: alias "/old/a.html" would be the file old/a.html, but the build needs a folder there for old/a.html/index.html"#
            + "\n" + #"error: diary.json:1:89: alias "/old/a.html/" needs a folder old/a.html/, but the build writes the file old/a.html there"#)
    }

    @Test func anAliasLongerThanAFileSystemTakesIsRefused() {
        let written = "/" + Array(repeating: String(repeating: "a", count: 200), count: 5).joined(separator: "/") + "/"
        guard case .failure(let problem) = AliasPath.file(for: written) else { Issue.record("accepted"); return }
        #expect(problem.reason == "alias \"\(written)\" is longer than 1000 bytes")
    }

    /// Found by a rebuild audit: a changed title moves an entry without an `id` to a new address,
    /// and the alias that keeps the old one, in entries/, was refused. One no entry has is taken;
    /// another entry's page is not.
    @Test func anEntrysOwnOldAddressIsAnAlias() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "The first night", "date": "2021-08-20", "aliases": ["/entries/2021-08-20-night-one/"]}, {"title": "B", "date": "2021-08-21"}]"#,
        ])
        let options = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        let summary = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(summary.warnings.isEmpty)
        #expect(try #require(site.read("out/entries/2021-08-20-night-one/index.html")).contains("url=../2021-08-20-the-first-night/index.html"))
        func error(_ aliases: String) -> String? {
            try? site.write("diary.json", #"[{"title": "The first night", "date": "2021-08-20", "aliases": \#(aliases)}, {"title": "B", "date": "2021-08-21"}]"#)
            let error = #expect(throws: BuildFailure.self) { try SiteBuilder(siteRoot: site.root, options: options).build() }
            return error.map { "\($0)".replacingOccurrences(of: site.root + "/", with: "") }
        }
        #expect(error(#"["/entries/2021-08-21-b"]"#)
            == #"error: diary.json:1:65: alias "/entries/2021-08-21-b/" is the page of an entry the diary has; an old address is one no entry has now"#)
        #expect(error(#"["/entries/x.html"]"#)
            == #"error: diary.json:1:65: alias "/entries/x.html" is in entries/, which the build writes; an old address is somewhere else (such as /posts/walk/)"#)
    }

    /// Found by that audit: the build said only "1 removed". A page gone and a new one of the same
    /// day are one entry moved, told at the entry, once.
    @Test func aMovedEntryPageIsWarnedAbout() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "Night one", "date": "2021-08-20"}, {"title": "B", "date": "2021-08-21"}]"#,
        ])
        let options = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        #expect(try SiteBuilder(siteRoot: site.root, options: options).build().warnings.isEmpty)
        try site.write("diary.json", #"[{"title": "The first night", "date": "2021-08-20"}, {"title": "C", "date": "2021-08-22"}]"#)
        let warnings = try SiteBuilder(siteRoot: site.root, options: options).build().warnings
            .map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(warnings == [
            #"diary.json:1:2: this entry's page moved from entries/2021-08-20-night-one/ to entries/2021-08-20-the-first-night/ (an entry without an "id" is at its day and title), so links to the old address lead nowhere: keep it with "aliases": ["/entries/2021-08-20-night-one/"], or give the entry "id": "2021-08-20-night-one""#,
        ])
        // Kept with the alias, the old address is a page again, and nothing is said.
        try site.write("diary.json", #"[{"title": "The first night", "date": "2021-08-20", "aliases": ["/entries/2021-08-20-night-one/"]}, {"title": "C", "date": "2021-08-22"}]"#)
        #expect(try SiteBuilder(siteRoot: site.root, options: options).build().warnings.isEmpty)
    }

    @Test func anAliasThatBecomesAFolderAndBackBuildsEachTime() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-13", "aliases": ["/old/a.html"]}]"#,
        ])
        let options = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        _ = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(try #require(site.read("out/old/a.html")).contains("url=../entries/a/index.html"))
        try site.write("diary.json", #"[{"id": "a", "title": "A", "date": "2021-11-13", "aliases": ["/old/a.html/"]}]"#)
        let summary = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(summary.filesRemoved == 1)
        // Found by a rebuild audit: the old file, moved aside and removed, was also said to be
        // "not removed (Is a directory): old/a.html; remove it by hand", the new page's own path.
        #expect(summary.warnings.isEmpty)
        #expect(try #require(site.read("out/old/a.html/index.html")).contains("url=../../entries/a/index.html"))
        try site.write("diary.json", #"[{"id": "a", "title": "A", "date": "2021-11-13", "aliases": ["/old/a.html"]}]"#)
        let back = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(back.filesRemoved == 1)
        #expect(back.warnings.isEmpty)
        #expect(try #require(site.read("out/old/a.html")).contains("url=../entries/a/index.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root + "/out/old") == ["a.html"])
    }

    @Test func aFailedBuildPutsBackTheFileItMovedAside() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-13", "aliases": ["/old/a.html"]}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let before = try #require(site.read("out/old/a.html"))
        try site.write("diary.json", #"[{"id": "a", "title": "A", "date": "2021-11-13", "aliases": ["/old/a.html/"]}]"#)
        try site.write("templates/alias.mustache", "<p>{{titel}}</p>")
        var strict = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        strict.warningsAreErrors = true
        strict.reportsUnknownTemplateNames = true
        #expect(throws: BuildFailure.self) { try SiteBuilder(siteRoot: site.root, options: strict).build() }
        #expect(site.read("out/old/a.html") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root + "/out/old") == ["a.html"])
    }

    /// A build killed after it moved an old page aside leaves it there; the next build deletes it.
    @Test func whatACutBuildMovedAsideIsDeletedByTheNext() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-13", "aliases": ["/old/a.html", "/old/b/"]}]"#,
        ])
        let options = BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)
        _ = try SiteBuilder(siteRoot: site.root, options: options).build()
        // As a build that was killed after moving both aside leaves the output.
        let out = site.root + "/out/"
        try FileManager.default.moveItem(atPath: out + "old/a.html", toPath: out + "old/a.html.daybook-old")
        try FileManager.default.moveItem(atPath: out + "old/b", toPath: out + "old/b.daybook-old")
        try site.write("out/.daybook-unfinished", "")
        _ = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "old").sorted() == ["a.html", "b"])
        #expect(site.exists("out/old/b/index.html"))
        #expect(!site.exists("out/.daybook-unfinished"))
    }
}
