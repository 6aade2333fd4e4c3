import Foundation
import DaybookCore

/// Day One's Markdown made plain Markdown: a title from its first line, its backslash escapes
/// undone outside code where that changes no meaning, zero-width spaces dropped, and its
/// `dayone-moment:` links replaced by what `link` gives for each (nil: dropped).
enum DayOneText {
    /// A `dayone-moment:` reference: its kind (`photo`, `video`, `audio`, `pdfAttachment`) and identifier.
    struct Moment: Equatable {
        var kind: String
        var identifier: String
    }

    /// The title (plain text) and the body (Markdown).
    static func split(_ text: String, link: (Moment) -> String?) -> (title: String, body: String) {
        let clean = text.replacingOccurrences(of: "\u{200B}", with: "").replacingOccurrences(of: "\u{FEFF}", with: "")
            .replacingOccurrences(of: "\r\n", with: "\n")
        var lines = clean.components(separatedBy: "\n")
        var inFence = false
        var titleIndex: Int?
        var title = ""
        var lists = ListSeparator()
        for i in lines.indices {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            if isFence(trimmed) {
                inFence.toggle()
                lists = ListSeparator()
                continue
            }
            if inFence { continue }
            lines[i] = lists.next(lines[i])
            // An empty heading before the title (`#` alone) shows nothing.
            if titleIndex == nil, !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "#" }), trimmed.count <= 6 {
                lines[i] = ""
                continue
            }
            if titleIndex == nil {
                let plain = plainTitle(lines[i])
                if !plain.isEmpty {
                    let isHeading = trimmed.hasPrefix("#")
                    // A first line that is an item of a list (a checklist's `- [x] Milk`) is the title's
                    // words, and stays in the body whole, its tick with it (found by a Day One user's
                    // audit: the item became the title, and the list lost it and its tick).
                    if isListItem(trimmed) {
                        title = plain.count <= maxTitleLength ? plain : shortened(plain)
                        titleIndex = -1
                        lines[i] = inline(lines[i], link: link)
                        continue
                    }
                    if isHeading || plain.count <= maxTitleLength {
                        // The line is the title; media and links on it stay in the body, in its place.
                        titleIndex = i
                        title = plain
                        let kept = keptOfTitle(lines[i])
                        lines[i] = kept.isEmpty ? "" : inline(kept, link: link)
                        continue
                    }
                    // A long first paragraph: its first sentence (or words) is the title, and it stays whole in the body.
                    title = shortened(plain)
                    titleIndex = -1
                }
            }
            lines[i] = inline(lines[i], link: link)
        }
        if let titleIndex, titleIndex >= 0, lines[titleIndex].isEmpty { lines.remove(at: titleIndex) }
        var body = lines.joined(separator: "\n")
        while body.hasPrefix("\n") { body.removeFirst() }
        while body.hasSuffix("\n") || body.hasSuffix(" ") { body.removeLast() }
        return (title, body)
    }

    /// Whether a line (without its leading spaces) is an item of a list: `- `, `* `, `+ `, `1. `, `1) `.
    static func isListItem(_ line: String) -> Bool {
        let bytes = Array(line.utf8.prefix(12))
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return bytes.count > 1 && (bytes[1] == 0x20 || bytes[1] == 0x09)
        }
        var k = 0
        while k < bytes.count, k < 9, bytes[k] >= 0x30, bytes[k] <= 0x39 { k += 1 }
        return k > 0 && k + 1 < bytes.count && (bytes[k] == UInt8(ascii: ".") || bytes[k] == UInt8(ascii: ")")) && (bytes[k + 1] == 0x20 || bytes[k + 1] == 0x09)
    }

    /// Keeps Day One's lists apart. Day One writes two lists one blank line apart (a bullet list,
    /// then a checklist), which CommonMark reads as one loose list; a list of the same marker
    /// right after another gets the other marker (`-` and `*`, `1.` and `1)`), which starts a
    /// new list and shows the same.
    struct ListSeparator {
        /// The marker of the top-level list the last line with text was in, as Day One wrote it
        /// and as it is written here.
        private var source: Character?
        private var written: Character?
        private var afterBlank = false

        /// The line, its list marker changed where that keeps its list apart from the one before.
        mutating func next(_ line: String) -> String {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                afterBlank = true
                return line
            }
            defer { afterBlank = false }
            guard let (index, found) = ListSeparator.marker(of: line) else {
                if !(line.first == " " || line.first == "\t") { source = nil; written = nil }
                return line
            }
            if afterBlank || found != source {
                // A new list: it must not have the marker of the one it follows.
                let other: Character = switch found { case "-": "*"; case "*", "+": "-"; case ".": ")"; default: "." }
                written = found == written ? other : found
                source = found
            }
            guard let written, written != found else { return line }
            var changed = line
            changed.replaceSubrange(index...index, with: String(written))
            return changed
        }

        /// Where a top-level list item's marker is (`-`, `*`, `+`, or the `.` or `)` of `1.`) and what it is.
        static func marker(of line: String) -> (String.Index, Character)? {
            guard let first = line.first else { return nil }
            if first == "-" || first == "*" || first == "+" {
                let after = line.index(after: line.startIndex)
                guard after < line.endIndex, line[after] == " " else { return nil }
                // A thematic break (`- - -`, `* * *`) is no item.
                if line.filter({ $0 != " " }).allSatisfy({ $0 == first }) && line.filter({ $0 == first }).count >= 3 { return nil }
                return (line.startIndex, first)
            }
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), digits.endIndex < line.endIndex else { return nil }
            let delimiter = line[digits.endIndex]
            let after = line.index(after: digits.endIndex)
            guard delimiter == "." || delimiter == ")", after < line.endIndex, line[after] == " " else { return nil }
            return (digits.endIndex, delimiter)
        }
    }

    /// The longest first line taken whole as the title.
    static let maxTitleLength = 100

    /// The first sentence of a long line, or its first words, with "…".
    static func shortened(_ text: String) -> String {
        if let end = text.range(of: ". "), text.distance(from: text.startIndex, to: end.lowerBound) < maxTitleLength {
            return String(text[..<end.lowerBound]) + "."
        }
        var result = ""
        for word in text.split(separator: " ") {
            if result.count + word.count + 1 > 80 { break }
            result += (result.isEmpty ? "" : " ") + word
        }
        return (result.isEmpty ? String(text.prefix(80)) : result) + "…"
    }

    /// What of a title line stays in the body: its `dayone-moment:` media and its links
    /// (`[the museum](https://…)`, whose address the plain title loses), in order; media side by
    /// side, a link a space apart.
    static func keptOfTitle(_ line: String) -> String {
        guard line.contains("](") else { return "" }
        var kept = "", lastWasMoment = false
        for match in keptPattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
            guard let whole = Range(match.range, in: line) else { continue }
            let isMoment = line[whole].hasPrefix("!")
            if !kept.isEmpty, !(isMoment && lastWasMoment) { kept += " " }
            kept += line[whole]
            lastWasMoment = isMoment
        }
        return kept
    }

    static func isFence(_ trimmed: String) -> Bool { trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") }

    /// A line as plain text, as Day One shows it: a heading's, quote's, list item's and task's
    /// marks taken off its start, then the rest read by cmark-gfm as the middle of a paragraph
    /// (emphasis and code marks, links' addresses, images and escapes gone; code kept as written).
    static func plainTitle(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let marks = trimmed.range(of: #"^(#{1,6}(\s+|$))?(>\s*)?([-*+]\s+|[0-9]{1,9}[.)]\s+)?(\[[ xX]\]\s+)?"#, options: .regularExpression)
        // Its bare URLs lose their escapes first, as the body's do (cmark-gfm would keep them in the text).
        let text = marks.map { String(trimmed[$0.upperBound...]) } ?? trimmed
        return titleMarkdown.inlineText(inline(text, link: { _ in nil }))
    }

    private static let titleMarkdown = MarkdownRenderer()

    /// Escapes whose character means nothing to Markdown where it stands are undone; code spans are left as written.
    static func inline(_ line: String, link: (Moment) -> String?) -> String {
        let withLinks = replaceMoments(line, link: link)
        let chars = Array(withLinks)
        var out = ""
        var i = 0
        // Only spaces and digits so far on this line, or in a quote's or list item's content:
        // `1\.` and `\-` there stay escaped.
        var lineStart = true
        var onlyDigits = true
        // Lengths of backtick runs with no run of that length after where they were looked for:
        // an opener of that length later finds none either (so a long line is read once, not once a backtick).
        var unclosed: Set<Int> = []
        // Unescaped `[` not yet closed: a link's text, where no bare URL is linked.
        var brackets = 0
        while i < chars.count {
            let c = chars[i]
            if c == "`" {
                var run = 0
                while i + run < chars.count, chars[i + run] == "`" { run += 1 }
                let fence = String(repeating: "`", count: run)
                if !unclosed.contains(run), let close = closingRun(of: run, in: chars, from: i + run) {
                    out += fence + String(chars[(i + run)..<close]) + fence
                    i = close + run
                } else {
                    unclosed.insert(run)
                    out += fence
                    i += run
                }
                lineStart = false
                onlyDigits = false
                continue
            }
            // A quote's `>` and a list item's marker start the line's content again.
            let next = i + 1 < chars.count ? chars[i + 1] : "\n"
            if lineStart, c == ">" || (["-", "*", "+"].contains(c) && (next == " " || next == "\t")) {
                out.append(c)
                i += 1
                continue
            }
            if onlyDigits, !lineStart, c == "." || c == ")", next == " " || next == "\t" {
                out.append(c)
                i += 1
                lineStart = true
                continue
            }
            // A bare URL is linked as written, backslashes and all: its escapes are undone.
            if brackets == 0, let url = bareURL(chars, at: i) {
                out += url.text
                i = url.end
                lineStart = false
                onlyDigits = false
                continue
            }
            if c == "[" { brackets += 1 } else if c == "]", brackets > 0 { brackets -= 1 }
            if c == "\\", i + 1 < chars.count, let ascii = chars[i + 1].asciiValue, ascii.isPunctuation {
                let next = chars[i + 1]
                let live: Set<Character> = ["*", "_", "`", "[", "]", "<", ">", "|", "~", "\\"]
                let keep = live.contains(next)
                    || (next == "!" && i + 2 < chars.count && chars[i + 2] == "[")
                    || (lineStart && ["-", "+", "#", "="].contains(next))
                    || (onlyDigits && !lineStart && (next == "." || next == ")"))
                    || (next == "&" && startsEntity(chars, at: i + 2))
                out += keep ? "\\" + String(next) : String(next)
                i += 2
                lineStart = false
                onlyDigits = false
                continue
            }
            out.append(c)
            if c != " " && c != "\t" {
                if !c.isASCII || !(c.isNumber) { onlyDigits = false }
                lineStart = false
            }
            i += 1
        }
        return out
    }

    /// The bare URL that starts at `i`, as cmark-gfm's autolink extension finds one (`http://`,
    /// `https://`, `ftp://` after no letter, or `www.` at a word's start, up to white space or
    /// `<`, less the punctuation it leaves out at its end): its text with Day One's escapes
    /// undone (`a\_b` is `a_b`: an autolink takes every backslash as written, into its address), and
    /// where in `chars` the link ends. The characters after it, an escaped `\_` it leaves out too,
    /// stay as they are; followed by an escape that stays, the link is written `<…>`, or as a
    /// Markdown link where that cannot hold it (a `www.` link, an address with `>`). Nil where no
    /// link starts and where it has no escape.
    static func bareURL(_ chars: [Character], at i: Int) -> (text: String, end: Int)? {
        let c = chars[i]
        guard c == "h" || c == "H" || c == "f" || c == "F" || c == "w" else { return nil }
        // The first characters, backslashes left out, name a link: a word that does not start one is
        // not read to its end (each `h` of a long word would read it again).
        let opening = String(chars[i..<min(chars.count, i + 12)].filter { $0 != "\\" }).lowercased()
        guard ["http://", "https://", "ftp://", "www."].contains(where: opening.hasPrefix) else { return nil }
        let before: Character? = i > 0 ? chars[i - 1] : nil
        var unescaped: [Character] = []
        var source: [Int] = []
        var k = i
        while k < chars.count, !(chars[k].isASCII && chars[k].isWhitespace) {
            // A link is read up to `maxURLLength` characters: a longer one (or a line of links
            // with no space between them, from hostile data) is left as written.
            if k - i >= maxURLLength { return nil }
            if chars[k] == "\\", k + 1 < chars.count, let ascii = chars[k + 1].asciiValue, ascii.isPunctuation {
                unescaped.append(chars[k + 1])
                source.append(k)
                k += 2
            } else {
                unescaped.append(chars[k])
                source.append(k)
                k += 1
            }
        }
        let text = String(unescaped.prefix(8)).lowercased()
        let domainStart: Int
        if c == "w" {
            guard text.hasPrefix("www."), before.map({ $0.isWhitespace || "*_~([".contains($0) }) ?? true else { return nil }
            domainStart = 0
        } else {
            guard let scheme = ["http://", "https://", "ftp://"].first(where: { text.hasPrefix($0) }),
                  !(before.map { $0.isASCII && $0.isLetter } ?? false),
                  unescaped.count > scheme.count, unescaped[scheme.count].isASCII,
                  unescaped[scheme.count].isLetter || unescaped[scheme.count].isNumber else { return nil }
            domainStart = scheme.count
        }
        guard source.contains(where: { chars[$0] == "\\" }), hasDomain(unescaped[domainStart...]) else { return nil }
        let end = linkEnd(unescaped)
        guard end > 4 else { return nil }
        let link = String(unescaped[..<end]), linkEnd = end < source.count ? source[end] : k
        // What the link leaves out up to the white space (`\_\*,`) is read by the autolink, which
        // would take in an escape that stays (`\_`): the link is then written `<…>`, which ends it.
        let undone: Set<Character> = [".", ",", ":", "?", "!", ";", ")", "\"", "'", "}"]
        if chars[linkEnd..<k].indices.contains(where: { chars[$0] == "\\" && ($0 + 1 == k || !undone.contains(chars[$0 + 1])) }) {
            if c != "w", !link.contains(">") { return ("<" + link + ">", linkEnd) }
            // The text as written, the address as the autolink makes it (`www.` gets `http://`).
            let shown = MarkdownText.escape(link, keepingAddresses: false)
            let address = (c == "w" ? "http://" : "") + link.map { "\\()".contains($0) ? "\\" + String($0) : String($0) }.joined()
            return ("[" + shown + "](" + address + ")", linkEnd)
        }
        return (link, linkEnd)
    }

    /// The longest bare URL whose escapes are undone, in characters.
    static let maxURLLength = 4096

    /// Whether a link's address starts with a domain cmark-gfm's autolink takes (its `check_domain`):
    /// no `_` in its last two labels.
    private static func hasDomain(_ rest: ArraySlice<Character>) -> Bool {
        var underscores = (last: 0, current: 0)
        for c in rest.dropFirst() {
            if c == "_" { underscores.current += 1 }
            else if c == "." { underscores = (underscores.current, 0) }
            else if !(c.isASCII && (c.isLetter || c.isNumber)) && c != "-" { break }
        }
        return underscores == (0, 0)
    }

    /// How much of `link` cmark-gfm's autolink keeps (its `autolink_delim`): up to a `<`, less
    /// trailing `?!.,:*_~`, an entity's `&name;` and a closing bracket with no opening one.
    private static func linkEnd(_ link: [Character]) -> Int {
        var end = link.firstIndex(of: "<") ?? link.count
        // The brackets and quotes up to `end`, counted once and kept as the end moves back (a
        // count at each step read a link of many `)` again and again).
        var held: [Character: Int] = [:]
        for c in link[..<end] where "\"')]}([{".contains(c) { held[c, default: 0] += 1 }
        while end > 0 {
            let last = link[end - 1]
            if "?!.,:*_~".contains(last) {
                end -= 1
            } else if last == ";" {
                var k = end - 2
                while k > 0, link[k].isASCII, link[k].isLetter { k -= 1 }
                end = k < end - 2 && link[k] == "&" ? k : end - 1
            } else if let open: Character = ["\"": "\"", "'": "'", ")": "(", "]": "[", "}": "{"][last] {
                // A quote counts as an opening one only: a link never ends in one.
                if open != last, held[open, default: 0] == held[last, default: 0] { break }
                held[last, default: 0] -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// Whether an entity's name and `;` start at `start` (`copy;`, `#169;`, `#xA9;`): after an `&`,
    /// Markdown would show the character (`\&copy;` is written to show `&copy;`).
    private static func startsEntity(_ chars: [Character], at start: Int) -> Bool {
        var k = start
        while k < chars.count, k - start < 32, chars[k].isASCII, chars[k].isLetter || chars[k].isNumber || chars[k] == "#" { k += 1 }
        return k > start && k < chars.count && chars[k] == ";"
    }

    /// Where the first run of exactly `length` backticks at or after `start` begins.
    private static func closingRun(of length: Int, in chars: [Character], from start: Int) -> Int? {
        var k = start
        while k < chars.count {
            guard chars[k] == "`" else {
                k += 1
                continue
            }
            var run = 0
            while k + run < chars.count, chars[k + run] == "`" { run += 1 }
            if run == length { return k }
            k += run
        }
        return nil
    }

    private static let momentSource = #"!\[[^\]]*\]\(dayone-moment:/{1,2}(?:(video|audio|pdfAttachment|photo)/)?([A-Za-z0-9-]{1,64})\)"#
    private static let momentPattern = try! NSRegularExpression(pattern: momentSource)
    /// A moment, or a link that is no image's (`[text](address "title")`).
    /// Its text may hold brackets a level deep (`[a [b] c]`), its address parentheses
    /// (`…/Foo_(bar)`) or be in `<…>`.
    private static let keptPattern = try! NSRegularExpression(pattern: "(?:" + momentSource
        + #")|(?<!!)\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\(\s*(?:<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\s*\)"#)

    /// Every `dayone-moment:` link in the text, in order.
    static func moments(_ text: String) -> [Moment] {
        let range = NSRange(text.startIndex..., in: text)
        return momentPattern.matches(in: text, range: range).map { match in
            let kind = Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? "photo"
            return Moment(kind: kind, identifier: Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? "")
        }
    }

    private static func replaceMoments(_ line: String, link: (Moment) -> String?) -> String {
        guard line.contains("dayone-moment:") else { return line }
        var out = ""
        var last = line.startIndex
        let range = NSRange(line.startIndex..., in: line)
        for match in momentPattern.matches(in: line, range: range) {
            guard let whole = Range(match.range, in: line) else { continue }
            out += line[last..<whole.lowerBound]
            let kind = Range(match.range(at: 1), in: line).map { String(line[$0]) } ?? "photo"
            let id = Range(match.range(at: 2), in: line).map { String(line[$0]) } ?? ""
            out += link(Moment(kind: kind, identifier: id)) ?? ""
            last = whole.upperBound
        }
        return out + line[last...]
    }
}

private extension UInt8 {
    var isPunctuation: Bool {
        (33...47).contains(self) || (58...64).contains(self) || (91...96).contains(self) || (123...126).contains(self)
    }
}
