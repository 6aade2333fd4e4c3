import Foundation
import Mustache

/// One month's report on its own, for `daybook report`: standalone HTML (its stylesheets and
/// icon inlined as `data:` URLs, the photos linked from where the file will be), Markdown, or
/// a folder holding the page and its photos for a browser to print. The built site writes the
/// same reports through `SitePage.report` and `SitePage.monthMarkdown`.
public struct ReportBuilder: Sendable {
    public let siteRoot: String
    public let renderer: PageRenderer
    public let reports: ReportPresenter

    /// Loads, checks and presents the site and compiles the theme. Nothing is written.
    public init(siteRoot: String, options: BuildOptions) throws(BuildFailure) {
        self.siteRoot = siteRoot
        renderer = try SiteBuilder(siteRoot: siteRoot, options: options).prepare()
        reports = ReportPresenter(presenter: renderer.presenter)
    }

    /// The months that have entries, newest first.
    public var months: [MonthKey] { renderer.presenter.diary.months.map(\.key) }

    /// The index of a month in `Diary.months`, or nil when it has no entries.
    public func monthIndex(of key: MonthKey) -> Int? { reports.monthIndex(of: key) }

    /// The month's title in the site's locale: "November 2021", "2021년 11월".
    public func title(of key: MonthKey) -> String { renderer.presenter.formats.text(key) }

    /// The report as one HTML file that works on its own. `folder` is where the file will be
    /// (for the links to the site's photos).
    public func html(month index: Int, placedIn folder: String) throws(BuildFailure) -> [UInt8] {
        try html(month: index, photoPrefix: ReportBuilder.relativePath(from: folder, to: siteRoot))
    }

    /// The report in GitHub-flavoured Markdown. `folder` is where the file will be.
    public func markdown(month index: Int, placedIn folder: String) throws(BuildFailure) -> [UInt8] {
        let prefix = ReportBuilder.relativePath(from: folder, to: siteRoot)
        return try render("report.md", { reports.markdown(index, photoPrefix: prefix, body: renderer.markdownBody).mustacheValue })
    }

    /// Writes the standalone page as `<yyyy-MM>.html` into `folder`, with copies of the photos
    /// it shows below it, and returns the page's path: what a browser prints to PDF.
    public func writePrintFolder(month index: Int, into folder: String) throws(BuildFailure) -> String {
        let month = renderer.presenter.diary.months[index]
        let page = "\(month.key).html"
        let bytes = try html(month: index, photoPrefix: "")
        let photos = Array(Set(month.entries.flatMap { renderer.presenter.diary.entries[$0].entry.photos })).sorted()
        let writer = OutputWriter(root: folder)
        let loader = SiteLoader(root: siteRoot)
        do {
            try writer.prepareFolders(for: [page] + photos)
            _ = try writer.write(bytes, to: page)
            for photo in photos {
                _ = try writer.write(loader.read(photo) ?? [], to: photo)
            }
        } catch {
            throw .cannotWrite(error)
        }
        return (folder as NSString).appendingPathComponent(page)
    }

    private func html(month index: Int, photoPrefix: String) throws(BuildFailure) -> [UInt8] {
        let standalone = ReportPresenter.Standalone(
            stylesheetHref: dataURL("assets/style.css", type: "text/css"),
            printHref: dataURL("assets/print.css", type: "text/css"),
            faviconHref: dataURL("assets/favicon.svg", type: "image/svg+xml"),
            photoPrefix: photoPrefix)
        return try render("report", {
            reports.page(index, bodyHTML: renderer.reportBodyHTML, standalone: standalone).mustacheValue
        })
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
        let bytes = renderer.assets.first { $0.path == path }?.bytes ?? []
        return "data:\(type);base64," + Data(bytes).base64EncodedString()
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
