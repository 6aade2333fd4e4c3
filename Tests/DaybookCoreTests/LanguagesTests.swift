import Foundation
import Testing
@testable import DaybookCore

/// The shipped languages: every UI string `en` has, plural forms by CLDR's rules, dates
/// through ICU, and the writing direction.
@Suite struct LanguagesTests {
    static let shipped = ["en", "ko", "ja", "zh", "zh-hant", "de", "fr", "es", "pt", "it", "ru", "pl", "nl", "tr", "id", "th", "uk", "vi", "ar", "he", "fa"]

    /// The keys of a theme language file; a plural key counts as `key#category` for each form.
    static func keys(_ language: String) throws -> [String: String] {
        let bytes = try #require(Theme.builtIn.files["i18n/\(language).json"], "no i18n/\(language).json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        var keys: [String: String] = [:]
        for (key, value) in object {
            if let text = value as? String { keys[key] = text }
            if let forms = value as? [String: String] {
                for (category, text) in forms { keys[key + "#" + category] = text }
            }
        }
        return keys
    }

    @Test(arguments: shipped)
    func everyLanguageHasEveryKeyEnglishHas(language: String) throws {
        let english = try Self.keys("en")
        let own = try Self.keys(language)
        let rule = PluralRule(language: language)
        for key in english.keys.sorted() {
            if let hash = key.firstIndex(of: "#") {
                // A counted phrase: the forms of the language's own categories.
                let base = String(key[..<hash])
                for category in rule.categories {
                    #expect(own[base + "#" + category.rawValue] != nil, "\(language) lacks \"\(base)\" \(category)")
                }
            } else {
                #expect(own[key] != nil, "\(language) lacks \"\(key)\"")
            }
        }
        for key in own.keys.sorted() {
            let base = key.split(separator: "#").first.map(String.init) ?? key
            #expect(english[key] != nil || english[base + "#other"] != nil, "\(language) has \"\(key)\", which en has not")
            if let hash = key.firstIndex(of: "#") {
                let category = PluralRule.Category(rawValue: String(key[key.index(after: hash)...]))
                #expect(category.map(rule.categories.contains) == true, "\(language): \"\(key)\" is no category of its plural rule")
            }
        }
    }

    /// A file lacking a key fails the check above: it is not vacuous.
    @Test func aMissingKeyIsFound() throws {
        let english = try Self.keys("en")
        var korean = try Self.keys("ko")
        korean["nav.home"] = nil
        #expect(english.keys.filter { !$0.contains("#") && korean[$0] == nil } == ["nav.home"])
    }

