import Foundation

/// The size of a body's Markdown tables, checked before cmark-gfm reads them: its tables (Debian's
/// 0.29.0.gfm.6, without the limits of gfm.13) give every row the header's cells, so a table of
/// 3,000 columns and 3,000 one-word rows took 2.8 GB and crashed a build, and a row of 60,000
/// pipes took seconds (found by a security audit).
enum TableSize {
    /// The most cells (columns × rows) of the tables of one body.
    static let maxCells = 100_000
    /// The most pipes of one row of a table.
    static let maxRowPipes = 1_000

    /// Why the body's tables are too large, nil when they are not (or it has none).
    static func problem(in body: String) -> String? {
        var text = body
        return text.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress, memchr(base, 0x7C, bytes.count) != nil else { return nil }
            return problem(inBytes: bytes)
        }
    }

    private static func problem(inBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var cells = 0
        var columns = 0  // the table's, while in one; 0 outside
        var line = 0
        var start = 0
        while start < bytes.count {
            line += 1
            var end = start
            var pipes = 0, dashes = 0, other = 0
            while end < bytes.count, bytes[end] != 0x0A {
                switch bytes[end] {
                case 0x7C: pipes += 1
                case 0x2D: dashes += 1
                case 0x3A, 0x20, 0x09, 0x0D: break
                default: other += 1
                }
                end += 1
            }
            let blank = pipes + dashes + other == 0
            if blank {
                columns = 0
            } else if columns > 0 {
                if pipes > maxRowPipes { return "the body's line \(line) is a table row of \(pipes) cells; a row may have at most \(maxRowPipes)" }
                cells += columns
            } else if pipes > 0, dashes > 0, other == 0 {
                // A delimiter row (`|---|:--:|`): its cells are the table's columns.
                if pipes > maxRowPipes { return "the body's line \(line) is a table row of \(pipes) cells; a row may have at most \(maxRowPipes)" }
                columns = max(1, pipes + 1 - (bytes[firstNonSpace(bytes, start, end)] == 0x7C ? 1 : 0) - (lastIsPipe(bytes, start, end) ? 1 : 0))
                cells += columns * 2
            }
            if cells > maxCells {
                return "the body's tables have more than 100,000 cells (columns × rows, by its line \(line)), which Markdown's tables "
                    + "take memory for with the square of their size: split them, or write the data as a list"
            }
            start = end + 1
        }
        return nil
    }

    private static func firstNonSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end - 1, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i
    }

    private static func lastIsPipe(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = end - 1
        while i > start, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i -= 1 }
        return bytes[i] == 0x7C
    }
}
