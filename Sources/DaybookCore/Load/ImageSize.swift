/// The pixel size of a JPEG, PNG, GIF or WebP image, read from its header.
public struct ImageSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size written in the image's header, or nil for other formats or a damaged header.
    public init?(header b: [UInt8]) {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self.init(width: be32(16), height: be32(20))
        } else if b.count >= 10, b.starts(with: Array("GIF8".utf8)) {
            self.init(width: le16(6), height: le16(8))
        } else if b.count >= 30, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8X": self.init(width: 1 + (Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16), height: 1 + (Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16))
            case "VP8 ": self.init(width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF)
            case "VP8L":
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                self.init(width: 1 + bits & 0x3FFF, height: 1 + (bits >> 14) & 0x3FFF)
            default: return nil
            }
        } else if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard be16(i + 7) > 0, be16(i + 5) > 0 else { return nil }
                    self.init(width: be16(i + 7), height: be16(i + 5))
                    return
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
            return nil
        } else {
            return nil
        }
        if width <= 0 || height <= 0 { return nil }
    }
}
