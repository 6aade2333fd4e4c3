import Foundation

/// How search compares words: case- and accent-insensitively, the same way in the build
/// (here) and in the browser (`assets/search.js`, `fold` and `scriptOf`).
///
/// A word's folded form is: lower case (Unicode's default mapping, with the final sigma `ς`
/// taken as `σ`), decomposed (NFD), the combining diacritical marks U+0300–U+036F dropped,
/// composed again (NFC). So `Café` → `cafe` and `ÅNGSTRÖM` → `angstrom`, while Hangul (which NFD
/// takes apart and NFC puts back) and kana voicing marks (U+3099, outside that block) stay.
public enum SearchFolding {
    /// A scalar's part in a word.
    public enum Kind: Equatable {
        /// Not part of a word: white space, punctuation, symbols.
        case separator
        /// Han and kana: indexed as overlapping pairs of characters.
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
            return isCJK(v) ? .cjk : .word
        default:
            return .separator
        }
    }

    /// Han (with its extensions, compatibility ideographs, `々〆〇`) and kana (with the half-width
    /// forms): the scripts written without spaces between words. Only their letters count
    /// (``kind(_:)``): `・` is punctuation.
    public static func isCJK(_ v: UInt32) -> Bool {
        (v >= 0x3005 && v <= 0x3007) || (v >= 0x3040 && v <= 0x30FF)
            || (v >= 0x31F0 && v <= 0x31FF) || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF)
            || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0x20000 && v <= 0x3FFFF)
    }

    /// True for Hangul syllables and jamo: a shard holds the terms that start with one such character.
    public static func isHangul(_ v: UInt32) -> Bool {
        (v >= 0xAC00 && v <= 0xD7AF) || (v >= 0x1100 && v <= 0x11FF) || (v >= 0x3130 && v <= 0x318F)
            || (v >= 0xA960 && v <= 0xA97F) || (v >= 0xD7B0 && v <= 0xD7FF)
    }

    /// The folded form of a word (see the type's comment). The slow, general path: the
    /// tokenizer folds ASCII and Hangul itself and comes here only for other scripts.
    public static func fold(_ word: String) -> String {
        let lower = word.lowercased().replacingOccurrences(of: "ς", with: "σ")
        var kept = String.UnicodeScalarView()
        for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars
        where !(scalar.value >= 0x300 && scalar.value <= 0x36F) {
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }
}
