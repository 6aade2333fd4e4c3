import Foundation

/// Text made safe to stand in a Markdown document as literal text.
public enum MarkdownText {
    /// Backslash-escapes every character Markdown could read as markup, and folds line breaks,
    /// so the text reads the same after cmark-gfm renders it. A web address GitHub links by
    /// itself (``linksAddress(_:after:)``: `https://…`, `www.…`) is left as written but for `|`,
    /// `[` and `]`, up to the next white space or `<`: the link would keep any backslash in it
    /// (`Star\_Wars` would lead nowhere). Without `keepingAddresses` (a link's text, where
    /// nothing is linked by itself) those are escaped too.
    public static func escape(_ text: String, keepingAddresses: Bool = true) -> String {
        let plain = special.withUnsafeBufferPointer { table in !text.utf8.contains(where: { table[Int($0)] }) }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        let scalars = text.unicodeScalars
        var inAddress = false
        var previous: Unicode.Scalar?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if keepingAddresses, !inAddress, "hHfFw".unicodeScalars.contains(scalar) {
                inAddress = linksAddress(scalars[index...], after: previous)
            }
            if inAddress, isWhiteSpace(scalar) || scalar == "<" { inAddress = false }
            switch scalar {
            case "|", "[", "]":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case _ where inAddress:
                out.unicodeScalars.append(scalar)
            case "\\", "`", "*", "_", "<", ">", "#", "~", "!", "&":
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\t":
                out.unicodeScalars.append(" ")
            default:
                out.unicodeScalars.append(scalar)
            }
            previous = scalar
            index = scalars.index(after: index)
        }
        return out
    }

    /// ASCII's white space (cmark-gfm's `cmark_isspace`).
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (0x09...0x0D).contains(scalar.value)
    }

    /// Whether cmark-gfm's autolink extension (as GitHub runs it) links an address that starts
    /// at `rest`: `http://`, `https://` or `ftp://` in any case, after anything but an ASCII letter,
    /// with a letter or digit after it; or `www.` in lower case at the start, after white space or
    /// one of `*_~(`; each followed by a host (``hasHost(_:needsDot:)``).
    static func linksAddress(_ rest: Substring.UnicodeScalarView, after previous: Unicode.Scalar?) -> Bool {
        var start = ""
        for scalar in rest.prefix(8) {
            start.unicodeScalars.append(scalar.isASCII && scalar.properties.isUppercase ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
        }
        if rest.starts(with: "www.".unicodeScalars), previous.map({ isWhiteSpace($0) || "*_~(".unicodeScalars.contains($0) }) ?? true {
            return hasHost(rest, needsDot: true)
        }
        guard previous.map({ !($0.isASCII && $0.properties.isAlphabetic) }) ?? true,
              let scheme = ["http://", "https://", "ftp://"].first(where: { start.hasPrefix($0) }) else { return false }
        let host = rest.dropFirst(scheme.count)
        guard let first = host.first, first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first) else { return false }
        return hasHost(host, needsDot: false)
    }

    /// cmark-gfm's `check_domain`: from the second character, letters, digits, `-`, `_` and `.`
    /// (any character but white space and punctuation, past ASCII); no `_` in the last two parts
    /// (a host name has none); with `needsDot`, a `.` among them.
    private static func hasHost(_ rest: Substring.UnicodeScalarView, needsDot: Bool) -> Bool {
        var underscores = 0, underscoresBefore = 0, dots = 0
        for scalar in rest.dropFirst() {
            if scalar == "_" {
                underscores += 1
            } else if scalar == "." {
                underscoresBefore = underscores
                underscores = 0
                dots += 1
            } else if scalar != "-" && (scalar.properties.isWhitespace || isPunctuation(scalar)) {
                break
            }
        }
        return underscores == 0 && underscoresBefore == 0 && (!needsDot || dots > 0)
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation:
            return true
        default:
            // cmark-gfm's ASCII punctuation also holds the symbols `$+<=>^`|~`.
            return scalar.isASCII && "$+<=>^`|~".unicodeScalars.contains(scalar)
        }
    }

    /// The ASCII bytes `escape` changes.
    private static let special: [Bool] = (0..<256).map { byte in
        "\\`*_[]<>#|~!&\n\r\t".utf8.contains(UInt8(byte))
    }

    /// `markdown` without its blank lines and line break at the end (cmark's Markdown ends in a
    /// line break, a body as written may end in several), which a document's blank line after it
    /// would add to: its text before another part of the document is one blank line, as it is
    /// between its own blocks. The spaces of a last line with text are kept.
    public static func trimmingBlankEnd(_ markdown: String) -> String {
        let bytes = markdown.utf8
        var cut = bytes.endIndex
        var index = bytes.endIndex
        while index > bytes.startIndex {
            let before = bytes.index(before: index)
            switch bytes[before] {
            case 0x20, 0x09: break
            case 0x0A, 0x0D: cut = before
            default: return cut == bytes.endIndex ? markdown : String(markdown[..<cut])
            }
            index = before
        }
        return ""
    }

    /// Whether a body could hold a footnote: a `[^` anywhere.
    public static func mayHaveFootnotes(_ markdown: String) -> Bool {
        contains(markdown, "[^")
    }

    /// Whether a body could hold a link to a heading of its own page (`[see](#morning)`,
    /// `[m]: <#morning>`): a `#` after `(` or `:` (spaces, line breaks and `<` between), or an
    /// entity, which can spell `#`.
    public static func mayLinkToHeading(_ markdown: String) -> Bool {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "#")), bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var j = at - 1
                while j >= 0, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == UInt8(ascii: "<") { j -= 1 }
                if j >= 0, bytes[j] == UInt8(ascii: "(") || bytes[j] == UInt8(ascii: ":") || bytes[j] == UInt8(ascii: "&") { return true }
                i = at + 1
            }
            return false
        } || contains(markdown, "&num;")
    }

    /// Whether a body could hold a line break between two characters of a script written without
    /// spaces (``isJoinedScript(_:)``): a line end with one before it and one at the start of the next
    /// line (spaces between). Such a break is no space (``MarkdownRenderer/joiningEastAsianLines(_:)``).
    public static func mayJoinEastAsianLines(_ markdown: String) -> Bool {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i < bytes.count, let found = memchr(base + i, 0x0A, bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                i = at + 1
                // The character before (a `\r` and one space, which Markdown drops, and the marks
                // that close emphasis, code or a strikethrough, skipped)…
                var end = at
                if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
                if end > 0, bytes[end - 1] == 0x20 { end -= 1 }
                while end > 0, isInlineMark(bytes[end - 1]) { end -= 1 }
                // …or the last of a link's text (`[東京](url)`, `[東京][ref]`, `[東京]`) that ends the line.
                if end > 0, bytes[end - 1] == UInt8(ascii: ")") || bytes[end - 1] == UInt8(ascii: "]") {
                    end = linkTextEnd(bytes, before: end)
                    while end > 0, isInlineMark(bytes[end - 1]) { end -= 1 }
                }
                var start = end - 1
                while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
                // (Each of these scripts' characters takes three or four bytes: a shorter one is none.)
                guard end - start >= 3, let before = UTF8Check.scalar(bytes, at: start), isJoinedScript(before.value) else { continue }
                // …and the first of the next line.
                var next = at + 1
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                while next < bytes.count, isInlineMark(bytes[next]) || bytes[next] == UInt8(ascii: "[") { next += 1 }
                if next < bytes.count, bytes[next] >= 0xE0, let after = UTF8Check.scalar(bytes, at: next), isJoinedScript(after.value) { return true }
            }
            return false
        }
    }

    /// Where the text of a link that ends at `end` (after its `)` or `]`) ends on its line: before
    /// the `](` or `][` that follows it, or the `]` of `[text]`; `end` itself when there is none.
    private static func linkTextEnd(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        let close = bytes[end - 1]
        var k = end - 2
        while k > 0, bytes[k] != 0x0A {
            if close == UInt8(ascii: ")"), bytes[k] == UInt8(ascii: "("), bytes[k - 1] == UInt8(ascii: "]") { return k - 1 }
            if close == UInt8(ascii: "]"), bytes[k] == UInt8(ascii: "[") { return bytes[k - 1] == UInt8(ascii: "]") ? k - 1 : end - 1 }
            k -= 1
        }
        return close == UInt8(ascii: "]") ? end - 1 : end
    }

    /// `*`, `_`, `~` and a backtick: what opens and closes emphasis, a strikethrough and code.
    private static func isInlineMark(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "`")
    }

    /// Whether a character is of Chinese or Japanese (Han, kana, their punctuation and full-width
    /// forms), which are written without spaces between words; not Hangul, which has them.
    public static func isJoinedScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x3130...0x318F: return false  // Hangul compatibility jamo
        case 0x2E80...0x2FDF, 0x3000...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF9F, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Whether a body could hold what GFM's autolink extension links: a URL (`://`), a `www`
    /// (of `www.`) or an email address (`@`); cmark-gfm's extension acts on nothing else.
    public static func mayHaveAutolink(_ markdown: String) -> Bool {
        contains(markdown, "@") || contains(markdown, "://") || contains(markdown, "www")
    }

    /// Whether a body could hold a link or image whose address a browser would run or open as a
    /// page (``MarkdownRenderer/isUnsafeURL(_:)``): a `:` after `script`, `file` or `data` (any
    /// case), an escaped colon (`\:`) or an entity (`&colon;`, `&#106;`), which can spell any of them.
    public static func mayHaveUnsafeURL(_ markdown: String) -> Bool {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            func lowered(_ i: Int) -> UInt8 { bytes[i] | (bytes[i] >= 65 && bytes[i] <= 90 ? 0x20 : 0) }
            func ends(_ at: Int, with word: StaticString) -> Bool {
                let count = word.utf8CodeUnitCount
                guard at >= count else { return false }
                for k in 0..<count where lowered(at - count + k) != word.utf8Start[k] { return false }
                return true
            }
            var i = 0
            while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: ":")), bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if ends(at, with: "script") || ends(at, with: "file") || ends(at, with: "data") || ends(at, with: "\\") {
                    return true
                }
                i = at + 1
            }
            i = 0
            while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "&")), bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                // `&name;`, `&#106;`, `&#x6A;`: cmark decodes nothing else (`?a=1&view=2` stays as it is).
                var end = at + 1
                while end < bytes.count, end - at <= 32,
                      bytes[end] == 35 || (lowered(end) >= 97 && lowered(end) <= 122) || (bytes[end] >= 48 && bytes[end] <= 57) {
                    end += 1
                }
                if end > at + 1, end < bytes.count, bytes[end] == 59 { return true }
                i = at + 1
            }
            return false
        }
    }

    /// Whether the bytes of `pattern` appear anywhere in `text`, its first byte found by memchr
    /// (the bytes these checks look for are rare in most bodies).
    static func contains(_ text: String, _ pattern: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let wanted = pattern.utf8Start, length = pattern.utf8CodeUnitCount
            assert(length > 0)
            var i = 0
            while i + length <= bytes.count, let at = memchr(base + i, Int32(wanted[0]), bytes.count - length + 1 - i) {
                let start = base.distance(to: at.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + start + 1, wanted + 1, length - 1) == 0 { return true }
                i = start + 1
            }
            return false
        }
    }

    /// The start of the line at `start`: where it ends (its newline, or the end), where its text
    /// starts after up to 4 spaces, the `#` there, and whether it opens or closes a fence
    /// (three or more backticks or tildes, indented less than 4).
    @inline(__always)
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int)
        -> (end: Int, text: Int, indent: Int, hashes: Int, isFence: Bool) {
        let count = bytes.count
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
        return (end, i, indent, hashes, isFence)
    }

    /// What ``MarkdownRenderer/markdownBody(_:topLevel:)`` needs to know of a body before choosing
    /// how to change it: the highest ATX heading outside fenced code, whether any line could be
    /// a setext underline (only `=` or only `-` after a non-blank line; thematic breaks count
    /// too), whether a `<` (raw HTML, perhaps) appears, and whether the body needs its parse
    /// (`needsParse`): a heading that may stand in a quote or a list item (`> # Quote`, `1. # Item`),
    /// a heading more than a level below the one before it (`### A` then `##### B`, or a first
    /// heading below the highest), a fence left open (its code would run on into the next body)
    /// or a line that may define a link reference (`[1]: https://…`: the next body's `[x][1]`
    /// would take it).
    public static func headingScan(_ markdown: String)
        -> (highestATXLevel: Int?, hasSetextCandidate: Bool, hasAngleBracket: Bool, needsParse: Bool) {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return (nil, false, false, false) }
            let count = bytes.count
            let angle = memchr(base, Int32(UInt8(ascii: "<")), count) != nil
            var highest: Int?, first: Int?, previous = 0
            var setext = false, needsParse = false
            var fence: UInt8 = 0
            var previousBlank = true
            var start = 0
            while start < count {
                let (end, i, indent, hashes, isFence) = line(bytes, at: start)
                var last = end
                while last > i, bytes[last - 1] == 32 || bytes[last - 1] == 13 || bytes[last - 1] == 9 { last -= 1 }
                let blank = last == i
                if fence != 0 {
                    if isFence && bytes[i] == fence { fence = 0 }
                } else if isFence {
                    fence = bytes[i]
                } else if indent < 4, (1...6).contains(hashes), i + hashes == end || bytes[i + hashes] == 32 || bytes[i + hashes] == 9 {
                    highest = min(highest ?? 6, hashes)
                    if first == nil { first = hashes }
                    if previous != 0, hashes > previous + 1 { needsParse = true }
                    previous = hashes
                } else if indent < 4, !blank, !previousBlank, bytes[i] == 61 || bytes[i] == 45,
                          UnsafeBufferPointer(rebasing: bytes[i..<last]).allSatisfy({ $0 == bytes[i] }) {
                    setext = true
                } else if !blank, bytes[i] <= UInt8(ascii: "9") || bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "["),
                          mayNestBlock(bytes, from: i, to: last, indented: indent == 4) {
                    // Only a line that starts with white space, `-`, `*`, `+`, a digit, `>` or `[` can.
                    needsParse = true
                }
                previousBlank = blank && fence == 0
                start = end + 1
            }
            if let first, let highest, first > highest { needsParse = true }
            return (highest, setext, angle, needsParse || fence != 0)
        }
    }

    /// Whether the line `bytes[i..<end]` may hold a heading in a block quote or a list item (`> #`,
    /// `1. #`, or, `indented` or after a tab, a `#` that continues an item) or define a link
    /// reference (`[1]: https://…`, `> [1]: …`, or a label over two lines, `[a` then `b]: …`).
    private static func mayNestBlock(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int, indented: Bool) -> Bool {
        var k = i, marked = indented
        while k < end {
            let b = bytes[k]
            if b == 32 || b == 9 {
                if b == 9 { marked = true }
                k += 1
            } else if b == UInt8(ascii: ">") || ((b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "+"))
                                                    && (k + 1 == end || bytes[k + 1] == 32 || bytes[k + 1] == 9)) {
                marked = true
                k += 1
            } else if b >= 48 && b <= 57 {
                var d = k
                while d < end, d - k < 9, bytes[d] >= 48 && bytes[d] <= 57 { d += 1 }
                guard d < end, bytes[d] == UInt8(ascii: ".") || bytes[d] == UInt8(ascii: ")") else { return false }
                marked = true
                k = d + 1
            } else if b == UInt8(ascii: "#") {
                return marked
            } else if b == UInt8(ascii: "[") {
                // `[1]: …`, or a label that goes on to the next line (`[a\nb]: …`): no `]` on this one.
                var closed = false
                for r in (k + 1)..<end where bytes[r] == UInt8(ascii: "]") {
                    if r + 1 < end && bytes[r + 1] == UInt8(ascii: ":") { return true }
                    closed = true
                }
                return !closed
            } else {
                return false
            }
        }
        return false
    }

    /// Pushes every ATX heading outside fenced code down by `levels` (at most to level 6; a
    /// negative `levels` moves them up, at least to level 1). A body without headings is returned as it is, not copied.
    public static func pushHeadings(_ markdown: String, by levels: Int) -> String {
        if levels == 0 { return markdown }
        var text = markdown
        let result: [UInt8]? = text.withUTF8 { bytes in
            let count = bytes.count
            var out: [UInt8] = []
            // bytes[..<copied] are in `out`; the rest of the body follows unchanged.
            var copied = 0
            var fence: UInt8 = 0
            var start = 0
            while start < count {
                let (end, i, indent, hashes, isFence) = line(bytes, at: start)
                if fence != 0 {
                    if isFence && bytes[i] == fence { fence = 0 }
                } else if isFence {
                    fence = bytes[i]
                } else if indent < 4, (1...6).contains(hashes), i + hashes == end || bytes[i + hashes] == 32 {
                    if out.isEmpty { out.reserveCapacity(count + 64) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                    out.append(contentsOf: repeatElement(35, count: max(1, min(6, hashes + levels))))
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
