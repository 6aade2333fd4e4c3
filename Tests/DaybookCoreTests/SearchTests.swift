import Foundation
import Testing
@testable import DaybookCore

@Suite struct SearchTokenizerTests {
    func terms(_ text: String) -> [String] {
        var tokenizer = SearchTokenizer()
        return tokenizer.terms(text)
    }

    @Test func englishWordsAreLowerCasedAndSplitAtPunctuation() {
        #expect(terms("Hello, World! It's 2023 — quokkaberry_pie (x86-64)") ==
                ["hello", "world", "it", "s", "2023", "quokkaberry", "pie", "x86", "64"])
    }

    /// Found by a search audit: a soft hyphen in a word pasted from a web page (`ad\u{AD}vent`) made
    /// it two terms, and `advent` found nothing. It is not seen, nor is a zero-width space, word
    /// joiner or byte-order mark; a run of Han or kana ends there, as search.js reads it.
    @Test func invisibleCharactersInAWordAreNotSeen() {
        #expect(terms("ad\u{AD}vent Cal\u{200B}endar naï\u{2060}ve 한\u{FEFF}강") == ["advent", "calendar", "naive", "한강"])
        #expect(terms("東\u{200B}京タワー") == ["東", "京た", "たわ", "わー", "ー"])
        #expect(terms("\u{AD}word\u{AD}") == ["word"])
    }

    @Test func accentsAndCaseFoldAway() {
        #expect(terms("Café ÅNGSTRÖM naïve Ελληνικός ĞÜNEŞ") == ["cafe", "angstrom", "naive", "ελληνικοσ", "gunes"])
        // Found by a search audit: letters NFD leaves whole, Arabic harakat, Hebrew points and
        // full-width forms were kept, so `strasse`, `lodz` or `كتب` found nothing.
        #expect(terms("Straße Łódź København Ørsted Đà Nẵng ılık Æsir") == ["strasse", "lodz", "kobenhavn", "orsted", "da", "nang", "ilik", "aesir"])
        // ة is ه (the word's stem, without the article, follows it: see arabicWordsAreAlsoFiledWithoutTheirPrefix).
        #expect(terms("كَتَبَ الوَلَدُ المَدْرَسَةِ كـتـب") == ["كتب", "الولد", "ولد", "المدرسه", "مدرسه", "كتب"])
        #expect(terms("שָׁלוֹם ＡＢＣ株式会社 ﬁne") == ["שלום", "abc", "株式", "式会", "会社", "社", "fine"])
        // Found by an i18n audit: Arabic-Indic and Persian digits are the ASCII ones (the page writes years so).
        #expect(terms("٢٠٢١ ۱۲۳ ३४") == ["2021", "123", "34"])
        #expect(SearchFolding.fold("Café") == "cafe")
        // Written decomposed (e + U+0301), the same word.
        #expect(terms("Cafe\u{301}") == ["cafe"])
        // Dotted capital I and a final sigma fold as a browser's toLowerCase does, after the fold.
        #expect(terms("İstanbul ΣΟΦΟΣ straße") == ["istanbul", "σοφοσ", "strasse"])
    }

    /// Found by the search-text fuzz target: `&#890;` (U+037A, a letter whose compatibility form
    /// is a space and an accent) was the term " ", which no search can be.
    @Test func aFoldedWordsSpacesAndPunctuationPartItsTerms() {
        #expect(terms("x \u{37A} y") == ["x", "y"])
        #expect(terms("a\u{37A}b ½") == ["a", "b", "1", "2"])
        for term in terms("\u{37A}\u{2474}\u{FE10}\u{3099}\u{309B}½") {
            var again = SearchTokenizer()
            #expect(!again.terms(term).isEmpty, "\(term.unicodeScalars.map(\.value))")
        }
    }

    @Test func koreanWordsStayAsWritten() {
        #expect(terms("한강에서 산책했다. 보리와 함께!") == ["한강에서", "산책했다", "보리와", "함께"])
        #expect(terms("Bori는 8kg") == ["bori는", "8kg"])
    }

    @Test func japaneseAndChineseAreCharacterPairs() {
        #expect(terms("東京タワーへ行った") == ["東京", "京た", "たわ", "わー", "ーへ", "へ行", "行っ", "った", "た"])
        #expect(terms("iPhoneで写真") == ["iphone", "で写", "写真", "真"])
        // Found by a search audit: the last character of a run is a term too, so one character
        // finds a run it ends (猫 in 我喜欢猫), as a word's beginning finds the word.
        #expect(terms("我喜欢猫。") == ["我喜", "喜欢", "欢猫", "猫"])
        #expect(terms("猫 と 犬") == ["猫", "と", "犬"])
        #expect(terms("コーヒー・ショップ") == ["こー", "ーひ", "ひー", "ー", "しょ", "ょっ", "っぷ", "ぷ"])  // ・ is punctuation
        #expect(terms("がぎ") == ["がぎ", "ぎ"])  // voicing marks stay: が is not か
    }

    /// Found by a search audit: Thai (as Lao, Khmer and Burmese) puts no spaces between words,
    /// so a sentence was one term and `ทะเล` (the sea) in the middle of it was found by nothing.
    /// Their runs are read by pairs as Han and kana are, marks and all; their digits are digits.
    @Test func thaiLaoKhmerAndBurmeseAreCharacterPairs() {
        #expect(terms("ไปทะเล") == ["ไป", "ปท", "ทะ", "ะเ", "เล", "ล"])
        #expect(terms("เที่ยว ๒๕๖๗") == ["เท", "ที", "ี่", "่ย", "ยว", "ว", "2567"])
        #expect(terms("ໄປ") == ["ໄປ", "ປ"])  // Lao
        #expect(terms("ទៅ") == ["ទៅ", "ៅ"])  // Khmer
        #expect(terms("မြန်မာ ၁၂") == ["မြ", "ြန", "န်", "်မ", "မာ", "ာ", "12"])  // Burmese
        let text = "วันนี้ไปเที่ยวทะเลกับเพื่อนๆ อากาศดีมาก"
        #expect(Set(terms("ทะเล").dropLast()).isSubset(of: Set(terms(text))))
        #expect(terms("ทะเล๏") == terms("ทะเล"))  // ๏ is punctuation
    }

    /// Half-width katakana is found by its full-width form, as `ＡＢＣ` by `abc`: a sound mark
    /// goes with its kana (`ｶﾞ` is `ガ`); one that makes no character with it stays its own.
    /// Found by a search audit: the variation selector an emoji picker writes after `☀` or `❤`
    /// (U+FE0F, a mark) was the first character of the word it touched, so `맑음` and `coffee`
    /// found nothing in `☀️맑음 ❤️coffee`. A mark with no letter before it starts no word.
    @Test func aMarkAloneStartsNoWord() {
        #expect(terms("오늘 ☀️맑음 ✈️Tokyo ❤️coffee \u{301}x é") == ["오늘", "맑음", "tokyo", "coffee", "x", "e"])
    }

    /// A compatibility ideograph is its unified one.
    @Test func halfWidthKanaAndCompatibilityIdeographsAreTheirUsualForms() {
        #expect(terms("ｶﾞｯｺｳへ") == ["がっ", "っこ", "こう", "うへ", "へ"])
        #expect(terms("はｶﾞｯ") == ["はが", "がっ", "っ"])
        #expect(terms("ﾊﾟﾝ") == ["ぱん", "ん"])
        #expect(terms("ｱﾞ") == ["あ\u{3099}", "\u{3099}"])
        #expect(terms("ｶ") == ["か"])
        #expect(terms("東\u{F9FD}") == ["東什", "什"])
        #expect(terms("ｶﾞｯｺｳ") == terms("ガッコウ"))
    }

    /// Found by an audit by native users: Japanese written decomposed (a kana and its voicing
    /// mark U+3099 or U+309A apart, as text copied from macOS has it) was filed as written, so
    /// `がっこう` found nothing in it. A character read by pairs and a mark after it that make one
    /// character are that character (NFC), in the text and in a query.
    @Test func aKanaAndItsVoicingMarkWrittenApartAreOneCharacter() {
        #expect(terms("\u{304B}\u{3099}\u{3063}\u{3053}\u{3046} \u{306B}\u{884C}\u{3063}\u{305F}")
                == ["がっ", "っこ", "こう", "う", "に行", "行っ", "った", "た"])
        #expect(terms("\u{304B}\u{3099}") == ["が"])
        #expect(terms("\u{306F}\u{309A}\u{3093}") == ["ぱん", "ん"])
        #expect(terms("\u{30AB}\u{3099}\u{30E9}\u{30B9}") == ["がら", "らす", "す"])  // ガラス, as hiragana
        #expect(terms("\u{3046}\u{3099}") == ["ゔ"])
        #expect(terms("\u{309D}\u{3099}") == ["ゞ"])  // the iteration mark ゝ voiced
        // A full-width kana and a half-width mark make one character as a half-width pair does.
        #expect(terms("\u{30AB}\u{FF9E}") == ["が"])
        // Burmese ဥ and ီ are ဦ (U+1026).
        #expect(terms("\u{1025}\u{102E}\u{1038}") == ["\u{1026}\u{1038}", "\u{1038}"])
        // A mark that makes no character with the one before stays its own character.
        #expect(terms("\u{3042}\u{3099}") == ["\u{3042}\u{3099}", "\u{3099}"])
        #expect(terms("\u{6771}\u{3099}") == ["\u{6771}\u{3099}", "\u{3099}"])
        // A mark at the end of the text, and one alone.
        #expect(terms("\u{304B}") == ["か"])
        #expect(terms("\u{3099}") == ["\u{3099}"])
    }

    /// Found by an audit by native users: `がっこう` did not find `ガッコウ` or `ｶﾞｯｺｳ`. Katakana
    /// with a hiragana letter (U+30A1–U+30F6) is that letter in search; `ー`, `ヽ`, `ヷ` and the
    /// small katakana of U+31F0–U+31FF stay.
    @Test func katakanaIsHiragana() {
        #expect(terms("ガッコウ") == ["がっ", "っこ", "こう", "う"])
        #expect(terms("ガッコウ") == terms("がっこう"))
        #expect(terms("ｶﾞｯｺｳ") == terms("がっこう"))
        #expect(terms("ァヴヵヶ") == ["ぁゔ", "ゔゕ", "ゕゖ", "ゖ"])
        #expect(terms("ヷーヽㇰ") == ["ヷー", "ーヽ", "ヽㇰ", "ㇰ"])
        #expect(terms("スーパーで") == ["すー", "ーぱ", "ぱー", "ーで", "で"])
        #expect(SearchFolding.fold("ガッコウ") == "がっこう")
        #expect(SearchFolding.hiragana("ピアノとピアノ") == "ぴあのとぴあの")
        // The shard is chosen by the term's first character, as search.js chooses it from the
        // folded query: katakana and hiragana go to the same one.
        #expect(SearchIndex.bucket(of: terms("ガッ")[0]) == SearchIndex.bucket(of: "がっ"))
    }

    /// Found by an audit by native users: `رساله` did not find `رسالة`, nor `علي` `على`. Teh
    /// marbuta is heh, alef maksura is yeh (as Lucene's ArabicNormalizer has them); the alef
    /// with a hamza or madda was alef already.
    @Test func arabicLetterVariantsFold() {
        #expect(terms("رسالة على مدرسةٍ") == ["رساله", "علي", "مدرسه"])
        #expect(terms("رسالة") == terms("رساله"))
        #expect(terms("على") == terms("علي"))
        #expect(terms("أحمد إلى آخر") == ["احمد", "الي", "اخر"])
        #expect(SearchFolding.fold("مستشفى") == "مستشفي")
        // Persian's own yeh (U+06CC) and heh are other letters: not Arabic's.
        #expect(terms("\u{06CC}\u{06C1}") == ["\u{06CC}\u{06C1}"])
    }

    /// Found by an audit by native users: `شاطئ` did not find `الشاطئ`, `مطر` not `المطر`, `قلم`
    /// not `وبالقلم`: search finds a word by its beginning, and Arabic joins the article and
    /// other particles to the word's front. A word with such a prefix is filed under the word
    /// without it too (after it, so that the word itself still finds itself).
    @Test func arabicWordsAreAlsoFiledWithoutTheirPrefix() {
        #expect(terms("الشاطئ المطر وبالقلم والقلم للبيت كالبحر فالعمل بالسيارة وكتبت")
                == ["الشاطي", "شاطي", "المطر", "مطر", "وبالقلم", "قلم", "والقلم", "قلم", "للبيت", "بيت", "كالبحر", "بحر",
                    "فالعمل", "عمل", "بالسياره", "سياره", "وكتبت", "كتبت"])
        // Only when 3 letters stay after و, and 2 after an article (Lucene's and light10's rules):
        // ولد (a boy) and الي are whole words; والد (a father) loses only its و.
        #expect(terms("ولد الى ال وال والد الله بال") == ["ولد", "الي", "ال", "وال", "والد", "الد", "الله", "له", "بال"])
        #expect(SearchFolding.arabicStem("الشاطي") == "شاطي")
        #expect(SearchFolding.arabicStem("وبالقلم") == "قلم")
        #expect(SearchFolding.arabicStem("ولد") == nil)
        #expect(SearchFolding.arabicStem("قلم") == nil)
        #expect(SearchFolding.arabicStem("walk") == nil)
        #expect(SearchFolding.arabicStem("") == nil)
        // Hebrew, Persian words and ASCII go through no stemming.
        #expect(terms("והבית walk") == ["והבית", "walk"])
    }

    /// The tokenizer's fast paths (8 bytes at a time, in place) give the terms a plain reading
    /// gives: split where ``SearchFolding/kind(_:)`` says, folded, CJK in pairs; and each term's
    /// hash is ``SearchTokenizer/hash(_:)`` of its bytes, its key ``SearchTermSet/key(_:)``.
    @Test func fastPathsAgreeWithAPlainReading() {
        let pieces = ["a", "I", "to", "The", "walked", "Grandma", "ACTIVITY", "activity", "photographed", "Photographed",
                      "x86", "2023", "quokkaberry", "Bori는", "café", "Café", "naïveté", "한강에서", "東京タワー", "iPhoneで",
                      "abcdefgh", "Abcdefgh", "abcdefghi", "ABCDEFGHIJKLMNOP", String(repeating: "z", count: 70), "e\u{301}",
                      "☀️", "\u{FE0F}", "\u{301}x", "❤️coffee", "ทะเล", "เพื่อน๒", "ໄປ", "ទៅ", "မြန်မာ", "\u{304B}\u{3099}",
                      "\u{3099}", "\u{3042}\u{3099}っ", "ガッコウ", "ヷー", "\u{1025}\u{102E}", "الشاطئ", "وبالقلم", "رسالة", "على", "ولد"]
        let separators = [" ", ", ", ". ", "\n", "—", "'", " (", ") ", "  "]
        var rng = SplitMix(seed: 18)
        for round in 0..<400 {
            var text = ""
            for k in 0..<(1 + round % 12) {
                if k > 0 || round % 3 == 0 { text += separators.randomElement(using: &rng)! }
                text += pieces.randomElement(using: &rng)!
            }
            var tokenizer = SearchTokenizer()
            var got: [String] = []
            var hashesAgree = true
            var copy = text
            copy.withUTF8 { bytes in
                tokenizer.tokenize(bytes) { term, hash, key in
                    got.append(String(decoding: term, as: UTF8.self))
                    if hash != SearchTokenizer.hash(term) || key != SearchTermSet.key(term) { hashesAgree = false }
                }
            }
            #expect(got == plainTerms(text), "\(text.debugDescription)")
            #expect(hashesAgree, "\(text.debugDescription)")
        }
    }

    /// The terms of `text`, read one character at a time.
    func plainTerms(_ text: String) -> [String] {
        var out: [String] = [], word = "", cjk: [Character] = []
        func endWord() {
            let folded = SearchFolding.fold(word)
            if !folded.isEmpty, folded.utf8.count <= SearchTokenizer.maxTermBytes {
                out.append(folded)
                if let stem = SearchFolding.arabicStem(folded) { out.append(stem) }
            }
            word = ""
        }
        func endCJK() {
            if let last = cjk.last { out.append(String(last)) }
            cjk = []
        }
        for scalar in text.unicodeScalars {
            switch SearchFolding.kind(scalar) {
            case .separator:
                endCJK()
                endWord()
            case .cjk:
                endWord()
                // A voicing mark after a kana it makes one character with is that character;
                // katakana is hiragana.
                if SearchFolding.isComposingMark(scalar.value), let last = cjk.last,
                   case let both = (String(last) + String(scalar)).precomposedStringWithCanonicalMapping, both.unicodeScalars.count == 1 {
                    cjk[cjk.count - 1] = Character(SearchFolding.hiragana(both))
                    if cjk.count > 1 { out[out.count - 1] = String(cjk[cjk.count - 2]) + String(cjk[cjk.count - 1]) }
                    continue
                }
                let form = Character(SearchFolding.hiragana(String(scalar)))
                if let last = cjk.last { out.append(String(last) + String(form)) }
                cjk.append(form)
            case .word:
                endCJK()
                if word.isEmpty, scalar.properties.generalCategory == .nonspacingMark { continue }
                word.unicodeScalars.append(scalar)
            }
        }
        endCJK()
        endWord()
        return out
    }

    /// HTML to text in C (16 bytes at a time) gives what the Swift reading gives a byte at a time,
    /// plain and escaped for JSON, whichever byte of a chunk ends a run: a tag, an entity, a quote,
    /// a backslash, a control character, a second space, a character beyond ASCII; and footnote
    /// marks, images' texts, references that are not characters, comments and tags left open.
    @Test func textFastPathAgreesWithTheByteWiseOne() {
        let pieces = ["a", "walked", "Grandma", "abcdefgh", "abcdefghijklmnopq", " ", "  ", "   ", "\n", "\t", "\r",
                      "<p>", "</p>\n", "<em>", "</em>", "<a href=\"x?a=1&amp;b=2\">", "</a>", "<br />", "<!-- c -->",
                      "&amp;", "&lt;", "&quot;", "&#39;", "&#32;", "&#xA;", "&nbsp;", "&unknown;", "\"", "\\", "\u{1}",
                      "é", "한강", "東京", "😀", "x y", "a  b", "<STRONG>", "<Mark>", "<sup class=\"footnote-ref\">",
                      "</sup>", "<a href=\"#fn1\" data-footnote-backref>", "&#x10FFFF;", "&#x110000;", "&#55296;", "&#0;",
                      "&#x;", "&#92;", "&#34;", "&gt", "&", "<", "<!--", "-->", "<!-", "<p",
                      "<img src=\"a.jpg\" alt=\"a &quot;b&quot; c\">", "<IMG ALT=\"x\">", "<img alt=\"\">", "<sup>", "<a>",
                      "&#x41;&#X42;", "&abcdefghij;", "&abcdefghijk;", "<averyveryverylongname>", "<strongly>",
                      "<script>", "<SCRIPT type=\"module\">", "</script>", "</Script >", "</scripts>", "<style>", "</style>",
                      "</STYLE>", "<styles>", "<scripted>", "<h2>", "</h2>", "<li>", "<table>", "</thead>", "<td>", "<b>",
                      "</s>", "<sub>", "<p >", "< p>", "<em\n>", "</>", "<>", "<tbodyx>", "<mark>", "</span>",
                      "<\u{0}b>", "</\u{0}\u{0}em>", "<\u{0}p>"]
        var rng = SplitMix(seed: 8)
        for round in 0..<500 {
            var html = ""
            for _ in 0..<(1 + round % 40) { html += pieces.randomElement(using: &rng)! }
            for escaped in [false, true] {
                let fast = SearchText.text(fromHTML: html, escaped: escaped, bytewise: false)
                let plain = SearchText.text(fromHTML: html, escaped: escaped, bytewise: true)
                #expect(fast == plain, "\(html.debugDescription), escaped: \(escaped)")
            }
        }
        // Found by the fuzzer: the 8-byte tag reader packed `<\0b>` as `<b>`, an inline tag, where
        // the general path reads a tag of no name, which parts words.
        let html = "p<\u{0}b>\u{FFFD}\u{3}"
        #expect(SearchText.text(fromHTML: html, escaped: false, bytewise: false) == Array("p \u{FFFD}\u{3}".utf8))
        #expect(SearchText.text(fromHTML: html, escaped: false, bytewise: true) == Array("p \u{FFFD}\u{3}".utf8))
    }

    /// Each test of ``ByteMask`` marks exactly the bytes it names, whatever their neighbours.
    @Test func byteMasksAreExact() {
        let tests: [(name: String, mask: (UInt64) -> UInt64, holds: (UInt64) -> Bool)] = [
            ("between 0x40 0x5B", { ByteMask.between($0, 0x40, 0x5B) }, { $0 > 0x40 && $0 < 0x5B }),
        ]
        let fillers: [UInt64] = [0, 0x2020_2020_2020_2020, 0xFFFF_FFFF_FFFF_FFFF, 0x3C26_2220_1F7F_805C, 0x5B40_5D21_1F20_5C00]
        for test in tests {
            var wrong = 0
            for filler in fillers {
                for position in 0..<8 {
                    for b in UInt64(0)...255 {
                        let x = filler & ~(0xFF << (8 * position)) | b << (8 * position)
                        var expected: UInt64 = 0
                        for k in 0..<8 where test.holds(x >> (8 * k) & 0xFF) { expected |= 0x80 << (8 * k) }
                        if test.mask(x) != expected { wrong += 1 }
                    }
                }
            }
            #expect(wrong == 0, "\(test.name)")
        }
    }

    @Test func overlongWordsAreLeftOut() {
        #expect(terms(String(repeating: "a", count: 65) + " ok") == ["ok"])
        #expect(terms(String(repeating: "a", count: 64)).count == 1)
    }
}

