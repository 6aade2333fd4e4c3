import Foundation

/// Checks the files of the site's `static/` folder against the files a build writes: a static
/// file may not take the path of one (a page, an alias's page, the theme's asset, a photo's
/// file, the search index), need a folder where the build writes a file, be a file where the
/// build needs a folder, take a name the build keeps for its own records, or be another static
/// file on a disk that ignores case. Hugo lets the page win in silence; here the user learns why
/// their file would not appear.
enum StaticClashes {
    /// An error at each static file that clashes with `paths` (every file the build writes besides
    /// the static files); `what` names the build's file at one of `paths`.
    static func errors(of folder: StaticFolder, in paths: [String], what: (String) -> String) -> [SiteError] {
        guard !folder.files.isEmpty else { return [] }
        // By their bytes: on Linux `café` composed and decomposed are two files.
        let files = Set(paths.map { Array($0.utf8) })
        let folders = OutputWriter.folders(of: paths)
        var built: [String: String] = [:]
        for path in paths {
            for key in caselessKeys(path) { built[key] = path }
        }
        var statics: [String: String] = [:]
        var errors: [SiteError] = []
        for path in folder.files {
            func error(_ reason: String) {
                errors.append(SiteError(file: folder.shown + "/" + path, reason: reason + "; rename or remove this file"))
            }
            let keys = caselessKeys(path)
            defer { for key in keys where statics[key] == nil { statics[key] = path } }
            if let record = ownRecord(path) {
                error("\(record) is a name the build keeps for its own records in the output")
            } else if files.contains(Array(path.utf8)) {
                // The theme's own files are replaced from templates/, not static/ (found by a theme audit).
                let instead = path.hasPrefix("assets/") ? " (to replace the theme's, put yours at templates/\(path))" : ""
                error("the build writes \(what(path)) at \(path), and a static file may not take its place\(instead)")
            } else if let other = keys.lazy.compactMap({ built[$0] }).first {
                error("the build writes \(what(other)) at \(other), which is this file's path \(sameOnDisk(path, other))")
            } else if let other = keys.lazy.compactMap({ statics[$0] }).first {
                error("\(folder.shown)/\(other) is published at \(other), which is this file's path \(sameOnDisk(path, other))")
            } else if folders.contains(Substring(path)) {
                let inside = paths.first { $0.hasPrefix(path + "/") } ?? path
                error("the build needs a folder \(path)/ here, for \(what(inside)) (\(inside))")
            } else {
                var rest = Substring(path)
                while let slash = rest.lastIndex(of: "/") {
                    rest = rest[..<slash]
                    if files.contains(Array(rest.utf8)) {
                        error("this file needs a folder \(rest)/, but the build writes \(what(String(rest))) at \(rest)")
                        break
                    }
                }
            }
        }
        return errors
    }

    /// What two different paths are one file on: `path` on a disk that ignores case, or, when they
    /// differ only in how their accents are written, on macOS'.
    private static func sameOnDisk(_ path: String, _ other: String) -> String {
        // Swift's `==` takes `é` as one code point and as `e` and U+0301 for the same.
        path == other ? "on a Mac's disk, which takes an accented letter written as one character or as a letter and its accent for one name"
            : "on a disk that ignores case (macOS', Windows')"
    }

    /// The forms in which a disk that ignores case compares `path`: macOS' APFS by its canonical
    /// caseless form (Unicode's full case folding, accents composed or not alike: `Straße` is
    /// `STRASSE`, `ﬁle` is `FILE`), Windows' NTFS by its upper case (`ı` is `I`, as `i` is).
    static func caselessKeys(_ path: String) -> [String] {
        // Every path the build writes is asked: ASCII's folding is its lower case (Foundation's is slow).
        if path.utf8.allSatisfy({ $0 < 0x80 }) { return ["f" + path.lowercased(), "u" + path.uppercased()] }
        let folded = path.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCanonicalMapping
        let upper = path.uppercased().decomposedStringWithCanonicalMapping
        return ["f" + folded, "u" + upper]
    }

    /// The name of the build's record that `path` would take (``OutputWriter/manifestName``, the
    /// marker of an unfinished build, a staged or set-aside file's suffix), or nil.
    private static func ownRecord(_ path: String) -> String? {
        if path == OutputWriter.manifestName || path == OutputWriter.unfinishedMarkerName { return path }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return [OutputWriter.stagingSuffix, OutputWriter.setAsideSuffix].contains { name.hasSuffix($0) } ? name : nil
    }

    /// What the build writes at `path`, one of its files: a page (`the home page`, `the page of the
    /// entry "Walk"`), a photo's file, a file an entry links to, the search index or the theme's asset.
    static func name(of path: String, pages: [SitePage], pagePaths: [String], presenter: PagePresenter,
                     photos: PhotoStage) -> String {
        if let k = pagePaths.firstIndex(of: path) { return name(of: pages[k], presenter: presenter) }
        for source in photos.plans.keys.sorted() {
            let plan = photos.plans[source]!
            if plan.original == path { return "the photo \(source), published as it is (\"publishOriginals\")" }
            if let variant = plan.outputs.first(where: { $0.path == path }) { return PhotoStage.name(of: variant, source: source) }
        }
        if photos.files.contains(path) { return "\(path), a file an entry links to" }
        if path.hasPrefix("search/") { return "a part of the search index" }
        return "the theme's file"
    }

    /// A page as a message names it.
    private static func name(of page: SitePage, presenter: PagePresenter) -> String {
        let diary = presenter.diary
        if case .entry(let i) = page { return "the page of the entry \"\(diary.entries[i].entry.title)\"" }
        if case .alias(let k) = page {
            let alias = diary.aliases[k]
            let target: String
            switch alias.target {
            case .entry(let i): target = "the entry \"\(diary.entries[i].entry.title)\""
            case .page(let p): target = "the page \"\(diary.pages[p].title)\""
            }
            return "the page of the alias \"\(AliasPath.shown(alias.file))\" of \(target)"
        }
        if case .page(let p) = page { return "the page \"\(diary.pages[p].title)\" of pages/\(diary.pages[p].file.path)" }
        if case .home(let n) = page { return n == 1 ? "the home page" : "page \(n) of the home page's list" }
        let template = presenter.template(page)
        let names = ["404": "the 404 page", "feed.xml": "the feed", "sitemap.xml": "the sitemap", "search": "the search page",
                     "todos": "the todo list's page", "todos.md": "the todo list in Markdown", "report": "a month's printable report",
                     "reports": "the reports' page", "report.md": "a month's report in Markdown", "archive": "the page of every month or tag",
                     "list": "a month's or a tag's page"]
        return names[template] ?? "a page (the theme's \(template) template)"
    }
}
