/// The members of a ``MustacheValue/object(_:)``: names and values, looked up by name.
///
/// The names are a ``MustacheShape``: view models that convert to objects by the thousand share
/// one shape per kind and build only their values. An object made from names and values makes
/// its own shape. A name given twice keeps its last value.
public struct MustacheObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    let shape: MustacheShape
    let values: [MustacheValue]

    /// Shapes of more names than this also get a hash index.
    static let indexThreshold = 32

    /// Values in the order of `shape`'s names (one each: the counts must match).
    public init(_ shape: MustacheShape, _ values: [MustacheValue]) {
        precondition(shape.count == values.count, "MustacheObject: one value for each name of the shape")
        self.shape = shape
        self.values = values
    }

    /// Members in the order given; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self.init(members: elements)
    }

    /// Members in the order given; a repeated name keeps its last value.
    public init(members: [(String, MustacheValue)]) {
        shape = MustacheShape(members.map(\.0))
        values = members.map(\.1)
    }

    /// A dictionary's entries, in name order (so the object is the same from run to run).
    public init(_ dictionary: [String: MustacheValue]) {
        self.init(members: dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// The members in the order given: (name, value).
    public var members: [(String, MustacheValue)] { Array(zip(shape.names, values)) }

    /// The value of the last member with this name, or nil.
    public subscript(name: String) -> MustacheValue? {
        self[name, NameKey(name)]
    }

    /// The value of the last member named `name`, whose key is `key`, or nil.
    @inline(__always)
    subscript(name: String, key: NameKey) -> MustacheValue? {
        shape.position(of: name, key).map { values[$0] }
    }

    /// Number of distinct names.
    public var count: Int { shape.index?.count ?? Set(shape.names).count }

    public var isEmpty: Bool { values.isEmpty }

    /// The members as a dictionary (a repeated name keeps its last value).
    public var dictionary: [String: MustacheValue] {
        var result: [String: MustacheValue] = [:]
        for (name, value) in zip(shape.names, values) { result[name] = value }
        return result
    }

    /// Equal when both have the same names with equal values, in any order.
    public static func == (a: MustacheObject, b: MustacheObject) -> Bool {
        a.dictionary == b.dictionary
    }
}
