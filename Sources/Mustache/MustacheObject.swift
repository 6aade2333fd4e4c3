/// The members of a ``MustacheValue/object(_:)``: names and values, looked up by name.
///
/// View models convert to small objects by the thousand, so the members are kept as written,
/// in one array, and found by comparing each name's ``NameKey`` (its length and first bytes,
/// one integer) before the name itself; no hashing when an object is made. A name given twice
/// keeps its last value. Objects with many members (more than 32) also get a hash index.
public struct MustacheObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    struct Member: Sendable {
        let key: NameKey
        let name: String
        let value: MustacheValue
    }

    private let entries: [Member]
    /// For objects of more than ``indexThreshold`` members: each name's last position.
    private let index: [String: Int]?

    static let indexThreshold = 32

    /// The members in the order given: (name, value).
    public var members: [(String, MustacheValue)] { entries.map { ($0.name, $0.value) } }

    /// Members in the order given; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(members: elements)
    }

    /// Members in the order given; a repeated name keeps its last value.
    public init(members: [(String, MustacheValue)]) {
        entries = members.map { Member(key: NameKey($0.0), name: $0.0, value: $0.1) }
        index = MustacheObject.makeIndex(entries)
    }

    /// A dictionary's entries, in name order (so the object is the same from run to run).
    public init(_ dictionary: [String: MustacheValue]) {
        self.init(members: dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    private static func makeIndex(_ entries: [Member]) -> [String: Int]? {
        guard entries.count > indexThreshold else { return nil }
        var index: [String: Int] = [:]
        index.reserveCapacity(entries.count)
        for (position, member) in entries.enumerated() { index[member.name] = position }
        return index
    }

    /// The value of the last member with this name, or nil.
    public subscript(name: String) -> MustacheValue? {
        self[name, NameKey(name)]
    }

    /// The value of the last member named `name`, whose key is `key`, or nil.
    @inline(__always)
    subscript(name: String, key: NameKey) -> MustacheValue? {
        if let index { return index[name].map { entries[$0].value } }
        var position = entries.count - 1
        while position >= 0 {
            if entries[position].key == key && (key.isWholeName || entries[position].name == name) {
                return entries[position].value
            }
            position -= 1
        }
        return nil
    }

    /// Number of distinct names.
    public var count: Int { index?.count ?? Set(entries.map(\.name)).count }

    public var isEmpty: Bool { entries.isEmpty }

    /// The members as a dictionary (a repeated name keeps its last value).
    public var dictionary: [String: MustacheValue] {
        var result: [String: MustacheValue] = [:]
        for member in entries { result[member.name] = member.value }
        return result
    }

    /// Equal when both have the same names with equal values, in any order.
    public static func == (a: MustacheObject, b: MustacheObject) -> Bool {
        a.dictionary == b.dictionary
    }
}
