/// The opening of an entry's body as plain text, for its page's `<meta name="description">`
/// and Open Graph description: about as much as a search result or a link preview shows.
public enum BodyOpening {
    /// How many characters (Unicode scalars) are kept, at most; a word past them ends the text with "…".
    public static let characters = 160
    /// How much of the body's HTML is read: a first part, enough for a paragraph's opening; when
    /// that shows too little text, more.
    static let htmlBytes = (first: 384, most: 2048)

    /// The first ``characters`` of the text `html` shows, cut after a whole word; nil for a body
    /// without text (only photos, or empty). Works on bytes: it runs for every entry page.
    public static func text(ofHTML html: String) -> String? {
        if let short = text(ofHTML: html, reading: htmlBytes.first) { return short }
        return text(ofHTML: html, reading: htmlBytes.most)
    }

    /// The opening from the first `limit` bytes of `html`; nil when they are cut and show fewer
    /// characters than kept (or, read to the end, none).
    static func text(ofHTML html: String, reading limit: Int) -> String? {
        var html = html
        var bytes: [UInt8] = []
        var cut = html.utf8.count > limit
        html.withUTF8 { all in
            var read = min(all.count, limit)
            // The footnotes are no part of the opening (found by a Markdown writer's audit: a short
            // entry's description ended with its notes), as a feed's summary leaves them out.
            if let notes = SearchText.find("<section class=\"footnotes\"", in: all, 0..<read) {
                read = notes
                cut = false
            }
            SearchText.plainText(fromHTML: UnsafeBufferPointer(rebasing: all[..<read]), into: &bytes)
        }
        let space = UInt8(ascii: " ")
        var start = 0
        while start < bytes.count, bytes[start] == space { start += 1 }
        var end = bytes.count
        // Cut HTML may end inside a word, a character or a tag: its last word is not kept, and in
        // text without spaces (Japanese, Thai) its last, maybe partial, character.
        if cut {
            if let last = bytes[start...].lastIndex(of: space) {
                end = last
            } else {
                while end > start, bytes[end - 1] & 0xC0 == 0x80 { end -= 1 }
                end = max(start, end - 1)
                if limit < htmlBytes.most { return nil }
            }
        }
        guard start < end else { return nil }
        var scalars = 0, i = start, lastSpace: Int?
        while i < end {
            if bytes[i] & 0xC0 != 0x80 {
                if scalars == characters { break }
                scalars += 1
            }
            if bytes[i] == space { lastSpace = i }
            i += 1
        }
        if i == end {
            if cut && limit < htmlBytes.most { return nil }
            return String(decoding: bytes[start..<end], as: UTF8.self) + (cut ? " …" : "")
        }
        // Past the limit: cut at the last space, or at the limit in text without spaces, before a
        // character the limit would split (an accent, a joined emoji).
        if bytes[i] == space || lastSpace != nil {
            return String(decoding: bytes[start..<(bytes[i] == space ? i : lastSpace!)], as: UTF8.self) + " …"
        }
        var head = String(decoding: bytes[start..<i], as: UTF8.self)
        let whole = String(decoding: bytes[start..<end], as: UTF8.self)
        while !head.isEmpty, !whole.hasPrefix(head) { head.removeLast() }
        return head + " …"
    }
}
