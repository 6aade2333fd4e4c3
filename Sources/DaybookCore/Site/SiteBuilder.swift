import Dispatch
import Foundation
import Mustache

/// Strings the stages together: load → format → present → render → write.
public struct SiteBuilder: Sendable {
    public let siteRoot: String
    public let options: BuildOptions

    public init(siteRoot: String, options: BuildOptions) {
        self.siteRoot = siteRoot
        self.options = options
    }

    /// The output folder the build writes to.
    public var outputRoot: String {
        options.output ?? SiteLoader(root: siteRoot).displayPath("_site")
    }

    /// Everything up to rendering: loads, checks and presents the site, compiles the theme.
    /// Nothing is written. Every problem found is in the thrown `SiteErrors`.
    public func prepare() throws(BuildFailure) -> PageRenderer {
        var stages: [StageTime] = []
        return try prepare(timing: &stages)
    }

    private func prepare(timing stages: inout [StageTime]) throws(BuildFailure) -> PageRenderer {
        var clock = StageClock()
        var source = try load()
        stages.append(clock.lap("load"))
        if let baseURL = options.baseURL {
            guard let normalized = SiteLoader.normalizedBaseURL(baseURL) else {
                throw .badOutput("--base-url must be an absolute http or https URL, found \"\(baseURL)\"")
            }
            source.config.baseURL = normalized
        }
        let config = source.config
        let theme = Theme.builtIn(overriddenBy: source.themeOverrides)
        let formats = DateFormats(locale: config.locale, timeZone: config.timeZone)
        let strings: UIStrings, diary: Diary
        do {
            strings = try UIStrings(theme: theme, locale: config.locale, siteRoot: siteRoot)
            diary = try Diary(source: source, formats: formats, now: formats.moment(options.now),
                              includeDrafts: options.includeDrafts)
        } catch {
            throw .invalid(error)
        }
        // The diary holds copies of what it needs from the loaded entries.
        BackgroundRelease.drop(&source, leaving: SiteSource(config: config, entries: [], todos: []))
        let presenter = PagePresenter(diary: diary, strings: strings, formats: formats, theme: theme)
        stages.append(clock.lap("present"))
        do {
            let renderer = try PageRenderer(theme: theme, siteRoot: siteRoot, presenter: presenter,
                                            markdown: MarkdownRenderer(unsafeHTML: config.unsafeHTML))
            stages.append(clock.lap("theme"))
            return renderer
        } catch {
            throw .invalid(error)
        }
    }

    /// The load stage, its failures as build failures.
    private func load() throws(BuildFailure) -> SiteSource {
        do {
            return try SiteLoader(root: siteRoot).load()
        } catch {
            switch error {
            case .missingInput(let message): throw .missingInput(message)
            case .invalid(let errors): throw .invalid(errors)
            }
        }
    }

    /// Entry bodies a month job renders to HTML together (``MarkdownRenderer/html(ofAll:)``).
    static let markdownGroup = 32

