import Foundation

/// How search compares words: case- and accent-insensitively, the same way in the build
/// (here) and in the browser (`assets/search.js`, `fold` and `scriptOf`).
///
/// A word's folded form is: decomposed with the compatibility mappings (NFKD: full-width `ＡＢＣ`
/// is `ABC`, `ﬁ` is `fi`), lower case (Unicode's default mapping, with the final sigma `ς` taken
/// as `σ`), the marks that only accent a letter dropped (``isAccent(_:)``: Latin, Greek and
/// Cyrillic diacritics, Hebrew points, Arabic harakat and the tatweel), the letters that no
/// decomposition parts from their accent spelled plainly (``plainLetters``: `ß` → `ss`, `ł` → `l`,
/// `ø` → `o`, `ı` → `i`; and Arabic's `ة` → `ه`, `ى` → `ي`), katakana written as hiragana
/// (``hiragana(_:)``), the digits of other scripts written as ASCII ones (``digitZeros``),
/// composed again (NFC). So `Café` → `cafe`, `ÅNGSTRÖM` → `angstrom`,
/// `Straße` → `strasse`, `كَتَبَ` → `كتب`, `أحمد` → `احمد` (the hamza is a mark under NFD), `رسالة` → `رساله`,
/// while Hangul (which NFD takes apart and NFC puts back) and kana voicing marks (U+3099, not
/// an accent) stay. An Arabic word is also filed without a prefix joined to it (``arabicStem(_:)``).
public enum SearchFolding {
    /// A scalar's part in a word.
    public enum Kind: Equatable {
        /// Not part of a word: white space, punctuation, symbols.
        case separator
        /// Han and kana, Thai, Lao, Khmer and Burmese (``isReadByPairs(_:)``): indexed as
        /// overlapping pairs of characters.
        case cjk
        /// Every other letter, mark or number (Latin, Hangul, Cyrillic, digits…): words as written.
        case word
    }

