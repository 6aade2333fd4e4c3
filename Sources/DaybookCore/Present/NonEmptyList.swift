/// A list that is only there when it has items, so a template can wrap it in a container
/// with a plain section: `{{#cards}}<ul>{{#items}}…{{/items}}</ul>{{/cards}}`.
public struct NonEmptyList<Item: Sendable & Encodable>: Sendable, Encodable {
    public var items: [Item]

    /// nil for an empty list.
    public static func of(_ items: [Item]) -> NonEmptyList? {
        items.isEmpty ? nil : NonEmptyList(items: items)
    }
}

extension NonEmptyList: Equatable where Item: Equatable {}
