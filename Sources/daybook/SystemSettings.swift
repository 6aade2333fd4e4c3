import DaybookCore
import Foundation

/// The user's locale and time zone, read from the environment and the system, for the
/// settings of a new site.
enum SystemSettings {
    /// The locale of `LC_ALL`, else `LC_MESSAGES`, else `LANG` (`ko_KR.UTF-8` → `ko_KR`), when ICU
    /// knows it; `en_US` for `C`, `POSIX` or nothing set.
    static func locale(environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let base = String(value.prefix { $0 != "." && $0 != "@" }).replacingOccurrences(of: "-", with: "_")
            if base == "C" || base == "POSIX" { return "en_US" }
            return SiteLoader.isKnownLocale(base) ? base : "en_US"
        }
        return "en_US"
    }

    /// The IANA zone of `TZ` (`Asia/Seoul`, `:Asia/Seoul` or a path into a zoneinfo folder), else
    /// the zone `/etc/localtime` links to, else the name in `/etc/timezone`, else `UTC`.
    static func timeZone(environment: [String: String], localtime: String = "/etc/localtime",
                         timezoneFile: String = "/etc/timezone") -> String {
        if let tz = environment["TZ"], let zone = posixZone(tz) ?? zoneName(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) {
            return zone
        }
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime), let zone = zoneName(link) {
            return zone
        }
        if let text = try? String(contentsOfFile: timezoneFile, encoding: .utf8),
           let zone = zoneName(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return zone
        }
        return "UTC"
    }

    /// `TZ` when it is set to a name that is no zone (`Seoul`, `Asia/Seol`), which
    /// ``timeZone(environment:localtime:timezoneFile:)`` passes over; nil when it is unset, empty,
    /// a zone, or a file's path (`:/etc/localtime`).
    static func unknownTZ(environment: [String: String]) -> String? {
        guard let tz = environment["TZ"], !tz.isEmpty else { return nil }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        guard !name.hasPrefix("/"), posixZone(tz) == nil, zoneName(name) == nil else { return nil }
        return name
    }

    /// The IANA zone of a POSIX `TZ` of a whole-hour offset and no summer time (`UTC+3`, `<+03>-3`):
    /// POSIX counts hours west of Greenwich, as the `Etc/GMT` zones do (`UTC+3` is `Etc/GMT+3`,
    /// three hours behind), where Foundation would read `UTC+3` as three hours ahead.
    private static func posixZone(_ tz: String) -> String? {
        guard let match = tz.wholeMatch(of: /(?:[A-Za-z]{3,}|<[+-]?[0-9A-Za-z]+>)([+-]?)([0-9]{1,2})/),
              let hours = Int(match.2) else { return nil }
        let west = match.1 != "-"
        guard hours <= (west ? 12 : 14) else { return nil }
        return hours == 0 ? "UTC" : "Etc/GMT\(west ? "+" : "-")\(hours)"
    }

    /// `Asia/Seoul` from itself or from a path such as `/usr/share/zoneinfo/Asia/Seoul`; nil when it names no zone.
    private static func zoneName(_ text: String) -> String? {
        var name = text
        if let range = name.range(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
        guard !name.isEmpty, !name.hasPrefix("/"), TimeZone(identifier: name) != nil else { return nil }
        return name
    }

    /// The path as a shell word: as it is when it is plain, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "/._-+,:@%".unicodeScalars.contains($0)
        }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// How to open a page from a shell here: `open` on macOS, `xdg-open` where it is installed,
    /// else nil (then the page's file:// URL is shown).
    static func opener(environment: [String: String]) -> String? {
        #if os(macOS)
        return "open"
        #else
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/xdg-open") } ? "xdg-open" : nil
        #endif
    }
}
