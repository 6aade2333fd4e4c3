import CByteScan
import Testing
@testable import DaybookCore

/// A report's table cells with a long run without a space are marked for the print stylesheet
/// (found by a visual audit: a checksum held its table past the page's edge, and the next column
/// was not printed at all).
@Suite struct PrintTablesTests {
    @Test func aCellWithALongRunIsMarked() {
        let html = "<table>\n<thead>\n<tr>\n<th>Signature</th>\n<th align=\"right\">Size</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
            + "<td>9f86d081884c7d659a2feaa0c55ad015a3bf4f1b</td>\n<td align=\"right\">12 MB</td>\n</tr>\n</tbody>\n</table>\n"
        #expect(PrintTables.markingLongRuns(html) == "<table>\n<thead>\n<tr>\n<th>Signature</th>\n<th align=\"right\">Size</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
            + "<td class=\"long-run\">9f86d081884c7d659a2feaa0c55ad015a3bf4f1b</td>\n<td align=\"right\">12 MB</td>\n</tr>\n</tbody>\n</table>\n")
    }

    /// Characters are counted, not bytes (23 Hangul syllables are 69 bytes), and inline tags do not
    /// end a run; a space does.
    @Test func charactersInARowAreCountedAcrossTags() {
        let hangul = String(repeating: "가", count: 23)
        #expect(PrintTables.markingLongRuns("<td>\(hangul)</td>") == "<td>\(hangul)</td>")
        #expect(PrintTables.markingLongRuns("<td>\(hangul)<em>나</em></td>") == "<td class=\"long-run\">\(hangul)<em>나</em></td>")
        #expect(PrintTables.markingLongRuns("<th align=\"left\">\(hangul) 나</th>") == "<th align=\"left\">\(hangul) 나</th>")
        let code = "<td><code>a</code> " + String(repeating: "x", count: 24) + "</td>"
        #expect(PrintTables.markingLongRuns(code) == "<td class=\"long-run\"><code>a</code> " + String(repeating: "x", count: 24) + "</td>")
    }

    @Test func htmlWithoutATableIsReturnedAsItIs() {
        let html = "<p>" + String(repeating: "y", count: 40) + "</p>\n<h2>Tea</h2>\n"
        #expect(PrintTables.markingLongRuns(html) == html)
    }

    /// The 16-byte search finds the first cell as a byte-by-byte one does, wherever it starts.
    @Test func theFastSearchFindsTheFirstCellAsThePlainOneDoes() {
        let pieces = ["<t", "<td>", "<th align=\"left\">", "<tr>", "<table>", "<thead>", "<tdx", "x", "<", "t", "d", " ", ">", "가"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            var plain = -1
            for i in bytes.indices where i + 3 < bytes.count && bytes[i] == UInt8(ascii: "<") && bytes[i + 1] == UInt8(ascii: "t")
                && (bytes[i + 2] == UInt8(ascii: "d") || bytes[i + 2] == UInt8(ascii: "h")) && (bytes[i + 3] == UInt8(ascii: ">") || bytes[i + 3] == UInt8(ascii: " ")) {
                plain = i
                break
            }
            let fast = bytes.withUnsafeBufferPointer { dbk_find_cell_tag($0.baseAddress, $0.count) }
            #expect(fast == plain, "\(text)")
        }
    }
}
