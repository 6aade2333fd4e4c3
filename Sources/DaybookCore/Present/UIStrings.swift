/// The theme's UI strings for one language (`i18n/<lang>.json`), falling back to English,
/// then to the key itself. A counted phrase is an object of CLDR plural forms,
/// `"count.entries": {"one": "{n} entry", "other": "{n} entries"}`, chosen by the language's
/// ``PluralRule``; its forms are kept as `count.entries#one`, `count.entries#other`.
public struct UIStrings: Sendable {
    public let language: String
    /// The language the strings are written in: ``language``, or English where the theme has no
    /// file of it (the page says so of its English words: `lang="en"`).
    public let stringsLanguage: String
    public let pluralRule: PluralRule
    private let table: [String: String]
    /// Keys of the site's own `i18n/` files that no string of the theme has (`"nav.hom"`).
    public private(set) var warnings: [SiteError] = []

    /// `pluralLanguage`: the language whose forms the table's counted phrases hold (English
    /// when the theme has no file for `language`).
    public init(table: [String: String], language: String, pluralLanguage: String? = nil) {
        self.table = table
        self.language = language
        stringsLanguage = pluralLanguage ?? language
        pluralRule = PluralRule(language: pluralLanguage ?? language)
    }

    /// The name of the theme's `i18n/` file of the locale's language and region (`pt-BR` for
    /// `pt_BR`, whatever its case and separator), nil when it has none.
    static func regionalFile(ofLocale locale: String, in theme: Theme) -> String? {
        let parts = LocaleTag.base(locale).split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard parts.count >= 2 else { return nil }
        let wanted = parts[0] + "-" + parts[parts.count - 1]
        return theme.files.keys.sorted().lazy.filter { $0.hasPrefix("i18n/") && $0.hasSuffix(".json") }
            .map { String($0.dropFirst("i18n/".count).dropLast(".json".count)) }
            .first { $0.lowercased().replacingOccurrences(of: "_", with: "-") == wanted }
    }

    /// The language part of a locale: `"zh"` for `zh_CN` and `zh-Hans`; Chinese in Traditional
    /// characters (`zh_TW`, `zh_HK`, `zh_MO`, `zh-Hant`) is `"zh-hant"`, a language of its own here.
    public static func language(ofLocale locale: String) -> String {
        let parts = LocaleTag.base(locale).split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        let language = parts.first ?? "en"
        if language == "zh", !parts.contains("hans"), parts.dropFirst().contains(where: { ["hant", "tw", "hk", "mo"].contains($0) }) {
            return "zh-hant"
        }
        return language
    }

