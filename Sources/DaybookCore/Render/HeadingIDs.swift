import CByteScan
import Foundation

/// Ids for a body's headings, made as Hugo (goldmark's default `github` style) and GitHub make
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
    static func adding(to html: String) -> String {
        guard hasHeading(html) else { return html }
        var out = ""
        var rest = Substring(html)
        var taken = pageIDs
        while let open = rest.range(of: "<h") {
            let digit = open.upperBound
            guard digit < rest.endIndex, let level = rest[digit].wholeNumberValue, (1...6).contains(level),
                  case let bracket = rest.index(after: digit), bracket < rest.endIndex, rest[bracket] == ">",
                  let close = rest[bracket...].range(of: "</h\(level)>") else {
                out += rest[..<digit]
                rest = rest[digit...]
                continue
            }
            let inner = rest[rest.index(after: bracket)..<close.lowerBound]
            var id = Self.id(ofText: plainText(inner))
            if id.isEmpty { id = "heading" }
            var unique = id, n = 1
            while taken.contains(unique) {
                unique = "\(id)-\(n)"
                n += 1
            }
            taken.insert(unique)
            out += rest[..<digit]
            out += "\(level) id=\"\(unique)\">"
            rest = rest[rest.index(after: bracket)...]
        }
        out += rest
        return out
    }

    /// Whether the HTML has a heading tag (`<h1` … `<h6`); every body is asked, and most have none.
    static func hasHeading(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return dbk_has_heading_tag(base, bytes.count) != 0
        }
    }

    /// A heading's HTML as text: tags dropped, the entities cmark-gfm writes decoded.
    static func plainText(_ html: Substring) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        guard text.contains("&") else { return text }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// HTML with the ids that ``adding(to:)`` gave its headings, and the links to them in it
    /// (`href="#a-walk"`), prefixed: unique on a page that shows many bodies (a report).
    static func prefixing(_ html: String, with prefix: String) -> String {
        guard hasHeading(html) else { return html }
        var ids: [Substring] = []
        var rest = Substring(html)
        while let open = rest.range(of: " id=\"") {
            let before = rest[..<open.lowerBound]
            rest = rest[open.upperBound...]
            guard before.dropLast().hasSuffix("<h"), let end = rest.firstIndex(of: "\"") else { continue }
            ids.append(rest[..<end])
        }
        var html = html
        for id in ids {
            html = html.replacingOccurrences(of: " id=\"\(id)\">", with: " id=\"h-\(prefix)-\(id)\">")
            html = html.replacingOccurrences(of: "href=\"#\(id)\"", with: "href=\"#h-\(prefix)-\(id)\"")
        }
        return html
    }
}
