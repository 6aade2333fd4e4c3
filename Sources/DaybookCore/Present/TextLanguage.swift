/// The language an entry is written in, where the page needs to say it: an entry written in
/// Korean on a site of another language gets `lang="ko"`, so that its words wrap whole
/// (`word-break: keep-all` under `:lang(ko)`) and screen readers read it as Korean.
enum TextLanguage {
    /// How much of a text's start is looked at.
    static let sampleBytes = 1024

    /// `ko` when the title and the start of the body are mostly Hangul (a syllable counting as
    /// three Latin letters); nil otherwise, or when the site is Korean already.
    static func of(title: String, body: String, siteLanguage: String) -> String? {
        guard siteLanguage != "ko" else { return nil }
        var syllables = 0, latin = 0
        for text in [title, body] {
            for byte in text.utf8.prefix(sampleBytes) {
                // The first byte of U+A000–U+DFFF in UTF-8, where the Hangul syllables are.
                if byte >= 0xEA && byte <= 0xED { syllables += 1 }
                else if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A { latin += 1 }
            }
        }
        return syllables >= 2 && syllables * 3 >= latin ? "ko" : nil
    }
}
