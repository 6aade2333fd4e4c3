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
