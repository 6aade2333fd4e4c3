// Fuzz build only: stands in for Present/Search/SearchIndex.swift (which needs the whole diary),
// for SearchTermTable.swift's postings: every term in one shard.
enum SearchIndex {
    static let buckets = 1
    static func bucket(of term: UnsafeBufferPointer<UInt8>) -> Int { 0 }
}
