import CCmarkGFM
import Foundation

/// GitHub-flavoured Markdown through cmark-gfm: tables, strikethrough, task lists,
/// autolinks and the tag filter. Raw HTML (and `javascript:` links) are dropped unless
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
    private let options: Int32
    private static let finishLock = NSLock()

    public static let extensionNames = ["table", "strikethrough", "tasklist", "autolink", "tagfilter"]

    /// Documents of this many bytes or more use the system allocator instead of the thread's arena:
    /// the arena never frees, so a huge body's growing buffers would each stay allocated (a 52 MB
    /// body took gigabytes); the system allocator gives them back as they grow.
    static let arenaLimit = 1 << 20

    /// The allocator for a document of `byteCount` bytes.
    static func allocator(forBytes byteCount: Int) -> UnsafeMutablePointer<cmark_mem> {
        byteCount < arenaLimit ? MarkdownArena.allocator : cmark_get_default_mem_allocator()
    }

    public init(unsafeHTML: Bool = false) {
        cmark_gfm_core_extensions_ensure_registered()
        extensions = MarkdownRenderer.extensionNames.compactMap { cmark_find_syntax_extension($0) }
        // Table alignment as style attributes: HTML5 has no `align` on cells.
        options = CMARK_OPT_DEFAULT | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | (unsafeHTML ? CMARK_OPT_UNSAFE : 0)
    }

    /// The document as HTML.
    public func html(_ markdown: String) -> String {
        if markdown.utf8.count >= MarkdownRenderer.arenaLimit { return htmlInPieces(markdown) }
        return wholeHTML(markdown)
    }

    /// A large document rendered piece by piece (``MarkdownPieces``): the same HTML, with memory
    /// for one piece's tree at a time.
    func htmlInPieces(_ markdown: String, pieceBytes: Int = 256 * 1024) -> String {
        var markdown = markdown
        let pieces = markdown.withUTF8 { MarkdownPieces.ranges($0, pieceBytes: pieceBytes) }
        guard let pieces else { return wholeHTML(markdown) }
        var html = ""
        for range in pieces {
            let piece = markdown.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
            html += wholeHTML(piece)
        }
        return html
    }

    /// The document as HTML, parsed whole.
    private func wholeHTML(_ markdown: String) -> String {
        withDocument(markdown) { document, list in
            let mem = MarkdownRenderer.allocator(forBytes: markdown.utf8.count)
            guard let html = cmark_render_html_with_mem(document, options, list, mem) else { return "" }
            defer { if mem != MarkdownArena.allocator { mem.pointee.free(html) } }
            return String(cString: html)
        }
    }

    /// The documents as HTML, in order: the same as ``html(_:)`` of each. While another thread
    /// holds the finishing lock, this thread feeds the next documents to their parsers or renders
    /// those it has finished instead of waiting (at 10,000 entries on two threads, waits for the
    /// lock took 50–65 ms). The documents' memory stays in the thread's arena until all are done.
    public func html(ofAll documents: [String]) -> [String] {
        if documents.contains(where: { $0.utf8.count >= MarkdownRenderer.arenaLimit }) { return documents.map(html) }
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
                let mem = MarkdownRenderer.allocator(forBytes: documents[rendered].utf8.count)
                if let document = finished[rendered], let parser = parsers[rendered],
                   let html = cmark_render_html_with_mem(document, options, cmark_parser_get_syntax_extensions(parser), mem) {
                    results[rendered] = String(cString: html)
                    if mem != MarkdownArena.allocator { mem.pointee.free(html) }
                }
                if let document = finished[rendered] { cmark_node_free(document) }
                if let parser = parsers[rendered] { cmark_parser_free(parser) }
                rendered += 1
            } else {
                parsers[fed] = feed(documents[fed])
                fed += 1
            }
        }
        return results
    }

    /// A parser with the extensions attached and `markdown` fed to it (memory from the thread's arena).
    private func feed(_ markdown: String) -> OpaquePointer? {
        let mem = MarkdownRenderer.allocator(forBytes: markdown.utf8.count)
        guard let parser = cmark_parser_new_with_mem(options, mem) else { return nil }
        for ext in extensions { cmark_parser_attach_syntax_extension(parser, ext) }
        var source = markdown
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        return parser
    }

    /// The document as plain text, white space folded, cut after `words` words (with "…").
    public func summary(_ markdown: String, words limit: Int = 70) -> String {
        var markdown = markdown
        if markdown.utf8.count >= MarkdownRenderer.arenaLimit,
           let first = markdown.withUTF8({ MarkdownPieces.ranges($0, pieceBytes: 64 * 1024)?.first }) {
            // The first piece holds far more than the words kept.
            markdown = markdown.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[first]), as: UTF8.self) }
        }
        let text = withDocument(markdown) { document, _ -> String in
            let mem = MarkdownRenderer.allocator(forBytes: markdown.utf8.count)
            guard let text = cmark_render_plaintext_with_mem(document, options, 0, mem) else { return "" }
            defer { if mem != MarkdownArena.allocator { mem.pointee.free(text) } }
            return String(cString: text)
        }
        // Only as far as the word after the last one kept: splitting the whole text costs far more.
        var words: [Substring] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index].isWhitespace {
                if let wordStart = start { words.append(text[wordStart..<index]) }
                start = nil
            } else if start == nil {
                if words.count == limit { return words.joined(separator: " ") + " …" }
                start = index
            }
            index = next
        }
        if let wordStart = start { words.append(text[wordStart...]) }
        return words.joined(separator: " ")
    }

    /// HTML with every heading (`<h1>` … `<h6>`, and their end tags) `levels` lower, at most `<h6>`.
    /// cmark-gfm escapes `<` in text and code, so only real tags match.
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
                out.append(UInt8(ascii: "0") + UInt8(min(6, Int(bytes[j + 1] - UInt8(ascii: "0")) + levels)))
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

    private func withDocument<T>(_ markdown: String, _ body: (OpaquePointer?, UnsafeMutablePointer<cmark_llist>?) -> T) -> T {
        // Everything cmark allocates for the document comes from the thread's arena and goes back at once.
        defer { MarkdownArena.reset() }
        guard let parser = feed(markdown) else { return body(nil, nil) }
        defer { cmark_parser_free(parser) }
        MarkdownRenderer.finishLock.lock()
        let finished = cmark_parser_finish(parser)
        MarkdownRenderer.finishLock.unlock()
        guard let document = finished else { return body(nil, nil) }
        defer { cmark_node_free(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }
}
