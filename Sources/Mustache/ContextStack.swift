/// The renderer's context stack, in memory it manages itself: a lookup reads each context in
/// place (borrowed, not copied), which an array's elements are not guaranteed to be.
struct ContextStack: ~Copyable {
    private var base: UnsafeMutablePointer<MustacheValue>
    /// Each context's object as a lookup reads it: its shape and its values, unretained (the
    /// context itself, kept in `base`, keeps them alive, and an object's values never change),
    /// so that looking a name up retains and releases nothing; nil for a context of another kind.
    private var objects: UnsafeMutablePointer<ObjectView>
    private var capacity: Int
    private(set) var count = 0

    struct ObjectView {
        let shape: Unmanaged<MustacheShape>?
        let values: UnsafePointer<MustacheValue>?
    }

    init(_ root: MustacheValue) {
        capacity = 16
        base = .allocate(capacity: capacity)
        objects = .allocate(capacity: capacity)
        push(root)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
        objects.deallocate()
    }

    mutating func push(_ value: MustacheValue) {
        if count == capacity {
            let grown = UnsafeMutablePointer<MustacheValue>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            let grownObjects = UnsafeMutablePointer<ObjectView>.allocate(capacity: capacity * 2)
            grownObjects.moveInitialize(from: objects, count: count)
            objects.deallocate()
            objects = grownObjects
            capacity *= 2
        }
        (base + count).initialize(to: value)
        if case .object(let object) = value {
            (objects + count).initialize(to: ObjectView(shape: .passUnretained(object.shape),
                                                         values: object.values.withUnsafeBufferPointer { $0.baseAddress }))
        } else {
            (objects + count).initialize(to: ObjectView(shape: nil, values: nil))
        }
        count += 1
    }

    /// The member `name` (whose key is `key`) of the context at `index`; nil when that context
    /// is no object or has no such member. Nothing is retained but the value returned.
    @inline(__always)
    func member(at index: Int, _ name: String, _ key: NameKey) -> MustacheValue? {
        let view = objects[index]
        guard let shape = view.shape, let values = view.values else { return nil }
        guard let position = shape._withUnsafeGuaranteedRef({ $0.position(of: name, key) }) else { return nil }
        return values[position]
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
