import DaybookCore
import DaybookImport
import Foundation
import TestSupport

/// Fixture paths and a temporary site for the import tests.
enum ImportFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// A fresh site folder with `daybook.json` (en_US, Asia/Seoul) and `files`.
    static func site(_ files: [String: String] = [:], timeZone: String = "Asia/Seoul") throws -> String {
        let site = try ScratchRoot.folder("daybook-import-test-")
        var all = files
        if all["daybook.json"] == nil { all["daybook.json"] = #"{"title": "Imported", "locale": "en_US", "timeZone": "\#(timeZone)"}"# }
        for (name, text) in all {
            let path = site + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return site
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file below `root` and its bytes.
    static func snapshot(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: root) ?? [] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return result
    }

    /// Imports `source` into `site` as the CLI does.
    @discardableResult
    /// `checksPhotos`: each photo copied is checked as the command checks it (``PhotoProbe``).
    static func importInto(_ site: String, _ format: ImportFormat, _ source: String, prune: Bool = false,
                           zone: String = "Asia/Seoul", checksPhotos: Bool = false, replaceEdits: Bool = false) throws -> (ImportSummary, ImportBatch) {
        let export = try ExportFolder.open(source)
        let batch = try Importer.read(format, export, context: ImportContext(timeZone: zone, locale: "en_US"))
        var importer = SiteImporter(site: site, format: format)
        importer.prune = prune
        importer.replaceEdits = replaceEdits
        if checksPhotos {
            importer.photoProblem = { path in
                if case .failure(let problem) = PhotoProbe.checkedSize(ofFile: path) { return problem.reason }
                return nil
            }
        }
        return (try importer.write(batch), batch)
    }

    /// Imports a temporary folder of Markdown notes (relative path → bytes), removed afterwards;
    /// the folder's path and what the import gave.
    static func importNotes(_ notes: [String: [UInt8]], zone: String = "UTC") throws -> (folder: String, result: Result<ImportBatch, ImportFailure>) {
        let folder = NSTemporaryDirectory() + "notes-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, bytes) in notes {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let export = try ExportFolder.open(folder)
        do throws(ImportFailure) {
            return (folder, .success(try Importer.read(.markdown, export, context: ImportContext(timeZone: zone))))
        } catch {
            return (folder, .failure(error))
        }
    }

    /// What importing notes (relative path → text) fails with, and the folder's path; nil when it succeeds.
    static func markdownErrors(_ notes: [String: String]) throws -> (folder: String, errors: String?) {
        let (folder, result) = try importNotes(notes.mapValues { Array($0.utf8) })
        if case .failure(let error) = result { return (folder, error.description) }
        return (folder, nil)
    }

    /// The batch of importing notes (relative path → text).
    static func markdownBatch(_ notes: [String: String]) throws -> ImportBatch {
        try importNotes(notes.mapValues { Array($0.utf8) }).result.get()
    }

    /// A fresh site (in `zone`) with notes (file name → text) imported into it as the CLI does.
    static func siteWithNotes(_ notes: [String: String], zone: String = "UTC") throws -> String {
        let site = try self.site(timeZone: zone)
        let folder = NSTemporaryDirectory() + "notes-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in notes { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        try importInto(site, .markdown, folder, zone: zone)
        return site
    }

    /// Builds the site into `<site>/_site` at a fixed now.
    static func build(_ site: String) throws {
        let now = ISODate(day: CalendarDay(year: 2024, month: 5, day: 1), secondOfDay: 0, utcOffset: 0)
        _ = try SiteBuilder(siteRoot: site, options: BuildOptions(output: site + "/_site", now: now)).build()
    }

    /// Runs a tool, returning its exit status.
    static func run(_ tool: String, _ arguments: [String], in folder: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
