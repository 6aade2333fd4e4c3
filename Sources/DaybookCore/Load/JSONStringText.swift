/// A JSON string of a file as the loader reads it (escapes decoded, a character no page can
/// hold as U+FFFD, ``JSONParser/isControl(_:)``), with where in the file each of its bytes is
/// written, so that a place in the text (a link in an entry's body) is told at its line and
/// column in the file: `\n`, `\"` or `\u00e9` is where its backslash is.
struct JSONStringText {
    /// The decoded string, as UTF-8.
    let bytes: [UInt8]
    /// For each byte of ``bytes``, the offset in the file of what writes it.
    let fileOffsets: [Int]

    /// The string whose opening quote is at `quote` in `file` (a file the parser took); nil when
    /// no string starts there.
    init?(in file: [UInt8], at quote: Int) {
        guard quote >= 0, quote < file.count, file[quote] == UInt8(ascii: "\"") else { return nil }
        var bytes: [UInt8] = [], offsets: [Int] = []
        func append(_ scalar: UInt32, at offset: Int) {
            let value = JSONParser.isControl(scalar) ? 0xFFFD : scalar
            guard let decoded = Unicode.Scalar(value), let encoded = UTF8.encode(decoded) else { return }
            for byte in encoded {
                bytes.append(byte)
                offsets.append(offset)
            }
        }
        func hexQuad(at start: Int) -> UInt32? {
            guard start + 4 <= file.count else { return nil }
            var value: UInt32 = 0
            for byte in file[start..<(start + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        var i = quote + 1
        while i < file.count {
            let byte = file[i]
            if byte == UInt8(ascii: "\"") {
                self.bytes = bytes
                fileOffsets = offsets
                return
            }
            guard byte == UInt8(ascii: "\\") else {
                // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are shown as U+FFFD, of the same length.
                let isNoncharacter = byte == 0xEF && i + 2 < file.count && file[i + 1] == 0xBF && file[i + 2] >= 0xBE
                bytes.append(byte)
                offsets.append(i)
                if isNoncharacter {
                    bytes += [0xBF, 0xBD]
                    offsets += [i + 1, i + 2]
                    i += 2
                }
                i += 1
                continue
            }
            guard i + 1 < file.count else { return nil }
            let backslash = i
            switch file[i + 1] {
            case UInt8(ascii: "u"):
                guard var scalar = hexQuad(at: i + 2) else { return nil }
                i += 6
                if scalar >= 0xD800, scalar <= 0xDBFF, i + 1 < file.count, file[i] == UInt8(ascii: "\\"),
                   file[i + 1] == UInt8(ascii: "u"), let low = hexQuad(at: i + 2), low >= 0xDC00, low <= 0xDFFF {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                append(scalar, at: backslash)
                continue
            case UInt8(ascii: "b"): append(0x08, at: backslash)
            case UInt8(ascii: "f"): append(0x0C, at: backslash)
            case UInt8(ascii: "n"): append(0x0A, at: backslash)
            case UInt8(ascii: "r"): append(0x0D, at: backslash)
            case UInt8(ascii: "t"): append(0x09, at: backslash)
            case let letter: append(UInt32(letter), at: backslash)
            }
            i += 2
        }
        return nil
    }
}
