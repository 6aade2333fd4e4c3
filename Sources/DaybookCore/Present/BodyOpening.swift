/// The opening of an entry's body as plain text, for its page's `<meta name="description">`
/// and Open Graph description: about as much as a search result or a link preview shows.
public enum BodyOpening {
    /// How many characters are kept, at most (a word past it ends the text with "…").
    public static let characters = 160
    /// How much of the body's HTML is read: enough for the characters kept.
    static let htmlBytes = 2048

    /// The first ``characters`` of the text `html` shows, cut after a whole word; nil for a body
    /// without text (only photos, or empty).
    public static func text(ofHTML html: String) -> String? {
        var html = html
        var bytes: [UInt8] = []
        let cut = html.utf8.count > htmlBytes
        html.withUTF8 { all in
            SearchText.plainText(fromHTML: UnsafeBufferPointer(rebasing: all[..<min(all.count, htmlBytes)]), into: &bytes)
        }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        // Cut HTML may end inside a word, a character or a tag: its last word is not kept.
        if cut, let space = text.lastIndex(of: " ") { text = text[..<space] }
        text = text.drop(while: { $0 == " " })
        guard !text.isEmpty else { return nil }
        if text.count <= characters { return String(text) + (cut ? " …" : "") }
        let head = text.prefix(characters + 1)
        let end = head.lastIndex(where: { $0 == " " }) ?? head.index(before: head.endIndex)
        return String(head[..<end]) + " …"
    }
}
