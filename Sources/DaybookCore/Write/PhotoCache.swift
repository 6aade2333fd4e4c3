import Foundation

/// Processed photos kept between builds (`.daybook-cache/` in the site, or `--cache DIR`), so no
/// photo is processed twice: each is a folder named by the SHA-256 of the source's bytes and the
/// settings that made it (`photos/ab/<key>/960.webp`). An index of the sources' file facts (size,
/// times, inode) keeps their digests and sizes, so a build reads an unchanged photo not at all.
public struct PhotoCache: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// What the cache knows of a source file, valid while its file facts are the same.
    public struct Known: Sendable, Equatable {
        /// Size, modification and change times (ns) and inode, joined: changes when the file does.
        public var facts: String
        public var digest: String
        public var width: Int
        public var height: Int

        public init(facts: String, digest: String, width: Int, height: Int) {
            self.facts = facts
            self.digest = digest
            self.width = width
            self.height = height
        }
    }

    private var indexPath: String { root + "/photos/index" }

    /// The facts of a file that change whenever its bytes do; nil when it cannot be read.
    public static func facts(ofFile path: String) -> String? {
        FileFacts.of(path)
    }

    /// The index, by the source's path in the site.
    public func readIndex() -> [String: Known] {
        var known: [String: Known] = [:]
        for fields in Self.rows(at: indexPath, fields: 5) {
            guard let width = Int(fields[3]), let height = Int(fields[4]), fields[2].count == 64 else { continue }
            known[String(fields[0])] = Known(facts: String(fields[1]), digest: String(fields[2]), width: width, height: height)
        }
        return known
    }

    /// Replaces the index (written aside, then renamed).
    public func writeIndex(_ known: [String: Known]) throws(WriteError) {
        try put(rows: known.mapValues { [$0.facts, $0.digest, String($0.width), String($0.height)] }, at: indexPath)
    }

    /// Whether an image of `static/` says where it was taken, as learnt when its file had `facts`.
    public struct StaticPlace: Sendable, Equatable {
        public var facts: String
        public var hasPlace: Bool
    }

    private var staticPlacesPath: String { root + "/photos/static-places" }

    /// The file's first row (an empty path): which check its answers come from. Answers of an
    /// earlier check (EXIF alone, before XMP was read too; before a TIFF's EXIF was) are asked again.
    static let staticPlacesCheck = ["check", "exif+xmp+tiff"]

    /// What was learnt of the images of `static/`, by their paths in it.
    public func readStaticPlaces() -> [String: StaticPlace] {
        let rows = Self.rows(at: staticPlacesPath, fields: 3)
        guard let first = rows.first, first[0].isEmpty, first.dropFirst().map(String.init) == Self.staticPlacesCheck else { return [:] }
        var places: [String: StaticPlace] = [:]
        for fields in rows.dropFirst() {
            guard fields[2] == "0" || fields[2] == "1" else { continue }
            places[String(fields[0])] = StaticPlace(facts: String(fields[1]), hasPlace: fields[2] == "1")
        }
        return places
    }

    /// Replaces what was learnt of the images of `static/` (written aside, then renamed).
    public func writeStaticPlaces(_ places: [String: StaticPlace]) throws(WriteError) {
        var rows = places.mapValues { [$0.facts, $0.hasPlace ? "1" : "0"] }
        rows[""] = Self.staticPlacesCheck
        try put(rows: rows, at: staticPlacesPath)
    }

    /// The lines of the file at `path` with `fields` tab-separated fields (the first a path).
    private static func rows(at path: String, fields: Int) -> [[Substring]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }.filter { $0.count == fields }
    }

    /// Writes one line for each path (sorted) with its fields, tab-separated; a path with a tab or
    /// a line break in it is left out.
    private func put(rows: [String: [String]], at path: String) throws(WriteError) {
        let text = rows.keys.sorted().compactMap { key -> String? in
            guard !key.contains("\t"), !key.contains("\n"), let fields = rows[key] else { return nil }
            return ([key] + fields).joined(separator: "\t") + "\n"
        }.joined()
        try put(Array(text.utf8), at: path)
    }

    /// The folder of one processed photo.
    func folder(_ key: String) -> String {
        root + "/photos/" + key.prefix(2) + "/" + key
    }

    /// The files of `key`, in the order of `names`, or nil unless every one is there and whole
    /// (``isWhole(_:)``: a cache restored in part, or cut short, is made again, not published).
    public func files(_ key: String, names: [String]) -> [[UInt8]]? {
        var result: [[UInt8]] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder(key) + "/" + name) else { return nil }
            let bytes = [UInt8](data)
            guard Self.isWhole(bytes) else { return nil }
            result.append(bytes)
        }
        return result
    }

    /// Whether an image's bytes end where the format says: a WebP file's RIFF size, a JPEG's end
    /// marker, an AVIF file's boxes (each its size, the last to the end); anything else, which the
    /// cache does not hold, is taken as it is.
    static func isWhole(_ bytes: [UInt8]) -> Bool {
        func word(_ at: Int, littleEndian: Bool) -> Int {
            let b = bytes[at..<(at + 4)].map(Int.init)
            return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return word(4, littleEndian: true) + 8 == bytes.count
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return bytes.count >= 4 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9
        }
        if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) {
            var at = 0
            while at + 8 <= bytes.count {
                var size = word(at, littleEndian: false)
                if size == 1 {
                    guard at + 16 <= bytes.count else { return false }
                    size = word(at + 8, littleEndian: false) << 32 | word(at + 12, littleEndian: false)
                } else if size == 0 {
                    return true
                }
                guard size >= 8, size <= bytes.count - at else { return false }
                at += size
            }
            return at == bytes.count
        }
        return true
    }

    /// Keeps the files of `key` (each written aside, then renamed, so a reader sees whole files).
    /// An older Daybook's social image, `social.jpg` (the photo scaled, not cropped), which no
    /// build takes since, goes from the folder then.
    public func store(_ key: String, names: [String], files: [[UInt8]]) throws(WriteError) {
        for (name, bytes) in zip(names, files) {
            try put(bytes, at: folder(key) + "/" + name)
        }
        if !names.contains(Self.olderSocialName) { unlink(folder(key) + "/" + Self.olderSocialName) }
    }

    static let olderSocialName = "social.jpg"

    /// Removes every processed photo whose key is not in `used`; returns how many. Only folders
    /// named as the cache names them are touched: a cache folder given by mistake (the site's
    /// own, whose `photos/ab/red.jpg` has a shard's shape) loses nothing of the user's.
    @discardableResult
    public func prune(keeping used: Set<String>) -> Int {
        let manager = FileManager.default
        let base = root + "/photos"
        var removed = 0
        for shard in (try? manager.contentsOfDirectory(atPath: base)) ?? [] where shard.count == 2 && shard.allSatisfy(\.isHexDigit) {
            for key in (try? manager.contentsOfDirectory(atPath: base + "/" + shard)) ?? []
            where !used.contains(key) && key.hasPrefix(shard) && Self.isKey(key) {
                if (try? manager.removeItem(atPath: base + "/" + shard + "/" + key)) != nil { removed += 1 }
            }
            rmdir(base + "/" + shard)
        }
        return removed
    }

    /// Whether `name` is a photo's key: its SHA-256 and its settings' key, in hexadecimal, with a `-` between.
    static func isKey(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 64 && !parts[1].isEmpty
            && parts.allSatisfy { $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
    }

    private func put(_ bytes: [UInt8], at path: String) throws(WriteError) {
        try CacheFile.write(bytes, at: path, cache: "photo cache")
    }
}
