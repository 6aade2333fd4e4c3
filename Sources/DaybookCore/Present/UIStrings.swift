/// The theme's UI strings for one language (`i18n/<lang>.json`), falling back to English,
/// then to the key itself.
public struct UIStrings: Sendable {
    public let language: String
    private let table: [String: String]

    public init(table: [String: String], language: String) {
        self.table = table
        self.language = language
    }

    /// Loads `i18n/<language>.json` over `i18n/en.json` from the theme.
    public init(theme: Theme, locale: String, siteRoot: String = ".") throws(SiteErrors) {
        let language = String(locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first ?? "en").lowercased()
        var table: [String: String] = [:]
        var errors: [SiteError] = []
        for name in Set(["en", language]).sorted(by: { a, _ in a == "en" }) {
            let path = "i18n/\(name).json"
            guard let bytes = theme.files[path] else { continue }
            let file = theme.displayPath(path, siteRoot: siteRoot)
            do {
                let node = try JSONParser.parse(bytes)
                var reader = JSONReader(file: file, bytes: bytes)
                if let members = reader.members(node, what: path) {
                    for member in members {
                        if let value = reader.string(member) { table[member.key] = value }
                    }
                }
                errors += reader.errors
            } catch {
                let p = SourcePosition(offset: error.offset, in: bytes)
                errors.append(SiteError(file: file, line: p.line, column: p.column, reason: error.reason))
            }
        }
        if !errors.isEmpty { throw SiteErrors(errors) }
        self.init(table: table, language: language)
    }

    public subscript(key: String) -> String { table[key] ?? key }

    /// The string with `{name}` placeholders filled in. A `{` that opens no known name stays as
    /// it is, and the text after it is read on; filled-in values are not read again.
    public func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        // By bytes: `{` and `}` are ASCII, and walking Characters cost thousands of instructions a call.
        let filled: [UInt8]? = text.withUTF8 { bytes in
            guard bytes.contains(UInt8(ascii: "{")) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            var i = 0
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "{"),
                   let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "}")),
                   let value = values[String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<close]), as: UTF8.self)] {
                    out.append(contentsOf: value.utf8)
                    i = close + 1
                } else {
                    out.append(bytes[i])
                    i += 1
                }
            }
            return out
        }
        return filled.map { String(decoding: $0, as: UTF8.self) } ?? text
    }
}
