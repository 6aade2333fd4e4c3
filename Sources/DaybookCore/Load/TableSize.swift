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

    /// Line by line, each found with `memchr`: only a line that may be a delimiter row (its first
    /// byte but spaces `|`, `-` or `:`) or a row longer than ``maxRowPipes`` bytes is read further
    /// (a byte loop over every body with a `|` cost 0.7 % of a build of the bench corpus).
    private static func problem(inBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let base = bytes.baseAddress!
        var cells = 0
        var columns = 0  // the table's, while in one; 0 outside
        var line = 0
        var start = 0
        while start < bytes.count {
            line += 1
            var end = bytes.count
            if let found = memchr(base + start, 0x0A, bytes.count - start) {
                end = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            }
            // A lone carriage return ends a line too, as cmark-gfm reads it (found by a review: a body
            // of `\r` lines was one line to this scan, and its table went unchecked).
            if let cr = memchr(base + start, 0x0D, end - start) {
                let at = UnsafePointer<UInt8>(cr.assumingMemoryBound(to: UInt8.self)) - base
                if at + 1 < end { end = at }
            }
            // A table may stand in a block quote: its `>` markers are not the row's.
            var first = firstNonSpace(bytes, start, end)
            while first < end, bytes[first] == 0x3E { first = firstNonSpace(bytes, first + 1, end) }
            if first == end {
                columns = 0  // a blank line ends a table
            } else if columns > 0 || bytes[first] == 0x7C || bytes[first] == 0x2D || bytes[first] == 0x3A {
                var pipes = 0, dashes = 0, other = 0
                if columns == 0 || end - start > maxRowPipes {
                    for i in first..<end {
                        switch bytes[i] {
                        case 0x7C: pipes += 1
                        case 0x2D: dashes += 1
                        case 0x3A, 0x20, 0x09, 0x0D: break
                        default: other += 1
                        }
                    }
                }
                if pipes > maxRowPipes { return "the body's line \(line) is a table row of \(pipes) cells; a row may have at most \(maxRowPipes)" }
                if columns > 0 {
                    cells += columns
                } else if pipes > 0, dashes > 0, other == 0 {
                    // A delimiter row (`|---|:--:|`): its cells are the table's columns.
                    columns = max(1, pipes + 1 - (bytes[first] == 0x7C ? 1 : 0) - (lastIsPipe(bytes, first, end) ? 1 : 0))
                    cells += columns * 2
                }
            }
            if cells > maxCells {
                return "the body's tables have more than 100,000 cells (columns × rows, by its line \(line)), which Markdown's tables "
                    + "take memory for with the square of their size: split them, or write the data as a list"
            }
            start = end + 1
        }
        return nil
    }

    /// The first byte of the line that is no space, tab or carriage return; `end` for none.
    private static func firstNonSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
        return i
    }

    private static func lastIsPipe(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = end - 1
        while i > start, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0D { i -= 1 }
        return bytes[i] == 0x7C
    }
}
