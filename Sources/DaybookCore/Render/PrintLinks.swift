/// On paper a link's address is lost: in a report on its own (the file and PDF of
/// `daybook report`), each link to another site (`http:`, `https:`, `mailto:`) whose words are
/// not its address gets `data-print-url`, which print.css writes after it. A bare address
/// (`https://example.org`, `www.example.org`, `anna@example.org`) already shows itself.
public enum PrintLinks {
    /// `html` (a body as cmark-gfm writes it: `<a href="…"`) with those links marked.
    public static func marked(_ html: String) -> String {
        guard html.contains("<a href=\"") else { return html }
        var out = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<a href=\"") {
            out += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let hrefEnd = rest.firstIndex(of: "\""), let tagEnd = rest[hrefEnd...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</a>") else { continue }
            let href = rest[..<hrefEnd]
            let words = text(of: rest[rest.index(after: tagEnd)..<close.lowerBound])
            if let shown = address(href, unless: words) {
                out += rest[..<tagEnd] + " data-print-url=\"" + shown + "\""
                rest = rest[tagEnd...]
            }
        }
        return out + rest
    }

    /// What to print of `href` (escaped as in the attribute), or nil when it leads nowhere else
    /// or `words` are the address already.
    static func address(_ href: Substring, unless words: String) -> Substring? {
        if href.hasPrefix("mailto:") {
            let mail = href.dropFirst("mailto:".count)
            return words == mail ? nil : mail
        }
        guard href.hasPrefix("http://") || href.hasPrefix("https://") else { return nil }
        if words == href || "http://" + words == href || "https://" + words == href { return nil }
        return href
    }

    /// The words of a link's inside: its tags left out.
    private static func text(of inside: Substring) -> String {
        var words = ""
        var inTag = false
        for c in inside {
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { words.append(c) }
        }
        return words
    }
}
