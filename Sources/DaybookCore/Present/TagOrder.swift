import Foundation

/// The order of the tags page: alphabetical with case aside, and accents aside where the
/// language reads them as marks on a letter (German `Ä` is `A`); a letter the language has of
/// its own sorts where its alphabet puts it (Swedish `Å Ä Ö` after `Z`, Danish `Æ Ø Å`, Turkish
/// `Ç` after `C` and `I` before `İ`, Polish `Ł` after `L`, Spanish `Ñ` after `N`). A sort key per
/// name, made once: comparing by the locale all along took 40 ms for 941 tags. For the languages
/// whose order no such key gives (``collated``), the key is the name's rank in the locale's
/// collation (ICU's, through Foundation): one sort of the names.
enum TagOrder {
    /// Languages put in order by the locale's collation: Cyrillic ones (`й` is a letter after
    /// `и`, not `и` with a mark), Chinese (by pinyin: 爱 北京 旅行 上海 中国), Japanese (hiragana
    /// and katakana as one, `が` beside `か`), Persian (`پ` after `ب`, where Unicode puts it after
    /// every Arabic letter), Thai and its neighbours (a word's leading vowel is read after its consonant).
    static let collated: Set<String> = ["be", "bg", "kk", "ky", "mk", "mn", "ru", "sr", "tg", "uk",
                                        "ja", "zh", "yue", "fa", "ps", "ur", "th", "lo", "km", "my"]

    /// Sorts after every letter: a letter keyed `c` + this comes after every `c…`, before `d`.
    private static let last = "\u{10FFFF}"

    /// By language: its own letters (lower case) and the keys they sort by.
    private static let ownLetters: [String: [Character: String]] = {
        func after(_ base: String, _ letters: String) -> [Character: String] {
            Dictionary(uniqueKeysWithValues: letters.enumerated().map { ($0.element, base + last + String($0.offset)) })
        }
        func merged(_ tables: [Character: String]...) -> [Character: String] {
            tables.reduce(into: [:]) { result, table in result.merge(table) { first, _ in first } }
        }
        // Swedish and Finnish write Æ and Ø for Ä and Ö; Danish and Norwegian the other way round.
        let swedish = merged(after("z", "åäö"), ["æ": "z" + last + "1", "ø": "z" + last + "2"])
        let danish = merged(after("z", "æøå"), ["ä": "z" + last + "0", "ö": "z" + last + "1"])
        return [
            "sv": swedish, "fi": swedish, "da": danish, "nb": danish, "nn": danish, "no": danish,
            "tr": merged(after("c", "ç"), after("g", "ğ"), after("h", "ı"), after("o", "ö"), after("s", "ş"), after("u", "ü")),
            "pl": merged(after("a", "ą"), after("c", "ć"), after("e", "ę"), after("l", "ł"), after("n", "ń"), after("o", "ó"),
                         after("s", "ś"), after("z", "źż")),
            "cs": merged(after("c", "č"), after("r", "ř"), after("s", "š"), after("z", "ž")),
            "es": after("n", "ñ"),
        ]
    }()

    /// The keys `names` sort by in `locale`'s language.
    static func keys(_ names: [String], locale: Locale) -> [String] {
        let language = locale.language.languageCode?.identifier ?? ""
        if collated.contains(language) { return ranks(names, locale: locale) }
        let own = ownLetters[language]
        return names.map { key($0, locale: locale, own: own) }
    }

    /// Each name's rank in the locale's collation (case aside), as digits of one width: names
    /// the collation finds alike have one rank.
    private static func ranks(_ names: [String], locale: Locale) -> [String] {
        func order(_ a: String, _ b: String) -> ComparisonResult {
            a.compare(b, options: [.caseInsensitive], range: nil, locale: locale)
        }
        let sorted = names.indices.sorted { order(names[$0], names[$1]) == .orderedAscending }
        let width = String(names.count).count
        var keys = [String](repeating: "", count: names.count)
        var rank = 0
        for (k, index) in sorted.enumerated() {
            if k > 0, order(names[sorted[k - 1]], names[index]) != .orderedSame { rank = k }
            let digits = String(rank)
            keys[index] = String(repeating: "0", count: width - digits.count) + digits
        }
        return keys
    }

    private static func key(_ name: String, locale: Locale, own: [Character: String]?) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
        guard let own else { return name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale) }
        var key = ""
        for character in name.lowercased(with: locale) {
            if let letter = own[character] {
                key += letter
            } else if character.isASCII {
                key.append(character)
            } else {
                key += String(character).folding(options: .diacriticInsensitive, locale: locale)
            }
        }
        return key
    }
}
