import CByteScan
import Foundation

/// The language an entry is written in, where the page needs to say it: an entry written in
/// Korean, Japanese or Chinese on a site of another language gets `lang="ko"`, `"ja"` or `"zh"`
/// (`"zh-Hant"` for Traditional characters),
/// so that its words wrap as the language wraps them (`word-break: keep-all` under `:lang(ko)`),
/// its Han characters take the language's forms (a font's `locl`: 直 and 骨 are drawn otherwise
/// in Japanese than in Chinese or Korean) and screen readers read it in that language. An entry
/// in Thai, Lao, Khmer or Burmese gets `th`, `lo`, `km` or `my`: screen readers read it so.
enum TextLanguage {
    /// How much of a text's start is looked at.
    static let sampleBytes = 1024

    /// `ko` when the title and the start of the body are mostly Hangul (a syllable counting as
    /// three letters of another script), `ja` when mostly kana and Han with a kana at least (今日の天気), `zh` when
    /// mostly Han and no kana; nil otherwise (an Arabic or Russian entry that quotes a Japanese
    /// sentence stays in the site's language), or when it is the site's language (a Japanese site's Han-only
    /// text is taken as Japanese).
    static func of(title: String, body: String, siteLanguage: String) -> String? {
        languages(title: title, body: body, siteLanguage: siteLanguage).entry
    }

    /// The language of the title alone (a list shows only it) and of the whole entry, the title
    /// read once. A title of Han alone in a Japanese entry is Japanese.
    /// Chinese is told Traditional or Simplified by the entry's characters (``ChineseScript``):
    /// `zh-Hant` on any site but a Traditional one, `zh-Hans` on a Traditional one.
    static func languages(title: String, body: String, siteLanguage: String) -> (title: String?, entry: String?) {
        let titleCounts = counts(title)
        let entryCounts = titleCounts + counts(body)
        func chinese() -> String {
            ChineseScript.tag(of: [Substring(title.utf8.prefix(sampleBytes)), Substring(body.utf8.prefix(sampleBytes))])
        }
        let entry = language(entryCounts, siteLanguage: siteLanguage, chinese: chinese)
        var titleLanguage = language(titleCounts, siteLanguage: siteLanguage, chinese: chinese)
        if titleLanguage?.hasPrefix("zh") == true, entry == "ja" || siteLanguage == "ja" { titleLanguage = entry }
        return (titleLanguage, entry)
    }

    /// The language `counts` say, `chinese` telling which Chinese, if it is not the site's.
    private static func language(_ counts: Counts, siteLanguage: String, chinese: () -> String) -> String? {
        let found: String?
        let letters = counts.latin + counts.other
        if counts.syllables >= 2 && counts.syllables * 3 >= letters {
            found = "ko"
        } else if counts.kana >= 1 && counts.kana + counts.han >= 2 && (counts.kana + counts.han) * 3 >= letters {
            found = "ja"
        } else if counts.han >= 2 && counts.kana == 0 && counts.han * 3 >= letters {
            found = siteLanguage == "ja" ? nil : chinese()
        } else if let (tag, count) = mostWrittenWithoutSpaces(counts), count >= 2, count * 2 >= letters {
            // Each of their letters and marks is one of `other`'s: half the letters or more.
            found = tag
        } else {
            found = nil
        }
        switch (found, siteLanguage) {
        case (nil, _), ("zh", "zh"), ("zh", "zh-hant"), ("zh-Hans", "zh"), ("zh-Hant", "zh-hant"): return nil
        case ("zh-Hans", _) where siteLanguage != "zh-hant": return "zh"
        case let (found?, _): return found == siteLanguage ? nil : found
        }
    }

    /// Of Thai, Lao, Khmer and Burmese, the language with the most letters in `counts`, and how
    /// many; nil when there are none (most texts: no array is made for them).
    private static func mostWrittenWithoutSpaces(_ counts: Counts) -> (String, Int)? {
        guard counts.thai | counts.lao | counts.khmer | counts.burmese != 0 else { return nil }
        var most = ("th", counts.thai)
        for other in [("lo", counts.lao), ("km", counts.khmer), ("my", counts.burmese)] where other.1 > most.1 { most = other }
        return most
    }

