import Foundation

/// The `Encoder` for one value; containers write into its storage.
final class EncodingNode: Encoder {
    enum Storage {
        case empty
        case value(MustacheValue)
        case keyed(KeyedStore)
        case unkeyed(UnkeyedStore)
    }

    let parent: EncodingNode?
    let key: CodingKey?
    var storage = Storage.empty

    init(parent: EncodingNode?, key: CodingKey?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [CodingKey] {
        var path: [CodingKey] = []
        var node: EncodingNode? = self
        while let current = node {
            if let key = current.key { path.append(key) }
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let store: KeyedStore
        if case .keyed(let existing) = storage {
            store = existing
        } else {
            store = KeyedStore()
            storage = .keyed(store)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: self, store: store))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        let store: UnkeyedStore
        if case .unkeyed(let existing) = storage {
            store = existing
        } else {
            store = UnkeyedStore()
            storage = .unkeyed(store)
        }
        return UnkeyedContainer(node: self, store: store)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleContainer(node: self)
    }

    var result: MustacheValue {
        switch storage {
        case .empty: return .null
        case .value(let value): return value
        case .keyed(let store): return store.result
        case .unkeyed(let store): return store.result
        }
    }

    /// Converts one value, taking fast paths for common leaf types.
    static func box<T: Encodable>(_ value: T, parent: EncodingNode?, key: CodingKey?) throws -> MustacheValue {
        // Metatype comparisons are much cheaper than dynamic casts; the bit casts are
        // between identical types.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
        if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
        if T.self == Decimal.self, let decimal = value as? Decimal {
            return .double(NSDecimalNumber(decimal: decimal).doubleValue)
        }
        let node = EncodingNode(parent: parent, key: key)
        try value.encode(to: node)
        return node.result
    }

    static func number<Integer: BinaryInteger>(_ value: Integer) -> MustacheValue {
        if let exact = Int(exactly: value) { return .int(exact) }
        return .double(Double(value))
    }

    static func number(_ value: Float) -> MustacheValue {
        .double(Double(value.description) ?? Double(value))
    }
}

/// A nested value whose content is filled in after it was attached to its parent.
enum NestedStore {
    case keyed(KeyedStore)
    case unkeyed(UnkeyedStore)
    case node(EncodingNode)

    var result: MustacheValue {
        switch self {
        case .keyed(let store): return store.result
        case .unkeyed(let store): return store.result
        case .node(let node): return node.result
        }
    }
}

final class KeyedStore {
    var object: [String: MustacheValue]
    var nested: [(key: String, store: NestedStore)] = []

    init() {
        // Most view models have several fields; skip the first few resizes.
        object = Dictionary(minimumCapacity: 8)
    }

    var result: MustacheValue {
        if nested.isEmpty { return .object(MustacheObject(object)) }
        var merged = object
        for entry in nested {
            merged[entry.key] = entry.store.result
        }
        return .object(MustacheObject(merged))
    }
}

final class UnkeyedStore {
    var items: [MustacheValue] = []
    var nested: [(index: Int, store: NestedStore)] = []

    var result: MustacheValue {
        if nested.isEmpty { return .list(items) }
        var merged = items
        for entry in nested {
            merged[entry.index] = entry.store.result
        }
        return .list(merged)
    }
}

struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = Int(stringValue)
    }

    init?(intValue: Int) {
        self.init(intValue)
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let store: KeyedStore

    var codingPath: [CodingKey] { node.codingPath }

    private func set(_ value: MustacheValue, _ key: Key) {
        store.object[key.stringValue] = value
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.double(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(EncodingNode.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(EncodingNode.number(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try EncodingNode.box(value, parent: node, key: key), key)
    }

    // Optionals: nil becomes .null instead of a missing key.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value.map { .bool($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value.map { .string($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value.map { .double($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value.map { .int($0) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { set(value.map(EncodingNode.number) ?? .null, key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            set(.null, key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = KeyedStore()
        store.nested.append((key.stringValue, .keyed(child)))
        store.object[key.stringValue] = nil
        let childNode = EncodingNode(parent: node, key: key)
        childNode.storage = .keyed(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: childNode, store: child))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = UnkeyedStore()
        store.nested.append((key.stringValue, .unkeyed(child)))
        store.object[key.stringValue] = nil
        let childNode = EncodingNode(parent: node, key: key)
        childNode.storage = .unkeyed(child)
        return UnkeyedContainer(node: childNode, store: child)
    }

    mutating func superEncoder() -> Encoder {
        superEncoder(named: "super", key: IndexKey(stringValue: "super")!)
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        superEncoder(named: key.stringValue, key: key)
    }

    private func superEncoder(named name: String, key: CodingKey) -> Encoder {
        let child = EncodingNode(parent: node, key: key)
        store.nested.append((name, .node(child)))
        return child
    }
}

struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let store: UnkeyedStore

    var codingPath: [CodingKey] { node.codingPath }
    var count: Int { store.items.count }

    mutating func encodeNil() throws { store.items.append(.null) }
    mutating func encode(_ value: Bool) throws { store.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { store.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { store.items.append(.double(value)) }
    mutating func encode(_ value: Float) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: Int) throws { store.items.append(.int(value)) }
    mutating func encode(_ value: Int8) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: Int16) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: Int32) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: Int64) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt8) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt16) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt32) throws { store.items.append(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt64) throws { store.items.append(EncodingNode.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let key = IndexKey(store.items.count)
        store.items.append(try EncodingNode.box(value, parent: node, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = KeyedStore()
        let childNode = EncodingNode(parent: node, key: IndexKey(store.items.count))
        childNode.storage = .keyed(child)
        store.nested.append((store.items.count, .keyed(child)))
        store.items.append(.null)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: childNode, store: child))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = UnkeyedStore()
        let childNode = EncodingNode(parent: node, key: IndexKey(store.items.count))
        childNode.storage = .unkeyed(child)
        store.nested.append((store.items.count, .unkeyed(child)))
        store.items.append(.null)
        return UnkeyedContainer(node: childNode, store: child)
    }

    mutating func superEncoder() -> Encoder {
        let child = EncodingNode(parent: node, key: IndexKey(store.items.count))
        store.nested.append((store.items.count, .node(child)))
        store.items.append(.null)
        return child
    }
}

struct SingleContainer: SingleValueEncodingContainer {
    let node: EncodingNode

    var codingPath: [CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.storage = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.storage = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.storage = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.storage = .value(.double(value)) }
    mutating func encode(_ value: Float) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: Int) throws { node.storage = .value(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: Int16) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: Int32) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: Int64) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt8) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt16) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt32) throws { node.storage = .value(EncodingNode.number(value)) }
    mutating func encode(_ value: UInt64) throws { node.storage = .value(EncodingNode.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.storage = .value(try EncodingNode.box(value, parent: node.parent, key: node.key))
    }
}
