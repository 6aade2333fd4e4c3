// Fuzz build only: stands in for Present/Search/SearchIndex.swift (which needs the whole diary),
// for SearchTermTable.swift's postings: every term in one shard.
public enum SearchIndex {
    static let buckets = 1
    static let docsPerShard = 32
    static func bucket(of term: UnsafeBufferPointer<UInt8>) -> Int { 0 }

    public struct Month {
        var key: String
        var start: Int
        var count: Int
    }
}
