import Foundation

/// Images in entry bodies (`![The beach](photos/beach.jpg)`): a relative path names a file of
/// the site, processed like an entry's photos; the rendered `<img>` then names its variants.
/// Absolute URLs (`https://…`, `/…`) are left alone.
public enum BodyImages {
    /// Whether the Markdown may hold an image at all (it has `![`): most bodies do not, and are
    /// not parsed for images.
    public static func mayHold(_ markdown: String) -> Bool {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i + 1 < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "!")), bytes.count - i - 1) {
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                if bytes[i] == UInt8(ascii: "[") { return true }
            }
            return false
        }
    }

    /// The site path an image destination names, or nil for a URL of its own (a scheme, a
    /// leading `/`, `#` or `?`). `./` in front, a query and a fragment are dropped and
    /// percent escapes decoded: `./photos/my%20dog.jpg?x` → `photos/my dog.jpg`.
    public static func sitePath(_ destination: String) -> String? {
        var path = Substring(destination)
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
        guard let first = path.first, first != "/", first != "\\" else { return nil }
        if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") { return nil }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        guard !path.isEmpty else { return nil }
        return String(path).removingPercentEncoding ?? String(path)
    }

    /// `html` (as cmark-gfm renders a body) with each `<img src="…">` whose source has a plan
    /// naming its variants: `src`, `srcset`, `sizes`, `width` and `height`, loaded lazily.
    /// cmark-gfm escapes `<` in text, so only real images match.
    public static func rewrite(_ html: String, plans: [String: PhotoPlan], href: (String) -> String) -> String {
        let marker = "<img src=\""
        guard !plans.isEmpty, html.contains(marker) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let start = rest.range(of: marker) {
            result += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let written = String(rest[..<end])
            let unescaped = written.replacingOccurrences(of: "&amp;", with: "&")
            guard let path = sitePath(unescaped), let plan = plans[path] else {
                result += written
                rest = rest[end...]
                continue
            }
            let shown = plan.display
            result += href(shown.path) + "\""
            let set = plan.variants.map { href($0.path) + " \($0.width)w" }.joined(separator: ", ")
            result += " srcset=\"\(set)\" sizes=\"\(EntryPage.Photo.sizesAttribute)\""
            result += " width=\"\(shown.width)\" height=\"\(shown.height)\" loading=\"lazy\" decoding=\"async"
            rest = rest[end...]
        }
        result += rest
        return result
    }
}
