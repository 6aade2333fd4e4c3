#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DaybookCore
import Foundation
import Testing
@testable import daybook

/// `daybook serve` through the built binary: build, serve, edit, see the rebuilt page, stop.
@Suite struct ServeCommandTests {
    /// Whether the binary knows `serve` yet (it is wired into Daybook.swift separately).
    static let binaryHasServe: Bool = {
        guard let run = try? CLITests.run(["serve", "--help"]) else { return false }
        return run.status == 0 && run.stdout.contains("USAGE: daybook serve")
    }()

    /// Collects a pipe's output on a background thread.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let finished = DispatchSemaphore(value: 0)

        init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            let thread = Thread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { data.append(chunk) }
                }
                finished.signal()
            }
            thread.start()
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Waits until `predicate` holds for the text so far, or `seconds` pass.
        func wait(seconds: Double, until predicate: (String) -> Bool) -> String? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let current = text
                if predicate(current) { return current }
                usleep(20_000)
            }
            return nil
        }

        func waitForEnd(seconds: Double) { _ = finished.wait(timeout: .now() + seconds) }
    }

    /// A running `daybook serve`, killed in `stop()` if it is still running.
    final class Server {
        let process = Process()
        let stderr: Output
        var port: UInt16 = 0

        init(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
            process.executableURL = URL(fileURLWithPath: CLITests.binary)
            process.arguments = ["serve"] + arguments
            var env = ProcessInfo.processInfo.environment
            env["NO_COLOR"] = "1"
            env.removeValue(forKey: "SOURCE_DATE_EPOCH")
            env.removeValue(forKey: "GITHUB_ACTIONS")
            env.merge(environment) { _, given in given }
            process.environment = env
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            stderr = Output(err)
            try process.run()
        }

        /// Reads the port from the `Serving … at http://127.0.0.1:PORT/` line.
        func waitUntilServing(seconds: Double = 15) -> Bool {
            guard let text = stderr.wait(seconds: seconds, until: { $0.contains("Serving ") || $0.contains("error") }),
                  let range = text.range(of: #"at http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression)
            else { return false }
            let digits = text[range].dropFirst("at http://127.0.0.1:".count).dropLast()
            port = UInt16(digits) ?? 0
            return port != 0
        }

        func get(_ path: String) throws -> RawHTTP.Reply {
            try RawHTTP.request("GET", path, port: port)
        }

        /// Sends SIGTERM and waits for the exit; kills it if it does not go.
        func stop(seconds: Double = 5) -> Int32? {
            guard process.isRunning else { return process.terminationStatus }
            process.terminate()
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            stderr.waitForEnd(seconds: 2)
            return process.terminationStatus
        }

        /// Waits up to `seconds` for the process to end by itself; whether it has.
        func waitForExit(seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { return false }
            stderr.waitForEnd(seconds: 2)
            return true
        }

        deinit {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// Found by a newcomer's audit: with its stderr's reader gone (`daybook serve 2>&1 | tee log`,
    /// Ctrl-C stopping both), writing "Stopped." stopped the process (SIGILL) before it removed
    /// its temporary folder. It exits 0 and leaves nothing behind.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func stopsCleanlyWhenItsMessagesHaveNoReader() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["new", "site", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["serve", "site", "--port", "0", "--now", "2026-01-02"]
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = temporary
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        // Closed below, by hand: a handle that closed it again when freed could close another
        // test's descriptor that took the number meanwhile (AddCLITests saw its stderr pipe
        // closed: the child died of SIGPIPE).
        process.standardError = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        close(ends[1])
        // Read until it serves, then close the reading end: its next message has no reader.
        var text = "", chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(15)
        while !text.contains("Serving "), Date() < deadline {
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let n = read(ends[0], &chunk, chunk.count)
            if n <= 0 { break }
            text += String(decoding: chunk[..<n], as: UTF8.self)
        }
        #expect(text.contains("Serving "))
        close(ends[0])
        process.terminate()
        let stop = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stop { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }

    /// A rebuild reloads the open pages only when it changed the output (or they show a failed
    /// rebuild's errors, or the site moved to another path): a file saved as it was reloaded them,
    /// and the reader lost their place.
    @Test func aRebuildThatChangesNoFileDoesNotReload() {
        var same = BuildSummary()
        (same.entries, same.pagesUnchanged) = (2, 80)
        #expect(!ServeCommand.reloads(after: same, failureShown: false, mountChanged: false))
        var skipped = same
        skipped.skipped = true
        #expect(!ServeCommand.reloads(after: skipped, failureShown: false, mountChanged: false))
        var changed = same
        (changed.pagesWritten, changed.pagesUnchanged) = (1, 79)
        #expect(ServeCommand.reloads(after: changed, failureShown: false, mountChanged: false))
        var removed = same
        (removed.filesRemoved, removed.pagesUnchanged) = (1, 79)
        #expect(ServeCommand.reloads(after: removed, failureShown: false, mountChanged: false))
        // The errors' panel goes, and a site served under another path is shown there.
        #expect(ServeCommand.reloads(after: same, failureShown: true, mountChanged: false))
        #expect(ServeCommand.reloads(after: same, failureShown: false, mountChanged: true))
    }

    /// Through the binary: touching a file rebuilds (the line is printed) but keeps the stamp the
    /// open pages compare; an edit that changes a page moves it on.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func touchingAFileDoesNotReloadThePages() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try Self.serveNewSite(in: folder)
        defer { _ = server.stop() }
        let firstStamp = try server.get("/__daybook/stamp").text
        let diary = folder + "/site/diary.json"
        let original = try String(contentsOfFile: diary, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: diary)
        let touched = server.stderr.wait(seconds: 20) { $0.contains("Rebuilt 2 entries: ") }
        try #require(touched != nil, "no rebuild: \(server.stderr.text)")
        #expect(touched!.contains("Rebuilt 2 entries: 0 files written, "))
        #expect(try server.get("/__daybook/stamp").text == firstStamp)
        try Data(original.replacingOccurrences(of: "A second day", with: "A changed day").utf8).write(to: URL(fileURLWithPath: diary))
        let edited = server.stderr.wait(seconds: 20) { $0.components(separatedBy: "Rebuilt 2 entries: ").count == 3 }
        try #require(edited != nil, "no second rebuild: \(server.stderr.text)")
        #expect(try server.get("/__daybook/stamp").text != firstStamp)
    }

    /// `daybook new site` in `folder`, served (`serve site --port 0 --now 2026-01-02` and
    /// `arguments`) once the Serving line is out.
    static func serveNewSite(in folder: String, _ arguments: [String] = []) throws -> Server {
        #expect(try CLITests.run(["new", "site", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let server = try Server(["site", "--port", "0", "--now", "2026-01-02"] + arguments, in: folder)
        try #require(server.waitUntilServing(), "no Serving line: \(server.stderr.text)")
        return server
    }

    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func servesRebuildsAndStops() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try Self.serveNewSite(in: folder)
        defer { _ = server.stop() }
        #expect(server.stderr.text.hasPrefix("Built 2 entries into "))

        let home = try server.get("/")
        #expect(home.status == 200)
        #expect(home.headers["content-type"] == "text/html; charset=utf-8")
        #expect(home.text.contains("Hello, Daybook"))
        #expect(home.text.contains("A second day"))
        #expect(home.text.contains("/__daybook/stamp"))
        let entry = try server.get("/entries/2026-01-01-hello-daybook/")
        #expect(entry.status == 200)
        #expect(entry.text.contains("Hello, Daybook"))
        #expect(try server.get("/entries/no-such-entry/").status == 404)
        #expect(try server.get("/../daybook.json").status == 403)
        let firstStamp = try server.get("/__daybook/stamp").text

        // Edit an entry's title: the page is rebuilt and the stamp moves on.
        let diary = folder + "/site/diary.json"
        let original = try String(contentsOfFile: diary, encoding: .utf8)
        try Data(original.replacingOccurrences(of: "A second day", with: "A changed day").utf8).write(to: URL(fileURLWithPath: diary))
        var rebuilt: RawHTTP.Reply?
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let reply = try? server.get("/"), reply.text.contains("A changed day") {
                rebuilt = reply
                break
            }
            usleep(100_000)
        }
        try #require(rebuilt != nil, "the page was not rebuilt: \(server.stderr.text)")
        // Pages are in place before the build ends; the stamp moves once it has ended.
        #expect(server.stderr.wait(seconds: 10) { $0.contains("Rebuilt 2 entries: ") } != nil)
        #expect(try server.get("/entries/2026-01-02-a-changed-day/").status == 200)
        #expect(try server.get("/__daybook/stamp").text != firstStamp)

        // A broken edit prints the errors and keeps serving the last good build.
        try Data("[ {\"title\": \"x\", \"date\": \"not a date\"} ]\n".utf8).write(to: URL(fileURLWithPath: diary))
        #expect(server.stderr.wait(seconds: 10) { $0.contains("Still serving the last good build.") } != nil)
        let still = try server.get("/")
        #expect(still.status == 200)
        #expect(still.text.contains("A changed day"))
        // The page says why it did not change: the errors are at its foot.
        #expect(still.text.contains("the last rebuild failed, and this is the last good build.\n\nerror: site/diary.json:1:26: "))

        // Serving never writes into the site folder.
        #expect(!FileManager.default.fileExists(atPath: folder + "/site/_site"))

        #expect(server.stop() == 0)
        #expect(server.stderr.text.hasSuffix("Stopped.\n"))
    }

    /// A page of the site's own (`pages/about.md`) edited while serving is rebuilt: the build's
    /// fingerprint covers `pages/`, so with a fixed `--now` the rebuild is not skipped.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func anEditedPageIsRebuilt() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["new", "site", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let about = URL(fileURLWithPath: folder + "/site/pages/about.md")
        try FileManager.default.createDirectory(at: about.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("# About\n\nFirst words.\n".utf8).write(to: about)
        let server = try Server(["site", "--port", "0", "--now", "2026-01-02"], in: folder)
        try #require(server.waitUntilServing(), "no Serving line: \(server.stderr.text)")
        defer { _ = server.stop() }
        #expect(try server.get("/about/").text.contains("<p>First words.</p>"))
        try Data("# About\n\nSecond words.\n".utf8).write(to: about)
        var rebuilt = false
        let deadline = Date().addingTimeInterval(20)
        while !rebuilt, Date() < deadline {
            rebuilt = (try? server.get("/about/"))?.text.contains("<p>Second words.</p>") == true
            if !rebuilt { usleep(100_000) }
        }
        #expect(rebuilt, "the page was not rebuilt: \(server.stderr.text)")
    }

    /// A site published under a sub-path is served there too, so its 404 page (links from the
    /// root path) works at any depth; SIGHUP stops the server as SIGTERM does.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func aSubPathSitesNotFoundPageAndSIGHUP() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["new", "site", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let config = folder + "/site/daybook.json"
        let text = try String(contentsOfFile: config, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "{", with: #"{"baseURL": "https://example.org/diary/", "#).utf8).write(to: URL(fileURLWithPath: config))

        let server = try Server(["site", "--port", "0", "--now", "2026-01-02"], in: folder)
        defer { _ = server.stop() }
        try #require(server.waitUntilServing(), "no Serving line: \(server.stderr.text)")
        let missing = try server.get("/entries/no-such-entry/deeper")
        #expect(missing.status == 404)
        #expect(missing.text.contains(#"<link rel="stylesheet" href="/diary/assets/style.css">"#))
        #expect(missing.text.contains(#"<script src="/diary/assets/search.js" defer></script>"#))
        #expect(try server.get("/diary/assets/style.css").status == 200)
        #expect(try server.get("/diary/search/index.html").status == 200)
        #expect(try server.get("/diary/entries/2026-01-01-hello-daybook/").text.contains("Hello, Daybook"))
        #expect(try server.get("/diary/").text.contains("Hello, Daybook"))
        #expect(try server.get("/entries/2026-01-01-hello-daybook/").status == 200)
        // Found by an audit: a folder's slash form, and the sub-path's own, stay under the sub-path.
        let folderWithoutSlash = try server.get("/diary/entries")
        #expect(folderWithoutSlash.status == 301)
        #expect(folderWithoutSlash.headers["location"] == "/diary/entries/")
        let subPath = try server.get("/diary?q=x")
        #expect(subPath.status == 301)
        #expect(subPath.headers["location"] == "/diary/?q=x")
        #expect(try server.get("/entries").headers["location"] == "/entries/")

        kill(server.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(5)
        while server.process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!server.process.isRunning)
        server.stderr.waitForEnd(seconds: 2)
        #expect(server.process.terminationStatus == 0)
        #expect(server.stderr.text.hasSuffix("Stopped.\n"))
    }

    /// A site of `count` entries (`Entry 0` … on the days from 2020-01-01), whose build takes
    /// seconds in a debug binary: long enough for a signal to arrive while it runs.
    static func bigSite(in folder: String, count: Int = 2000) throws -> String {
        #expect(try CLITests.run(["new", "site", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let body = Array(repeating: "We walked to the park and back again in the rain.", count: 20).joined(separator: " ")
        var entries: [String] = []
        let start = try #require(ISO8601DateFormatter().date(from: "2020-01-01T00:00:00Z"))
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        for i in 0..<count {
            let date = day.string(from: start.addingTimeInterval(Double(i) * 86_400))
            entries.append(#"{"title": "Entry \#(i)", "date": "\#(date)", "body": "\#(body)"}"#)
        }
        let site = folder + "/site"
        try Data(("[\n" + entries.joined(separator: ",\n") + "\n]\n").utf8).write(to: URL(fileURLWithPath: site + "/diary.json"))
        return site
    }

    /// Found by a newcomer's audit: Ctrl-C during the first build killed serve (SIGINT), and
    /// its temporary output folder, tens of MB, stayed behind. It stops, removes it, exits 0.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func ctrlCDuringTheFirstBuildRemovesTheTemporaryFolder() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.bigSite(in: folder)
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let server = try Server(["site", "--port", "0", "--now", "2030-01-01"], in: folder, environment: ["TMPDIR": temporary])
        defer { _ = server.stop() }
        // The output folder is made just before the first build.
        let deadline = Date().addingTimeInterval(15)
        while (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.isEmpty != false, Date() < deadline { usleep(5_000) }
        try #require(try FileManager.default.contentsOfDirectory(atPath: temporary).count == 1)
        kill(server.process.processIdentifier, SIGINT)
        try #require(server.waitForExit(seconds: 30), "still running: \(server.stderr.text)")
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        // Stopped during the build: nothing was built or served.
        #expect(server.stderr.text == "Stopped.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }

    /// Found by a newcomer's audit: Ctrl-C during a rebuild waited for the whole rebuild (11–14 s
    /// on a big site). The rebuild is abandoned, and an `--output` of the user's stays as the
    /// last build made it.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func ctrlCDuringARebuildAbandonsIt() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try Self.bigSite(in: folder)
        let output = folder + "/out"
        let server = try Server(["site", "--port", "0", "--now", "2030-01-01", "--output", output], in: folder)
        defer { _ = server.stop() }
        try #require(server.waitUntilServing(seconds: 60), "no Serving line: \(server.stderr.text)")
        let served = server.stderr.text
        let home = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(home.contains("Entry 1999"))

        let diary = try String(contentsOfFile: site + "/diary.json", encoding: .utf8)
        try Data(diary.replacingOccurrences(of: "Entry 1999", with: "Entry changed").utf8).write(to: URL(fileURLWithPath: site + "/diary.json"))
        // A build marks the output unfinished once it starts writing, for the seconds it renders.
        let marker = output + "/.daybook-unfinished"
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(5_000) }
        try #require(FileManager.default.fileExists(atPath: marker), "no rebuild: \(server.stderr.text)")
        kill(server.process.processIdentifier, SIGINT)
        try #require(server.waitForExit(seconds: 30), "still running: \(server.stderr.text)")
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(server.stderr.text == served + "Stopped.\n")
        #expect(try String(contentsOfFile: output + "/index.html", encoding: .utf8) == home)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func badPortIsAUsageError() throws {
        let run = try CLITests.run(["serve", "--port", "http"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --port must be a number from 0 to 65535, found 'http'\n"))
    }

    /// A port another program holds: the message says how to get another.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func aTakenPortSaysHowToGetAnother() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let holder = StaticServer(root: folder, mount: [])
        let port = try holder.start(port: 0)
        defer { holder.stop() }
        #expect(try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let run = try CLITests.run(["serve", "s", "--port", String(port)], in: folder)
        #expect(run.status == 69)
        // Said at once: found by an audit, the whole site was built first.
        #expect(run.stderr == "error: cannot listen on 127.0.0.1:\(port): Address already in use; another program has it: give another with --port N, or --port 0 for any free one\n")
    }

    /// An --output that cannot be made fails as the build's would (73), not as a port (69,
    /// "no such folder to serve"), found by a newcomer's audit; one that is a file, or empty, is a usage error.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func anOutputThatCannotBeMadeFailsAsTheBuildWould() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/afile"))
        var run = try CLITests.run(["serve", "s", "--port", "0", "--output", "afile/out"], in: folder)
        #expect(run.status == 73)
        #expect(run.stderr == "error: afile/out: cannot write: Not a directory\n")
        run = try CLITests.run(["serve", "s", "--port", "0", "--output", "afile"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --output afile is a file, not a folder\n"))
        run = try CLITests.run(["serve", "s", "--port", "0", "--output", ""], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --output is empty: name the folder to write the site into, or leave the option out\n"))
    }

    /// `--base-url` as `build` and `check` take it: the preview is served under its path too.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func aBaseURLGivenIsServedUnderItsPath() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try Self.serveNewSite(in: folder, ["--base-url", "https://example.org/sub/"])
        defer { _ = server.stop() }
        // The URL said is the one the site is at, as Hugo says it (found by a publishing audit).
        #expect(server.stderr.text.contains("Serving site at http://127.0.0.1:\(server.port)/sub/ (Ctrl-C to stop; also at /)\n"))
        #expect(try server.get("/sub/").text.contains("Hello, Daybook"))
        #expect(try server.get("/sub/entries/2026-01-01-hello-daybook/").status == 200)
    }

    /// Found by a newcomer's audit: a base URL whose path holds an escape (`/a%20b/`) was served
    /// only at `/a%2520b/`, so its pages and its 404 page's stylesheet were not found.
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func aBaseURLWithAnEscapeIsServedUnderItsPath() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try Self.serveNewSite(in: folder, ["--base-url", "https://example.org/a%20b/"])
        defer { _ = server.stop() }
        #expect(try server.get("/a%20b/").text.contains("Hello, Daybook"))
        #expect(try server.get("/a%20b/assets/style.css").status == 200)
        let missing = try server.get("/a%20b/entries/nope/")
        #expect(missing.status == 404)
        #expect(missing.text.contains(#"<link rel="stylesheet" href="/a%20b/assets/style.css">"#))
    }

    /// Found by a newcomer's audit: a baseURL added to daybook.json while serve ran was served
    /// under its path only after a restart (`/diary/` was 404, with `<base href="/">`).
    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func aBaseURLChangedWhileServingIsServedAfterTheRebuild() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try Self.serveNewSite(in: folder)
        defer { _ = server.stop() }
        #expect(try server.get("/diary/").status == 404)

        /// Writes daybook.json and waits (generously) until `/diary/` answers `status`.
        func change(_ config: String, until status: Int) throws -> Bool {
            try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/site/daybook.json"))
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if (try? server.get("/diary/"))?.status == status { return true }
                usleep(100_000)
            }
            return false
        }
        let original = try String(contentsOfFile: folder + "/site/daybook.json", encoding: .utf8)
        try #require(try change(original.replacingOccurrences(of: "{", with: #"{"baseURL": "https://example.org/diary/", "#), until: 200),
                     "not served under /diary/: \(server.stderr.text)")
        #expect(try server.get("/diary/").text.contains("Hello, Daybook"))
        #expect(try server.get("/diary/entries").headers["location"] == "/diary/entries/")
        #expect(try server.get("/entries/no-such-entry/").text.contains(#"<base href="/diary/">"#))
        // Taken out again: served from `/` alone.
        try #require(try change(original, until: 404), "still served under /diary/: \(server.stderr.text)")
        #expect(try server.get("/entries/no-such-entry/").text.contains(#"<base href="/">"#))
        #expect(try server.get("/").text.contains("Hello, Daybook"))
    }

    @Test(.enabled(if: binaryHasServe, "`daybook serve` is not wired into Daybook.swift in this build"))
    func missingSiteExits66WithoutServing() throws {
        let run = try CLITests.run(["serve", "/nonexistent/site", "--port", "0"])
        #expect(run.status == 66)
        #expect(!run.stderr.contains("Serving"))
    }
}