    /// Loads `i18n/<language>.json` over `i18n/en.json` from the theme, and a file of the
    /// locale's language and region over that (`i18n/pt-BR.json` for `pt_BR`; any case, `-` or
    /// `_`). A site's own file of a language the built-in theme has is read over the built-in
    /// one: it need hold only the strings it changes.
    public init(theme: Theme, locale: String, siteRoot: String = ".") throws(SiteErrors) {
        let language = UIStrings.language(ofLocale: locale)
        var table: [String: String] = [:]
        var errors: [SiteError] = []
        var warnings: [SiteError] = []
        let builtIn = Theme.builtIn.files
        // Built-in English, the site's English, built-in language, the site's language, the site's region.
        var layers: [(path: String, bytes: [UInt8], file: String, isSites: Bool, language: String)] = []
        var names = language == "en" ? ["en"] : ["en", language]
        if let regional = UIStrings.regionalFile(ofLocale: locale, in: theme), !names.contains(regional) { names.append(regional) }
        for name in names {
            let path = "i18n/\(name).json"
            if theme.overridden.contains(path), let bytes = builtIn[path] {
                layers.append((path, bytes, "(built-in theme)/" + path, false, name == "en" ? "en" : language))
            }
            if let bytes = theme.files[path] {
                // A region's file is of its language: it may change some of a phrase's forms only.
                layers.append((path, bytes, theme.displayPath(path, siteRoot: siteRoot), theme.overridden.contains(path), name == "en" ? "en" : language))
            }
        }
        let knownKeys = UIStrings.builtInKeys
        // The language whose file last gave each key: a site's file of the same language changes
        // only the forms it gives.
        var givenIn: [String: String] = [:]
        for (path, bytes, file, isSites, layerLanguage) in layers {
            do {
                let node = try JSONParser.parse(bytes)
                var reader = JSONReader(file: file, bytes: bytes)
                if let members = reader.members(node, what: path) {
                    // Which of two values of one string would count is unclear.
                    reader.checkDuplicateKeys(members, known: UIStrings.builtInKeyList)
                    for member in members {
                        if isSites, !knownKeys.contains(member.key) {
                            let p = SourcePosition(offset: member.keyOffset, in: bytes)
                            var reason = "no UI string is named \"\(member.key)\""
                            if let near = NearestName.suggestion(for: member.key, among: knownKeys.sorted()) { reason += " (did you mean \"\(near)\"?)" }
                            warnings.append(SiteError(file: file, line: p.line, column: p.column, reason: reason))
                        }
                        // A language's forms (or plain text) replace another language's whole: its
                        // categories are others. The "other" form replaced is kept should the new
                        // forms lack one (a warning says so), so that no page shows the key.
                        let sameLanguage = givenIn[member.key] == layerLanguage
                        givenIn[member.key] = layerLanguage
                        let replacedOther = table[member.key + "#other"]
                        let isForms = if case .object = member.value.value { true } else { false }
                        if !sameLanguage || !isForms {
                            for category in PluralRule.Category.allCases { table[member.key + "#" + category.rawValue] = nil }
                        }
                        // A placeholder the string has not (`{x}` for `{n}`) would be shown as written.
                        func checkPlaceholders(_ value: String, at offset: Int) {
                            guard isSites, let known = UIStrings.builtInPlaceholders[member.key] else { return }
                            for name in UIStrings.placeholders(in: value) where !known.contains(name) {
                                let p = SourcePosition(offset: offset, in: bytes)
                                let has = known.sorted().map { "{\($0)}" }.joined(separator: ", ")
                                warnings.append(SiteError(file: file, line: p.line, column: p.column,
                                                          reason: "\"{\(name)}\" in \"\(member.key)\" is shown as written: " + (known.isEmpty ? "it has no placeholders" : "its placeholders are \(has)")))
                            }
                        }
                        guard isForms else {
                            if let value = reader.string(member) {
                                table[member.key] = value
                                checkPlaceholders(value, at: member.value.offset)
                            }
                            continue
                        }
                        // A string that counts nothing has one text: forms would be left unread.
                        if knownKeys.contains(member.key), !UIStrings.countedKeys.contains(member.key) {
                            reader.fail(member.value.offset, "\"\(member.key)\" must be a string, found an object: only a counted phrase (such as \"count.entries\") has plural forms")
                            continue
                        }
                        let forms = reader.members(member.value, what: "\"\(member.key)\"") ?? []
                        reader.checkDuplicateKeys(forms, known: PluralRule.Category.allCases.map(\.rawValue))
                        for form in forms {
                            guard PluralRule.Category(rawValue: form.key) != nil else {
                                reader.fail(form.value.offset, "unknown plural category \"\(form.key)\" in \"\(member.key)\"; expected zero, one, two, few, many or other")
                                continue
                            }
                            if let value = reader.string(form) {
                                table[member.key + "#" + form.key] = value
                                checkPlaceholders(value, at: form.value.offset)
                            }
                        }
                        if table[member.key + "#other"] == nil {
                            table[member.key + "#other"] = replacedOther
                            guard isSites else { continue }
                            let p = SourcePosition(offset: member.keyOffset, in: bytes)
                            warnings.append(SiteError(file: file, line: p.line, column: p.column,
                                                      reason: "\"\(member.key)\" has no \"other\" form, which counts no other form names use"
                                                          + (replacedOther.map { " (they show \"\($0)\")" } ?? "")))
                        }
                    }
                }
                errors += reader.errors
            } catch {
                let p = SourcePosition(offset: error.offset, in: bytes)
                errors.append(SiteError(file: file, line: p.line, column: p.column, reason: error.reason))
            }
        }
        if !errors.isEmpty { throw SiteErrors(errors) }
        // A site's file of a language the built-in theme lacks: the strings it leaves out are shown in
        // English, without the `lang="en"` a site of that language with no file gets (found by a theme
        // audit: a Swedish file of three strings passed `check --strict` in silence).
        if language != "en", builtIn["i18n/\(language).json"] == nil,
           let own = layers.first(where: { $0.isSites && $0.language == language }) {
            let missing = UIStrings.builtInKeyList.filter { givenIn[$0] != language }
            if !missing.isEmpty {
                let named = missing.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (missing.count > 5 ? ", …" : "")
                warnings.append(SiteError(file: own.file, reason: "\(missing.count) of the theme's \(UIStrings.builtInKeyList.count) UI strings are "
                    + "not in it, so pages show them in English: \(named) (i18n/en.json of `daybook theme export` has them all)"))
            }
        }
        // A language the theme has no strings for shows English ones: counted in English's forms
        // (Portuguese calls 0 "one": "0 entry").
        let hasOwnFile = theme.files["i18n/\(language).json"] != nil || UIStrings.regionalFile(ofLocale: locale, in: theme) != nil
        self.init(table: table, language: language, pluralLanguage: hasOwnFile ? language : "en")
        self.warnings = warnings
    }

