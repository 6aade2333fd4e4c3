/// Whether a TIFF file's EXIF says where it was taken: a GPS IFD (tag 34853) with a
/// `GPSLatitude` (tag 2), in any image of the file's chain of IFDs. libvips 8.14 reads no TIFF's
/// EXIF, so its header alone does not tell. Classic TIFF and BigTIFF, either byte order; only
/// the header and the IFDs are read, never the pixels.
public enum TIFFPlace {
    /// The most IFDs followed, and entries read of one IFD: a file that loops or claims more is
    /// read no further.
    static let maxIFDs = 64
    static let maxEntries = 4096

    /// A file of `size` bytes, read through `read(offset, count)` (nil past the end or on a read error).
    public static func holdsPosition(size: Int, read: (Int, Int) -> [UInt8]?) -> Bool {
        guard size >= 8, let header = read(0, min(size, 16)), header.count >= 8 else { return false }
        let little: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return false
        }
        func number(_ bytes: ArraySlice<UInt8>) -> Int {
            let ordered = little ? Array(bytes.reversed()) : Array(bytes)
            let value = ordered.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value > UInt64(Int.max) ? -1 : Int(value)
        }
        let magic = number(header[2..<4])
        guard magic == 42 || (magic == 43 && header.count >= 16) else { return false }
        let big = magic == 43
        // Entry: tag (2), type (2), count (4 or 8), value or offset (4 or 8).
        let (countBytes, entryBytes, offsetBytes) = big ? (8, 20, 8) : (2, 12, 4)
        /// The entries of the IFD at `offset` (tag, count, value) and the next IFD's offset.
        func ifd(at offset: Int) -> (entries: [(tag: Int, count: Int, value: Int)], next: Int)? {
            guard offset >= 8, offset <= size - countBytes, let head = read(offset, countBytes) else { return nil }
            let n = number(head[...])
            guard n >= 0, n <= maxEntries, offset + countBytes + n * entryBytes + offsetBytes <= size,
                  let body = read(offset + countBytes, n * entryBytes + offsetBytes) else { return nil }
            let entries = (0..<n).map { k in
                let at = k * entryBytes, field = at + 4 + offsetBytes
                // A LONG or an IFD (types 4 and 13) fills the first 4 bytes of BigTIFF's 8-byte field.
                let fieldBytes = [4, 13].contains(number(body[(at + 2)..<(at + 4)])) ? 4 : offsetBytes
                return (tag: number(body[at..<(at + 2)]), count: number(body[(at + 4)..<field]),
                        value: number(body[field..<(field + fieldBytes)]))
            }
            return (entries, number(body[(n * entryBytes)...]))
        }
        var offset = number(header[(big ? 8 : 4)..<(big ? 16 : 8)])
        var seen: Set<Int> = []
        while offset != 0, seen.count < maxIFDs, seen.insert(offset).inserted, let image = ifd(at: offset) {
            for entry in image.entries where entry.tag == gpsInfoTag && entry.count == 1 {
                if let gps = ifd(at: entry.value), gps.entries.contains(where: { $0.tag == gpsLatitudeTag && $0.count > 0 }) {
                    return true
                }
            }
            offset = image.next
        }
        return false
    }

    static let gpsInfoTag = 34853
    static let gpsLatitudeTag = 2
}
