import DaybookCore
import Foundation

/// `daybook check`: validates data and templates, builds into a temporary folder and
/// checks every internal link. Changes nothing.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate the data and templates, build to a temporary folder and check internal links.",
        positionals: [.init(name: "SITE", help: "The site folder (default: the current folder).")],
        options: [
            .init(name: "drafts", value: nil, help: "Check entries marked \"draft\": true too."),
            BuildCommand.futureOption,
            BuildCommand.cacheOption,
            .init(name: "now", value: "ISO", help: "The date and time to check as."),
            .init(name: "strict", value: nil, help: "Treat warnings (a misspelled key, an unused theme file, an unknown name in a template) as errors."),
        ],
        discussion: """
        Warnings: a key near a known one ("tgas" for "tags"), a file in templates/ that matches no theme
        file, a name in a template that no page has ({{titel}}).
        Exit status: 0 no problem, 1 the site has errors or broken links (or warnings, with --strict),
        64 bad usage, 66 no site.
        """)

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let site = args.positionals.first ?? "."
        let now = try Now.resolve(args.values["now"], environment: environment, command: spec)
        let temporary = NSTemporaryDirectory() + "daybook-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        var options = BuildOptions(output: temporary, includeDrafts: args.flag("drafts"), includeFuture: args.flag("future"), now: now)
        options.warningsAreErrors = args.flag("strict")
        // Photos are made to check them, into the cache a build then reuses.
        options.cache = args.values["cache"]
        options.reportsUnknownTemplateNames = true
        options.locatesEntryPages = true
        let builder = SiteBuilder(siteRoot: site, options: options)
        do throws(BuildFailure) {
            let summary = try builder.build()
            BuildCommand.printWarnings(summary.warnings, terminal: terminal, environment: environment)
            let broken = LinkChecker(root: temporary).check()
            for link in broken.prefix(20) {
                // A link of an entry's page is the entry's: its place in the data comes first.
                if let at = summary.entryPages[link.page] {
                    terminal.error("error: \(at): the entry's page \(link.page) links to \"\(link.target)\", which leads to no file")
                } else {
                    terminal.error("error: \(link)")
                }
            }
            if broken.count > 20 { terminal.err("… and \(broken.count - 20) more broken links\n") }
            if summary.future > 0 {
                terminal.err("\(site): " + EnglishCount.futureNote(summary.future) + "\n")
            }
            if !broken.isEmpty { return .siteErrors }
            let counts = "\(EnglishCount.text(summary.entries, "entry", "entries")), "
                + "\(EnglishCount.text(summary.pagesWritten, "file", "files")), links checked"
            if !summary.warnings.isEmpty {
                terminal.err("\(site): \(EnglishCount.text(summary.warnings.count, "warning", "warnings")) (\(counts))\n")
                return .success
            }
            terminal.err("\(site): no problems found (\(counts))\n")
            return .success
        } catch {
            return BuildCommand.report(error, terminal: terminal, environment: environment)
        }
    }
}
