import Foundation

/// Checks a built site as a browser opening its files would: every relative `href`, `src` and
/// `srcset` candidate of every HTML page must lead to a file of the output, and so must every link from the host's
/// root (`/posts/x/`) that falls inside the site: the whole host without a baseURL, the baseURL's
/// path with one (`https://example.org/diary/` takes `/diary/…`). A link to a part of a page
/// (`#a-walk`, `../b/#a-walk`) must name an element's `id` (or an `<a name>`) on that page.
public struct LinkChecker: Sendable {
    public let root: String
    /// The path the site is served under (`/`, `/diary/`).
    public let sitePath: String
    /// Pages whose own links are not checked: the user's, published as they are (``BuildSummary/staticFiles``).
    public let skipping: Set<String>
    /// Whether the site is made to work from disk (without `prettyURLs`): a link to a folder
    /// there opens the folder's listing, not its page (``Findings/folderLinks``).
    public let worksFromDisk: Bool

    /// `baseURL` is the site's (``BuildSummary/baseURL``); without one the site is taken to be
    /// served at the host's root.
    public init(root: String, baseURL: String? = nil, skipping: Set<String> = [], worksFromDisk: Bool = false) {
        self.root = root
        self.skipping = skipping
        self.worksFromDisk = worksFromDisk
        self.sitePath = LinkChecker.sitePath(baseURL: baseURL)
    }

    /// The path a site of that `baseURL` is served under (`/`, `/diary/`); `/` without one.
    static func sitePath(baseURL: String?) -> String {
        baseURL.flatMap { URL(string: $0)?.path }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
    }

    /// One link of a page, and the file of the output it names.
    public struct PageLink: Sendable, Equatable, CustomStringConvertible {
        public var page: String
        /// The link as written.
        public var target: String
        /// The output path it leads to (`entries/nope/`), `../` for one that leaves the site.
        public var path: String
        public var description: String { "\(page): link to \"\(target)\" leads to no file" }
    }

    /// What the check found.
    public struct Findings: Sendable, Equatable {
        /// Links that lead to no file.
        public var broken: [PageLink] = []
        /// Links from the host's root (`/…`) that do lead to a file: they work only where the site
        /// is served, not from disk (`file://`).
        public var fromHostRoot: [PageLink] = []
        /// With a baseURL under a path (`/diary/`), links from the host's root outside it that
        /// name a file of the site (`/entries/b/`, which is `/diary/entries/b/` when served).
        public var outsideSitePath: [PageLink] = []
        /// With a baseURL under a path, links from the host's root outside it that name no file of
        /// the site (`/about/` beside `/diary/`): they leave the site for whatever the host has
        /// there, and lead to nothing from disk or in `daybook serve`. Each one's `path` is `../`.
        public var offSite: [PageLink] = []
        /// Links to a part of a page (`#a-walk`) that the page has no element for: the page
        /// opens, at its top. Each one's `path` is the page it leads to.
        public var missingFragments: [MissingFragment] = []
        /// With ``worksFromDisk``: relative links to a folder (`../2024-05-02-walk/`, `../`)
        /// that holds a page: served, they open its `index.html`; from disk, the folder.
        public var folderLinks: [PageLink] = []
    }

    /// A link to `#fragment` of a page that has no element with that id.
    public struct MissingFragment: Sendable, Equatable {
        public var link: PageLink
        /// The fragment, percent escapes decoded (`산책` for `#%EC%82%B0%EC%B1%85`).
        public var fragment: String
    }

    public func check() -> [PageLink] { findings().broken }

