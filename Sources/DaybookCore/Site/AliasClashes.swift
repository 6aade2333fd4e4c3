/// Checks an entry's old addresses against the other files a build writes: an alias page may not
/// take a file's path (a linked file, a photo), need a folder where a file is (`/index.html/`) or
/// be a file where another needs a folder.
enum AliasClashes {
    /// An error at each alias that clashes with `paths` (every file the build writes, the aliases'
    /// own pages included) or with another alias.
    static func errors(of aliases: [DiaryAlias], in paths: [String]) -> [SiteError] {
        guard !aliases.isEmpty else { return [] }
        let aliasFiles = Set(aliases.map(\.file))
        let files = Set(paths)
        let folders = OutputWriter.folders(of: paths)
        var uses: [String: Int] = [:]
        for path in paths where aliasFiles.contains(path) { uses[path, default: 0] += 1 }
        var errors: [SiteError] = []
        for alias in aliases {
            let shown = "alias \"\(AliasPath.shown(alias.file))\""
            if uses[alias.file, default: 0] > 1 {
                errors.append(alias.error("\(shown) is \(alias.file), a file the build publishes already (a photo or a file the entries link to)"))
            } else if folders.contains(Substring(alias.file)) {
                let inside = paths.first { $0.hasPrefix(alias.file + "/") } ?? alias.file
                errors.append(alias.error("\(shown) would be the file \(alias.file), but the build needs a folder there for \(inside)"))
            } else {
                var rest = Substring(alias.file)
                while let slash = rest.lastIndex(of: "/") {
                    rest = rest[..<slash]
                    if files.contains(String(rest)) {
                        errors.append(alias.error("\(shown) needs a folder \(rest)/, but the build writes the file \(rest) there"))
                        break
                    }
                }
            }
        }
        return errors
    }
}
