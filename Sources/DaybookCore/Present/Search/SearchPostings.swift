/// A month's finished part of the inverted index (``SearchTermTable/postings()``): its terms, each
/// with its documents in increasing order, and the terms of each shard. Read-only, so the 64
/// shard jobs read every month's at once.
public struct SearchPostings: Sendable {
    /// Term `t` is `arena[ends[t - 1]..<ends[t]]` (from 0 for the first).
    let arena: [UInt8]
    let ends: [Int32]
    /// Each term's ``SearchTokenizer/hash(_:)``.
    let hashes: [UInt64]
    /// Term `t`'s documents are `docs[docStart[t]..<docStart[t + 1]]`: the number, with bit 31
    /// set when the term is in the document's title.
    let docStart: [Int32]
    let docs: [UInt32]
    /// The terms of shard `b` are `termsByBucket[bucketStart[b]..<bucketStart[b + 1]]`.
    let bucketStart: [Int32]
    let termsByBucket: [Int32]

    public var termCount: Int { ends.count }

    /// Postings of the terms in `arena` (each ending at its `ends`) and their documents, the
    /// terms grouped by shard here.
    init(arena: [UInt8], ends: [Int32], hashes: [UInt64], docStart: [Int32], docs: [UInt32]) {
        self.arena = arena
        self.ends = ends
        self.hashes = hashes
        self.docStart = docStart
        self.docs = docs
        // A stable counting sort of the terms by shard.
        var buckets: [UInt8] = []
        buckets.reserveCapacity(ends.count)
        arena.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                buckets.append(UInt8(SearchIndex.bucket(of: UnsafeBufferPointer(rebasing: all[start..<Int(end)]))))
                start = Int(end)
            }
        }
        var bucketStart = [Int32](repeating: 0, count: SearchIndex.buckets + 1)
        for b in buckets { bucketStart[Int(b) + 1] += 1 }
        for b in 0..<SearchIndex.buckets { bucketStart[b + 1] += bucketStart[b] }
        var place = bucketStart
        var byBucket = [Int32](repeating: 0, count: ends.count)
        for (t, b) in buckets.enumerated() {
            byBucket[Int(place[Int(b)])] = Int32(t)
            place[Int(b)] += 1
        }
        self.bucketStart = bucketStart
        termsByBucket = byBucket
    }

    func term(_ t: Int) -> ArraySlice<UInt8> {
        arena[(t == 0 ? 0 : Int(ends[t - 1]))..<Int(ends[t])]
    }

    func terms(inBucket b: Int) -> ArraySlice<Int32> {
        termsByBucket[Int(bucketStart[b])..<Int(bucketStart[b + 1])]
    }

    /// Term `t`'s documents, those with it in their title apart from the others.
    func documents(_ t: Int) -> (title: [Int32], other: [Int32]) {
        var title: [Int32] = [], other: [Int32] = []
        for d in docs[Int(docStart[t])..<Int(docStart[t + 1])] {
            if d & 0x8000_0000 != 0 { title.append(Int32(d & 0x7FFF_FFFF)) } else { other.append(Int32(d)) }
        }
        return (title, other)
    }

    /// The documents of the term whose bytes are `term`, if the table has it.
    func documents(of term: String) -> (title: [Int32], other: [Int32])? {
        let bytes = Array(term.utf8)
        guard let t = (0..<termCount).first(where: { self.term($0).elementsEqual(bytes) }) else { return nil }
        return documents(t)
    }
}
