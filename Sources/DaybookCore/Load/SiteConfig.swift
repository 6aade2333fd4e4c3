import Foundation

/// `daybook.json`: the site's settings. Every key but `title` is optional.
public struct SiteConfig: Sendable, Equatable {
    public var title: String
    public var description: String = ""
    /// Absolute URL of the published site, ending in `/`; needed for feed.xml and sitemap.xml.
    public var baseURL: String?
    public var locale: String = "en_US"
    public var timeZone: String = "UTC"
    public var pageSize: Int = 20
    public var prettyURLs: Bool = false
    public var unsafeHTML: Bool = false
    public var hideEmptyCards: Bool = false
    public var feedLimit: Int = 50
    /// The full-text search (`search/`, the header's field); `false` leaves it out.
    public var search: Bool = true
    public var photos = PhotoSettings()
    /// `"params"`: the site's own values for its templates (``SiteParams``), as written.
    public var params: [JSONMember]? = nil

    public init(title: String) {
        self.title = title
    }
}

extension SiteConfig {
    /// The most values `params` may hold, and how deep its objects and arrays may nest: every page
    /// carries them.
    public static let maxParamValues = 256
    public static let maxParamDepth = 4
    /// The longest string of `params`, in UTF-8 bytes.
    public static let maxParamStringBytes = 4_096

    /// Why `value` cannot be `params`, or nil: an object, of at most ``maxParamValues`` values,
    /// ``maxParamDepth`` levels and strings of ``maxParamStringBytes``.
    public static func paramsProblem(_ value: JSONValue) -> String? {
        guard case .object = value else { return "\"params\" must be an object of your own values ({\"author\": \"Kim\"})" }
        var count = 0
        func check(_ value: JSONValue, depth: Int) -> String? {
            count += 1
            if count > maxParamValues { return "\"params\" holds more than \(maxParamValues) values" }
            switch value {
            case .string(let text):
                if text.utf8.count > maxParamStringBytes { return "a string of \"params\" is longer than \(maxParamStringBytes) bytes" }
                if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
                    return "a string of \"params\" holds the control character U+\(String(format: "%04X", control.value))"
                }
            case .array(let items):
                if depth >= maxParamDepth { return "\"params\" nests deeper than \(maxParamDepth) levels" }
                for item in items { if let problem = check(item.value, depth: depth + 1) { return problem } }
            case .object(let members):
                if depth >= maxParamDepth { return "\"params\" nests deeper than \(maxParamDepth) levels" }
                var seen: Set<String> = []
                for member in members {
                    // A template names a value by its keys joined with dots: "" and "a.b" could never be named.
                    if member.key.isEmpty || member.key.contains(".") {
                        return "the key \"\(member.key)\" of \"params\" cannot be named in a template (a key holds no dot and is not empty)"
                    }
                    if !seen.insert(member.key).inserted { return "the key \"\(member.key)\" is twice in \"params\"" }
                    if let problem = check(member.value.value, depth: depth + 1) { return problem }
                }
            default: break
            }
            return nil
        }
        return check(value, depth: 0)
    }
}