    @Test func pluralCategoriesFollowCLDR() {
        func categories(_ language: String, _ numbers: [Int]) -> [String] {
            numbers.map { PluralRule(language: language).category($0).rawValue }
        }
        #expect(categories("en", [0, 1, 2, 11, 101]) == ["other", "one", "other", "other", "other"])
        #expect(categories("de", [0, 1, 2]) == ["other", "one", "other"])
        #expect(categories("fr", [0, 1, 2, 1_000_000, 2_000_000, 1_000_001]) == ["one", "one", "other", "many", "many", "other"])
        #expect(categories("es", [0, 1, 2, 1_000_000]) == ["other", "one", "other", "many"])
        #expect(categories("ar", [0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111, 1000])
                == ["zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many", "other"])
        for language in ["ja", "ko", "zh", "zh-hant"] {
            #expect(categories(language, [0, 1, 2, 1_000_000]) == ["other", "other", "other", "other"])
        }
        #expect(categories("he", [1, 2, 3]) == ["one", "two", "other"])
        #expect(categories("fa", [0, 1, 2]) == ["one", "one", "other"])
        // Found by a localization audit: a site's ru.json gave "21 записи" and "5 записи" (English's rule).
        let numbers = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 122]
        #expect(categories("ru", numbers) == ["many", "one", "few", "few", "many", "many", "many", "many", "one", "few", "many", "one", "many", "many", "few"])
        #expect(categories("uk", numbers) == categories("ru", numbers))
        #expect(categories("pl", numbers) == ["many", "one", "few", "few", "many", "many", "many", "many", "many", "few", "many", "many", "many", "many", "few"])
        #expect(categories("cs", numbers) == ["other", "one", "few", "few", "other", "other", "other", "other", "other", "other", "other", "other", "other", "other", "other"])
        #expect(categories("hr", numbers) == ["other", "one", "few", "few", "other", "other", "other", "other", "one", "few", "other", "one", "other", "other", "few"])
    }

    @Test func countedPhrasesInEachLanguage() throws {
        func counts(_ locale: String, _ numbers: [Int], key: String = "count.entries") throws -> [String] {
            let strings = try UIStrings(theme: Theme.builtIn, locale: locale)
            let phrase = strings.plural(key)
            return numbers.map { phrase($0, number: String($0)) }
        }
        #expect(try counts("en_US", [1, 2, 0]) == ["1 entry", "2 entries", "0 entries"])
        #expect(try counts("de_DE", [1, 2]) == ["1 Eintrag", "2 Einträge"])
        #expect(try counts("fr_FR", [0, 1, 2]) == ["0 entrée", "1 entrée", "2 entrées"])
        #expect(try counts("es_ES", [1, 2]) == ["1 entrada", "2 entradas"])
        #expect(try counts("ja_JP", [1, 2]) == ["1件の記録", "2件の記録"])
        #expect(try counts("zh_CN", [1, 2]) == ["1 篇日记", "2 篇日记"])
        #expect(try counts("zh-Hans", [1]) == ["1 篇日记"])
        // Traditional characters for Taiwan, Hong Kong, Macau and the Hant script; Simplified where Hans is said.
        for locale in ["zh_TW", "zh_Hant_TW", "zh_HK", "zh-Hant", "zh_MO"] { #expect(try counts(locale, [2]) == ["2 篇日記"], "\(locale)") }
        #expect(try counts("zh_Hans_HK", [2]) == ["2 篇日记"])
        #expect(try UIStrings(theme: Theme.builtIn, locale: "zh_TW")["nav.home"] == "首頁")
        #expect(try counts("ko_KR", [1, 2]) == ["기록 1개", "기록 2개"])
        #expect(try counts("ar", [0, 1, 2, 3, 11, 100])
                == ["لا توجد تدوينات", "تدوينة واحدة", "تدوينتان", "3 تدوينات", "11 تدوينة", "100 تدوينة"])
        #expect(try counts("en_US", [1, 2], key: "streak.days") == ["1 day", "2 days"])
        #expect(try counts("en_US", [1, 3], key: "heatmap.year").map { $0.replacingOccurrences(of: "{year}", with: "Y") }
                == ["Y: 1 entry", "Y: 3 entries"])
    }

    /// A theme's own language file in the old form (one string) still counts, with its text for every number.
    @Test func aPlainStringStandsForEveryForm() {
        let strings = UIStrings(table: ["count.entries": "{n} posts"], language: "en")
        #expect(strings.plural("count.entries")(1, number: "1") == "1 posts")
    }

    @Test func writingDirectionComesFromTheLocale() {
        #expect(PagePresenter.direction(locale: "ar") == "rtl")
        #expect(PagePresenter.direction(locale: "ar_EG") == "rtl")
        #expect(PagePresenter.direction(locale: "he_IL") == "rtl")
        #expect(PagePresenter.direction(locale: "fa-IR") == "rtl")
        #expect(PagePresenter.direction(locale: "en_US") == "ltr")
        #expect(PagePresenter.direction(locale: "ko_KR") == "ltr")
        #expect(PagePresenter.direction(locale: "az_Arab") == "rtl")
        #expect(PagePresenter.direction(locale: "pa_Arab_PK") == "rtl")
        #expect(PagePresenter.direction(locale: "zh_Hans_CN") == "ltr")
    }

    /// Dates through ICU in each language, in a pinned zone (Asia/Seoul, +09:00).
    @Test(arguments: [
        ("en_US", "Nov 13, 2021", "Nov 13, 2021 at 9:30\u{202F}AM", "November 2021", "Saturday, Nov 13, 2021"),
        ("ko_KR", "2021. 11. 13.", "2021. 11. 13. 오전 9:30", "2021년 11월", "2021년 11월 13일 토요일"),
        ("ja_JP", "2021/11/13", "2021/11/13 9:30", "2021年11月", "2021年11月13日 土曜日"),
        ("zh_CN", "2021年11月13日", "2021年11月13日 09:30", "2021年11月", "2021年11月13日 星期六"),
        ("zh-Hans", "2021年11月13日", "2021年11月13日 09:30", "2021年11月", "2021年11月13日 星期六"),
        ("de_DE", "13.11.2021", "13.11.2021, 09:30", "November 2021", "Samstag, 13. Nov. 2021"),
        ("fr_FR", "13 nov. 2021", "13 nov. 2021 à 09:30", "novembre 2021", "samedi 13 nov. 2021"),
        ("es_ES", "13 nov 2021", "13 nov 2021, 9:30", "noviembre de 2021", "sábado, 13 de nov de 2021"),
        ("ar", "13\u{200F}/11\u{200F}/2021", "13\u{200F}/11\u{200F}/2021، 9:30\u{A0}ص", "نوفمبر 2021", "السبت، 13 نوفمبر، 2021"),
        ("ar_EG", "١٣\u{200F}/١١\u{200F}/٢٠٢١", "١٣\u{200F}/١١\u{200F}/٢٠٢١، ٩:٣٠\u{A0}ص", "نوفمبر ٢٠٢١", "السبت، ١٣ نوفمبر، ٢٠٢١"),
    ])
    func datesInEachLanguage(locale: String, date: String, dateTime: String, month: String, heading: String) throws {
        #expect(SiteLoader.isKnownLocale(locale))
        let formats = DateFormats(locale: locale, timeZone: "Asia/Seoul")
        #expect(formats.text(formats.moment(try ISODate.parse("2021-11-13").get())) == date)
        #expect(formats.text(formats.moment(try ISODate.parse("2021-11-13T00:30:00Z").get())) == dateTime)
        #expect(formats.text(MonthKey(year: 2021, month: 11)) == month)
        #expect(formats.heading(CalendarDay(year: 2021, month: 11, day: 13)) == heading)
    }

    @Test func anArabicSiteIsRightToLeft() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "يومياتي", "locale": "ar", "timeZone": "Asia/Riyadh"}"#,
            "diary.json": #"[{"id": "a", "title": "نزهة", "date": "2021-11-13", "body": "مشينا."}, {"id": "b", "title": "Walk", "date": "2021-11-14"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let entry = try #require(site.read("out/entries/a/index.html"))
        #expect(entry.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(entry.contains(#"<h1 dir="auto">نزهة</h1>"#))
        #expect(entry.contains(#"<div class="body" dir="auto">"#))
        let archive = try #require(site.read("out/months/index.html"))
        #expect(archive.contains(#"<span class="count">تدوينتان</span>"#))
        #expect(archive.contains(#"<li><a href="#))
        let home = try #require(site.read("out/index.html"))
        #expect(home.contains(#"<li class="entry-item">"#))
        #expect(home.contains(#"<li class="card card-entries"#))
    }

    /// Found by a localization audit: on a Turkish page (before the theme had Turkish; Azerbaijani
    /// capitalizes `i` alike) the English card titles were upper-cased by Turkish rules ("LOCATİON"), and on a Hebrew one (before it had Hebrew; Urdu here) "2 entries" read "entries 2". The theme's
    /// English card titles on a page of a language it has no strings for are in capitals already
    /// (English's), and the subheading and the footer's line take their own direction.
    @Test func englishWordsOnAPageOfAnotherLanguageSaySo() throws {
        for (locale, marked) in [("az_AZ", true), ("ur_PK", true), ("ko_KR", false), ("en_GB", false)] {
            let site = try TempSite(files: [
                "daybook.json": #"{"title": "T", "locale": "\#(locale)"}"#,
                "diary.json": #"[{"id": "a", "title": "Gezi", "date": "2021-11-13", "body": "x", "location": "İzmir"}]"#,
            ])
            _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
            let entry = try #require(site.read("out/entries/a/index.html"))
            #expect(entry.contains(#"</span>LOCATION</div>"#) == marked, "\(locale)")
            let month = try #require(site.read("out/months/2021-11/index.html"))
            #expect(month.contains(marked ? #"<p class="subheading" dir="auto" lang="en">"# : #"<p class="subheading" dir="auto">"#), "\(locale)")
        }
    }

    /// Found by a localization audit: on a Turkish site (a language the theme had no strings
    /// for then; Azerbaijani here) the skip link, the menu and the search form said "Skip to content", "Home" and
    /// "Search" inside `<html lang="tr-TR">`, so screen readers read them with Turkish sounds. The
    /// elements that hold only the theme's English words say `lang="en"`; the diary's words, the
    /// locale's dates and the search field (what the reader types) stay in the page's language.
    @Test func theThemesEnglishWordsAreMarkedEnglish() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Gündəlik", "locale": "az_AZ", "timeZone": "UTC", "menu": ["about"]}"#,
            "diary.json": #"[{"id": "a", "title": "Gezi", "date": "2021-11-13", "body": "Yürüdük.", "location": "İzmir", "tags": ["yürüyüş"]}]"#,
            "todos.json": #"[{"id": 1, "detail": "Ekmek al", "due": "2026-02-01"}]"#,
            "pages/about.md": "---\ntitle: Hakkında\n---\nBen.\n",
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let home = try #require(site.read("out/index.html"))
        for line in [
            ##"<a class="skip-link" href="#main" lang="en">Skip to content</a>"##,
            #"<li><a href="index.html" aria-current="page" lang="en">Home</a></li>"#,
            #"<li><a href="about/index.html">Hakkında</a></li>"#,
            #"<form class="site-search" role="search" action="search/index.html" aria-label="Search" lang="en">"#,
            #"placeholder="Search the diary" autocomplete="off" aria-keyshortcuts="/" lang="az-AZ">"#,
            #"<h1 lang="en">Latest entries</h1>"#,
            #"<p><bdi>Gündəlik</bdi> · <bdi lang="en">Generated "#,
        ] { #expect(home.contains(line), "\(line)") }
        let month = try #require(site.read("out/months/2021-11/index.html"))
        for line in [
            #"<li lang="en"><a href="../index.html">Months</a></li>"#,
            #"<li><span aria-current="page">noyabr 2021</span></li>"#,
            "<h1>noyabr 2021</h1>",
        ] { #expect(month.contains(line), "\(line)") }
        let entry = try #require(site.read("out/entries/a/index.html"))
        #expect(entry.contains(#"<div class="card-title" lang="en"><span class="card-icon" aria-hidden="true">"#))
        #expect(entry.contains(#"<div class="card-value" dir="auto" lang="en">None</div>"#))
        #expect(entry.contains(#"<div class="card-value" dir="auto">İzmir</div>"#))
        let tag = try #require(site.read("out/tags/yürüyüş/index.html"))
        #expect(tag.contains(#"<h1 lang="en">Tagged “yürüyüş”</h1>"#))
        let todos = try #require(site.read("out/todos/index.html"))
        #expect(todos.contains(#"<h2 id="todos-upcoming" lang="en">Upcoming</h2>"#))

        // A language the theme has: no page says anything is English.
        let korean = try TempSite(files: [
            "daybook.json": #"{"title": "일기", "locale": "ko_KR", "timeZone": "UTC", "menu": ["about"]}"#,
            "diary.json": #"[{"id": "a", "title": "산책", "date": "2021-11-13", "body": "걸었다.", "tags": ["산책"]}]"#,
            "todos.json": #"[{"id": 1, "detail": "빵 사기", "due": "2026-02-01"}]"#,
            "pages/about.md": "---\ntitle: 소개\n---\n나.\n",
        ])
        _ = try SiteBuilder(siteRoot: korean.root, options: BuildOptions(output: korean.root + "/out", now: SiteBuildTests.now)).build()
        for page in ["index.html", "months/2021-11/index.html", "entries/a/index.html", "todos/index.html", "search/index.html"] {
            let html = try #require(korean.read("out/" + page))
            #expect(!html.contains(#" lang="en""#), "\(page)")
            #expect(html.contains(##"<a class="skip-link" href="#main">"##), "\(page)")
        }
    }

    /// Found by an i18n audit: a locale with Unicode extensions was refused. `ar-SA-u-nu-latn`
    /// (Arabic with Latin digits, as many in the Gulf write) is right to left, in Arabic, with
    /// 0–9; `de-DE-u-fw-sun` starts weeks on Sunday.
    @Test func unicodeExtensionsOfTheLocaleAreTaken() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "يومياتي", "locale": "ar-SA-u-nu-latn", "timeZone": "Asia/Riyadh"}"#,
            "diary.json": #"[{"id": "a", "title": "نزهة", "date": "2021-11-13", "body": "مشينا."}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let entry = try #require(site.read("out/entries/a/index.html"))
        #expect(entry.contains(#"<html lang="ar-SA-u-nu-latn" dir="rtl">"#))
        #expect(entry.contains(#"<time datetime="2021-11-13">13‏/11‏/2021</time>"#))
        #expect(PagePresenter.direction(locale: "ar-SA-u-nu-latn") == "rtl")
        #expect(UIStrings.language(ofLocale: "zh-u-nu-hant") == "zh")
        #expect(ReportPresenter.firstWeekday(locale: "de-DE-u-fw-sun") == 1)
        #expect(ReportPresenter.firstWeekday(locale: "de-DE") == 2)
        #expect(LocaleTag.base("ar-SA-u-nu-latn") == "ar-SA")
        #expect(LocaleTag.unicodeExtensions("en-US-u-nu-latn-fw-mon-va") == ["nu": "latn", "fw": "mon", "va": "true"])
        #expect(LocaleTag.unicodeExtensions("en-US") == [:])
        #expect(LocaleTag.unicodeExtensions("en-US-x-private") == nil)
        #expect(LocaleTag.unicodeExtensions("en-US-u-latn") == nil)
        #expect(SiteLoader.localeProblem("ar-SA-u-nu-latn") == nil)
        #expect(SiteLoader.localeProblem("ar-EG-u-ca-gregory") == nil)
        #expect(SiteLoader.localeProblem("th-TH-u-ca-buddhist")
                == #"locale "th-TH-u-ca-buddhist" asks for the buddhist calendar; Daybook's days and months are Gregorian: use "th-TH""#)
        #expect(SiteLoader.localeProblem("en_US@numbers=arab")
                == #"unknown locale "en_US@numbers=arab"; expected an ICU locale such as "en_US" or "ko_KR", with Unicode extensions written as BCP 47 ("ar-SA-u-nu-latn", not "ar_SA@numbers=latn")"#)
        #expect(SiteLoader.localeProblem("xx-u-nu-latn") == #"unknown locale "xx-u-nu-latn"; expected an ICU locale such as "en_US" or "ko_KR""#)
        // Found by a build audit: $LANG's form and another case got no hint.
        #expect(SiteLoader.localeProblem("de_DE.UTF-8") == #"unknown locale "de_DE.UTF-8"; expected an ICU locale such as "en_US" or "ko_KR" (did you mean "de_DE"?)"#)
        #expect(SiteLoader.localeProblem("EN_us") == #"unknown locale "EN_us"; expected an ICU locale such as "en_US" or "ko_KR" (did you mean "en_US"?)"#)
        #expect(SiteLoader.localeProblem("zh-hant-tw") == #"unknown locale "zh-hant-tw"; expected an ICU locale such as "en_US" or "ko_KR" (did you mean "zh_Hant_TW"?)"#)
    }

    /// Found by a build audit: a zone's name in another case got no hint.
    @Test func aTimeZoneInAnotherCaseIsNamed() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T", "timeZone": "europe/paris"}"#])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(loaded.errors.map(\.reason) == [#"unknown time zone "europe/paris"; expected an IANA name such as "UTC" or "Asia/Seoul" (did you mean "Europe/Paris"?)"#])
    }

    /// Found by a newcomer's audit: a misspelt zone (`Asia/Seol`), a city alone (`Seoul`), an
    /// abbreviation (`KST`) or `utc` got no hint; an entry's zone gets the same one.
    @Test(arguments: [("Asia/Seol", "Asia/Seoul"), ("Seoul", "Asia/Seoul"), ("new york", "America/New_York"),
                      ("KST", "Asia/Seoul"), ("utc", "UTC"), ("Asia/Tokio", "Asia/Tokyo")])
    func aNearTimeZoneIsNamed(typed: String, meant: String) throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T", "timeZone": "\#(typed)"}"#,
                                        "diary.json": #"[{"title": "A", "date": "2021-11-13", "timeZone": "\#(typed)"}]"#])
        let loaded = try SiteLoader(root: site.root).loadAll()
        let reason = #"unknown time zone "\#(typed)"; expected an IANA name such as "UTC" or "Asia/Seoul" (did you mean "\#(meant)"?)"#
        #expect(loaded.errors.map(\.reason) == [reason, reason])
    }

    @Test func aZoneNearNoneGetsNoGuess() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T", "timeZone": "Mars/Olympus"}"#])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(loaded.errors.map(\.reason) == [#"unknown time zone "Mars/Olympus"; expected an IANA name such as "UTC" or "Asia/Seoul""#])
    }

    /// Found by a theme audit: a site's Swedish file of three strings (a language the theme has no
    /// file for) showed the other strings in English, and `check --strict` said nothing. A file of
    /// a language the theme has needs only what it changes: no warning there.
    @Test func aLanguageFileOfTheSitesOwnSaysWhatItLeavesInEnglish() throws {
        let swedish = Theme.builtIn(overriddenBy: ["i18n/sv.json": Array(#"{"nav.home": "Hem", "nav.months": "Månader"}"#.utf8)])
        let strings = try UIStrings(theme: swedish, locale: "sv_SE", siteRoot: "/s")
        let total = UIStrings.builtInKeyList.count
        #expect(strings.warnings.map(\.description) == ["/s/templates/i18n/sv.json: \(total - 2) of the theme's \(total) UI strings are not in it, so pages show "
            + #"them in English: "nav.tags", "nav.todos", "nav.label", "breadcrumbs.label", "skip.content", … (i18n/en.json of `daybook theme export` has them all)"#])
        let german = Theme.builtIn(overriddenBy: ["i18n/de.json": Array(#"{"nav.home": "Start"}"#.utf8)])
        #expect(try UIStrings(theme: german, locale: "de_DE", siteRoot: "/s").warnings.isEmpty)
    }

    /// Found by a theming audit: `i18n/pt-BR.json` on a `pt_BR` site was never read, and
    /// `i18n/deutsch.json` was not warned about, even with --strict.
    @Test func aRegionsLanguageFileIsReadOverItsLanguage() throws {
        for name in ["pt-BR", "pt_BR", "pt-br"] {
            let theme = Theme.builtIn(overriddenBy: [
                "i18n/\(name).json": #"{"home.heading": "Últimas entradas", "count.entries": {"one": "{n} registro"}}"#,
                "i18n/pt.json": #"{"home.heading": "Entradas", "months.heading": "Meses", "count.entries": {"one": "{n} entrada", "other": "{n} entradas"}}"#,
            ].mapValues { Array($0.utf8) })
            let strings = try UIStrings(theme: theme, locale: "pt_BR")
            #expect(strings["home.heading"] == "Últimas entradas", "\(name)")
            #expect(strings["months.heading"] == "Meses", "\(name)")
            // The region changes one form; its language keeps the others.
            #expect(strings.plural("count.entries")(1, number: "1") == "1 registro")
            #expect(strings.plural("count.entries")(2, number: "2") == "2 entradas")
        }
        let theme = Theme.builtIn(overriddenBy: ["i18n/deutsch.json": Array("{}".utf8), "i18n/en-GB.json": Array("{}".utf8)])
        let warnings = theme.unusedOverrides(siteRoot: "site", usedNames: [])
        #expect(warnings.map(\.reason) == ["names no language, so it is not used (a language file is named by the locale's language, as it.json, or language and region, as pt-BR.json)"])
        #expect(warnings.map(\.file) == ["site/templates/i18n/deutsch.json"])
    }

    /// Counts in aria labels and tooltips take the plural rule too.
    @Test func ariaLabelsCountWithThePluralRule() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Log"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13"}, {"title": "B", "date": "2021-11-13T10:00:00Z"}, {"title": "C", "date": "2021-11-14"}]"#,
        ])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
        let archive = try #require(site.read("out/months/index.html"))
        #expect(archive.contains(#"aria-label="2021: 3 entries""#))
        #expect(archive.contains("<title>Nov 14, 2021: 1 entry</title>"))
        #expect(archive.contains("<title>Nov 13, 2021: 2 entries</title>"))
        let report = try #require(site.read("out/reports/2021-11/index.html"))
        #expect(report.contains("Nov 14, 2021: 1 entry"))
    }
}

