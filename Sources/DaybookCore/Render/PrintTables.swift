import CByteScan
import Foundation

/// The cells of a report's tables that hold a run of ``longRun`` characters or more without a
/// space (a checksum, an address written out, a Korean phrase without spaces): marked
/// `class="long-run"`, which the print stylesheet lets break anywhere. Paper has no scroll bar:
/// such a cell held its table wider than the page, which was cut at the page's edge (a column
/// lost) or printed smaller. Other cells keep their words whole, as numbers, dates and Arabic
/// words must.
enum PrintTables {
    static let longRun = 24

    /// `html` (cmark-gfm's, whose cells open `<td>`, `<th>` or with an `align`) with each cell
    /// holding a long run marked; `html` itself when none does.
    static func markingLongRuns(_ html: String) -> String {
        var html = html
        let marked: [UInt8]? = html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var out: [UInt8] = []
            var copied = 0, i = 0
            // Each cell's start found 16 bytes at a time: most tags of a body are no table's.
            while i + 4 < bytes.count {
                let at = dbk_find_cell_tag(base + i, bytes.count - i)
                guard at >= 0 else { break }
                i += at
                let name = i + 3
                var content = name
                while content < bytes.count, bytes[content] != UInt8(ascii: ">") { content += 1 }
                content += 1
                // A cell holds only inline elements, never a table: its end is the first `</td` or `</th`.
                var end = content
                while end + 3 < bytes.count, !(bytes[end] == UInt8(ascii: "<") && bytes[end + 1] == UInt8(ascii: "/")
                                               && bytes[end + 2] == UInt8(ascii: "t")
                                               && (bytes[end + 3] == UInt8(ascii: "d") || bytes[end + 3] == UInt8(ascii: "h"))) { end += 1 }
                if content < end, hasLongRun(UnsafeBufferPointer(rebasing: bytes[content..<end])) {
                    out += bytes[copied..<name]
                    out += #" class="long-run""#.utf8
                    copied = name
                }
                i = max(content, i + 1)
            }
            guard copied > 0 else { return nil }
            out += bytes[copied...]
            return out
        }
        return marked.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// Whether the text of `cell` (its tags passed over) has ``longRun`` characters in a row
    /// without white space.
    private static func hasLongRun(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0, inTag = false
        for byte in cell {
            if inTag {
                inTag = byte != UInt8(ascii: ">")
                continue
            }
            switch byte {
            case UInt8(ascii: "<"): inTag = true
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): run = 0
            default:
                // A character is counted at its first byte.
                if byte & 0xC0 != 0x80 { run += 1 }
                if run >= longRun { return true }
            }
        }
        return false
    }
}
