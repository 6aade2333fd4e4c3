import Foundation

/// Checks a built site as a browser opening its files from disk would: every relative
/// `href` and `src` of every HTML page must lead to a file of the output.
public struct LinkChecker: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// One link that leads nowhere.
    public struct BrokenLink: Sendable, Equatable, CustomStringConvertible {
        public var page: String
        public var target: String
        public var description: String { "\(page): link to \"\(target)\" leads to no file" }
    }

    public func check() -> [BrokenLink] {
        var broken: [BrokenLink] = []
        let pages = (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".html") }.sorted()
        for page in pages where page != "404.html" {
            guard let data = FileManager.default.contents(atPath: root + "/" + page) else { continue }
            let html = String(decoding: data, as: UTF8.self)
            let folder = ParentFolder.of(page)
            for target in LinkChecker.links(in: html) {
                guard let path = LinkChecker.resolve(target, from: folder) else { continue }
                var isDirectory: ObjCBool = false
                let full = root + "/" + path
                let exists = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
                let ok = exists && (!isDirectory.boolValue || FileManager.default.fileExists(atPath: full + "/index.html"))
                if !ok { broken.append(BrokenLink(page: page, target: target)) }
            }
        }
        return broken
    }

    /// The values of `href="…"` and `src="…"` attributes, entities decoded.
    static func links(in html: String) -> [String] {
        var result: [String] = []
        for attribute in [" href=\"", " src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                result.append(String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[end...]
            }
        }
        return result
    }

    /// The output-relative path a relative link points at, or nil for external and in-page links.
    static func resolve(_ target: String, from folder: String) -> String? {
        if target.isEmpty || target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:")
            || target.hasPrefix("data:") || target.hasPrefix("//") || target.hasPrefix("/") { return nil }
        let bare = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        let decoded = bare.removingPercentEncoding ?? bare
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
}
