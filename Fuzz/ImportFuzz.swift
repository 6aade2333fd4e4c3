// libFuzzer target over Daybook's importers (Sources/DaybookImport/*.swift, built by scripts/fuzz
// into one module with Sources/DaybookCore/Load/*.swift, Support/*.swift and Present/Slug.swift).
//
// For each input, in scratch folders under /dev/shm/daybook-import-fuzz-<pid>/:
//   1. as Journal.json of a Day One export folder (with a photos/ folder), as jrnl's and as
//      Taskwarrior's export.json, as todo.txt, and as a Markdown note (with an image beside it):
//      each importer reads it, and its batch is merged and written into a scratch site twice —
//      the second write must change nothing;
//   2. `FrontMatter.parse` (as YAML and as TOML) and `DayOneText.split` on the input as text;
//   3. the input as a zip, unpacked with small limits: nothing may land outside the target folder.
// Nothing may trap; the `check`s are the importers' documented contracts.
import Foundation

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("ImportFuzz: invariant failed: \(message())") }
}

private let scratchRoot: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return (base as NSString).appendingPathComponent("daybook-import-fuzz-\(getpid())")
}()

private let scratchReady: Bool = {
    let fm = FileManager.default
    try? fm.removeItem(atPath: scratchRoot)
    for folder in ["dayone/photos", "jrnl", "taskwarrior", "todotxt", "markdown/notes", "site", "zip"] {
        try? fm.createDirectory(atPath: scratchRoot + "/" + folder, withIntermediateDirectories: true)
    }
    _ = fm.createFile(atPath: scratchRoot + "/dayone/photos/0123456789abcdef0123456789abcdef.jpeg", contents: Data([0xFF, 0xD8, 0xFF, 0xD9]))
    _ = fm.createFile(atPath: scratchRoot + "/markdown/notes/a.png", contents: Data([0x89, 0x50]))
    _ = fm.createFile(atPath: scratchRoot + "/site/daybook.json", contents: Data(#"{"title": "F"}"#.utf8))
    atexit { try? FileManager.default.removeItem(atPath: scratchRoot) }
    return true
}()

private func put(_ path: String, _ bytes: [UInt8]) {
    _ = FileManager.default.createFile(atPath: scratchRoot + "/" + path, contents: Data(bytes))
}

private let context = ImportContext(timeZone: "Europe/Berlin", locale: "en_US")

/// Reads the export and writes its batch into the scratch site twice; the second changes nothing.
private func importTwice(_ format: ImportFormat, _ path: String) {
    guard let export = try? ExportFolder.open(scratchRoot + "/" + path),
          let batch = try? Importer.read(format, export, context: context) else { return }
    let site = scratchRoot + "/site"
    for file in ["diary", "todos.json", "photos"] { try? FileManager.default.removeItem(atPath: site + "/" + file) }
    let importer = SiteImporter(site: site, format: format)
    guard (try? importer.write(batch)) != nil else { return }
    guard let again = try? importer.write(batch) else { check(false, "a second write of the same batch failed"); return }
    check(again.added == 0 && again.updated == 0 && again.filesWritten.isEmpty, "a second write changed \(again.filesWritten)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    precondition(scratchReady)
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    put("dayone/Journal.json", bytes)
    importTwice(.dayone, "dayone")
    put("jrnl/export.json", bytes)
    importTwice(.jrnl, "jrnl/export.json")
    put("taskwarrior/export.json", bytes)
    importTwice(.taskwarrior, "taskwarrior/export.json")
    put("todotxt/todo.txt", bytes)
    importTwice(.todotxt, "todotxt/todo.txt")
    put("markdown/notes/2024-01-02 note.md", bytes)
    importTwice(.markdown, "markdown")

    // The site's hidden record of what an import wrote: read back as it was written.
    let record = ImportRecord(bytes: bytes)
    check(ImportRecord(bytes: record.bytes(for: "diary/x.json")).entries == record.entries, "the import record did not read back as written")

    let text = String(decoding: bytes, as: UTF8.self)
    _ = FrontMatter.parse(text)
    _ = FrontMatter.parse(text, as: .toml)
    let (title, body) = DayOneText.split(text) { _ in "![](x)" }
    check(!title.contains("\n"), "a title with a line break")
    // Every moment link outside code is replaced (code is left as written).
    if !text.contains("`") && !text.contains("~") {
        check(DayOneText.moments(body).isEmpty, "a moment link left in \(body)")
    }

    let zip = scratchRoot + "/input.zip", target = scratchRoot + "/zip"
    put("input.zip", bytes)
    try? FileManager.default.removeItem(atPath: target)
    try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    _ = try? ZipArchive.extract(zip, into: target, maxTotalBytes: 1 << 20, maxMembers: 100)
    let outside = (try? FileManager.default.contentsOfDirectory(atPath: scratchRoot)) ?? []
    check(Set(outside).isSubset(of: ["dayone", "jrnl", "taskwarrior", "todotxt", "markdown", "site", "zip", "input.zip"]),
          "the zip wrote outside its folder: \(outside)")
    return 0
}
