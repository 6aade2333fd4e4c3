import DaybookCore
import Foundation
import Testing
@testable import daybook

/// The build's summary line counts in English by CLDR's rule: "1 entry", "2 entries".
@Suite struct BuildSummaryLineTests {
    @Test func oneEntryIsSingular() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try Data(#"{"title": "S"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"[{"title": "Only", "date": "2021-11-13"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let build = try CLITests.run(["build", "s", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(build.status == 0)
        #expect(build.stderr.hasPrefix("Built 1 entry into s/_site: "))
        #expect(build.stderr.contains(" 0 photos in "))
        let again = try CLITests.run(["build", "s", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(again.stderr.hasPrefix("Nothing changed: 1 entry, "))
        let check = try CLITests.run(["check", "s", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(check.stderr.hasPrefix("s: no problems found (1 entry, "))
    }

    /// serve's line after a rebuild counts the same way.
    @Test func serveRebuildLineIsSingularForOne() {
        var summary = BuildSummary()
        (summary.entries, summary.pagesWritten, summary.photos, summary.photosProcessed) = (1, 1, 1, 1)
        #expect(EnglishCount.rebuiltLine(summary, seconds: 0.25) == "Rebuilt 1 entry: 1 file written, 0 unchanged, 0 removed, 1 photo (1 processed, 0 from the cache) in 0.25 s\n")
        (summary.entries, summary.pagesWritten, summary.photos, summary.photosProcessed) = (2, 3, 0, 0)
        #expect(EnglishCount.rebuiltLine(summary, seconds: 1) == "Rebuilt 2 entries: 3 files written, 0 unchanged, 0 removed, 0 photos in 1.00 s\n")
    }

    /// serve's line after a rebuild says what build's does: the photos made and taken from the
    /// cache, and the entries left out until their time.
    @Test func serveRebuildLineHasBuildsFacts() {
        var summary = BuildSummary()
        (summary.entries, summary.pagesWritten, summary.pagesUnchanged, summary.filesRemoved) = (3, 2, 40, 1)
        (summary.photos, summary.photosProcessed, summary.photosReused, summary.future) = (5, 1, 4, 2)
        summary.output = "s/_site"
        #expect(EnglishCount.rebuiltLine(summary, seconds: 0.5)
            == "Rebuilt 3 entries: 2 files written, 40 unchanged, 1 removed, 5 photos (1 processed, 4 from the cache) in 0.50 s; "
            + "2 entries dated after now left out (--future includes them)\n")
        #expect(EnglishCount.builtLine(summary, seconds: 0.5)
            == "Built 3 entries into s/_site: 2 files written, 40 unchanged, 1 removed, 5 photos (1 processed, 4 from the cache) in 0.50 s; "
            + "2 entries dated after now left out (--future includes them)\n")
    }
}
