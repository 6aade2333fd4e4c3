import Foundation

/// Terms numbered in the order they are first seen: their bytes in one arena, found through an
/// open-addressing table of their ``SearchTokenizer/hash(_:)``, so that looking a word up costs a
/// hash, a probe and a compare, without making a `String`.
final class SearchTermSet: @unchecked Sendable {
    /// Term `t` is `arena[ends[t - 1]..<ends[t]]` (from 0 for the first).
    @exclusivity(unchecked) private var arena = RawArray<UInt8>(capacity: 4096)
    @exclusivity(unchecked) private var ends = RawArray<Int32>(capacity: 256)
    @exclusivity(unchecked) private(set) var hashes = RawArray<UInt64>(capacity: 256)
    /// Two words a slot, a power of two of them: the term's first 8 bytes (little-endian, zeros
    /// after a shorter term), then the hash's high 24 bits, the length (255 for longer) and the
    /// term's number + 1 (0: an empty slot). A term of up to 8 bytes is found without reading
    /// the arena.
    @exclusivity(unchecked) private var slots = RawArray<UInt64>(repeating: 0, count: 2 * 512)

    init() {}

    deinit {
        arena.free()
        ends.free()
        hashes.free()
        slots.free()
    }

    var count: Int { ends.count }

    /// The bytes of term `t`.
    func bytes(_ t: Int) -> UnsafeBufferPointer<UInt8> {
        let start = t == 0 ? 0 : Int(ends[t - 1])
        return UnsafeBufferPointer(start: arena.base + start, count: Int(ends[t]) - start)
    }

    /// A term's first 8 bytes, little-endian, zeros after a shorter term: the first word of its slot.
    @inline(__always)
    static func key(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for k in 0..<min(8, term.count) { key |= UInt64(term[k]) << (8 * UInt64(k)) }
        return key
    }

    /// The number of `term` (whose hash is `hash`), and whether it was added now.
    @inline(__always)
    func intern(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (term: Int, isNew: Bool) {
        intern(term, hash: hash, key: Self.key(term))
    }

    /// The same, with the term's ``key(_:)`` already made.
    @inline(__always)
    func intern(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, key: UInt64) -> (term: Int, isNew: Bool) {
        let mask = slots.count / 2 - 1
        let meta = (hash & 0xFFFF_FF00_0000_0000) | UInt64(min(term.count, 255)) << 32
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let found = slots[2 * slot + 1]
            if found == 0 { break }
            if found & 0xFFFF_FFFF_0000_0000 == meta, slots[2 * slot] == key {
                let t = Int(found & 0xFFFF_FFFF) - 1
                if term.count <= 8 || matches(t, term) { return (t, false) }
            }
            slot = (slot + 1) & mask
        }
        let t = ends.count
        if let from = term.baseAddress { arena.append(contentsOf: UnsafeBufferPointer(start: from, count: term.count)) }
        ends.append(Int32(arena.count))
        hashes.append(hash)
        slots[2 * slot] = key
        slots[2 * slot + 1] = meta | UInt64(t + 1)
        if ends.count * 2 > slots.count / 2 { grow() }
        return (t, true)
    }

    private func matches(_ t: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = t == 0 ? 0 : Int(ends[t - 1])
        guard Int(ends[t]) - start == term.count, let bytes = term.baseAddress else { return false }
        return memcmp(arena.base + start, bytes, term.count) == 0
    }

    private func grow() {
        let size = slots.count  // twice the slots: the new number of slots
        let bigger = RawArray<UInt64>(repeating: 0, count: 2 * size)
        let mask = size - 1
        for s in 0..<(size / 2) where slots[2 * s + 1] != 0 {
            let t = Int(slots[2 * s + 1] & 0xFFFF_FFFF) - 1
            let hash = hashes[t]
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while bigger[2 * slot + 1] != 0 { slot = (slot + 1) & mask }
            bigger[2 * slot] = slots[2 * s]
            bigger[2 * slot + 1] = slots[2 * s + 1]
        }
        slots.free()
        slots = bigger
    }
}
