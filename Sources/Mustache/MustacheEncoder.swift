/// Converts `Encodable` values to ``MustacheValue`` directly (no JSON round trip, no reflection).
///
/// Keyed containers become `.object`, unkeyed containers `.list`, `nil` becomes `.null`
/// (also for optional properties, so a missing value never falls through to an outer
/// context), `Bool` `.bool`, integer types `.int`, `Float`/`Double` `.double`, `String`
/// `.string`; `URL` becomes its absolute string and `Decimal` a `.double`.
public struct MustacheEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Converts `value`; rethrows errors thrown by its `encode(to:)`.
    public func encode<T: Encodable>(_ value: T) throws -> MustacheValue {
        try EncodingNode.box(value, parent: nil, key: nil)
    }
}
