import Foundation
import Testing

/// Every folder of Tests/Fixtures/bad-input is a site with one kind of mistake; the build
/// must exit 1, print exactly its expected.txt, and create no output.
@Suite struct BadInputTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bad-input").path

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { FileManager.default.fileExists(atPath: folder + "/" + $0 + "/expected.txt") }
            .sorted()
    }

    @Test func thereAreCases() {
        #expect(Self.cases.count >= 16)
    }

    @Test(arguments: cases)
    func badInput(_ name: String) throws {
        let output = try CLITests.temporaryFolder() + "/out"
        let expected = try String(contentsOfFile: Self.folder + "/" + name + "/expected.txt", encoding: .utf8)
        let run = try CLITests.run(["build", name, "--output", output, "--now", "2021-11-15T00:00:00Z"], in: Self.folder)
        #expect(run.status == 1)
        #expect(run.stderr == expected)
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