/// The heat map writes its numbers in the locale's digits, as the rest of the page does.
@Suite struct HeatMapDigitsTests {
    @Test func arabicDigitsInTheYearAndItsLabels() throws {
        let day = CalendarDay(year: 2024, month: 3, day: 5)
        let map = HeatMap(counts: [day: 4], formats: DateFormats(locale: "ar_EG", timeZone: "UTC"),
                          strings: try UIStrings(theme: .builtIn, locale: "ar_EG"))
        let year = try #require(map.years.first)
        #expect(year.label == "٢٠٢٤")
        #expect(year.ariaLabel.contains("٢٠٢٤") && year.ariaLabel.contains("٤") && !year.ariaLabel.contains("2024"))
        let english = HeatMap(counts: [day: 1234], formats: DateFormats(locale: "en_US", timeZone: "UTC"),
                              strings: try UIStrings(theme: .builtIn, locale: "en_US"))
        #expect(english.years.first?.label == "2024")
        #expect(english.years.first?.ariaLabel == "2024: 1,234 entries")
    }
}

/// Found by a newcomer's audit: the rest of the year after now said "Dec 31, 2026: 0 entries".
@Suite struct HeatMapLaterDaysTests {
    @Test func daysAfterTodayAreDrawnWithoutACount() throws {
        let today = CalendarDay(year: 2026, month: 1, day: 2)
        let later = CalendarDay(year: 2026, month: 3, day: 1)
        let map = HeatMap(counts: [CalendarDay(year: 2026, month: 1, day: 1): 1, later: 2],
                          formats: DateFormats(locale: "en_US", timeZone: "UTC"),
                          strings: try UIStrings(theme: .builtIn, locale: "en_US"), today: today)
        let cells = try #require(map.years.first).cells
        #expect(cells.count == 365)
        #expect(cells[0].className == "l1" && cells[0].label == "Jan 1, 2026: 1 entry")
        #expect(cells[1].className == "l0" && cells[1].label == "Jan 2, 2026: 0 entries")
        #expect(cells[2].className == "later" && cells[2].label == "Jan 3, 2026")
        // An entry dated after now (built with --future) is counted where it is.
        #expect(cells[59].className == "l3" && cells[59].label == "Mar 1, 2026: 2 entries")
        #expect(cells[364].className == "later" && cells[364].label == "Dec 31, 2026")
        #expect(cells.filter { $0.className == "later" }.count == 362)
    }
}

