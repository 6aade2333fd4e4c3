import Foundation
import Mustache
import Testing

/// Encodable to MustacheValue conversion.
struct MustacheEncoderTests {
    struct Author: Encodable {
        let name: String
        let email: String?
    }

    enum Status: String, Encodable {
        case draft, published
    }

    struct Post: Encodable {
        let title: String
        let subtitle: String?
        let views: Int
        let rating: Double
        let score: Float
        let featured: Bool
        let tags: [String]
        let author: Author
        let coAuthors: [Author]
        let status: Status
        let counts: [String: Int]
        let ratio: Double?
        let url: URL
        let small: UInt8
    }

    @Test func encodesNestedStructWithOptionalsArraysAndScalars() throws {
        let post = Post(
            title: "Hello", subtitle: nil, views: 1200, rating: 4.5, score: 1.1, featured: true,
            tags: ["swift", "web"],
            author: Author(name: "Ada", email: nil),
            coAuthors: [Author(name: "Bob", email: "bob@example.com")],
            status: .published, counts: ["likes": 3], ratio: 85000.0,
            url: URL(string: "https://example.com/a?b=1")!, small: 7)
        let value = try MustacheEncoder().encode(post)
        let expected: MustacheValue = [
            "title": "Hello",
            "subtitle": nil,
            "views": 1200,
            "rating": 4.5,
            "score": 1.1,
            "featured": true,
            "tags": ["swift", "web"],
            "author": ["name": "Ada", "email": nil],
            "coAuthors": [["name": "Bob", "email": "bob@example.com"]],
            "status": "published",
            "counts": ["likes": 3],
            "ratio": 85000.0,
            "url": "https://example.com/a?b=1",
            "small": 7,
        ]
        #expect(value == expected)
    }

    /// Top-level values of various Encodable types and what they must become.
    enum TopLevel: CaseIterable, Sendable {
        case string, int, int64, double, bool, array, optionalArray, none, hugeUnsigned

        func encode() throws -> MustacheValue {
            let encoder = MustacheEncoder()
            switch self {
            case .string: return try encoder.encode("x")
            case .int: return try encoder.encode(3)
            case .int64: return try encoder.encode(Int64(-9))
            case .double: return try encoder.encode(2.5)
            case .bool: return try encoder.encode(false)
            case .array: return try encoder.encode([1, 2])
            case .optionalArray: return try encoder.encode(["a", nil] as [String?])
            case .none: return try encoder.encode(Int?.none)
            case .hugeUnsigned: return try encoder.encode(UInt64.max)
            }
        }

        var expected: MustacheValue {
            switch self {
            case .string: return "x"
            case .int: return 3
            case .int64: return -9
            case .double: return 2.5
            case .bool: return false
            case .array: return [1, 2]
            case .optionalArray: return ["a", nil]
            case .none: return nil
            case .hugeUnsigned: return .double(Double(UInt64.max))
            }
        }
    }

    @Test(arguments: TopLevel.allCases)
    func encodesTopLevelValues(_ value: TopLevel) throws {
        #expect(try value.encode() == value.expected)
    }

    struct Manual: Encodable {
        enum Keys: String, CodingKey { case meta, list, parent }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var meta = container.nestedContainer(keyedBy: Keys.self, forKey: .meta)
            try meta.encode("m", forKey: .parent)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var inner = list.nestedUnkeyedContainer()
            try inner.encode(true)
            try list.encode("after")
        }
    }

    @Test func encodesNestedContainers() throws {
        let value = try MustacheEncoder().encode(Manual())
        #expect(value == ["meta": ["parent": "m"], "list": [1, [true], "after"]])
    }

    @Test func encodedValueRendersInTemplate() throws {
        let post = Post(
            title: "A & B", subtitle: nil, views: 3, rating: 1.210, score: 2, featured: false,
            tags: ["x", "y"], author: Author(name: "Ada", email: nil), coAuthors: [],
            status: .draft, counts: [:], ratio: nil, url: URL(string: "https://e.com")!, small: 0)
        let template = try Template("{{title}}|{{#subtitle}}S{{/subtitle}}|{{rating}}|{{#tags}}{{.}};{{/tags}}|{{author.name}}{{author.email}}|{{^coAuthors}}none{{/coAuthors}}|{{status}}")
        #expect(try template.render(MustacheEncoder().encode(post)) == "A &amp; B||1.21|x;y;|Ada|none|draft")
    }

    struct Failing: Encodable {
        struct Boom: Error {}
        func encode(to encoder: Encoder) throws { throw Boom() }
    }

    @Test func rethrowsErrorsFromEncodeTo() {
        #expect(throws: Failing.Boom.self) {
            _ = try MustacheEncoder().encode(["a": Failing()])
        }
    }

    @Test(arguments: [
        ("a".mustacheValue, MustacheValue.string("a")),
        (5.mustacheValue, .int(5)),
        (1.5.mustacheValue, .double(1.5)),
        (Float(1.1).mustacheValue, .double(1.1)),
        (true.mustacheValue, .bool(true)),
        (String?.none.mustacheValue, .null),
        ([1, 2].mustacheValue, .list([.int(1), .int(2)])),
        (["k": "v"].mustacheValue, .object(["k": .string("v")])),
    ])
    func convertibleConformance(_ converted: MustacheValue, _ expected: MustacheValue) {
        #expect(converted == expected)
    }
}

@Suite struct MustacheObjectTests {
    @Test func lastOfARepeatedNameWins() {
        let object: MustacheObject = ["a": 1, "b": 2, "a": 3]
        #expect(object["a"] == .int(3))
        #expect(object["b"] == .int(2))
        #expect(object["c"] == nil)
        #expect(object.count == 2)
    }

    @Test func largeObjectsAreIndexedAndAgreeWithSmallOnes() {
        var members: [(String, MustacheValue)] = (0..<40).map { ("k\($0)", .int($0)) }
        members.append(("k7", "last"))
        let object = MustacheObject(members: members)
        #expect(object["k39"] == .int(39))
        #expect(object["k7"] == "last")
        #expect(object["k40"] == nil)
        #expect(object.count == 40)
    }

    @Test func equalityIgnoresOrder() {
        let a: MustacheObject = ["x": 1, "y": "two"]
        let b = MustacheObject(["y": "two", "x": 1])
        #expect(a == b)
        #expect(b.members.map(\.0) == ["x", "y"])
        #expect(a != ["x": 1])
    }
}
