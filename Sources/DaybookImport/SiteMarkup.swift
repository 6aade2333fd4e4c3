import Foundation

/// What a Hugo or Jekyll post writes in its site generator's own syntax, in Markdown a Daybook
/// entry renders: `{{< highlight go >}}` and `{% highlight ruby %}` blocks as fenced code,
/// `{{< figure src=… caption=… >}}` as an image and its caption, `{{< youtube ID >}}`, `vimeo`,
/// `gist` and `tweet` as links, Liquid's `{{ "/x.jpg" | relative_url }}` as the path, `{% raw %}`
/// dropped; and an HTML `<img src alt>` (which an entry's safe Markdown would drop) as a
/// Markdown image, in any note. Code is left as written (but for Jekyll's `{% raw %}` marks, which
/// Jekyll never shows). What is left unknown (`{{< notice >}}`,
/// `{% include %}`) is named by ``leftOver(_:)``, for a warning.
enum SiteMarkup {
    static func converted(_ body: String, hugo: Bool, jekyll: Bool) -> String {
        var text = body
        // A highlight block in a fenced block is code a post shows (found by a Jekyll user's audit:
        // made a fence, it closed the block around it); a fence in a highlight block is its code's.
        if hugo, text.contains("{{") { text = fencingHighlights(text, hugoHighlight, opens: hugoHighlightStart, closes: hugoHighlightEnd) }
        if jekyll, text.contains("{%") { text = fencingHighlights(text, jekyllHighlight, opens: jekyllHighlightStart, closes: jekyllHighlightEnd) }
        // A shortcode may take several lines (`{{< figure` and its arguments a line each): one line, to be read as one.
        if hugo, text.contains("{{") {
            text = MarkdownCode.outsideFences(text) { run in
                MarkdownNotesImporter.replace(multilineShortcode, in: run) { groups in
                    groups[0].contains("\n") ? groups[0].split(whereSeparator: \.isWhitespace).joined(separator: " ") : nil
                }
            }
        }
        let divider = (hugo || jekyll) && text.contains("<!--more-->")
        guard divider || text.contains("{{") || text.contains("{%") || text.contains("<img") else { return text }
        var lines = text.components(separatedBy: "\n")
        for (i, isCode) in MarkdownCode.codeLines(lines).enumerated() {
            if isCode {
                // Jekyll reads Liquid before Markdown: in code, `{% raw %}` and `{% endraw %}` show
                // what is between them as written, and are not shown themselves.
                if jekyll, lines[i].contains("{%") { lines[i] = MarkdownNotesImporter.replace(liquidRaw, in: lines[i]) { _ in "" } }
                continue
            }
            // The summary divider marks where a list's excerpt ends; an entry has none. A blank line
            // in its place keeps the paragraphs around it apart, as Hugo's HTML comment did (found by
            // a Hugo user's audit: they were joined, and the line went from code blocks too).
            if divider, lines[i].trimmingCharacters(in: .whitespaces) == "<!--more-->" {
                lines[i] = ""
                continue
            }
            lines[i] = MarkdownCode.outsideSpans(lines[i]) { text in
                var line = text
                if hugo, line.contains("{{") { line = MarkdownNotesImporter.replace(hugoShortcode, in: line, with: shortcode) }
                if jekyll, line.contains("{") {
                    line = MarkdownNotesImporter.replace(liquidURL, in: line) { $0[1] }
                    line = MarkdownNotesImporter.replace(liquidRaw, in: line) { _ in "" }
                }
                if line.contains("<img") { line = MarkdownNotesImporter.replace(htmlImage, in: line, with: image) }
                return line
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with its highlight blocks (`block`, from a line `opens` matches to one `closes`
    /// matches) outside fenced code made fenced code.
    private static func fencingHighlights(_ text: String, _ block: NSRegularExpression, opens: NSRegularExpression,
                                          closes: NSRegularExpression) -> String {
        func matches(_ pattern: NSRegularExpression) -> (String) -> Bool {
            { line in pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }
        }
        return MarkdownCode.outsideFences(text, verbatim: (opens: matches(opens), closes: matches(closes))) {
            MarkdownNotesImporter.replace(block, in: $0) { fence($0[1], $0[2]) }
        }
    }

    /// `body` with Hugo's escaped shortcodes, `{{</* figure src="x.png" */>}}` and
    /// `{{%/* name */%}}`, as Hugo shows them: `{{< figure src="x.png" >}}` (the text between the
    /// comment marks kept as written). Everywhere, code too, where they mostly are: Hugo reads
    /// shortcodes before Markdown, so a post writes one it shows so. Run after ``leftOver(_:hugo:jekyll:)``,
    /// since what it gives is no shortcode of the post.
    static func unescapedShortcodes(_ body: String) -> String {
        guard body.contains("{{</*") || body.contains("{{%/*") else { return body }
        var text = body
        for (pattern, template) in [(escapedAngle, "{{<$1>}}"), (escapedPercent, "{{%$1%}}")] {
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }

    private static let escapedAngle = try! NSRegularExpression(pattern: #"\{\{</\*([\s\S]*?)\*/>\}\}"#)
    private static let escapedPercent = try! NSRegularExpression(pattern: #"\{\{%/\*([\s\S]*?)\*/%\}\}"#)

    /// `body` without its `{% raw %}…{% endraw %}` blocks, markers and text.
    static func withoutRawBlocks(_ body: String) -> String {
        MarkdownNotesImporter.replace(liquidRawBlock, in: body) { _ in "" }
    }

    private static let liquidRawBlock = try! NSRegularExpression(pattern: #"\{%-?\s*raw\s*-?%\}[\s\S]*?\{%-?\s*endraw\s*-?%\}"#)

    /// The shortcodes and Liquid tags still in `body` outside code (`notice`, `include`), once each.
    static func leftOver(_ body: String, hugo: Bool, jekyll: Bool) -> [String] {
        guard body.contains("{{") || body.contains("{%") else { return [] }
        return MarkdownCode.captures(of: (hugo ? [hugoTag] : []) + (jekyll ? [liquidTag] : []), in: body)
    }

    private static let hugoHighlight = try! NSRegularExpression(
        pattern: #"(?m)^[ \t]*\{\{[<%]\s*highlight\s+([\w+#.-]*)[^}\n]*[>%]\}\}[ \t]*\n([\s\S]*?)\n?[ \t]*\{\{[<%]\s*/\s*highlight\s*[>%]\}\}"#)
    private static let jekyllHighlight = try! NSRegularExpression(
        pattern: #"(?m)^[ \t]*\{%-?\s*highlight\s+([\w+#.-]*)[^%\n]*-?%\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{%-?\s*endhighlight\s*-?%\}"#)
    /// The links to posts still in `body` outside code, as written (`{{< ref "gone.md" >}}`,
    /// `{% post_url 2020-05-03-three %}`), once each: those the import found no post for.
    static func leftOverPostLinks(_ body: String, hugo: Bool, jekyll: Bool) -> [String] {
        guard body.contains("{{") || body.contains("{%") else { return [] }
        return MarkdownCode.captures(of: (hugo ? [hugoPostLink] : []) + (jekyll ? [liquidPostLink] : []), in: body)
    }

    private static let hugoPostLink = try! NSRegularExpression(pattern: #"(\{\{[<%]\s*(?:ref|relref)\s[^{}\n]*?[>%]\}\})"#)
    private static let liquidPostLink = try! NSRegularExpression(pattern: #"(\{%-?\s*(?:post_url|link)\s[^%\n]*?-?%\})"#)
    private static let hugoHighlightStart = try! NSRegularExpression(pattern: #"^[ \t]*\{\{[<%]\s*highlight\s"#)
    private static let hugoHighlightEnd = try! NSRegularExpression(pattern: #"\{\{[<%]\s*/\s*highlight\s*[>%]\}\}"#)
    private static let jekyllHighlightStart = try! NSRegularExpression(pattern: #"^[ \t]*\{%-?\s*highlight\s"#)
    private static let jekyllHighlightEnd = try! NSRegularExpression(pattern: #"\{%-?\s*endhighlight\s*-?%\}"#)
    /// A shortcode of the known names written over several lines (`{{< figure⏎ src="a.png"⏎ >}}`).
    private static let multilineShortcode = try! NSRegularExpression(
        pattern: #"\{\{[<%]\s*(?:figure|youtube|vimeo|gist|tweet|x)\b[^{}]*?[>%]\}\}"#)
    /// `{{< name args >}}` or `{{% name args %}}`, one line.
    private static let hugoShortcode = try! NSRegularExpression(pattern: #"\{\{[<%]\s*(figure|youtube|vimeo|gist|tweet|x)\b([^}\n]*?)\s*/?\s*[>%]\}\}"#)
    private static let liquidURL = try! NSRegularExpression(pattern: #"\{\{-?\s*["']([^"'\n]+)["']\s*\|\s*(?:relative_url|absolute_url)\s*-?\}\}"#)
    private static let liquidRaw = try! NSRegularExpression(pattern: #"\{%-?\s*(?:raw|endraw)\s*-?%\}"#)
    private static let htmlImage = try! NSRegularExpression(pattern: #"<img\b([^<>]*?)/?>"#, options: [.caseInsensitive])
    private static let hugoTag = try! NSRegularExpression(pattern: #"\{\{[<%]\s*/?\s*([\w-]+)"#)
    /// A Liquid tag (`{% include`) or output (`{{ site.title`).
    private static let liquidTag = try! NSRegularExpression(pattern: #"\{[%{]-?\s*([\w.]+)"#)
    private static let attribute = try! NSRegularExpression(pattern: #"([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))"#)

    private static func fence(_ language: String, _ code: String) -> String {
        let ticks = code.contains("```") ? "~~~~" : "```"
        return ticks + language + "\n" + code + "\n" + ticks
    }

    /// A shortcode's named (`src="x"`) and positional (`ID`) arguments.
    private static func arguments(_ text: String) -> (named: [String: String], positional: [String]) {
        var named: [String: String] = [:]
        var rest = text
        for match in attribute.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            guard let whole = Range(match.range, in: text), let key = Range(match.range(at: 1), in: text) else { continue }
            let value = (2...4).lazy.compactMap { Range(match.range(at: $0), in: text) }.first.map { String(text[$0]) } ?? ""
            named[text[key].lowercased()] = value
            rest.replaceSubrange(whole, with: "")
        }
        let positional = rest.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        return (named, positional)
    }

    private static func shortcode(_ groups: [String]) -> String? {
        let (named, positional) = arguments(groups[2])
        func value(_ key: String, _ index: Int) -> String? { named[key] ?? (index < positional.count ? positional[index] : nil) }
        switch groups[1] {
        case "figure":
            guard let src = named["src"], !src.isEmpty else { return nil }
            // Hugo shows the title as written and renders the caption and the credit (`attr`,
            // linked to `attrlink`) as Markdown; the alt text is the caption's words.
            var markdown = [named["caption"], named["attr"].map { attr in named["attrlink"].map { "[\(markdownText(attr))](\(destination($0)))" } ?? attr }]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            if let title = named["title"], !title.isEmpty { markdown = markdownText(title) + (markdown.isEmpty ? "" : ": " + markdown) }
            let alt = named["alt"] ?? DayOneText.plainTitle(markdown)
            var picture = "![\(markdownText(alt))](\(destination(src)))"
            // `link`: the picture leads there, as Hugo's figure does (an audit found it dropped).
            if let link = named["link"], !link.isEmpty { picture = "[\(picture)](\(destination(link)))" }
            return markdown.isEmpty ? picture : picture + "\n*" + markdown + "*"
        case "youtube":
            guard let id = value("id", 0) else { return nil }
            return "[YouTube video](https://www.youtube.com/watch?v=\(id))"
        case "vimeo":
            guard let id = value("id", 0) else { return nil }
            return "[Vimeo video](https://vimeo.com/\(id))"
        case "gist":
            guard let user = value("user", 0), let id = value("id", 1) else { return nil }
            return "[Gist](https://gist.github.com/\(user)/\(id))"
        case "tweet", "x":
            guard let user = named["user"], let id = named["id"] else { return nil }
            return "[Post by @\(user)](https://x.com/\(user)/status/\(id))"
        default: return nil
        }
    }

    private static func image(_ groups: [String]) -> String? {
        let (named, _) = arguments(groups[1])
        guard let src = named["src"], !src.isEmpty else { return nil }
        return "![\(markdownText(named["alt"] ?? ""))](\(destination(src)))"
    }

    /// A path as a Markdown link's destination: in `<…>` when it holds spaces or parentheses.
    private static func destination(_ path: String) -> String {
        path.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<" + path + ">" : path
    }

    /// Text for an image's alt or a caption: brackets made parentheses (an alt ends at `]`),
    /// emphasis marks escaped.
    private static func markdownText(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "[": out.append("(")
            case "]": out.append(")")
            case "*", "_", "`", "\\": out.append("\\"); out.append(c)
            default: out.append(c)
            }
        }
        return out
    }
}
