import DaybookCore
import Foundation

/// The `daybook` command: argv in, an exit status out. The only place that knows argv,
/// the environment, the terminal and exit codes.
enum Daybook {
    static let version = "0.1.0"

    /// The version and the binary's size and time, so a rebuilt `daybook` never reuses
    /// output that an older one made.
    static var identity: String {
        var info = stat()
        // The running binary through /proc (Linux), without Foundation's Bundle: finding the main
        // bundle lists folders and took a few milliseconds of every build's start.
        if stat("/proc/self/exe", &info) != 0 {
            guard let path = Bundle.main.executablePath, stat(path, &info) == 0 else { return version }
        }
        return "\(version) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    static let commands: [CommandSpec] = [BuildCommand.spec, CheckCommand.spec, NewCommand.spec, ServeCommand.spec, TodoCommand.spec, RenderCommand.spec, ReportCommand.spec, ThemeCommand.spec]

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
        let near = NearestName.suggestion(for: name, among: commands.map(\.name) + ["help"])
        return UsageError(message: "Unknown subcommand '\(name)'" + (near.map { ". Did you mean '\($0)'?" } ?? ""), command: nil)
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
            terminal.out("daybook \(version)\n")
            return .success
        case "help":
            guard arguments.count > 1 else {
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
            switch spec.name {
            case "build": return try BuildCommand.run(args, terminal: terminal, environment: environment)
            case "check": return try CheckCommand.run(args, terminal: terminal, environment: environment)
            case "new": return NewCommand.run(args, terminal: terminal, environment: environment)
            case "serve": return try ServeCommand.run(args, terminal: terminal, environment: environment)
            case "todo": return try TodoCommand.run(args, terminal: terminal, environment: environment)
            case "render": return RenderCommand.run(args, terminal: terminal)
            case "report": return try ReportCommand.run(args, terminal: terminal, environment: environment)
            case "theme": return ThemeCommand.run(args, terminal: terminal)
            default: return .usage
            }
        } catch {
            terminal.err(error.report)
            return .usage
        }
    }
}
