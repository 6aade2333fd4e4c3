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
    /// targets, list and table markers, code fences).
    static func excerpt(_ markdown: String, words limit: Int) -> String {
        var words: [Substring] = []
        var inFence = false
        for line in markdown.split(separator: "\n") where words.count < limit {
            let trimmed = line.drop(while: { $0 == " " })
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence || trimmed.hasPrefix("|") { continue }
            for token in trimmed.split(separator: " ") where words.count < limit {
                if token.hasPrefix("](") || token.hasPrefix("http") && token.contains("://") { continue }
                var word = token
                if let close = word.range(of: "](") { word = word[..<close.lowerBound] }
                word = word.drop(while: { "#>*_-+[]`~|".contains($0) })
                while let last = word.last, "*_`~]|".contains(last) { word = word.dropLast() }
                if word.isEmpty || word == "x" && token.hasPrefix("[") { continue }
                words.append(word.contains(where: { "*~`[]".contains($0) }) ? Substring(word.filter { !"*~`[]".contains($0) }) : word)
            }
        }
        return words.joined(separator: " ")
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
