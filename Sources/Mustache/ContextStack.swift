/// The renderer's context stack, in memory it manages itself: a lookup reads each context in
/// place (borrowed, not copied), which an array's elements are not guaranteed to be.
struct ContextStack: ~Copyable {
    private var base: UnsafeMutablePointer<MustacheValue>
    private var capacity: Int
    private(set) var count = 0

    init(_ root: MustacheValue) {
        capacity = 16
        base = .allocate(capacity: capacity)
        push(root)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func push(_ value: MustacheValue) {
        if count == capacity {
            let grown = UnsafeMutablePointer<MustacheValue>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: value)
        count += 1
    }

    mutating func pop() {
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    /// The context at `index` (0 is the root), read in place.
    @inline(__always)
    subscript(index: Int) -> MustacheValue {
        unsafeAddress { UnsafePointer(base + index) }
    }
}
