@testable import Mustache
import Testing

/// Rendering behaviour beyond the spec files: escaping, value formatting,
/// truthiness choices, indentation, size and depth limits.
struct RenderingTests {
    private func render(_ source: String, _ context: MustacheValue, partials: [String: String] = [:]) throws -> String {
        let library = try TemplateLibrary(sources: partials)
        return try Template(source).render(context, partials: library)
    }

    @Test(arguments: [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")])
    func escapesEachSpecialCharacter(_ character: String, _ entity: String) throws {
        #expect(try render("[{{x}}]", ["x": .string(character)]) == "[\(entity)]")
    }

    @Test func escapingKeepsOtherTextIntact() throws {
        #expect(try render("{{x}}", ["x": "é<b>€ & \"q\" 'é'/=`"]) ==
            "é&lt;b&gt;€ &amp; &quot;q&quot; &#39;é&#39;/=`")
    }

    @Test func wordTestFindsExactlyTheSpecialBytes() {
        for byte in 0...255 {
            let special = [0x22, 0x26, 0x27, 0x3C, 0x3E].contains(byte)
            for lane in 0..<8 {
                var bytes = [UInt8](repeating: 0x61, count: 8)
                bytes[lane] = UInt8(byte)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(Output.mayHoldSpecial(word) == special, "byte \(byte) in lane \(lane)")
            }
        }
    }

    @Test func escapingEqualsAByteByByteEscape() {
        func naive(_ bytes: [UInt8]) -> [UInt8] {
            bytes.flatMap { byte -> [UInt8] in
                switch byte {
                case 0x26: Array("&amp;".utf8)
                case 0x3C: Array("&lt;".utf8)
                case 0x3E: Array("&gt;".utf8)
                case 0x22: Array("&quot;".utf8)
                case 0x27: Array("&#39;".utf8)
                default: [byte]
                }
            }
        }
        let alphabet = Array("ab <>&\"'é€=/".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0..<40 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ -> UInt8 in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                }
                // A sink of the smallest capacity, so that it grows along the way.
                var sink = ByteSink(capacity: 1)
                sink.append(0x7C)
                bytes.withUnsafeBufferPointer { Output.appendEscaped($0, to: &sink) }
                var out: [UInt8] = []
                sink.copy(to: &out)
                #expect(out == [0x7C] + naive(bytes))
            }
        }
    }

    /// Runs of up to 16 bytes are copied by two loads and stores that overlap: every length from
    /// every offset of a text, one after another into one sink, is the text's bytes in order.
    @Test func shortRunsAreCopiedWhole() {
        let text = Array((0..<64).map { UInt8(0x21 + $0) })
        var expected: [UInt8] = []
        var sink = ByteSink(capacity: 1)
        text.withUnsafeBufferPointer { all in
            for length in 0...40 {
                for start in stride(from: 0, through: text.count - length, by: 7) {
                    sink.append(all.baseAddress! + start, count: length)
                    expected += text[start..<start + length]
                }
            }
        }
        var out: [UInt8] = []
        sink.copy(to: &out)
        #expect(out == expected)
    }

    @Test func namesSharingTheirFirstBytesAreToldApart() throws {
        let names = ["a", "ab", "abcdefg", "abcdefgh", "abcdefgi", "abcdefghij", "abcdefgX", "산책", "산책로", ""]
        let object = MustacheObject(members: names.enumerated().map { ($0.element, MustacheValue.int($0.offset)) })
        for (position, name) in names.enumerated() {
            #expect(object[name] == .int(position), "\(name)")
        }
        #expect(object["abcdefgj"] == nil)
        #expect(object["abcdef"] == nil)
        #expect(object["산"] == nil)
    }

    @Test func objectsOfOneShapeShareTheirNames() throws {
        let pair = MustacheShape("a", "b", "a")
        let wide = MustacheShape((0..<40).map { "name\($0)" })
        let first = MustacheValue.object(MustacheObject(pair, ["1", "2", "3"]))
        let second = MustacheValue.object(MustacheObject(wide, (0..<40).map { .int($0 * 10) }))
        #expect(try render("{{#p}}{{a}}{{b}}{{/p}}|{{#w}}{{name0}} {{name39}}{{/w}}", ["p": first, "w": second]) == "32|0 390")
        #expect(MustacheObject(wide, (0..<40).map { .int($0) })["name40"] == nil)
    }

    @Test func contextsNestDeeperThanTheStackFirstHolds() throws {
        var context: MustacheValue = ["x": "deep"]
        for _ in 0..<40 { context = ["a": context] }
        let source = String(repeating: "{{#a}}", count: 40) + "{{x}}{{top}}" + String(repeating: "{{/a}}", count: 40)
        guard case .object(let root) = context else { return }
        let withTop = MustacheValue.object(MustacheObject(members: root.members + [("top", "!")]))
        #expect(try render(source, withTop) == "deep!")
    }

    /// A lookup reads each object context through a view kept beside it on the stack: a context
    /// of another kind pushed where an object was has no members, and the outer object answers.
    @Test func aContextOfAnotherKindInAnObjectsPlaceHasNoMembers() throws {
        let items: MustacheValue = .list([["name": "a"], "text", ["name": "b"], .list([.int(1)]), ["other": "c"]])
        let context: MustacheValue = ["items": items, "name": "outer"]
        #expect(try render("{{#items}}[{{name}}]{{/items}}", context) == "[a][outer][b][outer][outer]")
    }

    @Test func rawInterpolationDoesNotEscape() throws {
        #expect(try render("{{{x}}}|{{&x}}", ["x": "<a href='x'>&</a>"]) ==
            "<a href='x'>&</a>|<a href='x'>&</a>")
    }

    @Test func formatsNumbersAndBooleans() throws {
        let context: MustacheValue = [
            "a": .double(1.210), "b": .double(85000.0), "c": -42, "d": .double(0.1),
            "e": .double(-2.5), "f": .double(1e20), "g": true, "h": false,
        ]
        #expect(try render("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}} {{g}} {{h}}", context) ==
            "1.21 85000 -42 0.1 -2.5 1e+20 true false")
    }

    @Test func listsObjectsAndNullInterpolateAsNothing() throws {
        #expect(try render("[{{l}}|{{o}}|{{n}}|{{missing}}]", ["l": [1, 2], "o": ["k": "v"], "n": nil]) == "[|||]")
    }

    @Test(arguments: [
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.string(""), "F"),
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.int(0), "T"),
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.double(0), "T"),
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.object([:]), "T"),
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.list([]), "F"),
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.null, "F"),
        ("{{#v}}T{{/v}}{{^v}}F{{/v}}", MustacheValue.string("0"), "T"),
    ])
    func truthiness(_ source: String, _ value: MustacheValue, _ expected: String) throws {
        #expect(try render(source, ["v": value]) == expected)
    }

    @Test func missingKeyInInnerObjectFallsBackToOuterContextButNullDoesNot() throws {
        let context: MustacheValue = ["title": "site", "post": ["subtitle": nil], "page": [:]]
        #expect(try render("{{#post}}[{{subtitle}}]{{/post}}{{#page}}[{{title}}]{{/page}}", context) == "[][site]")
    }

    @Test func twoHundredNestedSections() throws {
        var value: MustacheValue = ["leaf": "deep"]
        for _ in 0..<200 {
            value = ["n": value]
        }
        let source = String(repeating: "{{#n}}", count: 200) + "{{leaf}}" + String(repeating: "{{/n}}", count: 200)
        #expect(try render(source, value) == "deep")
    }

    @Test func hundredThousandNestedSectionsDoNotExhaustTheStack() throws {
        // Inverted sections push no context, so lookups stay cheap while nesting stays deep.
        let source = String(repeating: "{{^f}}", count: 100_000) + "x{{v}}" + String(repeating: "{{/f}}", count: 100_000)
        #expect(try render(source, ["f": false, "v": 1]) == "x1")
    }

    @Test func oneMegabyteTemplate() throws {
        var source = ""
        var expected = ""
        var line = 0
        while source.utf8.count < 1_000_000 {
            source += "<p>line \(line): {{name}} & {{{raw}}}</p>\n{{#flag}}yes {{.}}\n{{/flag}}"
            expected += "<p>line \(line): A&amp;B & <i></p>\nyes true\n"
            line += 1
        }
        let output = try render(source, ["name": "A&B", "raw": "<i>", "flag": true])
        #expect(source.utf8.count >= 1_000_000)
        #expect(output == expected)
    }

    @Test func renderIntoAppendsToExistingBytes() throws {
        let template = try Template("{{a}}!")
        var buffer = Array("start:".utf8)
        try template.render(["a": "x"], into: &buffer)
        try template.render(["a": "y"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "start:x!y!")
    }

    @Test func recursivePartialWithoutBaseCaseStopsAtDepthLimit() throws {
        let library = try TemplateLibrary(sources: ["loop": "x{{>loop}}"])
        var buffer: [UInt8] = []
        let error = #expect(throws: TemplateError.self) { try library.render("loop", [:], into: &buffer) }
        #expect(error?.description == "loop:1:2: rendering stopped: \"loop\" would nest more than 100 partials deep"
            + " (does a partial include itself without an end?)")
        // The rendered template itself is not an expansion; 100 nested expansions follow it.
        #expect(String(decoding: buffer, as: UTF8.self) == String(repeating: "x", count: 101))
    }

    @Test func exponentialPartialRecursionStopsAtDepthLimit() throws {
        let library = try TemplateLibrary(sources: ["twice": "{{>twice}}{{>twice}}"])
        #expect(throws: TemplateError(name: "twice", line: 1, column: 1, reason: RenderLimit.depth("twice").reason)) {
            try library.render("twice", [:])
        }
    }

    /// Found by a theme audit: the error named the page's template, not the partial that
    /// includes itself; it is at that partial's tag.
    @Test func runawayRecursionIsLocatedAtTheRecursingTag() throws {
        let library = try TemplateLibrary(sources: ["page": "<main>{{>entry}}</main>", "entry": "line\n  {{>entry}}"])
        let error = #expect(throws: TemplateError.self) { try library.render("page", [:]) }
        #expect(error?.description == "entry:2:3: rendering stopped: \"entry\" would nest more than 100 partials deep"
            + " (does a partial include itself without an end?)")
    }

    @Test func selfReferencingBlockOverrideStopsAtDepthLimit() throws {
        let library = try TemplateLibrary(sources: [
            "page": "{{<base}}{{$a}}x{{$a}}{{/a}}{{/a}}{{/base}}",
            "base": "{{$a}}{{/a}}",
        ])
        var buffer: [UInt8] = []
        #expect(throws: TemplateError(name: "page", line: 1, column: 17, reason: RenderLimit.depth("$a").reason)) {
            try library.render("page", [:], into: &buffer)
        }
        #expect(String(decoding: buffer, as: UTF8.self) == String(repeating: "x", count: 99))
    }

    @Test func wideRecursionStopsAtExpansionLimit() throws {
        // 2^17 expansions at depth 17: under the depth limit, over the expansion limit.
        var sources = ["p17": "x"]
        for level in 0..<17 { sources["p\(level)"] = "{{>p\(level + 1)}}{{>p\(level + 1)}}" }
        let library = try TemplateLibrary(sources: sources)
        var buffer: [UInt8] = []
        #expect(throws: TemplateError(name: "p0", line: 0, column: 0, reason: RenderLimit.expansions.reason)) {
            try library.render("p0", [:], into: &buffer)
        }
        // Depth-first: 16 expansions reach the first leaf, then each further leaf costs about two.
        #expect(buffer.count == 49_996)
    }

    @Test func deepContextLookupsStopAtStepLimit() throws {
        // Each of 100 nested sections pushes a context that the missing name is searched through;
        // 100 x 100 x 100 x 100 = 10^8 context searches would follow.
        let level = "{{#o}}{{#o}}{{#o}}{{#o}}{{#o}}{{#o}}{{#o}}{{#o}}{{#o}}{{#o}}"
        let close = "{{/o}}{{/o}}{{/o}}{{/o}}{{/o}}{{/o}}{{/o}}{{/o}}{{/o}}{{/o}}"
        let inner = "{{#list}}{{#list}}{{#list}}{{#list}}{{missing}}{{/list}}{{/list}}{{/list}}{{/list}}"
        let source = String(repeating: level, count: 10) + inner + String(repeating: close, count: 10)
        let list = MustacheValue.list(Array(repeating: ["k": 1], count: 100))
        let template = try Template(source, name: "deep")
        #expect(throws: TemplateError(name: "deep", line: 0, column: 0, reason: RenderLimit.steps.reason)) {
            try template.render(["o": ["k": 1], "list": list])
        }
    }

    /// Found by a hostile-input audit: contexts that are no object (a section on `true` or a
    /// string) were walked past without a step, so 200,000 nested `{{#a}}` ran for half a minute
    /// (each looks `a` up through every context below it). They count, and the limit stops it.
    @Test func nestedSectionsOnTrueStopAtStepLimit() throws {
        let source = String(repeating: "{{#a}}", count: 100_000) + String(repeating: "{{/a}}", count: 100_000)
        let template = try Template(source, name: "flat")
        #expect(throws: TemplateError(name: "flat", line: 0, column: 0, reason: RenderLimit.steps.reason)) {
            try template.render(["a": true])
        }
    }

    @Test func nestedListsWithoutPartialsStopAtTheOutputLimit() throws {
        // 1000^3 items of 300 bytes would be 300 GB; the output is checked at each item, not
        // only where a partial expands.
        let template = try Template("{{#a}}{{#a}}{{#a}}" + String(repeating: "x", count: 300) + "{{/a}}{{/a}}{{/a}}", name: "amp")
        let list = MustacheValue.list((0..<1000).map { .string(String($0)) })
        #expect(throws: TemplateError(name: "amp", line: 0, column: 0, reason: RenderLimit.output.reason)) {
            try template.render(["a": list])
        }
    }

    @Test func fuzzTimeoutSelfIncludeInsideSectionStops() throws {
        // Found by `make fuzz`: took seconds before lookups counted as work.
        let library = try TemplateLibrary(sources: ["a": "{{#c}}{{>a}}{{/c}}{{>a}}"])
        #expect(throws: TemplateError(name: "a", line: 1, column: 7, reason: RenderLimit.depth("a").reason)) {
            try library.render("a", ["c": ["x": 1]])
        }
    }

    @Test func limitErrorHasNoPositionInItsDescription() {
        let error = TemplateError(name: "page", line: 0, column: 0, reason: "why")
        #expect(error.description == "page: why")
    }

    @Test func standalonePartialIndentsEachLineButNotInterpolatedNewlines() throws {
        let output = try render("<body>\n  {{>item}}\n</body>\n", ["text": "a\nb"],
                                partials: ["item": "<p>\n  {{text}}\n</p>\n"])
        #expect(output == "<body>\n  <p>\n    a\nb\n  </p>\n</body>\n")
    }

    @Test func nestedStandalonePartialsAccumulateIndentation() throws {
        let output = try render("  {{>outer}}\n", [:],
                                partials: ["outer": "<div>\n  {{>inner}}\n</div>\n", "inner": "<p>\n</p>\n"])
        #expect(output == "  <div>\n    <p>\n    </p>\n  </div>\n")
    }

    @Test func indentationSkipsEmptyLines() throws {
        let output = try render("  {{>p}}\n", [:], partials: ["p": "a\n\nb\n"])
        #expect(output == "  a\n\n  b\n")
    }

    @Test func inlinePartialIsNotIndented() throws {
        let output = try render("  <li>{{>p}}</li>\n", [:], partials: ["p": "a\nb"])
        #expect(output == "  <li>a\nb</li>\n")
    }

    @Test func dynamicPartialNameFromNumber() throws {
        #expect(try render("{{>*kind}}", ["kind": 2], partials: ["2": "two"]) == "two")
    }

    private static let layout = """
        <html>
          <head>
            <title>{{$title}}Site{{/title}}</title>
          </head>
          <body>
            {{$content}}
            <p>default</p>
            {{/content}}
          </body>
        </html>

        """

    @Test func pageOverridesIndentedLayoutBlocks() throws {
        let page = """
            {{<layout}}
            {{$title}}{{name}} – Site{{/title}}
            {{$content}}
            <h1>{{name}}</h1>
            {{#items}}
            <li>{{.}}</li>
            {{/items}}
            {{/content}}
            {{/layout}}

            """
        let library = try TemplateLibrary(sources: ["layout": Self.layout, "page": page])
        let expected = """
            <html>
              <head>
                <title>Post – Site</title>
              </head>
              <body>
                <h1>Post</h1>
                <li>a</li>
                <li>b</li>
              </body>
            </html>

            """
        #expect(try library.render("page", ["name": "Post", "items": ["a", "b"]]) == expected)
    }

    @Test func layoutRenderedAloneKeepsItsDefaults() throws {
        let expected = """
            <html>
              <head>
                <title>Site</title>
              </head>
              <body>
                <p>default</p>
              </body>
            </html>

            """
        #expect(try Template(Self.layout).render([:]) == expected)
    }

    @Test func partialNamesListsStaticReferencesWithPositions() throws {
        let template = try Template("{{>header}}\n  é{{<layout}}{{/layout}}{{>*dynamic}}\n{{=<% %>=}}<%> footer %>")
        let names = template.partialNames
        #expect(names.map(\.name) == ["header", "layout", "footer"])
        #expect(names.map(\.line) == [1, 2, 3])
        #expect(names.map(\.column) == [1, 4, 12])
    }
}
