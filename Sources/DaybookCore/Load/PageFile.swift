import Foundation

/// A page of the site's own: a Markdown file of `pages/` (`pages/about.md`), with optional front
/// matter as Hugo and Jekyll write it: YAML between `---` lines, or TOML between `+++` lines.
public struct PageFile: Sendable, Equatable {
    /// Its path inside `pages/` (`projects/garden.md`).
    public var path: String
    /// The file as messages name it (`site/pages/projects/garden.md`).
    public var file: String
    /// The front matter's `title`; nil when it has none.
    public var title: String?
    /// Without a `title`: the Markdown of the body's first line when that is a `#` heading
    /// (`About *me*`), which is then no part of ``body``.
    public var headingTitle: String?
    /// The page's `<meta name="description">`; nil: its opening text.
    public var description: String?
    /// Its place in the menu (lower first); nil: after the pages that have one.
    public var weight: Int?
    /// Whether the header's menu lists it.
    public var menu = true
    public var draft = false
    /// The files of its old addresses (``AliasPath``), and where each is written.
    public var aliases: [String] = []
    public var aliasOrigins: [SourceOrigin] = []
    /// The Markdown after the front matter.
    public var body: String
    /// The file's start, holding its text for messages about places in it.
    public var origin: SourceOrigin
    /// Where the body starts in the file's text (after the front matter), in bytes.
    public var bodyOffset = 0

    /// A page of `body` alone, at its file's start (for tests and callers that made the text).
    public init(path: String, file: String, body: String) {
        self.path = path
        self.file = file
        self.body = body
        origin = SourceOrigin(file: file, offset: 0, text: SourceText(Array(body.utf8)))
    }

    /// The keys of a page's front matter.
    public static let keys = ["title", "description", "weight", "menu", "draft", "aliases"]
    /// The largest page file read, in bytes.
    public static let maxBytes = 8 << 20
    /// Keys of Hugo's and Jekyll's pages that someone moving a site writes, and what Daybook has instead.
    static let otherToolsKeys: [String: String] = [
        "layout": "Hugo's and Jekyll's; every page is shown by the theme's page.mustache (templates/page.mustache of the site, if it has one)",
        "type": "Hugo's; every page is shown by the theme's page.mustache (templates/page.mustache of the site, if it has one)",
        "permalink": "Jekyll's; a page's address is its path in pages/ (pages/about.md is about/); an old address goes in \"aliases\"",
        "url": "Hugo's; a page's address is its path in pages/ (pages/about.md is about/); an old address goes in \"aliases\"",
        "slug": "Hugo's; a page's address is its path in pages/ (pages/about.md is about/); an old address goes in \"aliases\"",
        "redirect_from": "Jekyll's; Daybook's is \"aliases\"",
        "nav_order": "Just the Docs'; Daybook's is \"weight\"",
        "linkTitle": "Hugo's; the menu shows the page's \"title\"",
        "summary": "Hugo's; Daybook's is \"description\"",
        "excerpt": "Jekyll's; Daybook's is \"description\"",
        "publishDate": "Hugo's; a page of pages/ has no date (an entry of the diary has), and is published unless it is a \"draft\"",
        "expiryDate": "Hugo's; a page of pages/ has no date (an entry of the diary has), and is published unless it is a \"draft\"",
        "headless": "Hugo's; a page that is not in the menu has \"menu: false\", and every page of pages/ is built",
        "tags": "Hugo's and Jekyll's; a page of pages/ has no tags (the diary's entries have)",
        "categories": "Hugo's and Jekyll's; a page of pages/ has no categories (the diary's entries have tags)",
    ]

    /// Where `text` (an image's address) is first written after the front matter, else the body's start.
    public func origin(of text: String) -> SourceOrigin {
        guard !text.isEmpty, let bytes = origin.fileBytes, bodyOffset <= bytes.count else { return origin.moved(to: bodyOffset) }
        return origin.moved(to: bytes[bodyOffset...].firstRange(of: Array(text.utf8))?.lowerBound ?? bodyOffset)
    }

