import CSearchTerms

/// A part of the inverted index as a month job fills it: for each term, the documents that hold
/// it, each marked when the term is in its title. Each (term, document) is kept once, in the
/// order documents are added; ``postings()`` sorts them by term for
/// ``SearchIndex/termShard(_:from:stamp:)``.
///
/// A reference type so that the tokenizer's call for each word reaches it without a copy or a
/// uniqueness check; one job uses it at a time. Its table is C's (``SearchTermSet``).
public final class SearchTermTable: @unchecked Sendable {
    private let terms = SearchTermSet()
    /// For ``addWords(_:doc:tokenizer:)``: the text lowered, and the runs left to the tokenizer.
    @exclusivity(unchecked) private var scratch = RawArray<UInt8>(capacity: 4096)
    @exclusivity(unchecked) private var runs = RawArray<UInt32>(capacity: 1024)

    public init() {}

    deinit {
        scratch.free()
        runs.free()
    }

    public var termCount: Int { terms.count }

    /// Records that document `doc` holds `term`, in its title or elsewhere. Documents are added
    /// in increasing order, and a document's title before the rest of it.
    public func add(_ term: UnsafeBufferPointer<UInt8>, doc: Int32, inTitle: Bool) {
        add(term, hash: SearchTokenizer.hash(term), doc: doc, inTitle: inTitle)
    }

    /// The same, with the term's ``SearchTokenizer/hash(_:)`` already made.
    @inline(__always)
    public func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, doc: Int32, inTitle: Bool) {
        add(term, hash: hash, key: SearchTermSet.key(term), doc: doc, inTitle: inTitle)
    }

    /// The same, with the term's `SearchTermSet.key(_:)` too.
    @inline(__always)
    func add(_ term: UnsafeBufferPointer<UInt8>, hash: UInt64, key: UInt64, doc: Int32, inTitle: Bool) {
        dbk_terms_add(terms.table, term.baseAddress, term.count, hash, key, doc, inTitle ? 1 : 0)
    }

    /// The same, for a term given as a `String`.
    public func add(_ term: String, doc: Int32, inTitle: Bool) {
        var term = term
        term.withUTF8 { add($0, doc: doc, inTitle: inTitle) }
    }

    /// Adds every term of `text` for document `doc` (in its title or not), as `tokenizer` splits
    /// it: the words of ASCII letters and digits, with or without Hangul, through C's scan
    /// (`CSearchTerms`, which hashes them as ``SearchTokenizer/hash(_:)`` does), the rest (accents
    /// to fold, Han and kana) through the tokenizer.
    func addWords(_ text: UnsafeBufferPointer<UInt8>, doc: Int32, inTitle: Bool = false, tokenizer: inout SearchTokenizer) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        scratch.reserve(text.count + 128)
        runs.reserve(text.count + 4)
        let found = dbk_terms_add_ascii_words(terms.table, base, text.count, doc, inTitle ? 1 : 0, scratch.base, runs.base)
        for r in 0..<found {
            let run = UnsafeBufferPointer(rebasing: text[Int(runs.base[2 * r])..<Int(runs.base[2 * r + 1])])
            tokenizer.tokenize(run, into: self, doc: doc, inTitle: inTitle)
        }
    }

    /// The table's terms and their documents, grouped by term and by shard.
    public func postings() -> SearchPostings {
        let table = terms.table.pointee
        let n = table.count, pairs = table.pair_count
        let arena = Array(UnsafeBufferPointer(start: table.arena, count: table.arena_count))
        let ends = Array(UnsafeBufferPointer(start: table.ends, count: n))
        var docs: [UInt32] = []
        let docStart = [Int32](unsafeUninitializedCapacity: n + 1) { starts, initialized in
            docs = [UInt32](unsafeUninitializedCapacity: pairs) { grouped, filled in
                dbk_terms_group(terms.table, starts.baseAddress, grouped.baseAddress)
                filled = pairs
            }
            initialized = n + 1
        }
        return SearchPostings(arena: arena, ends: ends, hashes: Array(terms.hashes), docStart: docStart, docs: docs)
    }
}

extension SearchTokenizer {
    /// Adds every term of `text` to `table`, for document `doc`.
    public mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, into table: SearchTermTable, doc: Int32, inTitle: Bool) {
        tokenize(text) { table.add($0, hash: $1, key: $2, doc: doc, inTitle: inTitle) }
    }
}