    /// The kind of a scalar: letters, marks and numbers (`\p{L}\p{M}\p{N}`) are word characters.
    public static func kind(_ scalar: Unicode.Scalar) -> Kind {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) ? .word : .separator
        }
        // The common cases without a table read: Hangul syllables and unified Han are all letters.
        if v >= 0xAC00 && v <= 0xD7A3 { return .word }
        if v >= 0x4E00 && v <= 0x9FFF { return .cjk }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return isReadByPairs(v) ? .cjk : .word
        default:
            return .separator
        }
    }

    /// Whether a scalar is a mark (`\p{M}`): a word does not start with one (``SearchTokenizer``;
    /// `assets/search.js`'s `WORD`).
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Han (with its extensions, compatibility ideographs, `々〆〇`) and kana (with the half-width
    /// forms), and Thai, Lao, Khmer and Burmese (their letters and marks, not their digits): the
    /// scripts written without spaces between words, read by pairs of characters. Only their
    /// letters and marks count (``kind(_:)``): `・` and `๏` are punctuation.
    public static func isReadByPairs(_ v: UInt32) -> Bool {
        if v < 0x3005 {
            return (v >= 0x0E01 && v <= 0x0E4E) || (v >= 0x0E81 && v <= 0x0ECF) || (v >= 0x0EDC && v <= 0x0EDF)
                || (v >= 0x1000 && v <= 0x103F) || (v >= 0x1050 && v <= 0x108F) || (v >= 0x109A && v <= 0x109F)
                || (v >= 0x1780 && v <= 0x17DD)
        }
        return (v >= 0x3005 && v <= 0x3007) || (v >= 0x3040 && v <= 0x30FF)
            || (v >= 0x31F0 && v <= 0x31FF) || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF)
            || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0x20000 && v <= 0x3FFFF)
    }

    /// Whether a Han or kana character has another form in search (``widened(_:mark:)``):
    /// half-width katakana and the CJK compatibility ideographs.
    @inline(__always)
    public static func isNarrowOrCompatible(_ v: UInt32) -> Bool {
        (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0xF900 && v <= 0xFAFF)
    }

    /// Whether a character read by pairs has another form in search even with no mark after it:
    /// half-width katakana, CJK compatibility ideographs (``isNarrowOrCompatible(_:)``) and
    /// katakana (``isKatakana(_:)``).
    @inline(__always)
    public static func hasOtherForm(_ v: UInt32) -> Bool {
        (v >= 0x30A1 && v <= 0x30F6) || (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0xF900 && v <= 0xFAFF)
    }

    /// Katakana that has a hiragana letter: U+30A1 (`ァ`) to U+30F6 (`ヶ`), hiragana 0x60 below.
    /// The prolonged sound mark `ー`, the iteration marks `ヽヾ`, `ヷ`–`ヺ` (no hiragana of their
    /// own) and the small katakana of U+31F0–U+31FF stay as they are.
    @inline(__always)
    public static func isKatakana(_ v: UInt32) -> Bool { v >= 0x30A1 && v <= 0x30F6 }

    /// The marks that may make one character with the character read by pairs before them
    /// (canonically or, the half-width ones, under NFKC): the kana voicing marks U+3099 and
    /// U+309A, their half-width forms U+FF9E and U+FF9F, and Burmese U+102E (`ဥ` + `ီ` is `ဦ`).
    @inline(__always)
    public static func isComposingMark(_ v: UInt32) -> Bool {
        v == 0x3099 || v == 0x309A || v == 0xFF9E || v == 0xFF9F || v == 0x102E
    }

    /// The form search takes for a character read by pairs that has another
    /// (``hasOtherForm(_:)``, or ``isComposingMark(_:)`` after it): with the mark after it when
    /// the two make one character under NFKC (`か` + U+3099 → `が`, `ｶﾞ` → `ガ`; `usesMark` says
    /// so), half-width katakana full-width and a compatibility ideograph unified (NFKC), then
    /// katakana as hiragana (``hiragana(_:)``: `ガ` → `が`).
    public static func widened(_ scalar: Unicode.Scalar, mark: Unicode.Scalar?) -> (text: String, usesMark: Bool) {
        if let mark, isComposingMark(mark.value) {
            let both = nfkc(String(String.UnicodeScalarView([scalar, mark])))
            if both.unicodeScalars.count == 1 { return (hiragana(both), true) }
        }
        return (hiragana(isNarrowOrCompatible(scalar.value) ? nfkc(String(scalar)) : String(scalar)), false)
    }

    /// `text` with its katakana (``isKatakana(_:)``) written as hiragana: `ガッコウ` → `がっこう`.
    public static func hiragana(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isKatakana($0.value) }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isKatakana($0.value) ? Unicode.Scalar($0.value - 0x60)! : $0 }))
    }

    /// NFKC as NFKD then NFC: Foundation's own NFKC on Linux leaves `ｶﾞ` as `カ` and U+3099.
    static func nfkc(_ text: String) -> String {
        text.decomposedStringWithCompatibilityMapping.precomposedStringWithCanonicalMapping
    }

    /// True for Hangul syllables and jamo: a shard holds the terms that start with one such character.
    public static func isHangul(_ v: UInt32) -> Bool {
        (v >= 0xAC00 && v <= 0xD7AF) || (v >= 0x1100 && v <= 0x11FF) || (v >= 0x3130 && v <= 0x318F)
            || (v >= 0xA960 && v <= 0xA97F) || (v >= 0xD7B0 && v <= 0xD7FF)
    }

    /// The folded form of a word (see the type's comment). The slow, general path: the
    /// tokenizer folds ASCII and Hangul itself and comes here only for other scripts.
    public static func fold(_ word: String) -> String {
        let lower = word.decomposedStringWithCompatibilityMapping.lowercased()
        var kept = String.UnicodeScalarView()
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars where !isAccent(scalar.value) {
            if isKatakana(scalar.value) {
                kept.append(Unicode.Scalar(scalar.value - 0x60)!)
            } else if scalar == "ς" {
                kept.append("σ")
            } else if let digit = asciiDigit(scalar.value) {
                kept.append(digit)
            } else if let plain = plainLetters[scalar] {
                kept.append(contentsOf: plain.unicodeScalars)
            } else {
                kept.append(scalar)
            }
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Marks that accent a letter without making it another: combining diacritics (U+0300–036F),
    /// Hebrew points and cantillation, Arabic harakat, Quranic marks and the tatweel (a stretch).
    public static func isAccent(_ v: UInt32) -> Bool {
        guard v >= 0x300, v <= 0x6ED else { return false }
        return v <= 0x36F || (v >= 0x591 && v <= 0x5BD) || v == 0x5BF || v == 0x5C1 || v == 0x5C2 || v == 0x5C4 || v == 0x5C5
            || v == 0x5C7 || (v >= 0x610 && v <= 0x61A) || v == 0x640 || (v >= 0x64B && v <= 0x65F) || v == 0x670
            || (v >= 0x6D6 && v <= 0x6DC) || (v >= 0x6DF && v <= 0x6E4) || v == 0x6E7 || v == 0x6E8 || (v >= 0x6EA && v <= 0x6ED)
    }

    /// The first digit (zero) of each script's ten whose digits are written as ASCII ones: Arabic-Indic,
    /// Persian, N'Ko, the Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian (full-width
    /// digits are NFKD's). `year:٢٠٢١` is `year:2021`.
    public static let digitZeros: [UInt32] = [0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6,
                                             0xD66, 0xE50, 0xED0, 0xF20, 0x1040, 0x17E0, 0x1810]

    /// The ASCII digit a digit of ``digitZeros``' scripts is.
    static func asciiDigit(_ v: UInt32) -> Unicode.Scalar? {
        guard v >= 0x660, v <= 0x1819 else { return nil }
        for zero in digitZeros where v >= zero && v < zero + 10 { return Unicode.Scalar(0x30 + v - zero) }
        return nil
    }

    /// Lower-case letters that keep their accent through NFD, as they are written without it; and
    /// the Arabic letters written as another in search (as Lucene's ArabicNormalizer does): teh
    /// marbuta `ة` as heh `ه` (`رسالة` is `رساله`), alef maksura `ى` as yeh `ي` (`على` is `علي`).
    /// (The alef with a hamza or madda, `أ` `إ` `آ`, is `ا` already: NFD parts the mark, an accent.)
    public static let plainLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h", "ŧ": "t",
        "\u{629}": "\u{647}", "\u{649}": "\u{64A}",
    ]

    /// A folded Arabic word without the prefix joined to it, as a light stemmer takes it off
    /// (Lucene's ArabicStemmer, Larkey's light10): `و` ("and") when 3 letters or more stay, then
    /// one of the articles `ال` `بال` `كال` `فال` `لل` when 2 or more stay: `الشاطئ` → `شاطئ`,
    /// `وبالقلم` → `قلم`, `والد` → `الد`, `ولد` and `الي` as they are. Nil when nothing is taken
    /// off. The index files a word under both (``SearchTokenizer``); the search page takes a
    /// query word the same way (`assets/search.js`, `stem`).
    public static func arabicStem(_ word: String) -> String? {
        guard let first = word.utf8.first, first == 0xD9 || first == 0xD8 else { return nil }
        let scalars = Array(word.unicodeScalars)
        var at = 0
        if scalars[0].value == 0x648, scalars.count >= 4 { at = 1 }
        for article in arabicArticles where scalars.count - at >= article.count + 2 {
            if scalars[at..<(at + article.count)].elementsEqual(article) {
                at += article.count
                break
            }
        }
        return at == 0 ? nil : String(String.UnicodeScalarView(scalars[at...]))
    }

    /// The articles ``arabicStem(_:)`` takes off, alone or after `و`: `ال` `بال` `كال` `فال` `لل`.
    static let arabicArticles: [[Unicode.Scalar]] = [[0x627, 0x644], [0x628, 0x627, 0x644], [0x643, 0x627, 0x644],
                                                     [0x641, 0x627, 0x644], [0x644, 0x644]].map { $0.map { Unicode.Scalar($0)! } }
}
