import Foundation

/// Images and files in entry bodies (`![The beach](photos/beach.jpg)`, `[Audio](photos/a.m4a)`):
/// a relative path names a file of the site. An image is processed like an entry's photos and
/// the rendered `<img>` names its variants; a linked file is published as it is, and the link
/// leads to it from the page. Absolute URLs (`https://…`, `/…`) are left alone.
public enum BodyImages {
    /// Whether the Markdown may hold an image at all (it has `![`): most bodies do not, and are
    /// not parsed for images.
    public static func mayHold(_ markdown: String) -> Bool {
        MarkdownText.contains(markdown, "![")
    }

    /// Whether the Markdown may link to a file of the site: it has `](` before a destination
    /// that is not a URL of its own (no scheme, no leading `/` or `#`). Most bodies link only to
    /// the web, and are not parsed for links.
    public static func mayLink(_ markdown: String) -> Bool {
        var text = markdown
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i + 2 < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "]")), bytes.count - i - 2) {
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                guard bytes[i] == UInt8(ascii: "(") else { continue }
                var j = i + 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "<") { j += 1 }
                guard j < bytes.count, bytes[j] != UInt8(ascii: "/"), bytes[j] != UInt8(ascii: "#"), bytes[j] != UInt8(ascii: ")") else { continue }
                var k = j
                while k < bytes.count, k < j + 12, BodyImages.isSchemeByte(bytes[k]) { k += 1 }
                if k < bytes.count, bytes[k] == UInt8(ascii: ":") { continue }
                return true
            }
            return false
        }
    }

    /// A letter, `+`, `-` or `.`: what a URL's scheme is made of (digits are left out, so that a
    /// time such as `12:30` is no scheme).
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// The site path an image or link destination names, or nil for a URL of its own (a scheme, a
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
    /// naming its variants: `src`, `srcset`, `sizes`, `width` and `height`, loaded lazily; and
    /// each `<a href="…">` to a published file (`files`) or photo leading to it from the page,
    /// a link to a sound or video file with a player in front of it (``mediaKind(_:)``).
    /// cmark-gfm escapes `<` in text, so only real tags match. `forPrint`: each image is its widest
    /// variant, loaded at once, as a report's photos are (paper wants every pixel, and a lazy image
    /// may not be loaded when the page is printed). `firstEager`: the first photo is loaded at once,
    /// the rest lazily, as an entry page's own photos are (for an entry whose photos are in its text,
    /// as a Day One export has them).
    public static func rewrite(_ html: String, plans: [String: PhotoPlan], files: Set<String> = [],
                               statics: Set<String> = [], forPrint: Bool = false, firstEager: Bool = false,
                               href: (String) -> String) -> String {
        let linked = files.isEmpty && plans.isEmpty && statics.isEmpty ? html
            : rewriteLinks(html, plans: plans, files: files, statics: statics, href: href)
        return rewriteImages(linked, plans: plans, statics: statics, forPrint: forPrint, firstEager: firstEager, href: href)
    }

    /// The path in the output of the file of `static/` that `path` (a path in the site) names:
    /// `cv.pdf` for `static/cv.pdf`; nil when it names none of `statics`.
    public static func staticPath(_ path: String, in statics: Set<String>) -> String? {
        let prefix = StaticFolder.name + "/"
        guard !statics.isEmpty, path.hasPrefix(prefix) else { return nil }
        let inside = String(path.dropFirst(prefix.count))
        return statics.contains(inside) ? inside : nil
    }

    private static func rewriteLinks(_ html: String, plans: [String: PhotoPlan], files: Set<String>, statics: Set<String>,
                                     href: (String) -> String) -> String {
        var players: [String: String] = [:]
        let linked = replacingAttribute(in: html, marker: "<a href=\"") { written in
            guard let path = sitePath(written.replacingOccurrences(of: "&amp;", with: "&")) else { return nil }
            if let published = files.contains(path) ? path : staticPath(path, in: statics) {
                let target = href(published)
                if let player = player(for: path, at: target) { players[target] = player }
                return target + "\""
            }
            if let plan = plans[path] { return href(plan.widest.path) + "\"" }
            return nil
        }
        return players.isEmpty ? linked : addingPlayers(linked, players)
    }

    /// The kind of player a linked file gets, by its extension: the formats browsers play.
    static func mediaKind(_ path: String) -> String? {
        let dot = path.lastIndex(of: ".").map { path[path.index(after: $0)...].lowercased() } ?? ""
        switch dot {
        case "m4a", "mp3", "aac", "wav", "oga", "ogg", "opus", "flac": return "audio"
        case "mp4", "m4v", "mov", "webm", "ogv": return "video"
        default: return nil
        }
    }

    /// `<audio controls …>` or `<video controls …>` for the file at `path`, linked as `target`.
    private static func player(for path: String, at target: String) -> String? {
        guard let kind = mediaKind(path) else { return nil }
        // `target` is already an attribute's text (hrefs are percent-encoded, `&` written `&amp;`).
        let preload = kind == "audio" ? "none" : "metadata"
        return "<\(kind) class=\"body-media\" controls preload=\"\(preload)\" src=\"\(target)\"></\(kind)> "
    }

    /// `html` with each player put in front of its file's link (`players` by the link's target).
    private static func addingPlayers(_ html: String, _ players: [String: String]) -> String {
        players.reduce(html) { html, player in
            let link = "<a href=\"" + player.key + "\""
            return html.replacingOccurrences(of: link, with: player.value + link)
        }
    }

    private static func rewriteImages(_ html: String, plans: [String: PhotoPlan], statics: Set<String>, forPrint: Bool,
                                      firstEager: Bool, href: (String) -> String) -> String {
        guard !plans.isEmpty || !statics.isEmpty else { return html }
        var eager = firstEager
        return replacingAttribute(in: html, marker: "<img src=\"") { written in
            guard let path = sitePath(written.replacingOccurrences(of: "&amp;", with: "&")) else { return nil }
            if let published = staticPath(path, in: statics) { return href(published) + "\"" }
            guard let plan = plans[path] else { return nil }
            if forPrint {
                let widest = plan.widest
                return href(widest.path) + "\" width=\"\(widest.width)\" height=\"\(widest.height)\" decoding=\"sync\""
            }
            let shown = plan.display
            let set = plan.variants.map { href($0.path) + " \($0.width)w" }.joined(separator: ", ")
            let loading = eager ? "eager" : "lazy"
            eager = false
            return href(shown.path) + "\" srcset=\"\(set)\" sizes=\"\(EntryPage.Photo.sizesAttribute)\""
                + " width=\"\(shown.width)\" height=\"\(shown.height)\" loading=\"\(loading)\" decoding=\"async\""
        }
    }

    /// Where a relative link of an entry's body leads, read as a browser reads it on the entry's
    /// page (`folder`: `entries/<slug>/`): the path in the site, with the link's query and
    /// fragment (`../2024-01-02-walk/index.html#map` → `entries/2024-01-02-walk/index.html#map`).
    /// Nil for a URL of its own (a scheme, a leading `/`, `#` or `?`) or a path that leaves the site.
    public static func siteTarget(ofLink destination: String, fromFolder folder: String) -> String? {
        guard let first = destination.first, first != "/", first != "\\", first != "#", first != "?" else { return nil }
        if let colon = destination.firstIndex(of: ":"), !destination[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            return nil
        }
        let cut = destination.firstIndex { $0 == "?" || $0 == "#" } ?? destination.endIndex
        var parts = folder.split(separator: "/").map(String.init)
        for part in destination[..<cut].split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "", ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        let path = destination[..<cut]
        let isFolder = path.isEmpty || path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".."
        return parts.joined(separator: "/") + (isFolder && !parts.isEmpty ? "/" : "") + destination[cut...]
    }

    /// `html` (a body as its entry page shows it, `folder` that page's) with each relative
    /// `<a href="…">` leading to the same place from a page at `prefix` from the site's top
    /// (`../../` for a report, which is as deep as an entry page but elsewhere).
    /// Links for which `keeps` (given the link as written) is true are left as they are.
    public static func rebasingLinks(_ html: String, fromFolder folder: String, prefix: String,
                                     keeping keeps: (String) -> Bool = { _ in false }) -> String {
        replacingAttribute(in: html, marker: "<a href=\"") { written in
            guard !keeps(written), let target = siteTarget(ofLink: written, fromFolder: folder) else { return nil }
            return prefix + target + "\""
        }
    }

    /// `html` (a body as ``rewrite(_:plans:files:statics:href:)`` leaves it) with each `<img>`
    /// whose `src` is a key of `inlined` (a `data:` URL) without its `srcset` and `sizes`, which
    /// would hold the image a second time; where the key's value is an `#id`, the image is
    /// instead an SVG that shows the page's one copy of it (`<use href="#photo-1"/>`).
    public static func embedding(_ html: String, _ inlined: [String: String?]) -> String {
        let marker = "<img src=\""
        guard html.contains(marker) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let start = rest.range(of: marker) {
            result += rest[..<start.lowerBound]
            guard let tag = ImageTag(rest[start.lowerBound...], after: marker.count), let symbol = inlined[tag.src] else {
                result += marker
                rest = rest[start.upperBound...]
                continue
            }
            result += tag.embedded(symbol: symbol)
            rest = rest[tag.end...]
        }
        result += rest
        return result
    }

    /// An `<img>` tag as cmark-gfm and ``rewrite(_:plans:files:statics:href:)`` write it: each
    /// attribute `name="value"`.
    private struct ImageTag {
        var src: String
        var attributes: [(name: String, value: String)] = []
        var close: String
        var end: Substring.Index

        /// The tag at the start of `text`, whose `src` value starts `offset` characters in; nil
        /// when it is written otherwise.
        init?(_ text: Substring, after offset: Int) {
            var rest = text.dropFirst(offset)
            guard let quote = rest.firstIndex(of: "\"") else { return nil }
            src = String(rest[..<quote])
            rest = rest[rest.index(after: quote)...]
            while true {
                rest = rest.drop { $0 == " " }
                if rest.hasPrefix("/>") || rest.hasPrefix(">") {
                    close = rest.hasPrefix("/>") ? " />" : ">"
                    end = rest.index(rest.startIndex, offsetBy: rest.hasPrefix("/>") ? 2 : 1)
                    return
                }
                let name = rest.prefix { $0.isASCII && ($0.isLetter || $0 == "-") }
                rest = rest[name.endIndex...]
                guard !name.isEmpty, rest.hasPrefix("=\""), let close = rest.dropFirst(2).firstIndex(of: "\"") else { return nil }
                attributes.append((String(name), String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close])))
                rest = rest[rest.index(after: close)...]
            }
        }

        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

        func embedded(symbol: String?) -> String {
            guard let symbol, let width = value("width"), let height = value("height") else {
                let kept = attributes.filter { $0.name != "srcset" && $0.name != "sizes" }
                return "<img src=\"\(src)\"" + kept.map { " \($0.name)=\"\($0.value)\"" }.joined() + close
            }
            let alt = value("alt") ?? ""
            let label = alt.isEmpty ? " aria-hidden=\"true\"" : " role=\"img\" aria-label=\"\(alt)\""
            let title = value("title").map { "<title>\($0)</title>" } ?? ""
            return "<svg class=\"embedded-photo\"\(label) viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\">"
                + title + "<use href=\"\(symbol)\"/></svg>"
        }
    }

    /// `html` with the value after each `marker` (up to its closing quote) replaced by what
    /// `replacement` gives for it (the new value and its closing quote, and any attributes
    /// after), or kept where that is nil.
    private static func replacingAttribute(in html: String, marker: String, _ replacement: (String) -> String?) -> String {
        guard html.contains(marker) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let start = rest.range(of: marker) {
            result += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            if let replaced = replacement(String(rest[..<end])) {
                result += replaced
                rest = rest[rest.index(after: end)...]
            }
        }
        result += rest
        return result
    }
}
