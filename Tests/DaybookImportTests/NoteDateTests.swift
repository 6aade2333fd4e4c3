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

    @Test func obsidiansEightDigitNamesAreDays() throws {
        let (_, batch) = try Self.batch(["20240309.md": "A.\n", "20240310 Walk.md": "B.\n", "20241340.md": "Not a day.\n"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-03-09"), .string("2024-03-10"), .string("2024-05-06T07:08:09Z")])
    }

    @Test func anHourOfOneDigitIsTaken() throws {
        let (_, batch) = try Self.batch(["a.md": "---\ndate: 2024-03-05 8:30\n---\nx\n", "b.md": "---\ndate: 2024-03-06T9:05:00+09:00\n---\ny\n"])
        #expect(batch.items.map { $0["date"] } == [.string("2024-03-05T08:30"), .string("2024-03-06T09:05:00+09:00")])
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

    /// A `---` and a `key: value` line never closed is named; the note is read as text.
    @Test func frontMatterLeftOpenIsNamed() throws {
        let (folder, batch) = try Self.batch(["2024-01-06.md": "---\ntitle: U\ndate: 2024-01-06\nBody, front matter never closed.\n"])
        #expect(batch.items.map { $0["title"] } == [.string("2024-01-06")])
        #expect(batch.warnings.map(\.message) == ["\(folder)/2024-01-06.md:1:1: front matter opened here with --- is not closed by a --- line, so it is read as the note's text"])
    }
}
