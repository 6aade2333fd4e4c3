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
/// parsing) takes `finishLock`.
public final class MarkdownRenderer: @unchecked Sendable {
    private let extensions: [OpaquePointer]
    private let options: Int32
    private static let finishLock = NSLock()

    public static let extensionNames = ["table", "strikethrough", "tasklist", "autolink", "tagfilter"]

    public init(unsafeHTML: Bool = false) {
        cmark_gfm_core_extensions_ensure_registered()
        extensions = MarkdownRenderer.extensionNames.compactMap { cmark_find_syntax_extension($0) }
        // Table alignment as style attributes: HTML5 has no `align` on cells.
        options = CMARK_OPT_DEFAULT | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | (unsafeHTML ? CMARK_OPT_UNSAFE : 0)
    }

    /// The document as HTML.
    public func html(_ markdown: String) -> String {
        withDocument(markdown) { document, list in
            guard let html = cmark_render_html(document, options, list) else { return "" }
            defer { free(html) }
            return String(cString: html)
        }
    }

    /// The document as plain text, white space folded, cut after `words` words (with "…").
    public func summary(_ markdown: String, words limit: Int = 70) -> String {
        let text = withDocument(markdown) { document, _ -> String in
            guard let text = cmark_render_plaintext(document, options, 0) else { return "" }
            defer { free(text) }
            return String(cString: text)
        }
        var words: [Substring] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            if words.count == limit { return words.joined(separator: " ") + " …" }
            words.append(word)
        }
        return words.joined(separator: " ")
    }

    private func withDocument<T>(_ markdown: String, _ body: (OpaquePointer?, UnsafeMutablePointer<cmark_llist>?) -> T) -> T {
        guard let parser = cmark_parser_new(options) else { return body(nil, nil) }
        defer { cmark_parser_free(parser) }
        for ext in extensions { cmark_parser_attach_syntax_extension(parser, ext) }
        var source = markdown
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        MarkdownRenderer.finishLock.lock()
        let finished = cmark_parser_finish(parser)
        MarkdownRenderer.finishLock.unlock()
        guard let document = finished else { return body(nil, nil) }
        defer { cmark_node_free(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }
}
