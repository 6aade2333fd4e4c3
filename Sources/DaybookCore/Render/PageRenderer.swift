import Mustache

/// The theme's templates, compiled once, and the rendering of each page into bytes.
/// Templates are named by their path inside `templates/` without `.mustache`, with a
/// leading `partials/` dropped (`{{> card}}` is `partials/card.mustache`).
public struct PageRenderer: Sendable {
    /// Its ``TemplateLibrary/missingNames`` may be set to collect unknown names as pages render.
    public var library: TemplateLibrary
    public let presenter: PagePresenter
    public let markdown: MarkdownRenderer
    /// The theme's static files (`assets/…`), copied to the output as they are.
    public let assets: [(path: String, bytes: [UInt8])]

    /// Compiles every template of `theme`; syntax errors and missing partials are located errors.
    public init(theme: Theme, siteRoot: String, presenter: PagePresenter, markdown: MarkdownRenderer) throws(SiteErrors) {
        var templates: [String: Template] = [:]
        var errors: [SiteError] = []
        var broken: Set<String> = []
        var paths: [String: String] = [:]
        // In path order, so that of two files of one name the same one is reported every time.
        for (path, bytes) in theme.files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            var name = String(path.dropLast(".mustache".count))
            if name.hasPrefix("partials/") { name.removeFirst("partials/".count) }
            let display = theme.displayPath(path, siteRoot: siteRoot)
            // `partials/entry.mustache` and `entry.mustache` are both "entry": one would replace
            // the other at random (the order of a dictionary).
            if let other = paths[name] {
                broken.insert(name)
                let (partial, page) = path.hasPrefix("partials/") ? (path, other) : (other, path)
                errors.append(SiteError(file: theme.displayPath(partial, siteRoot: siteRoot), line: 1, column: 1,
                                        reason: "a partial is named without \"partials/\", so this one is \"\(name)\", as \(page) is, which it would replace; give it another name"))
                continue
            }
            paths[name] = path
            do {
                templates[name] = try Template(bytes: bytes, name: display)
            } catch let error as TemplateError {
                broken.insert(name)
                errors += ([error] + error.more).map { error in
                    SiteError(file: error.name, line: error.line, column: error.column,
                              reason: error.reason + OtherToolsTemplateNames.hint(forInvalidTag: error.reason))
                }
            } catch {
                errors.append(SiteError(file: display, reason: "\(error)"))
            }
        }
        let library = TemplateLibrary(templates: templates)
        for error in library.missingPartials(ignoring: broken, suggestion: { NearestName.suggestion(for: $0, among: $1) }) {
            errors.append(SiteError(file: error.name, line: error.line, column: error.column, reason: error.reason))
        }
        for page in Set(presenter.pages.map(presenter.template)) where templates[page] == nil && !broken.contains(page) {
            errors.append(SiteError(file: theme.displayPath(page + ".mustache", siteRoot: siteRoot),
                                    reason: "the theme has no template \"\(page).mustache\""))
        }
        if !errors.isEmpty { throw SiteErrors(errors) }
        self.library = library
        self.presenter = presenter
        self.markdown = markdown
        // Without search (`"search": false`) no page loads the search script: it is not published.
        let search = presenter.diary.config.search
        assets = theme.files.filter { $0.key.hasPrefix("assets/") && (search || $0.key != "assets/search.js") }
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Renders one page, appending its bytes to `buffer`.
    public func render(_ page: SitePage, into buffer: inout [UInt8]) throws {
        let context: MustacheValue
        switch page {
        case .home(let p): context = presenter.homePage(p).mustacheValue
        case .entry(let i):
            context = presenter.entryPage(i, bodyHTML: bodyHTML(i, rendered: entryBodyHTML(i))).mustacheValue
        case .monthArchive: context = presenter.monthArchive().mustacheValue
        case .month(let i, let p): context = presenter.monthPage(i, page: p).mustacheValue
        case .tagArchive: context = presenter.tagArchive().mustacheValue
        case .tag(let i, let p): context = presenter.tagPage(i, page: p).mustacheValue
        case .todos: context = presenter.todoPage().mustacheValue
        case .todoMarkdown: context = presenter.todoMarkdown().mustacheValue
        case .monthMarkdown(let i): context = monthMarkdown(ReportPresenter(presenter: presenter).markdown(i, body: markdownBody), prefix: "../").mustacheValue
        case .report(let i): context = ReportPresenter(presenter: presenter).page(i, bodyHTML: reportBodyHTML).mustacheValue
        case .reportIndex: context = ReportPresenter(presenter: presenter).index().mustacheValue
        case .feed:
            let summaries = presenter.feedEntries.map { markdown.summary(presenter.diary.entries[$0].entry.body) }
            context = presenter.feed(summaries: summaries).mustacheValue
        case .sitemap: context = presenter.sitemap().mustacheValue
        case .notFound: context = presenter.notFoundPage().mustacheValue
        case .search: context = presenter.searchPage().mustacheValue
        case .alias(let k): context = presenter.aliasPage(k).mustacheValue
        case .page(let i): context = presenter.textPage(i, bodyHTML: pageBodyHTML(i)).mustacheValue
        }
        try library.render(presenter.template(page), context, into: &buffer)
    }