@Suite struct SearchTextTests {
    @Test func htmlBecomesTheTextAReaderSees() {
        let html = "<p>We <strong>walk</strong>ed &amp; <em>ran</em> &lt;fast&gt; &#169;.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<!-- raw HTML omitted -->\n<pre><code class=\"language-swift\">let x = &quot;1&quot;\n</code></pre>\n"
        #expect(SearchText.plainText(fromHTML: html) == "We walked & ran <fast> ©. one two let x = \"1\"")
    }

    /// Found by a Markdown writer's audit: `H<sub>2</sub>O` and `un<em>believ</em>able`, their tags
    /// omitted as comments (`unsafeHTML` off), were "H 2 O" and "un believ able", so search found
    /// neither H2O nor unbelievable. A comment parts no words, as a browser shows none.
    @Test func aCommentPartsNoWords() {
        let html = MarkdownRenderer().html("Water is H<sub>2</sub>O, un<em>believ</em>able.\n\n<div>\nx\n</div>\n\nNext")
        #expect(html.contains("H<!-- raw HTML omitted -->2<!-- raw HTML omitted -->O"))
        #expect(SearchText.plainText(fromHTML: html) == "Water is H2O, unbelievable. Next")
        #expect(SearchText.text(fromHTML: html, escaped: true, bytewise: true) == SearchText.text(fromHTML: html, escaped: true, bytewise: false))
    }

