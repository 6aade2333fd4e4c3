/// Relative links from one page of the site to another, so the output works from any
/// sub-path and straight from disk. Pages are folders (`entries/x/`) holding `index.html`.
public struct Links: Sendable {
    /// The folder of the page the links are written into: `""` for the home page, `"entries/x/"`.
    public let from: String
    /// false: links to pages end in `index.html`; true: they end in `/`.
    public let prettyURLs: Bool

    public init(from folder: String, prettyURLs: Bool) {
        from = folder
        self.prettyURLs = prettyURLs
    }

    /// A link to the page in `folder` (`""`, `"months/2021-11/"`).
    public func page(_ folder: String) -> String {
        let path = relative(folder)
        if prettyURLs { return path.isEmpty ? "./" : path }
        return path + "index.html"
    }

    /// A link to a file (`"assets/style.css"`, `"feed.xml"`).
    public func file(_ path: String) -> String {
        relative(path)
    }

    /// `../` for each folder of `from` below the part it shares with `target`, then the
    /// rest of `target`, percent-encoded.
    private func relative(_ target: String) -> String {
        let f = from.utf8, t = target.utf8
        var i = f.startIndex, j = t.startIndex
        var sharedF = i, sharedT = j
        while i != f.endIndex, j != t.endIndex, f[i] == t[j] {
            if f[i] == UInt8(ascii: "/") {
                sharedF = f.index(after: i)
                sharedT = t.index(after: j)
            }
            i = f.index(after: i)
            j = t.index(after: j)
        }
        var path = ""
        for byte in f[sharedF...] where byte == UInt8(ascii: "/") { path += "../" }
        path += Slug.urlPath(String(target[sharedT...]))
        return path
    }
}
