import Foundation

/// Warnings for bodies whose own HTML (not a comment) a site without `unsafeHTML` leaves out of
/// their pages: the text of an HTML block (`<div class="note">` and the lines up to a blank one)
/// is left out with it, so a newcomer's words were lost without a word (found by a newcomer's audit; Hugo warns
/// too). Each is told at the body's first HTML, for the first ``located`` bodies and one more, which
/// counts the others.
enum RawHTMLWarnings {
    static let located = 5

    /// The warnings for the entries `isPublished` takes (asked only of a body that may hold HTML)
    /// and the pages.
    static func of(entries: [Entry], isPublished: (Entry) -> Bool, pages: [PageFile], markdown: MarkdownRenderer) -> [SiteError] {
        var found: [(html: String, isBlock: Bool, place: SourceOrigin)] = []
        var more = 0
        func add(_ body: String, if published: () -> Bool = { true }, at place: (Int) -> SourceOrigin) {
            guard mayHoldHTML(body), published(), let (html, offset, isBlock) = markdown.firstRawHTML(body) else { return }
            if found.count <= located { found.append((html, isBlock, place(offset))) } else { more += 1 }
        }
        for index in entries.indices {
            add(entries[index].body, if: { isPublished(entries[index]) }) { offset in
                guard let body = entries[index].bodyOrigin else { return entries[index].origin }
                return BodyLinkPlaces.origin(atOffset: offset, inBody: body) ?? body
            }
        }
        for page in pages {
            add(page.body) { offset in page.origin.moved(to: page.bodyOffset + offset) }
        }
        return found.enumerated().map { n, hit in
            let others = n == located && more > 0 ? ", as is that of \(more) more \(more == 1 ? "body" : "bodies") after it" : ""
            let lines = hit.isBlock ? ", with the lines after it up to a blank one" : ""
            return hit.place.error("the body's HTML \(hit.html) is left out of its page\(lines)\(others): "
                + "write it in Markdown, or keep bodies' HTML with \"unsafeHTML\": true in daybook.json")
        }
    }

    /// Whether `body` has a `<` before a letter, `/`, `!` or `?`: what may start raw HTML.
    static func mayHoldHTML(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var at = 0
            while at < bytes.count, let found = memchr(base + at, 0x3C, bytes.count - at) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                if index < bytes.count {
                    let next = bytes[index] | 0x20
                    if (next >= 0x61 && next <= 0x7A) || bytes[index] == 0x2F || bytes[index] == 0x21 || bytes[index] == 0x3F { return true }
                }
                at = index
            }
            return false
        }
    }
}
