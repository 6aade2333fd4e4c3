import Foundation

/// Where a note's Markdown is code, which the importers leave as written: fenced blocks and
/// code spans.
enum MarkdownCode {
    /// `line` with `transform` applied to its text outside code spans (a run of backticks up to
    /// the next run as long); a run that is never closed is text.
    static func outsideSpans(_ line: String, _ transform: (String) -> String) -> String {
        guard line.contains("`") else { return transform(line) }
        var out = "", text = ""
        var rest = Substring(line)
        // Run lengths no run after was found for: a later one finds none either (one pass, not one a backtick).
        var unclosed: Set<Int> = []
        while let open = rest.firstIndex(of: "`") {
            let ticks = rest[open...].prefix { $0 == "`" }
            let after = rest[ticks.endIndex...]
            // The closing run: as long as the opening one, not part of a longer run.
            var search = after
            var close: Range<Substring.Index>?
            while !unclosed.contains(ticks.count), let found = search.range(of: String(ticks)) {
                let run = search[found.lowerBound...].prefix { $0 == "`" }
                if run.count == ticks.count { close = found; break }
                search = search[run.endIndex...]
            }
            guard let close else {
                unclosed.insert(ticks.count)
                text += rest[..<ticks.endIndex]
                rest = after
                continue
            }
            text += rest[..<open]
            out += transform(text) + rest[open..<close.upperBound]
            text = ""
            rest = rest[close.upperBound...]
        }
        return out + transform(text + rest)
    }

    /// Group 1 of each match of `patterns` in `body` outside code, in order, each once.
    static func captures(of patterns: [NSRegularExpression], in body: String) -> [String] {
        var found: [String] = []
        var inFence = false
        for line in body.components(separatedBy: "\n") {
            if DayOneText.isFence(line.trimmingCharacters(in: .whitespaces)) { inFence.toggle(); continue }
            if inFence { continue }
            _ = outsideSpans(line) { part in
                for pattern in patterns {
                    for match in pattern.matches(in: part, range: NSRange(part.startIndex..., in: part)) {
                        if let range = Range(match.range(at: 1), in: part), !found.contains(String(part[range])) {
                            found.append(String(part[range]))
                        }
                    }
                }
                return part
            }
        }
        return found
    }
}
