import CSearchTerms

/// The layout of the full-text search index under `search/`: script files that call the
/// global `daybookSearch(kind, name, data)` of `assets/search.js`, so that they load by
/// `<script>` injection, from `file://` too (docs/search.md).
///
/// - `search/meta.js`: the months (each one's first document number and count) and the tags.
/// - `search/t-00.js` … `t-3f.js`: the inverted index, each term in the shard of its *key*:
///   its first character when that is Hangul, Han or kana, else its first two characters (the
///   whole term for `tag:` and `year:` terms). A query word of at least that length finds its
///   shard, and every term it is a prefix of is there. Each term maps to two lists of document
///   numbers, delta-coded: the documents with the term in their title, the others.
/// - `search/d-<yyyy-MM>-<k>.js`: the documents themselves, 32 a file (``docsPerShard``): title, date, link, tags,
///   text for excerpts. Only those of results being shown are loaded.
///
/// Documents are numbered month by month, newest month first, each month's entries newest first:
/// lower is newer.
public struct SearchIndex: Sendable {
    public static let buckets = 64
    public static let docsPerShard = 32

    public struct Month: Sendable, Equatable {
        public var key: String
        /// The number of the month's first document.
        public var start: Int
        public var count: Int
    }

    public let months: [Month]
    /// Every tag's slug (its `tag:` term) and name.
    public let tags: [(slug: String, name: String)]
    /// ``stamp(of:)``, which every file of the index says.
    public let stamp: String

    public init(diary: Diary) {
        stamp = Self.stamp(of: diary)
        var start = 0
        months = diary.months.map { month in
            defer { start += month.entries.count }
            return Month(key: month.key.description, start: start, count: month.entries.count)
        }
        tags = diary.tags.map { ($0.slug, $0.name) }
    }

