import DaybookCore
import Synchronization
import Foundation

/// Prints an HTML file to PDF with headless Chromium or Chrome: finds the browser
/// (`DAYBOOK_BROWSER`, else `chromium`, `chromium-browser`, `google-chrome` on PATH), runs it
/// with a deadline and stops it when it overruns.
struct BrowserPrinter: Sendable {
    let executable: String
    /// Seconds the browser may take before it is stopped.
    var timeout: Double = 60

    /// Why no PDF was made; the command prints `message` and exits with 69.
    struct Failure: Error, Sendable {
        var message: String
    }

    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    static let applications = [
        "/Applications/Chromium.app/Contents/MacOS/Chromium",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    ]
    static let installHint = """
        PDF reports need Chromium or Chrome and fonts for Korean and emoji. Install them with
          apt-get install chromium fonts-noto-cjk fonts-noto-color-emoji
        (or scripts/bootstrap --with-pdf), or set DAYBOOK_BROWSER to a Chromium or Chrome binary.
        """

    /// The browser `DAYBOOK_BROWSER` names (a path, or a name looked up on PATH), else the first
    /// of `names` on PATH, else a known application folder on macOS.
    static func find(environment: [String: String]) throws(Failure) -> BrowserPrinter {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        if let named = environment["DAYBOOK_BROWSER"], !named.isEmpty {
            if let found = lookUp(named, path: path) { return BrowserPrinter(executable: found) }
            throw Failure(message: "DAYBOOK_BROWSER is \"\(named)\", which is not an executable file.\n" + installHint)
        }
        for name in names {
            if let found = lookUp(name, path: path) { return BrowserPrinter(executable: found) }
        }
        for app in applications where FileManager.default.isExecutableFile(atPath: app) {
            return BrowserPrinter(executable: app)
        }
        throw Failure(message: "no browser to print with: none of \(names.joined(separator: ", ")) is on PATH.\n" + installHint)
    }

    /// A path as it is when it holds a `/`, else the first executable of that name on `path`.
    private static func lookUp(_ name: String, path: String) -> String? {
        // A folder is "executable" too (it can be entered): only a file is a browser.
        func isProgram(_ candidate: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: candidate)
        }
        if name.contains("/") { return isProgram(name) ? name : nil }
        return path.split(separator: ":").lazy.filter { !$0.isEmpty }.map { String($0) + "/" + name }.first(where: isProgram)
    }

    /// The flags Chromium prints with: headless, no sandbox (it runs as root in containers and
    /// CI), no GPU, no header and footer of its own (the page numbers come from print.css), a
    /// throwaway profile in `work`.
    func arguments(page: String, pdf: String, work: String) -> [String] {
        ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         "--print-to-pdf=\(pdf)", "--user-data-dir=\(work)/profile",
         "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
         URL(fileURLWithPath: page).absoluteString]
    }

    /// Prints `page` (an HTML file) to `pdf`. The browser's output goes to `work/browser.log`;
    /// a browser that runs past the deadline is stopped (SIGTERM, then SIGKILL).
    func print(page: String, to pdf: String, work: String) throws(Failure) {
        let name = (executable as NSString).lastPathComponent
        let log = (work as NSString).appendingPathComponent("browser.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = FileHandle(forWritingAtPath: log) ?? FileHandle.nullDevice
        defer { try? output.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(page: page, pdf: pdf, work: work)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw Failure(message: "cannot start \(executable): \(SystemMessage.of(error))\n" + BrowserPrinter.installHint)
        }
        BrowserPrinter.running.withLock { $0 = process.processIdentifier }
        defer { BrowserPrinter.running.withLock { if $0 > 0 { $0 = 0 } } }

        let timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
        // Stopped by Ctrl-C (``stopRunning()``): the signal's handler ends the process; nothing to say here.
        while BrowserPrinter.running.withLock({ $0 }) < 0 { sleep(1) }
        if timedOut {
            let pid = process.processIdentifier
            process.terminate()
            if finished.wait(timeout: .now() + 3) == .timedOut {
                // The browser's own process group when it has one, so its helpers go too.
                kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
                _ = finished.wait(timeout: .now() + 3)
            }
            throw Failure(message: "\(name) did not finish printing within \(BrowserPrinter.seconds(timeout)) s and was stopped"
                + BrowserPrinter.tail(log))
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            throw Failure(message: "\(name) failed to print (\(how))" + BrowserPrinter.tail(log))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int) ?? 0
        guard size > 0 else {
            throw Failure(message: "\(name) finished but wrote no PDF" + BrowserPrinter.tail(log))
        }
    }

    /// The browser printing now (its process id), for ``stopRunning()``; -1 once stopped that way.
    private static let running = Mutex<Int32>(0)

    /// Stops the browser that is printing, if one is (SIGTERM, then SIGKILL after 2 s), so that
    /// it writes nothing more into the folder it prints in: on Ctrl-C, before that folder goes.
    static func stopRunning() {
        let pid = running.withLock { pid in
            defer { pid = -1 }
            return pid
        }
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        for _ in 0..<100 {
            if kill(pid, 0) != 0 { return }
            usleep(20_000)
        }
        kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
        usleep(100_000)
    }

    /// The last lines the browser printed, indented, for an error message.
    private static func tail(_ log: String) -> String {
        guard let data = FileManager.default.contents(atPath: log), !data.isEmpty else { return "" }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(8)
        return ":\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
