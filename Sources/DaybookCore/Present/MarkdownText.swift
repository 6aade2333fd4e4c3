/// Text made safe to stand in a Markdown document as literal text.
public enum MarkdownText {
    /// Backslash-escapes every character Markdown could read as markup, and folds line breaks,
    /// so the text reads the same after cmark-gfm renders it.
    public static func escape(_ text: String) -> String {
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

    /// Pushes every ATX heading outside fenced code down by `levels` (at most to level 6).
    public static func pushHeadings(_ markdown: String, by levels: Int) -> String {
        var fence: Substring?
        var lines: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                lines.append(line)
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                lines.append(line)
                continue
            }
            let hashes = trimmed.prefix(while: { $0 == "#" }).count
            if hashes >= 1, hashes <= 6, line.count - trimmed.count < 4,
               trimmed.count == hashes || trimmed.dropFirst(hashes).first == " " {
                let level = min(6, hashes + levels)
                lines.append(Substring(String(repeating: "#", count: level) + trimmed.dropFirst(hashes)))
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
