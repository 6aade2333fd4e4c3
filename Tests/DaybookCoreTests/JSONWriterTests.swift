import Testing
@testable import DaybookCore

@Suite struct JSONWriterTests {
    @Test func todoListKeepsKeyOrderUnknownKeysAndNonASCII() {
        let input = """
            [{"id":1,"detail":"Buy oat milk","isDone":false,"isToday":true,"due":"2024-01-05"},
             {"isDone":true,"id":2,"detail":"세탁소 가기 🧺","x-color":"#ff0000","tags":[],"meta":{},
              "doneAt":"2024-01-02T09:30:00+09:00","priority":1.50,"notes":["a/b","say \\"hi\\"\\n"]}]
            """
        let output = JSONWriter.write(Self.parsed(Array(input.utf8)))
        #expect(Self.text(output) == """
            [
              {
                "id": 1,
                "detail": "Buy oat milk",
                "isDone": false,
                "isToday": true,
                "due": "2024-01-05"
              },
              {
                "isDone": true,
                "id": 2,
                "detail": "세탁소 가기 🧺",
                "x-color": "#ff0000",
                "tags": [],
                "meta": {},
                "doneAt": "2024-01-02T09:30:00+09:00",
                "priority": 1.50,
                "notes": [
                  "a/b",
                  "say \\"hi\\"\\n"
                ]
              }
            ]

            """)
    }

    @Test func stringsEscapeOnlyQuotesBackslashesAndControlCharacters() {
        let value = JSONValue.string("q\" b\\ s/ \u{8}\u{C}\n\r\t \u{0}\u{1F}\u{7F} é €  🐶")
        #expect(Self.text(JSONWriter.write(value)) == #""q\" b\\ s/ \b\f\n\r\t \u0000\u001f"# + "\u{7F} é €  🐶\"\n")
    }

    @Test(arguments: [
        (JSONValue.null, "null\n"), (.bool(true), "true\n"), (.bool(false), "false\n"), (.number("-2e5"), "-2e5\n"),
        (.string(""), "\"\"\n"), (.array([]), "[]\n"), (.object([]), "{}\n"),
    ])
    func valuesAtTheTopLevel(_ value: JSONValue, _ expected: String) {
        #expect(Self.text(JSONWriter.write(value)) == expected)
    }

    @Test func nestedContainersIndentByTwoSpaces() {
        let value = JSONValue.object([
            JSONMember(key: "a", value: JSONNode(value: .array([
                JSONNode(value: .array([JSONNode(value: .number("1"))])),
                JSONNode(value: .object([JSONMember(key: "b", value: JSONNode(value: .null))])),
            ]))),
            JSONMember(key: "a", value: JSONNode(value: .bool(false))),
        ])
        #expect(Self.text(JSONWriter.write(value)) == """
            {
              "a": [
                [
                  1
                ],
                {
                  "b": null
                }
              ],
              "a": false
            }

            """)
    }

    @Test func writingANodeIgnoresItsOffsets() {
        let node = JSONNode(value: .array([JSONNode(value: .string("x"), offset: 7)]), offset: 3)
        #expect(JSONWriter.write(node) == JSONWriter.write(node.value))
        #expect(Self.text(JSONWriter.write(node)) == "[\n  \"x\"\n]\n")
    }

    @Test func roundTripKeepsEveryValue() {
        let input = """
            \u{FEFF}{"title": "비 오는 날", "n": [0, -0, 1.210, -2e5, 1E+2, 123456789012345678901234567890],
             "esc": "\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u0000 \\u001F \\u00e9 \\uD83D\\uDC36 \\u2028",
             "dup": 1, "dup": [true, false, null, {}, []], "": {"nested": {"deeper": ["🐶"]}}}
            """
        let original = Self.parsed(Array(input.utf8))
        let written = JSONWriter.write(original)
        let reparsed = Self.parsed(written)
        #expect(Self.withoutOffsets(reparsed.value) == Self.withoutOffsets(original.value))
        #expect(JSONWriter.write(reparsed) == written)
    }

    @Test func roundTripOfValuesBuiltInCode() {
        let value = JSONValue.array([
            JSONNode(value: .object([
                JSONMember(key: "id", value: JSONNode(value: .number(String(42)))),
                JSONMember(key: "detail", value: JSONNode(value: .string("tabs\tand \"quotes\" and 한국어"))),
                JSONMember(key: "done", value: JSONNode(value: .bool(true))),
            ])),
        ])
        #expect(Self.withoutOffsets(Self.parsed(JSONWriter.write(value)).value) == value)
    }
}

extension JSONWriterTests {
    /// The value with every offset set to 0, for comparing trees from different sources.
    private static func withoutOffsets(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { JSONNode(value: Self.withoutOffsets($0.value)) })
        case .object(let members):
            return .object(members.map {
                JSONMember(key: $0.key, value: JSONNode(value: Self.withoutOffsets($0.value.value)))
            })
        default:
            return value
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func parsed(_ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> JSONNode {
        do {
            return try JSONParser.parse(input)
        } catch {
            Issue.record("unexpected syntax error at \(error.offset): \(error.reason)", sourceLocation: sourceLocation)
            return JSONNode(value: .null, offset: -1)
        }
    }
}