    /// An entry's body as its page shows it: HTML, its highest heading at ``PagePresenter/entryHeadingTop``.
    public func entryBodyHTML(_ entry: Int) -> String {
        markdown.html(presenter.diary.entries[entry].entry.body, headingTop: PagePresenter.entryHeadingTop)
    }

    /// A page of the site's own's body as its page shows it: rendered as an entry's body is (its
    /// highest heading at ``PagePresenter/entryHeadingTop``), the images and files of the site it
    /// names leading to them from the page's folder.
    public func pageBodyHTML(_ index: Int) -> String {
        let page = presenter.diary.pages[index]
        return siteFileLinks(markdown.html(page.file.body, headingTop: PagePresenter.entryHeadingTop), of: page.file.body,
                             forPrint: false, href: Links(from: page.folder, prettyURLs: false).file)
    }

    /// An entry's body as the Markdown report shows it (``ReportPresenter/markdownBodyLevel``), its
    /// footnote labels prefixed with the entry's slug.
    public func markdownBody(_ entry: Int) -> String {
        let item = presenter.diary.entries[entry]
        return markdown.markdownBody(item.entry.body, topLevel: ReportPresenter.markdownBodyLevel, footnotePrefix: item.slug)
    }

    /// Renders an entry's page with its body already rendered (``entryBodyHTML(_:)``).
    public func renderEntry(_ index: Int, bodyHTML: String, into buffer: inout [UInt8]) throws {
        try library.render("entry", presenter.entryPage(index, bodyHTML: bodyHTML).mustacheValue, into: &buffer)
    }

    /// Renders a month's printable report; `bodyHTML` gives each entry's body as the report shows it
    /// (``reportBody(fromEntryHTML:)``).
    public func renderReport(_ month: Int, bodyHTML: (Int) -> String, into buffer: inout [UInt8]) throws {
        let page = ReportPresenter(presenter: presenter).page(month, bodyHTML: bodyHTML)
        try library.render("report", page.mustacheValue, into: &buffer)
    }

    /// An entry's body as a report shows it, from the HTML of its entry page (``entryBodyHTML(_:)``):
    /// headings pushed further down, its highest to ``ReportPresenter/headingTop``, heading and
    /// footnote ids made unique on the page with the entry's slug, and relative links (written for the
    /// entry's page) leading to the same places from the report's (`inSite`; a report on its own
    /// keeps them as written).
    public static func reportBody(fromEntryHTML html: String, of entry: DiaryEntry, inSite: Bool = true) -> String {
        var pushed = MarkdownRenderer.pushHeadings(inHTML: html, by: ReportPresenter.headingTop - PagePresenter.entryHeadingTop)
        if inSite, BodyImages.mayLink(entry.entry.body) {
            pushed = BodyImages.rebasingLinks(pushed, fromFolder: entry.folder, prefix: "../../")
        }
        pushed = HeadingIDs.prefixing(pushed, with: entry.slug)
        if MarkdownText.contains(entry.entry.body, "|") { pushed = PrintTables.markingLongRuns(pushed) }
        guard MarkdownText.mayHaveFootnotes(entry.entry.body) else { return pushed }
        return MarkdownRenderer.prefixingFootnoteIDs(pushed, with: entry.slug)
    }

    /// An entry's body as a report shows it, rendered from its Markdown.
    public func reportBodyHTML(_ entry: Int) -> String {
        PageRenderer.reportBody(fromEntryHTML: bodyHTML(entry, rendered: entryBodyHTML(entry), forPrint: true), of: presenter.diary.entries[entry])
    }

    /// Links from a page two folders deep (`entries/<slug>/`, `reports/<yyyy-MM>/`), where bodies are shown.
    private static let bodyLinks = Links(from: "entries/_/", prettyURLs: false)

    /// An entry's rendered body with the images in it naming their published variants (`forPrint`:
    /// the widest alone, as a report shows them); `href` links to an output file (by default from
    /// a page two folders deep).
    public func bodyHTML(_ entry: Int, rendered html: String, href: ((String) -> String)? = nil, forPrint: Bool = false) -> String {
        let item = presenter.diary.entries[entry].entry
        // Its first photo is loaded at once when the entry has none of its own above the text (a Day One
        // user's audit: each was lazy, the page's largest image among them).
        return siteFileLinks(html, of: item.body, forPrint: forPrint, firstEager: item.photos.isEmpty, href: href ?? PageRenderer.bodyLinks.file)
    }

