/// Where a video or sound file in the MP4 family (`.mp4`, `.m4a`, `.mov`, `.3gp`: ISO base
/// media or QuickTime) says it was recorded, and the file without it. Phones write the place
/// into the file's metadata: Apple's `com.apple.quicktime.location.*` keys (iPhone), a `©xyz`
/// box of the user data or of an item list (Android, older iPhones, exiftool), 3GPP's `loci`
/// box, or XMP's `GPSLatitude`.
///
/// ``withoutPlace(_:)`` empties the boxes that hold it: each is renamed `free` (a box every
/// reader skips) and its bytes are zeroed, so that the file keeps its size and every offset in
/// it (the media's chunk offsets among them), and nothing else changes. Apple's metadata box
/// goes as a whole (its keys are numbered; with the camera's make and model and the date it
/// holds), as does an XMP packet that names a GPS position.
///
/// Only the file's top-level boxes are walked (their headers read, the media data skipped), and
/// the metadata boxes (`moov`, `meta`, `uuid`, at most 64 MB each) read and searched.
public enum MediaLocation {
    /// The most a metadata box may hold to be read; a bigger one is not searched.
    static let maxBoxBytes = 64 * 1024 * 1024
    /// The most top-level boxes read.
    static let maxBoxes = 4096
    /// The most boxes inside boxes walked into.
    static let maxDepth = 8

    /// What a file says of where it was recorded: the boxes that hold a place, and whether the
    /// names of one are in its metadata boxes besides them.
    public struct Places: Equatable, Sendable {
        /// The boxes that say where it was recorded, each as the range of its bytes in the file.
        public var boxes: [Range<Int>] = []
        /// Whether a metadata box holds one of the names of a place (`©xyz` as a box, Apple's
        /// location key, XMP's `GPSLatitude`) outside ``boxes``: a place ``withoutPlace(_:)``
        /// leaves in the file.
        public var remainsWhenEmptied = false

        /// Whether the file says where it was recorded.
        public var isRecorded: Bool { !boxes.isEmpty || remainsWhenEmptied }
    }

    /// The places of the file of `size` bytes, read through `read(offset, count)` (nil past the
    /// end or on a read error).
    public static func places(size: Int, read: (Int, Int) -> [UInt8]?) -> Places {
        var found = Places()
        guard size >= 8, let first = read(0, min(size, 16)), first.count >= 8,
              starts.contains(Array(first[4..<8])) else { return found }
        var offset = 0
        for _ in 0..<maxBoxes {
            guard offset + 8 <= size, let header = read(offset, min(16, size - offset)),
                  let box = box(in: header, at: 0, end: header.count, room: size - offset) else { break }
            if metadataBoxes.contains(box.type), box.bytes - box.headerBytes <= maxBoxBytes,
               var body = read(offset + box.headerBytes, box.bytes - box.headerBytes) {
                let boxes = placeBoxes(box.type, headerBytes: box.headerBytes, in: body, body: 0..<body.count, at: offset, depth: 0)
                found.boxes += boxes
                for place in boxes {
                    // The box itself (a top-level `uuid`) or one inside it, in the body's terms.
                    let start = max(place.lowerBound - offset - box.headerBytes, 0), end = place.upperBound - offset - box.headerBytes
                    for k in start..<end { body[k] = 0 }
                }
                if holdsPlace(body) { found.remainsWhenEmptied = true }
            }
            offset += box.bytes
        }
        return found
    }

    /// Whether `bytes`, as a whole file, says where it was recorded.
    public static func isRecorded(_ bytes: [UInt8]) -> Bool {
        places(size: bytes.count, read: reader(of: bytes)).isRecorded
    }

    /// `bytes` with the boxes that say where it was recorded emptied: renamed `free`, their bytes
    /// after the size and type zeroed. The same bytes when there are none, or when the file is not
    /// in the MP4 family.
    public static func withoutPlace(_ bytes: [UInt8]) -> [UInt8] {
        let boxes = places(size: bytes.count, read: reader(of: bytes)).boxes
        guard !boxes.isEmpty else { return bytes }
        var emptied = bytes
        for box in boxes {
            let headerBytes = bigEndian(emptied[box.lowerBound..<(box.lowerBound + 4)]) == 1 ? 16 : 8
            emptied.replaceSubrange((box.lowerBound + 4)..<(box.lowerBound + 8), with: free)
            for k in (box.lowerBound + headerBytes)..<box.upperBound { emptied[k] = 0 }
        }
        return emptied
    }

    private static func reader(of bytes: [UInt8]) -> (Int, Int) -> [UInt8]? {
        { offset, count in
            offset >= 0 && count >= 0 && offset <= bytes.count - count ? Array(bytes[offset..<(offset + count)]) : nil
        }
    }

    /// The header of the box at `at` in `bytes`, which may take `room` bytes from there (its
    /// size 0: all of them); nil when it does not fit.
    private static func box(in bytes: [UInt8], at: Int, end: Int, room: Int) -> (type: [UInt8], headerBytes: Int, bytes: Int)? {
        guard end - at >= 8 else { return nil }
        let short = Int(bigEndian(bytes[at..<(at + 4)]))
        let type = Array(bytes[(at + 4)..<(at + 8)])
        var headerBytes = 8, boxBytes = short
        if short == 1 {
            guard end - at >= 16 else { return nil }
            let long = bigEndian(bytes[(at + 8)..<(at + 16)])
            guard long <= UInt64(room) else { return nil }
            headerBytes = 16
            boxBytes = Int(long)
        } else if short == 0 {
            boxBytes = room
        }
        guard boxBytes >= headerBytes, boxBytes <= room else { return nil }
        return (type, headerBytes, boxBytes)
    }

