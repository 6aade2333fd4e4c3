import Foundation
import Mustache

/// One month's report on its own, for `daybook report`: standalone HTML (its stylesheets, icon
/// and photos inlined as `data:` URLs, and so the files of the site that its templates link:
/// ``StandaloneFiles``; other files linked from where it will be), Markdown, or a folder holding
/// the page and its photos for a browser to print. The built site writes the
/// same reports through `SitePage.report` and `SitePage.monthMarkdown`.
public struct ReportBuilder: Sendable {
    public let siteRoot: String
    public let renderer: PageRenderer
    public let reports: ReportPresenter
    let photos: PhotoStage
    /// The files of the site's output that the page's templates link, held inside it.
    let files: StandaloneFiles

    /// Loads, checks and presents the site and compiles the theme. Nothing is written but the
    /// photo cache.
    public init(siteRoot: String, options: BuildOptions) throws(BuildFailure) {
        self.siteRoot = siteRoot
        var stages: [StageTime] = [], warnings: [SiteError] = []
        let prepared = try SiteBuilder(siteRoot: siteRoot, options: options).prepare(timing: &stages, warnings: &warnings)
        renderer = prepared.renderer
        photos = prepared.photos
        reports = ReportPresenter(presenter: renderer.presenter)
        let theme = prepared.theme
        // The report's own template first, as it writes most of the page.
        let own = theme.overridden.filter { $0.hasSuffix(".mustache") }
            .sorted { a, b in a == "report.mustache" || (b != "report.mustache" && a < b) }
        files = StandaloneFiles(
            siteRoot: siteRoot,
            assets: Dictionary(prepared.renderer.assets.map { ($0.path, ($0.bytes, theme.displayPath($0.path, siteRoot: siteRoot))) },
                               uniquingKeysWith: { a, _ in a }),
            templates: own.map { (theme.displayPath($0, siteRoot: siteRoot), theme.text($0) ?? "") },
            sitePath: LinkChecker.sitePath(baseURL: prepared.renderer.presenter.diary.config.baseURL))
    }

    /// The photo sources a month's report shows: its entries' photos and the images in their bodies.
    private func photoSources(month index: Int) -> [String] {
        photoUses(month: index).keys.sorted()
    }

    /// How many times the month's report shows each photo source, as an entry's photo or an
    /// image in its body.
    private func photoUses(month index: Int) -> [String: Int] {
        let diary = renderer.presenter.diary
        var uses: [String: Int] = [:]
        for i in diary.months[index].entries {
            let entry = diary.entries[i].entry
            var sources = entry.photos.map(\.path)
            if BodyImages.mayHold(entry.body) {
                sources += renderer.markdown.imageDestinations(entry.body).compactMap(BodyImages.sitePath)
            }
            for source in sources where photos.plans[source] != nil { uses[source, default: 0] += 1 }
        }
        return uses
    }

    /// The widest variant of each of `sources` (its source, path and bytes), from the cache or made now.
    private func printFiles(of sources: [String]) throws(BuildFailure) -> [(source: String, path: String, bytes: [UInt8])] {
        var files: [(source: String, path: String, bytes: [UInt8])] = [], errors: [SiteError] = []
        for source in sources {
            switch photos.make(source) {
            case .failed(let error): errors.append(error)
            case .files(let made, _, _):
                let widest = photos.plans[source]!.widest.path
                if let file = made.first(where: { $0.path == widest }) { files.append((source, file.path, file.bytes)) }
            }
        }
        if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
        return files
    }

    /// The month's photos as the PDF prints them: JPEGs of the widest variant's size (`photos/a-1600.jpg`),
    /// each with the variant's path it stands for. A browser keeps a JPEG in a PDF as it is, but a
    /// WebP or AVIF as raw pixels: two phone photos made a 4.4 MB PDF, against 430 KB.
    private func printJPEGs(month index: Int) throws(BuildFailure) -> [(variant: String, path: String, bytes: [UInt8])] {
        guard photos.processor.settings.format != .jpeg else { return try printFiles(of: photoSources(month: index)).map { ($0.path, $0.path, $0.bytes) } }
        return try jpegs(of: photoSources(month: index)).map { ($0.variant, $0.path, $0.bytes) }
    }

