import Foundation

/// Hugo's, Zola's and Jekyll's files and folders at a site's top (`content/`, `_posts/`,
/// `layouts/`, `hugo.toml`, `_config.yml`), which Daybook does not read: each is a warning at it
/// saying what Daybook reads instead, and for posts how to import them (found by a newcomer's
/// audit: a site holding them was "no problems found").
enum OtherToolsFiles {
    /// How a site of another tool's posts come in.
    static let importHint = "; to bring its posts in as entries, keep the old site in a folder of its own and run "
        + "daybook import markdown OLD-SITE --site SITE (docs/import.md)"
    static let configHint = "Daybook's settings are daybook.json's (\"title\", \"baseURL\", \"locale\", \"timeZone\", \"params\")"
    static let templatesHint = "Daybook's templates are Mustache files in templates/ (daybook theme export SITE/templates writes the built-in ones to start from)"

    /// Each name, whether it is a folder (else a file), and what it is, with what Daybook reads instead.
    static let names: [String: (folder: Bool, reason: String)] = [
        "content": (true, "Hugo's (and Zola's) posts and pages; Daybook reads its entries from diary.json or diary/, and its pages from pages/" + importHint),
        "_posts": (true, "Jekyll's posts; Daybook reads its entries from diary.json or diary/" + importHint),
        "_drafts": (true, "Jekyll's drafts; Daybook reads its entries from diary.json or diary/, a draft with \"draft\": true" + importHint),
        "layouts": (true, "Hugo's templates; " + templatesHint),
        "_layouts": (true, "Jekyll's templates; " + templatesHint),
        "_includes": (true, "Jekyll's includes; Daybook's are partials, templates/partials/NAME.mustache, included as {{> NAME}}"),
        "themes": (true, "Hugo's themes; Daybook's theme is built in, and your copies of its files go in templates/ (daybook theme export SITE/templates writes them)"),
        "archetypes": (true, "Hugo's archetypes; daybook add TITLE writes a new entry to diary.json"),
        "i18n": (true, "Hugo's strings; Daybook's are templates/i18n/LANGUAGE.json"),
        "_data": (true, "Jekyll's data; your own values for templates are \"params\" in daybook.json ({{chrome.params.NAME}})"),
        "_sass": (true, "Jekyll's styles; Daybook's stylesheet is templates/assets/style.css"),
        "hugo.toml": (false, "Hugo's configuration; " + configHint),
        "hugo.yaml": (false, "Hugo's configuration; " + configHint),
        "hugo.json": (false, "Hugo's configuration; " + configHint),
        "config.toml": (false, "Hugo's (or Zola's) configuration; " + configHint),
        "config.yaml": (false, "Hugo's configuration; " + configHint),
        "_config.yml": (false, "Jekyll's configuration; " + configHint),
        "_config.yaml": (false, "Jekyll's configuration; " + configHint),
    ]

    /// A warning at each of `listing` (the names at the site's top) that is one of ``names``, of
    /// its kind (a folder `content/`, a file `hugo.toml`), in the order of the names.
    static func warnings(root: String, listing: [String], displayPath: (String) -> String) -> [SiteError] {
        var found: [SiteError] = []
        for name in listing.sorted() {
            guard let known = names[name] else { continue }
            var info = stat()
            guard stat((root as NSString).appendingPathComponent(name), &info) == 0,
                  ((info.st_mode & S_IFMT) == S_IFDIR) == known.folder else { continue }
            found.append(SiteError(file: displayPath(name), reason: "not read: " + known.reason))
        }
        return found
    }

    /// Which tool's site a folder without daybook.json is, by its configuration or its `content/`
    /// or `_posts/` ("a Hugo site"), for the "not found" of its daybook.json; nil for another folder.
    static func siteKind(_ root: String) -> String? {
        let kinds = [("hugo.toml", "a Hugo site"), ("hugo.yaml", "a Hugo site"), ("hugo.json", "a Hugo site"),
                     ("config.toml", "a Hugo or Zola site"), ("config.yaml", "a Hugo site"), ("content", "a Hugo or Zola site"),
                     ("_config.yml", "a Jekyll site"), ("_config.yaml", "a Jekyll site"), ("_posts", "a Jekyll site")]
        return kinds.first { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0.0)) }?.1
    }
}
