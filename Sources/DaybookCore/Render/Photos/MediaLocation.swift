/// Whether a video or sound file in the MP4 family (`.mp4`, `.m4a`, `.mov`, `.3gp`: ISO base
/// media or QuickTime) says where it was recorded. Phones write the place into the file's
/// metadata: the `©xyz` box of the user data (Android, older iPhones), Apple's
/// `com.apple.quicktime.location.ISO6709` key, or XMP's `GPSLatitude`. Files that bodies link
/// to are published as they are, so the build warns about these.
///
/// Only the file's top-level boxes are walked (their headers read, the media data skipped), and
/// the metadata boxes (`moov`, `meta`, `uuid`, at most 64 MB each) searched for those names.
public enum MediaLocation {
    /// The most a metadata box may hold to be read; a bigger one is not searched.
    static let maxBoxBytes = 64 * 1024 * 1024
    /// The most top-level boxes read.
    static let maxBoxes = 4096

    /// `size` bytes, read through `read(offset, count)` (nil past the end or on a read error).
    public static func isRecorded(size: Int, read: (Int, Int) -> [UInt8]?) -> Bool {
        guard size >= 8, let first = read(0, min(size, 16)), first.count >= 8,
              starts.contains(Array(first[4..<8])) else { return false }
        var offset = 0
        for _ in 0..<maxBoxes {
            guard offset + 8 <= size, let header = read(offset, min(16, size - offset)), header.count >= 8 else { return false }
            let short = Int(bigEndian(header[0..<4]))
            let type = Array(header[4..<8])
            var headerBytes = 8, boxBytes = short
            if short == 1 {
                guard header.count >= 16 else { return false }
                let long = bigEndian(header[8..<16])
                guard long <= UInt64(size) else { return false }
                headerBytes = 16
                boxBytes = Int(long)
            } else if short == 0 {
                boxBytes = size - offset
            }
            guard boxBytes >= headerBytes, boxBytes <= size - offset else { return false }
            if metadataBoxes.contains(type), boxBytes - headerBytes <= maxBoxBytes,
               let body = read(offset + headerBytes, boxBytes - headerBytes), holdsPlace(body) {
                return true
            }
            offset += boxBytes
        }
        return false
    }

    /// `bytes` as a whole file.
    public static func isRecorded(_ bytes: [UInt8]) -> Bool {
        isRecorded(size: bytes.count) { offset, count in
            offset >= 0 && count >= 0 && offset <= bytes.count - count ? Array(bytes[offset..<(offset + count)]) : nil
        }
    }

    /// Whether a metadata box's bytes hold one of the names of a place: `©xyz` as a box (after a
    /// size that fits), the Apple key, or XMP's latitude.
    static func holdsPlace(_ body: [UInt8]) -> Bool {
        if contains(body, appleKey) || contains(body, xmpLatitude) { return true }
        var from = 4
        while let at = index(of: userDataPlace, in: body, from: from) {
            let boxBytes = Int(bigEndian(body[(at - 4)..<at]))
            if boxBytes >= 12, boxBytes <= body.count - (at - 4) { return true }
            from = at + 1
        }
        return false
    }

    /// The types a first box has in these files.
    private static let starts: Set<[UInt8]> = Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].map { Array($0.utf8) })
    private static let metadataBoxes: Set<[UInt8]> = Set(["moov", "meta", "uuid"].map { Array($0.utf8) })
    private static let userDataPlace: [UInt8] = [0xA9] + Array("xyz".utf8)
    private static let appleKey = Array("com.apple.quicktime.location.ISO6709".utf8)
    private static let xmpLatitude = Array("GPSLatitude".utf8)

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        index(of: pattern, in: bytes, from: 0) != nil
    }

    private static func index(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var i = start
        let last = bytes.count - pattern.count
        while i <= last {
            if bytes[i] == first, bytes[(i + 1)..<(i + pattern.count)].elementsEqual(pattern[1...]) { return i }
            i += 1
        }
        return nil
    }
}
