import DaybookCore
import Foundation

/// Where a Hugo, Zola or Jekyll site published a post, so that its entry keeps the address as an
/// alias (`aliases`) and links to the old site keep working.
///
/// - Hugo: `content/posts/My Trip.md` (or the bundle `content/posts/My Trip/index.md`) was at
///   `/posts/my-trip/`, its last part the `slug` when one is given; each part as Hugo makes a
///   path of it (``hugoPart(_:spacesAfterHyphens:)``), lowercased. A section the configuration's
///   `permalinks` gives a pattern (`posts = "/:year/:month/:slug/"`) was there
///   (``hugoPermalink(_:section:sections:name:slug:title:day:spacesAfterHyphens:)``). A site whose
///   configuration sets `uglyURLs` or `languages`, or `permalinks` in a way not read here,
///   published elsewhere: nothing is guessed (``SiteRules/guessesHugo``).
/// - Zola: the section folders as they are, and the page's own name (or its bundle folder's)
///   slugified as Zola does by default (``zolaPart(_:)``), a leading date left out.
/// - Jekyll: the `permalink` of `_config.yml` (default `date`:
///   `/:categories/:year/:month/:day/:title.html`; `pretty`, `none` and written-out patterns
///   too), `:title` the file name's words or the `slug` as Jekyll slugifies them, categories lowercased.
/// - Either: a written-out `url:` (Hugo) or `permalink:` (Jekyll) in the front matter.
struct PostAddress {
    /// What a site's configuration says about its addresses.
    struct SiteRules {
        /// Hugo's default addresses hold, but for ``hugoPermalinks``: no `uglyURLs` or `languages` in
        /// its configuration, and no `permalinks` but those read.
        var guessesHugo = true
        /// Hugo's `permalinks`, by section (`posts` → `/:year/:month/:slug/`): its `[permalinks]`
        /// table, or the `page` table in it (Hugo 0.117 and later).
        var hugoPermalinks: [String: String] = [:]
        /// The folders of `content/` (`posts/travel`) with an `_index` page: Hugo's nested sections.
        var hugoSections: Set<String> = []
        /// The `content/` folder is Zola's (its `config.toml` or `zola.toml` has `base_url`).
        var isZola = false
        /// Jekyll's `permalink` pattern, expanded; nil when it cannot be (`ordinal`, an unknown placeholder).
        var jekyllPattern: String? = "/:categories/:year/:month/:day/:title:output_ext"
        /// The zone the site reads a time without an offset in: Jekyll's `timezone`, Hugo's `timeZone`.
        var timeZone: TimeZone?

        /// The zone a configuration file names at its top (`key`, in any case), if it is one.
        static func zone(in text: String, as syntax: FrontMatter.Syntax, key: String) -> TimeZone? {
            guard case .success(.map(let pairs, _, _, _)?) = FrontMatter.parse(text, as: syntax),
                  case .scalar(let name, _, _, _)? = pairs.last(where: { $0.key.lowercased() == key })?.value else { return nil }
            return TimeZone(identifier: name.trimmingCharacters(in: .whitespaces))
        }