    /// The page of a file's bytes; every problem in it is an error or warning located in `file`.
    public static func read(_ bytes: [UInt8], path: String, file: String) -> (page: PageFile?, errors: [SiteError], warnings: [SiteError]) {
        func failed(_ line: Int, _ column: Int, _ reason: String) -> (PageFile?, [SiteError], [SiteError]) {
            (nil, [SiteError(file: file, line: line, column: column, reason: reason)], [])
        }
        let text: String
        switch TextFile.decoded(bytes, file: file) {
        case .success(let decoded): text = TextFile.normalized(decoded)
        case .failure(let error): return (nil, [error], [])
        }
        var page = PageFile(path: path, file: file, body: text)
        let parts = FrontMatter.split(text)
        if parts.unclosed { return failed(1, 1, "the front matter opened here with +++ is not closed by a +++ line") }
        if parts.looksUnclosed { return failed(1, 1, "the front matter opened here with --- is not closed by a --- line") }
        page.body = parts.body
        page.bodyOffset = text.utf8.count - parts.body.utf8.count
        var reader = Reader(file: file, firstLine: parts.firstLine, lines: parts.text?.components(separatedBy: "\n") ?? [])
        if let matter = parts.text {
            switch FrontMatter.parse(matter, as: parts.syntax, firstLine: parts.firstLine) {
            case .failure(let problem):
                return failed(problem.line + parts.firstLine - 1, problem.column, problem.reason)
            case .success(.map(let pairs, _, _, let keyLines)?):
                reader.read(pairs, keyLines: keyLines, into: &page)
            case .success(nil):
                break
            case .success(let other?):
                return failed(other.position.line + parts.firstLine - 1, other.position.column, "front matter must be a map of keys and values")
            }
        }
        if !reader.errors.isEmpty { return (nil, reader.errors, reader.warnings) }
        // A C0 control character of the body is a space (found by a security audit: NUL and ESC reached
        // the page as they were; one byte for one, so the body's places in the file stay right).
        if page.body.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            var bytes = Array(page.body.utf8)
            let first = bytes.firstIndex { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }!
            for i in bytes.indices where bytes[i] < 0x20 && bytes[i] != 0x09 && bytes[i] != 0x0A && bytes[i] != 0x0D { bytes[i] = 0x20 }
            let at = SourcePosition(offset: page.bodyOffset + first, in: Array(text.utf8))
            reader.warnings.append(SiteError(file: file, line: at.line, column: at.column,
                                             reason: "the text holds control characters that web pages cannot show; each is shown as a space"))
            page.body = String(decoding: bytes, as: UTF8.self)
        }
        // A page's tables are sized as an entry's are (a cloned site's page is not to be trusted either).
        if let problem = TableSize.problem(in: page.body) {
            let at = SourcePosition(offset: page.bodyOffset, in: Array(text.utf8))
            return (nil, [SiteError(file: file, line: at.line, column: at.column, reason: problem)], reader.warnings)
        }
        if page.title == nil, let heading = TitleHeading(page.body) {
            let title = heading.text
            if !title.isEmpty {
                page.headingTitle = title
                page.body = heading.text(replacingHeadingWith: [])
            }
        }
        return (page, [], reader.warnings)
    }

    /// Reads the front matter's keys into a page, its problems located in the file.
    private struct Reader {
        let file: String
        let firstLine: Int
        /// The front matter's lines, for the places of keys.
        let lines: [String]
        var errors: [SiteError] = []
        var warnings: [SiteError] = []

        /// The place of a value in the file.
        func place(_ value: FrontMatter.Value) -> (line: Int, column: Int) {
            (value.position.line + firstLine - 1, value.position.column)
        }

        mutating func fail(_ value: FrontMatter.Value, _ reason: String) {
            let at = place(value)
            errors.append(SiteError(file: file, line: at.line, column: at.column, reason: reason))
        }

        /// What a value is, for messages: `"yes"`, `"true" in quotes, which makes it text`, `a list`, `a map`.
        static func found(_ value: FrontMatter.Value) -> String {
            switch value {
            case .scalar(let text, true, _, _): "\"\(text)\""
            case .scalar(let text, false, _, _): "\"\(text)\" in quotes, which makes it text"
            case .list: "a list"
            case .map: "a map"
            }
        }

        static func bool(_ value: FrontMatter.Value) -> Bool? {
            guard case .scalar(let text, true, _, _) = value else { return nil }
            switch text {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: return nil
            }
        }

        /// The value as text, its control characters shown as U+FFFD with a warning, as an entry's
        /// are (found by a security audit: a page's title took NUL and ESC into every page's menu).
        mutating func text(_ key: String, _ value: FrontMatter.Value) -> String? {
            guard case .scalar(let text, _, _, _) = value else {
                fail(value, "\"\(key)\" must be text, found \(Self.found(value))")
                return nil
            }
            var kept = text
            if let (cleaned, reason) = JSONReader.withoutControls(text, key: key) {
                let at = place(value)
                warnings.append(SiteError(file: file, line: at.line, column: at.column, reason: reason))
                kept = cleaned
            }
            // A title is in every page's menu: an override left open there turned the next item around too.
            if let (closed, open) = BidiControls.closed(kept) {
                let at = place(value)
                warnings.append(SiteError(file: file, line: at.line, column: at.column, reason: BidiControls.reason(key: key, open: open)))
                kept = closed
            }
            return kept
        }

        mutating func read(_ pairs: [(key: String, value: FrontMatter.Value)], keyLines: [Int], into page: inout PageFile) {
            var menuWeight: Int?
            var unpublished = false
            for (k, pair) in pairs.enumerated() {
                let value = pair.value
                if value.isNull { continue }
                switch pair.key {
                case "title":
                    if let title = text("title", value), !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { page.title = title }
                case "description":
                    if let description = text("description", value), !description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        page.description = description
                    }
                case "weight":
                    if let weight = weight(value) { page.weight = weight }
                case "draft":
                    guard let draft = Self.bool(value) else {
                        fail(value, "\"draft\" must be true or false, found \(Self.found(value))")
                        continue
                    }
                    page.draft = draft
                case "published":
                    // Jekyll's: a page it would not publish is a draft here too, rather than published with a warning.
                    guard let published = Self.bool(value) else {
                        fail(value, "\"published\" (Jekyll's) must be true or false, found \(Self.found(value))")
                        continue
                    }
                    if !published { unpublished = true }
                case "menu":
                    // Hugo's forms name a menu (`menu: main`, `[main]`, `{main: {weight: 2}}`): the page is in it.
                    if let listed = Self.bool(value) {
                        page.menu = listed
                    } else {
                        page.menu = true
                        // Daybook has one menu, Hugo's "main": a page only in another (a footer's) is not in it.
                        let names: [String] = switch value {
                        case .scalar(let text, _, _, _): [text]
                        case .list(let items, _, _): items.compactMap { if case .scalar(let text, _, _, _) = $0 { text } else { nil } }
                        case .map(let menus, _, _, _): menus.map(\.key)
                        }
                        if !names.isEmpty, !names.contains("main") {
                            page.menu = false
                            let at = place(value)
                            let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
                            warnings.append(SiteError(file: file, line: at.line, column: at.column, reason:
                                "\"menu\": Daybook has one menu, the header's (Hugo's \"main\"), and a page in \(quoted) is left out of it: "
                                + "\"menu: true\" lists it there; a link in your layout's footer shows it there"))
                        }
                        if case .map(let menus, _, _, _) = value {
                            for case (_, .map(let entry, _, _, _)) in menus {
                                if let value = entry.last(where: { $0.key == "weight" })?.value, !value.isNull,
                                   let weight = weight(value) {
                                    menuWeight = weight
                                }
                            }
                        }
                    }
                case "aliases":
                    readAliases(value, into: &page)
                default:
                    if let warning = unknown(pair.key, line: k < keyLines.count ? keyLines[k] + firstLine - 1 : place(value).line) {
                        warnings.append(warning)
                    }
                }
            }
            if page.weight == nil { page.weight = menuWeight }
            if unpublished { page.draft = true }
        }

        /// A `weight`, the page's or its Hugo menu's: a whole number, else an error at it.
        mutating func weight(_ value: FrontMatter.Value) -> Int? {
            guard case .scalar(let text, true, _, _) = value, let weight = Int(text) else {
                if case .scalar(let text, true, _, _) = value, case let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text),
                   !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) {
                    fail(value, "\"weight\" must be a whole number from \(Int.min) to \(Int.max), found \(Self.found(value))")
                } else {
                    fail(value, "\"weight\" must be a whole number, found \(Self.found(value))")
                }
                return nil
            }
            return weight
        }

        mutating func readAliases(_ value: FrontMatter.Value, into page: inout PageFile) {
            let items: [FrontMatter.Value]
            switch value {
            case .scalar: items = [value]
            case .list(let list, _, _): items = list
            case .map:
                fail(value, "\"aliases\" must be a list of addresses, found a map")
                return
            }
            if items.count > AliasPath.maxPerEntry {
                fail(value, "a page has at most \(AliasPath.maxPerEntry) aliases, found \(items.count)")
                return
            }
            for item in items {
                guard case .scalar(let written, _, _, _) = item else {
                    fail(item, "an alias must be an address (such as /about/), found \(Self.found(item))")
                    continue
                }
                switch AliasPath.file(for: written) {
                case .success(let alias):
                    if !page.aliases.contains(alias) {
                        page.aliases.append(alias)
                        let at = place(item)
                        page.aliasOrigins.append(SourceOrigin(file: file, line: at.line, column: at.column))
                    }
                case .failure(let problem):
                    fail(item, problem.reason)
                }
            }
        }

        /// A warning at a key no page has when it is another tool's or near one of Daybook's (a
        /// misspelling), with what it was probably meant to be; nil for any other key, which is
        /// the user's own (as in `daybook.json` and the diary's JSON).
        func unknown(_ key: String, line: Int) -> SiteError? {
            let reason: String
            if let hint = PageFile.otherToolsKeys[key] {
                reason = "\"\(key)\" is \(hint)"
            } else if let near = NearestName.suggestion(for: key, among: PageFile.keys) {
                reason = "unknown key \"\(key)\" (did you mean \"\(near)\"?)"
            } else {
                return nil
            }
            let row = line - firstLine
            let column = row >= 0 && row < lines.count
                ? lines[row].range(of: key).map { lines[row].unicodeScalars.distance(from: lines[row].startIndex, to: $0.lowerBound) + 1 } ?? 1 : 1
            return SiteError(file: file, line: line, column: column, reason: reason)
        }
    }
}
