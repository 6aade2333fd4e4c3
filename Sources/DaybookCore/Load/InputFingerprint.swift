import Foundation

/// A fingerprint of everything a build reads: the data files, the site's templates and pages
/// (their bytes), the photos and the files of `static/` (their file facts: size, times and
/// inode, which change whenever the bytes do), the built-in theme, the tool, and the build's
/// options. The same fingerprint means the same output, so a build whose fingerprint matches
/// the last one's has nothing to do. Photos and static files are not read: a diary's photos
/// are gigabytes, and reading them all took every build (a `serve` rebuild too) 0.3 s a GB from
/// memory, far longer from a disk. A copied or checked-out site (new times) is built again once.
public enum InputFingerprint {
    /// `photos`: the photo paths the last build copied (the data decides which photos a build
    /// reads, and the data is part of the fingerprint).
    public static func of(siteRoot: String, photos: [String], options: String) -> String {
        var hash = FNV1a()
        hash.add(Array(options.utf8))
        for (path, base64) in EmbeddedTheme.files {
            hash.add(Array(path.utf8))
            hash.add(Array(base64.utf8))
        }
        let manager = FileManager.default
        var files = ["daybook.json", "diary.json", "todos.json"]
        // The diary's files at any depth, as the loader reads them (`diary/2025/march.json`).
        files += (manager.subpaths(atPath: siteRoot + "/diary") ?? []).sorted().map { "diary/" + $0 }
        files += (manager.subpaths(atPath: siteRoot + "/templates") ?? []).sorted().map { "templates/" + $0 }
        files += (manager.subpaths(atPath: siteRoot + "/pages") ?? []).sorted().map { "pages/" + $0 }
        for path in files {
            hash.add(Array(path.utf8))
            if let data = manager.contents(atPath: siteRoot + "/" + path) {
                data.withUnsafeBytes { hash.add($0) }
            } else {
                hash.add([0xFF, 0xFE])
            }
        }
        for path in photos.sorted() {
            hash.add(Array(path.utf8))
            addFacts(of: siteRoot + "/" + path, to: &hash)
        }
        // The files published as they are, listed as the build lists them (no `.DS_Store`, no link
        // followed: a link's name counts).
        let statics = StaticFolder(siteRoot: siteRoot)
        for path in statics.files {
            hash.add(Array((StaticFolder.name + "/" + path).utf8))
            addFacts(of: siteRoot + "/" + StaticFolder.name + "/" + path, to: &hash)
        }
        for link in statics.links { hash.add(Array(("link " + link).utf8)) }
        return hash.hex
    }

    /// The file's ``FileFacts``, or a mark of its absence.
    private static func addFacts(of path: String, to hash: inout FNV1a) {
        hash.add(FileFacts.of(path).map { Array($0.utf8) } ?? [0xFF, 0xFE])
    }
}

/// 64-bit FNV-1a: a fixed, seedless hash, so fingerprints compare across runs.
public struct FNV1a: Sendable {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds the bytes and a separator after them.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        var v = value
        for byte in bytes {
            v ^= UInt64(byte)
            v &*= 0x100_0000_01b3
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        v ^= 0x1F
        v &*= 0x100_0000_01b3
        value = v
    }

    /// Large inputs (the data files) go in eight bytes a step: FNV-1a over little-endian words,
    /// then the remaining bytes one at a time.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var v = value
        let words = bytes.count / 8
        for i in 0..<words {
            v ^= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            v &*= 0x100_0000_01b3
        }
        value = v
        add(UnsafeRawBufferPointer(rebasing: bytes[(words * 8)...]).bindMemory(to: UInt8.self))
    }

    public var hex: String { String(value, radix: 16) }
}
