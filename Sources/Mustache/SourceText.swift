/// UTF-8 validation and line/column arithmetic over template source bytes.
enum SourceText {
    /// Offset of the first byte of the first invalid UTF-8 sequence, or nil when valid.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { p -> Int? in
            let count = p.count
            var index = 0
            @inline(__always) func isContinuation(_ at: Int) -> Bool {
                at < count && p[at] & 0xC0 == 0x80
            }
            while index < count {
                let lead = p[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                if lead < 0xC2 || lead > 0xF4 {
                    return index
                }
                if lead < 0xE0 {
                    guard isContinuation(index + 1) else { return index }
                    index += 2
                } else if lead < 0xF0 {
                    guard index + 1 < count else { return index }
                    let second = p[index + 1]
                    let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
                    let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
                    guard second >= low, second <= high, isContinuation(index + 2) else { return index }
                    index += 3
                } else {
                    guard index + 1 < count else { return index }
                    let second = p[index + 1]
                    let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
                    let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
                    guard second >= low, second <= high,
                          isContinuation(index + 2), isContinuation(index + 3) else { return index }
                    index += 4
                }
            }
            return nil
        }
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset; the bytes before it must be valid UTF-8.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var tracker = PositionTracker()
        return tracker.position(of: offset, in: bytes)
    }

    /// Computes positions of increasing offsets in a single forward pass.
    struct PositionTracker {
        private var offset = 0
        private var line = 1
        private var column = 1

        mutating func position(of target: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
            if target < offset {
                self = PositionTracker()
            }
            let end = min(target, bytes.count)
            while offset < end {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                offset += 1
            }
            return (line, column)
        }
    }
}
