/// Checks the pages at old addresses and the site's own pages against the other files a build
/// writes: such a page may not take a file's path (a linked file, a photo), need a folder where a
/// file is (`/index.html/`) or be a file where another needs a folder.
enum AliasClashes {
    /// A file one of those pages is written to: what it is called in a message, and where an error about it goes.
    private struct Claim {
        var file: String
        var name: String
        var error: (String) -> SiteError
    }

    /// An error at each alias and page that clashes with `paths` (every file the build writes,
    /// the aliases' and pages' own included) or with another alias.
    static func errors(of aliases: [DiaryAlias], pages: [DiaryPage] = [], in paths: [String]) -> [SiteError] {
        guard !aliases.isEmpty || !pages.isEmpty else { return [] }
        let claims = aliases.map { alias in Claim(file: alias.file, name: "alias \"\(AliasPath.shown(alias.file))\"", error: alias.error) }
            + pages.map { page in
                Claim(file: page.folder + "index.html", name: "the page's address \(page.folder)") {
                    SiteError(file: page.file.file, line: 1, column: 1, reason: $0)
                }
            }
        let claimed = Set(claims.map(\.file))
        let files = Set(paths)
        let folders = OutputWriter.folders(of: paths)
        var uses: [String: Int] = [:]
        for path in paths where claimed.contains(path) { uses[path, default: 0] += 1 }
        var errors: [SiteError] = []
        for claim in claims {
            if uses[claim.file, default: 0] > 1 {
                errors.append(claim.error(claim.file.hasPrefix("entries/")
                    ? "\(claim.name) is the page of an entry the diary has; an old address is one no entry has now"
                    : "\(claim.name) is \(claim.file), a file the build publishes already (a photo or a file the entries link to)"))
            } else if folders.contains(Substring(claim.file)) {
                let inside = paths.first { $0.hasPrefix(claim.file + "/") } ?? claim.file
                errors.append(claim.error("\(claim.name) would be the file \(claim.file), but the build needs a folder there for \(inside)"))
            } else {
                var rest = Substring(claim.file)
                while let slash = rest.lastIndex(of: "/") {
                    rest = rest[..<slash]
                    if files.contains(String(rest)) {
                        errors.append(claim.error("\(claim.name) needs a folder \(rest)/, but the build writes the file \(rest) there"))
                        break
                    }
                }
            }
        }
        return errors
    }
}
