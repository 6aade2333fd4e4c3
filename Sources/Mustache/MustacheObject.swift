/// The members of a ``MustacheValue/object(_:)``: names and values, looked up by name.
///
/// View models convert to small objects by the thousand, so the members are kept as written,
/// in one array, and found by comparing names (a short ASCII name compares in a word or two);
/// no hashing when an object is made. A name given twice keeps its last value. Objects with
/// many members (more than 32) also get a hash index.
public struct MustacheObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The members in the order given: (name, value).
    public let members: [(String, MustacheValue)]
    /// For objects of more than ``indexThreshold`` members: each name's last position.
    private let index: [String: Int]?

    static let indexThreshold = 32

    /// Members in the order given; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(members: elements)
    }

    /// Members in the order given; a repeated name keeps its last value.
    public init(members: [(String, MustacheValue)]) {
        self.members = members
        index = MustacheObject.makeIndex(members)
    }

    /// A dictionary's entries, in name order (so the object is the same from run to run).
    public init(_ dictionary: [String: MustacheValue]) {
        members = dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        index = MustacheObject.makeIndex(members)
    }

    private static func makeIndex(_ members: [(String, MustacheValue)]) -> [String: Int]? {
        guard members.count > indexThreshold else { return nil }
        var index: [String: Int] = [:]
        index.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { index[member.0] = position }
        return index
    }

    /// The value of the last member with this name, or nil.
    public subscript(name: String) -> MustacheValue? {
        if let index { return index[name].map { members[$0].1 } }
        var position = members.count - 1
        while position >= 0 {
            if members[position].0 == name { return members[position].1 }
            position -= 1
        }
        return nil
    }

    /// Number of distinct names.
    public var count: Int { index?.count ?? Set(members.map(\.0)).count }

    public var isEmpty: Bool { members.isEmpty }

    /// The members as a dictionary (a repeated name keeps its last value).
    public var dictionary: [String: MustacheValue] {
        var result: [String: MustacheValue] = [:]
        for (name, value) in members { result[name] = value }
        return result
    }

    /// Equal when both have the same names with equal values, in any order.
    public static func == (a: MustacheObject, b: MustacheObject) -> Bool {
        a.dictionary == b.dictionary
    }
}
