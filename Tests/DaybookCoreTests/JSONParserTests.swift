import Testing
@testable import DaybookCore

@Suite struct JSONParserTests {
    /// One malformed input and the error it must give.
    struct SyntaxCase: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var offset: Int
        var reason: String
        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }

        init(_ input: String, _ offset: Int, _ reason: String) {
            self.init(Array(input.utf8), offset, reason)
        }

        init(_ input: [UInt8], _ offset: Int, _ reason: String) {
            self.input = input
            self.offset = offset
            self.reason = reason
        }
    }

    // MARK: Values and offsets

    @Test func parsesEveryValueKindWithOffsets() {
        // Offsets:   0         1         2         3         4         5         6         7         8         9
        //            0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456
        let input = #"{"n": null, "t": true, "f": false, "i": 85000, "d": 1.210, "e": -2e5, "s": "hi", "a": [], "o": {}}"#
        let node = Self.parsed(Self.bytes(input))
        let expected = JSONNode(value: .object([
            JSONMember(key: "n", keyOffset: 1, value: JSONNode(value: .null, offset: 6)),
            JSONMember(key: "t", keyOffset: 12, value: JSONNode(value: .bool(true), offset: 17)),
            JSONMember(key: "f", keyOffset: 23, value: JSONNode(value: .bool(false), offset: 28)),
            JSONMember(key: "i", keyOffset: 35, value: JSONNode(value: .number("85000"), offset: 40)),
            JSONMember(key: "d", keyOffset: 47, value: JSONNode(value: .number("1.210"), offset: 52)),
            JSONMember(key: "e", keyOffset: 59, value: JSONNode(value: .number("-2e5"), offset: 64)),
            JSONMember(key: "s", keyOffset: 70, value: JSONNode(value: .string("hi"), offset: 75)),
            JSONMember(key: "a", keyOffset: 81, value: JSONNode(value: .array([]), offset: 86)),
            JSONMember(key: "o", keyOffset: 90, value: JSONNode(value: .object([]), offset: 95)),
        ]), offset: 0)
        #expect(node == expected)
    }

    @Test func offsetsOfNestedValuesAndKeysAcrossLines() {
        let text = "[\n  {\"id\": 1, \"tags\": [\"산책\", \"walk\"]},\n  {\"id\": 2, \"x\": {\"y\": [null]}}\n]\n"
        let node = Self.parsed(Self.bytes(text))
        let expected = JSONNode(value: .array([
            JSONNode(value: .object([
                JSONMember(key: "id", keyOffset: 5, value: JSONNode(value: .number("1"), offset: 11)),
                JSONMember(key: "tags", keyOffset: 14, value: JSONNode(value: .array([
                    JSONNode(value: .string("산책"), offset: 23),
                    JSONNode(value: .string("walk"), offset: 33),
                ]), offset: 22)),
            ]), offset: 4),
            JSONNode(value: .object([
                JSONMember(key: "id", keyOffset: 46, value: JSONNode(value: .number("2"), offset: 52)),
                JSONMember(key: "x", keyOffset: 55, value: JSONNode(value: .object([
                    JSONMember(key: "y", keyOffset: 61, value: JSONNode(value: .array([
                        JSONNode(value: .null, offset: 67),
                    ]), offset: 66)),
                ]), offset: 60)),
            ]), offset: 45),
        ]), offset: 0)
        #expect(node == expected)
    }

    @Test func topLevelScalarWithSurroundingWhitespace() {
        #expect(Self.parsed(Self.bytes(" \t\r\n \"x\" \n")) == JSONNode(value: .string("x"), offset: 5))
    }

    @Test func numbersKeepTheirLiteralText() {
        let node = Self.parsed(Self.bytes("[0, -0, 1.210, -2e5, 0.5E-3, 1e+2, 123456789012345678901234567890, 1.0e0]"))
        let texts: [String]
        if case .array(let elements) = node.value {
            texts = elements.compactMap { if case .number(let text) = $0.value { text } else { nil } }
        } else {
            texts = []
        }
        #expect(texts == ["0", "-0", "1.210", "-2e5", "0.5E-3", "1e+2", "123456789012345678901234567890", "1.0e0"])
    }

    @Test func duplicateKeysAreKeptInOrderAndSubscriptFindsTheFirst() {
        let node = Self.parsed(Self.bytes(#"{"a": 1, "b": 2, "a": 3}"#))
        guard case .object(let members) = node.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(node["a"] == JSONMember(key: "a", keyOffset: 1, value: JSONNode(value: .number("1"), offset: 6)))
        #expect(node["b"]?.value.offset == 14)
        #expect(node["zzz"] == nil)
        #expect(JSONNode(value: .array([]))["a"] == nil)
    }

    @Test func typeNamesForMessages() {
        let names = [
            JSONValue.null, .bool(false), .number("1"), .string(""), .array([]), .object([]),
        ].map { JSONNode(value: $0).typeName }
        #expect(names == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }

    // MARK: Strings

    @Test func simpleEscapesDecode() {
        let node = Self.parsed(Self.bytes(#""q\" b\\ s\/ \b\f\n\r\t u\u0041\u00e9\u20AC\u0000 end""#))
        #expect(node.value == .string("q\" b\\ s/ \u{8}\u{C}\n\r\t uAé€\u{0} end"))
    }

    @Test func surrogatePairDecodesToOneScalar() {
        let node = Self.parsed(Self.bytes(#"["\uD83D\uDC36", "a\ud83d\ude00b"]"#))
        #expect(node.value == .array([
            JSONNode(value: .string("🐶"), offset: 1),
            JSONNode(value: .string("a😀b"), offset: 17),
        ]))
    }

    @Test func nonASCIIStringsAreKeptAsIs() {
        let node = Self.parsed(Self.bytes(#"{"title": "비 오는 날 🌧 Café", "€": "U+FFFD is fine: �"}"#))
        #expect(node["title"]?.value.value == .string("비 오는 날 🌧 Café"))
        #expect(node["€"]?.value.value == .string("U+FFFD is fine: \u{FFFD}"))
    }

    @Test func longStringWithEscapesAndKoreanText() {
        let line = "오늘은 한강에서 오래 산책을 했다. The puppy read about a small cafe."
        let text = "\"" + Array(repeating: line, count: 40).joined(separator: "\\n") + "\""
        let node = Self.parsed(Self.bytes(text))
        #expect(node.value == .string(Array(repeating: line, count: 40).joined(separator: "\n")))
    }

    /// The string scan reads eight bytes at a time: put the escape at every lane.
    @Test(arguments: 0..<20)
    func escapeAtEveryPositionOfTheEightByteScan(length: Int) {
        let plain = String(repeating: "a", count: length)
        let node = Self.parsed(Self.bytes("\"\(plain)\\né\(plain)\""))
        #expect(node.value == .string(plain + "\né" + plain))
    }

    @Test(arguments: 0..<20)
    func controlCharacterAtEveryPositionOfTheEightByteScan(length: Int) {
        let plain = String(repeating: "a", count: length)
        #expect(Self.syntaxError(Self.bytes("\"\(plain)\u{1F}\(plain)\"")) == JSONSyntaxError(
            offset: 1 + length, reason: "control character U+001F must be escaped in a string"))
    }

    @Test func generatedDiaryParsesWithEntryOffsets() {
        let body = #"오늘은 한강에서 오래 산책을 했다.\n\n- [x] Call the vet\n- [ ] \"Buy\" oat milk & tea\n"#
        var text = "[\n"
        var entryOffsets: [Int] = []
        for day in 1...300 {
            if day > 1 { text += ",\n" }
            entryOffsets.append(text.utf8.count)
            text += #"{"id": "day-\#(day)", "title": "비 오는 날 \#(day)", "body": "\#(body)", "tags": ["산책", "walk"], "draft": false}"#
        }
        text += "\n]\n"
        let node = Self.parsed(Self.bytes(text))
        guard case .array(let entries) = node.value else {
            Issue.record("not an array")
            return
        }
        #expect(entries.map(\.offset) == entryOffsets)
        #expect(entries.last?["title"]?.value.value == .string("비 오는 날 300"))
        #expect(entries.first?["body"]?.value.value
            == .string("오늘은 한강에서 오래 산책을 했다.\n\n- [x] Call the vet\n- [ ] \"Buy\" oat milk & tea\n"))
    }

    @Test func byteOrderMarkIsSkippedAndOffsetsCountIt() {
        let node = Self.parsed([0xEF, 0xBB, 0xBF] + Self.bytes(#"{"a": true}"#))
        #expect(node == JSONNode(value: .object([
            JSONMember(key: "a", keyOffset: 4, value: JSONNode(value: .bool(true), offset: 9)),
        ]), offset: 3))
    }

    // MARK: Syntax errors

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase("[1, 2}", 5, "expected ',' or ']' after an array element, found '}'"),
        SyntaxCase("[1 2]", 3, "expected ',' or ']' after an array element, found '2'"),
        SyntaxCase("[1,]", 2, "trailing comma before ']'"),
        SyntaxCase("[1,\n  ]", 2, "trailing comma before ']'"),
        SyntaxCase(#"{"a": 1,}"#, 7, "trailing comma before '}'"),
        SyntaxCase("[,1]", 1, "expected a value, found ','"),
        SyntaxCase("[", 1, "expected a value, found the end of the file"),
        SyntaxCase("[1", 2, "expected ',' or ']' after an array element, found the end of the file"),
        SyntaxCase(#"{"a": 1]"#, 7, "expected ',' or '}' after an object member, found ']'"),
        SyntaxCase(#"{"a":"#, 5, "expected a value, found the end of the file"),
        SyntaxCase(#"{"a" 1}"#, 5, "expected ':' after an object key, found '1'"),
        SyntaxCase("{a: 1}", 1, "expected a key in double quotes or '}', found 'a'"),
        SyntaxCase(#"{"a": 1, b: 2}"#, 9, "expected a key in double quotes, found 'b'"),
        SyntaxCase("{'a': 1}", 1, "expected a key in double quotes or '}', found ''' (JSON strings use double quotes)"),
        SyntaxCase("['a']", 1, "expected a value, found ''' (JSON strings use double quotes)"),
        SyntaxCase("yes", 0, "expected a value, found 'y'"),
        SyntaxCase("[é]", 1, "expected a value, found 'é'"),
        SyntaxCase([0x5B, 0x01, 0x5D], 1, "expected a value, found U+0001"),
        SyntaxCase("NaN", 0, "expected a value, found 'N'"),
        SyntaxCase("[-Infinity]", 2, "expected a digit after '-', found 'I'"),
        SyntaxCase("+1", 0, "expected a value, found '+'"),
        SyntaxCase(".5", 0, "expected a value, found '.'"),
        SyntaxCase("[tru]", 1, "expected 'true', found 'tru'"),
        SyntaxCase("fals", 0, "expected 'false', found 'fals'"),
        SyntaxCase("nulll", 0, "expected 'null', found 'nulll'"),
        SyntaxCase("[true1]", 1, "expected 'true', found 'true1'"),
        SyntaxCase("[01]", 1, "leading zeros are not allowed in numbers"),
        SyntaxCase("-00", 1, "leading zeros are not allowed in numbers"),
        SyntaxCase("-", 1, "expected a digit after '-', found the end of the file"),
        SyntaxCase("[1.]", 3, "expected a digit after '.' in a number, found ']'"),
        SyntaxCase("1.e5", 2, "expected a digit after '.' in a number, found 'e'"),
        SyntaxCase("1e+x", 3, "expected a digit in the exponent of a number, found 'x'"),
        SyntaxCase("[1E]", 3, "expected a digit in the exponent of a number, found ']'"),
        SyntaxCase("[0x1F]", 2, "expected ',' or ']' after an array element, found 'x'"),
        SyntaxCase(#"{"a": 1} x"#, 9, "unexpected text after the JSON value"),
        SyntaxCase("1 2", 2, "unexpected text after the JSON value"),
        SyntaxCase("[1] // note", 4, "comments are not allowed in JSON"),
        SyntaxCase("[1, /* two */ 2]", 4, "comments are not allowed in JSON"),
        SyntaxCase(#""abc"#, 0, "unterminated string"),
        SyntaxCase(#"["ok", "abc\"]"#, 7, "unterminated string"),
        SyntaxCase(#""abc\"#, 0, "unterminated string"),
        SyntaxCase(#""\u12"#, 0, "unterminated string"),
        SyntaxCase("\"a\nb\"", 2, "control character U+000A must be escaped in a string"),
        SyntaxCase("\"a\tb\"", 2, "control character U+0009 must be escaped in a string"),
        SyntaxCase(#""a\qb""#, 2, #"invalid escape '\q' in string"#),
        SyntaxCase(#""a\xb""#, 2, #"invalid escape '\x' in string"#),
        SyntaxCase(#""\é""#, 1, #"invalid escape '\é' in string"#),
        SyntaxCase("\"\\\n\"", 1, #"invalid escape '\' followed by U+000A in string"#),
        SyntaxCase(#""a\u12G4""#, 2, #"'\u' must be followed by 4 hex digits"#),
        SyntaxCase(#""\u12""#, 1, #"'\u' must be followed by 4 hex digits"#),
        SyntaxCase(#"["\uD83D"]"#, 2, #"unpaired surrogate '\uD83D' in string"#),
        SyntaxCase(#""x\uDE00""#, 2, #"unpaired surrogate '\uDE00' in string"#),
        SyntaxCase(#""\ud83dx""#, 1, #"unpaired surrogate '\ud83d' in string"#),
        SyntaxCase(#""\uD83D\u0041""#, 1, #"unpaired surrogate '\uD83D' in string"#),
        SyntaxCase(#""\uD83D\uD83D""#, 1, #"unpaired surrogate '\uD83D' in string"#),
        SyntaxCase(#""\uD83D\uDC3G""#, 7, #"'\u' must be followed by 4 hex digits"#),
        SyntaxCase(#""\uD83D\n""#, 1, #"unpaired surrogate '\uD83D' in string"#),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorKind(_ example: SyntaxCase) {
        let error = Self.syntaxError(example.input)
        #expect(error == JSONSyntaxError(offset: example.offset, reason: example.reason))
    }

    @Test func emptyFile() {
        #expect(Self.syntaxError([]) == JSONSyntaxError(offset: 0, reason: "the file is empty"))
    }

    @Test func fileWithOnlyAByteOrderMarkIsEmpty() {
        #expect(Self.syntaxError([0xEF, 0xBB, 0xBF]) == JSONSyntaxError(offset: 0, reason: "the file is empty"))
    }

    @Test func whitespaceOnlyFile() {
        #expect(Self.syntaxError(Self.bytes(" \n\t\r\n  ")) == JSONSyntaxError(offset: 0, reason: "the file contains only whitespace"))
    }

    // MARK: Invalid UTF-8

    static let invalidUTF8Cases: [SyntaxCase] = [
        SyntaxCase([0x22, 0x61, 0x62, 0xFF, 0x63, 0x22], 3, "invalid UTF-8"),                     // "ab<FF>c"
        SyntaxCase([0x22, 0xE2, 0x82, 0x22], 1, "invalid UTF-8"),                                  // truncated €
        SyntaxCase([0x22, 0x61, 0xC0, 0xAF, 0x22], 2, "invalid UTF-8"),                            // overlong '/'
        SyntaxCase([0x22, 0xED, 0xA0, 0x80, 0x22], 1, "invalid UTF-8"),                            // encoded surrogate
        SyntaxCase([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, "invalid UTF-8"),                      // above U+10FFFF
        SyntaxCase([0x22, 0xEB, 0xB9, 0x84, 0x80, 0x22], 4, "invalid UTF-8"),                      // "비" then a stray continuation
        SyntaxCase([0x22, 0xF0, 0x9F, 0x90, 0x22], 1, "invalid UTF-8"),                            // 3 of 4 bytes of 🐶
        SyntaxCase([0x22, 0x5C, 0x6E, 0xFF, 0x22], 3, "invalid UTF-8"),                            // after an escape
        SyntaxCase([0x22, 0xFF, 0x5C, 0x71, 0x22], 1, "invalid UTF-8"),                            // before a bad escape
        SyntaxCase([0x22, 0xFF, 0x0A, 0x22], 1, "invalid UTF-8"),                                  // before a control character
        SyntaxCase([0x22, 0x61, 0xFF], 2, "invalid UTF-8"),                                        // in an unterminated string
        SyntaxCase([0x22, 0x5C, 0xFF, 0x22], 2, "invalid UTF-8"),                                  // as the escaped character
        SyntaxCase([0x22, 0x5C, 0x75, 0x31, 0xFF, 0x22], 4, "invalid UTF-8"),                      // inside \u
        SyntaxCase([0x7B, 0x22, 0x6B, 0xFE, 0x22, 0x3A, 0x31, 0x7D], 3, "invalid UTF-8"),          // in a key
        SyntaxCase([0x5B, 0xFF, 0x5D], 1, "invalid UTF-8"),                                        // where a value should be
        SyntaxCase([0x5B, 0x31, 0x20, 0xC3, 0x28, 0x5D], 3, "invalid UTF-8"),                      // between elements
        SyntaxCase([0x31, 0x20, 0x80], 2, "invalid UTF-8"),                                        // after the value
        SyntaxCase([0xEF, 0xBB, 0x5B, 0x5D], 0, "invalid UTF-8"),                                  // half a BOM
    ]

    @Test(arguments: invalidUTF8Cases)
    func invalidUTF8IsReportedAtTheBadByte(_ example: SyntaxCase) {
        #expect(Self.syntaxError(example.input) == JSONSyntaxError(offset: example.offset, reason: example.reason))
    }

    @Test func invalidUTF8InALongStringFoundPastTheFastScan() {
        var input = Self.bytes("\"" + String(repeating: "가나다 abc ", count: 100))
        let badOffset = input.count
        input += [0xE0, 0x80, 0x80] + Self.bytes(" end\"")
        #expect(Self.syntaxError(input) == JSONSyntaxError(offset: badOffset, reason: "invalid UTF-8"))
    }

    // MARK: Nesting

    @Test func nestingUpToTheLimitParses() {
        let depth = JSONParser.maxDepth
        let node = Self.parsed(Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth))
        var levels = 0
        var current = node
        while case .array(let elements) = current.value {
            levels += 1
            guard let first = elements.first else { break }
            current = first
        }
        #expect(levels == 512)
    }

    @Test func nestingPastTheLimitIsAnError() {
        let input = Self.bytes(String(repeating: #"{"a":["#, count: 256)) + Self.bytes("[1]")
        #expect(Self.syntaxError(input) == JSONSyntaxError(
            offset: 256 * 6, reason: "too deeply nested: more than 512 levels of arrays and objects"))
    }

    @Test func absurdNestingIsAnErrorNotACrash() {
        let input = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(Self.syntaxError(input) == JSONSyntaxError(
            offset: 512, reason: "too deeply nested: more than 512 levels of arrays and objects"))
    }

    // MARK: Source positions

    @Test func errorPositionAfterALineWithKoreanText() {
        // Line 3 holds Korean text before the missing comma: the column counts characters.
        let text = "[\n  {\"detail\": \"장보기\", \"isDone\": false},\n  {\"detail\": \"세탁소 가기\" \"isDone\": true}\n]\n"
        let input = Self.bytes(text)
        let error = Self.syntaxError(input)
        #expect(error == JSONSyntaxError(offset: 78, reason: "expected ',' or '}' after an object member, found '\"'"))
        #expect(SourcePosition(offset: error?.offset ?? 0, in: input) == SourcePosition(line: 3, column: 23))
    }

    @Test func positionOfAValueOnAKoreanLine() {
        let input = Self.bytes("{\n  \"산책\": \"한강\", \"id\": yes\n}")
        let error = Self.syntaxError(input)
        #expect(error == JSONSyntaxError(offset: 30, reason: "expected a value, found 'y'"))
        #expect(SourcePosition(offset: 30, in: input) == SourcePosition(line: 2, column: 21))
    }

    @Test func positionsAtTheStartsAndEnds() {
        let input = Self.bytes("ab\ncd\r\nef\rg")
        let positions = [0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 99, -5].map { SourcePosition(offset: $0, in: input) }
        #expect(positions == [
            SourcePosition(line: 1, column: 1), SourcePosition(line: 1, column: 2), SourcePosition(line: 1, column: 3),
            SourcePosition(line: 2, column: 1), SourcePosition(line: 2, column: 3), SourcePosition(line: 2, column: 4),
            SourcePosition(line: 3, column: 1), SourcePosition(line: 3, column: 3), SourcePosition(line: 4, column: 1),
            SourcePosition(line: 4, column: 2), SourcePosition(line: 4, column: 2), SourcePosition(line: 1, column: 1),
        ])
    }

    @Test func byteOrderMarkTakesNoColumn() {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Self.bytes("[x]")
        let error = Self.syntaxError(input)
        #expect(error == JSONSyntaxError(offset: 4, reason: "expected a value, found 'x'"))
        #expect(SourcePosition(offset: 4, in: input) == SourcePosition(line: 1, column: 2))
    }

    @Test func invalidUTF8BytesCountOneColumnEach() {
        let input: [UInt8] = [0x22, 0xFF, 0xFE, 0x61, 0x0A]
        #expect(SourcePosition(offset: 3, in: input) == SourcePosition(line: 1, column: 4))
    }
}

extension JSONParserTests {
    /// The bytes of a Swift string literal.
    // MARK: Arrays parsed in parallel

    /// An array of 2,000 objects (over 64 KiB, so it is cut), with escaped quotes and backslashes,
    /// brackets and commas inside strings; `replacing` puts other text in place of element 1,500.
    private static func largeArray(replacing text: String? = nil) -> [UInt8] {
        let element = #"{"id": 7, "title": "a \"quoted\" [x], {y}", "body": "back\\\\", "tags": ["a,b", []], "n": -1.5e3, "ok": true, "x": null}"#
        var elements = Array(repeating: element, count: 2_000)
        if let text { elements[1_500] = text }
        return Self.bytes("\u{FEFF}\n[\n" + elements.joined(separator: " ,\n") + "\n]\n")
    }

    @Test func largeArrayParsesInParallelAsWhole() throws {
        let input = Self.largeArray()
        let pieces = input.withUnsafeBufferPointer { JSONParser.topLevelElements($0)?.pieces }
        #expect(pieces?.count == 2_000)
        let parallel = try JSONParser.parseInParallel(input)
        #expect(parallel == Self.parsed(input))
        guard case .array(let items) = parallel.value, case .object(let members) = items[1_999].value else {
            Issue.record("not an array of objects")
            return
        }
        #expect(members.map(\.key) == ["id", "title", "body", "tags", "n", "ok", "x"])
        #expect(members[1].value.value == .string("a \"quoted\" [x], {y}"))
        #expect(members[2].value.value == .string("back\\\\"))
    }

    /// A broken element gives the error the whole-document parse gives.
    @Test(arguments: [
        #"{"n": 1, }"#,        // trailing comma in an object
        #"{"n": 01}"#,         // number grammar
        #"{"ok": true}]"#,     // ends the array early
        #"{"a": "x}"#,         // unterminated string: the cut goes wrong, the parse notices
        #"{"a": "\x"}"#,       // invalid escape
        "",                    // empty element
    ])
    func brokenElementGivesTheWholeDocumentError(element: String) throws {
        let input = Self.largeArray(replacing: element)
        let whole = try #require(Self.syntaxError(input))
        #expect(throws: whole) { try JSONParser.parseInParallel(input) }
    }

    @Test func nestingLimitCountsTheArrayAroundTheElements() throws {
        let deep = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        let input = Self.largeArray(replacing: deep)
        let whole = try #require(Self.syntaxError(input))
        #expect(whole.reason == "too deeply nested: more than 512 levels of arrays and objects")
        #expect(throws: whole) { try JSONParser.parseInParallel(input) }
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Parses, failing the test (and returning null) on a syntax error.
    private static func parsed(_ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONNode {
        do {
            return try JSONParser.parse(input)
        } catch {
            Issue.record("unexpected syntax error at \(error.offset): \(error.reason)", sourceLocation: sourceLocation)
            return JSONNode(value: .null, offset: -1)
        }
    }

    /// The syntax error the input produces (nil, and a recorded issue, if it parses).
    private static func syntaxError(_ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
        do {
            let node = try JSONParser.parse(input)
            Issue.record("expected a syntax error, parsed \(node.typeName)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}