        /// The rules of the site whose files (`files`, relative) `read` reads; `postFolders` as
        /// ``MarkdownNotesImporter/postFolders(in:)`` found them.
        static func of(files: [String], postFolders: [String], read: (String) -> String?) -> SiteRules {
            var rules = SiteRules()
            if postFolders == ["content/"] {
                let configs = files.filter { path in
                    let name = (path as NSString).lastPathComponent
                    return (!path.contains("/") || path.hasPrefix("config/"))
                        && ["hugo", "config", "permalinks", "languages"].contains((name as NSString).deletingPathExtension)
                        && ["toml", "yaml", "yml", "json"].contains((name as NSString).pathExtension)
                }
                rules.isZola = configs.contains { path in
                    ["config.toml", "zola.toml"].contains(path) && read(path)?.contains("base_url") == true
                }
                for path in configs where rules.timeZone == nil && !path.hasSuffix(".json") {
                    rules.timeZone = read(path).flatMap { zone(in: $0, as: path.hasSuffix(".toml") ? .toml : .yaml, key: "timezone") }
                }
                rules.hugoSections = Set(files.filter { path in
                    path.hasPrefix("content/") && ((path as NSString).lastPathComponent as NSString).deletingPathExtension == "_index"
                }.map { String(($0 as NSString).deletingLastPathComponent.dropFirst("content/".count)) })
                var permalinksRead = true
                for path in configs where !path.hasSuffix(".json") {
                    guard let text = read(path), text.lowercased().contains("permalinks") || path.contains("permalinks") else { continue }
                    guard let found = PostAddress.hugoPermalinks(in: text, as: path.hasSuffix(".toml") ? .toml : .yaml,
                                                     wholeFile: (path as NSString).lastPathComponent.hasPrefix("permalinks")) else {
                        permalinksRead = false
                        continue
                    }
                    rules.hugoPermalinks.merge(found) { _, new in new }
                }
                rules.guessesHugo = permalinksRead && !configs.contains { path in
                    guard let text = read(path)?.lowercased() else { return true }
                    let name = (path as NSString).lastPathComponent
                    return text.contains("uglyurls") || text.contains("languages") || name.hasPrefix("languages")
                        || (path.hasSuffix(".json") && (text.contains("permalinks") || name.hasPrefix("permalinks")))
                }
            } else if postFolders.contains("_posts/") {
                let config = files.first { $0 == "_config.yml" || $0 == "_config.yaml" }
                var written: String?
                rules.timeZone = config.flatMap(read).flatMap { zone(in: $0, as: .yaml, key: "timezone") }
                if let config, let text = read(config), case .success(.map(let pairs, _, _, _)?) = FrontMatter.parse(text),
                   let value = pairs.last(where: { $0.key == "permalink" })?.value {
                    guard case .scalar(let s, _, _, _) = value else { rules.jekyllPattern = nil; return rules }
                    written = s
                }
                switch written {
                case nil, "date": break
                case "pretty": rules.jekyllPattern = "/:categories/:year/:month/:day/:title/"
                case "none": rules.jekyllPattern = "/:categories/:title:output_ext"
                case let pattern? where pattern.contains(":") || pattern.hasPrefix("/"): rules.jekyllPattern = pattern
                default: rules.jekyllPattern = nil
                }
            }
            return rules
        }
    }

    /// Hugo's `permalinks` in a configuration file's text (a `permalinks.*` file of `config/` is the
    /// table itself, `wholeFile`): section → pattern. Nil when they are there in a form not read
    /// (a pattern that is no path); empty when there are none.
    static func hugoPermalinks(in text: String, as syntax: FrontMatter.Syntax, wholeFile: Bool) -> [String: String]? {
        guard case .success(.map(let top, _, _, _)?) = FrontMatter.parse(text, as: syntax) else { return nil }
        var table = top
        if !wholeFile {
            guard let found = top.last(where: { $0.key.lowercased() == "permalinks" }) else { return [:] }
            guard case .map(let pairs, _, _, _) = found.value else { return nil }
            table = pairs
        }
        // Hugo 0.117's form: `[permalinks.page]` for pages, `[permalinks.section]` for section lists.
        if let page = table.last(where: { $0.key.lowercased() == "page" }), case .map(let pairs, _, _, _) = page.value { table = pairs }
        var found: [String: String] = [:]
        for (key, value) in table {
            switch value {
            case .scalar(let pattern, _, _, _) where pattern.contains("/") || pattern.contains(":"): found[key.lowercased()] = pattern
            case .map where ["section", "taxonomy", "term"].contains(key.lowercased()): continue
            default: return nil
            }
        }
        return found
    }

