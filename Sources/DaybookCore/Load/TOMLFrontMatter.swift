import CTOML

/// TOML front matter (between `+++` lines, as Hugo writes it), parsed by toml++ (Sources/CTOML)
/// into ``FrontMatter``'s tree: a string is a quoted scalar; an integer, float, boolean, date,
/// time or date-time a plain one, written as TOML writes it (a date-time in ISO 8601, `Z` for
/// UTC); an array a list; a table a map, its keys in byte order.
public enum TOMLFrontMatter {
    /// "; text is written in quotes …" when toml++ failed on a value that starts with a letter
    /// (`title = My page`), which it reads as a misspelt `true`, `inf` or `nan`, or as nothing.
    static func unquotedTextHint(_ reason: String, in text: String, line: Int, column: Int) -> String {
        let misread = ["could not determine value type", "expected 'true'", "expected 'false'", "expected 'inf'", "expected 'nan'"]
        guard misread.contains(where: reason.contains), line >= 1, column >= 1 else { return "" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count, let first = lines[line - 1].unicodeScalars.dropFirst(column - 1).first,
              first.properties.isAlphabetic else { return "" }
        return "; text is written in quotes in TOML (title = \"My page\")"
    }

    public static func parse(_ text: String) -> Result<FrontMatter.Value?, FrontMatter.Problem> {
        var text = text
        guard text.utf8.count <= FrontMatter.maxBytes else {
            return .failure(FrontMatter.Problem(line: 1, column: 1, reason: "front matter larger than \(FrontMatter.maxBytes / 1024) KB"))
        }
        let parsed = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                dbk_toml_parse($0.baseAddress, $0.count, UInt32(FrontMatter.maxDepth), FrontMatter.maxNodes)
            }
        }
        guard let toml = parsed else { return .failure(FrontMatter.Problem(line: 1, column: 1, reason: "out of memory reading TOML")) }
        defer { dbk_toml_free(toml) }
        var reason: UnsafePointer<CChar>?
        var line: UInt32 = 0, column: UInt32 = 0
        if dbk_toml_failed(toml, &reason, &line, &column) != 0 {
            let said = reason.map { String(cString: $0) } ?? "not valid TOML"
            return .failure(FrontMatter.Problem(line: Int(line), column: Int(column),
                                                reason: said + unquotedTextHint(said, in: text, line: Int(line), column: Int(column))))
        }
        let items = UnsafeBufferPointer(start: dbk_toml_items(toml), count: dbk_toml_count(toml))
        guard !items.isEmpty, let strings = dbk_toml_strings(toml) else { return .success(nil) }
        var next = 0
        return .success(value(items, strings, &next).value)
    }

    /// The value at `next` with its children (which follow it), and its key; `next` moves past them.
    private static func value(_ items: UnsafeBufferPointer<dbk_toml_item>, _ strings: UnsafePointer<CChar>,
                              _ next: inout Int) -> (key: String, value: FrontMatter.Value) {
        let item = items[next]
        next += 1
        func string(_ start: UInt32, _ length: UInt32) -> String {
            let bytes = UnsafeRawPointer(strings + Int(start)).assumingMemoryBound(to: UInt8.self)
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
        }
        let key = string(item.key_start, item.key_length)
        let line = Int(item.line), column = Int(item.column)
        switch item.kind {
        case DBK_TOML_TABLE:
            var pairs: [(key: String, value: FrontMatter.Value)] = []
            for _ in 0..<item.children { pairs.append(value(items, strings, &next)) }
            return (key, .map(pairs, line: line, column: column))
        case DBK_TOML_ARRAY:
            var values: [FrontMatter.Value] = []
            for _ in 0..<item.children { values.append(value(items, strings, &next).value) }
            return (key, .list(values, line: line, column: column))
        default:
            return (key, .scalar(string(item.text_start, item.text_length), plain: item.kind != DBK_TOML_STRING, line: line, column: column))
        }
    }
}
