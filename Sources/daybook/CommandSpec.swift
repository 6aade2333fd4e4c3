import DaybookCore
import Foundation

/// A subcommand's interface: its arguments, options and help text, in the style of
/// swift-argument-parser.
struct CommandSpec: Sendable {
    struct Positional: Sendable {
        var name: String
        var help: String
        var optional: Bool = true
        /// What a shell completes here (default: guessed from the name, see ArgumentCompletion).
        var completion: ArgumentCompletion? = nil
        /// What to say of a word that is none of the choices, instead of the nearest one (a path
        /// given where `import`'s format goes).
        var hint: (@Sendable (String) -> String?)? = nil
    }

    struct Option: Sendable {
        var name: String
        /// The value's name (`DIR`), or nil for a flag.
        var value: String?
        var help: String
        /// Whether it may be given more than once, each value kept (`--tag a --tag b`);
        /// otherwise the last one counts.
        var repeats: Bool = false
        /// What a shell completes for the value (default: guessed from the value's name).
        var completion: ArgumentCompletion? = nil
        /// Whether it is written with one dash, as its name is one letter (jrnl's `-n 5`).
        var short = false
        /// Whether a long one is taken with one dash too, as jrnl writes it (`-not`); help and the
        /// completions' lists of options show only its ``spelling``.
        var oneDashToo = false

        /// As typed: `--site`, or `-n` for a short one.
        var spelling: String { (short ? "-" : "--") + name }

        /// Every way it is taken: its ``spelling``, and `-not` for `--not`.
        var spellings: [String] { oneDashToo && !short ? [spelling, "-" + name] : [spelling] }
    }

    var name: String
    var abstract: String
    var positionals: [Positional] = []
    var options: [Option] = []
    var discussion: String?
    /// Extra words allowed after the positionals (for `todo add TEXT…`).
    var variadic: Bool = false
    /// What to say of an unknown option as typed, the word after it `next`, before the nearest
    /// name is guessed (jrnl's options on `list`): ". …", or nil.
    var optionHint: (@Sendable (_ typed: String, _ next: String?) -> String?)? = nil

    var usage: String {
        var parts = ["daybook", name]
        for p in positionals { parts.append(p.optional ? "[\(p.name)]" : "<\(p.name)>") }
        if variadic { parts.append("…") }
        for o in options { parts.append((o.value.map { "[\(o.spelling) \($0)]" } ?? "[\(o.spelling)]") + (o.repeats ? "…" : "")) }
        return parts.joined(separator: " ")
    }