    /// The boxes that hold a place, as ranges of the file: the box of `type` at `offset` in the
    /// file itself, whose body is `bytes[body]`, or boxes inside it.
    static func placeBoxes(_ type: [UInt8], headerBytes: Int, in bytes: [UInt8], body: Range<Int>, at offset: Int, depth: Int) -> [Range<Int>] {
        let whole = offset..<(offset + headerBytes + body.count)
        if placeTypes.contains(type) || (xmpTypes.contains(type) && holdsXMPPosition(bytes[body]))
            || (type == meta && holdsAppleLocation(bytes, body: body)) {
            return [whole]
        }
        guard containers.contains(type), depth < maxDepth else { return [] }
        var found: [Range<Int>] = []
        var at = type == meta ? metaChildren(bytes, body: body) : body.lowerBound
        while let child = box(in: bytes, at: at, end: body.upperBound, room: body.upperBound - at) {
            found += placeBoxes(child.type, headerBytes: child.headerBytes, in: bytes, body: (at + child.headerBytes)..<(at + child.bytes),
                                at: offset + headerBytes + at - body.lowerBound, depth: depth + 1)
            at += child.bytes
        }
        return found
    }

    /// Where the boxes inside a `meta` box's body start: after ISO's version and flags, which
    /// QuickTime's box (Apple's keys) does not have.
    private static func metaChildren(_ bytes: [UInt8], body: Range<Int>) -> Int {
        body.count >= 8 && bytes[(body.lowerBound + 4)..<(body.lowerBound + 8)].elementsEqual("hdlr".utf8) ? body.lowerBound : body.lowerBound + 4
    }

    /// Whether a `meta` box's body is Apple's keys (its handler `mdta`) with one of the
    /// `com.apple.quicktime.location.` keys.
    private static func holdsAppleLocation(_ bytes: [UInt8], body: Range<Int>) -> Bool {
        var at = metaChildren(bytes, body: body)
        var isKeys = false, named = false
        while let child = box(in: bytes, at: at, end: body.upperBound, room: body.upperBound - at) {
            let start = at + child.headerBytes, end = at + child.bytes
            if child.type == hdlr, end - start >= 12 {
                isKeys = bytes[(start + 8)..<(start + 12)].elementsEqual("mdta".utf8)
            } else if child.type == keys {
                named = contains(bytes[start..<end], appleLocationKey)
            }
            at = end
        }
        return isKeys && named
    }

    private static func holdsXMPPosition(_ body: ArraySlice<UInt8>) -> Bool {
        contains(body, xmpLatitude) || contains(body, xmpLongitude)
    }

    /// Whether a metadata box's bytes hold one of the names of a place anywhere: `©xyz` as a box
    /// (after a size that fits), Apple's location key, or XMP's latitude. What ``places(size:read:)``
    /// looks for besides the boxes it knows.
    static func holdsPlace(_ body: [UInt8]) -> Bool {
        if contains(body[...], appleKey) || contains(body[...], xmpLatitude) { return true }
        var from = 4
        while let at = index(of: userDataPlace, in: body[...], from: from) {
            let boxBytes = Int(bigEndian(body[(at - 4)..<at]))
            if boxBytes >= 12, boxBytes <= body.count - (at - 4) { return true }
            from = at + 1
        }
        return false
    }

    /// The types a first box has in these files.
    private static let starts: Set<[UInt8]> = Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"].map { Array($0.utf8) })
    private static let metadataBoxes: Set<[UInt8]> = Set(["moov", "meta", "uuid"].map { Array($0.utf8) })
    /// The boxes walked into: the movie, its tracks, user data, metadata and item lists.
    private static let containers: Set<[UInt8]> = Set(["moov", "trak", "udta", "meta", "ilst"].map { Array($0.utf8) })
    /// Boxes that are a place: `©xyz` (QuickTime's user data, an item list's) and 3GPP's `loci`.
    private static let placeTypes: Set<[UInt8]> = [[0xA9] + Array("xyz".utf8), Array("loci".utf8)]
    /// Boxes that hold an XMP packet: ISO's `uuid` and QuickTime's `XMP_` of the user data.
    private static let xmpTypes: Set<[UInt8]> = Set(["uuid", "XMP_"].map { Array($0.utf8) })
    private static let meta = Array("meta".utf8)
    private static let hdlr = Array("hdlr".utf8)
    private static let keys = Array("keys".utf8)
    private static let free = Array("free".utf8)
    private static let userDataPlace: [UInt8] = [0xA9] + Array("xyz".utf8)
    private static let appleKey = Array("com.apple.quicktime.location.ISO6709".utf8)
    private static let appleLocationKey = Array("com.apple.quicktime.location.".utf8)
    private static let xmpLatitude = Array("GPSLatitude".utf8)
    private static let xmpLongitude = Array("GPSLongitude".utf8)

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ pattern: [UInt8]) -> Bool {
        index(of: pattern, in: bytes, from: bytes.startIndex) != nil
    }

    private static func index(of pattern: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var i = start
        let last = bytes.endIndex - pattern.count
        while i <= last {
            if bytes[i] == first, bytes[(i + 1)..<(i + pattern.count)].elementsEqual(pattern[1...]) { return i }
            i += 1
        }
        return nil
    }
}