/// Lists of words are parted as the language writes them.
@Suite struct ListSeparatorTests {
    @Test func arabicChineseJapaneseAndTheRest() {
        #expect(PagePresenter.listSeparator(locale: "ar_EG") == "، ")
        #expect(PagePresenter.listSeparator(locale: "fa_IR") == "، ")
        #expect(PagePresenter.listSeparator(locale: "zh_TW") == "、")
        #expect(PagePresenter.listSeparator(locale: "ja_JP") == "、")
        #expect(PagePresenter.listSeparator(locale: "ko_KR") == ", ")
        #expect(PagePresenter.listSeparator(locale: "en_US") == ", ")
    }
}

/// Found by an i18n audit: French puts a space before `:` and inside `« »`, one that must not
/// break (else `:` or `»` starts a line).
@Suite struct FrenchTypographyTests {
    @Test func frenchStringsKeepTheirPunctuationOnItsLine() throws {
        let text = String(decoding: try #require(Theme.builtIn.files["i18n/fr.json"]), as: UTF8.self)
        #expect(!text.contains(" :") && !text.contains("« ") && !text.contains(" »"))
        #expect(text.contains("\u{A0}:") && text.contains("«\u{A0}"))
    }
}

/// Found by an i18n audit: on an `ar_EG` site the pager said `الصفحة 1 من 3` with page links
/// `2` and `3`, where every other number of the page is in Arabic-Indic digits.
@Suite struct PagerDigitsTests {
    @Test func pageNumbersAreInTheLocalesDigits() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "ar_EG", "timeZone": "UTC", "pageSize": 1}"#,
            "diary.json": #"[{"title": "أ", "date": "2021-11-10"}, {"title": "ب", "date": "2021-11-11"}, {"title": "ج", "date": "2021-11-12"}]"#,
        ])
        try SiteBuildTests.build(site, into: site.root + "/out")
        let home = try #require(site.read("out/index.html"))
        #expect(home.contains("الصفحة ١ من ٣"))
        #expect(home.contains(#"<a href="page/2/index.html">٢</a>"#))
        #expect(try #require(site.read("out/page/3/index.html")).contains("<title>الصفحة ٣ من ٣"))
    }
}