    /// The address a Hugo `permalinks` pattern gives a page: `:year`, `:month`, `:monthname`,
    /// `:day`, `:weekday`, `:weekdayname`, `:yearday`, `:section`, `:sections`, `:title`, `:slug`
    /// (the title without one), `:slugorfilename`, `:filename` and `:contentbasename` (a bundle's
    /// folder) replaced, as Hugo does, then a `/` at the end but after `.html`. Nil for a token it
    /// does not know.
    static func hugoPermalink(_ pattern: String, section: String, sections: [String], name: String, slug: String?,
                              title: String, day: CalendarDay, spacesAfterHyphens: Bool) -> String? {
        let given = slug?.trimmingCharacters(in: .whitespaces).isEmpty == false ? slug : nil
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        let days = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let weekday = day.weekday  // 0 Sunday, as Go's time.Weekday
        let yearDay = day.daysSinceEpoch - CalendarDay(year: day.year, month: 1, day: 1).daysSinceEpoch + 1
        func part(_ text: String) -> String { hugoPart(text, spacesAfterHyphens: spacesAfterHyphens) }
        let values: [String: String] = [
            "year": String(format: "%04d", day.year), "month": String(format: "%02d", day.month), "monthname": months[day.month - 1],
            "day": String(format: "%02d", day.day), "weekday": String(weekday), "weekdayname": days[weekday],
            "yearday": String(yearDay), "section": part(section), "sections": sections.map(part).joined(separator: "/"),
            "title": part(title), "slug": part(given ?? title), "slugorfilename": part(given ?? name), "filename": part(name),
            "contentbasename": part(name),
        ]
        var out = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let token = rest[rest.index(after: colon)...].prefix { $0.isLetter }
            guard let value = values[token.lowercased()] else { return nil }
            out += value
            rest = rest[token.endIndex...]
        }
        out += rest
        if !out.hasPrefix("/") { out = "/" + out }
        if !out.hasSuffix("/"), !out.lowercased().hasSuffix(".html") { out += "/" }
        while out.contains("//") { out = out.replacingOccurrences(of: "//", with: "/") }
        return out
    }

    /// The post's old addresses, from the site's root (`/posts/my-trip/`); none when not known, two
    /// where Hugo's versions make different paths of one name. `path`: the note's path in the
    /// export; `written`: a `url:` or `permalink:` of its front matter; `categories` as its front
    /// matter lists them; `day` its date.
    static func of(path: String, slug: String?, title: String = "", written: String?, categories: [String], day: CalendarDay,
                   postFolders: [String], rules: SiteRules) -> [String] {
        if let written = written?.trimmingCharacters(in: .whitespaces), !written.isEmpty {
            if !written.contains(":") { return [written.hasPrefix("/") ? written : "/" + written] }
            if postFolders == ["content/"] { return [] }
            return jekyll(pattern: written, path: path, slug: slug, categories: categories, day: day).map { [$0] } ?? []
        }
        if postFolders == ["content/"] {
            guard rules.guessesHugo, path.hasPrefix("content/") else { return [] }
            var parts = String(path.dropFirst("content/".count)).split(separator: "/").map(String.init)
            let name = (parts.removeLast() as NSString).deletingPathExtension
            if name == "_index" { return [] }
            if name != "index" { parts.append(name) }
            guard !parts.isEmpty else { return [] }
            if !rules.isZola, parts.count > 1, let pattern = rules.hugoPermalinks[parts[0].lowercased()] {
                // The page's own name: its file's, or its bundle's folder.
                // `:sections`: the first folder, and those in it that are sections themselves (with an `_index`).
                let own = parts[parts.count - 1]
                var sections = [parts[0]]
                for k in 1..<(parts.count - 1) {
                    guard rules.hugoSections.contains(parts[0...k].joined(separator: "/")) else { break }
                    sections.append(parts[k])
                }
                var addresses: [String] = []
                for spacesAfterHyphens in [true, false] {
                    guard let address = hugoPermalink(pattern, section: parts[0], sections: sections, name: own, slug: slug, title: title,
                                                      day: day, spacesAfterHyphens: spacesAfterHyphens) else { return [] }
                    if !addresses.contains(address) { addresses.append(address) }
                }
                return addresses
            }
            if rules.isZola {
                // Zola keeps the section folders as they are and slugifies the page's own name
                // (a bundle's folder), a leading date taken off.
                var own = parts.removeLast()
                if let undated = withoutDate(own, separators: "-_") { own = undated }
                if let slug = slug?.trimmingCharacters(in: .whitespaces), !slug.isEmpty { own = slug }
                guard let page = zolaPart(own), !page.isEmpty else { return [] }
                return ["/" + (parts + [page]).joined(separator: "/") + "/"]
            }
            if let slug = slug?.trimmingCharacters(in: .whitespaces), !slug.isEmpty { parts[parts.count - 1] = slug }
            var addresses: [String] = []
            for spacesAfterHyphens in [true, false] {
                let made = parts.map { hugoPart($0, spacesAfterHyphens: spacesAfterHyphens) }
                guard !made.contains(where: \.isEmpty) else { return [] }
                let address = "/" + made.joined(separator: "/") + "/"
                if !addresses.contains(address) { addresses.append(address) }
            }
            return addresses
        }
        if postFolders.contains("_posts/"), path.hasPrefix("_posts/"), let pattern = rules.jekyllPattern {
            return jekyll(pattern: pattern, path: path, slug: slug, categories: categories, day: day).map { [$0] } ?? []
        }
        return []
    }

    /// A name as Hugo makes a path of it (its `MakePath`): letters, digits, marks and `. _ ~ + # @ - \\`
    /// kept, `%` before two hex digits too, a space made `-`, anything else dropped, then lowercased
    /// letter by letter (`İ` is `i`). Hugo 0.168 makes each space a `-` (`spacesAfterHyphens`);
    /// 0.111 (Debian 12's) adds none after a `-`, and drops a `-` after a space's (`a- b` and
    /// `a -b` are `a-b`). Both checked against those Hugos' output.
    static func hugoPart(_ name: String, spacesAfterHyphens: Bool) -> String {
        let scalars = Array(name.unicodeScalars)
        var out = String.UnicodeScalarView()
        var afterHyphen = false, afterSpace = false
        for (i, scalar) in scalars.enumerated() {
            var kept = ".\\_#+~-@/".unicodeScalars.contains(scalar) || isLetterDigitOrMark(scalar)
            if scalar == "%", i + 2 < scalars.count, scalars[i + 1].properties.isASCIIHexDigit, scalars[i + 2].properties.isASCIIHexDigit {
                kept = true
            }
            if kept {
                if scalar == "-", afterSpace, !spacesAfterHyphens { continue }
                out.append(lowercased(scalar))
                afterHyphen = scalar == "-"
                afterSpace = false
            } else if scalar.properties.isWhitespace, spacesAfterHyphens || !afterHyphen {
                out.append("-")
                afterHyphen = true
                afterSpace = true
            }
        }
        return String(out)
    }

    /// Go's `unicode.IsLetter`, `IsDigit` and `IsMark`, which Hugo and Jekyll keep: the categories L, Nd and M.
    static func isLetterDigitOrMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
        default: return false
        }
    }

    /// A scalar lowercased on its own, as Go's `unicode.ToLower` does (`İ` is `i`, not `i̇`).
    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    /// A name as Zola slugifies a path by default (`slugify.paths = "on"`): accents dropped, lowercased,
    /// each run of other characters than ASCII letters and digits one `-`, none at the ends. Nil for a
    /// name with letters Zola would transliterate (`산책`, `Straße`), which this does not guess.
    static func zolaPart(_ name: String) -> String? {
        let folded = name.folding(options: [.diacriticInsensitive], locale: nil).lowercased()
        var out = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal {
                if pendingHyphen, !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            } else if !scalar.isASCII, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                return nil
            } else {
                pendingHyphen = true
            }
        }
        return out
    }

    /// A name without its leading `yyyy-MM-dd` and one of `separators` (Jekyll's and Zola's dated file names).
    static func withoutDate(_ name: String, separators: String) -> String? {
        guard name.count > 11, let separator = name.dropFirst(10).first, separators.contains(separator),
              case .success = ISODate.parse(String(name.prefix(10))) else { return nil }
        return String(name.dropFirst(11))
    }

    /// A Hugo post's relative alias (`old-walk/`) from the site's root: Hugo takes it from the
    /// folder of the post's own address (`/posts/walk/` → `/posts/old-walk/`). Nil without one.
    static func hugoAlias(_ written: String, of address: String?) -> String? {
        // Hugo writes `old.html/` as the file `old.html`.
        var written = written
        if let last = written.split(separator: "/").last, written.hasSuffix("/"), last.lowercased().hasSuffix(".html") || last.lowercased().hasSuffix(".htm") {
            written.removeLast()
        }
        if written.isEmpty || written.hasPrefix("/") || written.contains("://") { return written }
        guard let address else { return nil }
        var folder = address.split(separator: "/").dropLast().map(String.init)
        for part in written.split(separator: "/", omittingEmptySubsequences: false).dropLast(written.hasSuffix("/") ? 1 : 0) {
            switch part {
            case ".": continue
            case "..": if !folder.isEmpty { folder.removeLast() }  // no higher than the root, as Hugo
            default: folder.append(String(part))
            }
        }
        return "/" + folder.joined(separator: "/") + (written.hasSuffix("/") ? "/" : "")
    }

    /// A name as Jekyll slugifies it (`Utils.slugify`): each run of characters that are not letters,
    /// marks or decimal digits (`pretty`: nor `._~!$&'()+,;=@`) one `-`, none at the ends,
    /// lowercased unless `cased`.
    static func jekyllSlug(_ name: String, pretty: Bool, cased: Bool) -> String {
        let kept = pretty ? "._~!$&'()+,;=@".unicodeScalars : "".unicodeScalars
        var out = String.UnicodeScalarView()
        var pendingHyphen = false
        for scalar in name.unicodeScalars {
            if isLetterDigitOrMark(scalar) || kept.contains(scalar) {
                if pendingHyphen, !out.isEmpty { out.append("-") }
                pendingHyphen = false
                out.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return cased ? String(out) : String(out).lowercased()
    }

    /// Jekyll's `pattern` filled in for a post; nil for a placeholder this does not know.
    static func jekyll(pattern: String, path: String, slug: String?, categories: [String], day: CalendarDay) -> String? {
        var name = (((path as NSString).lastPathComponent) as NSString).deletingPathExtension
        if let undated = withoutDate(name, separators: "-") { name = undated }
        let title = slug.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? name
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var folders: [String] = []
        for category in categories.map({ $0.lowercased() }) where !category.isEmpty && !folders.contains(category) { folders.append(category) }
        let values: [String: String] = [
            "year": String(day.year), "short_year": two(day.year % 100), "month": two(day.month), "i_month": String(day.month),
            "day": two(day.day), "i_day": String(day.day), "title": jekyllSlug(title, pretty: true, cased: true), "slug": jekyllSlug(title, pretty: false, cased: false),
            "categories": folders.joined(separator: "/"), "output_ext": ".html",
        ]
        var out = ""
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            out += rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            let key = after.prefix { $0.isLetter || $0 == "_" }
            // The longest placeholder that the name starts with (`:title` in `:titlefoo` is not one).
            guard let value = values[String(key)] else { return nil }
            out += value
            rest = after.dropFirst(key.count)
        }
        out += rest
        while out.contains("//") { out = out.replacingOccurrences(of: "//", with: "/") }
        return out.hasPrefix("/") ? out : "/" + out
    }
}
