import Foundation
import Testing

/// On Linux the binary is linked with mimalloc ahead of the C library, so that every malloc of
/// the process (Swift, Foundation, cmark-gfm, libraries opened later) is mimalloc's.
@Suite struct AllocatorTests {
    #if os(Linux)
    /// The dynamic linker's account (`LD_DEBUG=bindings`) of where the C library's own calls to
    /// `malloc` and `free` go, for one `daybook --version`.
    @Test func mallocAndFreeAreMimallocs() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // To a file (LD_DEBUG_OUTPUT names it, the linker adds the process id): the account is
        // larger than a pipe holds.
        let run = try CLITests.run(["--version"], environment: ["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": folder + "/ld"])
        #expect(run.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 1)
        let text = try files.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined()
        let lines = text.split(separator: "\n")
        for symbol in ["malloc", "free", "realloc", "calloc"] {
            let bindings = lines.filter { $0.contains("normal symbol `\(symbol)'") }
            #expect(!bindings.isEmpty, "no binding of \(symbol) in LD_DEBUG's output")
            let elsewhere = bindings.filter { !$0.contains("libmimalloc.so") }
            #expect(elsewhere.isEmpty, "\(symbol) bound elsewhere: \(elsewhere.prefix(3))")
        }
    }
    #endif
}