/// Found by an i18n audit: the tags page listed tags by their bytes (`Zebra` before `Äpfel`).
@Suite struct TagOrderTests {
    @Test(arguments: [
        ("de_DE", ["Äpfel", "apple", "Éclair", "Ofen", "Übermut", "Zebra"]),
        ("es_ES", ["Äpfel", "apple", "Éclair", "Ofen", "Übermut", "Zebra"]),
        // Found by a later audit: Å, Ä and Ö are letters after Z in Swedish, Æ, Ø and Å in Danish.
        ("sv_SE", ["apple", "Éclair", "Ofen", "Übermut", "Zebra", "Åsa", "Äpfel", "Öl"]),
        ("da_DK", ["apple", "Éclair", "Ofen", "Übermut", "Zebra", "Æble", "Øl", "Åsa"]),
        ("tr_TR", ["apple", "Çay", "Éclair", "Ofen", "Öl", "Übermut", "Zebra"]),
        ("es_ES", ["nube", "nudo", "ñandú", "Ofen"]),
        // Found by a later audit: Russian `й` is a letter after `и` (it was read as `и`), Japanese
        // kana were hiragana first, then katakana, and Chinese was in the order of its code points.
        ("ru_RU", ["еда", "ёлка", "ель", "жизнь", "игра", "искусство", "йога", "Яблоко"]),
        ("ja_JP", ["アイス", "あさ", "がっこう", "かめ", "カメラ", "さくら"]),
        ("zh_CN", ["爱", "北京", "旅行", "上海", "中国"]),
    ])
    func tagsAreInTheLanguagesAlphabeticalOrder(locale: String, order: [String]) throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC", "locale": "\#(locale)"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-12", "tags": \#(Array(order.reversed()))}]"#,
        ])
        try SiteBuildTests.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/tags/index.html"))
        let shown = page.matches(of: #/dir="auto">([^<]+)</a> <span class="count"/#).map { String($0.1) }
        #expect(shown == order)
    }
}

