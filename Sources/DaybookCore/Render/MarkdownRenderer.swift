import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through cmark-gfm: tables, strikethrough, task lists,
/// autolinks, footnotes and the tag filter. Raw HTML (and `javascript:` links) are dropped unless
/// `unsafeHTML`. The extension list is looked up once; a parser is made per document,
/// so one renderer serves every thread.
///
/// cmark-gfm keeps the inline parser's table of special characters in a global, which
/// `cmark_parser_finish` fills in for the parser's extensions and clears again when it is
/// done: two documents finishing at once lose each other's autolinks and strikethroughs.
/// So block parsing and HTML rendering run in parallel, and the finishing step (inline
/// parsing) takes `finishLock`. Memory comes from the thread's ``MarkdownArena``.
public final class MarkdownRenderer: @unchecked Sendable {
    private let extensions: [OpaquePointer]
    /// Left out of the parser of an HTML rendering whose Markdown it cannot act on
    /// (``MarkdownText/mayHaveAutolink(_:)``): it stops the inline parser at every `w` and `:`,
    /// then merges the text nodes back, 3.5 % of a build. The HTML is the same; other renderings
    /// (Markdown, plain text) keep it, as they may read the merged text nodes.
    private let autolink: OpaquePointer?
    private let attachesAll: Bool
    private let options: Int32
    private let unsafeHTML: Bool
    /// The `aria-label` of a footnote's link back to its reference, when not cmark-gfm's English one.
    private let footnoteBackLabel: String?
    private static let finishLock = NSLock()
    /// What cmark-gfm labels a footnote's back link with.
    static let cmarkFootnoteBackLabel = "aria-label=\"Back to content\""
    /// cmark-gfm's back-link arrow (`>↩</a>`, or `>↩<sup …>2</sup></a>` for a second reference), and
    /// the same with the arrow followed by U+FE0E (text presentation).
    static let cmarkFootnoteBackArrow = "\">\u{21A9}<"
    static let footnoteBackArrow = "\">\u{21A9}\u{FE0E}<"

    public static let extensionNames = ["table", "strikethrough", "tasklist", "autolink", "tagfilter"]

    /// Documents of this many bytes or more use the system allocator instead of the thread's arena:
    /// the arena never frees, so a huge body's growing buffers would each stay allocated (a 52 MB
    /// body took gigabytes); the system allocator gives them back as they grow.
    static let arenaLimit = 1 << 20

    /// The allocator for a document of `byteCount` bytes.
    static func allocator(forBytes byteCount: Int) -> UnsafeMutablePointer<cmark_mem> {
        byteCount < arenaLimit ? MarkdownArena.allocator : cmark_get_default_mem_allocator()
    }

    /// `footnoteBackLabel` names a footnote's link back to its reference for screen readers, in the
    /// site's language (cmark-gfm writes "Back to content").
    public convenience init(unsafeHTML: Bool = false, footnoteBackLabel: String = "Back to content") {
        self.init(unsafeHTML: unsafeHTML, footnoteBackLabel: footnoteBackLabel, attachesAll: false)
    }

    /// With `attachesAll`, every parser gets every extension (the tests compare the two).
    init(unsafeHTML: Bool, footnoteBackLabel: String, attachesAll: Bool) {
        self.attachesAll = attachesAll
        cmark_gfm_core_extensions_ensure_registered()
        // GFM's tag filter escapes `<iframe>`, `<script>`, `<style>` and six more even in raw HTML
        // let through: with `unsafeHTML` the site's own embeds (a video's iframe) are kept, as Hugo's
        // `unsafe` keeps them.
        extensions = MarkdownRenderer.extensionNames.filter { !(unsafeHTML && $0 == "tagfilter") }.compactMap { cmark_find_syntax_extension($0) }
        autolink = cmark_find_syntax_extension("autolink")
        // Table alignment as style attributes: HTML5 has no `align` on cells. Footnotes (`[^1]`)
        // become links to a list at the end, each with a link back.
        options = CMARK_OPT_DEFAULT | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | CMARK_OPT_FOOTNOTES
            | (unsafeHTML ? CMARK_OPT_UNSAFE : 0)
        self.unsafeHTML = unsafeHTML
        let label = "aria-label=\"" + MarkdownRenderer.escapedAttribute(footnoteBackLabel) + "\""
        self.footnoteBackLabel = label == MarkdownRenderer.cmarkFootnoteBackLabel ? nil : label
    }

    private static func escapedAttribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `html` of `markdown` with the footnotes' back links labelled in the site's language, and
    /// their arrow asked for as text: alone, `↩` is drawn as a colour emoji wherever an emoji font
    /// is installed (a blue box in print).
    private func labellingFootnotes(_ html: String, of markdown: String) -> String {
        guard MarkdownText.mayHaveFootnotes(markdown), html.contains(MarkdownRenderer.cmarkFootnoteBackArrow) else { return html }
        var html = html.replacingOccurrences(of: MarkdownRenderer.cmarkFootnoteBackArrow, with: MarkdownRenderer.footnoteBackArrow)
        if let label = footnoteBackLabel { html = html.replacingOccurrences(of: MarkdownRenderer.cmarkFootnoteBackLabel, with: label) }
        return html
    }