    /// JPEGs of the widest variant's size of each of `sources` (`photos/a-1600.jpg`), each with
    /// its source and the variant's path it stands for.
    private func jpegs(of sources: [String]) throws(BuildFailure) -> [(source: String, variant: String, path: String, bytes: [UInt8])] {
        var settings = photos.processor.settings
        settings.format = .jpeg
        settings.quality = max(settings.quality, PhotoProcessor.socialQuality)
        let processor = PhotoProcessor(settings: settings)
        var files: [(source: String, variant: String, path: String, bytes: [UInt8])] = [], errors: [SiteError] = []
        for source in sources {
            guard let plan = photos.plans[source] else { continue }
            let widest = plan.widest
            let path = String(widest.path.dropLast((widest.path as NSString).pathExtension.count)) + "jpg"
            let print = PhotoPlan(source: source, size: plan.size, variants: [.init(width: widest.width, height: widest.height, path: path)])
            do {
                let made = try processor.make(print, file: photos.loader.fullPath(source))
                if let bytes = made.first { files.append((source, widest.path, path, bytes)) }
            } catch {
                errors.append(SiteError(file: source, reason: error.reason))
            }
        }
        if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
        return files
    }

    /// Where a report on its own leads a link to a page of the site: where it is published
    /// (`baseURL`), else the site built in its default folder (`file:///…/site/_site/`) when
    /// there is one, else nowhere (the link is kept as the body writes it).
    var pagesAt: String? {
        if let base = renderer.presenter.diary.config.baseURL { return base }
        let built = (siteRoot as NSString).appendingPathComponent("_site")
        guard FileManager.default.fileExists(atPath: built + "/index.html") else { return nil }
        return URL(fileURLWithPath: built, isDirectory: true).standardizedFileURL.absoluteString
    }

    /// The months that have entries, newest first.
    public var months: [MonthKey] { renderer.presenter.diary.months.map(\.key) }

    /// The index of a month in `Diary.months`, or nil when it has no entries.
    public func monthIndex(of key: MonthKey) -> Int? { reports.monthIndex(of: key) }

    /// The month's entries that are left out of its report: drafts, and entries dated after now.
    public func leftOut(of key: MonthKey) -> Diary.LeftOut { renderer.presenter.diary.leftOut[key] ?? Diary.LeftOut() }

    /// The month's title in the site's locale: "November 2021", "2021년 11월".
    public func title(of key: MonthKey) -> String { renderer.presenter.formats.text(key) }

    /// The report as one HTML file that works on its own, and the warnings about the links of its
    /// templates to files it could not hold (``StandaloneFiles``). `folder` is where the file will
    /// be (for the links to the site's other files: audio, PDFs).
    public func html(month index: Int, placedIn folder: String) throws(BuildFailure) -> (bytes: [UInt8], warnings: [SiteError]) {
        // The photos go inside the file, as their widest variants; one shown in several places
        // is there once, for each of them to refer to.
        let uses = photoUses(month: index)
        var hrefs: [String: String] = [:], symbols: [String: String] = [:], embedded: [ReportPage.EmbeddedPhoto] = []
        for file in try printFiles(of: uses.keys.sorted()) {
            let type = file.path.hasSuffix(".jpg") ? "image/jpeg" : "image/" + (file.path.split(separator: ".").last ?? "webp")
            let href = MediaType.dataURL(file.bytes, type: type)
            hrefs[file.path] = href
            guard uses[file.source, default: 0] > 1, let widest = photos.plans[file.source]?.widest else { continue }
            let id = "photo-\(embedded.count + 1)"
            symbols[file.path] = "#" + id
            embedded.append(ReportPage.EmbeddedPhoto(id: id, href: href, width: widest.width, height: widest.height))
        }
        return try html(month: index, photoPrefix: ReportBuilder.relativePath(from: folder, to: siteRoot), photoHrefs: hrefs,
                        embeddedPhotos: embedded, photoSymbols: symbols)
    }

