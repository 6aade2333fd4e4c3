import DaybookCore
import Foundation

/// The `daybook` command: argv in, an exit status out. The only place that knows argv,
/// the environment, the terminal and exit codes.
enum Daybook {
    static let version = "0.1.0"

    /// What `daybook --version` prints: the version and the git commit the binary was built from.
    static var versionLine: String { "daybook \(version) (commit \(BuildInfo.commit))\n" }

    /// The version and the binary's size and time, so a rebuilt `daybook` never reuses
    /// output that an older one made.
    static var identity: String {
        FileFacts.ofRunningProgram.map { "\(version) \($0)" } ?? version
    }

    static let commands: [CommandSpec] = [BuildCommand.spec, CheckCommand.spec, NewCommand.spec, ServeCommand.spec, TodoCommand.spec, AddCommand.spec, ListCommand.spec, ImportCommand.spec, RenderCommand.spec, ReportCommand.spec, ThemeCommand.spec, GenerateCommand.spec]

    static var help: String {
        var text = """
        OVERVIEW: Daybook turns a diary and a todo list kept as JSON into a static website,
        Markdown pages and printable monthly reports.

        USAGE: daybook <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:

        """
        for command in commands {
            let name = command.name.padding(toLength: 22, withPad: " ", startingAt: 0)
            text += "  \(name)\(command.abstract)\n"
        }
        text += "\n  See 'daybook help <subcommand>' for detailed help.\n"
        return text
    }

    /// `Unknown subcommand 'buidl'. Did you mean 'build'?`
    static func unknownSubcommand(_ name: String) -> UsageError {
        if name.hasPrefix("-") {
            // `--verison`: an option of `daybook` itself.
            let option = String(name.drop { $0 == "-" })
            return UsageError(message: "Unknown option '\(name)'" + (NearestName.suggestion(for: option, among: ["version", "help"]).map { ". Did you mean '--\($0)'?" } ?? ""),
                              command: nil)
        }
        // What other tools call these (`hugo completion`, `jekyll serve`'s `server`, `init`).
        let others = ["completion": "generate completions", "completions": "generate completions", "man": "generate man",
                      "init": "new", "server": "serve", "watch": "serve", "version": "--version"]
        if let known = others[name.lowercased()] {
            return UsageError(message: "Unknown subcommand '\(name)'. Did you mean '\(known)'?", command: nil)
        }
        return UsageError(message: "Unknown subcommand '\(name)'" + CommandSpec.didYouMean(name, among: commands.map(\.name) + ["help"]), command: nil)
    }

    static func run(_ arguments: [String], environment: [String: String]) -> ExitCode {
        let terminal = Terminal(environment: environment)
        guard let first = arguments.first else {
            terminal.err(help)
            return .usage
        }
        switch first {
        case "-h", "--help":
            terminal.out(help)
            return .success
        case "--version":
            terminal.out(versionLine)
            return .success
        case "__complete":
            // Hidden: the completion scripts ask it for months, todo ids and tags as the user types.
            guard arguments.count > 1 else { return .usage }
            let lines = CompletionValues.lines(kind: arguments[1], words: Array(arguments.dropFirst(2)), commands: commands)
            terminal.out(lines.map { $0 + "\n" }.joined())
            return .success
        case "help":
            guard arguments.count > 1 else {
                terminal.out(help)
                return .success
            }
            if arguments[1] == "help" {
                terminal.out(help)
                return .success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                terminal.err(unknownSubcommand(arguments[1]).report)
                return .usage
            }
            terminal.out(command.help)
            return .success
        default:
            break
        }
        guard let spec = commands.first(where: { $0.name == first }) else {
            terminal.err(unknownSubcommand(first).report)
            return .usage
        }
        do {
            let args = try spec.parse(Array(arguments.dropFirst()))
            if args.wantsHelp {
                terminal.out(spec.help)
                return .success
            }
            if spec.name != GenerateCommand.spec.name, let reason = TimeZoneData.missingReason() {
                terminal.error("error: " + reason)
                return .unavailable
            }
            switch spec.name {
            case "build": return try BuildCommand.run(args, terminal: terminal, environment: environment)
            case "check": return try CheckCommand.run(args, terminal: terminal, environment: environment)
            case "new": return NewCommand.run(args, terminal: terminal, environment: environment)
            case "serve": return try ServeCommand.run(args, terminal: terminal, environment: environment)
            case "todo": return try TodoCommand.run(args, terminal: terminal, environment: environment)
            case "add": return try AddCommand.run(args, terminal: terminal, environment: environment)
            case "list": return try ListCommand.run(args, terminal: terminal, environment: environment)
            case "render": return RenderCommand.run(args, terminal: terminal)
            case "report": return try ReportCommand.run(args, terminal: terminal, environment: environment)
            case "generate": return try GenerateCommand.run(args, terminal: terminal)
            case "import": return try ImportCommand.run(args, terminal: terminal)
            case "theme": return ThemeCommand.run(args, terminal: terminal)
            default: return .usage
            }
        } catch {
            terminal.err(error.report)
            // A script that asked for JSON reads why on stdout too, as for any other failure (found by
            // a CI audit: `daybook build --json | jq .failed` got nothing for an unknown option).
            if spec.options.contains(where: { $0.name == "json" }), arguments.dropFirst().prefix(while: { $0 != "--" }).contains("--json") {
                terminal.out(BuildCommand.jsonFailure(errors: [SiteError(file: "", reason: error.message)], warnings: []) + "\n")
            }
            return .usage
        }
    }
}
