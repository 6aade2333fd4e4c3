import CSearchTerms

/// Terms numbered in the order they are first seen: their bytes in one arena, found through an
/// open-addressing table of their ``SearchTokenizer/hash(_:)``, so that looking a word up costs a
/// hash, a probe and a compare, without making a `String`. The table is C's (`CSearchTerms`),
/// which ``SearchTermTable`` also files documents in.
final class SearchTermSet: @unchecked Sendable {
    let table: UnsafeMutablePointer<dbk_terms>

    init() {
        table = dbk_terms_new()
    }

    deinit {
        dbk_terms_free(table)
    }

    var count: Int { table.pointee.count }

    /// The bytes of term `t`.
    func bytes(_ t: Int) -> UnsafeBufferPointer<UInt8> {
        let ends = table.pointee.ends!
        let start = t == 0 ? 0 : Int(ends[t - 1])
        return UnsafeBufferPointer(start: table.pointee.arena + start, count: Int(ends[t]) - start)
    }

    /// Each term's hash, in term order.
    var hashes: UnsafeBufferPointer<UInt64> { UnsafeBufferPointer(start: table.pointee.hashes, count: count) }

    /// A term's first 8 bytes, little-endian, zeros after a shorter term: the first word of its slot.
    @inline(__always)
    static func key(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for k in 0..<min(8, term.count) { key |= UInt64(term[k]) << (8 * UInt64(k)) }
        return key
    }

    /// The number of `term` (whose hash is `hash`), and whether it was added now.
    func intern(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (term: Int, isNew: Bool) {
        var isNew: Int32 = 0
        let t = dbk_terms_intern(table, term.baseAddress, term.count, hash, Self.key(term), &isNew)
        return (t, isNew != 0)
    }
}
