/// CLDR's plural rules for whole numbers (cldr.unicode.org, "Language Plural Rules"), for the
/// languages the theme ships and a few more: which form of a counted phrase a number takes
/// ("1 entry", "2 entries"; Arabic's six forms; none in Japanese, Korean and Chinese).
/// Counts in Daybook are never fractions, so only the rules' integer parts are needed.
public struct PluralRule: Sendable, Equatable {
    /// A plural category, as CLDR names them; `other` is the one every language has.
    public enum Category: String, Sendable, CaseIterable {
        case zero, one, two, few, many, other

        /// The place in `allCases`.
        var index: Int {
            switch self {
            case .zero: 0
            case .one: 1
            case .two: 2
            case .few: 3
            case .many: 4
            case .other: 5
            }
        }
    }

    /// How a language picks its category.
    private enum Kind: Sendable, Equatable {
        /// Japanese, Korean, Chinese, …: one form for every number.
        case none
        /// English, German, …: `one` for 1.
        case oneForOne
        /// French, Portuguese: `one` for 0 and 1, `many` for millions.
        case oneForZeroAndOneManyForMillions
        /// Spanish, Italian: `one` for 1, `many` for millions.
        case oneForOneManyForMillions
        /// Arabic: zero, one, two, few (3–10 in each hundred), many (11–99), other.
        case arabic
        /// Hebrew: one, two, other.
        case hebrew
        /// Persian, Hindi: `one` for 0 and 1.
        case oneForZeroAndOne
        /// Russian, Ukrainian, Belarusian: one (1, 21, 31 …, not 11), few (2–4, 22–24 …, not
        /// 12–14), many (the rest).
        case eastSlavic
        /// Polish: one (1), few (2–4, 22–24 …, not 12–14), many (the rest).
        case polish
        /// Czech, Slovak: one (1), few (2–4), other.
        case czech
        /// Croatian, Serbian, Bosnian: one (1, 21 …, not 11), few (2–4, 22–24 …, not 12–14), other.
        case serboCroatian
    }

    private let kind: Kind

    /// The rule of a language (`"en"`, `"ar"`; a locale's language part). A language without a
    /// rule here takes English's.
    public init(language: String) {
        switch language.lowercased() {
        case "ja", "ko", "zh", "zh-hant", "th", "vi", "id", "ms", "my", "lo", "km": kind = .none
        case "fr": kind = .oneForZeroAndOneManyForMillions
        case "pt": kind = .oneForZeroAndOneManyForMillions
        case "es", "it", "ca": kind = .oneForOneManyForMillions
        case "ar": kind = .arabic
        case "he", "iw": kind = .hebrew
        case "fa", "hi", "bn", "gu", "kn", "mr", "zu", "am": kind = .oneForZeroAndOne
        case "ru", "uk", "be": kind = .eastSlavic
        case "pl": kind = .polish
        case "cs", "sk": kind = .czech
        case "hr", "sr", "bs", "sh": kind = .serboCroatian
        default: kind = .oneForOne
        }
    }

    /// The categories the language uses, `other` last.
    public var categories: [Category] {
        switch kind {
        case .none: [.other]
        case .oneForOne, .oneForZeroAndOne: [.one, .other]
        case .oneForZeroAndOneManyForMillions, .oneForOneManyForMillions: [.one, .many, .other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        case .hebrew: [.one, .two, .other]
        case .eastSlavic, .polish, .czech: [.one, .few, .many, .other]
        case .serboCroatian: [.one, .few, .other]
        }
    }

    /// The category of a count.
    public func category(_ n: Int) -> Category {
        let i = n.magnitude
        switch kind {
        case .none:
            return .other
        case .oneForOne:
            return i == 1 ? .one : .other
        case .oneForZeroAndOne:
            return i <= 1 ? .one : .other
        case .oneForZeroAndOneManyForMillions:
            return i <= 1 ? .one : i % 1_000_000 == 0 ? .many : .other
        case .oneForOneManyForMillions:
            return i == 1 ? .one : i != 0 && i % 1_000_000 == 0 ? .many : .other
        case .arabic:
            switch (i, i % 100) {
            case (0, _): return .zero
            case (1, _): return .one
            case (2, _): return .two
            case (_, 3...10): return .few
            case (_, 11...99): return .many
            default: return .other
            }
        case .hebrew:
            return i == 1 ? .one : i == 2 ? .two : .other
        case .eastSlavic, .serboCroatian:
            let rest: Category = kind == .eastSlavic ? .many : .other
            if i % 10 == 1 && i % 100 != 11 { return .one }
            if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return .few }
            return rest
        case .polish:
            if i == 1 { return .one }
            return (2...4).contains(i % 10) && !(12...14).contains(i % 100) ? .few : .many
        case .czech:
            return i == 1 ? .one : (2...4).contains(i) ? .few : .other
        }
    }
}
