import DaybookCore

/// Line breaks as journal apps show them. Day One, jrnl and Obsidian (unless its "Strict line
/// breaks" is on) show each line of a paragraph on a line of its own, where Markdown joins it to
/// the next with a space ("Breakfast: eggs Lunch: salad"). Each such line gets a `\` at its end,
/// CommonMark's hard line break, which every Markdown renderer reads.
enum HardLineBreaks {
    private static let renderer = MarkdownRenderer()

    /// `markdown` with its lines parted by `\n` (a `\r\n` or a lone `\r` made one) and a `\` at the
    /// end of each line that ends in a soft line break (``MarkdownRenderer/softBreakLines(_:)``),
    /// its white space there taken off.
    static func applied(_ markdown: String) -> String {
        let markdown = markdown.utf8.contains(13) ? markdown.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") : markdown
        guard markdown.contains("\n") else { return markdown }
        let soft = renderer.softBreakLines(markdown)
        guard !soft.isEmpty else { return markdown }
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        for number in soft {
            var line = lines[number - 1]
            while line.last == " " || line.last == "\t" { line.removeLast() }
            lines[number - 1] = line + "\\"
        }
        return lines.joined(separator: "\n")
    }
}