    var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            for p in positionals { text += row(p.optional ? "[\(p.name)]" : "<\(p.name)>", p.help) }
        }
        text += "\nOPTIONS:\n"
        for o in options { text += row(o.spelling + (o.value.map { " <\($0.lowercased())>" } ?? ""), o.help) }
        text += row("-h, --help", "Show help information.")
        if let discussion { text += "\n" + discussion + "\n" }
        return text
    }

    private func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 24 ? left + String(repeating: " ", count: 24 - left.count) : left + "\n  " + String(repeating: " ", count: 24)
        return "  " + padded + right + "\n"
    }

    /// Whether `word` is one of this command's options (`--mood`, `--mood=x`, `--help`, `-h`, `-n`) or `--`.
    private func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        if word == "--" || word == "-h" { return true }
        if word.hasPrefix("--"), word.dropFirst(2).prefix(while: { $0 != "=" }) == "help" { return true }
        return option(written: word) != nil
    }

    /// The option `word` names (`--mood`, `--mood=x`, `-n`, `-not`), written with as many dashes as it takes.
    private func option(written word: String) -> Option? {
        let long = word.hasPrefix("--")
        let name = word.drop { $0 == "-" }.prefix { $0 != "=" }
        return options.first { $0.name == name && ($0.short != long || ($0.oneDashToo && !long)) }
    }

    /// Parses the words after the subcommand's name. Not `validating` (for completing a
    /// half-typed line), unknown options and a wrong number of arguments pass.
    func parse(_ arguments: [String], validating: Bool = true) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if !onlyPositionals, word == "--" {
                onlyPositionals = true
                continue
            }
            if !onlyPositionals, word == "-h" || word == "--help" {
                result.wantsHelp = true
                continue
            }
            // A negative number (`daybook todo done -3`, a todo's id) is no option: none is named by digits.
            let isNegativeNumber = word.count > 1 && word.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
            if !onlyPositionals, word.hasPrefix("-"), word != "-", !isNegativeNumber {
                var name = String(word.drop(while: { $0 == "-" }))
                var inlineValue: String?
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let option = self.option(written: word) else {
                    // `-n5`, as jrnl takes it: a short option's value of digits joined to it.
                    if !word.hasPrefix("--"), let short = options.first(where: { $0.short && $0.value != nil && word.dropFirst().hasPrefix($0.name) }),
                       case let joined = word.dropFirst(1 + short.name.count), joined.first?.isWholeNumber == true {
                        result.add(String(joined), for: short.name)
                        continue
                    }
                    if !validating { continue }
                    let next = index < arguments.count ? arguments[index] : nil
                    throw UsageError(message: "Unknown option '\(word)'" + (optionHint?(word, next) ?? didYouMean(option: name, as: word)), command: self)
                }
                if let valueName = option.value {
                    if let inlineValue {
                        result.add(inlineValue, for: name)
                    } else if index < arguments.count, !isOption(arguments[index]) {
                        result.add(arguments[index], for: name)
                        index += 1
                    } else if validating {
                        // `--body --mood Happy` is a forgotten value, not a body of "--mood".
                        let hint = index < arguments.count ? " (a value that starts with '--' is written \(option.spelling)=VALUE)" : ""
                        throw UsageError(message: "Missing value for '\(option.spelling) <\(valueName.lowercased())>'" + hint, command: self)
                    }
                } else {
                    if inlineValue != nil {
                        throw UsageError(message: "The flag '\(option.spelling)' takes no value", command: self)
                    }
                    result.flags.insert(name)
                }
                continue
            }
            result.positionals.append(word)
        }
        if validating, !result.wantsHelp {
            if !variadic, result.positionals.count > positionals.count {
                // Hugo's `hugo new site NAME`.
                let hugo = name == "new" && result.positionals.count == 2 && result.positionals[0] == "site"
                    ? ". Hugo's 'hugo new site \(result.positionals[1])' is 'daybook new \(result.positionals[1])' here" : ""
                let extra = result.positionals[positionals.count]
                throw UsageError(message: "Unexpected argument '\(extra)'" + hugo + (siteHint(extra).map { ". " + $0 } ?? ""), command: self)
            }
            let required = positionals.filter { !$0.optional }.count
            if result.positionals.count < required {
                // A word given where only some words go (`theme list`) is said first, not the argument after it missing.
                for (word, positional) in zip(result.positionals, positionals) {
                    if case .choices(let choices) = positional.completion, case let words = choices.words, !words.contains(word) {
                        throw UsageError(message: "Unknown \(name) \(positional.name.lowercased()) '\(word)'"
                                         + (positional.hint?(word) ?? CommandSpec.didYouMean(word, among: words)), command: self)
                    }
                }
                throw UsageError(message: "Missing expected argument '<\(positionals[result.positionals.count].name)>'", command: self)
            }
        }
        return result
    }
}

extension CommandSpec {
    /// Hugo's and Jekyll's options, as typed, and the name of Daybook's option that does the
    /// same (`-d`, `--destination`: `output`); `site` is the SITE argument where a command has no `--site`.
    static let otherToolsOptions: [String: String] = [
        "-s": "site", "--source": "site", "--site": "site",
        "-d": "output", "--destination": "output",
        "-D": "drafts", "--buildDrafts": "drafts",
        "-F": "future", "--buildFuture": "future",
        "-b": "base-url", "--baseURL": "base-url", "--baseurl": "base-url",
        "-P": "port",
        "-w": "watch", "--watch": "watch",
        "-v": "verbose", "-V": "verbose", "--verbose": "verbose",
    ]