    /// Inline tags join the text on either side; every other tag parts it, names of the same
    /// length and near misses included.
    @Test func onlyInlineTagsJoinWords() {
        for name in ["a", "b", "i", "s", "u", "em", "del", "sup", "sub", "code", "span", "mark", "strong", "STRONG"] {
            #expect(SearchText.plainText(fromHTML: "x<\(name) class=\"k\">y</\(name)>z") == "xyz", "\(name)")
        }
        for name in ["p", "q", "li", "dl", "dd", "dem", "pre", "coda", "spam", "cite", "marks", "strang", "stron", "div", "h1"] {
            #expect(SearchText.plainText(fromHTML: "x<\(name)>y</\(name)>z") == "x y z", "\(name)")
        }
    }

    /// A footnote's number and its link back are marks, not words: "English1" was one term.
    @Test func footnoteMarksAreLeftOut() {
        let html = MarkdownRenderer(footnoteBackLabel: "Zurück").html("English[^1] is *fun*[^n].\n\n[^1]: A note.\n[^n]: Two.\n")
        #expect(SearchText.plainText(fromHTML: html) == "English is fun. A note. Two.")
        #expect(SearchText.text(fromHTML: html, escaped: true, bytewise: true) == Array("English is fun. A note. Two.".utf8))
    }

