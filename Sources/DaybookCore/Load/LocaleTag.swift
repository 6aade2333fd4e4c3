/// The parts of a locale identifier as a site's `locale` writes it: an ICU locale (`en_US`,
/// `ko-KR`, `zh_Hant_TW`), then perhaps BCP 47 Unicode extensions (`-u-nu-latn-fw-mon`).
public enum LocaleTag {
    /// The identifier before its extensions: `ar-SA` of `ar-SA-u-nu-latn`.
    public static func base(_ identifier: String) -> String {
        var parts: [Substring] = []
        for part in identifier.split(separator: "-", omittingEmptySubsequences: false) {
            if part.count == 1 { break }
            parts.append(part)
        }
        return parts.joined(separator: "-")
    }

    /// The `-u-` extension's keys and their values (`["nu": "latn"]`; a key without a value has
    /// "true"); empty without one; nil when the identifier has another extension (`-t-`, `-x-`)
    /// or the `-u-` one is not well formed.
    public static func unicodeExtensions(_ identifier: String) -> [String: String]? {
        let parts = identifier.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
        guard let singleton = parts.firstIndex(where: { $0.count == 1 }) else { return [:] }
        guard parts[singleton] == "u", singleton + 1 < parts.count else { return nil }
        var keys: [String: String] = [:]
        var key: String?
        for part in parts[(singleton + 1)...] {
            guard (2...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if part.count == 2 {
                if let key, keys[key] == nil { keys[key] = "true" }
                key = part
            } else {
                guard let current = key else { return nil }
                keys[current] = keys[current].map { $0 + "-" + part } ?? part
            }
        }
        if let key, keys[key] == nil { keys[key] = "true" }
        return keys
    }
}
