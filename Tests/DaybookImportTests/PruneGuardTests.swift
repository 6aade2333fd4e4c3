import DaybookCore
import Foundation
import TestSupport
import Testing
@testable import DaybookImport

/// `--prune` refuses an export that looks like another journal's, and keeps what the user wrote in
/// the site (found by a jrnl user's audit: a second journal imported without `--into`, pruned,
/// removed the first one's entries, one with a mood given in the site, lost for good).
@Suite struct PruneGuardTests {
    /// A jrnl export of entries titled `titles`, one a day from 2024-01-01, in a new folder.
    static func export(_ titles: [String]) throws -> String {
        let path = try ScratchRoot.folder("prune-guard-") + "/export.json"
        let entries = titles.enumerated().map { n, title in
            #"{"title": "\#(title)", "body": "Text of \#(title)", "date": "2024-01-\#(n < 9 ? "0" : "")\#(n + 1)", "time": "08:30", "tags": [], "starred": false}"#
        }
        try Data((#"{"tags": {}, "entries": ["# + entries.joined(separator: ", ") + "]}").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What importing `titles` gives: the summary, or the failure's text.
    static func importing(_ titles: [String], into site: String, prune: Bool = true, dryRun: Bool = false) throws -> Result<ImportSummary, ImportFailure> {
        let batch = try Importer.read(.jrnl, ExportFolder.open(try export(titles)), context: ImportContext(timeZone: "Asia/Seoul", locale: "en_US"))
        var importer = SiteImporter(site: site, format: .jrnl)
        importer.prune = prune
        importer.dryRun = dryRun
        do throws(ImportFailure) { return .success(try importer.write(batch)) } catch { return .failure(error) }
    }

    static func failure(_ result: Result<ImportSummary, ImportFailure>) -> String? {
        if case .failure(let error) = result { return error.description }
        return nil
    }

    static let personal = ["Walk.", "Lunch.", "Call.", "Run.", "Swim.", "Read.", "Cook.", "Nap.", "Bake."]

    /// The audit's case: a second journal's export, pruned into the first's file, shares none of its
    /// entries: refused, dry run or not, and nothing is written. Imported without --prune first,
    /// the next --prune goes ahead.
    @Test func anExportSharingNoEntryWithTheFileIsRefused() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        #expect(try Self.importing(Self.personal, into: site, prune: false).get().added == 9)
        let before = ImportFixtures.snapshot(site)
        let expected = "error: \(site)/diary/jrnl.json: --prune would remove 9 of the file's 9 entries imported from jrnl (entries 2024-01-01-walk, "
            + "2024-01-02-lunch, 2024-01-03-call, 2024-01-04-run, 2024-01-05-swim, …), and the export has none of them (its 2 entries are new here): "
            + "is the export another journal's? Import each journal into a file of its own with --into NAME (--into work: diary/work.json). "
            + "To replace the file's entries with the export's all the same, import it without --prune first, then with --prune. Nothing was written"
        #expect(Self.failure(try Self.importing(["Standup.", "Review."], into: site)) == expected)
        #expect(Self.failure(try Self.importing(["Standup.", "Review."], into: site, dryRun: true)) == expected)
        #expect(ImportFixtures.snapshot(site) == before)
        // An empty export, pruned, would empty the file.
        #expect(Self.failure(try Self.importing([], into: site))?.contains("and the export has no entries: is the export another journal's?") == true)

        #expect(try Self.importing(["Standup.", "Review."], into: site, prune: false).get().line == "Imported 2 entries: 2 new, 0 updated, 0 removed")
        let pruned = try Self.importing(["Standup.", "Review."], into: site).get()
        #expect(pruned.line == "Imported 2 entries: 0 new, 0 updated, 9 removed (2 unchanged)")
    }

    /// More than half of the file's entries, more than 5, removed by an export that has fewer than
    /// half of its own in the file: refused too. An export that dropped a few, or has all of its
    /// own in the file, is pruned as ever.
    @Test func anExportMatchingFewWhileRemovingMostIsRefused() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        _ = try Self.importing(Self.personal, into: site, prune: false).get()
        // Walk. is the file's (same day, same title); the other four are not.
        let few = try Self.importing(["Walk.", "Standup.", "Review.", "Plan.", "Demo."], into: site)
        #expect(Self.failure(few) == "error: \(site)/diary/jrnl.json: --prune would remove 8 of the file's 9 entries imported from jrnl (entries "
            + "2024-01-02-lunch, 2024-01-03-call, 2024-01-04-run, 2024-01-05-swim, 2024-01-06-read, …), and only 1 of the export's 5 entries is in the file: "
            + "is the export another journal's? Import each journal into a file of its own with --into NAME (--into work: diary/work.json). "
            + "To replace the file's entries with the export's all the same, import it without --prune first, then with --prune. Nothing was written")
        // Two deleted in jrnl: pruned.
        let two = try Self.importing(Array(Self.personal.prefix(7)), into: site).get()
        #expect(two.line == "Imported 7 entries: 0 new, 0 updated, 2 removed (7 unchanged)")
        #expect(two.notes == ["removed 2 entries the export no longer has (--prune): 2024-01-08-nap (Nap.), 2024-01-09-bake (Bake.)"])
        // Six of seven deleted, the one left in the export: pruned.
        #expect(try Self.importing(["Walk."], into: site).get().line == "Imported 1 entry: 0 new, 0 updated, 6 removed (1 unchanged)")
    }