    /// The report in GitHub-flavoured Markdown, its photos linked to the files in the site folder.
    /// `folder` is where the file will be. With `copiesFolder` (relative to `folder`), a photo
    /// that Markdown viewers cannot show (HEIC, TIFF: ``isViewable(_:)``) is linked to a JPEG
    /// copy there instead, returned in `copies` (paths relative to `folder`) for the caller to write.
    public func markdown(month index: Int, placedIn folder: String,
                         copiesFolder: String? = nil) throws(BuildFailure) -> (bytes: [UInt8], copies: [(path: String, bytes: [UInt8])]) {
        let prefix = ReportBuilder.relativePath(from: folder, to: siteRoot)
        var hrefs: [String: String] = [:], copies: [(path: String, bytes: [UInt8])] = []
        if let copiesFolder {
            for copy in try jpegs(of: unviewablePhotos(month: index)) {
                let path = copiesFolder + "/" + copy.path
                hrefs[copy.source] = Slug.urlPath(path)
                copies.append((path, copy.bytes))
            }
        }
        let bytes = try render("report.md", {
            renderer.monthMarkdown(reports.markdown(index, photoPrefix: prefix, variants: false, photoHrefs: hrefs, body: renderer.markdownBody),
                                   prefix: prefix, variants: false, photoHrefs: hrefs, pagesAt: pagesAt).mustacheValue
        })
        return (bytes, copies)
    }

    /// The month's photos whose files Markdown viewers and browsers cannot show (HEIC, TIFF, …).
    public func unviewablePhotos(month index: Int) -> [String] {
        photoSources(month: index).filter { !ReportBuilder.isViewable($0) }
    }

    /// Whether browsers (and so Markdown previews) show an image file of this name: JPEG, PNG,
    /// GIF, WebP, AVIF or SVG.
    public static func isViewable(_ path: String) -> Bool {
        ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg"].contains((path as NSString).pathExtension.lowercased())
    }

    /// Writes the standalone page as `<yyyy-MM>.html` into `folder`, with copies of the photos
    /// it shows below it, and returns the page's path (what a browser prints to PDF) and the
    /// warnings about the files of the site it could not hold, as ``html(month:placedIn:)`` does.
    public func writePrintFolder(month index: Int, into folder: String) throws(BuildFailure) -> (page: String, warnings: [SiteError]) {
        let month = renderer.presenter.diary.months[index]
        let page = "\(month.key).html"
        let files = try printJPEGs(month: index)
        // The photos are copied beside the page; a link to another file of the site (a voice
        // note, a PDF) leads to it in the site folder, not into this folder, which goes once printed.
        var hrefs: [String: String] = [:]
        for file in files { hrefs[file.variant] = Slug.urlPath(file.path) }
        let siteURL = URL(fileURLWithPath: siteRoot, isDirectory: true).standardizedFileURL.absoluteString
        let (bytes, warnings) = try html(month: index, photoPrefix: siteURL.hasSuffix("/") ? siteURL : siteURL + "/", photoHrefs: hrefs)
        let writer = OutputWriter(root: folder)
        do throws(WriteError) {
            try writer.prepareFolders(for: [page] + files.map(\.path))
            _ = try writer.write(bytes, to: page)
            for file in files {
                _ = try writer.write(file.bytes, to: file.path)
            }
        } catch {
            throw .cannotWrite(error)
        }
        return ((folder as NSString).appendingPathComponent(page), warnings)
    }

