/// The language an entry is written in, where the page needs to say it: an entry written in
/// Korean on a site of another language gets `lang="ko"`, so that its words wrap whole
/// (`word-break: keep-all` under `:lang(ko)`) and screen readers read it as Korean.
enum TextLanguage {
    /// How much of a text's start is looked at.
    static let sampleBytes = 1024

    /// `ko` when the title and the start of the body are mostly Hangul (a syllable counting as
    /// three Latin letters); nil otherwise, or when the site is Korean already.
    static func of(title: String, body: String, siteLanguage: String) -> String? {
        languages(title: title, body: body, siteLanguage: siteLanguage).entry
    }

    /// The language of the title alone (a list shows only it) and of the whole entry, the title read once.
    static func languages(title: String, body: String, siteLanguage: String) -> (title: String?, entry: String?) {
        guard siteLanguage != "ko" else { return (nil, nil) }
        let (titleSyllables, titleLatin) = counts(title)
        let (bodySyllables, bodyLatin) = counts(body)
        return (language(titleSyllables, titleLatin), language(titleSyllables + bodySyllables, titleLatin + bodyLatin))
    }

    private static func language(_ syllables: Int, _ latin: Int) -> String? {
        syllables >= 2 && syllables * 3 >= latin ? "ko" : nil
    }

    /// In the first ``sampleBytes`` of `text`: the first bytes of U+A000–U+DFFF in UTF-8 (where
    /// the Hangul syllables are), and the ASCII letters. Eight bytes at a time: it runs for every
    /// entry's page, list item and report (its `utf8` iterator, byte by byte, was 3 % of a build).
    static func counts(_ text: String, bytewise: Bool = false) -> (syllables: Int, latin: Int) {
        var text = text
        return text.withUTF8 { all in
            let bytes = UnsafeBufferPointer(rebasing: all.prefix(sampleBytes))
            var syllables = 0, latin = 0, i = 0
            if let base = bytes.baseAddress, !bytewise {
                let raw = UnsafeRawPointer(base)
                while bytes.count - i >= 8 {
                    let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    // 0xEA–0xED with the top bit flipped are 0x6A–0x6D, and ASCII bytes are then above 0x7F.
                    syllables += ByteMask.between(x ^ ByteMask.tops, 0x69, 0x6E).nonzeroBitCount
                    latin += ByteMask.between(x | ByteMask.ones &* 0x20, 0x60, 0x7B).nonzeroBitCount
                    i += 8
                }
            }
            for byte in bytes[i...] {
                if byte >= 0xEA && byte <= 0xED { syllables += 1 }
                else if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { latin += 1 }
            }
            return (syllables, latin)
        }
    }
}
