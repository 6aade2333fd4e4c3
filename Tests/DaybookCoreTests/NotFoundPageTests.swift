import Foundation
import Testing
@testable import DaybookCore

/// `404.html` is served for a missing path at any depth, so with a baseURL its links start
/// at the site's root path; without one they stay relative to the output's top folder.
@Suite struct NotFoundPageTests {
    static func notFound(_ extra: String) throws -> String {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log"\#(extra)}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "body": "Hi."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        return try #require(site.read("out/404.html"))
    }

    @Test func linksFromTheRootPathOfTheBaseURL() throws {
        let page = try Self.notFound(#", "baseURL": "https://example.org/log/""#)
        #expect(page.contains(#"<link rel="stylesheet" href="/log/assets/style.css">"#))
        #expect(page.contains(#"<link rel="icon" href="/log/assets/favicon.svg" type="image/svg+xml">"#))
        #expect(page.contains(#"<link rel="alternate" type="application/atom+xml" title="Log" href="/log/feed.xml">"#))
        #expect(page.contains(#"<a class="site-title" href="/log/index.html">Log</a>"#))
        #expect(page.contains(#"<li><a href="/log/months/index.html">Months</a></li>"#))
        #expect(page.contains(#"<li><a href="/log/reports/index.html">Reports</a></li>"#))
        #expect(page.contains(#"<script src="/log/assets/search.js" defer></script>"#))
        #expect(page.contains(#"<form class="site-search" role="search" action="/log/search/index.html""#))
        #expect(!page.contains(#"href="assets/"#) && !page.contains(#"href="index.html""#) && !page.contains(#"src="assets/"#))
    }

    @Test func prettyURLsAndADomainRoot() throws {
        let page = try Self.notFound(#", "baseURL": "https://example.org", "prettyURLs": true"#)
        #expect(page.contains(#"<link rel="stylesheet" href="/assets/style.css">"#))
        #expect(page.contains(#"<a class="site-title" href="/">Log</a>"#))
        #expect(page.contains(#"<li><a href="/todos/">Todos</a></li>"#))
    }

    @Test func withoutABaseURLTheLinksAreRelativeToTheTopFolder() throws {
        let page = try Self.notFound("")
        #expect(page.contains(#"<link rel="stylesheet" href="assets/style.css">"#))
        #expect(page.contains(#"<li><a href="months/index.html">Months</a></li>"#))
    }

    /// Found by a newcomer's audit: a baseURL whose path is not ASCII (`/일기/`) went into the
    /// sitemap and the feed as written, beside the site's own addresses percent-encoded
    /// (`https://example.org/일기/entries/…%EC…/`): a sitemap's URLs must be URIs.
    @Test func aBaseURLPathOutsideASCIIIsPercentEncodedEverywhere() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "baseURL": "https://example.org/일기"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "body": "Hi."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let page = try #require(site.read("out/404.html"))
        #expect(page.contains(#"<link rel="stylesheet" href="/%EC%9D%BC%EA%B8%B0/assets/style.css">"#))
        let sitemap = try #require(site.read("out/sitemap.xml"))
        #expect(sitemap.contains("<url><loc>https://example.org/%EC%9D%BC%EA%B8%B0/</loc></url>\n"))
        #expect(sitemap.contains("<url><loc>https://example.org/%EC%9D%BC%EA%B8%B0/entries/2021-11-13-a/</loc></url>\n"))
        let feed = try #require(site.read("out/feed.xml"))
        #expect(feed.contains(#"<link rel="self" href="https://example.org/%EC%9D%BC%EA%B8%B0/feed.xml"/>"#))
        #expect(!sitemap.contains("일기") && !feed.contains("일기") && !page.contains("일기"))
    }

    @Test func rootPathOfABaseURL() {
        #expect(PagePresenter.rootPath(ofBaseURL: "https://example.org/log/") == "/log/")
        #expect(PagePresenter.rootPath(ofBaseURL: "https://example.org/") == "/")
        #expect(PagePresenter.rootPath(ofBaseURL: "http://localhost:8000/a/b%20c/") == "/a/b%20c/")
        #expect(PagePresenter.rootPath(ofBaseURL: "https://example.org/log/?x=1#top") == "/log/")
    }
}
