import Foundation

/// Where a note's Markdown is code, which the importers leave as written: fenced and indented
/// blocks and code spans.
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

    /// Whether each of `lines` is code: a fenced block's line (its fences too; a block ends at a
    /// fence of its character at least as long, with nothing after it, so a block of four
    /// backticks holds one of three), or with `indented`, an indented block's (four spaces or a
    /// tab, after a blank line or more code, outside a list). Lines from one `verbatim` opens to one
    /// it closes (a site generator's highlight block) are not code, and a fence in them is none.
    static func codeLines(_ lines: [String], indented: Bool = true,
                          verbatim: (opens: (String) -> Bool, closes: (String) -> Bool)? = nil) -> [Bool] {
        var code = [Bool](repeating: false, count: lines.count)
        var fence: (mark: Character, count: Int)?
        var previousBlank = true, previousCode = false, inList = false, inVerbatim = false
        for (i, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let verbatim, fence == nil, inVerbatim || verbatim.opens(line) {
                inVerbatim = !verbatim.closes(line)
                previousBlank = false
                continue
            }
            if let open = fence {
                code[i] = true
                if trimmed.count >= open.count, trimmed.allSatisfy({ $0 == open.mark }) { fence = nil }
                continue
            }
            if let mark = trimmed.first, mark == "`" || mark == "~" {
                let count = trimmed.prefix { $0 == mark }.count
                // A backtick fence's info string holds no backtick (``` `a` ``` is a code span).
                if count >= 3, mark == "~" || !trimmed.dropFirst(count).contains("`") {
                    fence = (mark, count)
                    code[i] = true
                    previousBlank = false
                    continue
                }
            }
            let columns = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 - $0 % 4 : 1) }
            if trimmed.isEmpty {
                previousBlank = true
                continue
            }
            if columns < 4 {
                if trimmed.range(of: #"^([-*+]|[0-9]{1,9}[.)])(\s|$)"#, options: .regularExpression) != nil {
                    inList = true
                } else if previousBlank && columns == 0 {
                    inList = false
                }
                previousCode = false
            } else if indented && !inList && (previousBlank || previousCode) {
                code[i] = true
                previousCode = true
            }
            previousBlank = false
        }
        return code
    }

    /// `text` with `transform` applied to each run of its lines outside fenced code blocks (lines
    /// `verbatim` takes in are not code, as ``codeLines(_:indented:verbatim:)`` reads them).
    static func outsideFences(_ text: String, verbatim: (opens: (String) -> Bool, closes: (String) -> Bool)? = nil,
                              _ transform: (String) -> String) -> String {
        let lines = text.components(separatedBy: "\n")
        let code = codeLines(lines, indented: false, verbatim: verbatim)
        var out: [String] = [], run: [String] = []
        for (line, isCode) in zip(lines, code) {
            if isCode {
                if !run.isEmpty { out.append(transform(run.joined(separator: "\n"))) }
                run = []
                out.append(line)
            } else {
                run.append(line)
            }
        }
        if !run.isEmpty { out.append(transform(run.joined(separator: "\n"))) }
        return out.joined(separator: "\n")
    }

    /// Group 1 of each match of `patterns` in `body` outside code, in order, each once.
    static func captures(of patterns: [NSRegularExpression], in body: String) -> [String] {
        var found: [String] = []
        let lines = body.components(separatedBy: "\n")
        for (line, isCode) in zip(lines, codeLines(lines)) where !isCode {
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
