import Foundation

/// The search index's months kept between builds (`search/<yyyy-MM>` in the build's cache, beside
/// the photos): each holds a ``SearchMonthPart`` under the digest of what it was made from, so a
/// build indexes again only the months whose entries changed (docs/search.md).
public struct SearchCache: Sendable {
    public let root: String
    /// A month's part larger than this is not read (a month of 10,000 entries is about 20 MB).
    static let sizeLimit = 1 << 30

    public init(root: String) {
        self.root = root
    }

    private var folder: String { root + "/search" }

    /// The bytes kept for month `key` (`2024-03`), or nil.
    public func month(_ key: String) -> [UInt8]? {
        guard Self.isMonthKey(key) else { return nil }
        return CacheFile.read(folder + "/" + key, limit: Self.sizeLimit)
    }

    /// Keeps `bytes` for month `key`.
    public func keep(_ bytes: [UInt8], month key: String) throws(WriteError) {
        guard Self.isMonthKey(key) else { return }
        try CacheFile.write(bytes, at: folder + "/" + key, cache: "search cache")
    }

    /// Removes the months not in `keys` (all of them for an empty set, and the folder then).
    public func prune(keeping keys: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where !keys.contains(name) && (Self.isMonthKey(name) || name.contains(".tmp-")) {
            unlink(folder + "/" + name)
        }
        if keys.isEmpty { rmdir(folder) }
    }

    /// A month's key as ``MonthKey`` writes it (`2024-03`): the only names the cache makes.
    static func isMonthKey(_ name: String) -> Bool {
        MonthKey(name)?.description == name
    }
}
