import DaybookCore
import Foundation

/// Links from one Markdown note to another, made links between their entries' pages: a relative
/// `[label](other.md)` (what Obsidian writes without wiki links, percent-encoded), Hugo's
/// `[label]({{< ref "posts/other.md" >}})` and `relref`, and in a Hugo or Jekyll site a link from
/// the site's root to a post's page (`/posts/other/`, `/2024/01/09/other.html`), found by the
/// page's last part.
struct NoteLinks: Sendable {
    /// The notes' sources by path without extension and by name, lowercased.
    var sources: [String: String]
    /// Where the site keeps its posts (`content/`, `_posts/`), none for a folder of notes.
    var postFolders: [String]
    /// By note (its source): its headings' texts and the ids the build gives them, in order, for
    /// links to a heading.
    var headings: [String: [(text: String, id: String)]] = [:]
    /// By note (its source): the text of the `#` heading that became its title, which its page shows as its `<h1>`.
    var titleHeadings: [String: String] = [:]
    /// The paths of the notes that share a name (lowercased, without extension), for wiki links by name.
    var namesakes: [String: [String]] = [:]

    /// The source of the note a wiki link names by a name several notes have: the one nearest
    /// the linking note (in its folder, else sharing most folders with it), as Obsidian picks it.
    func namesake(_ key: String, from noteFolder: String) -> String? {
        guard !key.contains("/"), let paths = namesakes[key],
              let path = MarkdownNotesImporter.nearest(key, from: noteFolder, byName: [key: paths]) else { return nil }
        return MarkdownNotesImporter.source(path, postFolders: postFolders)
    }

    /// The fragment of a link to the heading `text` of the note `source` (`#long-walk`; `main-1`
    /// for `Main`, as the build names it beside the page's own `main`): the first heading of that
    /// text; none (the page's top) for the heading that became the note's title; else the first
    /// whose text makes the same id (`Long walk` for `long Walk`).
    func fragment(heading text: String, in source: String?) -> String {
        let base = HeadingIDs.id(ofText: text)
        let known = source.flatMap { headings[$0] } ?? []
        if let found = known.first(where: { $0.text == text }) { return "#" + found.id }
        if let source, titleHeadings[source] == text { return "" }
        let found = known.first { HeadingIDs.id(ofText: $0.text) == base }
        return "#" + (found?.id ?? (base.isEmpty ? "heading" : base))
    }