    /// An entry given a mood (a key jrnl's import never writes) or edited in the site is kept by
    /// --prune with a warning naming it and the reason; --prune --replace-edits removes it.
    @Test func pruneKeepsAnEntryGivenAMoodInTheSite() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        _ = try Self.importing(["Walk.", "Lunch.", "Call.", "Run."], into: site, prune: false).get()
        let path = site + "/diary/jrnl.json"
        let written = try #require(ImportFixtures.read(path))
        let edited = written.replacingOccurrences(of: "\"title\": \"Lunch.\",", with: "\"title\": \"Lunch.\",\n    \"mood\": \"happy\",")
            .replacingOccurrences(of: "Text of Call.", with: "Called Anna.")
            .replacingOccurrences(of: "\"title\": \"Run.\",", with: "\"title\": \"Run.\",\n    \"mood\": \"tired\",\n    \"draft\": true,")
        #expect(edited.components(separatedBy: "\"mood\"").count == 3 && edited.contains("Called Anna."))
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))

        let warning = "\(site)/diary/jrnl.json: entries 2024-01-02-lunch (mood added in the site), 2024-01-03-call (edited in the site since the last import), "
            + "2024-01-04-run (mood, draft added in the site) are not in the export: kept with the site's edits, --prune or not; "
            + "--prune --replace-edits removes them, as does deleting them from the file"
        let notPruned = try Self.importing(["Walk."], into: site, prune: false).get()
        #expect(notPruned.notes == [warning])
        let pruned = try Self.importing(["Walk."], into: site).get()
        #expect(pruned.line == "Imported 1 entry: 0 new, 0 updated, 0 removed (1 unchanged)")
        #expect(pruned.warnings.map(\.message) == [warning])
        #expect(try #require(ImportFixtures.read(path)) == edited)

        var importer = SiteImporter(site: site, format: .jrnl)
        importer.prune = true
        importer.replaceEdits = true
        let batch = try Importer.read(.jrnl, ExportFolder.open(try Self.export(["Walk."])), context: ImportContext(timeZone: "Asia/Seoul", locale: "en_US"))
        #expect(try importer.write(batch).removed == 3)
        #expect(try #require(ImportFixtures.read(path)).contains("mood") == false)
    }

    /// A Day One `location` added in the site to an entry whose export gave none is the user's too.
    @Test func pruneKeepsAPlaceAddedInTheSite() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let export = try ScratchRoot.folder("prune-dayone-")
        try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone"), toPath: export + "/dayone")
        let journal = export + "/dayone/Journal.json"
        try ImportFixtures.importInto(site, .dayone, export + "/dayone")
        let path = site + "/diary/dayone.json"
        let written = try #require(ImportFixtures.read(path))
        let placed = written.replacingOccurrences(of: "\"body\": \"Pariatur", with: "\"location\": \"Park\",\n    \"body\": \"Pariatur")
        #expect(placed != written)
        try Data(placed.utf8).write(to: URL(fileURLWithPath: path))
        // The export without that entry.
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: journal))) as! [String: Any]
        let entries = root["entries"] as! [[String: Any]]
        root["entries"] = entries.filter { !(($0["text"] as? String) ?? "").hasPrefix("Pariatur aute") }
        #expect((root["entries"] as! [Any]).count == entries.count - 1)
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: journal))
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, export + "/dayone", prune: true)
        #expect(summary.removed == 0)
        #expect(summary.warnings.map(\.message).contains { $0.hasPrefix(site + "/diary/dayone.json: entry ") && $0.contains(" (location added in the site) is not in the export: kept") })
        #expect(try #require(ImportFixtures.read(path)).contains("\"location\": \"Park\""))
    }

    /// Found by a jrnl user's audit: the warning of a time the clocks skip came again with each
    /// re-import that changed nothing. Said when the entry is added or updated only.
    @Test func aSkippedTimeIsSaidWhenItsEntryIsAddedOnly() throws {
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (first, batch) = try ImportFixtures.importInto(site, .jrnl, ImportFixtures.path("jrnl/export.json"), zone: "Europe/Berlin")
        let clocks = first.shown(batch.warnings).map(\.message).filter { $0.contains("the clocks of Europe/Berlin went forward past 02:30") }
        #expect(clocks.count == 1)
        let (again, sameBatch) = try ImportFixtures.importInto(site, .jrnl, ImportFixtures.path("jrnl/export.json"), zone: "Europe/Berlin")
        #expect(again.line == "Imported 5 entries: 0 new, 0 updated, 0 removed (5 unchanged)")
        #expect(sameBatch.warnings.map(\.message).contains(clocks[0]))
        #expect(again.shown(sameBatch.warnings).isEmpty)
    }

    /// Found by a todo.txt user's audit: an emptied todo.txt, or an export of part of the list
    /// (`task project:Home export`), pruned, removed every other imported todo without a word.
    @Test func anEmptyOrPartialTodoExportIsRefused() throws {
        let site = try ImportFixtures.site(["todos.json": "[]"])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let todo = try ScratchRoot.folder("prune-todos-") + "/todo.txt"
        func write(_ lines: [String]) throws { try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: todo)) }
        let all = ["Alpha +home", "Beta +home", "Gamma +work", "Delta +work", "Epsilon +work", "Zeta +work", "Eta +work", "Theta +work"]
        try write(all)
        #expect(try ImportFixtures.importInto(site, .todotxt, todo).0.added == 8)
        let before = ImportFixtures.snapshot(site)
        func failure() throws -> String? {
            do { _ = try ImportFixtures.importInto(site, .todotxt, todo, prune: true) } catch let error as ImportFailure { return error.description }
            return nil
        }
        try write([])
        #expect(try failure() == "error: \(site)/todos.json: --prune would remove 8 of the file's 8 todos imported from todotxt (todos 1, 2, 3, 4, 5, …), "
            + "and the export has no todos: is the export the whole list? One of a part of it (a project, a tag) or an emptied file would remove the rest. "
            + "To remove them all the same, `daybook todo rm ID…` deletes todos. Nothing was written")
        try write(Array(all[..<2]))
        #expect(try failure() == "error: \(site)/todos.json: --prune would remove 6 of the file's 8 todos imported from todotxt (todos 3, 4, 5, 6, 7, …), "
            + "and the export has 2 of them: is the export the whole list? One of a part of it (a project, a tag) or an emptied file would remove the rest. "
            + "To remove them all the same, `daybook todo rm ID…` deletes todos. Nothing was written")
        try write(["Iota"])
        #expect(try failure()?.contains("and the export has none of them: is the export the whole list?") == true)
        #expect(try failure()?.hasSuffix("deletes todos, or import the export without --prune first, then with it. Nothing was written") == true)
        #expect(ImportFixtures.snapshot(site) == before)
        // A few lines gone (done in todo.sh and archived, deleted) are pruned as ever.
        try write(Array(all[..<6]))
        let pruned = try ImportFixtures.importInto(site, .todotxt, todo, prune: true).0
        #expect(pruned.line == "Imported 6 todos: 0 new, 0 updated, 2 removed (6 unchanged)")
    }
}
