/// A growable array of plain values in memory it allocates itself, for the search index's hot
/// loops: no uniqueness check on a write, no bounds check in release builds. The owner calls
/// ``free()`` once (from its `deinit`); copies share the memory.
struct RawArray<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: value, count: count)
        self.count = count
    }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            assert(i >= 0 && i < count)
            return base[i]
        }
        @inline(__always) nonmutating set {
            assert(i >= 0 && i < count)
            base[i] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { reserve(count + 1) }
        base[count] = value
        count += 1
    }

    mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
        reserve(count + values.count)
        if let from = values.baseAddress { (base + count).update(from: from, count: values.count) }
        count += values.count
    }

    /// Room for at least `wanted` elements without another allocation.
    mutating func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        var bigger = capacity * 2
        while bigger < wanted { bigger *= 2 }
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: bigger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = bigger
    }

    func buffer() -> UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    var array: [Element] { Array(buffer()) }

    /// Appends what `write` writes past the end, with room for `room` elements: it returns how many.
    mutating func append(room: Int, _ write: (UnsafeMutablePointer<Element>) -> Int) {
        reserve(count + room)
        let written = write(base + count)
        precondition(written >= 0 && written <= room)
        count += written
    }

    /// Empties it, keeping its room.
    mutating func removeAll() { count = 0 }

    func free() { base.deallocate() }
}