/// Found by an i18n audit: a language the theme has no strings for (Portuguese then, Persian
/// before it had Persian; Bengali and Hindi here, whose rule is Persian's) showed English
/// strings chosen by its own plural rule: "0 entry".
@Suite struct FallbackPluralTests {
    @Test(arguments: ["bn_BD", "hi_IN"])
    func englishStringsAreCountedInEnglish(locale: String) throws {
        let strings = try UIStrings(theme: Theme.builtIn, locale: locale)
        #expect(strings.plural("count.entries")(0, number: "0") == "0 entries")
        #expect(strings.plural("count.entries")(1, number: "1") == "1 entry")
        // A language the theme has keeps its own rule: French says "0 entrée".
        #expect(try UIStrings(theme: Theme.builtIn, locale: "fr_FR").plural("count.entries")(0, number: "0") == "0 entrée")
    }
}

/// Found by an i18n audit: the months page's heat map started its weeks on Sunday everywhere,
/// where the same site's report calendar starts them on Monday (German).
@Suite struct HeatMapWeekTests {
    @Test func rowsStartOnTheLocalesFirstDayOfTheWeek() throws {
        let monday = CalendarDay(year: 2021, month: 11, day: 8), sunday = CalendarDay(year: 2021, month: 11, day: 14)
        let strings = try UIStrings(theme: Theme.builtIn, locale: "de_DE")
        let map = HeatMap(counts: [monday: 1, sunday: 1], formats: DateFormats(locale: "de_DE", timeZone: "UTC"), strings: strings,
                          firstWeekday: ReportPresenter.firstWeekday(locale: "de_DE"))
        let cells = map.years[0].cells
        let step = HeatMap.cell + HeatMap.gap
        #expect(cells[311].y == HeatMap.top)  // Monday, 8 November: the first row
        #expect(cells[317].y == HeatMap.top + 6 * step)  // Sunday, 14 November: the last
        #expect(cells[311].x == cells[317].x)  // one week, one column
        let american = HeatMap(counts: [monday: 1], formats: DateFormats(locale: "en_US", timeZone: "UTC"), strings: strings, firstWeekday: 1)
        #expect(american.years[0].cells[317].y == HeatMap.top)
    }
}
