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

    /// The string with `{name}` placeholders filled in.
    public func format(_ key: String, _ values: [String: String]) -> String {
        let text = self[key]
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
                out += value
                rest = rest[rest.index(after: close)...]
            } else {
                out += "{"
                rest = rest[afterOpen...]
            }
        }
        out += rest
        return out
    }
}
