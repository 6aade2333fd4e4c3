/// The member names of a kind of ``MustacheObject``, made once and shared by every object of
/// that kind: a view model converted by the thousand builds only its values, and lookups
/// compare one-integer ``NameKey``s made when the shape was.
public final class MustacheShape: @unchecked Sendable {
    let names: [String]
    /// The names and their keys again, in memory the shape owns (immutable after init, so the
    /// shape stays safe to share): a lookup reads them without retaining an array.
    private let nameStore: UnsafeMutableBufferPointer<String>
    private let keys: UnsafeMutableBufferPointer<NameKey>
    /// For shapes of more than ``MustacheObject/indexThreshold`` names: each name's last position.
    let index: [String: Int]?
    private let hasIndex: Bool
    private let size: Int

    /// Names in the order the values will be given; a repeated name means its last value.
    public init(_ names: [String]) {
        self.names = names
        nameStore = .allocate(capacity: max(1, names.count))
        _ = nameStore.initialize(from: names)
        keys = .allocate(capacity: max(1, names.count))
        _ = keys.initialize(from: names.lazy.map(NameKey.init))
        hasIndex = names.count > MustacheObject.indexThreshold
        size = names.count
        if names.count > MustacheObject.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(names.count)
            for (position, name) in names.enumerated() { index[name] = position }
            self.index = index
        } else {
            index = nil
        }
    }

    deinit {
        nameStore.baseAddress!.deinitialize(count: names.count)
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
        var position = size - 1
        while position >= 0 {
            if keys[position] == key && (key.isWholeName || nameStore[position] == name) { return position }
            position -= 1
        }
        return nil
    }
}
