import DaybookCore
import Dispatch
import Foundation
import Mustache
#if canImport(CMimalloc)
import CMimalloc  // the allocator the daybook binary has, so that its figures are the build's
#endif

// daybook-bench render N: the default theme's entry template rendered for N entry view
// models (synthetic entries with four cards and a 1.6 KB body), on one thread. Prints the
// time to build the view models, to convert them to Mustache values (by hand, and through
// MustacheEncoder for comparison) and to render them.
//
// daybook-bench pages SITE: every page of a real site rendered on one thread, nothing
// written; prints the time per kind of page (Markdown included where the page renders it)
// and the Markdown of all bodies alone, then the search index's two steps. With
// DAYBOOK_BENCH_SEARCH_STEPS=1 in the environment it also times the index's parts over all
// bodies: HTML to text, the terms alone, and the terms filed in one table. With
// DAYBOOK_BENCH_ONLY_SEARCH=1 it renders the bodies and makes the index, nothing else (for
// valgrind --tool=callgrind, which then counts the index's instructions in seconds, not minutes).

func seconds(_ start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "pages" {
    try benchPages(site: arguments[2])
    exit(0)
}
guard arguments.count == 3, arguments[1] == "render", let count = Int(arguments[2]), count > 0 else {
    FileHandle.standardError.write(Data("usage: daybook-bench render N | daybook-bench pages SITE\n".utf8))
    exit(64)
}

var config = SiteConfig(title: "Bench Diary")
config.baseURL = "https://example.org/"
var entries: [Entry] = []
let origin = SourceOrigin(file: "bench", line: 1, column: 1)
for i in 0..<count {
    let day = CalendarDay(year: 2019, month: 1, day: 1).adding(days: i % 1800)
    var entry = Entry(title: "Entry number \(i) & more", date: ISODate(day: day, secondOfDay: (i * 97) % 86_400, utcOffset: 9 * 3600), origin: origin)
    entry.tags = ["walk", "산책", "tag\(i % 40)"]
    entry.mood = i % 25 == 0 ? "" : "Happy"
    entry.weather = "Sunny"
    entry.location = "Café Leaf"
    entries.append(entry)
}
let formats = DateFormats(locale: "en_US", timeZone: "UTC")
let theme = Theme.builtIn
let body = MarkdownRenderer().html(String(repeating: "Some *text* with a [link](https://example.org/?a=1&b=2) and `code`.\n\n", count: 24))
let diary = try Diary(source: SiteSource(config: config, entries: entries), formats: formats,
                      now: formats.moment(ISODate(epochSeconds: 1_704_067_200)), includeDrafts: false)
let presenter = PagePresenter(diary: diary, strings: try UIStrings(theme: theme, locale: "en_US"), formats: formats, theme: theme)
let renderer = try PageRenderer(theme: theme, siteRoot: ".", presenter: presenter, markdown: MarkdownRenderer())

var start = DispatchTime.now()
var pages: [EntryPage] = []
pages.reserveCapacity(count)
for i in 0..<count { pages.append(presenter.entryPage(i, bodyHTML: body)) }
let presentTime = seconds(start)

start = DispatchTime.now()
let contexts = pages.map(\.mustacheValue)
let convertTime = seconds(start)

start = DispatchTime.now()
let encoder = MustacheEncoder()
for page in pages.prefix(1000) { _ = try encoder.encode(page) }
let encoderTime = seconds(start) * Double(count) / Double(min(count, 1000))

start = DispatchTime.now()
var buffer: [UInt8] = []
var bytes = 0
for context in contexts {
    buffer.removeAll(keepingCapacity: true)
    try renderer.library.render("entry", context, into: &buffer)
    bytes += buffer.count
}
let renderTime = seconds(start)
func perPage(_ t: Double) -> String { String(format: "%.3f s (%.1f µs a page)", t, t / Double(count) * 1e6) }
print("entry view models built:          \(perPage(presentTime))")
print("converted (MustacheConvertible):  \(perPage(convertTime))")
print("converted (MustacheEncoder):      \(perPage(encoderTime)) [timed on \(min(count, 1000)), scaled]")
print("entry template rendered:          \(perPage(renderTime)), \(String(format: "%.1f MB, %.0f MB/s", Double(bytes) / 1e6, Double(bytes) / 1e6 / renderTime))")

func benchPages(site: String) throws {
    let options = BuildOptions(output: "/dev/null", now: ISODate(epochSeconds: 1_704_067_200))
    var start = DispatchTime.now()
    let renderer = try SiteBuilder(siteRoot: site, options: options).prepare()
    print(String(format: "load, present, theme:   %.3f s", seconds(start)))
    let presenter = renderer.presenter
    start = DispatchTime.now()
    var htmlBytes = 0
    for entry in presenter.diary.entries { htmlBytes += renderer.markdown.html(entry.entry.body).utf8.count }
    let markdownTime = seconds(start)
    print(String(format: "markdown of all bodies: %.3f s (%.1f µs a body, %.1f MB of HTML)",
                 markdownTime, markdownTime / Double(max(1, presenter.diary.entries.count)) * 1e6, Double(htmlBytes) / 1e6))
    if ProcessInfo.processInfo.environment["DAYBOOK_BENCH_ONLY_SEARCH"] != nil {
        benchSearch(presenter, bodies: presenter.diary.entries.indices.map(renderer.entryBodyHTML))
        return
    }
    var totals: [String: (count: Int, seconds: Double, bytes: Int)] = [:]
    var buffer: [UInt8] = []
    for page in presenter.pages {
        buffer.removeAll(keepingCapacity: true)
        let pageStart = DispatchTime.now()
        try renderer.render(page, into: &buffer)
        let t = seconds(pageStart)
        let kind = presenter.template(page)
        totals[kind, default: (0, 0, 0)].count += 1
        totals[kind, default: (0, 0, 0)].seconds += t
        totals[kind, default: (0, 0, 0)].bytes += buffer.count
    }
    var all = 0.0
    for (kind, total) in totals.sorted(by: { $0.value.seconds > $1.value.seconds }) {
        all += total.seconds
        print(kind.padding(toLength: 16, withPad: " ", startingAt: 0)
              + String(format: "%6d pages %8.3f s %9.1f µs a page %8.1f MB", total.count, total.seconds,
                       total.seconds / Double(total.count) * 1e6, Double(total.bytes) / 1e6))
    }
    print(String(format: "all pages:              %.3f s", all))

    // Where an entry page, a list page and a report go: view model, conversion, template.
    let reports = ReportPresenter(presenter: presenter)
    let bodies = presenter.diary.entries.indices.map(renderer.entryBodyHTML)
    var steps: [(String, [SitePage])] = [("entry", []), ("list", []), ("report", [])]
    for page in presenter.pages {
        switch page {
        case .entry: steps[0].1.append(page)
        case .home, .month, .tag: steps[1].1.append(page)
        case .report: steps[2].1.append(page)
        default: break
        }
    }
    for (kind, pages) in steps {
        var present = 0.0, convert = 0.0, render = 0.0
        for page in pages {
            var t = DispatchTime.now()
            let model: any MustacheConvertible
            switch page {
            case .entry(let i): model = presenter.entryPage(i, bodyHTML: bodies[i])
            case .home(let p): model = presenter.homePage(p)
            case .month(let i, let p): model = presenter.monthPage(i, page: p)
            case .tag(let i, let p): model = presenter.tagPage(i, page: p)
            case .report(let m): model = reports.page(m, bodyHTML: { PageRenderer.reportBody(fromEntryHTML: bodies[$0], of: presenter.diary.entries[$0]) })
            default: continue
            }
            present += seconds(t)
            t = DispatchTime.now()
            let value = model.mustacheValue
            convert += seconds(t)
            t = DispatchTime.now()
            buffer.removeAll(keepingCapacity: true)
            try renderer.library.render(presenter.template(page), value, into: &buffer)
            render += seconds(t)
        }
        let n = Double(max(1, pages.count))
        print(kind.padding(toLength: 8, withPad: " ", startingAt: 0)
              + String(format: "view model %7.1f µs, conversion %7.1f µs, template %7.1f µs a page (bodies rendered before)",
                       present / n * 1e6, convert / n * 1e6, render / n * 1e6))
    }

    benchSearch(presenter, bodies: bodies)
}

/// The search index, as the build makes it: each month's entries indexed from their HTML,
/// then the term shards merged from the months' tables.
func benchSearch(_ presenter: PagePresenter, bodies: [String]) {
    let search = SearchIndex(diary: presenter.diary)
    var start = DispatchTime.now()
    var tables: [SearchPostings] = []
    var documentBytes = 0
    for (m, month) in presenter.diary.months.enumerated() {
        var indexer = SearchMonthIndexer(month: m, of: search, prettyURLs: presenter.diary.config.prettyURLs)
        for i in month.entries { indexer.add(presenter.diary.entries[i], year: month.key.year, bodyHTML: bodies[i]) }
        let part = indexer.finish()
        let (table, shards) = (part.postings, part.shards)
        tables.append(table)
        documentBytes += shards.reduce(0) { $0 + $1.count }
    }
    var indexTime = seconds(start)
    // DAYBOOK_BENCH_SEARCH_REPEAT=N: the months indexed N times more, the fastest time kept (a steadier figure on a noisy machine).
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["DAYBOOK_BENCH_SEARCH_REPEAT"] ?? "") ?? 0) {
        start = DispatchTime.now()
        for (m, month) in presenter.diary.months.enumerated() {
            var indexer = SearchMonthIndexer(month: m, of: search, prettyURLs: presenter.diary.config.prettyURLs)
            for i in month.entries { indexer.add(presenter.diary.entries[i], year: month.key.year, bodyHTML: bodies[i]) }
            _ = indexer.finish()
        }
        indexTime = min(indexTime, seconds(start))
    }
    if ProcessInfo.processInfo.environment["DAYBOOK_BENCH_SEARCH_STEPS"] != nil {
        var texts: [[UInt8]] = []
        start = DispatchTime.now()
        for body in bodies {
            var out: [UInt8] = []
            var html = body
            html.withUTF8 { SearchText.jsonText(fromHTML: $0, into: &out) }
            texts.append(out)
        }
        let textTime = seconds(start)
        var tokenizer = SearchTokenizer()
        var words = 0
        start = DispatchTime.now()
        for text in texts { text.withUnsafeBufferPointer { tokenizer.tokenize($0) { _, _ in words += 1 } } }
        let tokenTime = seconds(start)
        start = DispatchTime.now()
        let table = SearchTermTable()
        for (d, text) in texts.enumerated() { text.withUnsafeBufferPointer { tokenizer.tokenize($0, into: table, doc: Int32(d), inTitle: false) } }
        let tableTime = seconds(start)
        print(String(format: "search steps: HTML to text %.3f s (%.1f MB), terms alone %.3f s (%d), terms into one table %.3f s (%d terms)",
                     textTime, Double(texts.reduce(0) { $0 + $1.count }) / 1e6, tokenTime, words, tableTime, table.termCount))
    }
    start = DispatchTime.now()
    var termBytes = 0
    for b in 0..<SearchIndex.buckets { termBytes += SearchIndex.termShard(b, from: tables, stamp: "0000000000000000").count }
    let mergeTime = seconds(start)
    print(String(format: "search: months indexed %.3f s (%.1f µs an entry), term shards merged %.3f s; %.1f MB of documents, %.1f MB of terms",
                 indexTime, indexTime / Double(max(1, presenter.diary.entries.count)) * 1e6, mergeTime,
                 Double(documentBytes) / 1e6, Double(termBytes) / 1e6))
}
