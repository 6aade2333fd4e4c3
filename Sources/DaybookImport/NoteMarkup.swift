import Foundation

/// Obsidian's own syntax in a note, made what a Daybook entry shows: `%%comments%%` (one line or
/// several) dropped, since they are private; a callout's `> [!note] Title` a bold title in its
/// quote; a block id (` ^quote1` at a line's end) dropped; and inline `#tags` read as the
/// entry's tags (kept in the text). Code is left as written.
enum NoteMarkup {
    static func converted(_ body: String) -> String {
        guard body.contains("%%") || body.contains("[!") || body.contains("^") else { return body }
        var inFence = false, inComment = false
        var out: [String] = []
        for line in body.components(separatedBy: "\n") {
            if !inComment, DayOneText.isFence(line.trimmingCharacters(in: .whitespaces)) {
                inFence.toggle()
                out.append(line)
                continue
            }
            if inFence { out.append(line); continue }
            let wasInComment = inComment
            var text = line
            if text.contains("%%") || inComment {
                text = MarkdownCode.outsideSpans(text) { part in
                    var kept = ""
                    var rest = Substring(part)
                    while !rest.isEmpty {
                        guard let mark = rest.range(of: "%%") else {
                            if !inComment { kept += rest }
                            break
                        }
                        if !inComment { kept += rest[..<mark.lowerBound] }
                        inComment.toggle()
                        rest = rest[mark.upperBound...]
                    }
                    return kept
                }
                // A line that was all comment goes, not left as an empty line; so does a list item, task
                // or quote line that was (`- %%secret%%`, found by an Obsidian user's audit: an empty bullet).
                if text.trimmingCharacters(in: .whitespaces).isEmpty, wasInComment || line.contains("%%") { continue }
                if line.contains("%%"), Self.isMarkerOnly(text) { continue }
            } else if inComment {
                continue
            }
            if text.contains("[!") { text = MarkdownNotesImporter.replace(callout, in: text, with: calloutTitle) }
            if text.contains("^") { text = MarkdownNotesImporter.replace(blockID, in: text) { _ in "" } }
            out.append(text)
        }
        return out.joined(separator: "\n")
    }

    /// Whether `line` is a list item's, task's or quote's marker with nothing after it (`- `, `1. `,
    /// `- [ ] `, `> `).
    static func isMarkerOnly(_ line: String) -> Bool {
        line.range(of: #"^\s*(>\s*)*([-*+]|[0-9]{1,9}[.)])(\s+\[[ xX]\])?\s*$|^\s*(>\s*)+$"#, options: .regularExpression) != nil
    }

    /// `text` without Obsidian's highlight marks (`==words==` is "words"): cmark-gfm has no
    /// highlight, and an entry's Markdown drops the raw `<mark>` that would show one. Code
    /// (fenced, indented four spaces, spans) stays as written, and so do marks that open after a
    /// Latin letter or digit (a URL's `abc==`) or hold no words (`a == b`, `===`).
    static func withoutHighlights(_ text: String) -> String {
        guard text.contains("==") else { return text }
        var inFence = false
        return text.components(separatedBy: "\n").map { line in
            if DayOneText.isFence(line.trimmingCharacters(in: .whitespaces)) {
                inFence.toggle()
                return line
            }
            if inFence || !line.contains("==") || line.hasPrefix("    ") || line.hasPrefix("\t") { return line }
            return MarkdownCode.outsideSpans(line) { MarkdownNotesImporter.replace(highlight, in: $0) { $0[1] } }
        }.joined(separator: "\n")
    }

    /// The inline tags of `body` outside code, in order, each once, without `#`: `#walk`,
    /// `#trip/japan`, `#산책`, Bear's `#multi word tag#`; not `#12`, a heading's `# `, or a link's `(#anchor)`.
    static func tags(_ body: String) -> [String] {
        body.contains("#") ? MarkdownCode.captures(of: [inlineTag], in: body) : []
    }

    private static let callout = try! NSRegularExpression(pattern: #"^(\s*(?:>\s*)+)\[!([A-Za-z-]+)\][+-]?[ \t]*(.*)$"#)
    private static let highlight = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9=\\])==(?![\s=])(.+?)(?<![\s\\])==(?!=)"#)
    private static let blockID = try! NSRegularExpression(pattern: #"[ \t]+\^[A-Za-z0-9-]+[ \t]*$"#)
    private static let inlineTag = try! NSRegularExpression(pattern: #"(?:^|(?<=\s))#((?:[\p{L}\p{N}_/-]+ )+[\p{L}\p{N}_/-]+(?=#(?![\p{L}\p{N}_]))|(?:[\p{L}\p{N}_/-])*[\p{L}_/-](?:[\p{L}\p{N}_/-])*)"#)

    private static func calloutTitle(_ groups: [String]) -> String {
        let title = groups[3].trimmingCharacters(in: .whitespaces)
        let kind = groups[2].prefix(1).uppercased() + groups[2].dropFirst().lowercased()
        return groups[1] + "**" + (title.isEmpty ? kind : title) + "**"
    }
}
