/// The client-side search index: every entry's title, link, date, tags and first words,
/// as a script that sets `window.DAYBOOK_SEARCH` (a script, not JSON, so that it loads
/// from `file://` too).
public struct SearchIndex: Sendable, Encodable {
    /// The JSON array, ready to bind raw.
    public var json: String

    /// `entries` newest first; links are relative to the site's root.
    public init(entries: [DiaryEntry], excerptWords: Int = 30) {
        var items: [JSONNode] = []
        items.reserveCapacity(entries.count)
        func field(_ key: String, _ value: String) -> JSONMember {
            JSONMember(key: key, value: JSONNode(value: .string(value)))
        }
        for entry in entries {
            items.append(JSONNode(value: .object([
                field("t", entry.entry.title),
                field("u", Slug.urlPath(entry.folder) + "index.html"),
                field("d", entry.dateText),
                field("g", entry.entry.tags.joined(separator: " ")),
                field("x", SearchIndex.excerpt(entry.entry.body, words: excerptWords)),
            ])))
        }
        json = String(decoding: JSONWriter.write(.array(items)), as: UTF8.self)
    }

    /// The first words of a Markdown body with its markup left out (emphasis marks, link
    /// targets, list and table markers, code fences). Reads bytes, and only as far as it needs.
    static func excerpt(_ markdown: String, words limit: Int) -> String {
        var out: [UInt8] = []
        var count = 0
        var inFence = false
        var bytes = Array(markdown.utf8)
        bytes.append(10)
        var lineStart = 0
        while lineStart < bytes.count, count < limit {
            var lineEnd = lineStart
            while bytes[lineEnd] != 10 { lineEnd += 1 }
            var i = lineStart
            while i < lineEnd, bytes[i] == 32 { i += 1 }
            let first = i < lineEnd ? bytes[i] : 0
            if (first == 96 || first == 126), lineEnd - i >= 3, bytes[i + 1] == first, bytes[i + 2] == first {
                inFence.toggle()
            } else if !inFence, first != 124 {
                while i < lineEnd, count < limit {
                    var end = i
                    while end < lineEnd, bytes[end] != 32 { end += 1 }
                    if let word = excerptWord(bytes[i..<end]) {
                        if count > 0 { out.append(32) }
                        out.append(contentsOf: word)
                        count += 1
                    }
                    i = end + 1
                }
            }
            lineStart = lineEnd + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A token with its Markdown marks taken off, or nil when nothing of it is text.
    private static func excerptWord(_ token: ArraySlice<UInt8>) -> [UInt8]? {
        func isMark(_ b: UInt8) -> Bool { b == 42 || b == 126 || b == 96 || b == 91 || b == 93 }  // * ~ ` [ ]
        var start = token.startIndex
        var end = token.endIndex
        guard start < end else { return nil }
        var k = start
        while k + 1 < end {
            if token[k] == 93, token[k + 1] == 40 {  // "](": the link's target follows
                if k == start { return nil }
                end = k
                break
            }
            if token[k] == 58, k + 2 < end, token[k + 1] == 47, token[k + 2] == 47, token[start] == 104 { return nil }  // a bare URL
            k += 1
        }
        while start < end, token[start] == 35 || token[start] == 62 || token[start] == 95 || token[start] == 45
                || token[start] == 43 || token[start] == 124 || isMark(token[start]) { start += 1 }
        while end > start, token[end - 1] == 95 || token[end - 1] == 124 || isMark(token[end - 1]) { end -= 1 }
        if start == end || (end - start == 1 && token[start] == 120 && token.first == 91) { return nil }  // "[x]"
        var word: [UInt8] = []
        word.reserveCapacity(end - start)
        for b in token[start..<end] where !isMark(b) { word.append(b) }
        return word
    }
}

/// The search box on the home page.
public struct SearchBox: Sendable, Encodable {
    public var label: String
    public var placeholder: String
    public var noResults: String
    public var indexHref: String
    public var scriptHref: String
}
