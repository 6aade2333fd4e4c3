import Testing
@testable import DaybookCore

/// Found by a review: a Korean entry on an English site wrapped inside its words (the theme keeps
/// Korean words whole under `:lang(ko)`, and the page's language is the site's).
@Suite struct TextLanguageTests {
    @Test(arguments: [
        ("간식 비교 리뷰", "보리가 좋아하는 간식을 비교해 봤다. Freeze-dried 닭가슴살이 1등.", "en", "ko"),
        ("Rainy day", "I remembered the train station on the way home. 오늘은 한강에서 오래 산책을 했다.", "en", nil),
        ("간식", "", "ko", nil),
        ("Walk", "", "en", nil),
        ("한", "", "en", nil),
        // Found by an i18n audit: only Korean was told; Japanese and Chinese took the site's
        // language, and their Han characters its forms (a Korean or Chinese 直).
        ("京都の朝", "お寺を歩いた。抹茶がおいしかった。", "en", "ja"),
        ("東京旅行", "今日は雨でしたが、楽しかったです。", "en", "ja"),
        ("北京之旅", "今天下雨了，但我们玩得很开心。", "en", "zh"),
        ("北京之旅", "今天下雨了，但我们玩得很开心。", "zh", nil),
        // Found by an i18n audit: Traditional Chinese was `zh` (drawn in Simplified forms) on a
        // site of another language, and Simplified Chinese on a Traditional site was not marked.
        ("北京之旅", "今天下雨了，但我们玩得很开心。", "zh-hant", "zh-Hans"),
        ("台北之旅", "今天下雨了，但我們玩得很開心。", "en", "zh-Hant"),
        ("台北之旅", "今天下雨了，但我們玩得很開心。", "zh", "zh-Hant"),
        ("台北之旅", "今天下雨了，但我們玩得很開心。", "zh-hant", nil),
        ("台北之旅", "今天下雨了，但我們玩得很開心。", "ko", "zh-Hant"),
        ("北京", "今天下雨", "en", "zh"),
        ("北京", "今天下雨", "zh-hant", nil),
        ("東京旅行", "今日は雨でしたが、楽しかったです。", "ja", nil),
        ("東京旅行", "", "ja", nil),
        ("東京旅行", "今日は雨でしたが、楽しかったです。", "zh", "ja"),
        ("東京旅行", "今日は雨でしたが、楽しかったです。", "ko", "ja"),
        ("간식", "보리가 좋아하는 간식", "ja", "ko"),
        ("Tokyo", "We walked to the 浅草寺 temple and had a long lunch by the river.", "en", nil),
        ("、。「」", "", "en", nil),
        // Found by a search audit: an Arabic entry that quotes one Japanese sentence was all
        // `lang="ja"` (only ASCII letters were weighed against the kana), so were a Russian and
        // a Greek one; one of mostly Japanese stays Japanese.
        ("نزهة في الحديقة", "ذهبنا إلى الحديقة اليوم. كتب أخي رسالة طويلة.\n\n東京タワーに行きたい。", "ar", nil),
        ("نزهة في الحديقة", "ذهبنا إلى الحديقة اليوم. كتب أخي رسالة طويلة.\n\n東京タワーに行きたい。", "en", nil),
        ("Прогулка", "Мы гуляли весь день по парку. 東京タワーに行きたい。", "en", nil),
        ("Βόλτα", "Περπατήσαμε όλη μέρα στο πάρκο. 한강에서 산책", "en", nil),
        ("東京", "東京タワーに行きたい。とても楽しみです。Вот.", "ru", "ja"),
        // Found by a search audit: a Thai, Lao, Khmer or Burmese entry took the site's language.
        ("ทะเลสาบ", "วันนี้ฉันไปเดินเล่นที่ทะเลสาบกับเพื่อน", "en", "th"),
        ("ทะเลสาบ", "วันนี้ฉันไปเดินเล่นที่ทะเลสาบกับเพื่อน", "th", nil),
        ("ຕະຫຼາດ", "ມື້ນີ້ຂ້ອຍໄປຕະຫຼາດ", "en", "lo"),
        ("ដើរលេង", "ថ្ងៃនេះខ្ញុំទៅដើរលេង។", "fr", "km"),
        ("ဈေး", "ဒီနေ့ ကျွန်တော် စျေးသွားတယ်", "en", "my"),
        ("Bangkok", "We ate at a stall called ร้านป้า near the river and walked back to the hotel.", "en", nil),
        ("Hà Nội", "Hôm nay tôi đi chợ với mẹ.", "en", nil),
    ] as [(String, String, String, String?)])
    func mostlyHangulIsKorean(title: String, body: String, site: String, lang: String?) {
        #expect(TextLanguage.of(title: title, body: body, siteLanguage: site) == lang)
    }

