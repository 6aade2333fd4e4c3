import DaybookCore
@testable import DaybookImport
import Foundation
import TestSupport
import Testing

/// How a note gets its date when its front matter gives none or writes it loosely, found by a
/// notes-import audit: undated notes were skipped (exit 0), and `8:30` stopped the whole import.
@Suite struct NoteDateTests {
    /// The batch of `notes` (path → text) written into a folder, each file modified at 2024-05-06 07:08:09 UTC.
    static func batch(_ notes: [String: String]) throws -> (folder: String, batch: ImportBatch) {
        let folder = try ScratchRoot.folder("note-dates-")
        for (path, text) in notes {
            let file = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_714_979_289)], ofItemAtPath: file)
        }
        return (folder, try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC")))
    }

    @Test func undatedNotesAreDatedByTheirFilesWithOneWarning() throws {
        let (folder, batch) = try Self.batch(["Shopping list.md": "Milk.\n", "Ideas.md": "# Ideas\nMore.\n", "2024-01-02.md": "Dated.\n"])
        #expect(batch.items.map(\.source) == ["markdown:2024-01-02.md", "markdown:Ideas.md", "markdown:Shopping list.md"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-01-02"), .string("2024-05-06T07:08:09Z"), .string("2024-05-06T07:08:09Z")])
        #expect(batch.warnings.map(\.message) == [
            "\(folder)/Ideas.md: 2 notes with no date (in front matter, or a name starting YYYY-MM-DD or YYYYMMDD), dated by their files' modification time: Ideas.md, Shopping list.md",
        ])
    }

    /// Found by a notes user's audit: a note at a time the site's zone skips was shown an hour later
    /// without a word, where the jrnl import warns. The same warning, and the same note for a time
    /// the zone has twice.
    @Test func aTimeTheClocksSkipOrRepeatIsSaidSo() throws {
        let folder = try ScratchRoot.folder("note-clocks-")
        for (name, date) in [("Night", "2024-03-31 02:30"), ("Back", "2024-10-27 02:30"), ("Plain", "2024-10-27 09:00")] {
            try Data("---\ndate: \(date)\n---\nText.\n".utf8).write(to: URL(fileURLWithPath: folder + "/\(name).md"))
        }
        let batch = try Importer.read(.markdown, ExportFolder.open(folder), context: ImportContext(timeZone: "Europe/Berlin"))
        #expect(batch.items.count == 3)
        #expect(batch.warnings.map(\.message) == [folder + "/Night.md (2024-03-31T02:30): the clocks of Europe/Berlin went forward past 02:30 that night, "
            + "so the site shows it at 03:30; give it a \"timeZone\" where it was written, or another time"])
        #expect(batch.notes == [])
        #expect(batch.itemNotes.map(\.message) == [folder + "/Back.md (2024-10-27T02:30) is a time Europe/Berlin has twice (the clocks went back over it that night): "
            + "the site takes the first, 2024-10-27T02:30+02:00"])
    }

    /// Found by a notes user's audit: opening or syncing an undated note changed its file's time, and
    /// the next import moved its entry to that day without a word. The site's date is kept.
    @Test func aNoteDatedByItsFileKeepsItsDate() throws {
        let site = try ImportFixtures.site(timeZone: "UTC")
        let folder = try ScratchRoot.folder("note-touched-")
        defer { try? FileManager.default.removeItem(atPath: site) }
        let note = folder + "/Undated thought.md"
        try Data("A thought.\n".utf8).write(to: URL(fileURLWithPath: note))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_714_557_600)], ofItemAtPath: note)
        try ImportFixtures.importInto(site, .markdown, folder, zone: "UTC")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_765_000_000)], ofItemAtPath: note)
        let (again, _) = try ImportFixtures.importInto(site, .markdown, folder, zone: "UTC")
        #expect(again.updated == 0)
        let diary = try #require(ImportFixtures.read(site + "/diary/markdown.json"))
        #expect(diary.contains("\"date\": \"2024-05-01T10:00:00Z\""))
    }

    @Test func obsidiansEightDigitNamesAreDays() throws {
        let (_, batch) = try Self.batch(["20240309.md": "A.\n", "20240310 Walk.md": "B.\n", "20241340.md": "Not a day.\n"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-03-09"), .string("2024-03-10"), .string("2024-05-06T07:08:09Z")])
    }

    @Test func anHourOfOneDigitIsTaken() throws {
        let (_, batch) = try Self.batch(["a.md": "---\ndate: 2024-03-05 8:30\n---\nx\n", "b.md": "---\ndate: 2024-03-06T9:05:00+09:00\n---\ny\n"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-03-05T08:30"), .string("2024-03-06T09:05:00+09:00")])
    }

    /// Found by an import audit: `date: 1714550400` was warned about and the note dated by its
    /// file. Nine or ten digits are seconds since 1970, as Hugo reads a number there; eight are a day (ISO 8601 basic).
    @Test func secondsSince1970AreATime() throws {
        let (_, batch) = try Self.batch(["a.md": "---\ndate: 1714550400\n---\nx\n", "b.md": "---\ndate: 20240305\n---\ny\n"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-05-01T08:00:00Z"), .string("20240305")])
        #expect(MarkdownNotesImporter.date("17145504000") == nil)
    }

    /// A time without an offset is the old site's zone's, when its configuration names one.
    @Test(arguments: [
        ("_config.yml", "timezone: Asia/Tokyo\n", "_posts/2024-03-05-late.md", "2024-03-05 23:30:00", "2024-03-05T23:30:00+09:00", "Asia/Tokyo"),
        ("hugo.toml", "title = \"x\"\ntimeZone = \"Europe/Berlin\"\n", "content/posts/a.md", "2024-07-11T10:00:00", "2024-07-11T10:00:00+02:00", "Europe/Berlin"),
        ("hugo.toml", "timeZone = \"Europe/Berlin\"\n", "content/posts/b.md", "2024-07-11", "2024-07-11", nil),
        ("hugo.toml", "timeZone = \"UTC\"\n", "content/posts/c.md", "2024-07-11T10:00", "2024-07-11T10:00", nil),
    ])
    func aSitesTimeZoneIsTheirTimesZone(config: String, text: String, post: String, written: String, date: String, zone: String?) throws {
        let (_, batch) = try Self.batch([config: text, post: "---\ntitle: T\ndate: \(written)\n---\nx\n"])
        #expect(batch.items.map { $0["date"] } == [.string(date)])
        #expect(batch.items.map { $0["timeZone"] } == [zone.map { .string($0) }])
    }

    /// Found by a Hugo user's audit: with `timeZone = "Europe/Berlin"`, a post dated `…+02:00` took
    /// `Etc/GMT-2` (shown "GMT+02:00") and one without an offset `Europe/Berlin` ("Germany Time"). An
    /// offset the old site's zone has at that moment takes the zone's name too; another keeps its own.
    @Test func anOffsetOfTheOldSitesZoneTakesItsName() throws {
        let (_, batch) = try Self.batch([
            "hugo.toml": "timeZone = \"Europe/Berlin\"\n",
            "content/posts/a.md": "---\ntitle: A\ndate: 2023-05-02T09:00:00+02:00\n---\nx\n",
            "content/posts/b.md": "---\ntitle: B\ndate: 2023-05-03T09:00:00\n---\nx\n",
            "content/posts/c.md": "---\ntitle: C\ndate: 2023-12-02T09:00:00+01:00\n---\nx\n",
            "content/posts/d.md": "---\ntitle: D\ndate: 2023-12-03T09:00:00+02:00\n---\nx\n",
            "content/posts/e.md": "---\ntitle: E\ndate: 2023-12-04T09:00:00Z\n---\nx\n",
        ])
        #expect(batch.items.map { $0["date"] } == [.string("2023-05-02T09:00:00+02:00"), .string("2023-05-03T09:00:00+02:00"),
                                                   .string("2023-12-02T09:00:00+01:00"), .string("2023-12-03T09:00:00+02:00"),
                                                   .string("2023-12-04T09:00:00Z")])
        #expect(batch.items.map { $0["timeZone"] } == [.string("Europe/Berlin"), .string("Europe/Berlin"), .string("Europe/Berlin"),
                                                       .string("Etc/GMT-2"), nil])
    }

    /// Found by an import audit: one note's date that could not be read (`date: next Tuesday`)
    /// stopped the import of the whole folder. It is a warning at the value, and the note is
    /// dated as if the key were not there: by the next date key, its file's name, or its file.
    @Test func aDateThatCannotBeReadIsAWarningAndTheNoteIsDatedWithoutIt() throws {
        let (folder, batch) = try Self.batch([
            "a.md": "---\ntitle: Typo\ndate: next Tuesday\n---\nA.\n",
            "2024-03-09 Walk.md": "---\ndate: 2024-13-45\n---\nB.\n",
            "c.md": "+++\ndate = 'soon'\nlastmod = 2024-03-01\n+++\nC.\n",
            "d.md": "---\ndate: [2024, 3]\n---\nD.\n",
            "e.md": "---\ndate:\n---\nE, from a template's blank date.\n",
        ])
        #expect(batch.items.map(\.source) == ["markdown:2024-03-09 Walk.md", "markdown:a.md", "markdown:c.md", "markdown:d.md", "markdown:e.md"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-03-09"), .string("2024-05-06T07:08:09Z"), .string("2024-03-01"),
                                                   .string("2024-05-06T07:08:09Z"), .string("2024-05-06T07:08:09Z")])
        #expect(batch.warnings.map(\.message) == [
            "\(folder)/2024-03-09 Walk.md:2:7: cannot read \"date\" as a date (ISO 8601, like 2024-01-02 or 2024-01-02 08:30): \"2024-13-45\"; "
                + "the note is dated by its file's name instead (2024-03-09)",
            "\(folder)/a.md:3:7: cannot read \"date\" as a date (ISO 8601, like 2024-01-02 or 2024-01-02 08:30): \"next Tuesday\"; "
                + "the note is dated by its file's modification time instead (2024-05-06T07:08:09Z)",
            "\(folder)/c.md:2:8: cannot read \"date\" as a date (ISO 8601, like 2024-01-02 or 2024-01-02 08:30): \"soon\"; "
                + "the note is dated by its \"lastmod\" instead (2024-03-01)",
            "\(folder)/d.md:2:7: cannot read \"date\" as a date (ISO 8601, like 2024-01-02 or 2024-01-02 08:30): a list; "
                + "the note is dated by its file's modification time instead (2024-05-06T07:08:09Z)",
            "\(folder)/e.md: a note with no date (in front matter, or a name starting YYYY-MM-DD or YYYYMMDD), dated by its file's modification time: e.md",
        ])
    }

    /// In a Jekyll site a post is dated by its file's name, as Jekyll dates one without a date;
    /// one whose name has none is skipped, as one without a date is.
    @Test func aJekyllPostsDateThatCannotBeReadLeavesItsFilesName() throws {
        let (folder, batch) = try Self.batch([
            "_config.yml": "title: Blog\n",
            "_posts/2024-01-09-trip.md": "---\ntitle: Trip\ndate: 2024-01-32 10:00\n---\nSea.\n",
            "_posts/notes.md": "---\ntitle: Notes\ndate: someday\n---\nLater.\n",
        ])
        #expect(batch.items.map { [$0["title"], $0["date"]] } == [[.string("Trip"), .string("2024-01-09")]])
        #expect(batch.warnings.map(\.message) == [
            "\(folder)/_posts/2024-01-09-trip.md:3:7: cannot read \"date\" as a date (ISO 8601, like 2024-01-02 or 2024-01-02 08:30): \"2024-01-32 10:00\"; "
                + "the note is dated by its file's name instead (2024-01-09)",
            "\(folder)/_posts/notes.md:3:7: cannot read \"date\" as a date (ISO 8601, like 2024-01-02 or 2024-01-02 08:30): \"someday\"; "
                + "the note has no other date, so it is skipped",
        ])
    }

    /// A `---` and a `key: value` line never closed is named; the note is read as text.
    @Test func frontMatterLeftOpenIsNamed() throws {
        let (folder, batch) = try Self.batch(["2024-01-06.md": "---\ntitle: U\ndate: 2024-01-06\nBody, front matter never closed.\n"])
        #expect(batch.items.map { $0["title"] } == [.string("2024-01-06")])
        #expect(batch.warnings.map(\.message) == ["\(folder)/2024-01-06.md:1:1: front matter opened here with --- is not closed by a --- line, so it is read as the note's text"])
    }
}
