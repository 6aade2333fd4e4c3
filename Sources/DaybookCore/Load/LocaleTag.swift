import Foundation

/// The parts of a locale identifier as a site's `locale` writes it: an ICU locale (`en_US`,
/// `ko-KR`, `zh_Hant_TW`), then perhaps BCP 47 Unicode extensions (`-u-nu-latn-fw-mon`).
public enum LocaleTag {
    /// The Foundation locale for a site's `locale`: its BCP 47 extensions written as ICU's keywords
    /// (`hi_IN@numbers=deva` for `hi-IN-u-nu-deva`, which Foundation's date formatter cannot make
    /// and stops the program on), and with the Gregorian calendar, whose patterns the dates take
    /// (`fa_IR`'s own is the Persian calendar's: "۲۰۲۴ مارس" for "مارس ۲۰۲۴").
    public static func foundationLocale(_ identifier: String) -> Locale {
        Locale(identifier: foundationIdentifier(identifier))
    }

    /// ``foundationLocale(_:)``'s identifier: `ko_KR@calendar=gregorian`. Given its own result, the same.
    static func foundationIdentifier(_ identifier: String) -> String {
        var icu = Locale.identifier(.icu, from: identifier)
        if !icu.contains("calendar=") {
            icu = Locale.identifier(.icu, from: icu + (icu.contains("@") ? ";" : "@") + "calendar=gregorian")
        }
        return icu
    }

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
