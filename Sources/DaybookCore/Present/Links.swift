/// Relative links from one page of the site to another, so the output works from any
/// sub-path and straight from disk. Pages are folders (`entries/x/`) holding `index.html`.
public struct Links: Sendable {
    /// The folder of the page the links are written into: `""` for the home page, `"entries/x/"`.
    public let from: String
    /// false: links to pages end in `index.html`; true: they end in `/`.
    public let prettyURLs: Bool
    private let parts: [Substring]

    public init(from folder: String, prettyURLs: Bool) {
        from = folder
        self.prettyURLs = prettyURLs
        parts = folder.split(separator: "/")
    }

    /// A link to the page in `folder` (`""`, `"months/2021-11/"`).
    public func page(_ folder: String) -> String {
        let target = relative(folder.split(separator: "/"))
        let path = target.isEmpty ? "" : target + "/"
        if prettyURLs { return path.isEmpty ? "./" : path }
        return path + "index.html"
    }

    /// A link to a file (`"assets/style.css"`, `"feed.xml"`).
    public func file(_ path: String) -> String {
        relative(path.split(separator: "/"))
    }

    /// The path from this page's folder to `target`, percent-encoded, without a trailing slash.
    private func relative(_ target: [Substring]) -> String {
        var common = 0
        while common < parts.count, common < target.count, parts[common] == target[common] { common += 1 }
        var pieces = [String](repeating: "..", count: parts.count - common)
        pieces += target[common...].map { Slug.urlPath(String($0)) }
        return pieces.joined(separator: "/")
    }
}