    @Test func jsonTextIsEscapedForTheIndexAndSplitsAlike() {
        let html = "<p>Say &quot;hi&quot; \\ now&#1;! C:\\dir\\file</p>"
        var out: [UInt8] = []
        var copy = html
        copy.withUTF8 { SearchText.jsonText(fromHTML: $0, into: &out) }
        #expect(String(decoding: out, as: UTF8.self) == #"Say \"hi\" \\ now ! C:\\dir\\file"#)
        var tokenizer = SearchTokenizer()
        #expect(tokenizer.terms(String(decoding: out, as: UTF8.self)) == tokenizer.terms(SearchText.plainText(fromHTML: html)))
    }

    @Test func spacesFoldToOne() {
        #expect(SearchText.plainText(fromHTML: "<p>a  b   c </p>\n<p> d</p>") == "a b c d")
        #expect(SearchText.plainText(fromHTML: "a&#xA;&#32;b&#9;") == "a b")  // found by the fuzz target
        var out: [UInt8] = []
        var html = "<p>x  \"y\"  z</p>"
        html.withUTF8 { SearchText.jsonText(fromHTML: $0, into: &out) }
        #expect(String(decoding: out, as: UTF8.self) == #"x \"y\" z"#)
    }

    /// Found by a search audit: an image's text (`alt`) was not searchable, though a screen
    /// reader says it and heading ids count it.
    @Test func anImagesTextIsItsWords() {
        let html = MarkdownRenderer().html("We went *out*.\n\n![A pelican & \"the\" pier](photos/a.png) at dusk ![](b.png)")
        #expect(SearchText.text(fromHTML: html, escaped: true, bytewise: true) == Array(#"We went out. A pelican & \"the\" pier at dusk"#.utf8))
        #expect(SearchText.text(fromHTML: html, escaped: true, bytewise: false) == Array(#"We went out. A pelican & \"the\" pier at dusk"#.utf8))
        #expect(SearchText.text(fromHTML: "<p>x<IMG ALT=\"no\" alt=\"yes\">y</p>", escaped: true, bytewise: false) == Array("x yes y".utf8))
        // A page's description (the plain text) is what the text says, without them.
        #expect(SearchText.plainText(fromHTML: html) == "We went out. at dusk")
    }

