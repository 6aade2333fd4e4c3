/// UTF-8 checks shared by ``JSONParser``, ``SourcePosition`` and ``UTF8Text``: they find the
/// exact byte where a buffer stops being well-formed UTF-8 (Unicode 15, table 3-7).
enum UTF8Check {
    /// Length of the well-formed sequence starting at `i` (1–4), or nil when the bytes from
    /// `i` (before `end`) are not well-formed UTF-8 there. `i` must be below `end`.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Int? {
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < end && bytes[i + k] >= low && bytes[i + k] <= high
        }
        switch b0 {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE, 0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }

    /// Offset of the first byte in `start..<end` that begins an ill-formed sequence
    /// (a sequence cut short by `end` counts as ill-formed), or nil if all is well-formed.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var i = max(start, 0)
        let end = min(end, bytes.count)
        while i < end {
            if bytes[i] < 0x80 {
                i += 1
                // ASCII 8 bytes at a time.
                while end - i >= 8,
                      UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                }
                continue
            }
            guard let length = sequenceLength(bytes, at: i, end: end) else { return i }
            i += length
        }
        return nil
    }

    /// The Unicode scalar starting at `i`, or nil when the bytes there are not well-formed.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Unicode.Scalar? {
        guard i >= 0, i < bytes.count, let length = sequenceLength(bytes, at: i, end: bytes.count) else {
            return nil
        }
        var value = UInt32(bytes[i])
        switch length {
        case 2: value &= 0x1F
        case 3: value &= 0x0F
        case 4: value &= 0x07
        default: break
        }
        for k in 1..<length {
            value = (value << 6) | UInt32(bytes[i + k] & 0x3F)
        }
        return Unicode.Scalar(value)
    }
}