    /// Builds the site. A build that fails, in checking or in rendering, changes nothing in the
    /// output: pages are staged beside their targets and moved into place only when all rendered.
    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil) throws(BuildFailure) -> BuildSummary {
        var clock = StageClock()
        try checkOutputFolder()
        var writer = OutputWriter(root: outputRoot)
        let last = writer.readManifest()
        writer.expectsNewFolders = last.paths.isEmpty
        // Without an earlier build there is nothing to compare with: the fingerprint is taken once, at the end.
        let fingerprint = last.paths.isEmpty ? nil : inputFingerprint(photos: last.photos)
        if let fingerprint, last.notes["fingerprint"] == fingerprint, writer.allExist(last.paths) {
            // Nothing the build reads has changed since the output was made.
            var summary = BuildSummary()
            summary.pagesUnchanged = last.paths.count
            summary.entries = Int(last.notes["entries"] ?? "") ?? 0
            summary.photos = Int(last.notes["photos"] ?? "") ?? 0
            summary.output = outputRoot
            summary.skipped = true
            summary.stages = [clock.lap("fingerprint")]
            return summary
        }
        var stages = [clock.lap("fingerprint")]
        let renderer = try prepare(timing: &stages)
        clock = StageClock()
        let presenter = renderer.presenter
        let pages = presenter.pages
        let pagePaths: [String] = chunkedMap(pages) { chunk in chunk.map(presenter.path) }
        let assets = renderer.assets
        let photos = presenter.diary.entries.flatMap(\.entry.photos)
        let photoPaths = Array(Set(photos)).sorted()
        let searchIndex = presenter.searchIndex()
        let allPaths = pagePaths + assets.map(\.path) + photoPaths + searchIndex.paths
        let createdFolders: [String]
        do {
            // Page folders are made by the render jobs as they write; these are the rest.
            createdFolders = try writer.prepareFolders(for: assets.map(\.path) + photoPaths + [OutputWriter.manifestName])
        } catch {
            throw .cannotWrite(error)
        }
        stages.append(clock.lap("folders"))

        let results = ChunkResults(months: presenter.diary.months.count)
        // Pages are opened relative to the output folder, which exists by now.
        let rootDescriptor = open(outputRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if rootDescriptor >= 0 { close(rootDescriptor) } }
        let jobs = RenderJob.plan(pages, diary: presenter.diary)
        // The fingerprint was taken with the last build's photos; a build without one, or with other
        // photos, takes it (reading only the inputs) while the pages render, with the manifest's text.
        let reusedFingerprint = fingerprint.flatMap { photoPaths == last.photos.sorted() ? $0 : nil }
        let entryCount = presenter.diary.entries.count
        var renderWriter = writer
        if rootDescriptor >= 0 { renderWriter.rootDescriptor = rootDescriptor }
        let pageWriter = renderWriter
        DispatchQueue.concurrentPerform(iterations: jobs.count + 1) { j in
            if j == 0 {
                let print = reusedFingerprint ?? inputFingerprint(photos: photoPaths)
                results.setManifest(OutputWriter.Manifest(paths: allPaths, notes: [
                    "fingerprint": print, "entries": String(entryCount), "photos": String(photoPaths.count),
                ], photos: photoPaths).text)
                return
            }
            var staged: [String] = [], created: [String] = [], madeFolders: [String] = []
            var unchanged = 0
            var buffer: [UInt8] = []
            buffer.reserveCapacity(64 * 1024)
            defer {
                results.add(staged: staged, created: created, madeFolders: madeFolders, unchanged: unchanged)
                progress?(results.done, pages.count)
            }
            func put(_ k: Int, _ render: (inout [UInt8]) throws -> Void) -> Bool {
                if results.failed { return false }
                buffer.removeAll(keepingCapacity: true)
                do {
                    try render(&buffer)
                    return try stage(buffer, pagePaths[k])
                } catch let error as WriteError {
                    results.fail(.cannotWrite(error))
                } catch let error as TemplateError {
                    results.fail(.invalid(SiteErrors([SiteError(file: error.name, line: error.line, column: error.column,
                                                                reason: error.reason)])))
                } catch {
                    results.fail(.invalid(SiteErrors([SiteError(file: presenter.template(pages[k]), reason: "\(error)")])))
                }
                return false
            }
            func stage(_ bytes: [UInt8], _ path: String) throws(WriteError) -> Bool {
                switch try pageWriter.stage(bytes, to: path, madeFolders: &madeFolders) {
                case .written: staged.append(path)
                case .created: created.append(path)
                case .unchanged: unchanged += 1
                }
                return true
            }
            switch jobs[j - 1] {
            case .month(let month, let entryPages, let reportPage):
                // The month's part of the search index is made from the same HTML.
                var indexer = SearchMonthIndexer(month: month, of: searchIndex, prettyURLs: presenter.diary.config.prettyURLs)
                let year = presenter.diary.months[month].key.year
                // Each body is rendered once, for its entry page and again (headings pushed) for the report.
                var reportBodies: [Int: String] = [:]
                reportBodies.reserveCapacity(entryPages.count)
                let entries: [(page: Int, entry: Int)] = entryPages.compactMap { k in
                    if case .entry(let i) = pages[k] { return (k, i) } else { return nil }
                }
                // Bodies in groups (a month can be any size; a group's Markdown stays in memory until done).
                for start in stride(from: 0, to: entries.count, by: SiteBuilder.markdownGroup) {
                    let group = entries[start..<min(entries.count, start + SiteBuilder.markdownGroup)]
                    let bodies = renderer.markdown.html(ofAll: group.map { presenter.diary.entries[$0.entry].entry.body })
                    for (html, (k, i)) in zip(bodies, group) {
                        guard put(k, { try renderer.renderEntry(i, bodyHTML: html, into: &$0) }) else { return }
                        indexer.add(presenter.diary.entries[i], year: year, bodyHTML: html)
                        if reportPage != nil { reportBodies[i] = PageRenderer.reportBody(fromEntryHTML: html) }
                    }
                }
                if let k = reportPage {
                    guard put(k, { buffer in
                        try renderer.renderReport(month, bodyHTML: { reportBodies[$0] ?? renderer.reportBodyHTML($0) }, into: &buffer)
                    }) else { return }
                }
                let (table, shards) = indexer.finish()
                do throws(WriteError) {
                    for (n, shard) in shards.enumerated() { _ = try stage(shard, searchIndex.docShardPath(month: month, shard: n)) }
                } catch {
                    results.fail(.cannotWrite(error))
                }
                results.setSearchTable(table, month: month)
            case .pages(let indices):
                for k in indices {
                    guard put(k, { try renderer.render(pages[k], into: &$0) }) else { return }
                }
            }
        }
        if results.failure == nil {
            // The term shards, each merged from every month's table (docs/search.md).
            let tables = results.searchTables
            DispatchQueue.concurrentPerform(iterations: SearchIndex.buckets + 1) { b in
                var staged: [String] = [], created: [String] = [], madeFolders: [String] = []
                var unchanged = 0
                let path = b == 0 ? "search/meta.js" : SearchIndex.termShardPath(b - 1)
                let bytes = b == 0 ? searchIndex.meta() : SearchIndex.termShard(b - 1, from: tables)
                do throws(WriteError) {
                    switch try pageWriter.stage(bytes, to: path, madeFolders: &madeFolders) {
                    case .written: staged.append(path)
                    case .created: created.append(path)
                    case .unchanged: unchanged += 1
                    }
                } catch {
                    results.fail(.cannotWrite(error))
                }
                results.add(staged: staged, created: created, madeFolders: madeFolders, unchanged: unchanged)
            }
        }
        if let failure = results.failure {
            writer.discard(results.staged)
            writer.remove(results.created)
            writer.removeFolders(createdFolders + results.madeFolders)
            throw failure
        }

        stages.append(clock.lap("render"))
        var summary = BuildSummary()
        summary.pagesWritten = results.staged.count + results.created.count
        summary.pagesUnchanged = results.unchanged
        do {
            try writer.commit(results.staged)
            for asset in assets {
                switch try writer.write(asset.bytes, to: asset.path) {
                case .written, .created: summary.pagesWritten += 1
                case .unchanged: summary.pagesUnchanged += 1
                }
            }
            let loader = SiteLoader(root: siteRoot)
            for photo in photoPaths {
                switch try writer.write(loader.read(photo) ?? [], to: photo) {
                case .written, .created: summary.pagesWritten += 1
                case .unchanged: summary.pagesUnchanged += 1
                }
            }
            if !last.paths.isEmpty {
                summary.filesRemoved = writer.removeStale(previous: last.paths, current: Set(allPaths))
            }
            _ = try writer.write(results.manifest, to: OutputWriter.manifestName)
        } catch {
            throw .cannotWrite(error)
        }
        summary.entries = presenter.diary.entries.count
        summary.photos = photoPaths.count
        summary.output = outputRoot
        stages.append(clock.lap("write"))
        summary.stages = stages
        if options.keepsModelUntilExit {
            // Deliberately never released: see BuildOptions.keepsModelUntilExit.
            _ = Unmanaged.passRetained(KeptUntilExit((renderer, pages, pagePaths, allPaths, jobs, results)))
        }
        return summary
    }

    /// The fingerprint of the inputs and options, for skipping a build that would change nothing.
    func inputFingerprint(photos: [String]) -> String {
        let now = options.now
        let optionText = "\(options.tool)|\(options.includeDrafts)|\(options.baseURL ?? "")|\(now.day) \(now.secondOfDay ?? -1) \(now.nanoseconds) \(now.utcOffset ?? -1)"
        return InputFingerprint.of(siteRoot: siteRoot, photos: photos, options: optionText)
    }

    /// Refuses an output folder that is the site folder, holds it, or is `/` or the home folder.
    func checkOutputFolder() throws(BuildFailure) {
        let output = URL(fileURLWithPath: outputRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let site = URL(fileURLWithPath: siteRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
        if output == "/" || output == home {
            throw .badOutput("refusing to write the site into \(outputRoot): choose an empty or generated folder with --output")
        }
        if output == site || site.hasPrefix(output + "/") {
            throw .badOutput("refusing to write the site into \(outputRoot): it is or holds the site folder \(siteRoot)")
        }
    }
}

/// Per-chunk results of the parallel render-and-stage, gathered under a lock.
private final class ChunkResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var staged: [String] = []
    private(set) var created: [String] = []
    private(set) var madeFolders: [String] = []
    private(set) var unchanged = 0
    private(set) var failure: BuildFailure?
    /// The text of the build's manifest, made alongside the pages.
    private(set) var manifest: [UInt8] = []
    /// Each month's part of the search index, in the diary's month order.
    private var tables: [SearchTermTable?]

    init(months: Int) {
        tables = Array(repeating: nil, count: months)
    }

    var searchTables: [SearchTermTable] { lock.withLock { tables.compactMap { $0 } } }

    func setSearchTable(_ table: SearchTermTable, month: Int) {
        lock.withLock { tables[month] = table }
    }

    var done: Int { lock.withLock { staged.count + created.count + unchanged } }
    var failed: Bool { lock.withLock { failure != nil } }

    func add(staged: [String], created: [String], madeFolders: [String], unchanged: Int) {
        lock.withLock {
            self.staged += staged
            self.created += created
            self.madeFolders += madeFolders
            self.unchanged += unchanged
        }
    }

    func setManifest(_ text: [UInt8]) {
        lock.withLock { manifest = text }
    }

    func fail(_ failure: BuildFailure) {
        lock.withLock { if self.failure == nil { self.failure = failure } }
    }
}

/// Values a build leaves to the system to free at exit (``BuildOptions/keepsModelUntilExit``).
private final class KeptUntilExit: @unchecked Sendable {
    let values: Any
    init(_ values: Any) { self.values = values }
}
