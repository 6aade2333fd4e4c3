import CSearchTerms
import Foundation

/// One month's part of the search index: its postings and its document shards, as
/// ``SearchMonthIndexer`` makes them, or as the search cache kept them from an earlier build
/// (``cacheBytes(digest:)``, ``init(cacheBytes:digest:month:stamp:)``).
public struct SearchMonthPart: Sendable {
    public let postings: SearchPostings
    /// The month's `d-` shards, in order.
    public let shards: [[UInt8]]
    /// The number of the month's first document.
    let start: Int

    /// Which layout of the cache and which index it holds; part of every digest.
    static let formatVersion = "daybook-search-month 4"
    /// The program making the index (its file's size and modification time): a build by another
    /// version of daybook makes its parts again; the same release unpacked again (a CI runner
    /// restoring the cache) reads them.
    static let toolIdentity: String = FileFacts.ofRunningProgram ?? ""
    private static let magic = Array("\(formatVersion)\n".utf8)

    init(postings: SearchPostings, shards: [[UInt8]], start: Int) {
        self.postings = postings
        self.shards = shards
        self.start = start
    }

    /// The part as the search cache keeps it, under the digest of what it was made from: the
    /// documents' numbers from the month's first, the shards as they are, little-endian counts.
    ///
    ///     magic, digest (16 bytes), terms T, arena bytes A, documents D, shards S (4 bytes each),
    ///     arena, term ends (T), first documents (T + 1), documents (D), shard sizes (S), shards
    public func cacheBytes(digest: [UInt8]) -> [UInt8] {
        let (arena, ends, docStart, docs) = (postings.arena, postings.ends, postings.docStart, postings.docs)
        let head = Self.magic.count + digest.count
        let total = shards.reduce(head + 16 + arena.count + 4 * (ends.count + docStart.count + docs.count + shards.count)) { $0 + $1.count }
        return [UInt8](unsafeUninitializedCapacity: total) { room, initialized in
            let base = room.baseAddress!
            var at = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                if let from = bytes.baseAddress { (base + at).initialize(from: from, count: bytes.count) }
                at += bytes.count
            }
            func put(_ n: Int) {
                UnsafeMutableRawPointer(base + at).storeBytes(of: UInt32(truncatingIfNeeded: n).littleEndian, as: UInt32.self)
                at += 4
            }
            Self.magic.withUnsafeBufferPointer { put($0) }
            digest.withUnsafeBufferPointer { put($0) }
            for n in [ends.count, arena.count, docs.count, shards.count] { put(n) }
            arena.withUnsafeBufferPointer { put($0) }
            for end in ends { put(Int(end)) }
            for first in docStart { put(Int(first)) }
            for doc in docs { put(Int(doc) - start) }
            for shard in shards { put(shard.count) }
            for shard in shards { shard.withUnsafeBufferPointer { put($0) } }
            precondition(at == total, "the search cache's layout and its size disagree")
            initialized = at
        }
    }

    /// The part kept in `bytes`, for `month` of a build whose index has `stamp`; nil unless the
    /// bytes are a whole part of that `digest` as ``cacheBytes(digest:)`` writes it: the numbers
    /// in range and in order, one shard for each 32 documents, each shard only strings and arrays
    /// (the cache is read as outside data: it is published).
    public init?(cacheBytes bytes: [UInt8], digest: [UInt8], month: SearchIndex.Month, stamp: String) {
        guard let (postings, shards) = bytes.withUnsafeBufferPointer({ Self.read($0, digest: digest, month: month, stamp: stamp) })
        else { return nil }
        self.postings = postings
        self.shards = shards
        start = month.start
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, digest: [UInt8], month: SearchIndex.Month,
                             stamp: String) -> (SearchPostings, [[UInt8]])? {
        let head = magic.count + 16
        guard bytes.count >= head + 16, bytes[0..<magic.count].elementsEqual(magic),
              bytes[magic.count..<head].elementsEqual(digest), stamp.utf8.count == 16, let base = bytes.baseAddress
        else { return nil }
        var at = head
        // Bounds are checked before the numbers are read: the counts first, then the fixed part.
        @inline(__always) func number() -> Int {
            defer { at += 4 }
            return Int(UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)))
        }
        let (termCount, arenaCount, docCount, shardCount) = (number(), number(), number(), number())
        let expectedShards = (month.count + SearchIndex.docsPerShard - 1) / SearchIndex.docsPerShard
        let fixed = head + 16 + arenaCount + 4 * (2 * termCount + 1 + docCount + shardCount)
        guard shardCount == expectedShards, fixed <= bytes.count else { return nil }
        let arena = Array(bytes[at..<(at + arenaCount)])
        at += arenaCount
        var ends = [Int32](repeating: 0, count: termCount)
        var last = 0
        for t in 0..<termCount {
            let end = number()
            guard end > last, end <= arenaCount else { return nil }
            ends[t] = Int32(end)
            last = end
        }
        guard last == arenaCount else { return nil }
        var docStart = [Int32](repeating: 0, count: termCount + 1)
        last = 0
        for t in 0...termCount {
            let first = number()
            guard first >= last, first <= docCount, t > 0 || first == 0 else { return nil }
            docStart[t] = Int32(first)
            last = first
        }
        guard last == docCount else { return nil }
        var docs = [UInt32](repeating: 0, count: docCount)
        let valid = docs.withUnsafeMutableBufferPointer { docs in
            docStart.withUnsafeBufferPointer { first in
                dbk_read_documents(base + at, first.baseAddress, termCount, UInt32(month.start), UInt32(month.count), docs.baseAddress)
            }
        }
        guard valid != 0 else { return nil }
        at += 4 * docCount
        var sizes: [Int] = []
        for _ in 0..<shardCount { sizes.append(number()) }
        guard sizes.reduce(at, +) == bytes.count else { return nil }
        var shards: [[UInt8]] = []
        shards.reserveCapacity(shardCount)
        for size in sizes {
            guard dbk_is_document_shard(base + at, size) != 0 else { return nil }
            var shard = [UInt8](unsafeUninitializedCapacity: size) { room, initialized in
                room.baseAddress!.initialize(from: base + at, count: size)
                initialized = size
            }
            at += size
            // The stamp is the last string's 16 digits: this build's.
            shard.replaceSubrange((size - 20)..<(size - 4), with: stamp.utf8)
            shards.append(shard)
        }
        var hashes: [UInt64] = []
        hashes.reserveCapacity(termCount)
        var from = 0
        for end in ends {
            hashes.append(SearchTokenizer.hash(UnsafeBufferPointer(rebasing: bytes[(head + 16 + from)..<(head + 16 + Int(end))])))
            from = Int(end)
        }
        return (SearchPostings(arena: arena, ends: ends, hashes: hashes, docStart: docStart, docs: docs), shards)
    }
}
