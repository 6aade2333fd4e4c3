import DaybookCore
import Foundation

/// `daybook theme export DIR`: the built-in theme's files, to start a theme of one's own.
enum ThemeCommand {
    static let spec = CommandSpec(
        name: "theme",
        abstract: "Write the built-in theme to a folder, to start your own theme from it.",
        positionals: [
            .init(name: "ACTION", help: "export", optional: false, completion: .choices([.init("export", "Copy the built-in theme into the site to change it.")])),
            .init(name: "DIR", help: "The folder to write the theme to (it must not exist or be empty), such as SITE/templates.", optional: false),
        ],
        discussion: """
        Writes every file of the built-in theme: the page templates (*.mustache), partials/,
        assets/ (style.css, print.css, search.js, favicon.svg), icons/ and i18n/. A site's
        templates/ folder needs only the files you change; `daybook check` warns about a file
        there that matches no theme file, and about a name in a template that no page has.
        """)

    static func run(_ args: ParsedArguments, terminal: Terminal) -> ExitCode {
        let action = args.positionals[0]
        guard action == "export" else {
            terminal.err(UsageError(message: "Unknown theme action '\(action)'" + CommandSpec.didYouMean(action, among: ["export"]),
                                    command: spec).report)
            return .usage
        }
        let folder = args.positionals[1]
        let files = Theme.builtIn.files
        if let failed = NewCommand.writeNewFolder(folder, files: files, command: spec, terminal: terminal) { return failed }
        terminal.err("Wrote the built-in theme (\(files.count) files) to \(SystemSettings.shellQuoted(folder)).\n")
        return .success
    }
}
