/// The client-side search index: every entry's title, link, date, tags and first words,
/// as a script that sets `window.DAYBOOK_SEARCH` (a script, not JSON, so that it loads
/// from `file://` too).
public struct SearchIndex: Sendable, Encodable {
    /// The JSON array, ready to bind raw.
    public var json: String

    /// `entries` newest first; links are relative to the site's root.
    public init(entries: [DiaryEntry], excerptWords: Int = 30) {
        let out = JSONWriter.writeStringObjects(count: entries.count, keys: ["t", "u", "d", "g", "x"]) { index, key in
            let entry = entries[index]
            switch key {
            case 0: return entry.entry.title
            case 1: return entry.urlFolder + "index.html"
            case 2: return entry.dateText
            case 3: return entry.entry.tags.joined(separator: " ")
            default: return SearchIndex.excerpt(entry.entry.body, words: excerptWords)
            }
        }
        json = String(decoding: out, as: UTF8.self)
    }

    /// The first words of a Markdown body with its markup left out (emphasis marks, link
    /// targets, list and table markers, code fences). Reads bytes, and only as far as it needs.
    static func excerpt(_ markdown: String, words limit: Int) -> String {
        var text = markdown
        let out: [UInt8] = text.withUTF8 { bytes in
            var out: [UInt8] = []
            var count = 0
            var inFence = false
            let total = bytes.count
            var lineStart = 0
            while lineStart < total, count < limit {
                var lineEnd = lineStart
                while lineEnd < total, bytes[lineEnd] != 10 { lineEnd += 1 }
                var i = lineStart
                while i < lineEnd, bytes[i] == 32 { i += 1 }
                let first = i < lineEnd ? bytes[i] : 0
                if (first == 96 || first == 126), lineEnd - i >= 3, bytes[i + 1] == first, bytes[i + 2] == first {
                    inFence.toggle()
                } else if !inFence, first != 124 {
                    while i < lineEnd, count < limit {
                        var end = i
                        while end < lineEnd, bytes[end] != 32 { end += 1 }
                        if let word = excerptWord(bytes, i..<end) {
                            if count > 0 { out.append(32) }
                            for b in bytes[word] where !isMark(b) { out.append(b) }
                            count += 1
                        }
                        i = end + 1
                    }
                }
                lineStart = lineEnd + 1
            }
            return out
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `* ~ ` [ ]`
    private static func isMark(_ b: UInt8) -> Bool { b == 42 || b == 126 || b == 96 || b == 91 || b == 93 }

    /// The part of a token that is text, with its Markdown marks at either end taken off (marks
    /// inside are skipped when copied), or nil when nothing of it is text.
    private static func excerptWord(_ bytes: UnsafeBufferPointer<UInt8>, _ token: Range<Int>) -> Range<Int>? {
        var start = token.lowerBound
        var end = token.upperBound
        guard start < end else { return nil }
        var k = start
        while k + 1 < end {
            if bytes[k] == 93, bytes[k + 1] == 40 {  // "](": the link's target follows
                if k == start { return nil }
                end = k
                break
            }
            if bytes[k] == 58, k + 2 < end, bytes[k + 1] == 47, bytes[k + 2] == 47, bytes[start] == 104 { return nil }  // a bare URL
            k += 1
        }
        while start < end, bytes[start] == 35 || bytes[start] == 62 || bytes[start] == 95 || bytes[start] == 45
                || bytes[start] == 43 || bytes[start] == 124 || isMark(bytes[start]) { start += 1 }
        while end > start, bytes[end - 1] == 95 || bytes[end - 1] == 124 || isMark(bytes[end - 1]) { end -= 1 }
        if start == end || (end - start == 1 && bytes[start] == 120 && bytes[token.lowerBound] == 91) { return nil }  // "[x]"
        return start..<end
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