    /// The sixteen-bytes-at-a-time count against the byte-by-byte one, at every length and offset of mixed text.
    @Test func theFastCountIsTheSimpleOne() {
        let text = "Az@[`{ ไทย ລາວ ខ្មែរ မြန် ề 간식 ÉéЖ 東京 ꀀ 힣 ퟿ \u{E000}\u{F900}ᄀ©〿 🍞 \u{7F}\u{80} mid-word 보리가 좋아하는 간식을 Freeze-dried 닭가슴살이 1등. お寺、一丁"
        let bytes = Array(text.utf8)
        var checked = 0
        for start in 0..<bytes.count {
            for end in start...bytes.count {
                let piece = String(decoding: bytes[start..<end], as: UTF8.self)
                let fast = TextLanguage.counts(piece), simple = TextLanguage.counts(piece, bytewise: true)
                if fast != simple { Issue.record("\(piece): \(fast) against \(simple)") }
                checked += 1
            }
        }
        #expect(checked == bytes.count * (bytes.count + 3) / 2)
        let long = String(repeating: "간식 walk ", count: 200)
        #expect(TextLanguage.counts(long) == TextLanguage.counts(long, bytewise: true))
        // 12 bytes a "간식 walk ": 85 of them in the first 1,024 bytes, then 간 and 식's first byte.
        #expect(TextLanguage.counts(long) == TextLanguage.Counts(syllables: 172, latin: 340))
        // Two bytes each, one counted: é, Ж, ع; the dash (U+2014) and the emoji are no letters.
        #expect(TextLanguage.counts("éЖع — 🍞 abc") == TextLanguage.Counts(latin: 3, other: 3))
        let japanese = "京都の朝、お寺。"
        #expect(TextLanguage.counts(japanese) == TextLanguage.Counts(kana: 2, han: 4))
        #expect(TextLanguage.counts(japanese) == TextLanguage.counts(japanese, bytewise: true))
        // Each letter and mark of Thai is also one of `other`'s.
        #expect(TextLanguage.counts("ทะเล ຕະ ខ្មែរ မြန် ề") == TextLanguage.Counts(other: 16, thai: 4, lao: 2, khmer: 5, burmese: 4))
    }

