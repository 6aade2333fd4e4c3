import Foundation
import Testing
@testable import DaybookCore

/// An entry's own `timeZone`: its date shown, and its day and month chosen, in that zone.
@Suite struct EntryTimeZoneTests {
    static let diary = """
    [
      {"id": "manila", "title": "Night in Manila", "date": "2023-10-06T17:16:00Z", "timeZone": "Asia/Manila", "source": "dayone:ABC"},
      {"id": "plain", "title": "Plain", "date": "2023-10-06T17:16:00Z"},
      {"id": "all-day", "title": "All day", "date": "2023-10-31", "timeZone": "Pacific/Kiritimati"}
    ]
    """

    static func built() throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Zones", "locale": "en_US", "timeZone": "America/New_York"}"#,
            "diary.json": diary,
        ])
        try SiteBuildTests.build(site, into: site.root + "/out")
        return site
    }

    @Test func loaderReadsSourceAndTimeZone() throws {
        let site = try Self.built()
        let source = try SiteLoader(root: site.root).load()
        #expect(source.entries.map(\.source) == ["dayone:ABC", nil, nil])
        #expect(source.entries.map(\.timeZone) == ["Asia/Manila", nil, "Pacific/Kiritimati"])
    }

    @Test func dateShownInTheEntrysZone() throws {
        let site = try Self.built()
        let manila = try #require(site.read("out/entries/manila/index.html"))
        #expect(manila.contains(#"<time datetime="2023-10-06T17:16:00Z">Oct 7, 2023 at 1:16\#u{202F}AM Philippines Time</time>"#))
        let plain = try #require(site.read("out/entries/plain/index.html"))
        #expect(plain.contains(#"<time datetime="2023-10-06T17:16:00Z">Oct 6, 2023 at 1:16\#u{202F}PM</time>"#))
        let allDay = try #require(site.read("out/entries/all-day/index.html"))
        #expect(allDay.contains(#"<time datetime="2023-10-31">Oct 31, 2023</time>"#))
    }

    @Test func dayChosenInTheEntrysZone() throws {
        let site = try Self.built()
        let month = try #require(site.read("out/months/2023-10/index.html"))
        #expect(month.contains(#"<time datetime="2023-10-07">Saturday, Oct 7, 2023</time>"#))
        #expect(month.contains(#"<time datetime="2023-10-06">Friday, Oct 6, 2023</time>"#))
    }

    /// Entries written in several zones: New Year's Eve in New York (after midnight UTC) and
    /// New Year's Day in Tokyo (before it). Each month is one section, listed whole on its page
    /// and once in the search index; entries are ordered by their own day, then by instant.
    @Test func monthsStayWholeAcrossZones() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Zones", "locale": "en_US", "timeZone": "UTC"}"#,
            "diary.json": """
            [{"title": "Back home", "date": "2024-01-05T12:00:00Z", "body": "homeword"},
             {"title": "NYE in New York", "date": "2023-12-31T22:00:00-05:00", "timeZone": "America/New_York", "body": "fireworks"},
             {"title": "New year in Tokyo", "date": "2024-01-01T10:00:00+09:00", "timeZone": "Asia/Tokyo", "body": "shrine"}]
            """,
        ])
        let source = try SiteLoader(root: site.root).load()
        let diary = try Diary(source: source, formats: DateFormats(locale: "en_US", timeZone: "UTC"),
                              now: Moment(seconds: 1_800_000_000, localDay: CalendarDay(year: 2027, month: 1, day: 15), hasTime: true),
                              includeDrafts: false)
        #expect(diary.entries.map(\.entry.title) == ["Back home", "New year in Tokyo", "NYE in New York"])
        #expect(diary.months.map(\.key.description) == ["2024-01", "2023-12"])
        #expect(diary.months.map(\.entries) == [[0, 1], [2]])
        #expect(diary.months[0].days.map(\.day.description) == ["2024-01-05", "2024-01-01"])
        try SiteBuildTests.build(site, into: site.root + "/out")
        let january = try #require(site.read("out/months/2024-01/index.html"))
        #expect(january.contains("Back home") && january.contains("New year in Tokyo") && !january.contains("NYE in New York"))
        let meta = try #require(site.read("out/search/meta.js"))
        #expect(meta.contains(#""months":[["2024-01",0,2],["2023-12",2,1]]"#))
    }

    @Test func unknownZoneIsALocatedError() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Zones"}"#,
            "diary.json": #"[{"title": "A", "date": "2023-10-06", "timeZone": "Mars/Olympus"}]"#,
        ])
        do {
            _ = try SiteLoader(root: site.root).load()
            Issue.record("expected an error")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("wrong failure"); return }
            #expect(errors.errors.map(\.description) == [
                site.root + #"/diary.json:1:51: unknown time zone "Mars/Olympus"; expected an IANA name such as "UTC" or "Asia/Seoul""#,
            ])
        }
    }
}
