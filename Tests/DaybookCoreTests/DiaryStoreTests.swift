import Foundation
import Testing
import DaybookCore

@Suite struct DiaryStoreTests {
    static let config = #"{"title": "T", "timeZone": "Asia/Seoul"}"#

    @Test func addToAMissingFileCreatesIt() throws {
        let site = try TempSite(files: ["daybook.json": Self.config])
        var entry = NewEntry(title: "Morning walk", date: "2026-12-01T09:30:00+09:00")
        entry.body = "Cold but *bright*."
        entry.tags = ["walk", "dog", "walk"]
        entry.mood = "Happy"
        entry.weather = "Clear -2°C"
        entry.location = "한강"
        let added = try DiaryStore(site: site.root).add(entry)
        #expect(added.copied == [])
        #expect(added.created)
        let expected = """
        [
          {
            "title": "Morning walk",
            "date": "2026-12-01T09:30:00+09:00",
            "body": "Cold but *bright*.",
            "tags": [
              "walk",
              "dog"
            ],
            "mood": "Happy",
            "weather": "Clear -2°C",
            "location": "한강"
          }
        ]

        """
        #expect(site.read("diary.json") == expected)
        #expect(String(decoding: JSONWriter.write(.array([JSONNode(value: added.entry)])), as: UTF8.self) == expected)
        #expect(site.exists(".diary.json.lock"))
        #expect(!site.exists(".diary.json.tmp"))

        // The loader reads back what was written.
        let source = try SiteLoader(root: site.root).load()
        #expect(source.entries.map(\.title) == ["Morning walk"])
        #expect(source.entries.first?.date == ISODate(day: CalendarDay(year: 2026, month: 12, day: 1), secondOfDay: 34_200, utcOffset: 32_400))
        #expect(source.entries.first?.tags == ["walk", "dog"])
        #expect(source.entries.first?.location == "한강")
    }

    @Test func otherEntriesKeepTheirKeysOrderAndValues() throws {
        // Written by hand or by another app: its own key order, unknown keys, a duplicate key,
        // nested values and numbers whose digits must stay.
        let original = """
        [
          {
            "date": "2021-11-13",
            "title": "Old",
            "rating": 4.50,
            "x": null,
            "x": [],
            "meta": {
              "app": "seed",
              "n": 1e3
            }
          }
        ]

        """
        let site = try TempSite(files: ["diary.json": original])
        #expect(try !DiaryStore(site: site.root).add(NewEntry(title: "New", date: "2021-11-14")).created)
        #expect(site.read("diary.json") == String(original.dropLast(3)) + ",\n" + """
          {
            "title": "New",
            "date": "2021-11-14"
          }
        ]