    @Test func aKoreanEntrysArticleSaysSoOnAnEnglishSite() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US"}"#,
            "diary.json": #"[{"id": "ko", "title": "간식 비교 리뷰", "date": "2021-11-13", "body": "보리가 좋아하는 간식을 비교해 봤다."}, {"id": "en", "title": "Walk", "date": "2021-11-14", "body": "A walk."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let korean = try #require(site.read("out/entries/ko/index.html"))
        // Found by an i18n audit: on the article, `lang` made the theme's words (the date, "Mood")
        // Korean too, for a screen reader's voice. It is on the writer's title and text alone.
        #expect(korean.contains(#"<article class="entry">"#))
        #expect(korean.contains(#"<h1 dir="auto" lang="ko">간식 비교 리뷰</h1>"#))
        #expect(korean.contains(#"<div class="body" dir="auto" lang="ko">"#))
        #expect(try #require(site.read("out/entries/en/index.html")).contains(#"<article class="entry">"#))
    }

    /// A Thai entry on an English site: its title and text say `lang="th"`, and its Words card
    /// counts the dictionary's words (ICU's), not one a run of letters.
    @Test func aThaiEntrySaysSoAndCountsItsWords() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US"}"#,
            "diary.json": #"[{"id": "th", "title": "ทะเลสาบ", "date": "2021-11-13", "body": "วันนี้ฉันไปเดินเล่นที่ทะเลสาบกับเพื่อน 12 คน"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let thai = try #require(site.read("out/entries/th/index.html"))
        #expect(thai.contains(#"<h1 dir="auto" lang="th">ทะเลสาบ</h1>"#))
        #expect(thai.contains(#"<div class="body" dir="auto" lang="th">"#))
        #expect(try #require(site.read("out/reports/2021-11.md")).contains("| Words | 12 |"))
    }

    /// The title of a Japanese entry, all Han (東京旅行), is Japanese in lists too, not Chinese.
    @Test func aJapaneseEntrysHanTitleIsJapanese() {
        #expect(TextLanguage.languages(title: "東京旅行", body: "今日は雨でした。", siteLanguage: "en") == ("ja", "ja"))
        #expect(TextLanguage.languages(title: "北京之旅", body: "Rain all day, and a long walk.", siteLanguage: "en") == ("zh", nil))
        // The sample ends inside a character (1,024 bytes of three-byte ones): read up to it.
        let long = String(repeating: "我們", count: 200)
        #expect(TextLanguage.languages(title: "北京", body: long, siteLanguage: "en") == ("zh-Hant", "zh-Hant"))
        // A title of characters both scripts write alike takes its entry's script.
        #expect(TextLanguage.languages(title: "北京之旅", body: "今天下雨了，但我們玩得很開心。", siteLanguage: "en") == ("zh-Hant", "zh-Hant"))
        // Found by a Markdown audit: a title with one kana (今日の天気, 東京の散歩) was no language
        // in the lists (two kana were needed), though its Han-only neighbour was Japanese.
        #expect(TextLanguage.languages(title: "今日の天気", body: "雨が降った。", siteLanguage: "en") == ("ja", "ja"))
        #expect(TextLanguage.languages(title: "東京の散歩", body: "", siteLanguage: "en") == ("ja", "ja"))
        #expect(TextLanguage.languages(title: "の", body: "", siteLanguage: "en") == (nil, nil))
    }

    /// Found by a review: the home page, the month's list and the report broke a Korean title (and the report its text) inside words.
    @Test func aKoreanTitleSaysSoInListsAndReports() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "en_US"}"#,
            "diary.json": #"[{"id": "ko", "title": "간식 비교 리뷰", "date": "2021-11-13", "body": "보리가 좋아하는 간식을 비교해 봤다."}, {"id": "mixed", "title": "비 오는 날", "date": "2021-11-14", "body": "A long walk by the river, in English all the way."}, {"id": "en", "title": "Walk", "date": "2021-11-15", "body": "A walk."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        for page in ["out/index.html", "out/months/2021-11/index.html"] {
            let html = try #require(site.read(page))
            #expect(html.contains(#"<a class="entry-link" dir="auto" href="entries/ko/index.html" lang="ko">간식 비교 리뷰</a>"#.replacingOccurrences(of: "entries/", with: page == "out/index.html" ? "entries/" : "../../entries/")))
            #expect(html.contains(#"/mixed/index.html" lang="ko">비 오는 날</a>"#))
            #expect(html.contains(#"/en/index.html">Walk</a>"#))
        }
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(report.contains(#"<article class="report-entry" id="e-ko">"#))
        #expect(report.contains(#"<h3 dir="auto" lang="ko"><a href="../../entries/ko/index.html">간식 비교 리뷰</a></h3>"#))
        // An entry whose text is English is not called Korean for its title.
        #expect(report.contains(#"<article class="report-entry" id="e-mixed">"#))
        #expect(!report.contains(#"lang="ko"><a href="../../entries/mixed/"#))
        #expect(report.contains(#"<article class="report-entry" id="e-en">"#))
    }
}
