import DaybookCore
import Dispatch
import Foundation
import Mustache

// daybook-bench render N: the default theme's entry template rendered for N entry view
// models (synthetic entries with four cards and a 1.6 KB body), on one thread. Prints the
// time to build the view models, to convert them to Mustache values (by hand, and through
// MustacheEncoder for comparison) and to render them.

func seconds(_ start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == "render", let count = Int(arguments[2]), count > 0 else {
    FileHandle.standardError.write(Data("usage: daybook-bench render N\n".utf8))
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
