import Foundation

/// A part of the inverted index: for each term, the documents that hold it in their title and
/// those that hold it only elsewhere, each list in the order documents were added. A month job
/// fills one for its entries; ``SearchIndex/termShard(_:from:)`` merges them bucket by bucket.
///
/// Terms are byte strings in one arena, found through an open-addressing table of their
/// hashes, so adding a word costs a hash and a compare, without making a `String`.
public struct SearchTermTable: Sendable {
    private var arena: [UInt8] = []
    /// Term `t` is `arena[ends[t - 1]..<ends[t]]` (from 0 for the first).
    private var ends: [Int32] = []
    private var hashes: [UInt64] = []
    /// Term numbers + 1, 0 for an empty slot; the count is a power of two.
    private var slots: [Int32] = [Int32](repeating: 0, count: 1024)
    private(set) var titleDocs: [[Int32]] = []
    private(set) var otherDocs: [[Int32]] = []
    private var lastDoc: [Int32] = []
    /// The terms of each bucket (``SearchIndex/bucket(of:)``), in the order they were first added.
    private(set) var bucketTerms: [[Int32]] = Array(repeating: [], count: SearchIndex.buckets)

    public init() {}

    public var termCount: Int { ends.count }

    /// The bytes of term `t`.
    func term(_ t: Int) -> ArraySlice<UInt8> {
        arena[(t == 0 ? 0 : Int(ends[t - 1]))..<Int(ends[t])]
    }

    /// Records that document `doc` holds `term`, in its title or elsewhere. Documents are added
    /// in increasing order, and a document's title before the rest of it.
    public mutating func add(_ term: UnsafeBufferPointer<UInt8>, doc: Int32, inTitle: Bool) {
        add(term, hash: SearchTokenizer.hash(term), doc: doc, inTitle: inTitle)
    }

    /// The same, with the term's ``SearchTokenizer/hash(_:)`` already made.
    @inline(__always)
    public mutating func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, doc: Int32, inTitle: Bool) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let found = slots[slot]
            if found == 0 { break }
            let t = Int(found - 1)
            if hashes[t] == hash, matches(t, term) {
                if lastDoc[t] != doc {
                    lastDoc[t] = doc
                    if inTitle { titleDocs[t].append(doc) } else { otherDocs[t].append(doc) }
                }
                return
            }
            slot = (slot + 1) & mask
        }
        let t = Int32(ends.count)
        arena.append(contentsOf: term)
        ends.append(Int32(arena.count))
        hashes.append(hash)
        titleDocs.append(inTitle ? [doc] : [])
        otherDocs.append(inTitle ? [] : [doc])
        lastDoc.append(doc)
        bucketTerms[SearchIndex.bucket(of: term)].append(t)
        slots[slot] = t + 1
        if ends.count * 2 > slots.count { grow() }
    }

    /// The same, for a term given as a `String`.
    public mutating func add(_ term: String, doc: Int32, inTitle: Bool) {
        var term = term
        term.withUTF8 { add($0, doc: doc, inTitle: inTitle) }
    }

    private func matches(_ t: Int, _ term: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = t == 0 ? 0 : Int(ends[t - 1])
        guard Int(ends[t]) - start == term.count else { return false }
        return term.isEmpty || arena.withUnsafeBufferPointer { a in memcmp(a.baseAddress! + start, term.baseAddress!, term.count) == 0 }
    }

    private mutating func grow() {
        var bigger = [Int32](repeating: 0, count: slots.count * 2)
        let mask = bigger.count - 1
        for (t, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while bigger[slot] != 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(t + 1)
        }
        slots = bigger
    }
}

extension SearchTokenizer {
    /// Adds every term of `text` to `table`, for document `doc`.
    public mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, into table: inout SearchTermTable, doc: Int32, inTitle: Bool) {
        tokenize(text) { table.add($0, hash: $1, doc: doc, inTitle: inTitle) }
    }
}
