/// Appends rendered values to a UTF-8 byte sink without building Strings.
enum Output {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` replaced by HTML entities.
    static func appendEscaped(_ text: String, to buffer: inout ByteSink) {
        // The string's own bytes, read in place: no copy of the string (and no retain) for a native one.
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &buffer) }) != nil { return }
        var text = text
        text.withUTF8 { appendEscaped($0, to: &buffer) }
    }

    /// Escapes a run of bytes, copying unescaped stretches in bulk. Eight bytes at a time are
    /// checked for the five special characters at once; only a word holding one is read byte by byte.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout ByteSink) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if !mayHoldSpecial(word) {
                    index += 8
                    continue
                }
            }
            let end = min(index + 8, count)
            while index < end {
                let entity: StaticString
                switch base[index] {
                case 0x26: entity = "&amp;"
                case 0x3C: entity = "&lt;"
                case 0x3E: entity = "&gt;"
                case 0x22: entity = "&quot;"
                case 0x27: entity = "&#39;"
                default:
                    index += 1
                    continue
                }
                if index > runStart {
                    buffer.append(base + runStart, count: index - runStart)
                }
                buffer.append(entity.utf8Start, count: entity.utf8CodeUnitCount)
                index += 1
                runStart = index
            }
        }
        if count > runStart {
            buffer.append(base + runStart, count: count - runStart)
        }
    }

    /// Whether any byte of `word` is `"` (0x22), `&` or `'` (0x26, 0x27), `<` or `>` (0x3C, 0x3E).
    /// Exact when it says no; each test is the classic "has a zero byte" on `word` XOR a pattern.
    @inline(__always)
    static func mayHoldSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        return hasZeroByte(word ^ (ones &* 0x22))
            || hasZeroByte((word | ones) ^ (ones &* 0x27))
            || hasZeroByte((word | (ones &* 0x02)) ^ (ones &* 0x3E))
    }

    /// Appends `text` unchanged.
    static func appendRaw(_ text: String, to buffer: inout ByteSink) {
        buffer.append(text)
    }

    /// Appends an integer in decimal.
    static func appendInt(_ value: Int, to buffer: inout ByteSink) {
        var magnitude = value.magnitude
        if value < 0 {
            buffer.append(0x2D)
        }
        let start = buffer.count
        repeat {
            buffer.append(0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var low = start
        var high = buffer.count - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// Appends a double in its shortest round-trip form, integral values without `.0`.
    static func appendDouble(_ value: Double, to buffer: inout ByteSink) {
        if let integral = integralValue(value) {
            appendInt(integral, to: &buffer)
        } else {
            buffer.append(value.description)
        }
    }

    /// The shortest round-trip text of a double, integral values without `.0`.
    static func format(_ value: Double) -> String {
        if let integral = integralValue(value) {
            return String(integral)
        }
        return value.description
    }

    /// The value as an Int when it is integral and small enough to print exactly.
    private static func integralValue(_ value: Double) -> Int? {
        guard value.isFinite, value.rounded(.towardZero) == value, value.magnitude < 1e15 else {
            return nil
        }
        return Int(value)
    }

    /// Text of a scalar value, used for dynamic names; nil for null, lists and objects.
    static func text(of value: MustacheValue) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .list, .object: return nil
        }
    }
}
