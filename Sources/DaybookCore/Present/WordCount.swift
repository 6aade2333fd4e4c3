import CByteScan

/// The words of an entry's body, as its page's and its report's Words card count them.
enum WordCount {
    /// The words of a Markdown body: runs of letters or digits separated by white space (the marks
    /// `-*#>|`[]` start none). Chinese and Japanese, written without spaces, count a word a
    /// character, as word processors count them (``ofAnyScript(_:)``, for a text with
    /// a byte that starts one of U+3000–U+9FFF).
    /// Sixty-four bytes at a time (`dbk_count_words`, C); `bytewise`, a byte at a time, as the
    /// tests check that one against.
    static func of(_ text: String, bytewise: Bool = false) -> Int {
        var text = text
        if !bytewise {
            var cjk: Int32 = 0
            let count = text.withUTF8 { dbk_count_words($0.baseAddress, $0.count, &cjk) }
            return cjk == 0 ? count : ofAnyScript(text)
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
        return flags & 4 == 0 ? count : ofAnyScript(text)
    }

    /// For ``of(_:bytewise:)``: 1 white space, 0 markup that starts no word (`-*#>|`[]`), 2 anything
    /// else, and 4 besides for the first byte of U+3000–U+9FFF (kana, Han and their punctuation).
    private static let wordByteClass: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 32, 10, 9, 13: 1
        case 45, 42, 35, 62, 124, 96, 91, 93: 0
        case 0xE3...0xE9: 6
        default: 2
        }
    }

    /// ``of(_:bytewise:)`` by characters (the same count for ASCII text): a Han character or a kana
    /// is a word of its own, and white space and punctuation outside ASCII (an ideographic space,
    /// `、。「」`, `—`, a no-break space) part words.
    static func ofAnyScript(_ text: String) -> Int {
        var count = 0, inWord = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 32, 10, 9, 13: inWord = false
            case 45, 42, 35, 62, 124, 96, 91, 93: break
            case 0x3040...0x30FF, 0x3400...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
                count += 1
                inWord = false
            case 0xA0, 0x2000...0x206F, 0x3000...0x303F, 0xFE30...0xFE4F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65:
                inWord = false
            default:
                if !inWord { count += 1 }
                inWord = true
            }
        }
        return count
    }
}
