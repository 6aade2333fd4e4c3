import Foundation

/// A Markdown text's first line with text when it is a level-1 heading (`# About`, or `About`
/// over a line of `=`), as a page or an imported note takes its title from it and leaves it out
/// of the text.
public struct TitleHeading: Sendable {
    /// The text's lines.
    public let lines: [String]
    /// The heading's line in ``lines``.
    public let index: Int
    /// Written `About` over a line of `=` (setext), rather than `# About`.
    public let underlined: Bool

    /// Nil when the first line with text is no level-1 heading.
    public init?(_ text: String) {
        let lines = text.components(separatedBy: "\n")
        guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        let underlined = first + 1 < lines.count && !lines[first].hasPrefix(" ") && lines[first + 1].hasPrefix("=")
            && lines[first + 1].trimmingCharacters(in: .whitespaces).allSatisfy { $0 == "=" }
        guard lines[first].hasPrefix("# ") || underlined else { return nil }
        self.lines = lines
        index = first
        self.underlined = underlined
    }

    /// The heading's Markdown: `About *me*` of `# About *me* #` or of `About *me*` over `===`.
    public var text: String {
        var line = Substring(lines[index]).trimmingCharacters(in: .whitespaces)
        guard !underlined else { return line }
        line = String(line.drop(while: { $0 == "#" })).trimmingCharacters(in: .whitespaces)
        // A closing run of `#` after a space (`# About #`) is no part of the heading's text.
        if let last = line.lastIndex(where: { $0 != "#" }), line[last] == " " {
            line = String(line[..<last]).trimmingCharacters(in: .whitespaces)
        } else if line.allSatisfy({ $0 == "#" }) {
            line = ""
        }
        return line
    }

    /// The text without the heading's line (and its underline), `replacement` in their place.
    public func text(replacingHeadingWith replacement: [String]) -> String {
        var kept = lines
        kept.replaceSubrange(index...(underlined ? index + 1 : index), with: replacement)
        return kept.joined(separator: "\n")
    }
}
