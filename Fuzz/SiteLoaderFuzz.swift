// libFuzzer target over Daybook's load stage (Sources/DaybookCore/Load/*.swift).
//
// Built by scripts/fuzz into one module with those sources (plus EmbeddedThemeStub.swift), so
// internal API is callable. For each input:
//   0. checks `UTF8Check` and `UTF8Text` (Support/) against the standard library's UTF-8 check;
//   1. writes it as diary.json, diary/entry.json, todos.json and pages/page.md of a site folder under
//      /dev/shm/daybook-fuzz-<pid>/site (fixed daybook.json, a photos/ folder with a PNG, a JPEG
//      and a symlink leading out of the site) and runs `SiteLoader(root:).load()`;
//   2. writes it as the daybook.json of a second, otherwise empty site and loads that;
//   3. calls `TodoFile.decode`, `JSONParser.parse` (and, on success, `JSONWriter.write` round
//      trip), `JSONParser.parseInParallel` (cut at any size: same node or same error), `JSONStringText`
//      (from each quote: offsets in order, inside the file; a one-string document as the parser reads it), `SourcePosition`, `ISODate.parse`, and `MonthKey(_:)` directly (images have a target of their own: PhotoFuzz.swift).
// Nothing may trap; the few `check`s are documented contracts of those APIs.
import Foundation

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("SiteLoaderFuzz: invariant failed: \(message())")
    }
}

// MARK: Scratch site folders

private let scratchRoot: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return (base as NSString).appendingPathComponent("daybook-fuzz-\(getpid())")
}()
private let siteRoot = scratchRoot + "/site"
private let configSiteRoot = scratchRoot + "/config-site"

private func writeFile(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
        fputs("SiteLoaderFuzz: cannot write \(path): \(String(cString: strerror(errno)))\n", stderr)
        exit(2)
    }
    var done = 0
    while done < bytes.count {
        let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
        if n <= 0 {
            if n < 0 && errno == EINTR { continue }
            fputs("SiteLoaderFuzz: short write to \(path)\n", stderr)
            exit(2)
        }
        done += n
    }
    close(fd)
}

private func writeFile(_ path: String, _ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writeFile(path, $0) }
}

