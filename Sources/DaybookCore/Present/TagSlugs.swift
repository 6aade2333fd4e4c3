import Foundation

/// The page name (slug) of every tag of a diary. Names that differ only in case, white space,
/// `-`, `_` and Arabic's optional vowel marks are one tag (`Road Trip`, `road-trip`; `نزهة`,
/// `نُزهة`); other names that ``Slug/tag(_:)`` makes the
/// same slug of (`C++`, `C#` and `C` all make `c`) get pages of their own: a name of letters and
/// digits alone keeps the slug, each other one gets the code points of the characters the slug
/// leaves out after it (`c-2b2b`, `c-23`).
public struct TagSlugs: Sendable {
    /// Each name's slug; a name of nothing but white space has none.
    public let slugs: [String: String]

    public init(names: some Sequence<String>) {
        var keysBySlug: [String: Set<String>] = [:]
        var keyOfName: [String: String] = [:]
        for name in names where keyOfName[name] == nil {
            let key = Self.key(name)
            keyOfName[name] = key
            // The page's name as before (a tag of one spelling keeps its URL); names of one key share one.
            let slug = Slug.tag(name)
            if !slug.isEmpty { keysBySlug[slug, default: []].insert(key) }
        }
        var slugOfKey: [String: String] = [:]
        var taken = Set(keysBySlug.keys)
        for (slug, keys) in keysBySlug.sorted(by: { $0.key < $1.key }) {
            guard keys.count > 1 else {
                slugOfKey[keys.first!] = slug
                continue
            }
            for key in keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                let left = key.unicodeScalars.filter { !Slug.keeps($0) }
                if left.isEmpty {
                    slugOfKey[key] = slug
                    continue
                }
                let named = slug + "-" + left.prefix(16).map { String($0.value, radix: 16) }.joined()
                var own = named, n = 2
                while taken.contains(own) {
                    own = named + "-\(n)"
                    n += 1
                }
                taken.insert(own)
                slugOfKey[key] = own
            }
        }
        var slugs: [String: String] = [:]
        for (name, key) in keyOfName {
            if let slug = slugOfKey[key] { slugs[name] = slug }
        }
        self.slugs = slugs
    }

    /// What makes two names one tag: in Unicode's compatibility form (NFKC: full-width `Ｃ＋＋` is
    /// `C++`, half-width `ｶﾌｪ` is `カフェ`; found by a Japanese diarist's audit: `Ｃ＋＋` and `C++`
    /// were two tags), lower-cased, without white space, `-`, `_` or Arabic's vowel marks
    /// (``withoutHarakat(_:)``).
    static func key(_ name: String) -> String {
        String(String.UnicodeScalarView(withoutHarakat(name.precomposedStringWithCompatibilityMapping).lowercased().unicodeScalars.filter {
            !$0.properties.isWhitespace && $0 != "-" && $0 != "_"
        }))
    }

    /// `name` without Arabic's harakat (U+064B–U+065F: the short vowels, shadda, sukun …) and the
    /// superscript alef (U+0670), which writers add or leave out as they like (found by a native
    /// users' audit: `نزهة` and `نُزهة` were two tags with two pages, where search takes them as one).
    static func withoutHarakat(_ name: String) -> String {
        func isHaraka(_ scalar: Unicode.Scalar) -> Bool { (0x64B...0x65F).contains(scalar.value) || scalar.value == 0x670 }
        guard name.unicodeScalars.contains(where: isHaraka) else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.filter { !isHaraka($0) }))
    }
}
