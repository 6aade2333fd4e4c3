/// The kinds of info card, after the seed app's cell `Type`: each has a display title,
/// a tint and an icon.
public enum CardKind: String, Sendable, CaseIterable {
    case mood, weather, location, tags, photos, words, date
    case entries, todosDone, todosOpen, longestStreak, topTags

    /// The kind's position in `allCases`.
    var ordinal: Int {
        switch self {
        case .mood: 0
        case .weather: 1
        case .location: 2
        case .tags: 3
        case .photos: 4
        case .words: 5
        case .date: 6
        case .entries: 7
        case .todosDone: 8
        case .todosOpen: 9
        case .longestStreak: 10
        case .topTags: 11
        }
    }

    /// The key of the kind's name in `i18n/<lang>.json`.
    public var stringKey: String { "card." + rawValue }

    /// The English name, spelled out: "Todos done", "Longest streak".
    public var englishName: String {
        switch self {
        case .todosDone: "Todos done"
        case .todosOpen: "Todos open"
        case .longestStreak: "Longest streak"
        case .topTags: "Top tags"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    /// The kind's name in `strings`' language, the English one where they have none.
    public func name(in strings: UIStrings) -> String {
        strings[stringKey] == stringKey ? englishName : strings[stringKey]
    }

    public var tint: Tint {
        switch self {
        case .mood: .systemPink
        case .weather: .systemBlue
        case .location: .systemGreen
        case .tags: .systemPurple
        case .photos: .systemOrange
        case .words: .systemIndigo
        case .date: .systemRed
        case .entries: .systemBlue
        case .todosDone: .systemMint
        case .todosOpen: .systemYellow
        case .longestStreak: .systemRed
        case .topTags: .systemPurple
        }
    }

    /// The theme file of the kind's icon (an inline SVG).
    public var iconPath: String { "icons/\(rawValue).svg" }
}
