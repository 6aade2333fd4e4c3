/// Appends rendered values to a UTF-8 byte buffer without building Strings.
enum Output {
    /// Appends `text` with `&`, `<`, `>`, `"` and `'` replaced by HTML entities.
    static func appendEscaped(_ text: String, to buffer: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            appendEscaped(bytes, to: &buffer)
        }
        if done == nil {
            var copy = text
            copy.makeContiguousUTF8()
            copy.utf8.withContiguousStorageIfAvailable { bytes in
                appendEscaped(bytes, to: &buffer)
            }
        }
    }

    /// Escapes a run of bytes, copying unescaped stretches in bulk.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            let byte = bytes[index]
            // All five special characters are <= '>' (0x3E).
            if byte > 0x3E {
                index += 1
                continue
            }
            let entity: StaticString
            switch byte {
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
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            }
            entity.withUTF8Buffer { buffer.append(contentsOf: $0) }
            index += 1
            runStart = index
        }
        if count > runStart {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
    }

    /// Appends `text` unchanged.
    static func appendRaw(_ text: String, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Appends an integer in decimal.
    static func appendInt(_ value: Int, to buffer: inout [UInt8]) {
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
    static func appendDouble(_ value: Double, to buffer: inout [UInt8]) {
        if let integral = integralValue(value) {
            appendInt(integral, to: &buffer)
        } else {
            buffer.append(contentsOf: value.description.utf8)
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
