import Foundation

/// The theme a build uses: the default theme compiled into the binary, with the site's own
/// `templates/` files laid over it file by file.
public struct Theme: Sendable {
    /// Every file of the theme, keyed by its path inside `templates/`.
    public let files: [String: [UInt8]]
    /// Paths that came from the site rather than the built-in theme.
    public let overridden: Set<String>

    public init(files: [String: [UInt8]], overridden: Set<String> = []) {
        self.files = files
        self.overridden = overridden
    }

    /// The built-in theme.
    public static let builtIn: Theme = {
        var files: [String: [UInt8]] = [:]
        for (path, base64) in EmbeddedTheme.files {
            files[path] = Data(base64Encoded: base64).map { [UInt8]($0) } ?? []
        }
        return Theme(files: files)
    }()

    /// The built-in theme with `overrides` laid over it.
    public static func builtIn(overriddenBy overrides: [String: [UInt8]]) -> Theme {
        guard !overrides.isEmpty else { return builtIn }
        return Theme(files: builtIn.files.merging(overrides) { $1 }, overridden: Set(overrides.keys))
    }

    /// The file as text, or nil when absent.
    public func text(_ path: String) -> String? {
        files[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// How a theme file is named in messages: the site's copy or the built-in one.
    public func displayPath(_ path: String, siteRoot: String) -> String {
        overridden.contains(path) ? SiteLoader(root: siteRoot).displayPath("templates/" + path) : "(built-in theme)/" + path
    }

    /// Hugo's and Jekyll's template names, with the Daybook template that makes those pages.
    static let otherToolsNames: [String: String] = [
        "single": "entry.mustache", "post": "entry.mustache", "baseof": "layout.mustache", "default": "layout.mustache",
        "home": "list.mustache", "index": "list.mustache", "tag": "list.mustache", "term": "list.mustache",
        "taxonomy": "archive.mustache", "terms": "archive.mustache", "section": "archive.mustache",
    ]

    /// Names whose values are HTML, for `{{{…}}}`.
    static let htmlValuedNames: Set<String> = ["bodyHTML", "summaryHTML", "icon"]

    /// A site template that writes an HTML value with two braces (`{{bodyHTML}}`), which escapes
    /// it: the page shows its tags as text (found by a theme audit: Hugo's `.Content` is never
    /// escaped, and nothing said so). One warning a tag, at it.
    public func escapedHTMLWarnings(siteRoot: String) -> [SiteError] {
        var warnings: [SiteError] = []
        for path in overridden.sorted() where path.hasSuffix(".mustache") && !path.hasSuffix(".md.mustache") && !path.hasSuffix(".xml.mustache") {
            guard let bytes = files[path] else { continue }
            var line = 1, column = 1, i = 0
            while i < bytes.count {
                if bytes[i] == 0x7B, i == 0 || bytes[i - 1] != 0x7B, i + 2 < bytes.count, bytes[i + 1] == 0x7B, bytes[i + 2] != 0x7B {
                    var end = i + 2
                    while end + 1 < bytes.count, !(bytes[end] == 0x7D && bytes[end + 1] == 0x7D), bytes[end] != 0x0A { end += 1 }
                    let name = String(decoding: bytes[(i + 2)..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    let last = name.split(separator: ".").last.map(String.init) ?? name
                    if Theme.htmlValuedNames.contains(last) {
                        warnings.append(SiteError(file: SiteLoader(root: siteRoot).displayPath("templates/" + path), line: line, column: column,
                                                  reason: "\"\(name)\" is HTML, and {{\(name)}} escapes it: the page shows its tags as text; write {{{\(name)}}}"))
                    }
                }
                if bytes[i] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
        }
        return warnings
    }

    /// ISO 639 language codes, for the names of `i18n/` files.
    static let languageCodes: Set<String> = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })

    /// The site's theme files that match no file of the built-in theme and so are never used
    /// (`templates/entyr.mustache`), as warnings with the nearest theme file's name. The site's
    /// own assets (`assets/…`) and languages (`i18n/<lang>.json`) are used as they are, and so are
    /// templates that a site template includes by name (`usedNames`: `{{> mine}}` is `mine` or
    /// `partials/mine.mustache`).
    public func unusedOverrides(siteRoot: String, usedNames: Set<String>) -> [SiteError] {
        let builtInFiles = Theme.builtIn.files
        let builtInPaths = builtInFiles.keys.sorted()
        var warnings: [SiteError] = []
        for path in overridden.sorted() where builtInFiles[path] == nil {
            if path.hasPrefix("assets/") { continue }
            // A partial of a page template's name (`partials/entry.mustache`) is an error of the
            // build's, which says what to do: not a warning besides that it goes unused.
            if path.hasPrefix("partials/"), path.hasSuffix(".mustache"), files[String(path.dropFirst("partials/".count))] != nil { continue }
            if path.hasPrefix("i18n/") && path.hasSuffix(".json") {
                // A language (`it`, `pt-BR`, `zh-hant`) is used when the locale is it; another name never is.
                let name = String(path.dropFirst("i18n/".count).dropLast(".json".count))
                let language = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
                if Theme.languageCodes.contains(language) { continue }
                warnings.append(SiteError(file: SiteLoader(root: siteRoot).displayPath("templates/" + path),
                                          reason: "names no language, so it is not used (a language file is named by the locale's language, as it.json, or language and region, as pt-BR.json)"))
                continue
            }
            if path.hasSuffix(".mustache") {
                var name = String(path.dropLast(".mustache".count))
                if name.hasPrefix("partials/") { name.removeFirst("partials/".count) }
                if usedNames.contains(name) { continue }
            }
            var reason = "matches no file of the theme, so it is not used"
            // A theme file's name in the wrong folder (`style.css` for `assets/style.css`), else a near name.
            let name = (path as NSString).lastPathComponent
            if let hugo = Theme.otherToolsNames[((name as NSString).deletingPathExtension as NSString).lastPathComponent.lowercased()],
               !path.hasSuffix(".mustache") || !builtInPaths.contains(hugo) {
                // Hugo's and Jekyll's names (found by a theme audit: `single.html` got no pointer).
                reason += " (Daybook's templates are Mustache files named for the page they make: did you mean \"\(hugo)\"?)"
            } else if path.hasSuffix(".html") || path.hasSuffix(".htm"), builtInFiles[String(path.prefix(upTo: path.lastIndex(of: ".")!)) + ".mustache"] != nil {
                reason += " (Daybook's templates end in .mustache: did you mean \"\(path.prefix(upTo: path.lastIndex(of: ".")!)).mustache\"?)"
            } else if path.hasPrefix("i18n/"), path.hasSuffix(".yaml") || path.hasSuffix(".yml") || path.hasSuffix(".toml") {
                reason += " (UI strings are JSON: i18n/<language>.json)"
            } else if let near = builtInPaths.first(where: { ($0 as NSString).lastPathComponent == name && $0 != path })
                ?? NearestName.suggestion(for: path, among: builtInPaths) {
                reason += " (did you mean \"\(near)\"?)"
            }
            warnings.append(SiteError(file: SiteLoader(root: siteRoot).displayPath("templates/" + path), reason: reason))
        }
        return warnings
    }
}
