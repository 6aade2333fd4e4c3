import Testing
@testable import DaybookCore

@Suite struct UIStringsTests {
    let strings = UIStrings(table: ["pager": "Page {page} of {pages}", "odd": "{a} {unknown} {b", "plain": "Home",
                                     "nested": "{{n}} 쪽 {n}{n}}{", "korean": "{n}개의 글"],
                            language: "en")

    @Test func fillsEveryPlaceholder() {
        #expect(strings.format("pager", ["page": "2", "pages": "10"]) == "Page 2 of 10")
    }

    @Test func leavesUnknownAndUnclosedPlaceholdersAndDoesNotRefillValues() {
        #expect(strings.format("odd", ["a": "{b}", "b": "x"]) == "{b} {unknown} {b")
    }

    @Test func bracesAroundAndBetweenPlaceholders() {
        #expect(strings.format("nested", ["n": "7"]) == "{7} 쪽 77}{")
        #expect(strings.format("korean", ["n": "1,234"]) == "1,234개의 글")
        #expect(strings.format("korean", [:]) == "{n}개의 글")
    }

    @Test func textWithoutPlaceholdersAndMissingKeys() {
        #expect(strings.format("plain", ["a": "x"]) == "Home")
        #expect(strings.format("missing.key", [:]) == "missing.key")
    }
}

/// A site's own `i18n/<lang>.json` changes the strings it holds and keeps the theme's others.
@Suite struct SiteUIStringsTests {
    static func theme(_ overrides: [String: String]) -> Theme {
        Theme.builtIn(overriddenBy: overrides.mapValues { Array($0.utf8) })
    }

    @Test func aSitesFileHoldsOnlyWhatItChanges() throws {
        let english = try UIStrings(theme: Self.theme(["i18n/en.json": #"{"nav.home": "Start"}"#]), locale: "en_US")
        #expect(english["nav.home"] == "Start")
        #expect(english["nav.months"] == "Months")
        #expect(english.warnings.isEmpty)
        let korean = try UIStrings(theme: Self.theme(["i18n/ko.json": #"{"nav.home": "처음"}"#]), locale: "ko_KR")
        #expect(korean["nav.home"] == "처음")
        #expect(korean["nav.months"] == (try UIStrings(theme: .builtIn, locale: "ko_KR"))["nav.months"])
        #expect(korean["nav.months"] != "Months")
    }

    @Test func aKeyNoStringHasIsAWarning() throws {
        let strings = try UIStrings(theme: Self.theme(["i18n/en.json": "{\n  \"nav.hom\": \"Start\"\n}"]), locale: "en_US", siteRoot: "site")
        #expect(strings.warnings.map(\.description) == [#"site/templates/i18n/en.json:2:3: no UI string is named "nav.hom" (did you mean "nav.home"?)"#])
        #expect(strings["nav.home"] == "Home")
    }

    /// Found by a newcomer's audit: a site's counted phrase with only some forms (`one`) left the
    /// others out, so pages showed the key `count.entries`. In a language the theme has, it changes
    /// only the forms it gives; in one it lacks, with no `other`, it is a warning and the replaced
    /// `other` stays.
    @Test func aCountedPhraseChangesOnlyTheFormsItGives() throws {
        let german = try UIStrings(theme: Self.theme(["i18n/de.json": #"{"count.entries": {"one": "{n} Tagebucheintrag"}}"#]), locale: "de_DE")
        #expect(german.warnings.isEmpty)
        #expect(german.plural("count.entries")(1, number: "1") == "1 Tagebucheintrag")
        #expect(german.plural("count.entries")(3, number: "3") == "3 Einträge")
        let swedish = try UIStrings(theme: Self.theme(["i18n/sv.json": "{\n  \"count.entries\": {\"one\": \"{n} inlägg\"}\n}"]), locale: "sv_SE", siteRoot: "site")
        #expect(swedish.warnings.map(\.description).first == #"site/templates/i18n/sv.json:2:3: "count.entries" has no "other" form, which counts no other form names use (they show "{n} entries")"#)
        let total = UIStrings.builtInKeyList.count
        #expect(swedish.warnings.map(\.description).last == "site/templates/i18n/sv.json: \(total - 1) of the theme's \(total) UI strings are not in it, so pages show them in English: "
            + #""nav.home", "nav.months", "nav.tags", "nav.todos", "nav.label", … (i18n/en.json of `daybook theme export` has them all)"#)
        #expect(swedish.plural("count.entries")(1, number: "1") == "1 inlägg")
        #expect(swedish.plural("count.entries")(3, number: "3") == "3 entries")
        // A plain text replaces the forms whole.
        let plain = try UIStrings(theme: Self.theme(["i18n/en.json": #"{"count.entries": "{n} notes"}"#]), locale: "en_US")
        #expect(plain.plural("count.entries")(1, number: "1") == "1 notes")
    }

    /// Found by a review: a placeholder the string has not is shown as written; `{n}` left out is fine ("one entry").
    @Test func aPlaceholderTheStringHasNotIsAWarning() throws {
        let strings = try UIStrings(theme: Self.theme(["i18n/de.json": "{\"count.entries\": {\"one\": \"ein Eintrag\", \"other\": \"{x} Einträge\"},\n \"nav.home\": \"{home}\", \"search.label\": \"Suche\"}"]),
                                    locale: "de_DE", siteRoot: "site")
        #expect(strings.warnings.map(\.description) == [
            #"site/templates/i18n/de.json:1:51: "{x}" in "count.entries" is shown as written: its placeholders are {n}"#,
            #"site/templates/i18n/de.json:2:14: "{home}" in "nav.home" is shown as written: it has no placeholders"#,
        ])
    }

    /// Found by a theme audit: a string given twice kept the second without a word, and plural
    /// forms given to a string that counts nothing were left unread (the page kept "Home").
    @Test func aStringGivenTwiceOrGivenFormsItHasNotIsAnError() {
        let file = "{\n\"nav.home\": {\"other\": \"Start\"},\n\"nav.months\": \"A\", \"nav.months\": \"B\",\n\"count.entries\": {\"one\": \"x\", \"one\": \"y\"}\n}"
        let error = #expect(throws: SiteErrors.self) {
            try UIStrings(theme: Self.theme(["i18n/en.json": file]), locale: "en_US", siteRoot: "site")
        }
        #expect(error?.errors.map(\.description) == [
            #"site/templates/i18n/en.json:2:13: "nav.home" must be a string, found an object: only a counted phrase (such as "count.entries") has plural forms"#,
            #"site/templates/i18n/en.json:3:20: duplicate key "nav.months" in one object (first at line 3, column 1)"#,
            #"site/templates/i18n/en.json:4:31: duplicate key "one" in one object (first at line 4, column 19)"#,
        ])
    }
}
