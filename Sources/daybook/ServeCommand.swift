#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DaybookCore
import Dispatch
import Foundation

/// `daybook serve`: builds the site into a preview folder, serves it on 127.0.0.1, watches
/// the site folder, rebuilds on change and reloads open pages. For local preview only.
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Build the site, serve it on 127.0.0.1 and rebuild and reload on change.",
        positionals: [.init(name: "SITE", help: "The site folder (default: the current folder).")],
        options: [
            .init(name: "port", value: "N", help: "The port to listen on (default: 8000; 0 picks a free one)."),
            .init(name: "output", value: "DIR", help: "Where to build (default: a temporary folder, removed on exit)."),
            .init(name: "drafts", value: nil, help: "Include entries and pages (pages/*.md) marked draft: true."),
            BuildCommand.futureOption,
            .init(name: "now", value: "ISO", help: "The date and time to build as (default: the clock)."),
            BuildCommand.cacheOption,
            BuildCommand.baseURLOption,
        ],
        discussion: """
        The server listens on 127.0.0.1 only, answers GET and HEAD, and injects a small
        live-reload script into the HTML it serves (never into the built files), which reloads
        the open pages after a rebuild that wrote or removed a file of the output. A failed
        rebuild prints its errors and keeps serving the last good build, with the errors at the
        foot of every page until a rebuild succeeds. Stop with Ctrl-C.
        For local preview only: publish the output of 'daybook build' instead.
        Exit status: 0 stopped, 1 the site has errors, 64 bad usage, 66 no site,
        69 the port is taken, 73 cannot write.
        """)

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let site = args.positionals.first ?? "."
        let portText = args.values["port"] ?? "8000"
        guard let port = UInt16(portText) else {
            throw UsageError(message: "--port must be a number from 0 to 65535, found '\(portText)'", command: spec)
        }
        let fixedNow = args.values["now"] != nil
        let firstNow = try Now.present(args.values["now"], command: spec)
        // Ctrl-C, SIGTERM and SIGHUP (the terminal closed), from here on (the first build too): the
        // build under way stops, the wait below ends, and the temporary output is removed; a second
        // one ends the process at once. A client that hangs up must not kill us.
        signal(SIGPIPE, SIG_IGN)
        let interruption = Interruption()
        let stopRequested = DispatchSemaphore(value: 0)
        let signals = InterruptSignals([SIGINT, SIGTERM, SIGHUP]) {
            interruption.request()
            stopRequested.signal()
        }
        defer { signals.stop() }
        // Said before the server makes the folder, as the build says it.
        if args.values["output"] == "" { throw UsageError(message: SiteBuilder.emptyOutputReason, command: spec) }
        let temporary = args.values["output"] == nil
        let output = args.values["output"] ?? NSTemporaryDirectory() + "daybook-serve-" + UUID().uuidString
        defer { if temporary { try? FileManager.default.removeItem(atPath: output) } }

        @Sendable func builder(now: ISODate) -> SiteBuilder {
            var options = BuildOptions(output: output, includeDrafts: args.flag("drafts"), includeFuture: args.flag("future"), now: now,
                                       baseURL: args.values["base-url"])
            options.cache = args.values["cache"]
            options.interruption = interruption
            options.waitingForOutput = { terminal.err("Waiting for another daybook build into \(output) to finish…\n") }
            return SiteBuilder(siteRoot: site, options: options)
        }

        // A site published under a sub-path is served there too (and at `/`); a rebuild takes a
        // baseURL added, changed or removed since. The port is taken before the first build, so a
        // port in use is said at once, not after a long build.
        @Sendable func mount() -> [String] {
            let baseURL = args.values["base-url"] ?? SiteLoader(root: site).settings()?.baseURL
            // Decoded, as the server matches a request's path (`/a%20b/` is the folder `a b`).
            return baseURL.map { PagePresenter.rootPath(ofBaseURL: $0).split(separator: "/").map { $0.removingPercentEncoding ?? String($0) } } ?? []
        }
        let server = StaticServer(root: output, mount: mount())
        // The folder served must be there before the build fills it (an empty one made here is
        // removed again when the first build fails).
        var makeProblem: String?
        let madeOutput: Bool
        do {
            madeOutput = !FileManager.default.fileExists(atPath: output)
            if madeOutput { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) }
        } catch {
            makeProblem = SystemMessage.of(error)
        }
        // An output that cannot be made or is a file fails as the build would (73, 64), not as a port (69).
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) || !isFolder.boolValue {
            if FileManager.default.fileExists(atPath: output) {
                throw UsageError(message: "--output \(output) is a file, not a folder", command: spec)
            }
            terminal.error("error: \(output): cannot write: \(makeProblem ?? "the folder cannot be made")")
            return .cannotCreate
        }
        @Sendable func removeMadeOutput() {
            if madeOutput, !temporary, (try? FileManager.default.contentsOfDirectory(atPath: output))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: output)
            }
        }
        let actualPort: UInt16
        do throws(ServerError) {
            actualPort = try server.start(port: port)
        } catch {
            removeMadeOutput()
            let inUse = "\(error)".contains("in use") ? "; another program has it: give another with --port N, or --port 0 for any free one" : ""
            terminal.error("error: \(error)\(inUse)")
            return .unavailable
        }

        // Taken before the first build, so an edit made while it runs is not missed.
        let watcher = SiteWatcher(root: site, excluding: [output, SiteLoader(root: site).displayPath("_site")])
        let start = DispatchTime.now()
        // The path the site is published under (`/diary/`), where the preview is too: the URL said.
        var sitePath = "/"
        do throws(BuildFailure) {
            let summary = try builder(now: firstNow).build()
            sitePath = summary.baseURL.map(PagePresenter.rootPath(ofBaseURL:)) ?? "/"
            BuildCommand.printWarnings(summary.warnings, terminal: terminal, environment: [:])
            terminal.err(EnglishCount.builtLine(summary, seconds: seconds(since: start)))
        } catch {
            server.stop()
            removeMadeOutput()
            if case .interrupted = error {
                terminal.err("Stopped.\n")
                return .success
            }
            if case .badOutput(let message) = error {
                terminal.err(UsageError(message: message, command: spec).report)
                return .usage
            }
            return BuildCommand.report(error, terminal: terminal, environment: environment)
        }

        @Sendable func rebuild() {
            let start = DispatchTime.now()
            let now = fixedNow ? firstNow : ((try? Now.present(nil, command: spec)) ?? firstNow)
            do throws(BuildFailure) {
                let summary = try builder(now: now).build()
                let path = mount()
                if reloads(after: summary, failureShown: server.showsFailure, mountChanged: path != server.mount) {
                    server.mount = path
                    server.markBuilt()
                }
                BuildCommand.printWarnings(summary.warnings, terminal: terminal, environment: [:])
                terminal.err(EnglishCount.rebuiltLine(summary, seconds: seconds(since: start)))
            } catch {
                // Stopping: the rebuild is abandoned, and the output left as the last build made it.
                if case .interrupted = error { return }
                _ = BuildCommand.report(error, terminal: terminal, environment: [:])
                terminal.err("Still serving the last good build.\n")
                server.markFailed(error.description)
            }
        }

        // As Hugo says http://localhost:1313/diary/ for a baseURL under /diary/; `/` serves it too.
        let also = sitePath == "/" ? "" : "; also at /"
        terminal.err("Serving \(ShownPath.of(site)) at http://127.0.0.1:\(actualPort)\(sitePath) (Ctrl-C to stop\(also))\n")
        watcher.start { _ in rebuild() }
        stopRequested.wait()
        // The rebuild under way, if any, stops at its next page: the watcher's stop waits for it,
        // so that nothing is written into the output after it is removed.
        server.stop()
        watcher.stop()
        terminal.err("Stopped.\n")
        return .success
    }

    /// Whether open pages reload after a successful rebuild: when it wrote or removed a file of
    /// the output, when they show a failed rebuild's errors (which the reload takes away), or when
    /// the site is served under another path. A rebuild that changed no file (a file saved as it
    /// was, or only touched) leaves them, and the reader's place in them, alone.
    static func reloads(after summary: BuildSummary, failureShown: Bool, mountChanged: Bool) -> Bool {
        summary.pagesWritten > 0 || summary.filesRemoved > 0 || failureShown || mountChanged
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