    /// The built-in English strings, which every language's file translates.
    private static let builtInMembers: [JSONMember] = {
        guard let bytes = Theme.builtIn.files["i18n/en.json"], let node = try? JSONParser.parse(bytes),
              case .object(let members) = node.value else { return [] }
        return members
    }()

    /// The keys of the built-in English strings.
    static let builtInKeys: Set<String> = Set(builtInKeyList)
    static let builtInKeyList: [String] = builtInMembers.map(\.key)

    /// The keys of the built-in counted phrases, which have plural forms (`count.entries`).
    static let countedKeys: Set<String> = Set(builtInMembers.filter { if case .object = $0.value.value { true } else { false } }.map(\.key))

    /// The placeholders (`{n}`, `{title}`) of each built-in English string, in any of its forms.
    static let builtInPlaceholders: [String: Set<String>] = {
        var found: [String: Set<String>] = [:]
        for member in builtInMembers {
            var names: Set<String> = []
            switch member.value.value {
            case .string(let text): names.formUnion(placeholders(in: text))
            case .object(let forms):
                for form in forms { if case .string(let text) = form.value.value { names.formUnion(placeholders(in: text)) } }
            default: break
            }
            found[member.key] = names
        }
        return found
    }()

    /// The names in `{…}` of a string: what ``fill(_:_:)`` replaces.
    static func placeholders(in text: String) -> [String] {
        guard text.contains("{") else { return [] }
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) { names.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    public subscript(key: String) -> String { table[key] ?? key }

    /// Every key of the table (plural forms as `key#category`).
    public var keys: Dictionary<String, String>.Keys { table.keys }

    /// The forms of a counted phrase, looked up once for all the counts a page shows.
    public func plural(_ key: String) -> PluralText {
        let other = table[key + "#other"] ?? table[key] ?? key
        return PluralText(rule: pluralRule, forms: PluralRule.Category.allCases.map { table[key + "#" + $0.rawValue] ?? other })
    }

    /// The string with `{name}` placeholders filled in. A `{` that opens no known name stays as
    /// it is, and the text after it is read on; filled-in values are not read again.
    public func format(_ key: String, _ values: [String: String]) -> String {
        UIStrings.fill(self[key], values)
    }

    /// `text` with its `{name}` placeholders filled in (``format(_:_:)``).
    static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text        // By bytes: `{` and `}` are ASCII, and walking Characters cost thousands of instructions a call.
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

/// The forms of one counted phrase in a language (``UIStrings/plural(_:)``).
public struct PluralText: Sendable {
    let rule: PluralRule
    /// One form for each ``PluralRule/Category``, in `allCases` order.
    let forms: [String]

    /// The form for `count`, with `{n}` as `number` (the count in the locale's digits) and any other
    /// placeholders from `values`.
    public func callAsFunction(_ count: Int, number: String, _ values: [String: String] = [:]) -> String {
        var all = values
        all["n"] = number
        return UIStrings.fill(forms[rule.category(count).index], all)
    }

    /// The form of `category` as written, `{n}` and all (for the browser to fill in).
    public func text(_ category: PluralRule.Category) -> String {
        forms[category.index]
    }
}