    /// The document as HTML. With a `headingTop` (1–6) its highest heading is at that level and
    /// the others keep their distance below it (at most `<h6>`), so that a page's headings skip
    /// no level whichever the body starts with (`#` or `##`); 0 keeps them as written.
    /// Each heading has an id (``HeadingIDs``).
    public func html(_ markdown: String, headingTop: Int = 0) -> String {
        if markdown.utf8.count >= MarkdownRenderer.arenaLimit { return closedAndDirected(htmlInPieces(markdown, headingTop: headingTop), of: markdown) }
        return closedAndDirected(HeadingIDs.adding(to: wholeHTML(markdown, headingTop: headingTop)), of: markdown)
    }

    /// `html` with what the body's own HTML leaves open closed (``RawHTMLCloser``, with
    /// `unsafeHTML`), and `dir="auto"` on each block that starts in the other direction than the
    /// one around it (``BlockDirection``), when `markdown` may hold a right-to-left letter.
    private func closedAndDirected(_ html: String, of markdown: String) -> String {
        let html = unsafeHTML && markdown.utf8.contains(0x3C) ? RawHTMLCloser.closed(html) : html
        return BlockDirection.mayHold(markdown) ? BlockDirection.marked(html) : html
    }

    /// A large document rendered piece by piece (``MarkdownPieces``): the same HTML, with memory
    /// for one piece's tree at a time. Its headings are moved in the HTML, after all pieces, since
    /// the highest may be in any of them.
    func htmlInPieces(_ markdown: String, pieceBytes: Int = 256 * 1024, headingTop: Int = 0) -> String {
        var markdown = markdown
        let pieces = markdown.withUTF8 { MarkdownPieces.ranges($0, pieceBytes: pieceBytes) }
        guard let pieces else { return HeadingIDs.adding(to: wholeHTML(markdown, headingTop: headingTop)) }
        var html = ""
        for range in pieces {
            let piece = markdown.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
            html += wholeHTML(piece, headingTop: 0)
        }
        html = HeadingIDs.adding(to: html)
        guard headingTop != 0, let highest = MarkdownRenderer.highestHeading(inHTML: html) else { return html }
        return MarkdownRenderer.closingGaps(inHTML: MarkdownRenderer.pushHeadings(inHTML: html, by: headingTop - highest), top: headingTop)
    }

    /// `html` with each heading at most one level below the one before it (the first at most at
    /// `top`), as ``moveHeadings(_:top:)`` leaves a parsed document's.
    static func closingGaps(inHTML html: String, top: Int) -> String {
        var out = "", rest = Substring(html)
        var previous = top - 1, openLevel = 0
        while let at = rest.firstIndex(of: "<") {
            out += rest[..<at]
            var tag = rest[rest.index(after: at)...]
            let closing = tag.first == "/"
            if closing { tag = tag.dropFirst() }
            guard tag.first == "h", let digit = tag.dropFirst().first?.wholeNumberValue, (1...6).contains(digit),
                  let after = tag.dropFirst(2).first, after == ">" || after == " " else {
                out += "<"
                rest = rest[rest.index(after: at)...]
                continue
            }
            let level: Int
            if closing {
                level = openLevel > 0 ? openLevel : digit
            } else {
                level = min(digit, previous + 1)
                previous = level
                openLevel = level
            }
            out += (closing ? "</h" : "<h") + String(level)
            rest = tag.dropFirst(2)
        }
        return out + rest
    }

    /// The document as HTML, parsed whole, its headings without ids.
    private func wholeHTML(_ markdown: String, headingTop: Int) -> String {
        withDocument(markdown, forHTML: true) { document, list in
            if headingTop != 0, let document { MarkdownRenderer.moveHeadings(document, top: headingTop) }
            let mem = MarkdownRenderer.allocator(forBytes: markdown.utf8.count)
            guard let html = cmark_render_html_with_mem(document, options, list, mem) else { return "" }
            defer { if mem != MarkdownArena.allocator { mem.pointee.free(html) } }
            return labellingFootnotes(UTF8Text.string(cString: html), of: markdown)
        }
    }

