import Mustache
import Testing

/// One source that must fail to compile, with the exact error expected.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let source: String
    let line: Int
    let column: Int
    let reason: String

    init(_ source: String, _ line: Int, _ column: Int, _ reason: String) {
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason
    }

    var testDescription: String { source.debugDescription }
}

/// One byte sequence that must be rejected as invalid UTF-8 at an exact position.
struct BytesCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let line: Int
    let column: Int

    var testDescription: String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }
}

/// Exact positions and messages of every compile error kind.
struct TemplateErrorTests {
    /// Compiles `source` as "t.mustache" and returns the thrown TemplateError (nil when it compiles).
    private func compileError(_ source: String, name: String = "t.mustache") -> TemplateError? {
        do {
            _ = try Template(source, name: name)
            return nil
        } catch let error as TemplateError {
            return error
        } catch {
            return TemplateError(name: "unexpected", line: -1, column: -1, reason: "\(error)")
        }
    }

    private func check(_ errorCase: ErrorCase) {
        #expect(compileError(errorCase.source) ==
            TemplateError(name: "t.mustache", line: errorCase.line, column: errorCase.column, reason: errorCase.reason))
    }

    @Test func descriptionFormat() {
        let error = TemplateError(name: "layout.mustache", line: 12, column: 5, reason: "unclosed section \"entries\"")
        #expect(error.description == "layout.mustache:12:5: unclosed section \"entries\"")
    }

    @Test(arguments: [
        ErrorCase("Hello {{name", 1, 7, "unclosed tag, expected \"}}\""),
        // "é€ " is 3 scalars but 6 UTF-8 bytes.
        ErrorCase("a\nb\né€ {{x", 3, 4, "unclosed tag, expected \"}}\""),
        ErrorCase("x\n  {{{raw}}", 2, 3, "unclosed tag, expected \"}}}\""),
        ErrorCase("{{! never closed\n}", 1, 1, "unclosed tag, expected \"}}\""),
        ErrorCase("ends with {{", 1, 11, "unclosed tag, expected \"}}\""),
        // Found by a review: a mistyped closer made the next tag's end this one's, and the error a mismatch further on.
        ErrorCase("{{<layout}}{{$content}}<h1>{{title}</h1>{{/content}}{{/layout}}", 1, 28, "tag \"title}</h1>\" runs into the next tag: its \"}}\" is missing or mistyped"),
        ErrorCase("a {{#x}{{/x}}", 1, 3, "tag \"x}\" runs into the next tag: its \"}}\" is missing or mistyped"),
        ErrorCase("{{=<% %>=}}<%a <%b%>", 1, 12, "tag \"a\" runs into the next tag: its \"%>\" is missing or mistyped"),
    ])
    func unclosedTag(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test func unclosedSectionIsLocatedAtItsOpeningTag() {
        let source = "<ul>\n  {{#entries}}\n    <li>{{title}}</li>\n</ul>\n"
        #expect(compileError(source, name: "layout.mustache") ==
            TemplateError(name: "layout.mustache", line: 2, column: 3, reason: "unclosed section \"entries\""))
    }

    @Test(arguments: [
        ErrorCase("a {{^empty}}b", 1, 3, "unclosed section \"empty\""),
        ErrorCase("{{#outer}}{{/outer}}\n{{#a}}{{#b}}{{/b}}", 2, 1, "unclosed section \"a\""),
        ErrorCase("{{<layout}}\n", 1, 1, "unclosed parent \"layout\""),
        ErrorCase("x\n {{$title}}Default", 2, 2, "unclosed block \"title\""),
        ErrorCase("{{<*dynamic}}", 1, 1, "unclosed parent \"*dynamic\""),
    ])
    func unclosedSectionsParentsAndBlocks(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test(arguments: [
        ErrorCase("{{#a}}\n{{#b}}x{{/a}}", 2, 8, "closing tag \"a\" does not match open section \"b\" (opened at 2:1)"),
        ErrorCase("{{$body}}{{/bdy}}", 1, 10, "closing tag \"bdy\" does not match open block \"body\" (opened at 1:1)"),
        ErrorCase("{{<base}}{{/*base}}", 1, 10, "closing tag \"*base\" does not match open parent \"base\" (opened at 1:1)"),
    ])
    func mismatchedCloser(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test(arguments: [
        ErrorCase("text {{/a}}", 1, 6, "unexpected closing tag \"a\""),
        ErrorCase("{{#a}}{{/a}}\n{{/a}}", 2, 1, "unexpected closing tag \"a\""),
    ])
    func unexpectedCloser(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test(arguments: [
        ErrorCase("x{{}}", 1, 2, "empty tag name"),
        ErrorCase("{{ }}", 1, 1, "empty tag name"),
        ErrorCase("{{#}}{{/}}", 1, 1, "empty tag name"),
        ErrorCase("{{{ }}}", 1, 1, "empty tag name"),
        ErrorCase("{{&}}", 1, 1, "empty tag name"),
        ErrorCase("{{>}}", 1, 1, "empty tag name"),
        ErrorCase("{{>*}}", 1, 1, "empty tag name"),
        ErrorCase("{{$ }}{{/ }}", 1, 1, "empty tag name"),
    ])
    func emptyTagName(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test(arguments: [
        ErrorCase("{{first name}}", 1, 1, "invalid tag name \"first name\""),
        ErrorCase("  {{a..b}}", 1, 3, "invalid tag name \"a..b\""),
        ErrorCase("{{#a.}}{{/a.}}", 1, 1, "invalid tag name \"a.\""),
        ErrorCase("{{.a}}", 1, 1, "invalid tag name \".a\""),
        ErrorCase("{{>my partial}}", 1, 1, "invalid tag name \"my partial\""),
    ])
    func invalidTagName(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    /// Found by a docs audit: a template of Hugo's tags was told one error a build. Tags that
    /// open or close nothing are read past, so one pass names every one (and a later error of
    /// the structure too); a section's name stays the first error, as what follows depends on it.
    @Test func everyNamelessVariableTagIsAnError() throws {
        let error = try #require(compileError("{{ .Title }}\n{{#ok}}{{ }}{{/ok}} {{{ .Content }}}\n{{#a..b}}{{ .Never }}"))
        #expect(([error] + error.more).map(\.description) == [
            "t.mustache:1:1: invalid tag name \".Title\"",
            "t.mustache:2:8: empty tag name",
            "t.mustache:2:21: invalid tag name \".Content\"",
            "t.mustache:3:1: invalid tag name \"a..b\"",
        ])
        let unclosed = try #require(compileError("{{ .A }}{{#x}}"))
        #expect(([unclosed] + unclosed.more).map(\.description) == ["t.mustache:1:1: invalid tag name \".A\"", "t.mustache:1:9: unclosed section \"x\""])
        let many = try #require(compileError(String(repeating: "{{ .A }}", count: 60)))
        #expect(many.more.count == 50)
    }

    @Test(arguments: [
        ErrorCase("a\n{{=<%=}}", 2, 1, "invalid set-delimiter tag"),
        ErrorCase("{{=<% %> x=}}", 1, 1, "invalid set-delimiter tag"),
        ErrorCase("{{= =}}", 1, 1, "invalid set-delimiter tag"),
        // Without the closing "=" the tag never ends.
        ErrorCase("{{=<% %>}}", 1, 1, "unclosed tag, expected \"=}}\""),
    ])
    func invalidSetDelimiterTag(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test(arguments: [
        ErrorCase("{{=<% %>=}}\n<%#items%>\n{{/items}}", 2, 1, "unclosed section \"items\""),
        ErrorCase("{{=<% %>=}}\nok <%x", 2, 4, "unclosed tag, expected \"%>\""),
    ])
    func errorsAfterSetDelimitersUseTheNewDelimiters(_ errorCase: ErrorCase) {
        check(errorCase)
    }

    @Test(arguments: [
        // "a\nbé" then a lead byte followed by a non-continuation byte.
        BytesCase(bytes: [0x61, 0x0A, 0x62, 0xC3, 0xA9, 0xC3, 0x28], line: 2, column: 3),
        // Overlong encoding of "/".
        BytesCase(bytes: [0x78, 0xC0, 0xAF], line: 1, column: 2),
        // UTF-16 surrogate U+D800.
        BytesCase(bytes: [0xED, 0xA0, 0x80], line: 1, column: 1),
        // Truncated 3-byte sequence at the end, after a tag.
        BytesCase(bytes: [0x7B, 0x7B, 0x78, 0x7D, 0x7D, 0xE2, 0x82], line: 1, column: 6),
        // Beyond U+10FFFF.
        BytesCase(bytes: [0xF4, 0x90, 0x80, 0x80], line: 1, column: 1),
        // A stray continuation byte after a 4-byte emoji, which counts as one column.
        BytesCase(bytes: [0xF0, 0x9F, 0x98, 0x80, 0x80], line: 1, column: 2),
        BytesCase(bytes: [0x0A, 0x0A, 0xFF], line: 3, column: 1),
    ])
    func invalidUTF8IsLocatedAtTheBadByte(_ bytesCase: BytesCase) {
        var thrown: TemplateError?
        do {
            _ = try Template(bytes: bytesCase.bytes, name: "b.mustache")
        } catch let error as TemplateError {
            thrown = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(thrown == TemplateError(name: "b.mustache", line: bytesCase.line, column: bytesCase.column,
                                        reason: "invalid UTF-8"))
    }

    @Test func validBytesCompileAndRender() throws {
        let template = try Template(bytes: Array("é {{x}}".utf8), name: "b")
        #expect(try template.render(["x": "€"]) == "é €")
    }

    @Test func libraryReportsTheFirstErrorInNameOrder() {
        var thrown: TemplateError?
        do {
            _ = try TemplateLibrary(sources: ["b": "{{#x}}", "a": "fine", "c": "{{/y}}"])
        } catch let error as TemplateError {
            thrown = error
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(thrown == TemplateError(name: "b", line: 1, column: 1, reason: "unclosed section \"x\""))
    }
}