    private func html(month index: Int, photoPrefix: String, photoHrefs: [String: String] = [:],
                      embeddedPhotos: [ReportPage.EmbeddedPhoto] = [], photoSymbols: [String: String] = [:]) throws(BuildFailure) -> (bytes: [UInt8], warnings: [SiteError]) {
        let standalone = ReportPresenter.Standalone(
            stylesheetHref: dataURL("assets/style.css", type: "text/css"),
            printHref: dataURL("assets/print.css", type: "text/css"),
            faviconHref: dataURL("assets/favicon.svg", type: "image/svg+xml"),
            photoPrefix: photoPrefix, photoHrefs: photoHrefs, embeddedPhotos: embeddedPhotos, photoSymbols: photoSymbols)
        // The `<img>` of a body's image inside the page, by its `src`: its `#id` where the page holds it once for several places.
        let inlined = Dictionary(photoHrefs.filter { $0.value.hasPrefix("data:") }.map { ($0.value, photoSymbols[$0.key]) },
                                 uniquingKeysWith: { a, _ in a })
        let plans = renderer.presenter.diary.photoPlans
        let pagesAt = self.pagesAt
        let page = try render("report", {
            reports.page(index, bodyHTML: { i in
                let entry = renderer.presenter.diary.entries[i]
                var html = renderer.entryBodyHTML(i)
                // Links to the site's pages lead to them where it is published; its files stay in the site folder.
                let diary = renderer.presenter.diary
                if let base = pagesAt, BodyImages.mayLink(entry.entry.body) {
                    html = BodyImages.rebasingLinks(html, fromFolder: entry.folder, prefix: base) { written in
                        BodyImages.sitePath(written).map { diary.linkedFiles.contains($0) || plans[$0] != nil } ?? false
                    }
                }
                var shown = BodyImages.mayHold(entry.entry.body) || BodyImages.mayLink(entry.entry.body) ? BodyImages.rewrite(html, plans: plans, files: renderer.presenter.diary.linkedFiles, forPrint: true, href: standalone.href) : html
                if BodyImages.mayHold(entry.entry.body), !inlined.isEmpty { shown = BodyImages.embedding(shown, inlined) }
                return PrintLinks.marked(PageRenderer.reportBody(fromEntryHTML: shown, of: entry, inSite: false))
            }, standalone: standalone).mustacheValue
        })
        // The links of the site's own templates to its files (`{{rootHref}}assets/mine.css`),
        // which lead nowhere from where the page is, held inside it too; not the photos the
        // page has beside it in a print folder.
        let month = renderer.presenter.diary.months[index].key
        return files.embedding(page, pageFolder: ReportPresenter.folder(month), keeping: Set(photoHrefs.values))
    }

    private func render(_ template: String, _ context: () throws -> MustacheValue) throws(BuildFailure) -> [UInt8] {
        var buffer: [UInt8] = []
        do {
            try renderer.library.render(template, try context(), into: &buffer)
        } catch {
            throw .invalid(SiteErrors([SiteError(file: template, reason: "\(error)")]))
        }
        return buffer
    }

    /// A theme asset as a `data:` URL, so the file needs nothing beside it.
    private func dataURL(_ path: String, type: String) -> String {
        MediaType.dataURL(renderer.assets.first { $0.path == path }?.bytes ?? [], type: type)
    }

    /// The URL path from one folder to another, ending in `/` (empty for the same folder):
    /// `relativePath(from: "/home/me", to: "/home/me/site")` is `site/`.
    public static func relativePath(from: String, to: String) -> String {
        func parts(_ path: String) -> [String] {
            URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
        }
        let a = parts(from), b = parts(to)
        var shared = 0
        while shared < a.count, shared < b.count, a[shared] == b[shared] { shared += 1 }
        let path = Array(repeating: "..", count: a.count - shared) + b[shared...]
        return path.isEmpty ? "" : Slug.urlPath(path.joined(separator: "/") + "/")
    }
}
