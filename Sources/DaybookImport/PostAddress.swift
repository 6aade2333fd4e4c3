import DaybookCore
import Foundation

/// Where a Hugo, Zola or Jekyll site published a post, so that its entry keeps the address as an
/// alias (`aliases`) and links to the old site keep working.
///
/// - Hugo and Zola: `content/posts/my-trip.md` (or the bundle `content/posts/my-trip/index.md`)
///   was at `/posts/my-trip/`, its last part the `slug` when one is given, lowercased with spaces
///   as `-` (Hugo's default). A site whose configuration sets `permalinks` or `uglyURLs` published
///   elsewhere: nothing is guessed (``SiteRules/guessesHugo``).
/// - Jekyll: the `permalink` of `_config.yml` (default `date`:
///   `/:categories/:year/:month/:day/:title.html`; `pretty`, `none` and written-out patterns
///   too), `:title` the file name's words or the `slug`, categories lowercased.
/// - Either: a written-out `url:` (Hugo) or `permalink:` (Jekyll) in the front matter.
struct PostAddress {
    /// What a site's configuration says about its addresses.
    struct SiteRules {
        /// Hugo's default addresses hold: no `permalinks` or `uglyURLs` in its configuration.
        var guessesHugo = true
        /// Jekyll's `permalink` pattern, expanded; nil when it cannot be (`ordinal`, an unknown placeholder).
        var jekyllPattern: String? = "/:categories/:year/:month/:day/:title:output_ext"

        /// The rules of the site whose files (`files`, relative) `read` reads; `postFolders` as
        /// ``MarkdownNotesImporter/postFolders(in:)`` found them.
        static func of(files: [String], postFolders: [String], read: (String) -> String?) -> SiteRules {
            var rules = SiteRules()
            if postFolders == ["content/"] {
                let configs = files.filter { path in
                    let name = (path as NSString).lastPathComponent
                    return (!path.contains("/") || path.hasPrefix("config/"))
                        && ["hugo", "config", "permalinks"].contains((name as NSString).deletingPathExtension)
                        && ["toml", "yaml", "yml", "json"].contains((name as NSString).pathExtension)
                }
                rules.guessesHugo = !configs.contains { path in
                    guard let text = read(path)?.lowercased() else { return true }
                    return text.contains("permalinks") || text.contains("uglyurls") || (path as NSString).lastPathComponent.hasPrefix("permalinks")
                }
            } else if postFolders.contains("_posts/") {
                let config = files.first { $0 == "_config.yml" || $0 == "_config.yaml" }
                var written: String?
                if let config, let text = read(config), case .success(.map(let pairs, _, _)?) = FrontMatter.parse(text),
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

    /// The post's old address, from the site's root (`/posts/my-trip/`), or nil when it is not known.
    /// `path`: the note's path in the export; `written`: a `url:` or `permalink:` of its front
    /// matter; `categories` as its front matter lists them; `day` its date.
    static func of(path: String, slug: String?, written: String?, categories: [String], day: CalendarDay,
                   postFolders: [String], rules: SiteRules) -> String? {
        if let written = written?.trimmingCharacters(in: .whitespaces), !written.isEmpty {
            if !written.contains(":") { return written.hasPrefix("/") ? written : "/" + written }
            if postFolders == ["content/"] { return nil }
            return jekyll(pattern: written, path: path, slug: slug, categories: categories, day: day)
        }
        if postFolders == ["content/"] {
            guard rules.guessesHugo, path.hasPrefix("content/") else { return nil }
            var parts = String(path.dropFirst("content/".count)).split(separator: "/").map(String.init)
            let name = (parts.removeLast() as NSString).deletingPathExtension
            if name == "_index" { return nil }
            if name != "index" { parts.append(name) }
            guard !parts.isEmpty else { return nil }
            if let slug = slug?.trimmingCharacters(in: .whitespaces), !slug.isEmpty { parts[parts.count - 1] = slug }
            return "/" + parts.map { $0.lowercased().replacingOccurrences(of: " ", with: "-") }.joined(separator: "/") + "/"
        }
        if postFolders.contains("_posts/"), path.hasPrefix("_posts/"), let pattern = rules.jekyllPattern {
            return jekyll(pattern: pattern, path: path, slug: slug, categories: categories, day: day)
        }
        return nil
    }

    /// Jekyll's `pattern` filled in for a post; nil for a placeholder this does not know.
    static func jekyll(pattern: String, path: String, slug: String?, categories: [String], day: CalendarDay) -> String? {
        var name = (((path as NSString).lastPathComponent) as NSString).deletingPathExtension
        if name.count > 11, name.dropFirst(10).first == "-", case .success = ISODate.parse(String(name.prefix(10))) {
            name = String(name.dropFirst(11))
        }
        let title = slug.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? name
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var folders: [String] = []
        for category in categories.map({ $0.lowercased() }) where !category.isEmpty && !folders.contains(category) { folders.append(category) }
        let values: [String: String] = [
            "year": String(day.year), "short_year": two(day.year % 100), "month": two(day.month), "i_month": String(day.month),
            "day": two(day.day), "i_day": String(day.day), "title": title, "slug": Slug.make(title),
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
