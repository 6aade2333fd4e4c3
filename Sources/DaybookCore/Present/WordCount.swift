import CByteScan
import Foundation
#if canImport(CWordBreak)
import CWordBreak
#endif

/// The words of an entry's body, as its page's and its report's Words card count them.
enum WordCount {
    /// The words of a Markdown body: runs of letters or digits separated by white space (the marks
    /// `-*#>|`[]` start none). Chinese and Japanese, written without spaces, count a word a
    /// character, as word processors count them; Thai, Lao, Khmer and Burmese, written without
    /// spaces too, count the words of a dictionary (ICU's word breaker) (``ofAnyScript(_:)``, for
    /// a text with a byte that starts one of U+3000–U+9FFF, or one of those scripts).
    /// Sixty-four bytes at a time (`dbk_count_words`, C); `bytewise`, a byte at a time, as the
    /// tests check that one against.
    static func of(_ text: String, bytewise: Bool = false) -> Int {
        var text = text
        if !bytewise {
            var scripts: Int32 = 0
            let count = text.withUTF8 { dbk_count_words($0.baseAddress, $0.count, &scripts) }
            return scripts & 1 == 0 && (scripts & 2 == 0 || !hasUnspacedScript(text)) ? count : ofAnyScript(text)
        }
        // Bytes and table through local pointers: per-byte string iteration and a global's
        // access check cost more than the count itself.
        let (count, flags) = text.withUTF8 { bytes in
            wordByteClass.withUnsafeBufferPointer { table in
                // Without branches: word starts are too irregular for a branch predictor.
                var count = 0
                var inWord = 0
                var flags = 0
                for byte in bytes {
                    let kind = Int(table[Int(byte)])
                    let isWord = (kind >> 1) & 1, isSpace = kind & 1
                    count &+= isWord & (inWord ^ 1)
                    inWord = isWord | (inWord & (isSpace ^ 1))
                    flags |= kind
                }
                return (count, flags)
            }
        }
        return flags & 4 == 0 && (flags & 8 == 0 || !hasUnspacedScript(text)) ? count : ofAnyScript(text)
    }

    /// For ``of(_:bytewise:)``: 1 white space, 0 markup that starts no word (`-*#>|`[]`), 2 anything
    /// else, and 4 besides for the first byte of U+3000–U+9FFF (kana, Han and their punctuation),
    /// 8 for that of U+0800–U+1FFF (``hasUnspacedScript(_:)`` tells which).
    private static let wordByteClass: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 32, 10, 9, 13: 1
        case 45, 42, 35, 62, 124, 96, 91, 93: 0
        case 0xE0, 0xE1: 10
        case 0xE3...0xE9: 6
        default: 2
        }
    }

    /// Whether `text` has a letter of Thai or Lao (U+0E00–U+0EFF: 0xE0 0xB8–0xBB), Burmese
    /// (U+1000–U+10BF: 0xE1 0x80–0x82, with Georgian's capitals) or Khmer (U+1780–U+17FF: 0xE1
    /// 0x9E–0x9F).
    static func hasUnspacedScript(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var i = 0
            while i + 1 < bytes.count {
                let lead = bytes[i], next = bytes[i + 1]
                if lead == 0xE0, next >= 0xB8 && next <= 0xBB { return true }
                if lead == 0xE1, next <= 0x82 || next == 0x9E || next == 0x9F { return true }
                i += 1
            }
            return false
        } ?? text.unicodeScalars.contains { isUnspaced($0.value) }
    }

    /// A letter, mark or digit of Thai, Lao, Burmese or Khmer (and Georgian's capitals, which
    /// ICU counts as any spaced script's).
    private static func isUnspaced(_ value: UInt32) -> Bool {
        (0x0E00...0x0EFF).contains(value) || (0x1000...0x10BF).contains(value) || (0x1780...0x17FF).contains(value)
    }

    /// ``of(_:bytewise:)`` by characters (the same count for ASCII text): a Han character or a kana
    /// is a word of its own (with its voicing mark when that is written apart: `ｶﾞ` is one), white
    /// space and punctuation outside ASCII (an ideographic space, `、。「」・`, `—`, a no-break space) part words, and a run of Thai, Lao, Burmese or Khmer
    /// counts the words ICU's dictionary finds in it (``unspacedWords(_:)``).
    static func ofAnyScript(_ text: String) -> Int {
        var count = 0, inWord = false
        var run = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnspaced(scalar.value) {
                run.append(scalar)
                inWord = false
                continue
            }
            if !run.isEmpty {
                count += unspacedWords(String(run))
                run.removeAll(keepingCapacity: true)
            }
            switch scalar.value {
            case 32, 10, 9, 13: inWord = false
            case 45, 42, 35, 62, 124, 96, 91, 93: break
            case 0xA0, 0x2000...0x206F: inWord = false
            default:
                switch joinedScript(scalar.value) {
                case .word?:
                    count += 1
                    inWord = false
                case .mark?: break
                case .punctuation?: inWord = false
                case nil:
                    if !inWord { count += 1 }
                    inWord = true
                }
            }
        }
        if !run.isEmpty { count += unspacedWords(String(run)) }
        return count
    }

    /// How a character of Chinese or Japanese counts, here and in a summary's words
    /// (``MarkdownRenderer/summary(_:words:)``).
    enum JoinedScript {
        /// A Han character or a kana: a word of its own.
        case word
        /// A voicing mark written apart (が as か and U+3099, as a Mac writes names; ｶﾞ in half
        /// width): part of its kana, as the letter it makes is one.
        case mark
        /// Their punctuation (`、。「」`, `・` and `゠` among the katakana, full-width forms): it parts words.
        case punctuation
    }

    /// The ``JoinedScript`` of a character's first scalar; nil for any other script's.
    static func joinedScript(_ value: UInt32) -> JoinedScript? {
        switch value {
        case 0x3099, 0x309A, 0xFF9E, 0xFF9F: .mark
        case 0x30A0, 0x30FB, 0x3000...0x303F, 0xFE30...0xFE4F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65: .punctuation
        case 0x3040...0x30FF, 0x3400...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF: .word
        default: nil
        }
    }

    /// The words of a run of Thai, Lao, Burmese or Khmer as ICU's word breaker finds them with
    /// its dictionaries (`วันนี้ฉันไปทะเล` is วัน นี้ ฉัน ไป ทะเล, five); its punctuation (`ฯ`, `។`)
    /// is none. One a run when ICU cannot say.
    static func unspacedWords(_ run: String) -> Int {
        #if canImport(CWordBreak)
        let units = Array(run.utf16)
        let words = units.withUnsafeBufferPointer { dbk_icu_word_count($0.baseAddress, Int32($0.count)) }
        return words >= 0 ? Int(words) : 1
        #elseif canImport(Darwin)
        var words = 0
        run.enumerateSubstrings(in: run.startIndex..., options: [.byWords, .substringNotRequired]) { _, _, _, _ in words += 1 }
        return words
        #else
        return 1
        #endif
    }
}
