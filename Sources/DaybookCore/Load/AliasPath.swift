import Foundation

/// An entry's old address (its `aliases`, as Hugo names them; Jekyll's `redirect_from`): where the
/// build writes a page that sends the reader on to the entry, so links to a site the diary
/// came from keep working.
public enum AliasPath {
    /// The most aliases one entry may have.
    public static let maxPerEntry = 100
    /// The longest alias, in bytes (a file system takes paths of 4,096 at most, the output folder's own included).
    public static let maxLength = 1000

    /// Files at the output's root that the build writes.
    static let rootFiles: Set<String> = ["index.html", "404.html", "feed.xml", "sitemap.xml", "todos.md", "robots.txt"]

    /// The file an alias is written to, relative to the output folder, or why it cannot be:
    /// `/posts/walk/` and `/posts/walk` are `posts/walk/index.html`, `/2021/11/13/walk.html` is
    /// that file; percent escapes are decoded (`/posts/%EC%82%B0/` is `posts/산/index.html`).
    public static func file(for written: String) -> Result<String, AliasProblem> {
        func problem(_ why: String) -> Result<String, AliasProblem> { .failure(AliasProblem(reason: "alias \"\(written)\" \(why)")) }
        if written.contains("://") || written.hasPrefix("//") { return problem("must be an address on this site, from its root (such as /posts/walk/), not a URL") }
        if written.contains("?") || written.contains("#") { return problem("must be a page's path, without '?' or '#' (a static site cannot answer a query)") }
        guard let decoded = written.removingPercentEncoding else { return problem("has a '%' that is not a percent escape") }
        if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) || decoded.contains("\\") || decoded.contains(":") {
            return problem("must not hold control characters, '\\' or ':'")
        }
        var path = Substring(decoded)
        while path.hasPrefix("/") { path = path.dropFirst() }
        let isFolder = path.hasSuffix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast(isFolder ? 1 : 0)
        if parts.isEmpty || parts == [""] { return problem("is the site's home page, which the build writes") }
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return problem("must stay inside the site (no '..', '.' or empty parts)")
        }
        if parts.contains(where: { $0.utf8.count > 200 }) { return problem("has a part longer than 200 bytes") }
        if path.utf8.count > maxLength { return problem("is longer than \(maxLength) bytes") }
        if parts[0].hasPrefix(".") {
            return problem("is in \(parts[0])/, a hidden folder, which a static host may not serve; an old address is somewhere else (such as /posts/walk/)")
        }
        // An entry's own old address (`/entries/2026-08-20-night-one/`, before its title changed)
        // is one no entry has now, which AliasClashes checks; other paths there are the build's.
        let isEntryAddress = parts[0] == "entries" && (parts.count == 2 || parts.count == 3 && parts[2] == "index.html")
            && !(parts.count == 2 && !isFolder && parts[1].contains("."))
        if SiteLoader.writtenFolders.contains(String(parts[0])), !isEntryAddress {
            return problem("is in \(parts[0])/, which the build writes; an old address is somewhere else (such as /posts/walk/)")
        }
        let last = parts.last!.lowercased()
        let file: String
        if isFolder {
            file = path + "index.html"
        } else if last.hasSuffix(".html") || last.hasSuffix(".htm") {
            file = String(path)
        } else if last.contains(".") {
            return problem("must be a page's address: ending in '/' or '.html' (a static host serves other files as they are)")
        } else {
            file = path + "/index.html"
        }
        if rootFiles.contains(file) { return problem("is \(file), which the build writes") }
        return .success(file)
    }

    /// An alias's file as an address from the site's root: `posts/walk/index.html` is `/posts/walk/`.
    public static func shown(_ file: String) -> String {
        "/" + (file.hasSuffix("/index.html") ? String(file.dropLast("index.html".count)) : file)
    }
}

/// Why an alias cannot be used.
public struct AliasProblem: Error, Equatable {
    public var reason: String
}