/// Creates the scratch folders once per process; removes them at exit.
private let scratchReady: Bool = {
    let fm = FileManager.default
    try? fm.removeItem(atPath: scratchRoot)
    do {
        try fm.createDirectory(atPath: siteRoot + "/diary", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: siteRoot + "/photos", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: siteRoot + "/pages", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: configSiteRoot, withIntermediateDirectories: true)
    } catch {
        fputs("SiteLoaderFuzz: cannot create \(scratchRoot): \(error)\n", stderr)
        exit(2)
    }
    writeFile(siteRoot + "/daybook.json", Array(#"{"title": "Fuzz", "timeZone": "UTC", "locale": "en_US"}"#.utf8))
    // 1x1 PNG header (IHDR) and a minimal JPEG SOF0 header, so photo checks and sizes can pass.
    writeFile(siteRoot + "/photos/a.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13,
                                           0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
    writeFile(siteRoot + "/photos/b.jpg", [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03,
                                           0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9])
    try? fm.createSymbolicLink(atPath: siteRoot + "/photos/out.jpg", withDestinationPath: "/etc/hostname")
    atexit {
        try? FileManager.default.removeItem(atPath: scratchRoot)
    }
    return true
}()

// MARK: Helpers

/// The value with every offset zeroed, for comparing parses of different texts.
private func stripped(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements):
        return .array(elements.map { JSONNode(value: stripped($0.value)) })
    case .object(let members):
        return .object(members.map { JSONMember(key: $0.key, value: JSONNode(value: stripped($0.value.value))) })
    default:
        return value
    }
}

private func checkErrors(_ errors: [SiteError], _ what: String) {
    for e in errors {
        check(!e.reason.isEmpty, "\(what): empty reason")
        check((e.line == 0 && e.column == 0) || (e.line >= 1 && e.column >= 1), "\(what): bad position \(e)")
        _ = e.description
    }
}

// MARK: Entry point

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    precondition(scratchReady)
    let input = UnsafeBufferPointer(start: data, count: size)
    let bytes = Array(input)

    // 0. UTF8Text makes Strings without the standard library's own check: its check must agree.
    let wellFormed = String(validating: bytes, as: UTF8.self) != nil
    check((UTF8Check.firstInvalidOffset(input, from: 0, to: size) == nil) == wellFormed, "UTF8Check disagrees")
    check(UTF8Text.string(input) == String(decoding: input, as: UTF8.self), "UTF8Text.string disagrees")

    // 1. The whole loader, with the input as diary.json, diary/entry.json and todos.json.
    writeFile(siteRoot + "/diary.json", input)
    writeFile(siteRoot + "/diary/entry.json", input)
    writeFile(siteRoot + "/todos.json", input)
    writeFile(siteRoot + "/pages/page.md", input)
    do {
        let source = try SiteLoader(root: siteRoot).load()
        for entry in source.entries {
            check(entry.date.day.isValid, "loaded an entry with an invalid day")
            _ = entry.origin.position
            for origin in entry.photoOrigins { _ = origin.position }
            for file in entry.aliases {
                let parts = file.split(separator: "/", omittingEmptySubsequences: false)
                check(!file.hasPrefix("/") && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }, "alias file \(file) leaves the output")
                check(file.hasSuffix(".html") || file.hasSuffix(".htm") || file.lowercased().hasSuffix(".html") || file.lowercased().hasSuffix(".htm"), "alias file \(file) is no page")
            }
        }
        _ = source.photos.count
        for page in source.pages {
            check(page.path == "page.md", "a page at \(page.path)")
            check(page.aliases.count == page.aliasOrigins.count, "a page's aliases and their places differ")
            _ = page.origin(of: "photos/a.png").position
        }
    } catch {
        switch error {
        case .missingInput(let message): check(false, "site folder vanished: \(message)")
        case .invalid(let errors):
            check(!errors.errors.isEmpty, "invalid without errors")
            checkErrors(errors.errors, "load")
            _ = errors.report()
        }
    }

    // 2. The input as daybook.json (config decoding: titles, URLs, locales, time zones); only
    //    for inputs that start like an object, the rest fail the same trivial way as above.
    if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
       first == UInt8(ascii: "{") {
        writeFile(configSiteRoot + "/daybook.json", input)
        do {
            _ = try SiteLoader(root: configSiteRoot).load()
        } catch {
            if case .invalid(let errors) = error { checkErrors(errors.errors, "config") }
        }
    }

    // 3. The decoders directly.
    var errors: [SiteError] = []
    let todos = TodoFile.decode(bytes, file: "todos.json", errors: &errors)
    checkErrors(errors, "TodoFile.decode")
    check(Set(todos.map(\.id)).count == todos.count, "TodoFile.decode returned duplicate ids")
    for todo in todos { if let due = todo.due { check(due.isValid, "todo due day invalid") } }

    do {
        let node = try JSONParser.parse(bytes)
        let written = JSONWriter.write(node)
        let again: JSONNode
        do {
            again = try JSONParser.parse(written)
        } catch {
            check(false, "JSONWriter output does not parse: \(error.reason) at \(error.offset)")
            return 0
        }
        check(stripped(again.value) == stripped(node.value), "JSONWriter round trip changed the value")
        check(JSONWriter.write(again) == written, "JSONWriter is not idempotent")
    } catch {
        check(error.offset >= 0 && error.offset <= bytes.count, "JSONSyntaxError offset \(error.offset) out of 0...\(bytes.count)")
        check(!error.reason.isEmpty, "JSONSyntaxError without reason")
        let p = SourcePosition(offset: error.offset, in: bytes)
        check(p.line >= 1 && p.column >= 1, "SourcePosition \(p) for offset \(error.offset)")
    }
    // The array cut at its top-level commas parses to the same node, or fails with the same error.
    var whole: (JSONNode?, JSONSyntaxError?) = (nil, nil), cut: (JSONNode?, JSONSyntaxError?) = (nil, nil)
    do { whole.0 = try JSONParser.parse(bytes) } catch { whole.1 = error }
    do { cut.0 = try JSONParser.parseInParallel(bytes, minimumBytes: 0, minimumElements: 1) } catch { cut.1 = error }
    check(whole.0 == cut.0 && whole.1 == cut.1, "JSONParser.parseInParallel differs from parse")
    // A string's text with where each byte is written (check's place of a body's link): from any
    // quote of any input, offsets in order and inside the file; a document that is one string
    // decodes to the parser's string.
    var quotes = 0
    for (q, byte) in bytes.enumerated() where byte == UInt8(ascii: "\"") && quotes < 16 {
        quotes += 1
        guard let found = JSONStringText(in: bytes, at: q) else { continue }
        check(found.fileOffsets.count == found.bytes.count, "JSONStringText: \(found.fileOffsets.count) offsets for \(found.bytes.count) bytes")
        check(zip(found.fileOffsets, found.fileOffsets.dropFirst()).allSatisfy { $0 <= $1 }, "JSONStringText: offsets out of order")
        check(found.fileOffsets.allSatisfy { $0 > q && $0 < bytes.count }, "JSONStringText: an offset outside the string")
    }
    if let node = whole.0, case .string(let value) = node.value, let q = bytes.firstIndex(of: UInt8(ascii: "\"")),
       let found = JSONStringText(in: bytes, at: q) {
        // As the loader reads it: a control character (which the parser keeps and flags) as U+FFFD.
        let read = String(String.UnicodeScalarView(value.unicodeScalars.map { JSONParser.isControl($0.value) ? "\u{FFFD}" : $0 }))
        check(found.bytes == Array(read.utf8), "JSONStringText differs from the parser's string")
    }
    for offset in [-1, size / 2, size, size + 7] {
        let p = SourcePosition(offset: offset, in: bytes)
        check(p.line >= 1 && p.column >= 1, "SourcePosition \(p) for offset \(offset)")
    }

    let text = String(decoding: bytes, as: UTF8.self)
    if case .success(let date) = ISODate.parse(text) {
        check(date.day.isValid, "ISODate.parse accepted an invalid day")
        if let second = date.secondOfDay { check((0..<86_400).contains(second), "secondOfDay \(second)") }
        check((0..<1_000_000_000).contains(date.nanoseconds), "nanoseconds \(date.nanoseconds)")
        if let offset = date.utcOffset { check(abs(offset) <= 18 * 3600 + 59 * 60, "utcOffset \(offset)") }
    }
    if let month = MonthKey(text) { _ = month.firstDay.adding(days: month.dayCount).description }
    return 0
}
