import Foundation
import Testing
@testable import DaybookCore

/// Entries dated after "now" are left out of every output unless `--future`, as Hugo does.
@Suite struct FutureEntriesTests {
    static let now = ISODate(day: CalendarDay(year: 2021, month: 11, day: 15), secondOfDay: 3600, utcOffset: 0)

    static func site() throws -> TempSite {
        try TempSite(files: [
            "daybook.json": #"{"title": "Log", "timeZone": "Asia/Seoul", "baseURL": "https://example.org/"}"#,
            "diary.json": """
            [{"id": "past", "title": "Past", "date": "2021-11-13T09:30:00+09:00", "body": "Old news.", "tags": ["t"]},
             {"id": "today", "title": "Today", "date": "2021-11-15", "body": "Dated today, no time."},
             {"id": "later", "title": "Later today", "date": "2021-11-15T11:00:00+09:00", "body": "Written ahead.", "tags": ["t"]},
             {"id": "next", "title": "Next month", "date": "2021-12-02", "body": "Scheduled.", "tags": ["soon"]}]
            """,
        ])
    }

    static func build(_ site: TempSite, future: Bool) throws -> BuildSummary {
        try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", includeFuture: future, now: now)).build()
    }

    @Test func leftOutOfEveryOutput() throws {
        let site = try Self.site()
        let summary = try Self.build(site, future: false)
        #expect(summary.entries == 2)
        #expect(summary.future == 2)
        #expect(site.exists("out/entries/past/index.html") && site.exists("out/entries/today/index.html"))
        #expect(!site.exists("out/entries/later/index.html"))
        #expect(!site.exists("out/entries/next/index.html"))
        #expect(!site.exists("out/months/2021-12/index.html"))
        #expect(!site.exists("out/reports/2021-12/index.html") && !site.exists("out/reports/2021-12.md"))
        #expect(!site.exists("out/tags/soon/index.html"))
        let searchFiles = (try FileManager.default.contentsOfDirectory(atPath: site.root + "/out/search")).map { "search/" + $0 }
        #expect(searchFiles.contains("search/meta.js"))
        for file in ["feed.xml", "sitemap.xml", "index.html", "reports/2021-11.md",
                     "reports/2021-11/index.html", "months/index.html", "tags/t/index.html"] + searchFiles {
            let text = try #require(site.read("out/" + file), "\(file)")
            #expect(!text.contains("Later today") && !text.contains("Next month") && !text.contains("entries/next"), "\(file)")
        }
    }

    @Test func theFeedIsUpdatedAtTheNewestPublishedEntry() throws {
        let site = try Self.site()
        _ = try Self.build(site, future: false)
        let feed = try #require(site.read("out/feed.xml"))
        let head = try #require(feed.components(separatedBy: "<entry>").first)
        #expect(head.contains("<updated>2021-11-14T15:00:00Z</updated>"))
    }

    /// Found by a Day One user's audit: entries are in the order of their own days, so the first is
    /// not the latest when one was written in a zone behind the other's: the feed's <updated> was
    /// before an entry's. It is the latest moment.
    @Test func theFeedIsUpdatedAtTheLatestMomentWhateverTheDays() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log", "timeZone": "Asia/Seoul", "baseURL": "https://example.org/"}"#,
            "diary.json": """
            [{"id": "seoul", "title": "New Year in Seoul", "date": "2022-01-01T00:30:00+09:00", "body": "A."},
             {"id": "york", "title": "Eve in New York", "date": "2021-12-31T20:00:00-05:00", "timeZone": "America/New_York", "body": "B."}]
            """,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: ISODate(day: CalendarDay(year: 2022, month: 2, day: 1), secondOfDay: 0, utcOffset: 0))).build()
        let feed = try #require(site.read("out/feed.xml"))
        let head = try #require(feed.components(separatedBy: "<entry").first)
        #expect(head.contains("<updated>2022-01-01T01:00:00Z</updated>"))
        #expect(feed.contains("<updated>2021-12-31T15:30:00Z</updated>"))
    }

    @Test func includedWithFuture() throws {
        let site = try Self.site()
        let summary = try Self.build(site, future: true)
        #expect(summary.entries == 4)
        #expect(summary.future == 0)
        #expect(site.exists("out/entries/next/index.html"))
        #expect(try #require(site.read("out/feed.xml")).contains("<updated>2021-12-01T15:00:00Z</updated>"))
    }

    /// Another "now" or `--future` is another build: the skip fingerprint covers both.
    @Test func futureIsPartOfTheFingerprint() throws {
        let site = try Self.site()
        _ = try Self.build(site, future: false)
        #expect(try Self.build(site, future: false).skipped)
        let again = try Self.build(site, future: true)
        #expect(!again.skipped)
        #expect(site.exists("out/entries/next/index.html"))
    }
}