    /// The documents as HTML, in order: the same as ``html(_:)`` of each. While another thread
    /// holds the finishing lock, this thread feeds the next documents to their parsers or renders
    /// those it has finished instead of waiting (at 10,000 entries on two threads, waits for the
    /// lock took 50–65 ms). The documents' memory stays in the thread's arena until all are done.
    public func html(ofAll documents: [String], headingTop: Int = 0) -> [String] {
        if documents.contains(where: { $0.utf8.count >= MarkdownRenderer.arenaLimit }) {
            return documents.map { html($0, headingTop: headingTop) }
        }
        defer { MarkdownArena.reset() }
        let count = documents.count
        var parsers = [OpaquePointer?](repeating: nil, count: count)
        var finished = [OpaquePointer?](repeating: nil, count: count)
        var results = [String](repeating: "", count: count)
        // Documents ..<fed have their parsers fed, ..<done are parsed, ..<rendered are in `results`.
        var fed = 0, done = 0, rendered = 0
        while rendered < count {
            if done < fed {
                // Wait for the lock only when finishing is all that is left.
                let mustWait = rendered == done && fed == count
                if mustWait { MarkdownRenderer.finishLock.lock() }
                if mustWait || MarkdownRenderer.finishLock.try() {
                    finished[done] = parsers[done].flatMap { cmark_parser_finish($0) }
                    MarkdownRenderer.finishLock.unlock()
                    done += 1
                    continue
                }
            }
            if rendered < done {
                if headingTop != 0, let document = finished[rendered] {
                    MarkdownRenderer.moveHeadings(document, top: headingTop)
                }
                if let document = finished[rendered], MarkdownText.mayJoinEastAsianLines(documents[rendered]) {
                    MarkdownRenderer.joiningEastAsianLines(document)
                }
                let mem = MarkdownRenderer.allocator(forBytes: documents[rendered].utf8.count)
                if let document = finished[rendered], let parser = parsers[rendered],
                   let html = cmark_render_html_with_mem(document, options, cmark_parser_get_syntax_extensions(parser), mem) {
                    results[rendered] = closedAndDirected(HeadingIDs.adding(to: labellingFootnotes(UTF8Text.string(cString: html), of: documents[rendered])),
                                                 of: documents[rendered])
                    if mem != MarkdownArena.allocator { mem.pointee.free(html) }
                }
                if let document = finished[rendered] { cmark_node_free(document) }
                if let parser = parsers[rendered] { cmark_parser_free(parser) }
                rendered += 1
            } else {
                parsers[fed] = feed(documents[fed], forHTML: true)
                fed += 1
            }
        }
        return results
    }

    /// A parser with the extensions attached and `markdown` fed to it (memory from the thread's arena).
    private func feed(_ markdown: String, forHTML: Bool = false) -> OpaquePointer? {
        let mem = MarkdownRenderer.allocator(forBytes: markdown.utf8.count)
        // Footnotes cost cmark-gfm a second walk over the document: asked for only when there may be one.
        let parseOptions = MarkdownText.mayHaveFootnotes(markdown) ? options : options & ~CMARK_OPT_FOOTNOTES
        guard let parser = cmark_parser_new_with_mem(parseOptions, mem) else { return nil }
        let skipsAutolink = forHTML && !attachesAll && !MarkdownText.mayHaveAutolink(markdown)
        for ext in extensions where !(skipsAutolink && ext == autolink) { cmark_parser_attach_syntax_extension(parser, ext) }
        var source = markdown
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        return parser
    }

