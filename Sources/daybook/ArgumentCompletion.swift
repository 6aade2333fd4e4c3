/// What a shell offers for an argument or an option's value, in the completion scripts
/// that `daybook generate completions` writes.
enum ArgumentCompletion: Sendable, Equatable {
    /// Free text: nothing to offer.
    case text
    case file
    case directory
    /// One of these words, each with what it does (fish and zsh show it beside the word).
    case choices([Choice])
    /// The months that have entries, asked of `daybook __complete months` at completion time.
    case months
    /// The ids in todos.json, asked of `daybook __complete todo-ids`.
    case todoIDs
    /// The diary's tags, asked of `daybook __complete tags`.
    case tags
    /// The diary's tags written `@walk`, for a value that is a word unless it starts with `@`
    /// (`list --not`), asked of `daybook __complete at-tags`.
    case atTags

    /// Asked of the binary while completing: the `__complete` kind, or nil for a fixed list.
    var dynamicKind: String? {
        switch self {
        case .months: "months"
        case .todoIDs: "todo-ids"
        case .tags: "tags"
        case .atTags: "at-tags"
        default: nil
        }
    }

    /// The completion a value's name suggests when a spec names none: `DIR` and `SITE`
    /// are folders, `FILE` and `TEMPLATE` are files, the rest is text.
    static func guess(fromValueName name: String) -> ArgumentCompletion {
        switch name {
        case "DIR", "SITE", "FOLDER": .directory
        case "FILE", "TEMPLATE", "SOURCE", "F": .file
        default: .text
        }
    }
}

/// A word an argument takes, and what it does.
struct Choice: Sendable, Equatable {
    var word: String
    var help: String

    init(_ word: String, _ help: String) {
        self.word = word
        self.help = help
    }
}

extension [Choice] {
    var words: [String] { map(\.word) }
}

extension CommandSpec.Positional {
    /// What a shell completes here: the spec's `completion`, else a guess from the name.
    var completes: ArgumentCompletion { completion ?? .guess(fromValueName: name) }
}

extension CommandSpec.Option {
    /// What a shell completes for the value (nil for a flag).
    var completes: ArgumentCompletion? {
        guard let value else { return nil }
        return completion ?? .guess(fromValueName: value)
    }
}
