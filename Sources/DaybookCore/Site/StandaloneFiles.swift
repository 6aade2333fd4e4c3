import Foundation

/// The files of the site's own output that a report on its own (`daybook report`, its HTML and
/// the page its PDF is printed from) links from its markup: a stylesheet or a logo of the site's
/// `templates/assets/` (`{{rootHref}}assets/mine.css`), a file of its `static/`. Each is held
/// inside the page as a `data:` URL, as the theme's stylesheets and the photos are, and so are
/// the files a held stylesheet links (`url(…)`, `@import`). ``PageFileLinks`` finds the links.
/// A link that cannot be held (no such file, outside the site, a symbolic link, over a limit) is
/// left out of the page, so that it loads nothing from wherever the page is, with a warning at
/// the template that writes it, else naming the address.
struct StandaloneFiles: Sendable {
    /// The most a report holds of one file of the site.
    static let fileLimit = 16 << 20
    /// The most it holds of the site's files in all, counting a file each time a link holds it.
    static let allLimit = 64 << 20

    let siteRoot: String
    /// The theme's files published under `assets/` (the site's own and the built-in ones), by
    /// their path in the output, with their names in messages (`site/templates/assets/mine.css`).
    let assets: [String: (bytes: [UInt8], shown: String)]
    /// The site's own templates (their files as messages name them, and their text), the one
    /// that makes the page first: where a link is looked for to say where it is written.
    let templates: [(file: String, text: String)]
    /// The path the site is served under (`/`, `/diary/`): a link from the host's root inside it
    /// (`/diary/assets/mine.css`) names a file of the site too.
    let sitePath: String
    /// The limits in force (smaller in tests).
    var maxFileBytes = StandaloneFiles.fileLimit
    var maxBytes = StandaloneFiles.allLimit

    /// Why a file cannot be held.
    private enum Refusal: Error {
        case outside, missing(String), link(String), tooLarge(String, Int, limit: Int), tooMuch(limit: Int), unreadable(String, String), holdsItself(String)

        var reason: String {
            switch self {
            case .outside: return "it leads outside the site"
            case .missing(let path): return "the site publishes no file \(path) (in templates/assets/ or static/)"
            case .link(let shown): return "\(shown) is a symbolic link, which is not followed (it could lead out of the site folder)"
            case .tooLarge(let shown, let size, let limit):
                return "\(shown) is \(StandaloneFiles.megabytes(size)), more than the \(StandaloneFiles.megabytes(limit)) a report holds of one file"
            case .tooMuch(let limit): return "the report holds \(StandaloneFiles.megabytes(limit)) of the site's files already, the most it holds"
            case .unreadable(let shown, let why): return "\(shown) \(why)"
            case .holdsItself(let shown): return "\(shown) would hold itself (its links lead back to it)"
            }
        }
    }

    /// `html`, the bytes of the page at `pageFolder` of the output (`reports/2021-11/`), with each link to a
    /// file of the site's output held inside it, and the warnings about those it left out.
    /// Addresses in `kept` (files the report writes beside the page itself) stay as they are.
    func embedding(_ html: [UInt8], pageFolder: String, keeping kept: Set<String>) -> (bytes: [UInt8], warnings: [SiteError]) {
        var warnings: [SiteError] = []
        var held = 0
        // Stylesheets being held, so that one whose links lead back to it ends.
        var holding: Set<String> = []
        var stylesheets: [String: [UInt8]] = [:]

        // The `data:` URL of the file at `path` of the output, its stylesheet's links held too.
        func dataURL(_ path: String) -> Result<String, Refusal> {
            var bytes: [UInt8], shown: String
            if let asset = assets[path] {
                (bytes, shown) = asset
                guard bytes.count <= maxFileBytes else { return .failure(.tooLarge(shown, bytes.count, limit: maxFileBytes)) }
            } else {
                shown = SiteLoader(root: siteRoot).displayPath(StaticFolder.name + "/" + path)
                switch StaticFile.read(path, siteRoot: siteRoot, limit: maxFileBytes) {
                case .success(let read): bytes = read
                case .failure(.missing): return .failure(.missing(path))
                case .failure(.link(let link)): return .failure(.link(SiteLoader(root: siteRoot).displayPath(link)))
                case .failure(.tooLarge(let size)): return .failure(.tooLarge(shown, size, limit: maxFileBytes))
                case .failure(.unreadable(let why)): return .failure(.unreadable(shown, why))
                }
            }
            guard held + bytes.count <= maxBytes else { return .failure(.tooMuch(limit: maxBytes)) }
            let type = MediaType.of(fileNamed: path)
            if type.hasPrefix("text/css") {
                if let done = stylesheets[path] {
                    bytes = done
                } else {
                    guard holding.insert(path).inserted else { return .failure(.holdsItself(shown)) }
                    let folder = ParentFolder.of(path), css = bytes
                    bytes = StylesheetLinks.rewriting(css) { address, offset in
                        let place = SourcePosition(offset: offset, in: css)
                        return replacement(address, from: folder.isEmpty ? "" : folder + "/", at: (shown, place.line, place.column))
                    }
                    holding.remove(path)
                    stylesheets[path] = bytes
                }
            }
            held += bytes.count
            return .success(MediaType.dataURL(bytes, type: type))
        }

        // What a link is written as instead: a `data:` URL, or "" for one left out (with a
        // warning at `place`, else at the template that writes it); nil for one that stays.
        func replacement(_ address: String, from folder: String, at place: (file: String, line: Int, column: Int)? = nil) -> String? {
            guard !kept.contains(address), let first = address.first, first != "#", first != "?",
                  !address.hasPrefix("//"), !LinkChecker.hasScheme(address) else { return nil }
            let path = first == "/" ? LinkChecker.resolve(fromHostRoot: address, sitePath: sitePath) : LinkChecker.resolve(address, from: folder)
            guard let path else { return nil }
            let found = path.hasPrefix("../") ? .failure(.outside) : dataURL(path)
            switch found {
            case .success(let url): return url
            case .failure(let refusal):
                let reason = "link to \"\(address)\" left out of the report on its own: " + refusal.reason
                if let written = place ?? TemplatePlace.of(address, in: templates) {
                    warnings.append(SiteError(file: written.file, line: written.line, column: written.column, reason: reason))
                } else {
                    warnings.append(SiteError(file: "", reason: reason))
                }
                return ""
            }
        }

        let page = PageFileLinks.rewriting(html) { replacement($0, from: pageFolder) }
        var seen: Set<SiteError> = []
        return (page, warnings.filter { seen.insert($0).inserted })
    }

    /// `16 MB`, `16.1 MB` (tenths rounded up, so that a size over a limit never reads as it), `512 bytes`.
    static func megabytes(_ bytes: Int) -> String {
        guard bytes >= 1 << 20 else { return "\(bytes) bytes" }
        let tenths = (bytes * 10 + (1 << 20) - 1) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}
