import DaybookCore
import Foundation

/// A folder of Markdown notes, recursively (Obsidian daily notes, Hugo, Jekyll or Zola posts).
///
/// Front matter, YAML (`---`) or TOML (`+++`, Hugo's and Zola's), its keys in any case, gives
/// `title`, `date` (else Hugo's fallbacks, ``dateKeys``), `tags` (a list or a comma string),
/// `draft` (also Hugo's `headless` and `[build] render = "never"`), `mood`, `weather` and
/// `location` (these three also from Hugo's `params` and Zola's `extra`; tags from Zola's
/// `taxonomies`). Without a title, the first `#` heading (taken out of the body), else the file
/// name (a bundle's `index.md`: its folder's); without a date, the file name's `YYYY-MM-DD…` (a
/// note with neither is skipped with a warning, a section's `_index.md` without one). Images, as
/// Markdown `![](path)` or Obsidian `![[file.png]]`, are looked up
/// beside the note, then by path in the vault, then by name anywhere in it (Obsidian's
/// attachment folder included), and copied to `photos/markdown/`; `[[wiki links]]` to other
/// imported notes become links to their entries.
public struct MarkdownNotesImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    static let mediaFolder = "photos/markdown"
    static let maxNoteBytes = 8 << 20
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif", "heic", "heif", "svg", "bmp", "tif", "tiff"]

    /// One note, read.
    private struct Note {
        var path: String
        var text: String
        var name: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        // A note's entry is known by its path in its folder, and its links and images are found
        // there: read alone, it would be a second entry, without them.
        if let only = export.namedFile, [".md", ".markdown"].contains(where: only.lowercased().hasSuffix) {
            throw .at(export.label, "is one note: import the folder of notes it is in (\(export.root)), where its links and images "
                                    + "are found; imported again, a folder adds only what is new or changed")
        }
        if export.isStdinFile {
            throw .at(export.label, "is one note: import the folder of notes (or a zip of it), where each note is known by its "
                                    + "path and its links and images are found")
        }
        // A Daybook site's own folder holds its pages and what builds wrote (`_site/reports/*.md`), not
        // notes (found by a notes user's audit: the built reports would have been imported as entries).
        if export.namedFile == nil, export.isFile("daybook.json") {
            throw .at(export.label, "is a Daybook site (it has daybook.json), not a folder of notes: import the folder your notes "
                                    + "are in; its pages/ are published as they are")
        }
        let all = export.files()
        let postFolders = Self.postFolders(in: all)
        if postFolders.isEmpty, let site = Self.siteAround(export) {
            // Read alone, a site's posts would lose what the site's folder gives them (titles,
            // categories, old addresses, images from static/) and overwrite what it gave.
            throw .wrongExport("\(export.label): this is the \(site.folder) folder of a \(site.kind) site: import the site's folder, \(site.path), "
                                    + "which reads its posts with the site's configuration (permalinks, images from its root)")
        }
        var notePaths = all.filter { path in
            Self.isMarkdownName(path) && (postFolders.isEmpty || postFolders.contains { path.hasPrefix($0) })
        }
        let obsidian = postFolders.isEmpty ? ObsidianSettings.of(export) : ObsidianSettings()
        // An Obsidian vault's templates are not notes (found by an Obsidian user's audit: its daily
        // note's template was published as an entry titled `{{title}}`).
        let templates = notePaths.filter { path in obsidian.templateFolders.contains { path.hasPrefix($0) } }
        notePaths.removeAll(where: Set(templates).contains)
        // A Hugo or Zola site's pages in no section (`content/about.md`, `content/about/index.md`)
        // are its pages, not posts, when it has sections of posts.
        let sitePages = postFolders == ["content/"] ? Self.pagesInNoSection(notePaths) : []
        notePaths.removeAll(where: Set(sitePages).contains)
        guard !notePaths.isEmpty else {
            if !postFolders.isEmpty {
                throw .at(export.label, "a \(postFolders == ["content/"] ? "Hugo or Zola" : "Jekyll") site with no Markdown notes in "
                                        + postFolders.joined(separator: " or ") + " (links in the folder are not followed)")
            }
            throw .at(export.label, "no Markdown notes (*.md, *.markdown) in it")
        }
        var notes: [Note] = []
        var errors: [SiteError] = []
        for path in notePaths {
            let bytes = try export.read(path, limit: Self.maxNoteBytes)
            let text: String
            switch TextFile.decoded(bytes, file: export.display(path)) {
            case .success(let decoded): text = decoded
            case .failure(let error):
                errors.append(error)
                continue
            }
            notes.append(Note(path: path, text: TextFile.normalized(text).replacingOccurrences(of: "\u{1}", with: "")))
        }
        // Other files by path and by name (lowercased), for images and attachments.
        let noteSet = Set(notePaths + sitePages)
        let others = all.filter { !noteSet.contains($0) }
        let byPath = Set(others)
        var byName: [String: [String]] = [:]
        for path in others { byName[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
        let symlinks = export.links()
        // Notes by name and by path without extension, for wiki links.
        var noteSources: [String: String] = [:]
        for note in notes {
            let stem = (note.path as NSString).deletingPathExtension
            noteSources[stem.lowercased()] = Self.source(note.path, postFolders: postFolders)
            if noteSources[note.name.lowercased()] == nil { noteSources[note.name.lowercased()] = Self.source(note.path, postFolders: postFolders) }
        }
        if postFolders.isEmpty {
            // Obsidian finds a note by its `aliases` too: `[[Mum]]` for the note "Mother".
            for note in notes {
                for alias in Self.noteAliases(note.text) where noteSources[alias.lowercased()] == nil {
                    noteSources[alias.lowercased()] = Self.source(note.path, postFolders: postFolders)
                }
            }
        }
        var links = NoteLinks(sources: noteSources, postFolders: postFolders)
        links.namesakes = Dictionary(grouping: notes.map(\.path)) { ($0 as NSString).lastPathComponent.lowercased() }
            .reduce(into: [:]) { result, group in
                if group.value.count > 1 { result[(group.key as NSString).deletingPathExtension] = group.value }
            }
        // A link to a heading (`[[Note#Heading]]`) uses the id the build gives it.
        if notes.contains(where: { $0.text.contains("[[") && $0.text.contains("#") }) {
            let renderer = MarkdownRenderer()
            for note in notes where note.text.contains("#") {
                let source = Self.source(note.path, postFolders: postFolders)
                let published = Self.publishedHeadings(of: note.text)
                links.headings[source] = HeadingIDs.ids(inHTML: renderer.html(published.body))
                links.titleHeadings[source] = published.title
            }
        }
        let draftFolders = Self.draftFolders(notes.map { ($0.path, $0.text) })
        let rules = PostAddress.SiteRules.of(files: all, postFolders: postFolders) { path in
            (try? export.read(path, limit: 1 << 20)).flatMap { String(validating: $0, as: UTF8.self) }
        }
        var batch = ImportBatch()
        if !templates.isEmpty {
            batch.notes.append("\(templates.count) \(templates.count == 1 ? "note" : "notes") in Obsidian's templates folder "
                + obsidian.templateFolders.map { String($0.dropLast()) }.joined(separator: " and ") + " left out: templates, not notes")
        }
        if !postFolders.isEmpty {
            let site = postFolders == ["content/"] ? "Hugo or Zola site: its content/" : "Jekyll site: its _posts/, and _drafts/ as drafts"
            batch.notes.append("\(export.label): read as a \(site); other Markdown files in it (pages, themes, READMEs) are not entries")
        }
        // Posts the site publishes that are not read here: named in a warning (found by a Hugo and
        // Jekyll user's audit: three posts of five went without a word).
        let skipped = Self.skippedPosts(in: all, postFolders: postFolders) { path in (try? export.read(path, limit: Self.maxNoteBytes)).map { Array($0.prefix(16)) } }
        if !skipped.otherFormats.isEmpty {
            let count = skipped.otherFormats.count
            batch.warnings.append(ImportWarning("\(export.label): \(count == 1 ? "a post" : "\(count) posts") not in Markdown, not imported: "
                + SiteImporter.firstFive(skipped.otherFormats.map(export.display)) + "; Daybook reads posts in Markdown ("
                + Self.markdownExtensions.map { "." + $0 }.joined(separator: ", ") + "): convert \(count == 1 ? "it" : "them") (pandoc does), then import again"))
        }
        if !skipped.inCategoryFolders.isEmpty {
            let count = skipped.inCategoryFolders.count
            batch.warnings.append(ImportWarning("\(export.label): \(count == 1 ? "a post" : "\(count) posts") in a category's _posts/ or _drafts/ folder, not imported: "
                + SiteImporter.firstFive(skipped.inCategoryFolders.map(export.display)) + "; move \(count == 1 ? "it" : "them") into the site's _posts/ "
                + "(or _drafts/) with the category in \(count == 1 ? "its" : "their") front matter (categories: [travel]), then import again"))
        }
        // Its posts' addresses are kept as aliases; its lists' and feeds' have no page here (found by
        // a Hugo user's audit: subscribers to /index.xml were lost without a word).
        if postFolders == ["content/"], !rules.isZola {
            batch.notes.append("\(export.label): Hugo's feeds (/index.xml, and each section's and tag's index.xml) and list pages (/posts/, /categories/…) "
                + "have no page in Daybook, whose feed is /feed.xml and lists are months/ and tags/: a redirect on your host keeps the feed's readers")
        }
        // Hugo published `static/` at the site's root, as Daybook publishes its own (found by a Hugo
        // user's audit: the favicon and a PDF's old address were lost without a word).
        let statics = postFolders == ["content/"] ? all.filter { $0.hasPrefix("static/") } : []
        if !statics.isEmpty {
            batch.notes.append("\(export.display("static")): \(statics.count == 1 ? "1 file" : "\(statics.count) files") \(rules.isZola ? "Zola" : "Hugo") published at the site's root, not imported "
                + "(those posts link to are copied to photos/): copy the folder into the Daybook site's static/, which a build publishes at the root too, "
                + "so their old addresses keep working (cp -R \"\(export.display("static"))/.\" SITE/static/)")
        }
        if !sitePages.isEmpty {
            let example = ((sitePages[0] as NSString).lastPathComponent.lowercased().hasPrefix("index.")
                ? (sitePages[0] as NSString).deletingLastPathComponent : (sitePages[0] as NSString).deletingPathExtension)
                .dropFirst("content/".count)
            batch.notes.append(sitePages.map(export.display).joined(separator: ", ")
                + ": \(sitePages.count == 1 ? "a page" : "pages") of the site in no section, not \(sitePages.count == 1 ? "a post" : "posts"): not imported; "
                + "Daybook publishes a page of yours from its pages/ folder (pages/\(example).md), where \(sitePages.count == 1 ? "it" : "each") can be copied")
        }
        for note in notes {
            let hidden = draftFolders.contains { note.path.hasPrefix($0) }
            switch entry(note, export: export, postFolders: postFolders, rules: rules, hiddenByCascade: hidden, keepsLineBreaks: obsidian.keepsLineBreaks, byPath: byPath, byName: byName,
                         symlinks: symlinks, links: links, batch: &batch) {
            case .success(let item?): batch.items.append(item)
            case .success(nil): break
            case .failure(let error): errors.append(error)
            }
        }
        if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
        Self.keepingEachAliasOnce(&batch)
        if let warning = batch.unreadKeys.warning { batch.warnings.append(warning) }
        if let first = batch.undatedNotes.first {
            let count = batch.undatedNotes.count
            let named = batch.undatedNotes.prefix(5).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ") + (count > 5 ? ", …" : "")
            batch.warnings.append(ImportWarning("\(first): \(count == 1 ? "a note" : "\(count) notes") with no date (in front matter, or a name "
                                                + "starting YYYY-MM-DD or YYYYMMDD), dated by \(count == 1 ? "its file's" : "their files'") modification time: \(named)"))
        }
        // A link from the site's root names a post by its page's last part; a name two posts
        // share names neither.
        var pages: [String: String] = [:]
        var shared: Set<String> = []
        for item in batch.items {
            let names = NoteLinks.pageNames(path: String(item.source.dropFirst("markdown:".count)), pageName: item.pageName)
                + NoteLinks.pageNames(aliases: item["aliases"])
            for name in Set(names) {
                if pages[name] == nil { pages[name] = item.source } else if pages[name] != item.source { shared.insert(name) }
            }
        }
        for name in shared { pages[name] = nil }
        // A link to a note that was not imported (a Jekyll post without a date), or to a draft,
        // whose page is not published, is left as its words.
        let published = Set(batch.items.filter { $0["draft"] != .bool(true) }.map(\.source))
        let drafts = Dictionary(batch.items.filter { $0["draft"] == .bool(true) }.map { ($0.source, $0.title) }, uniquingKeysWith: { a, _ in a })
        // Where each note's first link to a draft is written (found by a Hugo user's audit: the
        // warning named the file alone).
        let texts = Dictionary(notes.map { (export.display($0.path), $0.text) }, uniquingKeysWith: { a, _ in a })
        func place(ofLink label: String, in file: String) -> String {
            // A Markdown link, a wiki link, or a wiki link's shown words (`[[Plan|the plan]]`).
            guard let text = texts[file],
                  let range = ["[" + label + "](", "[[" + label, "|" + label + "]]"].lazy.compactMap({ text.range(of: $0) }).first else { return file }
            let place = SourcePosition(offset: text.utf8.distance(from: text.startIndex, to: range.lowerBound), in: Array(text.utf8))
            return "\(file):\(place.line):\(place.column)"
        }
        for k in batch.items.indices {
            guard let index = batch.items[k].members.firstIndex(where: { $0.key == "body" }),
                  case .string(var body) = batch.items[k].members[index].value.value, body.contains("\u{1}") else { continue }
            body = NoteLinks.resolvingRootLinks(body, pages: pages)
            // A draft's links to drafts stay: a build with `--drafts` publishes both.
            let isDraft = batch.items[k]["draft"] == .bool(true)
            var toDrafts: [String] = [], firstLabel: String?
            let cleaned = Self.replace(Self.pendingLink, in: body) { groups in
                if published.contains(groups[2]) || (isDraft && drafts[groups[2]] != nil) { return nil }
                if let title = drafts[groups[2]], !toDrafts.contains(title) { toDrafts.append(title) }
                if firstLabel == nil { firstLabel = groups[1] }
                return groups[1]
            }
            batch.items[k].members[index].value = JSONNode(value: .string(cleaned))
            if !toDrafts.isEmpty {
                let file = batch.items[k].file.map { file in firstLabel.map { place(ofLink: $0, in: file) } ?? file } ?? batch.items[k].source
                batch.warnings.append(ImportWarning("\(file): \(toDrafts.count == 1 ? "a link to a draft" : "links to drafts"), "
                                                    + "whose pages are not published, left as words: \(toDrafts.joined(separator: ", "))"))
            }
        }
        return batch
    }

    private static let pendingLink = try! NSRegularExpression(pattern: "\\[([^\\]]*)\\]\\(\u{1}entry:([^\u{1}]*)\u{1}[^)]*\\)")

    private func entry(_ note: Note, export: ExportFolder, postFolders: [String], rules: PostAddress.SiteRules, hiddenByCascade: Bool, keepsLineBreaks: Bool,
                       byPath: Set<String>, byName: [String: [String]],
                       symlinks: [String], links: NoteLinks, batch: inout ImportBatch) -> Result<ImportedItem?, SiteError> {
        let file = export.display(note.path)
        let parts = FrontMatter.split(note.text)
        let (syntax, matter, firstLine, rawBody) = (parts.syntax, parts.text, parts.firstLine, parts.body)
        if parts.unclosed {
            return .failure(SiteError(file: file, line: 1, column: 1, reason: "the front matter opened here with +++ is not closed by a +++ line"))
        }
        if parts.looksUnclosed {
            batch.warnings.append(ImportWarning("\(file):1:1: front matter opened here with --- is not closed by a --- line, so it is read as the note's text"))
        }
        // Jekyll publishes only the posts that open with front matter (`---` lines, empty or not).
        if matter == nil, postFolders.contains("_posts/") {
            batch.warnings.append(ImportWarning("\(file): no front matter, so Jekyll does not publish it; skipped"))
            return .success(nil)
        }
        // Keys as Hugo reads them, in any case (`Title`, `publishDate`); written as given in messages.
        var fields: [(key: String, value: FrontMatter.Value)] = []
        var written: [String: String] = [:]
        // Each key's own line, where the parser gives it (a nested value starts on a later one).
        var keyLines: [String: Int] = [:]
        if let matter {
            switch FrontMatter.parse(matter, as: syntax, firstLine: firstLine) {
            case .failure(let problem):
                return .failure(SiteError(file: file, line: problem.line + firstLine - 1, column: problem.column, reason: problem.reason))
            case .success(.map(let pairs, _, _, let lines)?):
                fields = pairs.map { ($0.key.lowercased(), $0.value) }
                for pair in pairs { written[pair.key.lowercased()] = pair.key }
                for (pair, line) in zip(pairs, lines) { keyLines[pair.key.lowercased()] = line }
                // A site's own fields, where Hugo (`params`, since 0.123) and Zola (`extra`) keep them, and Zola's tags.
                func nested(_ table: String, _ keys: [String]) {
                    guard case .map(let inner, _, _, _)? = fields.last(where: { $0.key == table })?.value else { return }
                    for key in keys where !fields.contains(where: { $0.key == key }) {
                        if let found = inner.last(where: { $0.key.lowercased() == key }) {
                            fields.append((key, found.value))
                            written[key] = table + "." + found.key
                        }
                    }
                }
                nested("params", ["mood", "weather", "location"])
                nested("extra", ["mood", "weather", "location"])
                nested("taxonomies", ["tags"])
            case .success(nil): break
            case .success(let other?):
                let p = other.position
                return .failure(SiteError(file: file, line: p.line + firstLine - 1, column: p.column, reason: "front matter must be a map of keys and values"))
            }
        }
        func fail(_ value: FrontMatter.Value, _ reason: String) -> Result<ImportedItem?, SiteError> {
            let p = value.position
            return .failure(SiteError(file: file, line: p.line + firstLine - 1, column: p.column, reason: reason))
        }
        func name(_ key: String) -> String { written[key] ?? key }
        func text(_ key: String) -> Result<String?, SiteError> {
            // YAML's null (`~`, `null`) is no value, as Hugo, Jekyll and Obsidian read it.
            guard let value = fields.last(where: { $0.key == key })?.value, !value.isNull else { return .success(nil) }
            guard case .scalar(let s, _, _, _) = value else {
                let p = value.position
                return .failure(SiteError(file: file, line: p.line + firstLine - 1, column: p.column, reason: "\"\(name(key))\" must be text"))
            }
            return .success(s)
        }
        // Jekyll's `published: false` hides a post; a date there is Hugo's alias for `publishDate`.
        var hidden = false
        if case .scalar(let flag, true, _, _)? = fields.last(where: { $0.key == "published" })?.value,
           ["true", "false"].contains(flag.lowercased()) {
            hidden = flag.lowercased() == "false"
            fields.removeAll { $0.key == "published" }
        }
        var strings: [String: String] = [:]
        for key in ["title", "mood", "weather", "location", "draft", "slug", "url", "permalink"] {
            switch text(key) {
            case .success(let s?): strings[key] = s
            case .success(nil): break
            case .failure(let error): return .failure(error)
            }
        }
        // Hugo's and Jekyll's categories are tags here too (Daybook has one kind), after the tags.
        var tags: [String] = [], categories: [String] = []
        for key in ["tags", "categories", "category"] {
            guard let value = fields.last(where: { $0.key == key })?.value, !value.isNull else { continue }
            var found: [String] = []
            switch value {
            case .scalar(let s, _, _, _):
                // Jekyll reads `tags: walk dog` as two tags and `category: road trip` as one, and
                // so does a folder of notes (an Obsidian tag has no space: `tags: "#daily #work"`);
                // a site's posts split a text at commas. Hugo takes a text as one (`tags: "thoughts,
                // late night"` was its page /tags/thoughts-late-night/; found by a Hugo user's audit:
                // that address was lost).
                let atSpaces = (postFolders.contains("_posts/") || postFolders.isEmpty) && !s.contains(",")
                if postFolders == ["content/"] || (atSpaces && key == "category") {
                    found = [s.trimmingCharacters(in: .whitespaces)]
                } else {
                    found = (atSpaces ? s.split(whereSeparator: \.isWhitespace) : s.split(separator: ",")).map { $0.trimmingCharacters(in: .whitespaces) }
                }
            case .list(let items, _, _):
                for item in items where !item.isNull {
                    guard case .scalar(let s, _, _, _) = item else { return fail(item, "\"\(name(key))\" must be a list of words or one comma-separated text") }
                    found.append(s.trimmingCharacters(in: .whitespaces))
                }
            case .map: return fail(value, "\"\(name(key))\" must be a list of words or one comma-separated text")
            }
            if key != "tags" { categories += found }
            for tag in found.map({ $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }) where !tag.isEmpty && !tags.contains(tag) {
                tags.append(tag)
            }
        }
        var draft = false
        if let text = strings["draft"] {
            switch text.lowercased() {
            case "true", "yes", "on": draft = true
            case "false", "no", "off", "": draft = false
            default: return fail(fields.last { $0.key == "draft" }!.value, "\"\(name("draft"))\" must be true or false, found \"\(text)\"")
            }
        }
        if hidden || hiddenByCascade { draft = true }
        // Jekyll publishes nothing from `_drafts/`.
        if postFolders.contains("_drafts/"), note.path.hasPrefix("_drafts/") { draft = true }
        // A page Hugo never renders (`headless = true`, `[build] render = "never"`) is kept out of the site too.
        if Self.isHidden(fields) { draft = true }
        // Nor does it publish a page before its `publishDate` or after its `expiryDate` (found by a
        // Hugo user's audit: both went public): drafts, with a note.
        if postFolders == ["content/"], !draft, let unpublished = Self.unpublishedByHugo(fields, now: context.now, zone: rules.timeZone ?? context.timeZone) {
            draft = true
            let p = fields.last { $0.key == unpublished.key }!.value.position
            let expired = unpublished.key == "expirydate" || unpublished.key == "unpublishdate"
            batch.notes.append("\(file):\(p.line + firstLine - 1):\(p.column): \"\(name(unpublished.key))\" \(unpublished.text) "
                + (expired ? "has passed, so Hugo no longer publishes it" : "is still to come, so Hugo does not publish it yet")
                + ": imported as a draft (\"draft\": true; daybook build --drafts shows it)")
        }
        // The date: front matter, else the file name, else the file's modification time. A value
        // of a date key that is no date (`date: next Tuesday`, `2024-13-45`) is warned about where
        // it is written, and the note dated as if the key were not there: one typo among
        // thousands of notes does not stop the import.
        let read = Self.frontMatterDate(fields)
        var date = read.date?.text, dating = read.date.map { "by its \"\(name($0.key))\"" } ?? ""
        if date == nil, let day = Self.day(ofName: note.name) {
            (date, dating) = (day, "by its file's name")
        } else if date == nil, postFolders.contains("_drafts/"), note.path.hasPrefix("_drafts/"),
                  let modified = Self.modificationTime(export.path(note.path)) {
            // Jekyll dates an undated draft by its file's modification time (`jekyll serve --drafts`).
            (date, dating) = (modified, "by its file's modification time, as Jekyll dates a draft")
            if read.unreadable.isEmpty {
                batch.warnings.append(ImportWarning("\(file): a draft with no date; dated \(modified), its file's modification time, as Jekyll dates it"))
            }
        } else if date == nil, !postFolders.contains("_posts/"), note.name != "_index", let modified = Self.modificationTime(export.path(note.path)) {
            // A note without a date (Bear, iA Writer) or a Hugo page without one, which Hugo still
            // publishes, is dated by its file; a Jekyll post without one is not published.
            (date, dating) = (modified, "by its file's modification time")
            if read.unreadable.isEmpty { batch.undatedNotes.append(file) }
        }
        for (key, value) in read.unreadable {
            let p = value.position
            let found: String
            switch value {
            case .scalar(let text, _, _, _): found = "\"\(text)\""
            case .list: found = "a list"
            case .map: found = "a map"
            }
            batch.warnings.append(ImportWarning("\(file):\(p.line + firstLine - 1):\(p.column): cannot read \"\(name(key))\" as a date (ISO 8601, like 2024-01-02 "
                + "or 2024-01-02 08:30): \(found); " + (date.map { "the note is dated \(dating) instead (\($0))" } ?? "the note has no other date, so it is skipped")))
        }
        guard var date, case .success(var parsed) = ISODate.parse(date) else {
            // A Hugo or Zola section's page lists posts: it is not one.
            if note.name == "_index" || !read.unreadable.isEmpty { return .success(nil) }
            batch.warnings.append(ImportWarning("\(file): no date (a date in its front matter, or a file name starting YYYY-MM-DD); skipped"))
            return .success(nil)
        }
        var zone = Self.writtenZone(of: parsed, written: date, site: context.timeZone, old: rules.timeZone)
        // A time without an offset is the old site's zone's (Jekyll's `timezone`, Hugo's `timeZone`)
        // when it names one other than this site's: the offset is written, the entry keeps the zone.
        if parsed.utcOffset == nil, let second = parsed.secondOfDay, let old = rules.timeZone, old.identifier != context.timeZone.identifier {
            let wall = Double(parsed.day.daysSinceEpoch) * 86_400 + Double(second)
            let offset = old.secondsFromGMT(for: Date(timeIntervalSince1970: wall - Double(old.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))))
            let minutes = abs(offset) / 60
            let withOffset = date + (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", minutes / 60, minutes % 60)
            if case .success(let reparsed) = ISODate.parse(withOffset) { (date, parsed, zone) = (withOffset, reparsed, old.identifier) }
        }
        // A time the site's zone skips, or has twice, said as the jrnl import says it (found by a notes
        // user's audit: `date: 2024-03-31 02:30` in Berlin was shown at 03:30 without a word).
        if parsed.utcOffset == nil, parsed.secondOfDay != nil {
            let clock = ImportDate.clockChange(of: file, written: date, date: parsed, in: context.timeZone)
            let source = Self.source(note.path, postFolders: postFolders)
            if let warning = clock.warning { batch.warnings.append(ImportWarning(warning, source: source)) }
            if let note = clock.note { batch.itemNotes.append(ImportWarning(note, source: source)) }
        }
        // The title: front matter, else a first `#` heading (taken out), else the file name.
        var body = rawBody
        var title = strings["title"]?.trimmingCharacters(in: .whitespaces) ?? ""
        if title.isEmpty, let heading = Self.titleHeading(of: body) {
            (title, body) = heading
            // In a folder of notes a title heading's tags are the note's (`# Meeting notes #work`),
            // as Obsidian shows them, and the title is the words before them.
            if postFolders.isEmpty {
                let headingTags = NoteMarkup.tags(title)
                for tag in headingTags where !tags.contains(tag) { tags.append(tag) }
                var words = title.split(separator: " ", omittingEmptySubsequences: false)
                while words.count > 1, let last = words.last, last.hasPrefix("#"), headingTags.contains(String(last.dropFirst())) { words.removeLast() }
                title = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            }
        }
        // Jekyll titles a post by its file name's words: `2024-01-09-my-trip-home.md` is "My Trip Home".
        if title.isEmpty, postFolders.contains("_posts/"), note.name.count > 11, case .success = ISODate.parse(String(note.name.prefix(10))),
           note.name.dropFirst(10).first == "-" {
            title = note.name.dropFirst(11).split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
        // A Hugo page bundle (`posts/trip/index.md`) is named by its folder.
        if title.isEmpty { title = note.name == "index" ? (ParentFolder.of(note.path) as NSString).lastPathComponent : note.name }
        if title.isEmpty { title = note.name }
        if postFolders.contains("_posts/"), body.contains("{{") {
            body = Self.liquidSiteURL.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body), withTemplate: "")
        }
        let (hugo, jekyll) = (postFolders.contains("content/"), postFolders.contains("_posts/"))
        // What `{% raw %}` keeps as text is no tag of the post: the leftovers are looked for without it.
        let rawFree = jekyll && body.contains("raw") ? SiteMarkup.converted(SiteMarkup.withoutRawBlocks(body), hugo: hugo, jekyll: jekyll) : nil
        body = SiteMarkup.converted(body, hugo: hugo, jekyll: jekyll)
        body = NoteMarkup.converted(body)
        // A folder of notes (Obsidian) tags by `#walk` in the text; a site's posts by their front matter.
        // Its `==highlight==` is Obsidian's (Hugo and Jekyll show the marks).
        if postFolders.isEmpty {
            body = NoteMarkup.withoutHighlights(body)
            title = NoteMarkup.withoutHighlights(title)
            for tag in NoteMarkup.tags(body) where !tags.contains(tag) { tags.append(tag) }
        }
        let noteFolder = ParentFolder.of(note.path)
        var missing: [String] = []
        var unresolvedNotes: [String] = [], embeddedNotes: [String] = []
        body = Self.rewrite(body, noteFolder: noteFolder, source: Self.source(note.path, postFolders: postFolders), byPath: byPath, byName: byName, links: links) { found in
            guard let found else { return nil }
            return Slug.urlPath(batch.place(export.path(found), at: (context.mediaFolder ?? Self.mediaFolder) + "/" + Self.safePath(found)))
        } missing: { missing.append($0) } unresolved: { if !unresolvedNotes.contains($0) { unresolvedNotes.append($0) } }
            embedded: { if !embeddedNotes.contains($0) { embeddedNotes.append($0) } }
        // Each warning is at the first of what it names in the note's text as written (after its
        // front matter): `name` after one of `before`, else the file alone.
        let textStart = note.text.utf8.count >= rawBody.utf8.count && note.text.hasSuffix(rawBody)
            ? note.text.utf8.index(note.text.startIndex, offsetBy: note.text.utf8.count - rawBody.utf8.count) : note.text.startIndex
        func at(_ name: String, after before: [String]) -> String {
            // A link's destination may be written percent-encoded (`next%20week.md`).
            let written = [name] + [name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)].compactMap { $0 }.filter { $0 != name }
            for lead in before {
                guard let range = written.lazy.compactMap({ note.text.range(of: lead + $0, range: textStart..<note.text.endIndex) }).first else { continue }
                let offset = note.text.utf8.distance(from: note.text.startIndex, to: range.lowerBound) + lead.utf8.count
                let place = SourcePosition(offset: offset, in: Array(note.text.utf8))
                return "\(file):\(place.line):\(place.column)"
            }
            return file
        }
        if let first = embeddedNotes.first {
            batch.warnings.append(ImportWarning("\(at(first, after: ["![["])): \(embeddedNotes.count == 1 ? "an embedded note is" : "embedded notes are") "
                                                + "a link to \(embeddedNotes.count == 1 ? "its" : "their") entry, \(embeddedNotes.count == 1 ? "its" : "their") text not copied in: \(embeddedNotes.joined(separator: ", "))"))
        }
        if let first = unresolvedNotes.first {
            batch.warnings.append(ImportWarning("\(at(first, after: ["[[", "(", "/"])): \(unresolvedNotes.count == 1 ? "a link to a note" : "links to notes") not in the folder, left as words: \(unresolvedNotes.joined(separator: ", "))"))
        }
        batch.missingLinks += missing.count
        // An image behind a symbolic link was not looked for: said so, rather than "not found".
        let linked = missing.filter { Self.isBehindLink($0, noteFolder: noteFolder, symlinks: symlinks) }
        let groups = [(missing.filter { !linked.contains($0) }, "not found", "not found"),
                      (linked, "behind a symbolic link, not followed", "behind symbolic links, not followed")]
        for (images, one, more) in groups.sorted(by: { missing.firstIndex(of: $0.0.first ?? "") ?? .max < missing.firstIndex(of: $1.0.first ?? "") ?? .max }) {
            guard let first = images.first else { continue }
            let (problem, dropped) = images.count == 1 ? (one, "its link was") : (more, "their links were")
            // A shortcode's or Liquid's path (`src="a.jpg"`, `{{ "/a.jpg" | relative_url }}`) is found where it is written.
            batch.warnings.append(ImportWarning("\(at(first, after: ["(", "[[", "\"", ""])): \(images.count == 1 ? "image" : "images") \(problem), \(dropped) dropped: \(images.joined(separator: ", "))"))
        }
        // Outside `{% raw %}`, with the links to posts (`{% post_url %}`) made as the body's were.
        let unconverted = rawFree.map { text in
            text.components(separatedBy: "\n").map { links.rewriting($0, noteFolder: noteFolder) }.joined(separator: "\n")
        } ?? body
        // A link to a post left is one to a post the site does not have (found by a Hugo user's
        // audit: "Daybook has none: ref" said otherwise, and at another line): named as written.
        let unresolved = SiteMarkup.leftOverPostLinks(unconverted, hugo: hugo, jekyll: jekyll)
        if let first = unresolved.first {
            batch.warnings.append(ImportWarning("\(at(first, after: [""])): \(unresolved.count == 1 ? "a link to a post" : "links to posts") the site does not have, "
                + "left as text: \(unresolved.joined(separator: ", "))"))
        }
        let postLinkNames: Set<String> = hugo ? ["ref", "relref"] : ["post_url", "link"]
        let unknown = SiteMarkup.leftOver(unconverted, hugo: hugo, jekyll: jekyll).filter { !postLinkNames.contains($0) }
        if let first = unknown.first {
            let kind = hugo ? "Hugo shortcodes" : "Liquid tags"
            batch.warnings.append(ImportWarning("\(at(first, after: ["{{< ", "{{% ", "{{<", "{{%", "{% ", "{%- ", "{%", "{{ ", "{{- ", "{{"])): \(kind) left as text (Daybook has none): \(unknown.joined(separator: ", "))"))
        }
        // Hugo's escaped shortcodes (`{{</* figure */>}}`, in code too) show as the shortcode's text.
        if hugo, !rules.isZola { body = SiteMarkup.unescapedShortcodes(body) }
        while body.hasPrefix("\n") { body.removeFirst() }
        while body.hasSuffix("\n") { body.removeLast() }
        // An Obsidian vault shows each line as written, unless its "Strict line breaks" is on (found by
        // an Obsidian user's audit: "Breakfast: eggs", "Lunch: salad" became one line).
        if keepsLineBreaks { body = HardLineBreaks.applied(body) }

        var item = ImportedItem(source: Self.source(note.path, postFolders: postFolders), title: title, day: parsed.day)
        item.file = file
        item.datedByFileTime = dating.hasPrefix("by its file's modification time")
        item.set("title", .string(title))
        item.set("date", .string(date))
        item.set("body", body)
        item.set("tags", strings: tags)
        item.set("timeZone", zone)
        item.set("mood", strings["mood"])
        item.set("weather", strings["weather"])
        item.set("location", strings["location"])
        if draft { item.set("draft", .bool(true)) }
        // Its old addresses: where the site published it, and those its front matter lists.
        var addresses: [String] = []
        if !(postFolders.contains("_drafts/") && note.path.hasPrefix("_drafts/")) {
            addresses = PostAddress.of(path: note.path, slug: strings["slug"], title: title, written: strings["url"] ?? strings["permalink"],
                                       categories: categories, day: parsed.day, postFolders: postFolders, rules: rules)
        }
        let ownAddress = addresses.first
        /// Hugo takes a relative alias from the folder of the post's address.
        func fromRoot(_ address: String) -> String? {
            guard postFolders == ["content/"], !rules.isZola else { return address }
            if let resolved = PostAddress.hugoAlias(address, of: ownAddress) { return resolved }
            batch.warnings.append(ImportWarning("\(file): alias \"\(address)\" is relative to the post's address, which is not known (the site sets permalinks, uglyURLs or languages); left out of its aliases"))
            return nil
        }
        // Hugo's and Zola's `aliases` and Jekyll's `redirect_from` are old addresses; Obsidian's
        // `aliases` are other names of the note, for wiki links (``noteAliases(_:)``).
        let addressKeys = postFolders == ["content/"] ? ["aliases"] : postFolders.contains("_posts/") ? ["redirect_from"] : []
        for key in addressKeys {
            guard let value = fields.last(where: { $0.key == key })?.value else { continue }
            switch value {
            case .scalar(let s, _, _, _): if let address = fromRoot(s.trimmingCharacters(in: .whitespaces)) { addresses.append(address) }
            case .list(let items, _, _):
                for item in items where !item.isNull {
                    guard case .scalar(let s, _, _, _) = item else { return fail(item, "\"\(name(key))\" must be a list of addresses") }
                    if let address = fromRoot(s.trimmingCharacters(in: .whitespaces)) { addresses.append(address) }
                }
            case .map: return fail(value, "\"\(name(key))\" must be a list of addresses")
            }
        }
        var aliases: [String] = [], aliasFiles: Set<String> = []
        for address in addresses.map({ $0.trimmingCharacters(in: .whitespaces) }) where !address.isEmpty {
            switch AliasPath.file(for: address) {
            case .success(let aliasFile): if aliasFiles.insert(aliasFile).inserted { aliases.append(address) }
            case .failure(let problem): batch.warnings.append(ImportWarning("\(file): \(problem.reason); left out of its aliases"))
            }
        }
        item.set("aliases", strings: Array(aliases.prefix(AliasPath.maxPerEntry)))
        item.pageName = Self.pageName(slug: strings["slug"], path: strings["url"] ?? strings["permalink"])
        // Front matter the entry has no place for is named once for the whole import.
        for (key, value) in fields where !Self.readKeys.contains(key) {
            batch.unreadKeys.note(written[key] ?? key, at: "\(file):\((keyLines[key] ?? value.position.line) + firstLine - 1)")
        }
        return .success(item)
    }

    /// The date front matter gives (``dateKeys``, keys lowered): the first key whose value is a
    /// date (`text` as ``date(_:)`` writes it), and before it the keys whose values are not
    /// (`next Tuesday`, `2024-13-45`, a list), for a warning each. A key left empty, or YAML's
    /// `null` or `~` (a template's blank `date:`), is no date and no mistake.
    static func frontMatterDate(_ fields: [(key: String, value: FrontMatter.Value)])
        -> (date: (key: String, text: String)?, unreadable: [(key: String, value: FrontMatter.Value)]) {
        var unreadable: [(key: String, value: FrontMatter.Value)] = []
        for key in dateKeys {
            guard let value = fields.last(where: { $0.key == key })?.value else { continue }
            if case .scalar(let text, _, _, _) = value {
                if text.trimmingCharacters(in: .whitespaces).isEmpty || value.isNull { continue }
                if let normalized = date(text) { return ((key, normalized), unreadable) }
            }
            unreadable.append((key, value))
        }
        return (nil, unreadable)
    }

    /// The key and value that keep a Hugo page unpublished at `now`: a `publishDate` (`pubDate`,
    /// `published`) after it, or an `expiryDate` (`unpublishDate`) at or before it. A time without
    /// an offset is in `zone`.
    static func unpublishedByHugo(_ fields: [(key: String, value: FrontMatter.Value)], now: Date, zone: TimeZone) -> (key: String, text: String)? {
        func moment(_ key: String) -> (text: String, at: Date)? {
            guard case .scalar(let text, _, _, _)? = fields.last(where: { $0.key == key })?.value, !text.isEmpty,
                  let normalized = date(text), case .success(let parsed) = ISODate.parse(normalized) else { return nil }
            let local = TimeInterval(parsed.day.daysSinceEpoch * 86_400 + (parsed.secondOfDay ?? 0))
            let offset = parsed.utcOffset ?? zone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
            return (text, Date(timeIntervalSince1970: local - TimeInterval(offset)))
        }
        for key in ["publishdate", "pubdate", "published"] {
            if let found = moment(key), found.at > now { return (key, found.text) }
        }
        for key in ["expirydate", "unpublishdate"] {
            if let found = moment(key), found.at <= now { return (key, found.text) }
        }
        return nil
    }

    /// A body's first line when it is a `#` heading, as a title, and the body without it.
    static func titleHeading(of body: String) -> (title: String, body: String)? {
        // `# Title`, or `Title` over a line of `=` (Bear, iA Writer).
        guard let heading = TitleHeading(body) else { return nil }
        let line = heading.lines[heading.index]
        let title = DayOneText.plainTitle(heading.underlined ? "# " + line : line)
        // Its links, whose addresses the plain title loses, start the body.
        let kept = DayOneText.keptOfTitle(line)
        return (title, heading.text(replacingHeadingWith: kept.isEmpty ? [] : [kept, ""]))
    }

    /// The body of a note as its entry has it, for its headings' ids: without the first `#`
    /// heading that titles a note whose front matter has no title (`title`, that heading's text).
    static func publishedHeadings(of text: String) -> (body: String, title: String?) {
        let parts = FrontMatter.split(text)
        var titled = false
        if let front = parts.text, case .success(.map(let pairs, _, _, _)?) = FrontMatter.parse(front, as: parts.syntax),
           case .scalar(let title, _, _, _)? = pairs.last(where: { $0.key.lowercased() == "title" })?.value {
            titled = !title.trimmingCharacters(in: .whitespaces).isEmpty
        }
        if titled { return (parts.body, nil) }
        guard let heading = titleHeading(of: parts.body) else { return (parts.body, nil) }
        return (heading.body, heading.title)
    }

    /// The other names an Obsidian note's front matter gives it (`aliases: [Mum, Mom]`, or one text).
    static func noteAliases(_ text: String) -> [String] {
        let parts = FrontMatter.split(text)
        guard let front = parts.text, case .success(.map(let pairs, _, _, _)?) = FrontMatter.parse(front, as: parts.syntax),
              let value = pairs.last(where: { $0.key.lowercased() == "aliases" })?.value else { return [] }
        switch value {
        case .scalar(let s, _, _, _): return [s.trimmingCharacters(in: .whitespaces)].filter { !$0.isEmpty }
        case .list(let items, _, _):
            return items.compactMap { item in
                guard case .scalar(let s, _, _, _) = item else { return nil }
                let name = s.trimmingCharacters(in: .whitespaces)
                return name.isEmpty ? nil : name
            }
        case .map: return []
        }
    }

    /// Each alias kept by the first item that has it: two entries cannot share an address.
    static func keepingEachAliasOnce(_ batch: inout ImportBatch) {
        var owner: [String: String] = [:]
        func name(_ item: ImportedItem) -> String { item.file ?? item.title }
        for k in batch.items.indices {
            guard let index = batch.items[k].members.firstIndex(where: { $0.key == "aliases" }),
                  case .array(let items) = batch.items[k].members[index].value.value else { continue }
            var kept: [JSONNode] = []
            for node in items {
                guard case .string(let address) = node.value, case .success(let file) = AliasPath.file(for: address) else { continue }
                if let first = owner[file] {
                    batch.warnings.append(ImportWarning("\(name(batch.items[k])): alias \"\(address)\" is \(first)'s already; left out"))
                } else {
                    owner[file] = name(batch.items[k])
                    kept.append(node)
                }
            }
            if kept.isEmpty {
                batch.items[k].members.remove(at: index)
            } else {
                batch.items[k].members[index].value = JSONNode(value: .array(kept))
            }
        }
    }

    /// The name a site gave a post's page, for its entry's first id: Hugo's and Jekyll's `slug:`,
    /// else the last part of a written-out `url:` (Hugo) or `permalink:` (Jekyll) such as
    /// `/2024/walk-home/` or `/about.html`. A pattern (`/:year/:title/`) names no one page: nil.
    static func pageName(slug: String?, path: String?) -> String? {
        if let slug = slug?.trimmingCharacters(in: .whitespaces), !slug.isEmpty { return slug }
        guard let path, !path.contains(":") else { return nil }
        var last = path.split(separator: "/").last.map(String.init) ?? ""
        for suffix in [".html", ".htm"] where last.lowercased().hasSuffix(suffix) { last.removeLast(suffix.count) }
        if last.lowercased() == "index" { last = path.split(separator: "/").dropLast().last.map(String.init) ?? "" }
        return last.isEmpty ? nil : last
    }

    /// The day a note's name starts with: `2024-03-05…`, or Obsidian's `20240305…` (eight digits
    /// and no more); nil for another name.
    static func day(ofName name: String) -> String? {
        if name.count >= 10, case .success = ISODate.parse(String(name.prefix(10))) { return String(name.prefix(10)) }
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard digits.count == 8 else { return nil }
        let day = String(digits.prefix(4)) + "-" + String(digits.dropFirst(4).prefix(2)) + "-" + String(digits.suffix(2))
        if case .success = ISODate.parse(day) { return day }
        return nil
    }

    /// A file's modification time as an ISO 8601 UTC time to the second (`2024-01-20T09:00:00Z`).
    static func modificationTime(_ path: String) -> String? {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return nil }
        return ISODate(epochSeconds: Int64(modified.timeIntervalSince1970.rounded(.down))).isoText
    }

    /// The notes of a Hugo or Zola site's `content/` in no section (`content/about.md`, the bundle
    /// `content/about/index.md`), which are its pages, when other notes are in sections: a site
    /// whose notes are all in `content/` itself has its posts there.
    static func pagesInNoSection(_ notePaths: [String]) -> [String] {
        let inNoSection = notePaths.filter { path in
            let parts = path.dropFirst("content/".count).split(separator: "/")
            let name = parts.last.map { ($0 as NSString).deletingPathExtension.lowercased() } ?? ""
            return name != "_index" && (parts.count == 1 || (parts.count == 2 && name == "index"))
        }
        let pages = Set(inNoSection)
        let posts = notePaths.filter { !pages.contains($0) && ((($0 as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased() != "_index") }
        return posts.isEmpty ? [] : inNoSection
    }

    /// The names Markdown files end in (in any case): Hugo's and Jekyll's.
    static let markdownExtensions = ["md", "markdown", "mdown", "mkdn", "mkd", "mkdown"]

    /// Whether `name` is a Markdown file's (``markdownExtensions``).
    static func isMarkdownName(_ name: String) -> Bool {
        let ext = (name as NSString).pathExtension.lowercased()
        return markdownExtensions.contains(ext)
    }

    /// Of a Hugo or Jekyll site's `files`, the posts the site generator publishes that the import
    /// does not read: in another format (`.html` that opens with front matter, `.org`, `.adoc`,
    /// `.rst`, `.textile`, …) in its post folders, and Jekyll's in a category's own `_posts/` or
    /// `_drafts/` (`travel/_posts/`). `opening` reads a file's first bytes.
    static func skippedPosts(in files: [String], postFolders: [String], opening: (String) -> [UInt8]?) -> (otherFormats: [String], inCategoryFolders: [String]) {
        guard !postFolders.isEmpty else { return ([], []) }
        let jekyll = postFolders.contains("_posts/")
        var otherFormats: [String] = [], inCategoryFolders: [String] = []
        for path in files {
            let inPostFolder = postFolders.contains { path.hasPrefix($0) }
            if jekyll, !inPostFolder, path.contains("/_posts/") || path.contains("/_drafts/"),
               !path.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "_site" || $0 == "node_modules" || $0 == "vendor" }) {
                if isMarkdownName(path) || otherPostExtensions.contains((path as NSString).pathExtension.lowercased()) { inCategoryFolders.append(path) }
                continue
            }
            guard inPostFolder, otherPostExtensions.contains((path as NSString).pathExtension.lowercased()) else { continue }
            // Jekyll publishes a file with front matter only; Hugo reads an HTML file as content with it too.
            let first = opening(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if first.hasPrefix("---") || first.hasPrefix("+++") || first.hasPrefix("{") || !["html", "htm"].contains((path as NSString).pathExtension.lowercased()) {
                otherFormats.append(path)
            }
        }
        return (otherFormats, inCategoryFolders)
    }

    /// What Hugo (HTML, Emacs Org, AsciiDoc, reStructuredText, Pandoc) and Jekyll (HTML, Textile)
    /// read as posts besides Markdown.
    private static let otherPostExtensions: Set<String> = ["html", "htm", "org", "adoc", "asciidoc", "ad", "rst", "pdc", "pandoc", "textile"]

    /// Where a Hugo, Zola or Jekyll site folder keeps its posts: `content/` beside `hugo.toml` or
    /// `config.toml` (Zola's too), `_posts/` and `_drafts/` beside `_config.yml`; none for another
    /// folder, all of whose notes are read. The rest of such a site (its README, archetypes,
    /// themes, pages) is not a diary's; its files are still looked in for images.
    static func postFolders(in files: [String]) -> [String] {
        let top = Set(files.filter { !$0.contains("/") })
        let hugo = ["hugo.toml", "hugo.yaml", "hugo.json", "config.toml", "config.yaml", "config.json"]
        // Hugo's configuration may also be a folder, `config/_default/`; a `themes/` folder is Hugo's too.
        let hugoConfig = hugo.contains(where: top.contains) && (files.contains { $0.hasPrefix("content/") } || files.contains { $0.hasPrefix("themes/") })
            || files.contains { $0.hasPrefix("config/_default/") && hugo.contains(($0 as NSString).lastPathComponent) }
        if hugoConfig { return ["content/"] }
        if top.contains("_config.yml") || top.contains("_config.yaml"), files.contains(where: { $0.hasPrefix("_posts/") }) {
            return ["_posts/", "_drafts/"]
        }
        return []
    }

    /// The site folder around an export folder on disk that is a site's `content/` or `_posts/`.
    static func siteAround(_ export: ExportFolder) -> (path: String, folder: String, kind: String)? {
        let root = (export.root as NSString).standardizingPath
        let folder = (root as NSString).lastPathComponent
        guard folder == "content" || folder == "_posts", export.label == export.name else { return nil }
        let parent = (root as NSString).deletingLastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return nil }
        var listing = names
        listing.append(folder + "/x.md")
        if FileManager.default.fileExists(atPath: parent + "/config/_default") {
            listing += ((try? FileManager.default.contentsOfDirectory(atPath: parent + "/config/_default")) ?? []).map { "config/_default/" + $0 }
        }
        let posts = postFolders(in: listing)
        guard posts.first == folder + "/" else { return nil }
        let shown = (export.name as NSString).deletingLastPathComponent
        return (shown.isEmpty ? "." : shown, folder + "/", folder == "content" ? "Hugo or Zola" : "Jekyll")
    }

    /// Whether front matter (keys lowered) keeps a page out of a Hugo site: `headless = true`,
    /// `[build] render = "never"`, or (in a cascade) `draft = true`.
    static func isHidden(_ fields: [(key: String, value: FrontMatter.Value)], draft: Bool = false) -> Bool {
        func value(_ key: String) -> FrontMatter.Value? { fields.last { $0.key.lowercased() == key }?.value }
        func isTrue(_ value: FrontMatter.Value?) -> Bool {
            if case .scalar(let text, _, _, _)? = value { return ["true", "yes"].contains(text.lowercased()) }
            return false
        }
        if isTrue(value("headless")) || (draft && isTrue(value("draft"))) { return true }
        if case .map(let build, _, _, _)? = value("build") ?? value("_build"),
           case .scalar(let render, _, _, _)? = build.last(where: { $0.key.lowercased() == "render" })?.value {
            return ["never", "false"].contains(render.lowercased())
        }
        return false
    }

    /// The folders (with a `/` after) whose pages a section's `_index.md` hides through Hugo's
    /// `cascade` (a table or a list of them that hides, by ``isHidden(_:draft:)``). Whatever
    /// the cascade's `target`: hiding more pages than Hugo does is the safe way.
    static func draftFolders(_ notes: [(path: String, text: String)]) -> [String] {
        var folders: [String] = []
        for note in notes where ((note.path as NSString).lastPathComponent as NSString).deletingPathExtension == "_index" {
            let parts = FrontMatter.split(note.text)
            guard let text = parts.text, case .success(.map(let pairs, _, _, _)?) = FrontMatter.parse(text, as: parts.syntax),
                  let cascade = pairs.last(where: { $0.key.lowercased() == "cascade" })?.value else { continue }
            let tables: [FrontMatter.Value]
            switch cascade {
            case .list(let items, _, _): tables = items
            default: tables = [cascade]
            }
            let hides = tables.contains { table in
                if case .map(let fields, _, _, _) = table { return isHidden(fields, draft: true) }
                return false
            }
            if hides {
                let folder = ParentFolder.of(note.path)
                folders.append(folder.isEmpty ? "" : folder + "/")
            }
        }
        return folders
    }

    /// A note's `source`: `markdown:` and its path, from a site's `content/` or `_posts/` when the
    /// site's folder is read, so that the site and that folder give the same entries.
    static func source(_ path: String, postFolders: [String]) -> String {
        for folder in postFolders where folder != "_drafts/" && path.hasPrefix(folder) { return "markdown:" + path.dropFirst(folder.count) }
        return "markdown:" + path
    }

    /// The front matter keys (lowered) a note's date is read from, the first given: `date`, then
    /// Hugo's fallbacks for a page's date (`publishDate` and its aliases, `lastmod` and its
    /// alias), which cover Astro's `pubDate`, and Zola's `updated`.
    static let dateKeys = ["date", "publishdate", "pubdate", "published", "created", "lastmod", "modified", "updated"]

    /// The front matter keys an import reads (lowercased), for the others' warning: the entry's
    /// fields, old addresses, what hides a page, and where sites nest their own fields; and the
    /// keys of a page's look on its old site (`layout`, `weight`, `toc`, Obsidian's `cssclasses`),
    /// which a diary's entry has no use for and which go without a word.
    static let readKeys: Set<String> = Set(dateKeys).union([
        "title", "mood", "weather", "location", "draft", "slug", "url", "permalink", "tags", "categories", "category",
        "aliases", "redirect_from", "headless", "build", "_build", "cascade", "params", "extra", "taxonomies",
        "layout", "type", "weight", "menu", "menus", "toc", "comments", "sitemap", "outputs", "markup", "linktitle",
        "excerpt_separator", "cssclass", "cssclasses",
    ])

    /// The zone of a date written with an offset other than the site's at that moment
    /// (`Etc/GMT-9` for +09:00, `UTC` for +00:00, and for an offset that is not a whole number of
    /// hours a fixed `GMT+0530` for +05:30), so that the entry is shown on the day and at the time
    /// it was written, as Hugo shows a date as written (`written` is the text); nil otherwise, and
    /// for `Z` (which tools write for any time, converted to UTC). The old site's zone (`old`: Hugo's
    /// `timeZone`, Jekyll's `timezone`), when it is not the site's and its clocks read that offset
    /// then, is the entry's by its name, as a time without an offset takes it (found by a Hugo
    /// user's audit: one site's posts were "GMT+02:00" and "Germany Time" by how their dates were written).
    static func writtenZone(of date: ISODate, written: String, site: TimeZone, old: TimeZone? = nil) -> String? {
        guard let offset = date.utcOffset, let second = date.secondOfDay, !written.uppercased().hasSuffix("Z") else { return nil }
        let instant = Date(timeIntervalSince1970: Double(date.day.daysSinceEpoch) * 86_400 + Double(second - offset))
        if let old, old.identifier != site.identifier, old.secondsFromGMT(for: instant) == offset { return old.identifier }
        guard offset % 60 == 0, site.secondsFromGMT(for: instant) != offset else { return nil }
        let hours = abs(offset) / 3600, minutes = abs(offset) % 3600 / 60
        let name: String
        if minutes != 0 {
            name = "GMT" + (offset > 0 ? "+" : "-") + (hours < 10 ? "0" : "") + String(hours) + (minutes < 10 ? "0" : "") + String(minutes)
        } else {
            name = hours == 0 ? "UTC" : "Etc/GMT" + (offset > 0 ? "-" : "+") + String(hours)
        }
        guard let zone = TimeZone(identifier: name), zone.secondsFromGMT() == offset else { return nil }
        return name
    }

    /// ISO 8601 as the loader reads it, from what front matter writes: `2024-01-02`,
    /// `2024-01-02 08:30`, `2024-01-02T08:30:00+09:00`, Jekyll's `2024-01-02 08:30:00 +0900`,
    /// seconds since 1970 (`1714550400`, UTC).
    static func date(_ text: String) -> String? {
        var candidate = text.trimmingCharacters(in: .whitespaces)
        if candidate.count > 10, candidate[candidate.index(candidate.startIndex, offsetBy: 10)] == " " {
            candidate.replaceSubrange(candidate.index(candidate.startIndex, offsetBy: 10)...candidate.index(candidate.startIndex, offsetBy: 10), with: "T")
        }
        // An hour of one digit, as Jekyll and Hugo take it: `2024-03-05 8:30`.
        let chars = Array(candidate)
        if chars.count > 12, chars[10] == "T", chars[11].isNumber, chars[12] == ":" {
            candidate.insert("0", at: candidate.index(candidate.startIndex, offsetBy: 11))
        }
        if case .success = ISODate.parse(candidate) { return candidate }
        if let space = candidate.lastIndex(of: " "), candidate.distance(from: candidate.startIndex, to: space) >= 16 {
            candidate.remove(at: space)
            if case .success = ISODate.parse(candidate) { return candidate }
        }
        // Seconds since 1970 (`date: 1714550400`), as Hugo reads a number there: nine or ten
        // digits, 1973 to 2286 (eight are a day, `20240305`).
        if (9...10).contains(candidate.count), candidate.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int64(candidate) {
            return ImportDate.utcText(seconds)
        }
        return nil
    }

    /// A vault path as a photo path the loader accepts: every part made of letters, digits and `-_.`.
    static func safePath(_ path: String) -> String {
        path.split(separator: "/").map { part -> String in
            let cleaned = String(part.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
            return cleaned.hasPrefix(".") ? "_" + cleaned : cleaned
        }.joined(separator: "/")
    }

    /// `![alt](path)`, `![alt](path "title")`, `![alt](<a path with spaces>)`, `![](photo%20(1).png)` (a
    /// path may hold parentheses in pairs, as CommonMark reads it and Obsidian writes a copy's name).
    private static let markdownImage = try! NSRegularExpression(pattern: #"!\[([^\]]*)\]\(\s*<?((?<=<)[^>\n]+|(?:[^()>\s]|\([^()>\s]*\))+)>?(\s+"[^"]*")?\s*\)"#)
    /// Jekyll's Liquid for the site's address before a path (`{{ site.baseurl }}/assets/x.png`).
    private static let liquidSiteURL = try! NSRegularExpression(pattern: #"\{\{\s*site\.(?:url|baseurl)\s*\}\}"#)
    /// `[[Note]]`, `![[file.png]]`, `[[Note#Heading|label]]`, `[[#Heading]]`, `[[Note#^block]]`:
    /// the `!`, the target, the heading and the label.
    private static let wikiInTable = try! NSRegularExpression(pattern: #"\[\[[^\]]*\\\|[^\]]*\]\]"#)
    private static let wikiEmbed = try! NSRegularExpression(pattern: #"(!?)\[\[([^\]|#^]*)(?:#([^\]|^]*))?(?:\^[^\]|]*)?(?:\|([^\]]*))?\]\]"#)

    /// The body with images pointed at their copies (`copy` gives the site path of a found file,
    /// nil to drop it) and wiki links at the linked notes' entries; code is left as written.
    static func rewrite(_ body: String, noteFolder: String, source: String? = nil, byPath: Set<String>, byName: [String: [String]],
                        links: NoteLinks, copy: (String?) -> String?, missing: (String) -> Void,
                        unresolved: (String) -> Void = { _ in }, embedded: (String) -> Void = { _ in }) -> String {
        var inFence = false
        var lines = body.components(separatedBy: "\n")
        for i in lines.indices {
            if DayOneText.isFence(lines[i].trimmingCharacters(in: .whitespaces)) { inFence.toggle(); continue }
            if inFence || (!lines[i].contains("](") && !lines[i].contains("[[") && !lines[i].contains("]:")) { continue }
            func find(_ target: String) -> String? {
                let decoded = target.removingPercentEncoding ?? target
                if decoded.contains("://") || decoded.hasPrefix("data:") { return nil }
                if decoded.hasPrefix("/") {
                    // A path from the site's root, as Hugo (its `static/` folder served there) and Jekyll write them.
                    let rooted = (String(decoded.drop { $0 == "/" }) as NSString).standardizingPath
                    if rooted.isEmpty || rooted.hasPrefix("..") { return nil }
                    if let found = [rooted, "static/" + rooted].first(where: byPath.contains) { return found }
                    return nearest(rooted, from: noteFolder, byName: byName)
                }
                if let joined = NoteLinks.joined(noteFolder, decoded), byPath.contains(joined) { return joined }
                let plain = (decoded as NSString).standardizingPath
                if !plain.hasPrefix("..") && byPath.contains(plain) { return plain }
                return nearest(decoded, from: noteFolder, byName: byName)
            }
            // The site path of the file a link names, when it is a file of the folder other than a
            // note or a page (its fragment kept: `report.pdf#page=2`); nil for any other link.
            func attachment(_ written: String) -> String? {
                if written.contains("\u{1}") || written.hasPrefix("#") || written.contains(":") || written.hasPrefix("//") { return nil }
                let path = String(written.prefix { $0 != "#" && $0 != "?" }), rest = written.dropFirst(path.count)
                let ext = ((path.removingPercentEncoding ?? path) as NSString).pathExtension.lowercased()
                guard !ext.isEmpty, !["md", "markdown", "html", "htm"].contains(ext), let found = find(path), let site = copy(found) else { return nil }
                return site + rest
            }
            func rewritten(_ text: String) -> String {
                var line = replace(markdownImage, in: text) { groups in
                    let target = groups[2]
                    if target.contains("://") || target.hasPrefix("data:") { return nil }  // a web image stays as written
                    guard let found = find(target), let site = copy(found) else { missing(target); return "" }
                    return "![\(groups[1])](\(site)\(groups[3]))"
                }
                line = links.rewriting(line, noteFolder: noteFolder, unresolved: unresolved)
                // A link to another file of the folder (a PDF, a CSV, an image linked or given by a
                // reference definition, `![ref][a]` with `[a]: a.png`): copied as an image is.
                if line.contains("](") {
                    line = replace(NoteLinks.link, in: line) { groups in attachment(groups[2]).map { "[\(groups[1])](\($0)\(groups[3]))" } }
                }
                if line.contains("]:") {
                    line = replace(NoteLinks.definition, in: line) { groups in attachment(groups[2]).map { groups[1] + $0 + groups[3] } }
                }
                // In a table, Obsidian writes a wiki link's bar escaped: `[[Note\\|label]]`.
                if line.contains("\\|") {
                    line = replace(wikiInTable, in: line) { groups in groups[0].replacingOccurrences(of: "\\|", with: "|") }
                }
                line = replace(wikiEmbed, in: line) { groups in
                    let target = groups[2].trimmingCharacters(in: .whitespaces)
                    // A heading's id, as the build gives it (Obsidian's `#A#B` is B's).
                    let heading = groups[3].split(separator: "#").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                    if target.isEmpty {
                        guard groups[1].isEmpty, !heading.isEmpty else { return nil }
                        // The title's heading is the page's top.
                        let fragment = links.fragment(heading: heading, in: source)
                        return "[\(groups[4].isEmpty ? heading : groups[4])](\(fragment.isEmpty ? "#" : fragment))"
                    }
                    let key = ((target as NSString).deletingPathExtension).lowercased()
                    let note = links.namesake(key, from: noteFolder) ?? links.sources[key]
                    let fragment = heading.isEmpty ? "" : links.fragment(heading: heading, in: note)
                    // Obsidian shows `[[Plan.md]]` as "Plan".
                    let shown = ["md", "markdown"].contains((target as NSString).pathExtension.lowercased()) ? (target as NSString).deletingPathExtension : target
                    let label = groups[4].isEmpty ? shown : groups[4]
                    if groups[1] == "!" {
                        if let found = find(target), let site = copy(found) {
                            if imageExtensions.contains((found as NSString).pathExtension.lowercased()) {
                                return "![\(DayOneImporter.markdownText(Self.embedAlt(target, groups[4])))](\(site))"
                            }
                            return "[\(label)](\(site))"
                        }
                        guard note != nil else { missing(target); return "" }
                        // A note's text is not copied in: the embed is a link to its entry.
                        embedded(shown)
                    }
                    if let linked = note { return "[\(label)](\(ImportedItem.link(to: linked))\(fragment))" }
                    if let site = attachment(target.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? target) {
                        return "[\((label as NSString).lastPathComponent)](\(site))"
                    }
                    unresolved(target)
                    return label
                }
                return line
            }
            // Code spans (`` `[x](a.md)` ``) are left as written.
            var line = MarkdownCode.outsideSpans(lines[i], rewritten)
            // A dropped image leaves the spaces around it: no more indentation than the line had
            // (four spaces would make the rest of it a code block).
            let indent = lines[i].prefix { $0 == " " || $0 == "\t" }.count
            if line != lines[i], line.prefix(while: { $0 == " " || $0 == "\t" }).count > indent {
                line = String(lines[i].prefix(indent)) + line.drop { $0 == " " || $0 == "\t" }
            }
            lines[i] = line
        }
        return lines.joined(separator: "\n")
    }

    /// The alt text Obsidian gives an embedded image, `![[target|text]]`: the text after a bar
    /// that is not a size (`300`, `640x480`: the site sizes its images), else the file's name as
    /// the link writes it (`![[Attachments/duck.png]]` is "duck.png").
    static func embedAlt(_ target: String, _ text: String) -> String {
        let alt = text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.first { part in
            !part.isEmpty && !isSize(part)
        }
        return alt ?? (target as NSString).lastPathComponent
    }

    /// Whether an embed's part after a bar is a size: `300`, `640x480`, `640 x 480`.
    static func isSize(_ part: String) -> Bool {
        let sides = part.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return sides.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Whether an image a note names and the folder's files lack is a symbolic link of the folder
    /// (``ExportFolder/links()``), or in a linked folder: by its path from the note's folder or
    /// the folder's root, or by its name (as ``nearest(_:from:byName:)`` finds a file).
    static func isBehindLink(_ target: String, noteFolder: String, symlinks: [String]) -> Bool {
        guard !symlinks.isEmpty else { return false }
        let decoded = target.removingPercentEncoding ?? target
        let rooted = (String(decoded.drop { $0 == "/" }) as NSString).standardizingPath
        let paths = [NoteLinks.joined(noteFolder, decoded), rooted, "static/" + rooted].compactMap { $0 }
        let name = (decoded as NSString).lastPathComponent.lowercased()
        return symlinks.contains { link in
            paths.contains { $0 == link || $0.hasPrefix(link + "/") } || (link as NSString).lastPathComponent.lowercased() == name
        }
    }

    /// The file a link names when it is not found by its path (Obsidian's `![[heron.jpg]]` with
    /// the image in an attachments folder): of the files with its name, those whose path ends as
    /// the link's does (`trip/heron.jpg` before another `heron.jpg`), then the one nearest the
    /// note (most folders shared with the note's), then the shortest path, then the first by
    /// name; nil when no file has the name.
    static func nearest(_ target: String, from noteFolder: String, byName: [String: [String]]) -> String? {
        let link = (target as NSString).standardizingPath.lowercased()
        guard let candidates = byName[(link as NSString).lastPathComponent], !candidates.isEmpty else { return nil }
        let noteParts = noteFolder.split(separator: "/")
        // Smallest first: ends as the link (0), most folders shared (negated), fewest folders, by name.
        func rank(_ path: String) -> (Int, Int, Int, String) {
            let lower = path.lowercased()
            let folders = path.split(separator: "/").dropLast()
            let shared = zip(folders, noteParts).prefix { $0 == $1 }.count
            return (lower == link || lower.hasSuffix("/" + link) ? 0 : 1, -shared, folders.count, path)
        }
        return candidates.map(rank).min { $0 < $1 }?.3
    }

    /// The line with each match of `pattern` replaced by `with` of its groups (nil: left as it is).
    static func replace(_ pattern: NSRegularExpression, in line: String, with: ([String]) -> String?) -> String {
        let matches = pattern.matches(in: line, range: NSRange(line.startIndex..., in: line))
        guard !matches.isEmpty else { return line }
        var out = ""
        var last = line.startIndex
        for match in matches {
            guard let whole = Range(match.range, in: line) else { continue }
            let groups = (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: line).map { String(line[$0]) } ?? "" }
            out += line[last..<whole.lowerBound]
            out += with(groups) ?? String(line[whole])
            last = whole.upperBound
        }
        return out + line[last...]
    }
}
