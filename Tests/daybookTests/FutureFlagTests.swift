import Foundation
import Testing

/// `--future` on build, check, report and serve; `check` says how many entries were left out.
@Suite struct FutureFlagTests {
    static func site() throws -> String {
        let folder = try CLITests.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try Data(#"{"title": "S"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"[{"title": "Now", "date": "2021-11-13"}, {"title": "Soon", "date": "2021-12-24"}, {"title": "Later", "date": "2022-01-01"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        return folder
    }

    @Test func checkSaysHowManyWereLeftOut() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try CLITests.run(["check", "s", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("s: 2 entries dated after now left out (--future includes them)\ns: no problems found (1 entry, "))
        let all = try CLITests.run(["check", "s", "--future", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(all.stderr.hasPrefix("s: no problems found (3 entries, "))
    }

    @Test func buildAndReportTakeFuture() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLITests.run(["build", "s", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(build.stderr.hasPrefix("Built 1 entry into s/_site: "))
        #expect(build.stderr.hasSuffix("; 2 entries dated after now left out (--future includes them)\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site/entries/2021-12-24-soon/index.html"))
        let future = try CLITests.run(["build", "s", "--future", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(future.stderr.hasPrefix("Built 3 entries into s/_site: "))
        #expect(FileManager.default.fileExists(atPath: folder + "/s/_site/entries/2021-12-24-soon/index.html"))
        let report = try CLITests.run(["report", "2021-12", "s", "--format", "md", "--output", "-", "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(report.status == 1)
        let scheduled = try CLITests.run(["report", "2021-12", "s", "--future", "--format", "md", "--output", "-",
                                          "--now", "2021-12-01T00:00:00Z"], in: folder)
        #expect(scheduled.status == 0)
        #expect(scheduled.stdout.contains("### Soon"))
        #expect(try CLITests.run(["serve", "--help"]).stdout.contains("--future"))
    }
}