    /// Found by an audit: with `unsafeHTML`, an embed's script (`var player = …`) was words of
    /// the entry in the search index and the page's description.
    @Test func scriptsAndStylesAreNotText() {
        let html = "<p>Our song</p>\n<script>var player = load(\"a<b\");</SCRIPT >\n<Style>p { color: red }</style><p>played</p><styles>kept</styles>"
        #expect(SearchText.plainText(fromHTML: html) == "Our song played kept")
        #expect(SearchText.text(fromHTML: html, escaped: true, bytewise: false) == Array("Our song played kept".utf8))
        #expect(SearchText.plainText(fromHTML: "a<script>never closed</scripts> b") == "a")
    }

    @Test func anUnclosedTagEndsTheText() {
        #expect(SearchText.plainText(fromHTML: "<p>a</p><b") == "a")
        #expect(SearchText.plainText(fromHTML: "a &unknown; &#xZZ; b") == "a &unknown; &#xZZ; b")
    }
}

@Suite struct SearchIndexTests {
    @Test func aTermsShardIsTheShardOfItsFirstCharacters() {
        // FNV-1a of the key's UTF-8 bytes, low 6 bits: the numbers assets/search.js computes.
        #expect(SearchIndex.bucket(of: "qu") == 11)
        #expect(SearchIndex.bucket(of: "quokkaberry") == 11)
        #expect(SearchIndex.bucket(of: "한강에서") == 17)  // Hangul: the first character
        #expect(SearchIndex.bucket(of: "東京") == 7)
        #expect(SearchIndex.bucket(of: "tag:walk") == 54)  // a filter: the whole term
        #expect(SearchIndex.bucket(of: "walk") == 53)
        #expect(SearchIndex.termShardPath(11) == "search/t-0b.js")
    }

