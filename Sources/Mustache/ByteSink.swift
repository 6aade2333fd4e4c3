/// The bytes of one render, appended with a bounds check and a `memcpy`: `Array.append(contentsOf:)`
/// costs ~90 instructions a call, and a page makes a few hundred appends of a few bytes each.
/// The caller's array receives the whole output at once when the render ends.
struct ByteSink: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        if length > capacity - count { grow(to: count + length) }
        let to = UnsafeMutableRawPointer(base + count), from = UnsafeRawPointer(bytes)
        // Most runs are a few bytes (`">`, `</a></li>`): two overlapping loads and stores, not a call.
        if length >= 8 && length <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4 && length < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            for k in 0..<length { to.storeBytes(of: from.load(fromByteOffset: k, as: UInt8.self), toByteOffset: k, as: UInt8.self) }
        } else {
            (base + count).update(from: bytes, count: length)
        }
        count += length
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        append(start, count: bytes.count)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends a string's UTF-8 bytes.
    @inline(__always)
    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Swaps two bytes already written (digits are written backwards, then reversed).
    mutating func swapAt(_ i: Int, _ j: Int) {
        let t = base[i]
        base[i] = base[j]
        base[j] = t
    }

    /// Appends everything written so far to `buffer`.
    func copy(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