    /// The document as plain text, as a reader sees it rendered: the text of its paragraphs,
    /// headings, list items, table cells and code, white space folded, cut after `words` words
    /// (with "…"). No Markdown syntax is left (table pipes, `#`, emphasis marks), and footnote
    /// marks, footnote texts, raw HTML and images are left out.
    public func summary(_ markdown: String, words limit: Int = 70) -> String {
        var markdown = markdown
        if markdown.utf8.count >= MarkdownRenderer.arenaLimit,
           let first = markdown.withUTF8({ MarkdownPieces.ranges($0, pieceBytes: 64 * 1024)?.first }) {
            // The first piece holds far more than the words kept.
            markdown = markdown.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[first]), as: UTF8.self) }
        }
        let text = withDocument(markdown) { document, _ -> String in
            guard let document else { return "" }
            return MarkdownRenderer.plainText(document, unsafeHTML: unsafeHTML)
        }
        // Only as far as the word after the last one kept: splitting the whole text costs far more.
        // A Han character or a kana is a word of its own, as the Words card counts it (found by a
        // Markdown writer's audit: a Japanese entry's feed summary was its whole body), and its
        // punctuation (、。「」) is kept with it, counted as none.
        var out = "", count = 0, inWord = false, owesSpace = false, lastJoined = false
        for character in text {
            if character.isWhitespace {
                owesSpace = true
                inWord = false
                continue
            }
            let joined = character.unicodeScalars.first.flatMap { WordCount.joinedScript($0.value) }
            if joined == .word || (joined == nil && !inWord) {
                if count == limit { return out + (lastJoined ? "…" : " …") }
                count += 1
            }
            if owesSpace, !out.isEmpty { out.append(" ") }
            owesSpace = false
            out.append(character)
            inWord = joined == nil
            lastJoined = joined != nil
        }
        return out
    }

    /// The text of one line of Markdown read as the middle of a paragraph, so that a `1.`, `#`
    /// or `-` at its start stays as written: `**first**` is `first`, `&amp;` is `&`; "" when
    /// nothing of it is text (an image alone).
    public func inlineText(_ markdown: String) -> String {
        let text = summary("x " + markdown, words: .max)
        if text == "x" { return "" }
        guard text.hasPrefix("x ") else { return markdown }
        return text.dropFirst(2).trimmingCharacters(in: .whitespaces)
    }

    /// The text of a parsed document's nodes, a space between blocks and cells. With `unsafeHTML`
    /// (raw HTML shown as HTML), an HTML block gives the text it shows, and the code of a script
    /// or a style written inline is left out, as the page shows neither (found by a Markdown
    /// writer's audit: a feed summary read `var secretword = 1;` and dropped a `<details>` block).
    static func plainText(_ document: OpaquePointer, unsafeHTML: Bool = false) -> String {
        var bytes: [UInt8] = []
        guard let iterator = cmark_iter_new(document) else { return "" }
        defer { cmark_iter_free(iterator) }
        var skipping: OpaquePointer?
        var rawTextEnd: String?  // `</script` or `</style` while in one's code
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if let skipped = skipping {
                if event == CMARK_EVENT_EXIT && skipped == node { skipping = nil }
                continue
            }
            let type = cmark_node_get_type(node)
            if let end = rawTextEnd {
                if type == CMARK_NODE_HTML_INLINE, let literal = cmark_node_get_literal(node), String(cString: literal).lowercased().hasPrefix(end) {
                    rawTextEnd = nil
                } else if type != CMARK_NODE_PARAGRAPH {
                    continue
                }
            }
            switch type {
            case CMARK_NODE_HTML_INLINE where unsafeHTML:
                let tag = String(cString: cmark_node_get_literal(node)).lowercased()
                for name in ["script", "style"] where tag.hasPrefix("<" + name) && !tag.contains("</" + name) {
                    let after = tag.dropFirst(name.count + 1).first
                    if after == nil || after == ">" || after == " " || after == "\t" || after == "\n" { rawTextEnd = "</" + name }
                }
            case CMARK_NODE_HTML_BLOCK where unsafeHTML:
                if let literal = cmark_node_get_literal(node) {
                    bytes.append(contentsOf: SearchText.plainText(fromHTML: String(cString: literal)).utf8)
                    bytes.append(32)
                }
            case CMARK_NODE_FOOTNOTE_DEFINITION, CMARK_NODE_IMAGE:
                if event == CMARK_EVENT_ENTER { skipping = node }
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                if let literal = cmark_node_get_literal(node) {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self),
                                                                 count: strlen(literal)))
                }
                if type == CMARK_NODE_CODE_BLOCK { bytes.append(32) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                bytes.append(32)
            default:
                // The end of a block parts words; an inline's (a link, emphasis) does not.
                // (The table extension's rows and cells are blocks too. Inline types carry the
                // block bit as well, so the whole mask is compared.)
                if event == CMARK_EVENT_EXIT && Int32(type.rawValue) & CMARK_NODE_TYPE_MASK == CMARK_NODE_TYPE_BLOCK {
                    bytes.append(32)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Takes out of a parsed document the line breaks of a paragraph between two characters of
    /// Chinese or Japanese (``MarkdownText/isJoinedScript(_:)``), which are written without spaces:
    /// `プロジェ⏎クト` is one word, as Hugo's `eastAsianLineBreaks` and CSS's segment break rules
    /// read it, where a browser showed a space and search found neither half whole. Korean, written
    /// with spaces, keeps its breaks.
    static func joiningEastAsianLines(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var breaks: [OpaquePointer] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_SOFTBREAK,
                  let last = edgeScalar(cmark_node_previous(node), last: true), MarkdownText.isJoinedScript(last),
                  let first = edgeScalar(cmark_node_next(node), last: false), MarkdownText.isJoinedScript(first) else { continue }
            breaks.append(node)
        }
        cmark_iter_free(iterator)
        for node in breaks {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// The last (or first) character of the text an inline node shows: its own (text, code), or
    /// its last (first) child's (emphasis, a link: `*雨*⏎でした`). Nil for an image, a break or raw HTML.
    private static func edgeScalar(_ node: OpaquePointer?, last: Bool) -> UInt32? {
        var node = node
        for _ in 0..<16 {
            guard let current = node else { return nil }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                guard let literal = cmark_node_get_literal(current) else { return nil }
                let scalars = String(cString: literal).unicodeScalars
                return (last ? scalars.last : scalars.first).map(\.value)
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK:
                node = last ? cmark_node_last_child(current) : cmark_node_first_child(current)
            default:
                // The strikethrough extension's node, whose type is not a constant of cmark's.
                guard cmark_node_get_type_string(current).map({ String(cString: $0) }) == "strikethrough" else { return nil }
                node = last ? cmark_node_last_child(current) : cmark_node_first_child(current)
            }
        }
        return nil
    }

    /// Moves the headings of a parsed document so that the highest of the body's own (not in a
    /// quote, list or footnote, unless it has none of its own) is at level `top` and the others
    /// keep their distance (none above `top`, at most 6).
    static func moveHeadings(_ document: OpaquePointer, top: Int) {
        var headings: [OpaquePointer] = []
        var highest: Int32 = 7, highestOwn: Int32 = 7
        forEachHeading(document) { heading in
            headings.append(heading)
            let level = cmark_node_get_heading_level(heading)
            highest = min(highest, level)
            if cmark_node_parent(heading) == document { highestOwn = min(highestOwn, level) }
        }
        if highestOwn < 7 { highest = highestOwn }
        // Each at most one below the one before it (the first at `top`): `#### Deep` before `## Main`
        // would follow the page's title a level too deep.
        var previous = Int32(top) - 1
        for heading in headings {
            let level = min(previous + 1, max(Int32(top), min(6, cmark_node_get_heading_level(heading) + Int32(top) - highest)))
            cmark_node_set_heading_level(heading, level)
            previous = level
        }
    }

    /// Calls `body` with each heading of a parsed document, in order. Only block containers are
    /// walked (block quotes, lists, items, footnotes): headings are never inside paragraphs or tables.
    private static func forEachHeading(_ document: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        var node = cmark_node_first_child(document)
        while let current = node {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_HEADING { body(current) }
            if type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM
                || type == CMARK_NODE_FOOTNOTE_DEFINITION, let child = cmark_node_first_child(current) {
                node = child
                continue
            }
            // The next sibling, else the next sibling of the nearest parent that has one.
            var up: OpaquePointer? = current
            node = nil
            while let at = up, at != document {
                if let next = cmark_node_next(at) {
                    node = next
                    break
                }
                up = cmark_node_parent(at)
            }
        }
    }

    /// An entry's body for a Markdown output (`reports/<yyyy-MM>.md`): its headings moved as the
    /// HTML's are (``moveHeadings(_:top:)``: the body's highest at `topLevel`, each at most one
    /// level below the one before it, at most level 6), and raw HTML dropped unless `unsafeHTML`.
    /// With a `footnotePrefix` its footnote labels get that prefix (`[^1]` → `[^<prefix>--1]`: a
    /// slug has no `--`), so the bodies of one document keep their own notes. A body with no raw
    /// HTML, setext heading, footnote or what ``MarkdownText/headingScan(_:)`` says needs the parse
    /// (the usual case) is changed line by line; any other is parsed and written back as CommonMark
    /// by cmark-gfm, which closes an open fence and writes reference links out in full.
    /// With `unsafeHTML`, what the body's own HTML leaves open (``RawHTMLCloser``: a comment, a
    /// `<textarea>`) is closed on a line of its own after it, as the HTML pages close it: Markdown
    /// reads the rest of the document into an HTML block left open.
    public func markdownBody(_ markdown: String, topLevel: Int, footnotePrefix: String? = nil) -> String {
        let body = writtenBody(markdown, topLevel: topLevel, footnotePrefix: footnotePrefix)
        guard unsafeHTML && markdown.utf8.contains(0x3C) else { return body }
        let closers = RawHTMLCloser.closers(Array(wholeHTML(markdown, headingTop: 0).utf8))
        guard !closers.isEmpty else { return body }
        // Inside the quote or list item the body ends in (`> <!-- draft`: a line without its `> `
        // is outside the quote, found by a review), as its last line's markers stand.
        let last = body.split(separator: "\n", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        return body + (body.hasSuffix("\n") ? "" : "\n") + Self.containerPrefix(of: last) + closers + "\n"
    }

    /// What a line continuing `line`'s block quotes and list items starts with: its `>` markers
    /// as written, each list marker (`- `, `1. `) as that many spaces.
    static func containerPrefix(of line: String) -> String {
        var prefix = ""
        var rest = Substring(line)
        while let first = rest.first {
            if first == " " || first == "\t" || first == ">" {
                prefix.append(first)
                rest = rest.dropFirst()
            } else if "-*+".contains(first), rest.dropFirst().first == " " {
                prefix += "  "
                rest = rest.dropFirst(2)
            } else if first.isASCII, first.isNumber {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                let after = rest.dropFirst(digits.count)
                guard digits.count <= 9, let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " else { break }
                prefix += String(repeating: " ", count: digits.count + 2)
                rest = after.dropFirst(2)
            } else {
                break
            }
        }
        return prefix
    }

    private func writtenBody(_ markdown: String, topLevel: Int, footnotePrefix: String?) -> String {
        let scan = MarkdownText.headingScan(markdown)
        let footnotes = footnotePrefix != nil && MarkdownText.mayHaveFootnotes(markdown)
        if !footnotes && !scan.hasSetextCandidate && !scan.needsParse
            && (unsafeHTML || !(scan.hasAngleBracket || MarkdownText.mayHaveUnsafeURL(markdown))) {
            guard let highest = scan.highestATXLevel else { return markdown }
            return MarkdownText.pushHeadings(markdown, by: topLevel - highest)
        }
        // Every `[^` is given the prefix before parsing; text and code that held one get it back after.
        let marker = "[^" + (footnotePrefix ?? "") + "--"
        let source = footnotes ? markdown.replacingOccurrences(of: "[^", with: marker) : markdown
        return withDocument(source) { document, _ -> String in
            guard let document else { return "" }
            if footnotes { cmark_consolidate_text_nodes(document) }
            var highest = 7
            var drop: [OpaquePointer] = []
            if let iterator = cmark_iter_new(document) {
                while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                    guard let node = cmark_iter_get_node(iterator) else { continue }
                    let type = cmark_node_get_type(node)
                    if type == CMARK_NODE_HEADING {
                        highest = min(highest, Int(cmark_node_get_heading_level(node)))
                    } else if !unsafeHTML && (type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE) {
                        drop.append(node)
                    }
                    if footnotes { MarkdownRenderer.restore(marker, in: node, type: type) }
                    // Emptied as the HTML pages empty them.
                    if !unsafeHTML, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                       let url = cmark_node_get_url(node), MarkdownRenderer.isUnsafeURL(String(cString: url)) {
                        cmark_node_set_url(node, "")
                    }
                }
                cmark_iter_free(iterator)
            }
            // Unlinked after the walk: the iterator must not land on a freed node.
            for node in drop {
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
            if highest < 7 { MarkdownRenderer.moveHeadings(document, top: topLevel) }
            MarkdownRenderer.trimmingHTMLBlocks(document)
            guard let text = cmark_render_commonmark_with_mem(document, options, 0, MarkdownArena.allocator) else { return "" }
            return String(cString: text)
        }
    }

    /// Whether a link to `url` would run script or open a page of the link's own making:
    /// `javascript:`, `vbscript:`, `file:` and `data:` other than a PNG, GIF, JPEG or WebP image,
    /// in any case, white space and control characters ignored (browsers drop tabs and line
    /// breaks inside a URL). cmark-gfm's HTML empties the same addresses unless `unsafeHTML`.
    static func isUnsafeURL(_ url: String) -> Bool {
        var lowered: [UInt8] = []
        for byte in url.utf8 where byte > 32 && byte != 127 {
            lowered.append(byte >= 65 && byte <= 90 ? byte | 0x20 : byte)
            if lowered.count == 16 { break }
        }
        let start = String(decoding: lowered, as: UTF8.self)
        if start.hasPrefix("javascript:") || start.hasPrefix("vbscript:") || start.hasPrefix("file:") { return true }
        guard start.hasPrefix("data:") else { return false }
        return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { start.hasPrefix($0) }
    }

    /// Gives a node's text back the `[^` that `marker` replaced (``markdownBody(_:topLevel:footnotePrefix:)``).
    private static func restore(_ marker: String, in node: OpaquePointer, type: cmark_node_type) {
        func restored(_ text: UnsafePointer<CChar>?) -> String? {
            guard let text, strstr(text, marker) != nil else { return nil }
            return String(cString: text).replacingOccurrences(of: marker, with: "[^")
        }
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
            if let text = restored(cmark_node_get_literal(node)) { cmark_node_set_literal(node, text) }
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            if let url = restored(cmark_node_get_url(node)) { cmark_node_set_url(node, url) }
            if let title = restored(cmark_node_get_title(node)) { cmark_node_set_title(node, title) }
        default:
            break
        }
    }

    /// HTML with its footnotes' ids (`fn-1`, `fnref-1`) and the links to them made unique with
    /// `prefix` (`fn-<prefix>-1`), for a page that shows several bodies.
    public static func prefixingFootnoteIDs(_ html: String, with prefix: String) -> String {
        var html = html
        // `--`: a slug has none and does not end in `-`, so two entries' ids differ.
        for (old, new) in [("id=\"fn-", "id=\"fn-\(prefix)--"), ("href=\"#fn-", "href=\"#fn-\(prefix)--"),
                           ("id=\"fnref-", "id=\"fnref-\(prefix)--"), ("href=\"#fnref-", "href=\"#fnref-\(prefix)--")] {
            html = html.replacingOccurrences(of: old, with: new)
        }
        return html
    }

    /// HTML with every heading (`<h1>` … `<h6>`, and their end tags) `levels` lower, at most `<h6>`.
    /// cmark-gfm escapes `<` in text and code, so only real tags match.
    /// The level of the highest heading tag (`<h1>`…`<h6>`) in HTML as cmark-gfm writes it, nil
    /// for none.
    static func highestHeading(inHTML html: String) -> Int? {
        var highest: Int?
        var rest = Substring(html)
        while let open = rest.range(of: "<h") {
            rest = rest[open.upperBound...]
            guard let digit = rest.first?.wholeNumberValue, (1...6).contains(digit),
                  let after = rest.dropFirst().first, after == ">" || after == " " else { continue }
            highest = min(highest ?? 6, digit)
        }
        return highest
    }

    public static func pushHeadings(inHTML html: String, by levels: Int) -> String {
        var html = html
        let result: [UInt8]? = html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            let count = bytes.count
            var out: [UInt8] = []
            var copied = 0
            var i = 0
            while i + 3 < count {
                // Next "<", by memchr.
                guard let found = memchr(base + i, Int32(UInt8(ascii: "<")), count - i - 3) else { break }
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var j = i + 1
                if bytes[j] == UInt8(ascii: "/") { j += 1 }
                guard j + 2 < count, bytes[j] == UInt8(ascii: "h"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[j + 1]),
                      bytes[j + 2] == UInt8(ascii: ">") || bytes[j + 2] == UInt8(ascii: " ") else { i = j; continue }
                if out.isEmpty { out.reserveCapacity(count) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...j]))
                out.append(UInt8(ascii: "0") + UInt8(max(1, min(6, Int(bytes[j + 1] - UInt8(ascii: "0")) + levels))))
                copied = j + 2
                i = j + 2
            }
            if copied == 0 { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return out
        }
        // Without headings the HTML is returned as it is, not copied.
        return result.map { String(decoding: $0, as: UTF8.self) } ?? html
    }

    /// `body` of the parsed document (memory from the thread's arena, freed after).
    func withParsedDocument<T>(_ markdown: String, _ body: (OpaquePointer) -> T) -> T? {
        withDocument(markdown) { document, _ in document.map(body) }
    }

    private func withDocument<T>(_ markdown: String, forHTML: Bool = false,
                                 _ body: (OpaquePointer?, UnsafeMutablePointer<cmark_llist>?) -> T) -> T {
        // Everything cmark allocates for the document comes from the thread's arena and goes back at once.
        defer { MarkdownArena.reset() }
        guard let parser = feed(markdown, forHTML: forHTML) else { return body(nil, nil) }
        defer { cmark_parser_free(parser) }
        MarkdownRenderer.finishLock.lock()
        let finished = cmark_parser_finish(parser)
        MarkdownRenderer.finishLock.unlock()
        guard let document = finished else { return body(nil, nil) }
        defer { cmark_node_free(document) }
        if MarkdownText.mayJoinEastAsianLines(markdown) { MarkdownRenderer.joiningEastAsianLines(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }
}

extension MarkdownRenderer {
    /// The destinations of the document's images (`![alt](dest)`) and of its links (`[text](dest)`), in order;
    /// `asText`: the destinations of would-be images left as text because they hold a space
    /// (`![x](photos/a b.jpg)`, which CommonMark reads as words; `<photos/a b.jpg>` is an image).
    public func destinations(_ markdown: String) -> (images: [String], links: [String], asText: [String]) {
        withParsedDocument(markdown) { document in
            var images: [String] = [], links: [String] = [], asText: [String] = []
            MarkdownRenderer.forEachDestination(document) { node, isImage in
                if let url = cmark_node_get_url(node) {
                    if isImage { images.append(String(cString: url)) } else { links.append(String(cString: url)) }
                }
            } text: { text in
                asText += MarkdownRenderer.imagesLeftAsText(text)
            }
            return (images, links, asText)
        } ?? ([], [], [])
    }

    /// The document's first raw HTML other than a comment (a block's or an inline tag), which a
    /// page leaves out unless `unsafeHTML`: its first line, at most 40 characters, the byte offset
    /// in `markdown` where it starts, and whether it is a block (which takes the lines after it up
    /// to a blank one); nil when the document has none.
    public func firstRawHTML(_ markdown: String) -> (html: String, offset: Int, isBlock: Bool)? {
        guard let (literal, line, column, isBlock) = withParsedDocument(markdown, { document -> (String, Int, Int, Bool)? in
            guard let iterator = cmark_iter_new(document) else { return nil }
            defer { cmark_iter_free(iterator) }
            while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE, let literal = cmark_node_get_literal(node) else { continue }
                // A block keeps the spaces it is indented by (up to three).
                var start = literal
                while start.pointee == 0x20 { start += 1 }
                if strncmp(start, "<!--", 4) == 0 { continue }
                return (String(cString: literal), Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)),
                        type == CMARK_NODE_HTML_BLOCK)
            }
            return nil
        }) ?? nil else { return nil }
        var firstLine = literal.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        if firstLine.count > 40 { firstLine = String(firstLine.prefix(39)) + "…" }
        // The line's start, then the column's bytes (cmark-gfm counts both from 1).
        let bytes = Array(markdown.utf8)
        var offset = 0, lineAt = 1
        while lineAt < line && offset < bytes.count {
            if bytes[offset] == 0x0A { lineAt += 1 }
            offset += 1
        }
        return (firstLine, min(bytes.count, offset + max(0, column - 1)), isBlock)
    }

    /// In a run of text, the destinations of what was written as an image but is words: `![alt](dest)`
    /// whose `dest` holds a space (the caller tells which name an image file).
    static func imagesLeftAsText(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let bang = rest.range(of: "!["), let open = rest[bang.upperBound...].range(of: "]("),
              let close = rest[open.upperBound...].firstIndex(of: ")") {
            let destination = rest[open.upperBound..<close].trimmingCharacters(in: .whitespaces)
            if destination.contains(where: \.isWhitespace), !destination.hasPrefix("<") {
                found.append(destination)
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// The lines (counted from 1) that end in a soft line break, one a reader sees as a space: each
    /// line of a paragraph but its last that does not end in a hard one (two spaces, `\\`), as
    /// cmark-gfm parses the document. A paragraph that holds a code span, raw HTML, a break inside
    /// emphasis or a link, or a link reference definition is left out: a mark at its line's end
    /// could change what those read. None for text with a `\r` (cmark ends a line at it too).
    public func softBreakLines(_ markdown: String) -> [Int] {
        // Counted as cmark counts them only when `\n` alone ends a line.
        guard !markdown.utf8.contains(13) else { return [] }
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        return withParsedDocument(markdown) { document -> [Int] in
            guard let iterator = cmark_iter_new(document) else { return [] }
            defer { cmark_iter_free(iterator) }
            var found: [Int] = []
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                      cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH else { continue }
                let first = Int(cmark_node_get_start_line(node)), last = Int(cmark_node_get_end_line(node))
                guard first >= 1, last > first, last <= lines.count, let breaks = MarkdownRenderer.breaks(inPlain: node),
                      breaks == last - first else { continue }
                // As many breaks as lines between: no line of it is a definition.
                found += (first..<last).filter { line in
                    let text = lines[line - 1]
                    return !text.hasSuffix("  ") && !text.hasSuffix("\\")
                }
            }
            return found
        } ?? []
    }

    /// The line breaks, soft and hard, among `paragraph`'s inlines; nil when it holds a code span or
    /// raw HTML at any depth, or a break inside emphasis or a link.
    private static func breaks(inPlain paragraph: OpaquePointer) -> Int? {
        var count = 0
        func walk(_ node: OpaquePointer, top: Bool) -> Bool {
            var child = cmark_node_first_child(node)
            while let inline = child {
                let type = cmark_node_get_type(inline)
                if type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE { return false }
                if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    guard top else { return false }
                    count += 1
                }
                if cmark_node_first_child(inline) != nil, !walk(inline, top: false) { return false }
                child = cmark_node_next(inline)
            }
            return true
        }
        return walk(paragraph, top: true) ? count : nil
    }

    /// The destinations of the document's images, in order.
    public func imageDestinations(_ markdown: String) -> [String] {
        destinations(markdown).images
    }

    /// The document as CommonMark, each image's and link's destination replaced by `replacement`
    /// of it (kept where that is nil).
    public func markdown(_ markdown: String, replacingDestinations replacement: (String) -> String?) -> String {
        withParsedDocument(markdown) { document in
            MarkdownRenderer.forEachDestination(document) { node, _ in
                if let url = cmark_node_get_url(node), let new = replacement(String(cString: url)) {
                    cmark_node_set_url(node, new)
                }
            }
            MarkdownRenderer.trimmingHTMLBlocks(document)
            guard let text = cmark_render_commonmark_with_mem(document, CMARK_OPT_DEFAULT, 0, MarkdownArena.allocator) else { return markdown }
            return String(cString: text)
        } ?? markdown
    }

    /// Takes the line break off the end of each HTML block's text. cmark-gfm writes the blank line
    /// after such a block inside a quote without its `> ` when the text ends in one, so a quote's
    /// `<!-- end list -->` (cmark's own, read back) ended the quote (found by a Markdown writer's
    /// audit: a report's quote came out as two).
    static func trimmingHTMLBlocks(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK,
                  let literal = cmark_node_get_literal(node) else { continue }
            let length = strlen(literal)
            guard length > 0, literal[length - 1] == 0x0A else { continue }
            var text = String(cString: literal)
            while text.hasSuffix("\n") { text.removeLast() }
            cmark_node_set_literal(node, text)
        }
    }

    /// Each image and link node, with whether it is an image; `text`, each run of text nodes side
    /// by side (cmark leaves `![`, `x` and `](a b.jpg)` apart), joined.
    private static func forEachDestination(_ document: OpaquePointer, _ body: (OpaquePointer, Bool) -> Void,
                                           text: ((String) -> Void)? = nil) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE || type == CMARK_NODE_LINK { body(node, type == CMARK_NODE_IMAGE) }
            if let text, type == CMARK_NODE_TEXT,
               cmark_node_previous(node).map({ cmark_node_get_type($0) != CMARK_NODE_TEXT }) ?? true {
                var run = ""
                var next: OpaquePointer? = node
                while let current = next, cmark_node_get_type(current) == CMARK_NODE_TEXT {
                    if let literal = cmark_node_get_literal(current) { run += String(cString: literal) }
                    next = cmark_node_next(current)
                }
                if run.contains("![") { text(run) }
            }
        }
    }
}
