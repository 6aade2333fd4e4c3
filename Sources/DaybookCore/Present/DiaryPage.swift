import Foundation

/// A published page of the site's own (``PageFile``): its address and the title it is shown by.
public struct DiaryPage: Sendable {
    public let file: PageFile
    /// The front matter's title, else its first `#` heading's text, else its file's name.
    public let title: String
    /// Its folder in the output: `about/` for `pages/about.md` (and `pages/about/index.md`),
    /// `projects/garden/` for `pages/projects/garden.md`.
    public let folder: String
    /// `folder` percent-encoded for a link (``Links/page(url:)``).
    public let urlFolder: String
    /// The first image of the site its body shows (its path in the site), by which it is shared (`og:image`).
    public var image: String?

    public init(file: PageFile, title: String, folder: String) {
        self.file = file
        self.title = title
        self.folder = folder
        urlFolder = Slug.urlPath(folder)
    }

    /// The most pages the header's menu lists (every page of the site shows them).
    public static let maxInMenu = 100

    /// The output folder of a page at `path` in `pages/`: each part slugged as ``Slug/id(_:)``
    /// slugs (letters and digits of any script kept), the file's extension dropped, and an
    /// `index.md` (or Hugo's `_index.md`) standing for its folder. Nil when a part has no letter or digit.
    public static func folder(ofPath path: String) -> String? {
        var parts = path.split(separator: "/").map(String.init)
        guard let last = parts.popLast() else { return nil }
        let name = (last as NSString).deletingPathExtension
        if !isIndex(name) { parts.append(name) }
        let slugs = parts.map { Slug.id($0) }
        guard !slugs.contains(where: \.isEmpty) else { return nil }
        return slugs.map { $0 + "/" }.joined()
    }

    /// Whether a file of this name (its extension dropped) stands for its folder: `index`, and
    /// Hugo's `_index`, a section's own page there, so that a Hugo user's `projects/_index.md` is
    /// `projects/` (it was `projects/index/`).
    static func isIndex(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "index" || lowered == "_index"
    }

    /// A title made of the page's file name (`about-us.md` is "About us"; an `index.md` is named by its folder).
    public static func title(ofPath path: String) -> String {
        var parts = path.split(separator: "/").map { ($0 as NSString).deletingPathExtension }
        if parts.count > 1, let last = parts.last, isIndex(last) { parts.removeLast() }
        let words = (parts.last ?? path).replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            .trimmingCharacters(in: .whitespaces)
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// What the build makes in each folder it writes, for the message of a page that would be there.
    static let builtFolders: [String: String] = [
        "entries": "the entries' pages", "months": "the month pages", "tags": "the tag pages", "todos": "the todo list",
        "page": "the home page's later pages (page/2/)", "reports": "the monthly reports", "assets": "the theme's files",
        "search": "the search page and its index",
    ]

    /// The published pages (drafts only when `includeDrafts`) in the order of their paths, their
    /// aliases added to the entries' (`entryAliases`, by file), and the pages the menu lists in its
    /// order: by `weight` (pages without one after those with), then by title in `locale`'s
    /// alphabetical order. `headingTitles`: the plain text of each file's ``PageFile/headingTitle``.
    /// A page whose address the build makes itself, another page has or an alias is, is an error
    /// at the page's file; an alias another page's or entry's alias is, or a page's address, at the alias.
    static func placed(_ files: [PageFile], headingTitles: [String?], includeDrafts: Bool, entryAliases: [DiaryAlias],
                       locale: String) throws(SiteErrors) -> (pages: [DiaryPage], aliases: [DiaryAlias], menu: [Int]) {
        var errors: [SiteError] = []
        var pages: [DiaryPage] = []
        var folders: [String: String] = [:]
        var aliasAt: [String: DiaryAlias] = [:]
        for alias in entryAliases { aliasAt[alias.file] = alias }
        for (file, heading) in zip(files, headingTitles) where includeDrafts || !file.draft {
            func fail(_ reason: String) { errors.append(SiteError(file: file.file, line: 1, column: 1, reason: reason)) }
            guard let folder = folder(ofPath: file.path) else {
                fail("the file's name has no letter or digit to make the page's address of; give it another name")
                continue
            }
            let first = String(folder.prefix { $0 != "/" })
            if folder.isEmpty {
                let hugo = file.path.lowercased().hasPrefix("_index.")
                    ? " (Hugo's _index.md holds the home page's text; here the home page lists the entries, and its template, templates/list.mustache, can say more)" : ""
                fail("the page's address would be the site's top, where the build makes the home page; give the file another name" + hugo)
            } else if folder == "404/" {
                fail("the page's address would be 404/, beside 404.html, the page of addresses that lead nowhere: change that page in templates/404.mustache, or give the file another name")
            } else if SiteLoader.writtenFolders.contains(first) {
                fail("the page's address would be \(folder), where the build makes \(builtFolders[first] ?? "files of its own"); give the file another name")
            } else if let other = folders[folder] {
                fail("the page's address would be \(folder), which is the address of \(other) too; give one of them another name")
            } else if let alias = aliasAt[folder + "index.html"] {
                fail("the page's address would be \(folder), which is an entry's old address (alias \"\(AliasPath.shown(alias.file))\" at \(alias.sourceFile):\(alias.position.line):\(alias.position.column)); remove the alias or give the file another name")
            } else {
                folders[folder] = file.file
                pages.append(DiaryPage(file: file, title: file.title ?? heading ?? title(ofPath: file.path), folder: folder))
            }
        }
        var aliases = entryAliases
        for (p, page) in pages.enumerated() {
            for (file, origin) in zip(page.file.aliases, page.file.aliasOrigins) {
                let shown = "alias \"\(AliasPath.shown(file))\""
                let at = origin.position
                if file.hasSuffix("/index.html"), let owner = folders[String(file.dropLast("index.html".count))] {
                    errors.append(origin.error("\(shown) is the address of the page \(owner)"))
                } else if let first = aliasAt[file] {
                    errors.append(origin.error("\(shown) is another entry's or page's alias too (first used at \(first.sourceFile):\(first.position.line):\(first.position.column))"))
                } else {
                    let alias = DiaryAlias(file: file, target: .page(p), sourceFile: page.file.file, position: at)
                    aliasAt[file] = alias
                    aliases.append(alias)
                }
            }
        }
        var menu = pages.indices.filter { pages[$0].file.menu }
        if menu.count > maxInMenu {
            errors.append(SiteError(file: pages[menu[maxInMenu]].file.file, line: 1, column: 1,
                                    reason: "the menu lists at most \(maxInMenu) pages, and this is page \(maxInMenu + 1) of it; give the pages it need not list \"menu: false\""))
        }
        if !errors.isEmpty { throw SiteErrors(errors) }
        let keys = TagOrder.keys(pages.map(\.title), locale: LocaleTag.foundationLocale(locale))
        menu.sort { a, b in
            switch (pages[a].file.weight, pages[b].file.weight) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return keys[a] != keys[b] ? keys[a] < keys[b] : pages[a].folder < pages[b].folder
            }
        }
        return (pages, aliases.sorted { $0.file < $1.file }, menu)
    }
}
