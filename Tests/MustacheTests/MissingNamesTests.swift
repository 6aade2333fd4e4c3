import Testing
@testable import Mustache

/// Names a render finds in no context, recorded only when asked.
@Suite struct MissingNamesTests {
    @Test func missesAreRecordedAtTheirTagsWithTheNamesAround() throws {
        let template = try Template("Hi {{titel}}!\n{{#entry}}{{entry.phtos}}{{/entry}}{{^nope}}-{{/nope}}{{title}}{{#null}}{{/null}}",
                                    name: "page")
        var library = TemplateLibrary(templates: [:])
        let misses = MissingNames()
        library.missingNames = misses
        let context: MustacheValue = .object(["title": .string("T"), "null": .null,
                                              "entry": .object(["photos": .list([]), "body": .string("b")])])
        #expect(try template.render(context, partials: library) == "Hi !\n-T")
        #expect(misses.misses.map { "\($0.template):\($0.line):\($0.column) \($0.name) \($0.available)" } == [
            #"page:1:4 titel ["entry", "null", "title"]"#,
            #"page:2:11 entry.phtos ["body", "photos"]"#,
            #"page:2:36 nope ["entry", "null", "title"]"#,
        ])
        // Without a recorder nothing is kept, and the output is the same.
        #expect(try template.render(context, partials: TemplateLibrary(templates: [:])) == "Hi !\n-T")
    }

    /// Found by a theme audit: a dynamic partial that found no template, or no value for its
    /// name, rendered nothing without a word.
    @Test func aDynamicPartialThatFindsNothingIsRecorded() throws {
        var library = try TemplateLibrary(sources: ["page": "{{>*kind}}|{{>*knd}}|{{>*empty}}", "entry": "E", "todo": "T"])
        let misses = MissingNames()
        library.missingNames = misses
        #expect(try library.render("page", ["kind": "entyr", "empty": ""]) == "||")
        #expect(misses.misses.map { "\($0.template):\($0.line):\($0.column) \($0.name) \($0.partial ?? "-")" } == [
            "page:1:1 kind entyr",
            "page:1:12 knd -",
        ])
        #expect(misses.misses.first?.available == ["entry", "page", "todo"])
    }

    /// Found by a theme audit: a partial that pages of two kinds include, with a misspelt name,
    /// was two warnings at one tag, one with "did you mean" and one without.
    @Test func aTagMissedInTwoContextsIsOneMissWithTheNamesOfBoth() throws {
        var library = try TemplateLibrary(sources: ["cards": "{{titel}}", "entry": "{{>cards}}", "todos": "{{>cards}}"])
        let misses = MissingNames()
        library.missingNames = misses
        #expect(try library.render("entry", ["title": "T"]) == "")
        #expect(try library.render("todos", ["today": "D"]) == "")
        #expect(misses.misses.map { "\($0.template):\($0.line):\($0.column) \($0.name) \($0.available)" } == [
            #"cards:1:1 titel ["title", "today"]"#,
        ])
    }
}
