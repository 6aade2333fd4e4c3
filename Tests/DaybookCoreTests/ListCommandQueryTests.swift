import Foundation
import Testing
@testable import DaybookCore

/// What `daybook list` finds (``EntryQuery``, ``SearchWords``, ``DayRange``) in a diary loaded and
/// placed as a build places it (``SiteBuilder/diary()``), in Seoul's zone and English.
@Suite struct ListCommandQueryTests {
    /// 2026-12-02T12:00:00Z: 21:00 in Seoul, so today is 2026-12-02 and yesterday 2026-12-01.
    static let now = ISODate(day: CalendarDay(year: 2026, month: 12, day: 2), secondOfDay: 12 * 3600, utcOffset: 0)

    static let diaryJSON = #"""
    [
      {"title": "Morning walk", "date": "2026-12-01T09:30:00+09:00", "body": "Coffee at the *Café*, then a walk.",
       "tags": ["walk", "dog"], "mood": "Happy", "location": "한강"},
      {"title": "Rain", "date": "2026-12-02T08:00", "body": "Rain all day; 한강에서 걸었다. We crossed the quiet bridge.", "tags": ["Walk"]},
      {"title": "Road trip", "date": "2026-11-13", "tags": ["Road Trip"], "photos": [{"src": "photos/x.jpg", "caption": "A quokka"}]},
      {"title": "東京", "date": "2026-11-20T10:00", "body": "東京タワーに行った。我喜欢猫。 Straße, x86-64."},
      {"title": "Secret", "date": "2026-11-25", "body": "rain", "draft": true},
      {"title": "Tomorrow", "date": "2026-12-03", "body": "rain"},
      {"title": "Old", "date": "2025-06-01", "body": "Only rain here."}
    ]
    """#

    static func diary(drafts: Bool = false, future: Bool = false) throws -> Diary {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US", "timeZone": "Asia/Seoul"}"#,
            "diary.json": diaryJSON,
        ])
        let options = BuildOptions(includeDrafts: drafts, includeFuture: future, now: now)
        return try SiteBuilder(siteRoot: site.root, options: options).diary().diary
    }

    static func titles(_ query: EntryQuery, drafts: Bool = false, future: Bool = false) throws -> [String] {
        try query.entries(of: diary(drafts: drafts, future: future)).map(\.entry.title)
    }

    @Test func everyPublishedEntryOldestFirst() throws {
        #expect(try Self.titles(EntryQuery()) == ["Old", "Road trip", "東京", "Morning walk", "Rain"])
    }

    @Test func draftsAndLaterEntriesOnlyWhenAsked() throws {
        #expect(try Self.titles(EntryQuery(words: ["rain"])) == ["Old", "Rain"])
        #expect(try Self.titles(EntryQuery(words: ["rain"]), drafts: true) == ["Old", "Secret", "Rain"])
        #expect(try Self.titles(EntryQuery(words: ["rain"]), drafts: true, future: true) == ["Old", "Secret", "Rain", "Tomorrow"])
    }

    @Test func wordsIgnoreCaseAndAccents() throws {
        #expect(try Self.titles(EntryQuery(words: ["cafe"])) == ["Morning walk"])
        #expect(try Self.titles(EntryQuery(words: ["CAFÉ"])) == ["Morning walk"])
        #expect(try Self.titles(EntryQuery(words: ["strasse"])) == ["東京"])
    }

    @Test func wordsAreMatchedByTheirStart() throws {
        #expect(try Self.titles(EntryQuery(words: ["quok"])) == ["Road trip"])
        #expect(try Self.titles(EntryQuery(words: ["bri"])) == ["Rain"])
        #expect(try Self.titles(EntryQuery(words: ["ridge"])) == [])
    }

    @Test func aKoreanWordFindsItsWordWithAParticle() throws {
        #expect(try Self.titles(EntryQuery(words: ["한강"])) == ["Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(words: ["한강에서"])) == ["Rain"])
    }

    @Test func japaneseAndChineseAsTheSearchReadsThem() throws {
        #expect(try Self.titles(EntryQuery(words: ["タワー"])) == ["東京"])
        #expect(try Self.titles(EntryQuery(words: ["たわー"])) == ["東京"])
        #expect(try Self.titles(EntryQuery(words: ["猫"])) == ["東京"])
        #expect(try Self.titles(EntryQuery(words: ["京都"])) == [])
    }

    @Test func everyWordMustBeThere() throws {
        #expect(try Self.titles(EntryQuery(words: ["rain", "bridge"])) == ["Rain"])
        #expect(try Self.titles(EntryQuery(words: ["rain", "cafe"])) == [])
        // A word of words is its words side by side.
        #expect(try Self.titles(EntryQuery(words: ["x86-64"])) == ["東京"])
        #expect(try Self.titles(EntryQuery(words: ["quiet bridge"])) == ["Rain"])
        #expect(try Self.titles(EntryQuery(words: ["bridge quiet"])) == [])
    }

    @Test func tagsAsTheirPagesGroupThem() throws {
        #expect(try Self.titles(EntryQuery(tags: ["walk"])) == ["Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(tags: ["road_trip"])) == ["Road trip"])
        #expect(try Self.titles(EntryQuery(tags: ["walk", "dog"])) == ["Morning walk"])
        #expect(try Self.titles(EntryQuery(tags: ["wal"])) == [])
        #expect(try Self.titles(EntryQuery(words: ["rain"], tags: ["walk"])) == ["Rain"])
    }

    /// `daybook list --not`: a word or a tag that leaves an entry out, matched as one given to
    /// find is; any one of them leaves it out.
    @Test func wordsLeftOutAsWordsAreFound() throws {
        #expect(try Self.titles(EntryQuery(notWords: ["rain"])) == ["Road trip", "東京", "Morning walk"])
        // Case and accents aside, by their start, but one Latin letter only itself.
        #expect(try Self.titles(EntryQuery(notWords: ["CAFÉ"])) == ["Old", "Road trip", "東京", "Rain"])
        #expect(try Self.titles(EntryQuery(notWords: ["strasse"])) == ["Old", "Road trip", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(notWords: ["quok"])) == ["Old", "東京", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(notWords: ["ridge"])) == ["Old", "Road trip", "東京", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(notWords: ["a"])) == ["Old", "東京", "Rain"])
        // Korean from its start (the location 한강 and the body's 한강에서), Chinese by pairs.
        #expect(try Self.titles(EntryQuery(notWords: ["한강"])) == ["Old", "Road trip", "東京"])
        #expect(try Self.titles(EntryQuery(notWords: ["猫"])) == ["Old", "Road trip", "Morning walk", "Rain"])
        // A word of words is its words side by side.
        #expect(try Self.titles(EntryQuery(notWords: ["quiet bridge"])) == ["Old", "Road trip", "東京", "Morning walk"])
        #expect(try Self.titles(EntryQuery(notWords: ["bridge quiet"])) == ["Old", "Road trip", "東京", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(notWords: ["x86-64"])) == ["Old", "Road trip", "Morning walk", "Rain"])
        // A word of no letters or digits is looked for as written, in the text as rendered (`*Café*` has no `*`).
        #expect(try Self.titles(EntryQuery(words: [";"])) == ["Rain"])
        #expect(try Self.titles(EntryQuery(notWords: [";"])) == ["Old", "Road trip", "東京", "Morning walk"])
        #expect(try Self.titles(EntryQuery(notWords: ["*"])) == ["Old", "Road trip", "東京", "Morning walk", "Rain"])
        // Any one leaves an entry out; with words to find, of the entries that have them.
        #expect(try Self.titles(EntryQuery(notWords: ["rain", "cafe"])) == ["Road trip", "東京"])
        #expect(try Self.titles(EntryQuery(words: ["walk"], notWords: ["rain"])) == ["Morning walk"])
        #expect(try Self.titles(EntryQuery(words: ["rain"], notWords: ["rain"])) == [])
        #expect(try Self.titles(EntryQuery(notWords: ["rain"]), drafts: true, future: true) == ["Road trip", "東京", "Morning walk"])
        #expect(try Self.titles(EntryQuery(notWords: ["rain"], last: 1)) == ["Morning walk"])
    }

    @Test func tagsLeftOutAsTheirPagesGroupThem() throws {
        #expect(try Self.titles(EntryQuery(notTags: ["walk"])) == ["Old", "Road trip", "東京"])
        #expect(try Self.titles(EntryQuery(notTags: ["road_trip"])) == ["Old", "東京", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(notTags: ["ROAD TRIP"])) == ["Old", "東京", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(notTags: ["wal"])) == ["Old", "Road trip", "東京", "Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(tags: ["walk"], notTags: ["dog"])) == ["Rain"])
        #expect(try Self.titles(EntryQuery(notWords: ["quokka"], notTags: ["walk", "dog"])) == ["Old", "東京"])
        // A tag is only a tag: Morning walk's mood, Happy, is a word of it, not a tag.
        #expect(try Self.titles(EntryQuery(notWords: ["happy"])) == ["Old", "Road trip", "東京", "Rain"])
        #expect(try Self.titles(EntryQuery(notTags: ["happy"])) == ["Old", "Road trip", "東京", "Morning walk", "Rain"])
    }

    @Test func daysMonthsAndYears() throws {
        let diary = try Self.diary()
        func titles(from: String? = nil, to: String? = nil, on: String? = nil) -> [String] {
            let today = diary.now.localDay
            func range(_ text: String?) -> DayRange? {
                guard let text, case .success(let named) = DayRange.Named.parse(text) else { return nil }
                return named.range(today: today)
            }
            let query = EntryQuery(from: range(on ?? from)?.first, to: range(on ?? to)?.last)
            return query.entries(of: diary).map(\.entry.title)
        }
        #expect(diary.now.localDay == CalendarDay(year: 2026, month: 12, day: 2))
        #expect(titles(from: "2026-12") == ["Morning walk", "Rain"])
        #expect(titles(on: "2026-11") == ["Road trip", "東京"])
        #expect(titles(to: "2026-11-13") == ["Old", "Road trip"])
        #expect(titles(from: "2026-11-14", to: "2026-12-01") == ["東京", "Morning walk"])
        #expect(titles(on: "2025") == ["Old"])
        #expect(titles(on: "yesterday") == ["Morning walk"])
        #expect(titles(on: "today") == ["Rain"])
    }

    @Test func theLastN() throws {
        #expect(try Self.titles(EntryQuery(last: 2)) == ["Morning walk", "Rain"])
        #expect(try Self.titles(EntryQuery(words: ["rain"], last: 1)) == ["Rain"])
        #expect(try Self.titles(EntryQuery(last: 10)).count == 5)
    }

    @Test func namedDays() {
        let today = CalendarDay(year: 2024, month: 3, day: 1)
        func range(_ text: String) -> String {
            switch DayRange.Named.parse(text) {
            case .success(let named):
                let range = named.range(today: today)
                return "\(range.first)…\(range.last)"
            case .failure(let error): return error.reason
            }
        }
        #expect(range("2024-02") == "2024-02-01…2024-02-29")
        #expect(range("2023") == "2023-01-01…2023-12-31")
        #expect(range("2026-12-01") == "2026-12-01…2026-12-01")
        #expect(range("Yesterday") == "2024-02-29…2024-02-29")
        #expect(range("today") == "2024-03-01…2024-03-01")
        #expect(range("2026-13") == "2026-13 is not a month: a month is 01 to 12")
        #expect(range("2026-02-30") == "2026-02-30 is not a day of the calendar")
        #expect(range("2026-12-01T09:00") == "a day has no time")
    }
}
