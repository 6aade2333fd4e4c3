import DaybookCore
import Dispatch
import Foundation
import Mustache

// daybook-bench render N: the default theme's entry template rendered for N entry view
// models (synthetic entries with four cards and a 1.6 KB body), on one thread. Prints
// the time to build and encode the view models and the time to render them.

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
let encoder = MustacheEncoder()
var contexts: [MustacheValue] = []
contexts.reserveCapacity(count)
for i in 0..<count { contexts.append(try encoder.encode(presenter.entryPage(i, bodyHTML: body))) }
let encodeTime = seconds(start)

start = DispatchTime.now()
var buffer: [UInt8] = []
var bytes = 0
for context in contexts {
    buffer.removeAll(keepingCapacity: true)
    try renderer.library.render("entry", context, into: &buffer)
    bytes += buffer.count
}
let renderTime = seconds(start)
print(String(format: "view models: %d built and encoded in %.3f s (%.1f µs each)", count, encodeTime, encodeTime / Double(count) * 1e6))
print(String(format: "entry template: %d pages, %.1f MB rendered in %.3f s (%.1f µs a page, %.0f MB/s)",
             count, Double(bytes) / 1e6, renderTime, renderTime / Double(count) * 1e6, Double(bytes) / 1e6 / renderTime))