    /// The data ranking uses: title hits apart from the rest, documents in number order (newest first).
    @Test func termShardsKeepTitleHitsApartAndDeltaCodeDocuments() {
        let first = SearchTermTable()
        first.add("walk", doc: 0, inTitle: true)
        first.add("walk", doc: 0, inTitle: false)  // already in the title
        first.add("walk", doc: 3, inTitle: false)
        first.add("walked", doc: 3, inTitle: false)
        let second = SearchTermTable()
        second.add("walk", doc: 7, inTitle: true)
        second.add("wander", doc: 12, inTitle: false)
        second.add("walk", doc: 12, inTitle: false)
        let b = SearchIndex.bucket(of: "wa")
        #expect(String(decoding: SearchIndex.termShard(b, from: [first.postings(), second.postings()], stamp: "00c0ffee00c0ffee"), as: UTF8.self) ==
                "daybookSearch(\"t\",\(b),{\"walk\":[[0,7],[3,9]],\"walked\":[[],[3]],\"wander\":[[],[12]]},\"00c0ffee00c0ffee\");\n")
    }

    /// The shards' numbers: each digit count, and the largest a document number can be.
    @Test func numbersAreWrittenInDecimal() {
        var out = RawArray<UInt8>()
        defer { out.free() }
        for n: UInt32 in [0, 7, 10, 99, 100, 65_535, 999_999_999, 1_000_000_000, 4_294_967_295] {
            out.appendDecimal(n)
            out.append(UInt8(ascii: " "))
        }
        #expect(String(decoding: out.buffer(), as: UTF8.self) == "0 7 10 99 100 65535 999999999 1000000000 4294967295 ")
    }

    /// The shard writer against a plain reading of what it writes: every term of the bucket from
    /// every month, sorted by its bytes, with its title and other documents delta-coded, on
    /// documents numbered past 100,000 and terms that need escaping.
    @Test func termShardsWriteWhatAPlainReadingWrites() {
        var random = SplitMix(seed: 18)
        let words = (0..<400).map { n in n % 97 == 0 ? "q\"\\\(n)" : "w\(n % 50)x\(n)" }
        var months: [SearchTermTable] = []
        var expected: [String: (title: [Int], other: [Int])] = [:]
        var doc = 0
        for _ in 0..<4 {
            let table = SearchTermTable()
            for _ in 0..<300 {
                doc += 1 + Int(random.next() % 700)
                var seen: Set<String> = [], inTitle: Set<String> = []
                for k in 0..<12 {
                    let word = words[Int(random.next() % UInt64(words.count))]
                    let title = k < 3
                    table.add(word, doc: Int32(doc), inTitle: title)
                    if title { inTitle.insert(word) }
                    seen.insert(word)
                }
                for word in seen {
                    if inTitle.contains(word) { expected[word, default: ([], [])].title.append(doc) }
                    else { expected[word, default: ([], [])].other.append(doc) }
                }
            }
            months.append(table)
        }
        #expect(doc > 100_000)
        let postings = months.map { $0.postings() }
        func deltas(_ docs: [Int]) -> String {
            zip(docs, [0] + docs).map { String($0 - $1) }.joined(separator: ",")
        }
        func quoted(_ term: String) -> String {
            "\"" + term.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        for b in 0..<SearchIndex.buckets {
            let terms = expected.keys.filter { SearchIndex.bucket(of: $0) == b }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            let body = terms.map { "\(quoted($0)):[[\(deltas(expected[$0]!.title))],[\(deltas(expected[$0]!.other))]]" }
            #expect(String(decoding: SearchIndex.termShard(b, from: postings, stamp: "s"), as: UTF8.self) ==
                    "daybookSearch(\"t\",\(b),{\(body.joined(separator: ","))},\"s\");\n")
        }
    }

    /// The C scan of a body's plain words (`SearchTermTable.addWords`) files what the tokenizer
    /// files: texts of ASCII words in any case, digits, Hangul and mixed words, accents, kana,
    /// words of 64 and 65 bytes, and words across the scan's 64-byte blocks and at the text's end.
    @Test func theWordScanFilesWhatTheTokenizerFiles() {
        let pieces = ["a", "I", "to", "The", "walked", "Grandma", "ACTIVITY", "photographed", "x86", "2023", "8kg",
                      "quokkaberry", "cafe", "Bori는", "한강에서", "산책했다", "café", "ÅNGSTRÖM", "東京タワー", "iPhoneで", "Ελληνικός",
                      "abcdefgh", "Abcdefghi", "ABCDEFGHIJKLMNOPQ", String(repeating: "z", count: 64),
                      String(repeating: "Q", count: 65), String(repeating: "가", count: 21), String(repeating: "가", count: 22),
                      "e\u{301}", "\u{FFFD}x", "\u{AC00}\u{D7A3}", "\u{D7A4}", "\u{ABFF}", "ทะเล", "เพื่อน๒", "ទៅ"]
        let separators = [" ", ", ", ". ", "\\\"", "—", "'", " (", ") ", "  ", "\u{A0}", "・"]
        var rng = SplitMix(seed: 64)
        for round in 0..<600 {
            var text = ""
            for k in 0..<(1 + round % 40) {
                if k > 0 || round % 3 == 0 { text += separators.randomElement(using: &rng)! }
                text += pieces.randomElement(using: &rng)!
            }
            let scanned = SearchTermTable(), read = SearchTermTable()
            var tokenizer = SearchTokenizer()
            var copy = text
            // As a title (the title's mark kept) and as a body, the way the month indexer adds them.
            for doc in Int32(0)..<2 {
                copy.withUTF8 { scanned.addWords($0, doc: doc, inTitle: doc == 0, tokenizer: &tokenizer) }
                copy.withUTF8 { tokenizer.tokenize($0, into: read, doc: doc, inTitle: doc == 0) }
            }
            copy.withUTF8 { scanned.addWords($0, doc: 2, tokenizer: &tokenizer) }
            copy.withUTF8 { tokenizer.tokenize($0, into: read, doc: 2, inTitle: false) }
            #expect(Self.filed(scanned.postings()) == Self.filed(read.postings()), "\(text.debugDescription)")
            // A term reached both ways (`cafe`, `café`) is one: C hashes as Swift does.
            #expect(scanned.termCount == read.termCount, "\(text.debugDescription)")
        }
    }

    /// Each term of `postings` with its documents, in term order.
    static func filed(_ postings: SearchPostings) -> [String: [UInt32]] {
        var out: [String: [UInt32]] = [:]
        for t in 0..<postings.termCount {
            out[String(decoding: postings.term(t), as: UTF8.self)] = Array(postings.docs[Int(postings.docStart[t])..<Int(postings.docStart[t + 1])])
        }
        return out
    }

    @Test func theWordScanLeavesWordsItCannotFoldToTheTokenizer() {
        let table = SearchTermTable()
        var tokenizer = SearchTokenizer()
        var text = "Café au lait, 한강 IS GREAT! 東京 cafe"
        text.withUTF8 { table.addWords($0, doc: 5, tokenizer: &tokenizer) }
        #expect(Self.filed(table.postings()) == ["cafe": [5], "au": [5], "lait": [5], "한강": [5], "is": [5], "great": [5], "東京": [5], "京": [5]])
        #expect(table.termCount == 8)
    }

    @Test func aTableGrowsPastItsFirstSlots() {
        let table = SearchTermTable()
        for n in 0..<5000 { table.add("w\(n)", doc: Int32(n), inTitle: false) }
        for n in 0..<5000 { table.add("w\(n)", doc: 6000, inTitle: false) }
        #expect(table.termCount == 5000)
        let postings = table.postings()
        #expect(postings.documents(of: "w4321")?.other == [4321, 6000])
        #expect(postings.documents(of: "w4321")?.title == [])
    }

    /// Terms that share their first 8 bytes, or their hash's high bits, stay apart.
    @Test func termsAlikeInTheirFirstBytesStayApart() {
        let set = SearchTermSet()
        let words = ["abcdefgh", "abcdefghi", "abcdefghj", "abcdefg", "abcdefgh\u{0}", "", "a", "b",
                     // Past 8 bytes: compared by their last 8 up to 16, in full beyond.
                     "abcdefghijkl", "abcdefghiXkl", "abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghXjklmnop",
                     "abcdefghijklmnopq", "abcdefghijklmnopr", "abcdefghiXklmnopq"]
        var numbers: [Int] = []
        for word in words {
            var word = word
            numbers.append(word.withUTF8 { set.intern($0, hash: 42).term })  // one hash for all: every probe collides
        }
        #expect(numbers == Array(0..<words.count))
        for (n, word) in words.enumerated() {
            var word = word
            #expect(word.withUTF8 { set.intern($0, hash: 42) } == (n, false))
            #expect(String(decoding: set.bytes(n), as: UTF8.self) == word)
        }
    }

    @Test func stringsAreSafeInAScript() {
        var out: [UInt8] = []
        SearchIndex.appendString("a\"b\\c\n</script>\u{2028}\u{1}", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "\"a\\\"b\\\\c\\n</script>\u{2028}\\u0001\"")
    }
}