    /// Whether an entry's body shows a photo of the site, which a report shows otherwise than its page.
    public func bodyShowsPhotos(_ entry: Int) -> Bool {
        !presenter.diary.photoPlans.isEmpty && BodyImages.mayHold(presenter.diary.entries[entry].entry.body)
    }

    /// `html`, rendered of the Markdown `body`, with the images and files of the site it names
    /// leading to what the build publishes of them (photos' variants, linked files, `static/`'s
    /// files); `href` links to an output file from the page that shows it.
    private func siteFileLinks(_ html: String, of body: String, forPrint: Bool, firstEager: Bool = false, href: (String) -> String) -> String {
        let diary = presenter.diary
        guard !diary.photoPlans.isEmpty || !diary.linkedFiles.isEmpty || !diary.staticFiles.isEmpty,
              BodyImages.mayHold(body) || BodyImages.mayLink(body) else { return html }
        return BodyImages.rewrite(html, plans: diary.photoPlans, files: diary.linkedFiles, statics: diary.staticFiles,
                                  forPrint: forPrint, firstEager: firstEager, href: href)
    }

    /// A month's Markdown with the images in its bodies linking to `prefix` + their widest
    /// variant (`variants`: in the built site), or to their files in the site folder; in the built
    /// site, the other relative links (written for the entry's page) lead to the same places, and
    /// outside it to those pages at `pagesAt` (the site's `baseURL`) when there is one.
    public func monthMarkdown(_ document: MarkdownDocument, prefix: String, variants: Bool = true,
                              photoHrefs: [String: String] = [:], pagesAt: String? = nil) -> MarkdownDocument {
        let plans = presenter.diary.photoPlans, files = presenter.diary.linkedFiles, statics = presenter.diary.staticFiles
        let anchors = headingAnchors(document)
        var document = document
        for d in document.days.indices {
            for e in document.days[d].entries.indices {
                let item = document.days[d].entries[e]
                let moved = anchors.isEmpty ? [:] : anchors[d][e]
                guard BodyImages.mayLink(item.body) || (BodyImages.mayHold(item.body) && !(plans.isEmpty && statics.isEmpty))
                        || !moved.isEmpty else { continue }
                // Trimmed as the presenter trims a body: cmark's Markdown ends in a line break.
                document.days[d].entries[e].body = MarkdownText.trimmingBlankEnd(markdown.markdown(item.body) { destination in
                    if destination.hasPrefix("#") { return PageRenderer.fragment(destination, movedTo: moved) }
                    if let path = BodyImages.sitePath(destination) {
                        if files.contains(path) { return prefix + Slug.urlPath(path) }
                        if let published = BodyImages.staticPath(path, in: statics) { return prefix + Slug.urlPath(published) }
                        if let plan = plans[path] { return photoHrefs[path] ?? prefix + Slug.urlPath(variants ? plan.widest.path : path) }
                    }
                    guard let base = variants ? prefix : pagesAt,
                          let target = BodyImages.siteTarget(ofLink: destination, fromFolder: item.entryFolder) else { return nil }
                    return base + target
                })
            }
        }
        return document
    }

    /// For each entry of a Markdown report, in its day, the ids of its headings on its page that
    /// the report's anchors for them differ from (``GitHubSlugger``): a link to `#morning` on an
    /// entry's page must lead to `#morning-1` when another entry's Morning comes first. Empty when
    /// no body may link to a heading (``MarkdownText/mayLinkToHeading(_:)``).
    func headingAnchors(_ document: MarkdownDocument) -> [[[String: String]]] {
        guard document.days.contains(where: { $0.entries.contains { MarkdownText.mayLinkToHeading($0.body) } }) else { return [] }
        // In the order of templates/report.md.mustache's headings; the todo lists' come after every body.
        var slugger = GitHubSlugger()
        _ = slugger.anchor(forHeading: markdown.inlineText(document.title))
        return document.days.map { day in
            _ = slugger.anchor(forHeading: markdown.inlineText(day.heading))
            return day.entries.map { item in
                _ = slugger.anchor(forHeading: markdown.inlineText(item.title))
                var moved: [String: String] = [:]
                for heading in HeadingIDs.ids(inHTML: markdown.html(item.body)) {
                    let anchor = slugger.anchor(forHeading: heading.text)
                    if anchor != heading.id { moved[heading.id] = anchor }
                }
                return moved
            }
        }
    }

    /// A link to a heading of the entry's page (`#morning`, or percent-encoded) led to its anchor in
    /// the report; nil (kept) for any other.
    static func fragment(_ destination: String, movedTo moved: [String: String]) -> String? {
        let id = String(destination.dropFirst())
        if let anchor = moved[id] { return "#" + anchor }
        guard id.contains("%"), let decoded = id.removingPercentEncoding, let anchor = moved[decoded] else { return nil }
        return "#" + (anchor.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? anchor)
    }
}