        """)
    }

    @Test func aFileInAnotherLayoutKeepsItsMeaning() throws {
        let original = #"[{"title":"A","date":"2021-11-13","tags":["x"],"extra":{"k":[1,2.0]}},{"title":"B","date":"2021-11-14T08:00:00Z"}]"#
        let site = try TempSite(files: ["diary.json": original])
        _ = try DiaryStore(site: site.root).add(NewEntry(title: "C", date: "2021-11-15"))
        let items = try #require({ () throws -> [JSONNode]? in
            if case .array(let items) = try JSONParser.parse(Array(site.read("diary.json")!.utf8)).value { return items }
            return nil
        }())
        guard case .array(let before) = try JSONParser.parse(Array(original.utf8)).value else { Issue.record("not an array"); return }
        #expect(items.count == 3)
        #expect(items.prefix(2).map { JSONWriter.write($0) } == before.map { JSONWriter.write($0) })
    }

    /// A photo named twice is added once.
    @Test func photosInsideAreReferencedOthersAreCopiedWithoutOverwriting() throws {
        let site = try TempSite(photos: ["photos/in.jpg": "inside", "photos/trip/b.jpg": "nested", "photos/IMG_1.jpg": "older photo"])
        let outside = try TempSite(photos: ["IMG_1.jpg": "new photo", "notes.jpeg": "text", "a:b.png": "colon"])
        var entry = NewEntry(title: "Photos", date: "2026-12-01")
        entry.photos = [site.root + "/photos/in.jpg", site.root + "/photos/trip/b.jpg", outside.root + "/IMG_1.jpg",
                        outside.root + "/IMG_1.jpg", outside.root + "/notes.jpeg", outside.root + "/a:b.png"]
        let added = try DiaryStore(site: site.root).add(entry)
        #expect(added.copied.map(\.path) == ["photos/IMG_1-2.jpg", "photos/notes.jpeg", "photos/a-b.png"])
        #expect(added.copied.map(\.source) == [outside.root + "/IMG_1.jpg", outside.root + "/notes.jpeg", outside.root + "/a:b.png"])
        #expect(added.copied.map(\.wasThere) == [false, false, false])
        #expect(site.photoTag("photos/IMG_1.jpg") == "older photo")
        #expect(site.photoTag("photos/IMG_1-2.jpg") == "new photo")
        #expect(!FileManager.default.fileExists(atPath: site.root + "/photos/IMG_1-3.jpg"))
        #expect(site.photoTag("photos/a-b.png") == "colon")
        #expect(site.read("diary.json")?.contains("""
            "photos": [
              "photos/in.jpg",
              "photos/trip/b.jpg",
              "photos/IMG_1-2.jpg",
              "photos/notes.jpeg",
              "photos/a-b.png"
            ]
        """) == true)
    }

    /// Adding a photo again (to a later entry) uses the copy made before, found by its bytes.
    @Test func aPhotoAddedAgainUsesItsCopy() throws {
        let site = try TempSite(photos: ["photos/IMG_1.jpg": "older photo", "photos/IMG_1-2.jpg": "new photo"])
        let outside = try TempSite(photos: ["IMG_1.jpg": "new photo"])
        var entry = NewEntry(title: "Again", date: "2026-12-02")
        entry.photos = [outside.root + "/IMG_1.jpg"]
        let added = try DiaryStore(site: site.root).add(entry)
        #expect(added.copied.map(\.path) == ["photos/IMG_1-2.jpg"])
        #expect(added.copied.map(\.wasThere) == [true])
        #expect(!FileManager.default.fileExists(atPath: site.root + "/photos/IMG_1-3.jpg"))
        #expect(site.read("diary.json")?.contains(#""photos/IMG_1-2.jpg""#) == true)
        // Two files of the same bytes, from two folders, are one photo of the entry.
        let other = try TempSite(photos: ["a/IMG_9.jpg": "same", "b/IMG_9.jpg": "same"])
        var twice = NewEntry(title: "Twice", date: "2026-12-03")
        twice.photos = [other.root + "/a/IMG_9.jpg", other.root + "/b/IMG_9.jpg"]
        _ = try DiaryStore(site: site.root).add(twice)
        #expect(site.read("diary.json")?.contains("""
            "photos": [
              "photos/IMG_9.jpg"
            ]
        """) == true)
    }

    /// Found by an audit of the daily commands: a link in `photos/` leading out of the site was
    /// "used" as having its own bytes (and the next build refused it); a photo given through a
    /// link was copied again each time (a link's bytes were compared as a link's).
    @Test func aLinkIsCopiedAndFoundByTheBytesItLeadsTo() throws {
        let site = try TempSite(photos: ["photos/keep.jpg": "kept"])
        let outside = try TempSite(photos: ["red.jpg": "red", "kept.jpg": "kept"])
        try FileManager.default.createSymbolicLink(atPath: site.root + "/photos/out.jpg", withDestinationPath: outside.root + "/red.jpg")
        var entry = NewEntry(title: "Out", date: "2026-12-02")
        entry.photos = [site.root + "/photos/out.jpg"]
        var added = try DiaryStore(site: site.root).add(entry)
        #expect(added.copied.map(\.path) == ["photos/out-2.jpg"])
        #expect(added.copied.map(\.wasThere) == [false])
        #expect(site.photoTag("photos/out-2.jpg") == "red")
        try FileManager.default.createSymbolicLink(atPath: outside.root + "/keep.jpg", withDestinationPath: outside.root + "/kept.jpg")
        entry.photos = [outside.root + "/keep.jpg"]
        added = try DiaryStore(site: site.root).add(entry)
        #expect(added.copied.map(\.path) == ["photos/keep.jpg"])
        #expect(added.copied.map(\.wasThere) == [true])
        #expect(!FileManager.default.fileExists(atPath: site.root + "/photos/keep-2.jpg"))
    }

    @Test func aPhotoFolderIsMadeWhenMissing() throws {
        let site = try TempSite(files: ["diary.json": "[]"])
        let outside = try TempSite(photos: [".hidden.jpg": "x"])
        var entry = NewEntry(title: "P", date: "2026-12-01")
        entry.photos = [outside.root + "/.hidden.jpg"]
        #expect(try DiaryStore(site: site.root).add(entry).copied.map(\.path) == ["photos/hidden.jpg"])
        #expect(site.photoTag("photos/hidden.jpg") == "x")
    }

    @Test func aMissingPhotoWritesNothing() throws {
        let site = try TempSite(files: ["diary.json": "[]\n"])
        let outside = try TempSite(photos: ["ok.jpg": "x"])
        let store = DiaryStore(site: site.root)
        var entry = NewEntry(title: "P", date: "2026-12-01")
        entry.photos = [outside.root + "/ok.jpg", outside.root + "/gone.jpg"]
        #expect(throws: DiaryStoreError.photoNotFound(outside.root + "/gone.jpg")) { try store.add(entry) }
        entry.photos = [outside.root]
        #expect(throws: DiaryStoreError.photoNotAFile(outside.root)) { try store.add(entry) }
        #expect(site.read("diary.json") == "[]\n")
        #expect(!site.exists("photos"))
        #expect(DiaryStoreError.photoNotFound("a.jpg").description == "photo 'a.jpg' not found")
    }

    /// A file no build could show (text named .jpg, notes.txt) is refused before anything is
    /// written, as the build would refuse it.
    @Test func aFileThatIsNoImageWritesNothing() throws {
        let site = try TempSite(files: ["diary.json": "[]\n"])
        let outside = try TempSite(files: ["notes.txt": "text", "fake.jpg": "not a JPEG"], photos: ["ok.jpg": "x"])
        let store = DiaryStore(site: site.root)
        for name in ["notes.txt", "fake.jpg"] {
            var entry = NewEntry(title: "P", date: "2026-12-01")
            entry.photos = [outside.root + "/ok.jpg", outside.root + "/" + name]
            let error = #expect(throws: DiaryStoreError.self) { try store.add(entry) }
            #expect(error?.description.hasPrefix("photo '\(outside.root)/\(name)' cannot be read as an image: ") == true)
        }
        #expect(site.read("diary.json") == "[]\n")
        #expect(!site.exists("photos"))
    }

    @Test func badValuesAreRefused() throws {
        let site = try TempSite()
        let store = DiaryStore(site: site.root)
        var tagged = NewEntry(title: "x", date: "2026-12-01")
        tagged.tags = ["a", ""]
        var moody = NewEntry(title: "x", date: "2026-12-01")
        moody.mood = ""
        var spaceTag = NewEntry(title: "x", date: "2026-12-01")
        spaceTag.tags = [" "]
        var spacePlace = NewEntry(title: "x", date: "2026-12-01")
        spacePlace.location = " \t"
        let cases: [(NewEntry, DiaryStoreError)] = [
            (NewEntry(title: "", date: "2026-12-01"), .emptyTitle),
            (NewEntry(title: " \t\u{3000}", date: "2026-12-01"), .emptyTitle),
            (NewEntry(title: "x", date: "2026-13-01"), .invalidDate("2026-13-01", reason: "2026-13-01 is not a day of the calendar")),
            (NewEntry(title: "x", date: "yesterday"), .invalidDate("yesterday", reason: "expected a date like 2021-11-13")),
            (tagged, .emptyField("tags")),
            (moody, .emptyField("mood")),
            (spaceTag, .emptyField("tags")),
            (spacePlace, .emptyField("location")),
        ]
        for (entry, error) in cases {
            #expect(throws: error) { try store.add(entry) }
        }
        #expect(throws: DiaryStoreError.noSite(site.root + "/nope", "no such site folder")) { try DiaryStore(site: site.root + "/nope").add(NewEntry(title: "x", date: "2026-12-01")) }
        #expect(!site.exists("diary.json"))
        #expect(DiaryStoreError.emptyField("tags").description == "a tag must not be empty")
        #expect(DiaryStoreError.emptyField("weather").description == "the weather must not be empty")
    }

    @Test func aSyntaxErrorIsLocatedAndTheFileUntouched() throws {
        let bad = "[\n  {\"title\": \"a\", \"date\": \"2021-11-13\",}\n]\n"
        let site = try TempSite(files: ["diary.json": bad])
        let store = DiaryStore(site: site.root)
        do {
            _ = try store.add(NewEntry(title: "x", date: "2026-12-01"))
            Issue.record("no error")
        } catch let errors as SiteErrors {
            #expect(errors.errors.map(\.description) == ["\(site.root)/diary.json:2:38: trailing comma before '}'"])
        }
        #expect(site.read("diary.json") == bad)
    }

    @Test func notAnArrayIsLocated() throws {
        let site = try TempSite(files: ["diary.json": "\n  {\"title\": \"a\"}\n"])
        do {
            _ = try DiaryStore(site: site.root).add(NewEntry(title: "x", date: "2026-12-01"))
            Issue.record("no error")
        } catch let errors as SiteErrors {
            #expect(errors.errors.map(\.description) == ["\(site.root)/diary.json:2:3: expected an array of entries, found an object"])
        }
        #expect(site.read("diary.json") == "\n  {\"title\": \"a\"}\n")
    }

    @Test func localDateUsesTheZonesOffsetAtThatInstant() {
        let instant = ISODate(day: CalendarDay(year: 2026, month: 12, day: 1), secondOfDay: 1_800, utcOffset: 0)  // 00:30Z
        #expect(DiaryStore.localDate(instant, timeZone: "Asia/Seoul")?.isoText == "2026-12-01T09:30:00+09:00")
        #expect(DiaryStore.localDate(instant, timeZone: "America/New_York")?.isoText == "2026-11-30T19:30:00-05:00")
        #expect(DiaryStore.localDate(instant, timeZone: "Asia/Kathmandu")?.isoText == "2026-12-01T06:15:00+05:45")
        #expect(DiaryStore.localDate(instant, timeZone: "UTC")?.isoText == "2026-12-01T00:30:00Z")
        let summer = ISODate(day: CalendarDay(year: 2026, month: 7, day: 1), secondOfDay: 43_200, utcOffset: 3_600)  // 11:00Z
        #expect(DiaryStore.localDate(summer, timeZone: "America/New_York")?.isoText == "2026-07-01T07:00:00-04:00")
        #expect(DiaryStore.localDate(summer, timeZone: "Mars/Olympus") == nil)
        #expect(DiaryStore.localDate(ISODate(day: CalendarDay(year: 2026, month: 7, day: 1)), timeZone: "UTC") == nil)
    }

    /// Twenty threads adding at once: the lock keeps every entry.
    @Test func concurrentAddsLoseNothing() throws {
        let site = try TempSite()
        let root = site.root
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 20) { i in
            do { _ = try DiaryStore(site: root).add(NewEntry(title: "entry \(i)", date: "2026-12-01")) } catch { failures.add("\(error)") }
        }
        #expect(failures.all == [])
        guard case .array(let items) = try JSONParser.parse(Array(site.read("diary.json")!.utf8)).value else {
            Issue.record("not an array")
            return
        }
        let titles = items.compactMap { item -> String? in
            if case .string(let title)? = item["title"]?.value.value { return title }
            return nil
        }
        #expect(Set(titles) == Set((0..<20).map { "entry \($0)" }))
        #expect(titles.count == 20)
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
