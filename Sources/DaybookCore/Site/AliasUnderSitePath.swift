/// Aliases written with the site's own path in front (`/diary/posts/old/` on a site whose
/// `baseURL` is `https://user.github.io/diary/`), as an old address is copied from the browser.
/// An alias is from the site's root, so its page would be served at `/diary/diary/posts/old/`,
/// and the old address would still lead nowhere (found by a newcomer's audit).
enum AliasUnderSitePath {
    /// A warning at each such alias, saying what to write instead.
    static func warnings(_ aliases: [DiaryAlias], baseURL: String?) -> [SiteError] {
        let sitePath = LinkChecker.sitePath(baseURL: baseURL)
        guard sitePath != "/" else { return [] }
        let inside = String(sitePath.dropFirst())
        return aliases.filter { $0.file.hasPrefix(inside) }.map { alias in
            let shown = AliasPath.shown(alias.file)
            let meant = AliasPath.shown(String(alias.file.dropFirst(inside.count)))
            return alias.error("alias \"\(shown)\" starts with the site's path \(sitePath) (its baseURL), so its page is served at \(sitePath.dropLast())\(shown): an alias is from the site's root, as in Hugo; write \"\(meant)\"")
        }
    }
}