    /// What the documents' numbers stand for in this build: 16 hex digits of FNV-1a (64 bits) of
    /// each month's key and each of its entries' page, in order. A build that numbers the same
    /// entries alike has the same stamp; one that adds, removes or moves an entry has another.
    /// The results page loads the files with it and checks that they all say it (a host's cache
    /// could otherwise mix the files of two builds, and numbers would name other entries).
    public static func stamp(of diary: Diary) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ text: String) {
            var text = text
            // The bytes read in place (the build is waiting for this, one thread: 10,000 links).
            text.withUTF8 { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 } }
            hash = (hash ^ 0x0A) &* 0x0000_0100_0000_01B3
        }
        add(diary.config.prettyURLs ? "pretty" : "files")
        for month in diary.months {
            add(month.key.description)
            for index in month.entries { add(diary.entries[index].urlFolder) }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Every file of the index, relative to the output folder.
    public var paths: [String] {
        var paths = ["search/meta.js"]
        for b in 0..<Self.buckets { paths.append(Self.termShardPath(b)) }
        for m in months.indices {
            for k in 0..<shardCount(month: m) { paths.append(docShardPath(month: m, shard: k)) }
        }
        return paths
    }

    public static func termShardPath(_ bucket: Int) -> String {
        let hex = Array("0123456789abcdef".utf8)
        return "search/t-" + String(decoding: [hex[bucket >> 4], hex[bucket & 15]], as: UTF8.self) + ".js"
    }

    public func docShardPath(month m: Int, shard k: Int) -> String {
        "search/d-\(months[m].key)-\(k).js"
    }

    public func shardCount(month m: Int) -> Int {
        (months[m].count + Self.docsPerShard - 1) / Self.docsPerShard
    }

    /// The shard (0..<``buckets``) of a term: FNV-1a (32 bits) of its key's UTF-8 bytes, low 6 bits.
    public static func bucket(of term: UnsafeBufferPointer<UInt8>) -> Int {
        var keyEnd = term.count
        if !term.contains(UInt8(ascii: ":")) {
            var i = 0, scalars = 0
            while i < term.count {
                let b = term[i]
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                if scalars == 0, length >= 3, i + length <= term.count {
                    var v = UInt32(length == 3 ? b & 0x0F : b & 0x07)
                    for k in (i + 1)..<(i + length) { v = v << 6 | UInt32(term[k] & 0x3F) }
                    if SearchFolding.isReadByPairs(v) || SearchFolding.isHangul(v) {
                        keyEnd = i + length
                        break
                    }
                }
                i += length
                scalars += 1
                if scalars == 2 {
                    keyEnd = min(i, term.count)
                    break
                }
            }
        }
        var hash: UInt32 = 0x811C_9DC5
        for k in 0..<keyEnd { hash = (hash ^ UInt32(term[k])) &* 0x0100_0193 }
        return Int(hash & UInt32(Self.buckets - 1))
    }

    public static func bucket(of term: String) -> Int {
        var term = term
        return term.withUTF8 { bucket(of: $0) }
    }

    /// `search/meta.js`.
    public func meta() -> [UInt8] {
        var out = Array(#"daybookSearch("m",0,{"buckets":"#.utf8)
        out += "\(Self.buckets),\"perShard\":\(Self.docsPerShard),\"months\":[".utf8
        for (m, month) in months.enumerated() {
            if m > 0 { out.append(UInt8(ascii: ",")) }
            out += "[\"\(month.key)\",\(month.start),\(month.count)]".utf8
        }
        out += "],\"tags\":[".utf8
        for (t, tag) in tags.enumerated() {
            if t > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            Self.appendString(tag.slug, to: &out)
            out.append(UInt8(ascii: ","))
            Self.appendString(tag.name, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out += "],\"stamp\":".utf8
        Self.appendString(stamp, to: &out)
        out += "});\n".utf8
        return out
    }

    /// `search/t-xx.js` for `bucket`, from the postings of every month, in month order (so each
    /// term's documents come out in increasing order). Terms are sorted by their bytes.
    public static func termShard(_ bucket: Int, from months: [SearchPostings], stamp: String) -> [UInt8] {
        // Each month's part of each term, grouped by term (a stable counting sort: months in order).
        let merged = SearchTermSet()
        var parts: [(term: Int32, month: Int32, t: Int32)] = []
        for (m, month) in months.enumerated() {
            for t in month.terms(inBucket: bucket) {
                let t = Int(t)
                let (id, _) = month.term(t).withUnsafeBufferPointer { merged.intern($0, hash: month.hashes[t]) }
                parts.append((Int32(id), Int32(m), Int32(t)))
            }
        }
        let n = merged.count
        var start = [Int](repeating: 0, count: n + 1)
        for part in parts { start[Int(part.term) + 1] += 1 }
        for t in 0..<n { start[t + 1] += start[t] }
        var next = start
        var grouped = [(month: Int32, t: Int32)](repeating: (0, 0), count: parts.count)
        for part in parts {
            grouped[next[Int(part.term)]] = (part.month, part.t)
            next[Int(part.term)] += 1
        }
        let order = (0..<n).sorted { merged.bytes($0).lexicographicallyPrecedes(merged.bytes($1)) }

        // Written through a `RawArray`: a shard is mostly numbers of a digit or two and commas, and
        // an `Array` checks its uniqueness for each byte appended. A term's documents are read once:
        // title hits (few) gathered apart, the others written as they come into `other`.
        var out = RawArray<UInt8>(capacity: max(4096, parts.count * 16))
        var other = RawArray<UInt8>(capacity: 4096)
        var titleDocs = RawArray<UInt32>(capacity: 256)
        defer {
            out.free()
            other.free()
            titleDocs.free()
        }
        var term: [UInt8] = []
        func put(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        put("daybookSearch(\"t\",")
        out.appendDecimal(UInt32(bucket))
        put(",{")
        for (k, id) in order.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            term.removeAll(keepingCapacity: true)
            appendString(bytes: merged.bytes(id), to: &term)
            term.withUnsafeBufferPointer { out.append(contentsOf: $0) }
            titleDocs.removeAll()
            other.removeAll()
            var last: UInt32 = 0, any: Int32 = 0
            for (m, t) in grouped[start[id]..<start[id + 1]] {
                let month = months[Int(m)]
                let from = Int(month.docStart[Int(t)]), count = Int(month.docStart[Int(t) + 1]) - from
                var titles = 0
                month.docs.withUnsafeBufferPointer { docs in
                    titleDocs.append(room: count) { titleRoom in
                        other.append(room: 11 * count) { room in
                            dbk_put_documents(docs.baseAddress! + from, count, &last, room, &any, titleRoom, &titles)
                        }
                        return titles
                    }
                }
            }
            put(":[[")
            var lastTitle: UInt32 = 0
            for n in 0..<titleDocs.count {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out.appendDecimal(titleDocs[n] - lastTitle)
                lastTitle = titleDocs[n]
            }
            put("],[")
            out.append(contentsOf: other.buffer())
            put("]]")
        }
        put("},\"")
        stamp.utf8.withContiguousStorageIfAvailable { out.append(contentsOf: $0) }
        put("\");\n")
        return out.array
    }

    /// A JavaScript string literal (JSON; U+2028 and U+2029 are valid in both since ES2019).
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { JSONWriter.appendString(bytes: $0, to: &out) }
    }

    static func appendString<Bytes: Collection>(bytes: Bytes, to out: inout [UInt8]) where Bytes.Element == UInt8 {
        JSONWriter.appendString(bytes: bytes, to: &out)
    }
}

extension RawArray where Element == UInt8 {
    /// Appends `n` in decimal (C's `dbk_put_decimal`, as the search index's term shards write their numbers).
    @inline(__always)
    mutating func appendDecimal(_ n: UInt32) {
        append(room: 10) { dbk_put_decimal($0, n) }
    }
}
