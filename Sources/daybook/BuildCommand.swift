import DaybookCore
import Foundation

/// `daybook build`: the whole site into the output folder.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the site: every page, the Markdown reports, the feed and the sitemap.",
        positionals: [.init(name: "SITE", help: "The site folder (default: the current folder).")],
        options: [
            .init(name: "output", value: "DIR", help: "Where to write the site (default: SITE/_site)."),
            .init(name: "drafts", value: nil, help: "Include entries and pages (pages/*.md) marked draft: true."),
            futureOption,
            .init(name: "now", value: "ISO", help: "The date and time to build as (default: SOURCE_DATE_EPOCH, else the clock)."),
            baseURLOption,
            BuildCommand.cacheOption,
            .init(name: "quiet", value: nil, help: "Print only warnings and errors: no progress bar, no summary line."),
            .init(name: "json", value: nil, help: "Print the summary as JSON on stdout."),
            .init(name: "timings", value: nil, help: "Print how long each stage took (fingerprint, load, photos, present, theme, folders, render, write) on stderr."),
            .init(name: "strict", value: nil, help: "Treat warnings (a misspelled key, an unused theme file, a name no page has in a template) as errors, for CI."),
        ],
        discussion: """
        A failed build leaves the output folder as it was. Unchanged files are not rewritten,
        and files an earlier build wrote that this one does not are removed.
        The files of SITE/static/ are published as they are at the same path under the
        output's root (static/CNAME is CNAME); one where the build writes a page is an error.
        A key that is near a known one ("tgas" for "tags") is a warning; --strict makes it an error.
        Each Markdown file in pages/ is a page of the site's own (pages/about.md is about/index.html),
        listed in every page's menu (docs/pages.md).
        From Hugo or Jekyll: their -d/--destination is --output, -D/--buildDrafts --drafts,
        -F/--buildFuture --future, -b/--baseURL --base-url, and -s/--source is the SITE argument
        (daybook build path/to/site); there is no verbose mode (-v, --verbose): --timings prints the stages.
        Exit status: 0 built, 1 the site has errors (or warnings, with --strict), 64 bad usage,
        66 no site, 69 no time zone data on the system, 73 cannot write, 130 interrupted (Ctrl-C:
        the output is left as it was).
        """)

    /// `--cache DIR`, as build, check, report and serve take it.
    static let cacheOption = CommandSpec.Option(
        name: "cache", value: "DIR", help: "Where processed photos and the search index's months are kept between builds (default: SITE/.daybook-cache).")

    /// `--drafts`, as build and report take it.
    static let draftsOption = CommandSpec.Option(name: "drafts", value: nil, help: "Include entries marked \"draft\": true.")

    static let baseURLOption = CommandSpec.Option(name: "base-url", value: "URL", help: "The published site's URL (overrides baseURL in daybook.json).")
    /// `--future`, as build, check, report and serve take it.
    static let futureOption = CommandSpec.Option(
        name: "future", value: nil, help: "Include entries dated after \"now\" (left out by default, as Hugo does).")

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let site = args.positionals.first ?? "."
        let now = try Now.resolve(args.values["now"], environment: environment, command: spec)
        var options = BuildOptions(output: args.values["output"], includeDrafts: args.flag("drafts"),
                                   includeFuture: args.flag("future"), now: now, baseURL: args.values["base-url"],
                                   tool: Daybook.identity)
        options.cache = args.values["cache"]
        // The process ends with the build: the system takes the site's memory back at exit.
        options.keepsModelUntilExit = true
        options.warningsAreErrors = args.flag("strict")
        // As `check` does: a name a template looks up that the page lacks is a warning, so an error here.
        options.reportsUnknownTemplateNames = args.flag("strict")
        let quiet = args.flag("quiet")
        // Ctrl-C (or a TERM from CI) stops the render, and the files it staged are removed.
        let interruption = Interruption()
        options.interruption = interruption
        let signals = InterruptSignals { interruption.request() }
        defer { signals.stop() }
        if !quiet {
            let shown = args.values["output"] ?? SiteLoader(root: site).displayPath("_site")
            options.waitingForOutput = { terminal.err("Waiting for another daybook build into \(shown) to finish…\n") }
        }
        let builder = SiteBuilder(siteRoot: site, options: options)
        let start = DispatchTime.now()
        let showProgress = !quiet && terminal.drawsProgress
        var progress: (@Sendable (Int, Int) -> Void)?
        if showProgress {
            progress = { done, total in terminal.progress("Rendering", done, total) }
        }
        do throws(BuildFailure) {
            let summary = try builder.build(progress: progress)
            if showProgress { terminal.clearProgress() }
            // --quiet leaves out the progress and the summary, never a warning: a file of the
            // user's written over is news a script should see.
            printWarnings(summary.warnings, terminal: terminal, environment: environment)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            if args.flag("timings") {
                for stage in summary.stages {
                    let name = stage.stage.padding(toLength: 12, withPad: " ", startingAt: 0)
                    terminal.err(name + String(format: "%7.3f s\n", stage.seconds))
                }
            }
            if args.flag("json") {
                terminal.out(jsonSummary(summary, seconds: seconds) + "\n")
            } else if !quiet && summary.skipped {
                terminal.err("Nothing changed: \(EnglishCount.text(summary.entries, "entry", "entries")), "
                             + "\(EnglishCount.text(summary.pagesUnchanged, "file", "files")) up to date in \(summary.output)"
                             + String(format: " (%.2f s)\n", seconds))
            } else if !quiet {
                terminal.err(EnglishCount.builtLine(summary, seconds: seconds))
            }
            // Shown under --quiet too: it tells why entries were left out.
            if summary.future > 0, let note = sourceDateEpochNote(now: now, args: args, environment: environment) {
                terminal.error(note)
            }
            return .success
        } catch {
            if showProgress { terminal.clearProgress() }
            if args.flag("json") { terminal.out(jsonFailure(error) + "\n") }
            return report(error, terminal: terminal, environment: environment)
        }
    }

    /// What to say when entries were left out as dated after now and now is `SOURCE_DATE_EPOCH`'s
    /// (nix-shell sets it to 1980 for its own builds: the diary would be "after now"); nil when
    /// now is `--now`'s or the clock's. `verb`: what is done as of now.
    static func sourceDateEpochNote(now: ISODate, args: ParsedArguments, environment: [String: String], verb: String = "build") -> String? {
        guard args.values["now"] == nil, !(environment["SOURCE_DATE_EPOCH"] ?? "").isEmpty else { return nil }
        return "note: now is SOURCE_DATE_EPOCH's \(now.isoText), which this environment sets; "
            + "give --now, or unset it, to \(verb) as of another time"
    }

    /// `--json` when the build fails: `{"failed": true, "errors": [{"file", "line", "column",
    /// "reason"}, …], "warnings": [...]}` (file, line and column null where a problem has none).
    static func jsonFailure(_ failure: BuildFailure) -> String {
        switch failure {
        case .invalid(let found): jsonFailure(errors: found.errors, warnings: found.warnings)
        default: jsonFailure(errors: [SiteError(file: "", reason: failure.description)], warnings: [])
        }
    }

    /// The same object for any command's errors and warnings (`import --json`).
    static func jsonFailure(errors: [SiteError], warnings: [SiteError]) -> String {
        func list(_ problems: [SiteError]) -> JSONValue {
            .array(problems.map { problem in
                func number(_ n: Int) -> JSONNode { JSONNode(value: n > 0 ? .number(String(n)) : .null) }
                return JSONNode(value: .object([
                    JSONMember(key: "file", value: JSONNode(value: problem.file.isEmpty ? .null : .string(problem.file))),
                    JSONMember(key: "line", value: number(problem.line)),
                    JSONMember(key: "column", value: number(problem.column)),
                    JSONMember(key: "reason", value: JSONNode(value: .string(problem.reason))),
                ]))
            })
        }
        let object = JSONValue.object([
            JSONMember(key: "failed", value: JSONNode(value: .bool(true))),
            JSONMember(key: "errors", value: JSONNode(value: list(errors))),
            JSONMember(key: "warnings", value: JSONNode(value: list(warnings))),
        ])
        return String(decoding: JSONWriter.write(object), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Prints a build failure and maps it to an exit status.
    /// `verb` names what failed in the last line ("Build failed: 2 errors; the output was not
    /// changed", "Check failed: 2 errors").
    static func report(_ failure: BuildFailure, terminal: Terminal, environment: [String: String], verb: String = "Build",
                       command: CommandSpec = spec) -> ExitCode {
        switch failure {
        case .missingInput(let message):
            terminal.error("error: " + message)
            return .inputMissing
        case .badOutput(let message):
            terminal.err(UsageError(message: message, command: command).report)
            return .usage
        case .cannotWrite(let error):
            terminal.error("error: " + error.description)
            return .cannotCreate
        case .interrupted:
            terminal.err("Interrupted: the output was not changed.\n")
            return .interrupted
        case .invalid(let errors):
            printWarnings(errors.warnings, terminal: terminal, environment: environment)
            for line in errors.report().split(separator: "\n") { terminal.error(String(line)) }
            if environment["GITHUB_ACTIONS"] == "true" {
                for error in errors.errors { terminal.err(annotation(error) + "\n") }
            }
            let count = EnglishCount.text(errors.errors.count, "error", "errors")
            terminal.err(verb == "Build" ? "Build failed: \(count); the output was not changed.\n" : "\(verb) failed: \(count).\n")
            return .siteErrors
        }
    }

    /// Each warning on stderr (`warning: site/diary.json:3:5: …`), and as an annotation on GitHub
    /// Actions, on stderr too (the runner reads workflow commands from both streams; stdout keeps
    /// `--json`'s JSON alone).
    /// The first 20 are shown, then a count.
    static func printWarnings(_ warnings: [SiteError], terminal: Terminal, environment: [String: String]) {
        for warning in warnings.prefix(20) { terminal.error("warning: \(warning)") }
        if warnings.count > 20 { terminal.err("… and \(warnings.count - 20) more warnings (\(warnings.count) in all)\n") }
        if environment["GITHUB_ACTIONS"] == "true" {
            for warning in warnings { terminal.err(annotation(warning, kind: "warning") + "\n") }
        }
    }

    /// A GitHub Actions workflow command for one error (or warning).
    static func annotation(_ error: SiteError, kind: String = "error") -> String {
        func escape(_ s: String, property: Bool) -> String {
            var out = s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
            if property { out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
            return out
        }
        // A problem of no file (a page's link, told by the page's path in its words) has no place.
        guard !error.file.isEmpty else { return "::\(kind)::\(escape(error.reason, property: false))" }
        var properties = "file=\(escape(error.file, property: true))"
        if error.line > 0 { properties += ",line=\(error.line),col=\(error.column)" }
        return "::\(kind) \(properties)::\(escape(error.reason, property: false))"
    }

    static func jsonSummary(_ summary: BuildSummary, seconds: Double) -> String {
        let output = String(decoding: JSONWriter.write(.string(summary.output)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return "{\"entries\": \(summary.entries), \"written\": \(summary.pagesWritten), \"unchanged\": \(summary.pagesUnchanged), "
            + "\"removed\": \(summary.filesRemoved), \"photos\": \(summary.photos), "
            + "\"photosProcessed\": \(summary.photosProcessed), \"photosReused\": \(summary.photosReused), "
            + "\"future\": \(summary.future), \"output\": \(output), "
            + "\"skipped\": \(summary.skipped), \"warnings\": \(summary.warnings.count), "
            + "\"seconds\": \(String(format: "%.3f", seconds))}"
    }
}