    /// What ``counts(_:bytewise:)`` finds in a text's start.
    struct Counts: Equatable {
        /// Hangul syllables (counted by their first byte, with the rest of U+A000–U+DFFF).
        var syllables = 0
        /// ASCII letters.
        var latin = 0
        /// Letters of the other alphabets, by their first byte: U+0080–U+1FFF (Latin with accents,
        /// Greek, Cyrillic, Hebrew, Arabic, the Indic scripts, Thai, …), a few of them symbols.
        var other = 0
        /// Hiragana and katakana (U+3040–U+30FF).
        var kana = 0
        /// Han characters of the main block (U+4E00–U+9FFF).
        var han = 0
        /// Letters and marks of Thai (U+0E00–U+0E7F), Lao (U+0E80–U+0EFF), Khmer (U+1780–U+17FF)
        /// and Burmese (U+1000–U+107F).
        var thai = 0, lao = 0, khmer = 0, burmese = 0

        static func + (a: Counts, b: Counts) -> Counts {
            Counts(syllables: a.syllables + b.syllables, latin: a.latin + b.latin, other: a.other + b.other,
                   kana: a.kana + b.kana, han: a.han + b.han,
                   thai: a.thai + b.thai, lao: a.lao + b.lao, khmer: a.khmer + b.khmer, burmese: a.burmese + b.burmese)
        }
    }

    /// In the first ``sampleBytes`` of `text`: the first bytes of U+A000–U+DFFF in UTF-8 (where
    /// the Hangul syllables are), the ASCII letters, and the first bytes of U+0080–U+1FFF.
    /// Sixteen bytes at a time (`dbk_script_counts`, C; `bytewise`, the reference the tests hold
    /// it to): it runs for every entry (eight at a time with a population count each, without
    /// the machine's instruction for it, it was 2 % of a build).
    /// Kana and Han are counted byte by byte, and only when the start has first bytes of
    /// U+3000–U+9FFF (0xE3–0xE9): most entries have none; so are Thai, Lao, Khmer and Burmese,
    /// only when it has a 0xE0 or 0xE1 (the first bytes of U+0800–U+1FFF).
    static func counts(_ text: String, bytewise: Bool = false) -> Counts {
        var text = text
        return text.withUTF8 { all in
            let bytes = UnsafeBufferPointer(rebasing: all.prefix(sampleBytes))
            var counts = Counts()
            var cjk = 0, i = 0
            if !bytewise {
                var found = (0, 0, 0, 0)
                withUnsafeMutableBytes(of: &found) { dbk_script_counts(bytes.baseAddress, bytes.count, $0.baseAddress!.assumingMemoryBound(to: Int.self)) }
                (counts.syllables, cjk, counts.latin, counts.other) = found
                i = bytes.count
            }
            for byte in bytes[i...] {
                if byte >= 0xEA && byte <= 0xED { counts.syllables += 1 }
                else if byte >= 0xE3 && byte <= 0xE9 { cjk += 1 }
                else if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { counts.latin += 1 }
                else if byte >= 0xC2 && byte <= 0xE1 { counts.other += 1 }
            }
            if cjk > 0 {
                for k in bytes.indices where k + 1 < bytes.count {
                    let (b, next) = (bytes[k], bytes[k + 1])
                    if b == 0xE3, next >= 0x81, next <= 0x83 { counts.kana += 1 }
                    else if b >= 0xE4, b <= 0xE9, b > 0xE4 || next >= 0xB8 { counts.han += 1 }
                }
            }
            if counts.other > 0, let base = bytes.baseAddress,
               memchr(base, 0xE0, bytes.count) != nil || memchr(base, 0xE1, bytes.count) != nil {
                for k in bytes.indices where k + 1 < bytes.count {
                    switch (bytes[k], bytes[k + 1]) {
                    case (0xE0, 0xB8...0xB9): counts.thai += 1
                    case (0xE0, 0xBA...0xBB): counts.lao += 1
                    case (0xE1, 0x9E...0x9F): counts.khmer += 1
                    case (0xE1, 0x80...0x81): counts.burmese += 1
                    default: break
                    }
                }
            }
            return counts
        }
    }
}
