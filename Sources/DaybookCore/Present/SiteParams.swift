/// The site's own values for its templates: `"params"` in `daybook.json` (`{"author": "Kim",
/// "social": {"mastodon": "https://…"}}`), which every HTML page's template reads as
/// `{{chrome.params.author}}`, as Hugo's templates read `.Site.Params`. Strings stay text: two
/// braces escape them, as any value. A number is shown as written (`2.50`, `12345678901234567890`).
public struct SiteParams: Sendable, Equatable, Encodable {
    /// The object's members, in the order written.
    public let members: [JSONMember]

    public init(members: [JSONMember]) {
        self.members = members
    }

    public func encode(to encoder: any Encoder) throws {
        try Self.encode(.object(members), to: encoder)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Node: Encodable {
        let value: JSONValue
        func encode(to encoder: any Encoder) throws { try SiteParams.encode(value, to: encoder) }
    }

    private static func encode(_ value: JSONValue, to encoder: any Encoder) throws {
        switch value {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members { try container.encode(Node(value: member.value.value), forKey: Key(stringValue: member.key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(Node(value: item.value)) }
        default:
            var container = encoder.singleValueContainer()
            switch value {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .string(let text): try container.encode(text)
            case .number(let literal): try container.encode(literal)
            case .array, .object: break
            }
        }
    }
}
