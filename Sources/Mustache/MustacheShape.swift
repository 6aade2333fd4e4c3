/// The member names of a kind of ``MustacheObject``, made once and shared by every object of
/// that kind: a view model converted by the thousand builds only its values, and lookups
/// compare one-integer ``NameKey``s made when the shape was.
public final class MustacheShape: @unchecked Sendable {
    /// The names and their keys, in memory the shape owns (immutable after init, so the shape
    /// stays safe to share): a lookup reads them without retaining an array.
    private let nameStore: UnsafeMutableBufferPointer<String>
    private let keys: UnsafeMutableBufferPointer<NameKey>
    /// For shapes of more than ``MustacheObject/indexThreshold`` names: each name's last position.
    let index: [String: Int]?
    /// `index != nil`, read without touching the dictionary on every lookup.
    private let hasIndex: Bool

    /// The names in the order given.
    var names: [String] { Array(nameStore) }

    /// Number of names (repeats counted).
    var count: Int { nameStore.count }

    /// Names in the order the values will be given; a repeated name means its last value.
    public init(_ names: [String]) {
        nameStore = .allocate(capacity: names.count)
        _ = nameStore.initialize(from: names)
        keys = .allocate(capacity: names.count)
        _ = keys.initialize(from: names.lazy.map(NameKey.init))
        index = names.count > MustacheObject.indexThreshold
            ? Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { _, last in last })
            : nil
        hasIndex = index != nil
    }

    deinit {
        _ = nameStore.deinitialize()
        nameStore.deallocate()
        keys.deallocate()
    }

    public convenience init(_ names: String...) {
        self.init(names)
    }

    /// The position of the last name equal to `name` (whose key is `key`), or nil.
    @inline(__always)
    func position(of name: String, _ key: NameKey) -> Int? {
        if hasIndex { return index![name] }
        var position = nameStore.count - 1
        while position >= 0 {
            if keys[position] == key && (key.isWholeName || nameStore[position] == name) { return position }
            position -= 1
        }
        return nil
    }
}