    /// What the check finds; with `interruption` requested part way, what it found until then.
    public func findings(interruption: Interruption? = nil) -> Findings {
        var found = Findings()
        let pages = (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".html") }.sorted()
        var idsOfPage: [String: Set<String>] = [:]
        // Most links (the header's, a tag's) are on many pages: each path is looked up once.
        var files: [String: Bool] = [:], folders: [String: Bool] = [:]
        func remembered(_ path: String, in known: inout [String: Bool], _ look: (String) -> Bool) -> Bool {
            if let answer = known[path] { return answer }
            let answer = look(path)
            known[path] = answer
            return answer
        }
        func leadsToAFile(_ path: String) -> Bool { remembered(path, in: &files, self.leadsToAFile) }
        func isFolder(_ path: String) -> Bool { remembered(path, in: &folders, self.isFolder) }
        for page in pages where page != "404.html" && !skipping.contains(page) {
            if interruption?.isRequested == true { break }
            guard let data = FileManager.default.contents(atPath: root + "/" + page) else { continue }
            let html = String(decoding: data, as: UTF8.self)
            let folder = ParentFolder.of(page)
            func ids(of linked: String) -> Set<String> {
                if let known = idsOfPage[linked] { return known }
                let text = linked == page ? html
                    : FileManager.default.contents(atPath: root + "/" + linked).map { String(decoding: $0, as: UTF8.self) } ?? ""
                let ids = LinkChecker.ids(in: text)
                idsOfPage[linked] = ids
                return ids
            }
            func checkFragment(of target: String, on linked: String) {
                guard let fragment = LinkChecker.fragment(of: target),
                      !ids(of: linked).contains(fragment.raw), !ids(of: linked).contains(fragment.decoded) else { return }
                found.missingFragments.append(MissingFragment(link: PageLink(page: page, target: target, path: linked),
                                                              fragment: fragment.decoded))
            }
            for target in LinkChecker.links(in: html) {
                if target.hasPrefix("#") { checkFragment(of: target, on: page) }
                let fromHostRoot = target.hasPrefix("/") && !target.hasPrefix("//")
                let resolved = fromHostRoot ? LinkChecker.resolve(fromHostRoot: target, sitePath: sitePath)
                    : LinkChecker.resolve(target, from: folder)
                guard let path = resolved else {
                    guard fromHostRoot, sitePath != "/" else { continue }
                    if let inSite = LinkChecker.resolve(fromHostRoot: target, sitePath: "/"), !inSite.isEmpty, leadsToAFile(inSite) {
                        found.outsideSitePath.append(PageLink(page: page, target: target, path: inSite))
                    } else {
                        found.offSite.append(PageLink(page: page, target: target, path: "../"))
                    }
                    continue
                }
                let link = PageLink(page: page, target: target, path: path)
                if !leadsToAFile(path) {
                    found.broken.append(link)
                    continue
                }
                if fromHostRoot { found.fromHostRoot.append(link) }
                if worksFromDisk, !fromHostRoot, isFolder(path) { found.folderLinks.append(link) }
                // A page's part: the page is the file linked, or its folder's index.html.
                let linked = path.isEmpty ? "index.html" : path.hasSuffix(".html") ? path : path + "/index.html"
                if target.contains("#"), leadsToAFile(linked) { checkFragment(of: target, on: linked) }
            }
        }
        return found
    }

    /// The fragment of a link that names a part of a page, as written and percent-decoded, without
    /// a text fragment after it (`#walk:~:text=dawn`); nil for none, an empty one, `#top` (the top
    /// of any page, in HTML) and a text fragment alone (`#:~:text=`).
    static func fragment(of target: String) -> (raw: String, decoded: String)? {
        guard let hash = target.firstIndex(of: "#") else { return nil }
        var raw = String(target[target.index(after: hash)...])
        if let directive = raw.range(of: ":~:") { raw = String(raw[..<directive.lowerBound]) }
        if raw.isEmpty || raw.lowercased() == "top" { return nil }
        return (raw, raw.removingPercentEncoding ?? raw)
    }

    /// The values of a page's `id="…"` attributes and of its `<a name="…">`, entities decoded.
    static func ids(in html: String) -> Set<String> {
        Set(values(of: [" id=\"", "<a name=\""], in: html))
    }

    /// Whether `path` (of the output) is a folder.
    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private func leadsToAFile(_ path: String) -> Bool {
        guard !path.hasPrefix("../") else { return false }
        var isDirectory: ObjCBool = false
        let full = root + "/" + path
        let exists = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
        return exists && (!isDirectory.boolValue || FileManager.default.fileExists(atPath: full + "/index.html"))
    }

    /// The values of `href="…"` and `src="…"` attributes, then the URLs of the candidates of
    /// `srcset="…"` (`<img>`, `<source>`) and `imagesrcset="…"` (`<link>`) attributes, entities decoded.
    static func links(in html: String) -> [String] {
        values(of: [" href=\"", " src=\""], in: html) + srcsetLinks(in: html)
    }

    /// The URLs of the candidates of `srcset="…"` and `imagesrcset="…"` attributes, entities decoded.
    static func srcsetLinks(in html: String) -> [String] {
        values(of: [" srcset=\"", " imagesrcset=\""], in: html).flatMap(srcsetURLs)
    }

    /// The URLs of a `srcset` value's image candidates (``Srcset``). The descriptors are not
    /// checked, so a candidate a browser drops for a bad one is still looked at.
    static func srcsetURLs(_ value: String) -> [String] {
        Srcset.urls(value)
    }

    /// By bytes (`memchr`): Foundation's `range(of:)` on a page's `String` made `check` of
    /// 10,000 entries take minutes.
    private static func values(of attributes: [String], in html: String) -> [String] {
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            func find(_ pattern: [UInt8], from: Int) -> Int? {
                var i = from
                while i + pattern.count <= bytes.count,
                      let hit = memchr(base + i, Int32(pattern[0]), bytes.count - i - pattern.count + 1) {
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, pattern, pattern.count) == 0 { return at }
                    i = at + 1
                }
                return nil
            }
            var result: [String] = []
            for attribute in attributes {
                let pattern = Array(attribute.utf8)
                var from = 0
                while let found = find(pattern, from: from) {
                    let start = found + pattern.count
                    guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                    let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    result.append(value.contains("&") ? value.replacingOccurrences(of: "&amp;", with: "&") : value)
                    from = end
                }
            }
            return result
        }
    }

    /// The output-relative path a relative link points at, or nil for external and in-page links
    /// and links from the host's root.
    static func resolve(_ target: String, from folder: String) -> String? {
        if target.isEmpty || target.hasPrefix("#") || target.hasPrefix("?") || target.hasPrefix("/") || hasScheme(target) { return nil }
        let decoded = bare(target)
        var parts = folder.split(separator: "/").map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "..": if parts.isEmpty { return "../" } else { parts.removeLast() }
            case ".", "": continue
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// Whether `target` starts with a URI scheme (RFC 3986: a letter, then letters, digits, `+`,
    /// `-` or `.`, then `:`), in any case: `https:`, `MAILTO:`, `geo:`, `obsidian:`, as a browser
    /// reads it; such a link leads to no file of the site.
    static func hasScheme(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The output-relative path a link from the host's root (`/diary/posts/x/`) points at when the
    /// site is served under `sitePath` (`/diary/`), or nil for one outside the site.
    static func resolve(fromHostRoot target: String, sitePath: String) -> String? {
        let decoded = bare(target)
        let folder = sitePath.hasSuffix("/") ? sitePath : sitePath + "/"
        guard decoded.hasPrefix(folder) || decoded + "/" == folder else { return nil }
        return resolve("./" + decoded.dropFirst(min(folder.count, decoded.count)), from: "")
    }

    /// `target` without its query and fragment, percent escapes decoded.
    private static func bare(_ target: String) -> String {
        let bare = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        return bare.removingPercentEncoding ?? bare
    }
}
