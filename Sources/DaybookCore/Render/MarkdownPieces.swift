/// Where a large Markdown document can be cut into pieces that render, one after another,
/// to the same HTML as the whole: at a blank line before a line that starts a new top-level
/// paragraph or heading, outside fenced code. cmark-gfm's tree of a document takes many
/// times its size, so a huge body rendered piece by piece needs memory for one piece only.
///
/// Cuts are made only where the blank line closes every open block: the next line starts
/// with a letter or other character that opens no list, quote, code, table, thematic break
/// or HTML block, and no fence is open. A document with link reference or footnote
/// definitions (which reach across the whole document) or raw HTML blocks that may span
/// blank lines is not cut.
enum MarkdownPieces {
    /// Byte ranges of `bytes` of about `pieceBytes` each, in order, covering all of it; nil when
    /// the document has no safe cut or must not be cut.
    static func ranges(_ bytes: UnsafeBufferPointer<UInt8>, pieceBytes: Int) -> [Range<Int>]? {
        let count = bytes.count
        // `]:` anywhere may be a definition (also inside a quote or a list item).
        var k = 0
        while k + 1 < count {
            if bytes[k] == UInt8(ascii: "]"), bytes[k + 1] == UInt8(ascii: ":") { return nil }
            k += 1
        }
        var pieces: [Range<Int>] = []
        var pieceStart = 0
        var lineStart = 0
        var previousBlank = false
        var fence: (byte: UInt8, length: Int)?
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            // Indentation of up to 3 spaces, then the line's first character.
            var first = lineStart
            while first < lineEnd, first - lineStart < 4, bytes[first] == 0x20 { first += 1 }
            let indent = first - lineStart
            let blank = (lineStart..<lineEnd).allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }
            if !blank, indent < 4, first < lineEnd {
                let byte = bytes[first]
                // Fences: ``` or ~~~ (3 or more) open and close code that may hold blank lines.
                var run = first
                while run < lineEnd, bytes[run] == byte { run += 1 }
                let isFence = (byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")) && run - first >= 3
                if let open = fence {
                    // A closing fence has nothing after it but white space.
                    let rest = (run..<lineEnd).allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 || bytes[$0] == 0x0D }
                    if isFence, open.byte == byte, run - first >= open.length, rest { fence = nil }
                } else if isFence, indent == 0 {
                    fence = (byte, run - first)
                } else if byte == UInt8(ascii: "<") {
                    return nil
                }
            }
            // A fence inside a list item or a quote (or indented): where its code ends is not
            // followed here, so the document is not cut.
            if fence == nil, !blank, !(indent == 0 && fence == nil && lineStartsFence(bytes, lineStart, lineEnd)),
               containsFenceRun(bytes, lineStart, lineEnd) {
                return nil
            }
            if previousBlank, fence == nil, indent == 0, !blank, lineStart - pieceStart >= pieceBytes,
               opensParagraph(bytes[lineStart]) {
                pieces.append(pieceStart..<lineStart)
                pieceStart = lineStart
            }
            previousBlank = blank && fence == nil
            lineStart = lineEnd + 1
        }
        guard !pieces.isEmpty else { return nil }
        pieces.append(pieceStart..<count)
        return pieces
    }

    /// Whether the line starts with ``` or ~~~ at its first column.
    private static func lineStartsFence(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 3 else { return false }
        let byte = bytes[start]
        return (byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")) && bytes[start + 1] == byte && bytes[start + 2] == byte
    }

    /// Whether the line holds ``` or ~~~ anywhere.
    private static func containsFenceRun(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k + 2 < end {
            let byte = bytes[k]
            if (byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")) && bytes[k + 1] == byte && bytes[k + 2] == byte { return true }
            k += 1
        }
        return false
    }

    /// Whether a line starting with `byte` (not indented, after a blank line) can only start a
    /// paragraph, a setext or ATX heading: a letter, a digit-free word, `#` (an ATX heading),
    /// or any byte of a non-ASCII character.
    private static func opensParagraph(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "#"): return true
        case 0x80...0xFF: return true
        default: return false
        }
    }
}
