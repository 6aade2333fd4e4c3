/// What a body's own HTML (kept with `unsafeHTML`) leaves open at its end that would take in the
/// rest of the page, later entries of a month or a report included: a comment (`<!-- draft`), an
/// element whose text runs to its end tag (`<textarea>`, `<script>`, `<style>`, `<title>`, …), a
/// tag cut off inside a quoted attribute (`<div title="a`), a formatting element (`<b>`,
/// `<a href=…>`) that the browser would open again in every block after it, a table, `select`,
/// form or object, inside which the page's own end tags are ignored, or a block (`<div>`,
/// `<details>`) that the page's end tags would close out of place. The closers are appended to
/// the body's HTML, so one entry's slip stays inside that entry.
///
/// The body's HTML is read the way the HTML tokenizer reads a page's body: comments, `<!…>` and
/// `<?…>` (which end at the first `>`), tags with their quoted attributes, and the raw text of the
/// elements above up to their end tag. cmark-gfm writes every `<` of the text as `&lt;`, so each
/// `<` here is a tag, cmark-gfm's own (always closed) or the body's.
enum RawHTMLCloser {
    /// Elements whose content is text up to their own end tag, whatever it holds.
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"]
    /// Elements that, left open, reach past the body: HTML's formatting elements (opened again in
    /// each block after), and those the end tags of the page around cannot close.
    static let reachingElements: Set<String> = ["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong",
                                                "tt", "u", "table", "select", "template", "object", "applet", "marquee", "form"]

    /// Block elements whose end tag HTML requires (`<div>`, `<details>`, a list): left open, the
    /// page's own end tags close them out of place, and the page is not valid HTML (found by a
    /// Markdown writer's audit: "Unclosed element div"). An end tag of one closes the blocks
    /// opened inside it too, as a browser's does; formatting elements inside stay open.
    static let blockElements: Set<String> = ["div", "details", "summary", "blockquote", "ul", "ol", "dl", "pre", "section",
                                             "article", "aside", "nav", "header", "footer", "main", "figure", "figcaption",
                                             "fieldset", "center", "address", "hgroup", "menu", "dialog", "search"]

    /// `html` with what its end leaves open closed.
    static func closed(_ html: String) -> String {
        let closers = self.closers(Array(html.utf8))
        return closers.isEmpty ? html : html + closers
    }

    /// The text that closes what `html` leaves open at its end ("" when nothing is).
    static func closers(_ html: [UInt8]) -> String {
        var open: [String] = []
        /// The elements still open, innermost first, as end tags.
        func endTags() -> String { open.reversed().map { "</" + $0 + ">" }.joined() }
        var i = 0
        let n = html.count
        while i < n {
            guard html[i] == 0x3C, i + 1 < n else { // <
                i += 1
                continue
            }
            let next = html[i + 1]
            if next == 0x21 && starts(html, at: i, with: "<!--") {
                // `<!-->` and `<!--->` end where they start; otherwise at `-->` or `--!>`.
                let body = i + 4
                if starts(html, at: body, with: ">") || starts(html, at: body, with: "->") {
                    i = body + 1
                    continue
                }
                guard let end = endOfComment(html, from: body) else { return "-->" + endTags() }
                i = end
            } else if next == 0x21 || next == 0x3F || (next == 0x2F && i + 2 < n && !isLetter(html[i + 2])) { // <!, <?, </ without a name
                guard let end = html[(i + 2)...].firstIndex(of: 0x3E) else { return ">" + endTags() }
                i = end + 1
            } else if next == 0x2F || isLetter(next) {
                let closing = next == 0x2F
                let (name, afterName) = tagName(html, from: i + (closing ? 2 : 1))
                let (end, quote) = endOfTag(html, from: afterName)
                guard let end else {
                    let opens = !closing && (rawTextElements.contains(name) || reachingElements.contains(name) || blockElements.contains(name))
                    return (quote.map { String(UnicodeScalar($0)) } ?? "") + ">" + (opens ? "</" + name + ">" : "") + endTags()
                }
                i = end
                if closing {
                    if let last = open.lastIndex(of: name) {
                        if blockElements.contains(name) {
                            open = open[..<last] + open[(last + 1)...].filter { !blockElements.contains($0) }
                        } else {
                            open.remove(at: last)
                        }
                    }
                } else if blockElements.contains(name) {
                    open.append(name)
                } else if rawTextElements.contains(name) {
                    guard let close = endTag(name, in: html, from: i) else { return "</" + name + ">" + endTags() }
                    i = close
                } else if reachingElements.contains(name) {
                    open.append(name)
                }
            } else {
                i += 1
            }
        }
        return endTags()
    }

    private static func starts(_ html: [UInt8], at index: Int, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= html.count else { return false }
        for k in 0..<count where html[index + k] != prefix.utf8Start[k] { return false }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The index just past `-->` or `--!>` at or after `from`.
    private static func endOfComment(_ html: [UInt8], from: Int) -> Int? {
        var k = from
        while k + 2 < html.count {
            if html[k] == 0x2D && html[k + 1] == 0x2D {
                if html[k + 2] == 0x3E { return k + 3 }
                if html[k + 2] == 0x21 && k + 3 < html.count && html[k + 3] == 0x3E { return k + 4 }
            }
            k += 1
        }
        return nil
    }

    /// A tag's name in lower case and the index after it.
    private static func tagName(_ html: [UInt8], from: Int) -> (String, Int) {
        var k = from
        while k < html.count && !isSpace(html[k]) && html[k] != 0x2F && html[k] != 0x3E { k += 1 }
        let name = String(decoding: html[from..<k].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        return (name, k)
    }

    /// The index just past the `>` that ends a tag whose attributes start at `from` (quoted values
    /// skipped), or nil and the quote the text ends inside, if any. A value is quoted when its
    /// first character, after `=` and white space, is a quote; a quote inside an unquoted value
    /// (`a=b"c`) or a name is a character of it.
    private static func endOfTag(_ html: [UInt8], from: Int) -> (Int?, UInt8?) {
        var k = from
        let n = html.count
        while k < n {
            let byte = html[k]
            if byte == 0x3E { return (k + 1, nil) }
            guard byte == 0x3D else { // =
                k += 1
                continue
            }
            k += 1
            while k < n && isSpace(html[k]) { k += 1 }
            guard k < n else { return (nil, nil) }
            if html[k] == 0x22 || html[k] == 0x27 {
                let quote = html[k]
                guard let close = html[(k + 1)...].firstIndex(of: quote) else { return (nil, quote) }
                k = close + 1
            } else {
                while k < n && !isSpace(html[k]) && html[k] != 0x3E { k += 1 }
            }
        }
        return (nil, nil)
    }

    /// The index just past the end tag of raw text element `name` at or after `from`, in any case.
    private static func endTag(_ name: String, in html: [UInt8], from: Int) -> Int? {
        let wanted = Array(name.utf8)
        var k = from
        while k + 2 + wanted.count <= html.count {
            if html[k] == 0x3C && html[k + 1] == 0x2F {
                let after = k + 2 + wanted.count
                if (0..<wanted.count).allSatisfy({ (html[k + 2 + $0] | 0x20) == wanted[$0] })
                    && (after == html.count || isSpace(html[after]) || html[after] == 0x2F || html[after] == 0x3E),
                   case let (end?, _) = endOfTag(html, from: after) {
                    return end
                }
            }
            k += 1
        }
        return nil
    }
}
