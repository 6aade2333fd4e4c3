/// Line and column (both 1-based) of a byte offset in a source buffer.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`. The column counts Unicode scalars from the
/// start of the line, so a Korean syllable (3 bytes in UTF-8) is one column; an ill-formed
/// UTF-8 byte counts as one column, and a leading UTF-8 BOM counts as none. Computing it
/// scans the buffer up to the offset, so do it only when an error is reported.
public struct SourcePosition: Sendable, Equatable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// Makes a position from a line and a column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of byte `offset` in `bytes`; an offset outside the buffer is clamped to it.
    public init(offset: Int, in bytes: [UInt8]) {
        let target = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            var i = 0
            while i < target {
                let byte = buffer[i]
                if byte == 0x0A {
                    line += 1
                    lineStart = i + 1
                } else if byte == 0x0D, i + 1 >= buffer.count || buffer[i + 1] != 0x0A {
                    line += 1
                    lineStart = i + 1
                }
                i += 1
            }
            if lineStart == 0, target >= 3, buffer.count >= 3,
               buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                lineStart = 3
            }
            i = lineStart
            while i < target {
                i += UTF8Check.sequenceLength(buffer, at: i, end: buffer.count) ?? 1
                column += 1
            }
        }
        self.line = line
        self.column = column
    }

    /// The positions of `offsets` (in increasing order) in `bytes`, in one pass over the buffer:
    /// the same as ``init(offset:in:)`` of each.
    public static func positions(ofSorted offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
        var result: [SourcePosition] = []
        result.reserveCapacity(offsets.count)
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            let hasBOM = count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
            var line = 1, lineStart = 0, i = 0
            // Columns counted so far on the current line, up to `columnAt`.
            var columnAt = -1, column = 1
            for offset in offsets {
                let target = min(max(offset, 0), count)
                while i < target {
                    let byte = buffer[i]
                    if byte == 0x0A || (byte == 0x0D && (i + 1 >= count || buffer[i + 1] != 0x0A)) {
                        line += 1
                        lineStart = i + 1
                    }
                    i += 1
                }
                var start = lineStart
                if start == 0, target >= 3, hasBOM { start = 3 }
                if columnAt < start || columnAt > target {
                    columnAt = start
                    column = 1
                }
                while columnAt < target {
                    columnAt += UTF8Check.sequenceLength(buffer, at: columnAt, end: count) ?? 1
                    column += 1
                }
                result.append(SourcePosition(line: line, column: column))
            }
        }
        return result
    }
}
