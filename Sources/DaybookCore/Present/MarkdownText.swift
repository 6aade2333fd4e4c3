import Foundation

/// Text made safe to stand in a Markdown document as literal text.
public enum MarkdownText {
    /// Backslash-escapes every character Markdown could read as markup, and folds line breaks,
    /// so the text reads the same after cmark-gfm renders it.
    public static func escape(_ text: String) -> String {
        let plain = special.withUnsafeBufferPointer { table in !text.utf8.contains(where: { table[Int($0)] }) }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "!", "&":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\t":
                out.unicodeScalars.append(" ")
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The ASCII bytes `escape` changes.
    private static let special: [Bool] = (0..<256).map { byte in
        "\\`*_[]<>#|~!&\n\r\t".utf8.contains(UInt8(byte))
    }

    /// Pushes every ATX heading outside fenced code down by `levels` (at most to level 6).
    /// A body without headings is returned as it is, not copied.
    public static func pushHeadings(_ markdown: String, by levels: Int) -> String {
        var text = markdown
        let result: [UInt8]? = text.withUTF8 { bytes in
            let count = bytes.count
            var out: [UInt8] = []
            // bytes[..<copied] are in `out`; the rest of the body follows unchanged.
            var copied = 0
            var fence: UInt8 = 0
            var start = 0
            while start < count {
                // The line's end, by memchr.
                var end = count
                if let newline = memchr(bytes.baseAddress! + start, 10, count - start) {
                    end = bytes.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                }
                var i = start
                while i < end, i - start < 4, bytes[i] == 32 { i += 1 }
                let indent = i - start
                var hashes = 0
                while i + hashes < end, bytes[i + hashes] == 35 { hashes += 1 }
                let isFence = indent < 4 && end - i >= 3 && (bytes[i] == 96 || bytes[i] == 126)
                    && bytes[i + 1] == bytes[i] && bytes[i + 2] == bytes[i]
                if fence != 0 {
                    if isFence && bytes[i] == fence { fence = 0 }
                } else if isFence {
                    fence = bytes[i]
                } else if indent < 4, (1...6).contains(hashes), i + hashes == end || bytes[i + hashes] == 32 {
                    if out.isEmpty { out.reserveCapacity(count + 64) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                    out.append(contentsOf: repeatElement(35, count: min(6, hashes + levels)))
                    copied = i + hashes
                }
                start = end + 1
            }
            if out.isEmpty { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return out
        }
        return result.map { String(decoding: $0, as: UTF8.self) } ?? markdown
    }
}
