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
        for var text in [title, body] {
            // Read through the string's own bytes: its `utf8` view's iterator was 3 % of a build.
            text.withUTF8 { bytes in
                for byte in bytes.prefix(sampleBytes) {
                    // The first byte of U+A000–U+DFFF in UTF-8, where the Hangul syllables are.
                    syllables += byte &- 0xEA <= 3 ? 1 : 0
                    latin += (byte | 0x20) &- 0x61 <= 25 ? 1 : 0
                }
            }
        }
        return syllables >= 2 && syllables * 3 >= latin ? "ko" : nil
    }
}