@Suite struct SearchMonthIndexerTests {
    /// A long body: every word indexed, and its document's text kept whole. (Found by a search
    /// audit: the text was cut at 32 KB, so a phrase, a word with a hyphen or a date further down
    /// was not found, and the excerpt showed the top instead of the hit.)
    @Test func aLongBodysTextIsKeptWholeAndEveryWordIndexed() throws {
        let helpers = DiaryTests()
        let diary = try helpers.diary([try helpers.entry("Long \"one\"", "2021-11-01", tags: ["Road Trip"])])
        var indexer = SearchMonthIndexer(month: 0, of: SearchIndex(diary: diary), prettyURLs: false)
        let words = (0..<8000).map { "w\($0)" }
        indexer.add(diary.entries[0], year: 2021, bodyHTML: "<p>" + words.joined(separator: " ") + " e-mail on 2023-05-01 \\ \"</p>")
        let part = indexer.finish()
        let (table, shards) = (part.postings, part.shards)
        // The 8,000 words, "e", "mail", "on", "2023", "05", "01", "long", "one", "road", "trip", year:2021 and tag:road-trip.
        #expect(table.termCount == 8012)
        let shard = String(decoding: try #require(shards.first), as: UTF8.self)
        #expect(shard.hasPrefix(#"daybookSearch("d","2021-11-0",[["Long \"one\"","Nov 1, 2021","../entries/2021-11-01-long-one/index.html",[["Road Trip","../tags/road-trip/index.html"]],"w0 w1 w2 "#))
        #expect(shard.hasSuffix(#" w7998 w7999 e-mail on 2023-05-01 \\ \"",[]]],""# + SearchIndex.stamp(of: diary) + "\");\n"))
    }
}

@Suite struct SearchFieldPhraseTests {
    /// Found by a search audit: a phrase, or a word of words (`stratford-upon-avon`), was looked
    /// for in the title and the text only, so the location, mood, weather and tags as written
    /// found nothing. The document holds them (its sixth field), for search.js's phrase check.
    @Test func theMoodWeatherAndLocationAreInTheDocument() throws {
        let helpers = DiaryTests()
        var entry = try helpers.entry("Trip", "2021-11-01")
        entry.mood = "very happy"
        entry.location = "Stratford-upon-Avon"
        let diary = try helpers.diary([entry])
        var indexer = SearchMonthIndexer(month: 0, of: SearchIndex(diary: diary), prettyURLs: false)
        indexer.add(diary.entries[0], year: 2021, bodyHTML: "<p>A drive.</p>\n")
        let shard = String(decoding: try #require(indexer.finish().shards.first), as: UTF8.self)
        #expect(shard.hasSuffix(#"[],"A drive.",["very happy","","Stratford-upon-Avon"]]],""# + SearchIndex.stamp(of: diary) + "\");\n"))
    }
}

@Suite struct SearchPhotoTextTests {
    /// Found by a search audit: a photo's caption, shown under it, was not searchable.
    @Test func photosCaptionsAndTextsAreWordsOfTheEntry() throws {
        let helpers = DiaryTests()
        var entry = try helpers.entry("Beach day", "2021-11-01")
        entry.body = "We went out."
        entry.photos = [EntryPhoto(path: "photos/a.png", alt: "A cormorant", caption: "Sunset \"at\"\nthe pier"), EntryPhoto(path: "photos/b.png")]
        let diary = try helpers.diary([entry])
        var indexer = SearchMonthIndexer(month: 0, of: SearchIndex(diary: diary), prettyURLs: false)
        indexer.add(diary.entries[0], year: 2021, bodyHTML: "<p>We went out.</p>\n")
        let part = indexer.finish()
        let (table, shards) = (part.postings, part.shards)
        let shard = String(decoding: try #require(shards.first), as: UTF8.self)
        #expect(shard.hasSuffix(#"[],"We went out. Sunset \"at\" the pier A cormorant",[]]],""# + SearchIndex.stamp(of: diary) + "\");\n"))
        // beach, day, we, went, out, sunset, at, the, pier, a, cormorant, year:2021.
        #expect(table.termCount == 12)
    }
}

@Suite struct SearchStampTests {
    /// Found by a search audit: after the site was published again, a host's cache mixed the
    /// index files of two builds, and a result showed another entry. Every file says the stamp
    /// of the build's numbering, which the results page checks.
    @Test func theStampFollowsTheDocumentsNumbering() throws {
        let helpers = DiaryTests()
        let a = try helpers.entry("Alpha", "2021-11-01"), b = try helpers.entry("Beta", "2021-11-02")
        let two = try helpers.diary([a, b]), again = try helpers.diary([b, a])
        let three = try helpers.diary([a, b, try helpers.entry("Gamma", "2021-11-03")])
        #expect(SearchIndex.stamp(of: two) == SearchIndex.stamp(of: again))
        #expect(SearchIndex.stamp(of: two) != SearchIndex.stamp(of: three))
        #expect(SearchIndex.stamp(of: two).count == 16)
        let meta = String(decoding: SearchIndex(diary: two).meta(), as: UTF8.self)
        #expect(meta.hasSuffix(#""stamp":""# + SearchIndex.stamp(of: two) + "\"});\n"))
    }
}

@Suite struct SearchPageTests {
    /// The results page carries the count's plural forms and the rule's category of each count
    /// below 200, for the browser: Arabic has all six.
    @Test func theCountsPluralFormsAreOnThePage() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "ar_EG"}"#,
            "diary.json": #"[{"title": "A", "date": "2024-01-02", "body": "قمر"}]"#,
        ])
        try SiteBuildTests.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/search/index.html"))
        let rule = "zotffffffff" + String(repeating: "m", count: 89) + "xxxffffffff" + String(repeating: "m", count: 89)
        #expect(page.contains(#"data-plural="\#(rule)""#))
        #expect(page.contains(#"data-count-two="وُجدت تدوينتان""#))
        #expect(page.contains(#"data-count-few="وُجدت {n} تدوينات""#))
        #expect(page.contains(#"data-count-other="وُجدت {n} تدوينة""#))
        let english = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary.json": "[]"])
        try SiteBuildTests.build(english, into: english.root + "/out")
        let englishPage = try #require(english.read("out/search/index.html"))
        #expect(englishPage.contains(#"data-plural="xo\#(String(repeating: "x", count: 198))" data-count-one="{n} entry found" data-count-other="{n} entries found""#))
    }

    /// The title the browser gives the page while it shows a search, in the site's language
    /// (a tab of each search said only "Search").
    @Test func theTitleOfASearchIsInTheSitesLanguage() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "日記", "locale": "ja_JP"}"#,
            "diary.json": #"[{"title": "A", "date": "2024-01-02", "body": "猫"}]"#,
        ])
        try SiteBuildTests.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/search/index.html"))
        #expect(page.contains(#" data-title="「{query}」 · 検索 · 日記" data-field-labels="気分："#))
    }
}

/// A seeded generator, so that a test's inputs are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The results page's hint keeps each example's minus with its word on one line.
@Suite struct SearchHintTests {
    @Test func aMinusThatStartsAWordIsJoinedToIt() {
        #expect(PagePresenter.keepingMinusWithWord("leaves out (-rain, -tag:work); 2-3 day-trip - x")
            == "leaves out (-\u{2060}rain, -\u{2060}tag:work); 2-3 day-trip - x")
    }
}
