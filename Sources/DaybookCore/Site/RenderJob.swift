/// A unit of the parallel render: a month's entry pages with its report (so each body's
/// Markdown is rendered once for both), or a run of other pages. Indices are into the
/// build's page list.
///
/// Jobs are started in the order planned and two threads share them, so the longest go
/// first: a job started last and running long leaves the other core idle at the end.
enum RenderJob: Equatable {
    case month(Int, entryPages: [Int], reportPage: Int?)
    case pages([Int])

    /// Pages not in a month job go in runs of this many.
    static let runLength = 32

    /// The jobs for `pages`: first the pages made from every entry or todo (the todo pages, the feed and sitemap, the archives), one job each; then the months,
    /// largest first; then every other page in order, in runs.
    static func plan(_ pages: [SitePage], diary: Diary) -> [RenderJob] {
        var entryPage = [Int?](repeating: nil, count: diary.entries.count)
        var reportPage = [Int?](repeating: nil, count: diary.months.count)
        for (k, page) in pages.enumerated() {
            switch page {
            case .entry(let i): entryPage[i] = k
            case .report(let m): reportPage[m] = k
            default: break
            }
        }
        var claimed = [Bool](repeating: false, count: pages.count)
        var months: [(size: Int, job: RenderJob)] = []
        for (m, month) in diary.months.enumerated() {
            let entries = month.entries.compactMap { entryPage[$0] }
            for k in entries { claimed[k] = true }
            if let k = reportPage[m] { claimed[k] = true }
            months.append((entries.count, .month(m, entryPages: entries, reportPage: reportPage[m])))
        }
        var jobs: [RenderJob] = []
        let siteWide = pages.indices.compactMap { k in RenderJob.siteWideRank(pages[k]).map { (rank: $0, page: k) } }
        for (_, k) in siteWide.sorted(by: { $0.rank < $1.rank }) {
            claimed[k] = true
            jobs.append(.pages([k]))
        }
        jobs += months.enumerated().sorted { a, b in
            a.element.size != b.element.size ? a.element.size > b.element.size : a.offset < b.offset
        }.map(\.element.job)
        var run: [Int] = []
        for k in pages.indices where !claimed[k] {
            run.append(k)
            if run.count == runLength {
                jobs.append(.pages(run))
                run.removeAll(keepingCapacity: true)
            }
        }
        if !run.isEmpty { jobs.append(.pages(run)) }
        return jobs
    }

    /// For a single page whose work grows with the whole site, its place among them, longest
    /// first (at 10,000 entries the todo page takes ~0.05 s); nil for other pages.
    static func siteWideRank(_ page: SitePage) -> Int? {
        switch page {
        case .todos: 0
        case .todoMarkdown: 1
        case .feed: 2
        case .sitemap: 3
        case .monthArchive: 4
        case .tagArchive: 5
        default: nil
        }
    }
}
