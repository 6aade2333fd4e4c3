import CByteScan
import Foundation

/// Ids for a body's headings, made as Hugo (0.168; goldmark's default `github` style) and GitHub make
/// them, so that a link to `#a-heading` (from the old site, another entry or the same body)
/// leads to its heading: the heading's text lowercased, letters, digits and `_` kept, each space
/// and `-` a `-`, anything else dropped. A second heading of the same text gets `-1`, a third
/// `-2`; an id the entry's page has already (`main`) is skipped the same way.
public enum HeadingIDs {
    /// Ids of the entry page's own elements (templates/layout.mustache).
    static let pageIDs: Set<String> = ["main", "site-search-q"]

    /// The id of a heading whose text is `text`, before it is made unique.
    public static func id(ofText text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "-" || scalar.properties.isWhitespace {
                out.append("-")
            } else if scalar == "_" || isLetterOrDigit(scalar) {
                // Letter by letter, as Go's `unicode.ToLower` (`İ` is `i`).
                out.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
            }
        }
        let id = String(out)
        // Footnotes' ids (`fn-1`, `fnref-1`) are cmark-gfm's.
        return id.hasPrefix("fn-") || id.hasPrefix("fnref-") ? "h-" + id : id
    }

    /// Go's `unicode.IsLetter` and `IsDigit`: the categories L and Nd.
    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber: return true
        default: return false
        }
    }

    /// HTML as cmark-gfm writes it with an `id` on each heading (`<h2>` is `<h2 id="a-walk">`).
    /// One pass over the bytes, however many headings.
    static func adding(to html: String) -> String {
        guard hasHeading(html) else { return html }
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var taken = pageIDs
        var nextSuffix: [String: Int] = [:]
        var copied = 0, i = 0
        var unclosed: Set<UInt8> = []
        while let inner = nextHeading(in: bytes, from: &i, unclosed: &unclosed) {
            var id = Self.id(ofText: plainText(String(decoding: bytes[inner], as: UTF8.self)[...]))
            if id.isEmpty { id = "heading" }
            var unique = id
            if taken.contains(unique) {
                var n = nextSuffix[id] ?? 1
                repeat {
                    unique = "\(id)-\(n)"
                    n += 1
                } while taken.contains(unique)
                nextSuffix[id] = n
            }
            taken.insert(unique)
            // `<hN` is copied, then ` id="…">`, and the heading's text from after its `>`.
            out.append(contentsOf: bytes[copied..<(inner.lowerBound - 1)])
            out.append(contentsOf: Array(" id=\"\(unique)\">".utf8))
            copied = inner.lowerBound
        }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The next `<hN>…</hN>` at or after `i`: the range of what is between the tags; `i` is moved
    /// past it. `unclosed`: levels with no end tag further on (raw HTML), not looked for again.
    private static func nextHeading(in bytes: [UInt8], from i: inout Int, unclosed: inout Set<UInt8>) -> Range<Int>? {
        let count = bytes.count
        while i + 3 < count {
            guard bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "h"),
                  (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[i + 2]), bytes[i + 3] == UInt8(ascii: ">"),
                  !unclosed.contains(bytes[i + 2]) else {
                i += 1
                continue
            }
            let level = bytes[i + 2]
            let start = i + 4
            var j = start
            while j + 4 < count, !(bytes[j] == UInt8(ascii: "<") && bytes[j + 1] == UInt8(ascii: "/") && bytes[j + 2] == UInt8(ascii: "h")
                                    && bytes[j + 3] == level && bytes[j + 4] == UInt8(ascii: ">")) { j += 1 }
            guard j + 4 < count else {
                unclosed.insert(level)
                i = start
                continue
            }
            i = j + 5
            return start..<j
        }
        return nil
    }

    /// The headings of HTML that ``adding(to:)`` gave ids, in order: each one's text and the id it
    /// has. For an importer that links to a heading by its text (Obsidian's `[[Note#Heading]]`).
    public static func ids(inHTML html: String) -> [(text: String, id: String)] {
        var found: [(text: String, id: String)] = []
        var rest = Substring(html)
        while let open = rest.range(of: " id=\"") {
            let before = rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard let level = before.last, ("1"..."6").contains(level), before.dropLast().hasSuffix("<h"),
                  let quote = rest.firstIndex(of: "\""), let end = Self.endOfStartTag(rest[rest.index(after: quote)...]),
                  let close = rest.range(of: "</h\(level)>") else { continue }
            let inner = rest[end..<close.lowerBound]
            found.append((plainText(inner), String(rest[..<quote])))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// Where a heading's text starts, after its id: past `>`, or past ` dir="auto">` (``BlockDirection``).
    private static func endOfStartTag(_ rest: Substring) -> Substring.Index? {
        for ending in [">", " dir=\"auto\">"] where rest.hasPrefix(ending) { return rest.index(rest.startIndex, offsetBy: ending.count) }
        return nil
    }

    /// Whether the HTML has a heading tag (`<h1` … `<h6`); every body is asked, and most have none.
    static func hasHeading(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return dbk_has_heading_tag(base, bytes.count) != 0
        }
    }

    /// A heading's HTML as text: tags dropped but an image's `alt` kept (as Hugo's goldmark takes
    /// an image's text), the entities cmark-gfm writes decoded.
    static func plainText(_ html: Substring) -> String {
        var text = ""
        var tag: Substring?
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if tag == nil, character == "<" {
                tag = html[html.index(after: index)..<html.index(after: index)]
            } else if let open = tag {
                if character == ">" {
                    if let alt = imageAlt(open) { text += alt }
                    tag = nil
                } else {
                    tag = html[open.startIndex...index]
                }
            } else {
                text.append(character)
            }
            index = html.index(after: index)
        }
        guard text.contains("&") else { return text }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// The `alt` of an `img` tag (what is between `<` and `>`, as cmark-gfm writes it: `img src="…" alt="…" /`).
    private static func imageAlt(_ tag: Substring) -> Substring? {
        guard tag.hasPrefix("img "), let start = tag.range(of: " alt=\"")?.upperBound,
              let end = tag[start...].firstIndex(of: "\"") else { return nil }
        return tag[start..<end]
    }

    /// HTML with the ids that ``adding(to:)`` gave its headings, and the links to them in it
    /// (`href="#a-walk"`), prefixed: unique on a page that shows many bodies (a report). Two passes
    /// over the bytes: the headings' ids, then each of them and each link to one.
    static func prefixing(_ html: String, with prefix: String) -> String {
        guard hasHeading(html) else { return html }
        let bytes = Array(html.utf8)
        let idStart = Array(" id=\"".utf8), hrefStart = Array("href=\"#".utf8)
        func matches(_ pattern: [UInt8], at i: Int) -> Bool {
            i + pattern.count <= bytes.count && bytes[i..<(i + pattern.count)].elementsEqual(pattern)
        }
        func value(from start: Int) -> Range<Int>? {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return start..<end
        }
        func isHeadingTag(at i: Int) -> Bool {
            i >= 3 && bytes[i - 3] == UInt8(ascii: "<") && bytes[i - 2] == UInt8(ascii: "h")
                && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[i - 1])
        }
        var ids: Set<ArraySlice<UInt8>> = []
        for i in bytes.indices where bytes[i] == UInt8(ascii: " ") && isHeadingTag(at: i) && matches(idStart, at: i) {
            if let range = value(from: i + idStart.count) { ids.insert(bytes[range]) }
        }
        guard !ids.isEmpty else { return html }
        // A slug has no `--` and does not end in `-`: the first `--` ends it, so two entries' ids differ.
        let added = Array("h-\(prefix)--".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + ids.count * added.count * 2)
        var copied = 0, i = 0
        while i < bytes.count {
            var start: Int?
            if bytes[i] == UInt8(ascii: " "), isHeadingTag(at: i), matches(idStart, at: i) { start = i + idStart.count }
            else if bytes[i] == UInt8(ascii: "h"), matches(hrefStart, at: i) { start = i + hrefStart.count }
            // A link to a heading of letters beyond ASCII is percent-encoded (`#%EC%82%B0%EC%B1%85`).
            if let start, let range = value(from: start),
               ids.contains(bytes[range]) || (bytes[range].contains(UInt8(ascii: "%"))
                   && String(decoding: bytes[range], as: UTF8.self).removingPercentEncoding.map { ids.contains(Array($0.utf8)[...]) } == true) {
                out.append(contentsOf: bytes[copied..<start])
                out.append(contentsOf: added)
                copied = start
                i = range.upperBound
            } else {
                i += 1
            }
        }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }
}