    /// ". Did you mean '--drafts'?" for an option name near one of this command's, else "";
    /// `typed` is the option as written (`-D`), looked up first among other tools' names.
    func didYouMean(option name: String, as typed: String) -> String {
        // `--n`, `-site`: an option typed with the other number of dashes.
        if let same = options.first(where: { $0.name == name }) { return ". Did you mean '\(same.spelling)'?" }
        let names = options.map(\.name) + ["help"]
        func spelled(_ name: String) -> String { options.first { $0.name == name }?.spelling ?? "--" + name }
        // `-q`: the one option that starts with the letter (Daybook's options are long but `list`'s `-n`).
        var nearest: String?
        if name.count == 1 {
            let starting = names.filter { $0.hasPrefix(name) }
            if starting.count == 1 { nearest = starting[0] }
        } else {
            nearest = NearestName.suggestion(for: name, among: names)
        }
        let key = String(typed.prefix { $0 != "=" })
        if let other = CommandSpec.otherToolsOptions[key] {
            if names.contains(other) { return ". Did you mean '--\(other)'?" }
            let guess = nearest.map { " (or did you mean '\(spelled($0))'?)" } ?? ""
            if other == "site", positionals.contains(where: { $0.name == "SITE" }) {
                let words = ["daybook", self.name] + positionals.map(\.name)
                return ". The site folder is an argument here: '\(words.joined(separator: " "))'" + guess
            }
            if other == "watch" {
                return self.name == "serve" ? ". 'daybook serve' always watches the site and rebuilds on change" + guess
                    : ". 'daybook serve' builds the site and rebuilds it on change" + guess
            }
            if other == "verbose" {
                return names.contains("timings") ? ". Daybook has no verbose mode: --timings prints how long each stage took" + guess
                    : ". Daybook has no verbose mode" + guess
            }
        }
        return nearest.map { ". Did you mean '\(spelled($0))'?" } ?? ""
    }

    /// "site/ is a site: give it as --site site" when this command takes `--site` and `word` is a
    /// folder holding a daybook.json (given as build's SITE is; found by a newcomer's audit), else nil.
    func siteHint(_ word: String) -> String? {
        guard options.contains(where: { $0.name == "site" }), !word.isEmpty, !word.hasPrefix("-"),
              FileManager.default.fileExists(atPath: (word as NSString).appendingPathComponent("daybook.json")) else { return nil }
        return "\(word.hasSuffix("/") ? word : word + "/") is a site: give it as --site \(word)"
    }

    /// ". Did you mean 'list'?" for a word near one of `words` (an action, a format), else "".
    static func didYouMean(_ word: String, among words: [String]) -> String {
        NearestName.suggestion(for: word, among: words).map { ". Did you mean '\($0)'?" } ?? ""
    }
}

/// What the user typed for one subcommand.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    /// Each option's value; the last one when it was given more than once.
    var values: [String: String] = [:]
    /// Every value of each option, in the order given.
    private var allValues: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Every value given for an option, in order (`--tag a --tag b` → `["a", "b"]`); empty when absent.
    func values(_ name: String) -> [String] { allValues[name] ?? [] }

    mutating func add(_ value: String, for name: String) {
        values[name] = value
        allValues[name, default: []].append(value)
    }
}

/// A mistake in the command line: printed with the usage line, exit status 64.
struct UsageError: Error, Sendable {
    var message: String
    var command: CommandSpec?

    var report: String {
        var text = "Error: \(message)\n"
        if let command {
            text += "Usage: \(command.usage)\n  See 'daybook \(command.name) --help' for more information.\n"
        } else {
            text += "Usage: daybook <subcommand>\n  See 'daybook --help' for more information.\n"
        }
        return text
    }
}
