import Foundation

/// A fingerprint of everything a build reads: the data files, the site's templates and pages,
/// the photos and the files of `static/` (their bytes), the built-in theme, the tool, and the
/// build's options. The same fingerprint means the same output, so a build whose fingerprint
/// matches the last one's has nothing to do. It depends on contents only, never on paths or times.
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
        files += photos.sorted()
        for path in files {
            hash.add(Array(path.utf8))
            if let data = manager.contents(atPath: siteRoot + "/" + path) {
                data.withUnsafeBytes { hash.add($0) }
            } else {
                hash.add([0xFF, 0xFE])
            }
        }
        // The files published as they are, listed as the build lists them (no `.DS_Store`, no link
        // followed: a link's name counts), each read in parts.
        let statics = StaticFolder(siteRoot: siteRoot)
        for path in statics.files {
            hash.add(Array((StaticFolder.name + "/" + path).utf8))
            addParts(of: siteRoot + "/" + StaticFolder.name + "/" + path, to: &hash)
        }
        for link in statics.links { hash.add(Array(("link " + link).utf8)) }
        return hash.hex
    }

    /// The bytes read of a static file at a time (1 MB): the file is never in memory whole.
    private static let readPart = 1 << 20

    /// The bytes of the file at `path`, a part at a time, or a mark of their absence.
    private static func addParts(of path: String, to hash: inout FNV1a) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return hash.add([0xFF, 0xFE]) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: readPart)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return hash.add(n == 0 ? [0x00] : [0xFF, 0xFE]) }
            buffer.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
        }
    }
}

/// 64-bit FNV-1a: a fixed, seedless hash, so fingerprints compare across runs.
struct FNV1a {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
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
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var v = value
        let words = bytes.count / 8
        for i in 0..<words {
            v ^= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            v &*= 0x100_0000_01b3
        }
        value = v
        add(UnsafeRawBufferPointer(rebasing: bytes[(words * 8)...]).bindMemory(to: UInt8.self))
    }

    var hex: String { String(value, radix: 16) }
}