    /// `[label](target "title")`, not an image's (`![…](…)`).
    static let link = try! NSRegularExpression(pattern: #"(?<!!)\[([^\]\n]*)\]\(\s*<?((?<=<)[^>\n]+|(?:[^()>\s]|\([^()>\s]*\))+)>?(\s+"[^"]*")?\s*\)"#)
    /// `[label]({{< ref "path" >}})`, with `relref` and `{{% … %}}` too.
    private static let hugoRef = try! NSRegularExpression(pattern: #"(?<!!)\[([^\]\n]*)\]\(\s*\{\{[<%]\s*(?:rel)?ref\s+"([^"\n]+)"\s*[>%]\}\}\s*\)"#)

    /// `[label]({% post_url 2024-01-09-trip %})` and `[label]({% link _posts/x.md %})` (Jekyll).
    private static let jekyllLink = try! NSRegularExpression(pattern: #"(?<!!)\[([^\]\n]*)\]\(\s*\{%-?\s*(post_url|link)\s+([^%\s]+)\s*-?%\}(#[^)\s]*)?\s*\)"#)

    /// `line` with each link to a note made a link to its entry (``ImportedItem/link(to:)``, the
    /// link's `#fragment` kept); one to a note the folder lacks (`[label](gone.md)`) its words,
    /// the note's name given to `unresolved`; other links as written.
    func rewriting(_ line: String, noteFolder: String, unresolved: (String) -> Void = { _ in }) -> String {
        if line.contains("]:") {
            // A reference-style definition, `[g]: /posts/garden/ "Title"`.
            return MarkdownNotesImporter.replace(Self.definition, in: line) { groups in
                destination(groups[2], noteFolder: noteFolder).map { groups[1] + $0 + groups[3] }
            }
        }
        guard line.contains("](") else { return line }
        var out = line
        if out.contains("{%") {
            out = MarkdownNotesImporter.replace(Self.jekyllLink, in: out) { groups in
                let target = groups[3]
                let found = groups[2] == "post_url" ? sources[((target as NSString).lastPathComponent).lowercased()] : source(of: target)
                return found.map { "[\(groups[1])](\(ImportedItem.link(to: $0))\(groups[4]))" }
            }
        }
        if out.contains("{{") {
            out = MarkdownNotesImporter.replace(Self.hugoRef, in: out) { groups in
                let (path, fragment) = Self.split(groups[2])
                let rooted = String(path.drop { $0 == "/" })
                let found = postFolders.lazy.compactMap { source(of: $0 + rooted) }.first
                    ?? Self.joined(noteFolder, path).flatMap(source(of:)) ?? source(of: rooted)
                    ?? sources[((rooted as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()]
                return found.map { "[\(groups[1])](\(ImportedItem.link(to: $0))\(fragment))" }
            }
        }
        return MarkdownNotesImporter.replace(Self.link, in: out) { groups in
            if let found = destination(groups[2], noteFolder: noteFolder) { return "[\(groups[1])](\(found)\(groups[3]))" }
            guard let name = Self.missingNote(groups[2]) else { return nil }
            unresolved(name)
            return groups[1]
        }
    }

    /// The note's name (`gone` for `gone.md#part`) when a destination that ``destination(_:noteFolder:)``
    /// found no note for is a relative link to a Markdown file; nil for any other.
    private static func missingNote(_ written: String) -> String? {
        let (rawPath, _) = split(written)
        let path = rawPath.removingPercentEncoding ?? rawPath
        let lower = path.lowercased()
        guard !path.hasPrefix("/"), !path.contains("://"), !path.contains("\u{1}"),
              lower.hasSuffix(".md") || lower.hasSuffix(".markdown") else { return nil }
        return ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// `[label]: destination "title"`, up to three spaces in.
    static let definition = try! NSRegularExpression(pattern: #"^( {0,3}\[[^\]\n]+\]:[ \t]*)<?([^\s>]+)>?(.*)$"#)

    /// What a link's destination becomes when it names a note (``ImportedItem/link(to:)`` and its
    /// fragment) or may name a site's post (a mark resolved by ``resolvingRootLinks(_:pages:)``);
    /// nil for any other.
    private func destination(_ written: String, noteFolder: String) -> String? {
        // The fragment as written (`#Second%20part`): decoded, its space would end the link.
        let (rawPath, fragment) = Self.split(written)
        let path = rawPath.removingPercentEncoding ?? rawPath
        let lower = path.lowercased()
        if path.contains("\u{1}") || path.contains("://") || path.hasPrefix("//") || path.hasPrefix("mailto:") { return nil }
        if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
            guard !path.hasPrefix("/"), let joined = Self.joined(noteFolder, path), let found = source(of: joined) else { return nil }
            return ImportedItem.link(to: found) + fragment
        }
        // A site's page, from its root (`/posts/trip/`) or from the post's own page
        // (`../trip/`), found by its last part once every post's page name is known.
        guard !postFolders.isEmpty, Self.mayBePostPage(path) else { return nil }
        return "\u{1}page:\(written.prefix { $0 != "#" && $0 != "?" })\u{1}\(fragment)"
    }

    /// Whether a site's link may lead to a post's page: from the root or relative and ending as
    /// a page does (`/`, `.html`); not a tag's or category's page, nor a file (`/images/a.jpg`).
    static func mayBePostPage(_ path: String) -> Bool {
        let bare = String(path.prefix { $0 != "?" })
        let parts = bare.split(separator: "/").map { $0.lowercased() }
        guard let last = parts.last, last != ".", last != ".." else { return false }
        if bare.hasPrefix("/") {
            let notPosts: Set<String> = ["tags", "tag", "categories", "category", "series", "authors", "author", "page",
                                         "images", "img", "assets", "static", "files", "uploads", "media", "css", "js", "fonts"]
            if notPosts.contains(parts[0]) { return false }
        } else if !(bare.hasSuffix("/") || last.hasSuffix(".html") || last.hasSuffix(".htm")) {
            return false
        }
        guard let dot = last.lastIndex(of: ".") else { return true }
        return ["html", "htm"].contains(last[last.index(after: dot)...])
    }

    /// The source of the note at `path` (with or without its extension).
    private func source(of path: String) -> String? {
        let lower = path.lowercased()
        for suffix in [".md", ".markdown"] where lower.hasSuffix(suffix) { return sources[String(lower.dropLast(suffix.count))] }
        return sources[lower] ?? sources[lower.hasSuffix("/") ? lower + "index" : lower + "/index"]
    }

    /// `path` read from `folder` (`content/posts/bundle` + `../first.md` → `content/posts/first.md`);
    /// nil when it leaves the export. (`NSString.standardizingPath` keeps `..` in relative paths.)
    static func joined(_ folder: String, _ path: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// A destination's path and its `#fragment` (with the `#`), apart.
    private static func split(_ destination: String) -> (String, String) {
        guard let hash = destination.firstIndex(of: "#") else { return (destination, "") }
        return (String(destination[..<hash]), String(destination[hash...]))
    }

    /// The names a post's page is known by on its old site: its `slug`, its file's name (without a
    /// Jekyll post's date), a Hugo bundle's folder; lowercased.
    static func pageNames(path: String, pageName: String?) -> [String] {
        var name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if name.lowercased() == "index" || name == "_index" { name = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent }
        if name.count > 11, name.dropFirst(10).first == "-", name.prefix(10).allSatisfy({ $0.isNumber || $0 == "-" }) {
            name = String(name.dropFirst(11))
        }
        return [pageName, name].compactMap { $0?.lowercased() }.filter { !$0.isEmpty }
    }

    /// The last parts of a post's addresses on its old site (its `aliases`: the page's own address
    /// as the site made it, `/posts/my-trip/` for `My Trip.md`, then the front matter's), lowercased
    /// as ``resolvingRootLinks(_:pages:)`` reads a link's.
    static func pageNames(aliases: JSONValue?) -> [String] {
        guard case .array(let nodes)? = aliases else { return [] }
        return nodes.compactMap { node in
            guard case .string(let address) = node.value else { return nil }
            let name = lastPart(address)
            return name.isEmpty ? nil : name
        }
    }

    /// A page address's last part, lowercased and percent-decoded, without `.html` or `.htm`.
    static func lastPart(_ address: String) -> String {
        var last = address.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
        for suffix in [".html", ".htm"] where last.hasSuffix(suffix) { last.removeLast(suffix.count) }
        return last.removingPercentEncoding ?? last
    }

    /// A link from the site's root, marked by ``rewriting(_:noteFolder:)`` until every post's
    /// page name is known: `\u{1}page:/posts/walk/\u{1}`.
    private static let pendingPage = try! NSRegularExpression(pattern: "\u{1}page:([^\u{1}]*)\u{1}")

    /// `body` with each marked link from the site's root whose last part names one post's page
    /// (`pages`: page name → source) made a link to that post's entry, the others as written.
    static func resolvingRootLinks(_ body: String, pages: [String: String]) -> String {
        guard body.contains("\u{1}page:") else { return body }
        return MarkdownNotesImporter.replace(pendingPage, in: body) { groups in
            pages[lastPart(groups[1])].map(ImportedItem.link(to:)) ?? groups[1]
        }
    }
}
