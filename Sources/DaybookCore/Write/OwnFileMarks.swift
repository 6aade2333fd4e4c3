import Foundation

/// The marks by which a file of the output is known for one a Daybook build made, when the
/// output's `.daybook-manifest` is lost (deleted, or the folder copied without it): a page's
/// `<meta name="generator" content="Daybook">` (the built-in layout's and the moved-page
/// redirects'; a layout of the site's own has it when it was exported from the theme), the
/// feed's `<generator>Daybook</generator>`, the sitemap's `<!-- generator: Daybook -->` and the
/// search index's `daybookSearch(` call. Read only by a build into an output without a manifest.
public enum OwnFileMarks {
    public static let page = "<meta name=\"generator\" content=\"Daybook\">"
    public static let feed = "<generator>Daybook</generator>"
    public static let sitemap = "<!-- generator: Daybook -->"
    static let search = "daybookSearch("
    /// How much of a file's start is read for its mark: a page's head, the feed's header.
    static let headBytes = 16 << 10

    /// The places of a build's own layout at the output's top: its pages' folders and files. Pages
    /// of the site's own (`about/`) and moved pages' redirects are not among them: a folder of
    /// that name may hold anything (another site copied in, `blog/`).
    static let layout: Set<String> = ["index.html", "404.html", "feed.xml", "sitemap.xml", "entries", "tags", "months", "page", "reports", "search", "todos"]

    /// The files of the build's layout (``layout``) below `root` that carry Daybook's mark (paths
    /// relative to it, sorted); none unless the root's own `index.html` carries it, as the home
    /// page of a build's output does (found by a review: a first build into a folder that held
    /// another site's pages, copied in, removed them). Symbolic links are not followed, and a
    /// folder with a manifest of its own (another build's output inside this one) is left alone.
    public static func files(in root: String) -> [String] {
        guard holds(page, atStartOf: root + "/index.html") else { return [] }
        let base = URL(fileURLWithPath: root)
        guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey]) else { return [] }
        let prefix = base.standardizedFileURL.path.count + 1
        var found: [String] = []
        for case let url as URL in walk {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            let path = String(url.standardizedFileURL.path.dropFirst(prefix))
            guard let top = path.split(separator: "/").first, layout.contains(String(top)) else {
                if values?.isDirectory == true { walk.skipDescendants() }
                continue
            }
            if values?.isDirectory == true {
                if FileManager.default.fileExists(atPath: url.path + "/" + OutputWriter.manifestName) { walk.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true else { continue }
            if let mark = mark(for: path), holds(mark, atStartOf: url.path) { found.append(path) }
        }
        return found.sorted()
    }

    /// The mark a file at `path` (relative to the output) carries when Daybook made it; nil for
    /// a file no mark tells (a photo, a stylesheet, a Markdown report).
    static func mark(for path: String) -> String? {
        if path.hasSuffix(".html") { return page }
        if path == "feed.xml" { return feed }
        if path == "sitemap.xml" { return sitemap }
        if path.hasPrefix("search/") && path.hasSuffix(".js") { return search }
        return nil
    }

    /// Whether the first ``headBytes`` of the file at `file` hold `mark`.
    static func holds(_ mark: String, atStartOf file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: headBytes) else { return false }
        return head.range(of: Data(mark.utf8)) != nil
    }
}
