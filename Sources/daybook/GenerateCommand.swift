/// `daybook generate man` and `daybook generate completions bash|zsh|fish`: the man page and
/// the shell completions, written from the same command table as `--help`.
enum GenerateCommand {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Print the man page or a shell completion script.",
        positionals: [
            .init(name: "WHAT", help: "man or completions.", optional: false, completion: .choices([
                .init("man", "The man page (roff)."), .init("completions", "A shell's completion script.")])),
            .init(name: "SHELL", help: "completions: bash, zsh or fish.", completion: .choices([
                .init("bash", "For bash."), .init("zsh", "For zsh."), .init("fish", "For fish.")])),
        ],
        discussion: """
        `make install` puts these in place. By hand (make the folders first, with mkdir -p):
          daybook generate man > /usr/local/share/man/man1/daybook.1
          daybook generate completions bash > ~/.local/share/bash-completion/completions/daybook
          daybook generate completions zsh > ~/.zfunc/_daybook          (with fpath+=~/.zfunc)
          daybook generate completions fish > ~/.config/fish/completions/daybook.fish
        The completions offer commands, options, --format values, the months of the site's
        entries for 'daybook report', the todo ids for 'daybook todo done|undo|rm|today' and
        the diary's tags for --tag of 'daybook list' and 'daybook add'.
        """)

    static func run(_ args: ParsedArguments, terminal: Terminal) throws(UsageError) -> ExitCode {
        let what = args.positionals[0]
        let shell = args.positionals.count > 1 ? args.positionals[1] : nil
        switch (what, shell) {
        case ("man", nil):
            terminal.out(ManPage.render(commands: Daybook.commands, version: Daybook.version))
        case ("completions", "bash"?):
            terminal.out(BashCompletion.script(commands: Daybook.commands))
        case ("completions", "zsh"?):
            terminal.out(ZshCompletion.script(commands: Daybook.commands))
        case ("completions", "fish"?):
            terminal.out(FishCompletion.script(commands: Daybook.commands))
        case ("completions", let shell):
            throw UsageError(message: shell.map { "Unknown shell '\($0)' (expected bash, zsh or fish)" + CommandSpec.didYouMean($0, among: ["bash", "zsh", "fish"]) }
                ?? "Missing expected argument '<SHELL>': bash, zsh or fish", command: spec)
        case ("man", let extra?):
            throw UsageError(message: "Unexpected argument '\(extra)'", command: spec)
        default:
            throw UsageError(message: "Unknown target '\(what)' (expected man or completions)"
                             + CommandSpec.didYouMean(what, among: ["man", "completions"]), command: spec)
        }
        return .success
    }
}
