import DaybookCore
import Foundation

/// Writes an ``ImportBatch`` into a site: entries into `diary/<format>.json`, todos into
/// `todos.json`, files into the site's folders.
///
/// Items are matched to those already in the file by their `source`: a match is updated in place
/// (its `id` and every key the importer does not own are kept, as is its place in the file), a
/// new item is appended (an entry with the id `yyyy-MM-dd-title`, unique in the site; a todo with
/// the last id + 1), and with `prune` an item of this format's sources that the batch lacks is
/// removed. Items without a `source`, or from another one, are never touched. A file whose bytes
/// would not change is not written, so the same export imported again changes no byte.
///
/// Everything runs under the lock `daybook todo` takes (`.todos.json.lock`); every file is written
/// to a temp file, fsynced and renamed into place. Bad data in the site's files is a located
/// error, and then nothing is written.
public struct SiteImporter: Sendable {
    public let site: String
    public let format: ImportFormat
    public var prune = false
    public var dryRun = false
    /// The name the entries are kept under (`--into work`: `diary/work.json`) instead of the
    /// format's, so that two journals of one tool (jrnl's `default` and `work`, two vaults) each
    /// have a file of their own and prune only their own entries. Nil for todos.
    public var fileName: String?
    /// Looked at before each file is copied (Ctrl-C).
    public var interruption: Interruption?
    /// Why a build could not read the photo at a path (cut short, not an image), nil when it can:
    /// each photo copied is checked, and one it cannot read is warned about. The site build's
    /// check (`PhotoProbe`), given by the command; nil checks none.
    public var photoProblem: (@Sendable (String) -> String?)?
    /// Whether an entry edited in the site since the last import (``ImportRecord``) takes the
    /// export's keys all the same; by default the site's edit is kept and named.
    public var replaceEdits = false
    /// Called once, before the import waits, when another process holds the site's lock.
    public var whenLockHeld: (@Sendable () -> Void)?
    /// The lock's file (`.todos.json.lock`), for a message about the wait.
    public var lockFile: String { SiteFiles.lockPath(site: site) }

    public init(site: String, format: ImportFormat) {
        self.site = site
        self.format = format
    }

    private var loader: SiteLoader { SiteLoader(root: site) }

    public func write(_ batch: ImportBatch) throws(ImportFailure) -> ImportSummary {
        if let problem = SiteFolder.problem(site) { throw .missingInput("\(site): \(problem)") }
        // A dry run writes nothing, not even the lock's file: it reads what is there, each file whole.
        let lock = dryRun ? nil : try SiteFiles.lock(site: site, whenHeld: whenLockHeld)
        defer { if let lock { SiteFiles.unlock(lock) } }
        var summary = ImportSummary(format: format)
        summary.dryRun = dryRun
        summary.missingLinks = batch.missingLinks
        summary.notImported = batch.notImported

        let relative = fileName.map { "diary/\($0).json" } ?? format.siteFile
        let file = loader.displayPath(relative)
        let old = try SiteFiles.contents(of: file)
        var items: [JSONNode] = []
        if let old {
            if format.importsTodos {
                var errors: [SiteError] = []
                _ = TodoFile.decode(old, file: file, errors: &errors)
                if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
            }
            let document = try ExportDocument(file: file, bytes: old)
            switch document.root.value {
            case .array(let nodes): items = nodes
            default: throw .at(file, "expected an array of \(format.importsTodos ? "todos" : "entries"), found \(document.root.typeName)")
            }
        }
        // Read once: their ids, aliases and sources here, their photos for --prune below.
        let otherFiles = format.importsTodos ? [] : try otherDiaryFiles(except: relative)
        let others = Self.otherEntries(otherFiles)
        let recordFile = loader.displayPath(ImportRecord.path(for: relative))
        let oldRecord = try SiteFiles.contents(of: recordFile)
        let record = oldRecord.map { ImportRecord(bytes: $0) } ?? ImportRecord()
        var fresh = batch.items
        // An entry moved by hand into diary.json (to keep its edits from the next import) stays
        // there as it is: imported again here, the site would have it twice. (Another file of
        // diary/ may be a journal imported --into it, which can share an entry with this one.)
        let moved = fresh.filter { others.sources[$0.source] == "diary.json" }
        if !moved.isEmpty {
            let one = moved.count == 1
            summary.warnings.append(ImportWarning("\(moved.count) \(one ? "entry" : "entries") of the export \(one ? "is" : "are") in diary.json "
                + "(moved there): left as \(one ? "it is" : "they are") there, not imported again into \(relative)"))
            let movedSources = Set(moved.map(\.source))
            fresh.removeAll { movedSources.contains($0.source) }
            summary.unchanged += moved.count
            summary.unchangedSources.formUnion(movedSources)
        }
        // The same export imported into another file too (`--into` named it another day): each of
        // its entries would be twice in the site, two pages a day (found by a jrnl user's audit). Said;
        // a journal imported --into a file may share an entry with another file's.
        let elsewhere = Dictionary(grouping: fresh.compactMap { others.sources[$0.source] }.filter { $0 != "diary.json" }) { $0 }
        for (other, found) in elsewhere.sorted(by: { $0.key < $1.key }) where found.count * 2 > fresh.count {
            let into = other == format.siteFile ? "without --into" : "with --into \(Self.intoName(other))"
            summary.warnings.append(ImportWarning("\(loader.displayPath(other)) has \(found.count) of the export's \(fresh.count) entries already, imported there "
                + "before; \(dryRun ? "imported" : "now") into \(relative) too, each \(dryRun ? "would have" : "has") two pages: if that file holds this journal, "
                + (dryRun ? "" : "delete \(relative) and ") + "import \(into)"))
        }
        if fresh.contains(where: { $0["aliases"] != nil }) {
            // An address another entry of the site has already stays that entry's: those of the
            // other diary files, and of this file's entries that the import neither makes nor prunes.
            var taken = others.aliases
            let sources = Set(fresh.map(\.source))
            for item in items where !isPruned(item, keeping: sources, scope: batch, record: record) {
                if case .string(let source)? = item["source"]?.value.value, sources.contains(source) { continue }
                for alias in Self.aliasFiles(of: item["aliases"]?.value.value) where taken[alias] == nil { taken[alias] = relative }
            }
            for k in fresh.indices { summary.warnings += Self.leavingOut(taken, from: &fresh[k]) }
        }
        let kept = items.filter { item in
            guard case .string(let source)? = item["source"]?.value.value else { return true }
            return !batch.removedSources.contains(source)
        }
        summary.removed += items.count - kept.count
        fresh = SourceTwins.aligned(fresh, with: kept)
        var newRecord = record
        var merged = try merge(fresh, into: kept, file: loader.displayPath(relative), fileExisted: old != nil, takenIDs: others.ids, scope: batch,
                               record: &newRecord, summary: &summary)
        if format.importsTodos { merged = numberTodos(merged) }
        let bytes = JSONWriter.write(.array(merged))
        let filesGone = prune ? unusedFiles(before: items, after: merged, others: otherFiles.flatMap(\.nodes)) : []
        if !filesGone.isEmpty {
            let named = Self.firstFive(filesGone, loader.displayPath)
            summary.notes.append("\(dryRun ? "would remove" : "removed") \(filesGone.count) \(filesGone.count == 1 ? "file" : "files") "
                + "that only the entries removed used (--prune): \(named)")
        }

        // Files first, so the entries never point at a file not yet there.
        // A file linked from two entries is listed twice: copied (and counted, in a dry run too) once.
        // Stopped (Ctrl-C) or failed before the entries are written, the files it made are removed.
        var copied: Set<String> = [], made: [String] = []
        var fileDigests: [String: String] = [:]
        do throws(ImportFailure) {
            for copy in batch.files where copied.insert(copy.to).inserted {
                if interruption?.isRequested == true { throw .interrupted }
                let target = loader.displayPath(copy.to)
                let existed = FileManager.default.fileExists(atPath: target)
                guard let exportBytes = FileManager.default.contents(atPath: copy.from) else { throw .io("cannot read \(copy.from)") }
                let siteBytes = existed ? FileManager.default.contents(atPath: target) : nil
                let exportDigest = ImportRecord.digest(bytes: exportBytes)
                fileDigests[copy.to] = exportDigest
                // A file changed in the site since the import copied it (found by a Day One user's audit: a
                // video's GPS removed with exiftool was put back by the next import) is kept, as an edited
                // entry is; said when the export's file changed too.
                if let siteBytes, siteBytes != exportBytes, !replaceEdits, let last = record.files[copy.to],
                   ImportRecord.digest(bytes: siteBytes) != last {
                    if exportDigest != last {
                        summary.warnings.append(ImportWarning("\(target): changed in the site since the last import, and in the export: "
                            + "the site's is kept; --replace-edits takes the export's"))
                    }
                    continue
                }
                if try SiteFiles.place(exportBytes, at: target, replacing: siteBytes, dryRun: dryRun) {
                    summary.filesCopied += 1
                    if !ImportSummary.isPhoto(copy.to) { summary.otherFilesCopied += 1 }
                    // Checked as `daybook add` checks a photo, now rather than by the next build, which
                    // stops at it (found by an import audit). Only a file copied: a re-import checks none again.
                    else if let problem = photoProblem?(copy.from) {
                        summary.warnings.append(ImportWarning("\(target) \(problem): a build stops at it; replace it in the export "
                            + "and import again, or take the image out of its entry" + Self.naming(entryOf: copy.to, in: batch.items)))
                    }
                    if !existed, !dryRun { made.append(target) }
                }
            }
            if bytes != old, !(old == nil && merged.isEmpty) {
                summary.filesWritten.append(relative)
                if !dryRun {
                    if !format.importsTodos { try SiteFiles.makeFolder(loader.displayPath("diary")) }
                    try SiteFiles.replace(file, with: bytes, site: site)
                }
            }
            // After the entries: a record older than them takes an entry for edited in the site, which
            // keeps it and says so; a record newer than them would keep an entry the import never wrote.
            var sources: Set<String> = []
            for node in merged { if case .string(let source)? = node["source"]?.value.value { sources.insert(source) } }
            sources.formUnion(summary.deletedInSite)
            var keptRecord = newRecord.keeping(sources)
            keptRecord.files = fileDigests
            let recordBytes = keptRecord.bytes(for: relative)
            if recordBytes != oldRecord, !(oldRecord == nil && sources.isEmpty), !dryRun {
                try SiteFiles.replace(recordFile, with: recordBytes, site: site)
            }
            // After the entries, which no longer name them.
            for path in filesGone where !dryRun {
                if let problem = SiteFiles.remove(loader.displayPath(path), keeping: site) {
                    summary.warnings.append(ImportWarning("\(loader.displayPath(path)): cannot remove it (\(problem)); nothing in the site uses it"))
                }
            }
            summary.filesRemoved = filesGone
        } catch {
            for path in made { unlink(path) }
            throw error
        }
        return summary
    }

    /// Merges the batch into the file's items (see the type's notes).
    private func merge(_ batch: [ImportedItem], into items: [JSONNode], file: String, fileExisted: Bool, takenIDs: Set<String>, scope: ImportBatch,
                       record: inout ImportRecord, summary: inout ImportSummary) throws(ImportFailure) -> [JSONNode] {
        let owned = format.ownedKeys
        var result = items
        var bySource: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if case .string(let source)? = item["source"]?.value.value, bySource[source] == nil { bySource[source] = index }
        }
        // An entry the prune removes gives its id up: a note moved in its vault keeps its page.
        let sources = Set(batch.map(\.source))
        // The item in the file: by its source, else by the one an earlier version wrote for it,
        // unless that is another item's source now.
        // A note moved or renamed in its vault, or an entry whose source changed otherwise but whose
        // id would not: a new item whose id is that of an entry the export no longer has is that entry,
        // updated in place, so its page stays (found by an import audit: a note moved, imported
        // without --prune, was added again as `-2`, and --prune then removed the first page).
        // Each new item's id is the one it would get, in the batch's order, beside the ids kept
        // (two notes of one day and title moved together are `…-meeting` and `…-meeting-2` again).
        var moved: [String: Int] = [:]
        var movedIDs: Set<String> = []
        if !format.importsTodos {
            var goneByID: [String: Int] = [:]
            var claimed = takenIDs
            for (index, node) in items.enumerated() {
                guard let id = Self.idText(node) ?? Self.defaultID(node) else { continue }
                if !isGone(node, keeping: sources, scope: scope) {
                    claimed.insert(Slug.id(id))
                } else if Self.idText(node) != nil, goneByID[Slug.id(id)] == nil {
                    goneByID[Slug.id(id)] = index
                }
            }
            for item in batch where !goneByID.isEmpty && bySource[item.source] == nil
                && (item.formerSource.map { sources.contains($0) || bySource[$0] == nil } ?? true) {
                let id = Slug.id(Self.freshID(for: item, taken: &claimed))
                if let index = goneByID.removeValue(forKey: id) {
                    moved[item.source] = index
                    movedIDs.insert(id)
                }
            }
        }
        func index(of item: ImportedItem) -> Int? {
            if let index = bySource[item.source] { return index }
            if let index = moved[item.source] { return index }
            guard let former = item.formerSource, !sources.contains(former) else { return nil }
            return bySource[former]
        }
        var taken = takenIDs.union(movedIDs)
        for item in items where !isPruned(item, keeping: sources, scope: scope, record: record) {
            if let id = Self.idText(item) ?? Self.defaultID(item) { taken.insert(Slug.id(id)) }
        }
        // Every item's id first (kept, or new), so that links between items can name them.
        var ids: [String: String] = [:]
        for item in batch where ids[item.source] == nil {
            if let index = index(of: item) {
                if let id = Self.idText(result[index]) { ids[item.source] = id }
            } else if !format.importsTodos {
                ids[item.source] = Self.freshID(for: item, taken: &taken)
            }
        }
        var seen: Set<String> = []
        var appended: [JSONNode] = []
        var keptDone = 0
        var reopened: [String] = []
        // How many of the export's items are ones the file has (for --prune's guard).
        var matched = 0
        var editsKept: [(id: String, exportChanged: Bool)] = []
        var deletedInSite: [ImportedItem] = []
        var keptOpen: [String] = []
        /// Todos edited in the site whose tick or undo in the tool was taken all the same.
        var doneStateTaken: [(id: String, done: Bool)] = []
        let tracked = format.editTrackedKeys
        for var item in batch where seen.insert(item.source).inserted {
            item.resolveLinks(ids)
            if let index = index(of: item) {
                matched += 1
                let before = result[index]
                var fresh = item.object
                // A note dated by its file keeps the site's date (found by a notes user's audit: opening
                // or syncing an undated note moved its entry to that day, without a word).
                if item.datedByFileTime, let kept = before["date"]?.value, let at = fresh.firstIndex(where: { $0.key == "date" }) {
                    fresh[at].value = kept
                }
                // By the source it had: a note moved in its vault, or a line an earlier version read, is
                // matched by another (found by a review: its edits in the site were overwritten).
                var beforeSource = item.source
                if case .string(let source)? = before["source"]?.value.value { beforeSource = source }
                let exportDone: Bool? = format.importsTodos ? fresh.contains { $0.key == "isDone" && $0.value.value == .bool(true) } : nil
                let keptTick = format.importsTodos && Self.keepDone(before, in: &fresh, changedAt: item.changedAt)
                // A todo the export had done at the last import too, opened again in the site since
                // (`daybook todo undo`), stays open (found by a todo.txt user's audit: the next import
                // ticked it again without a word).
                if exportDone == true, !replaceEdits, (record[beforeSource] ?? record[item.source])?.done == true,
                   before["isDone"]?.value.value != .bool(true), before["doneAt"] == nil {
                    fresh = fresh.filter { $0.key != "doneAt" }.map { $0.key == "isDone" ? JSONMember(key: "isDone", value: JSONNode(value: .bool(false))) : $0 }
                    keptOpen.append(Self.idText(before) ?? item.source)
                }
                let updated = Self.update(before, with: fresh, owned: owned.subtracting(format.keptWhenMissing))
                let given = ImportRecord.Given(of: format.keptWhenMissing, written: updated, fresh: fresh)
                if let last = record[beforeSource] ?? record[item.source], !replaceEdits {
                    let site = ImportRecord.digest(before, keys: tracked)
                    // Edited in the site since the last import (found by a daily-use audit: a re-import
                    // overwrote a body corrected in the site, without a word): kept. So is a place or
                    // weather the export gave and the site corrected (a review: it was set again).
                    // And a place added in the site where the export had none, which the export now gives too.
                    let added = record.tracksGiven && Self.addedInSite(before, differsFrom: fresh, keys: format.keptWhenMissing, given: last.given)
                    if (site != last.site && site != ImportRecord.digest(updated, keys: tracked))
                        || last.given?.isEdited(before, updated: updated) == true || added {
                        let exportDigest = ImportRecord.digest(fresh, keys: tracked)
                        var lastGiven = last.given
                        var exportChanged = exportDigest != last.export || added
                        if let kept = lastGiven {
                            let now = ImportRecord.digest(fresh, keys: Set(kept.keys))
                            exportChanged = exportChanged || now != kept.export || given?.keys != kept.keys
                            lastGiven?.export = now
                        }
                        if added, let now = given {
                            // The export's keys from now on, none of them written by the import ("-" matches no
                            // digest): the site's values are its edit, told once.
                            lastGiven = ImportRecord.Given(keys: now.keys, site: "-", export: now.export)
                        }
                        let id = Self.idText(before) ?? Self.defaultID(before) ?? item.source
                        editsKept.append((id, exportChanged))
                        var kept = before
                        if beforeSource != item.source {
                            // Moved in its vault: the site's entry as it is, known by its new source from now on.
                            kept = Self.update(kept, with: fresh.filter { $0.key == "source" }, owned: ["source"])
                        }
                        if format.importsTodos {
                            // A tick (or an undo) in the tool is no edit of the words: it comes as it comes to a
                            // todo not edited, the site's words kept (found by a todo.txt user's audit: a todo whose
                            // words were edited in the site stayed open, overdue, after it was done in todo.sh).
                            let state = Self.update(kept, with: fresh.filter { $0.key == "isDone" || $0.key == "doneAt" }, owned: ["isDone", "doneAt"])
                            if JSONWriter.write(state) != JSONWriter.write(kept) {
                                kept = state
                                if keptTick {
                                    keptDone += 1
                                } else {
                                    doneStateTaken.append((id, state["isDone"]?.value.value == .bool(true)))
                                }
                            }
                        }
                        result[index] = kept
                        if JSONWriter.write(kept) == JSONWriter.write(before) {
                            summary.unchanged += 1
                            summary.unchangedSources.insert(item.source)
                        } else {
                            summary.updated += 1
                        }
                        // The export's version is said once: the next import of the same export notes the edit, not
                        // warns of it again (found by a review: every import warned again, as after an upgrade that
                        // changed what an importer writes).
                        record[item.source] = .init(site: last.site, export: exportDigest, given: lastGiven, done: exportDone)
                        continue
                    }
                }
                if keptTick {
                    keptDone += 1
                } else if format.importsTodos, case .bool(true)? = before["isDone"]?.value.value,
                          fresh.contains(where: { $0.key == "isDone" && $0.value.value == .bool(false) }) {
                    reopened.append(Self.idText(before) ?? item.source)
                }
                result[index] = updated
                record[item.source] = .init(site: ImportRecord.digest(updated, keys: tracked), export: ImportRecord.digest(fresh, keys: tracked),
                                            given: given, done: exportDone)
                if JSONWriter.write(result[index]) == JSONWriter.write(before) {
                    summary.unchanged += 1
                    summary.unchangedSources.insert(item.source)
                } else {
                    summary.updated += 1
                }
            } else if fileExisted, !replaceEdits, record[item.source] != nil || item.formerSource.map({ record[$0] != nil }) == true {
                // Imported before and deleted in the site since (`daybook todo rm`, an entry taken out of
                // the file): not added again (found by a todo.txt user's audit: a todo removed came back with
                // the next import). Its record stays, so that the next import knows it too.
                deletedInSite.append(item)
                summary.unchanged += 1
                summary.unchangedSources.insert(item.source)
                summary.deletedInSite.insert(item.source)
            } else {
                var members = item.object
                let digest = ImportRecord.digest(members, keys: tracked)
                record[item.source] = .init(site: digest, export: digest,
                                            given: ImportRecord.Given(of: format.keptWhenMissing, written: JSONNode(value: .object(members)), fresh: members),
                                            done: format.importsTodos ? item["isDone"] == .bool(true) : nil)
                if let id = ids[item.source] {
                    members.insert(JSONMember(key: "id", value: JSONNode(value: .string(id))), at: 0)
                }
                appended.append(JSONNode(value: .object(members)))
                summary.added += 1
            }
        }
        summary.warnings += editsNote(editsKept.filter(\.exportChanged).map(\.id), exportChanged: true).map { ImportWarning(file + ": " + $0) }
        if !keptOpen.isEmpty {
            let one = keptOpen.count == 1
            summary.notes.append(file + ": " + (one ? "todo " : "todos ") + Self.firstFive(keptOpen)
                + ", done in the export, \(one ? "was" : "were") opened again in the site since the last import: left open "
                + "(`daybook todo done ID` ticks \(one ? "it" : "them"); --replace-edits takes the export's)")
        }
        if !deletedInSite.isEmpty {
            let one = deletedInSite.count == 1
            let named = Self.firstFive(deletedInSite) { item -> String in
                let words: String
                if format.importsTodos, case .string(let detail)? = item["detail"] { words = detail } else { words = item.title }
                return "\"\(words)\"" + (format.importsTodos ? "" : item.day.map { " (\($0))" } ?? "")
            }
            let noun = format.importsTodos ? (one ? "todo" : "todos") : (one ? "entry" : "entries")
            summary.notes.append(file + ": \(deletedInSite.count) \(noun) of the export deleted in the site since the last import (\(named)) "
                + "\(one ? "is" : "are") not added again; --replace-edits adds \(one ? "it" : "them") back")
        }
        // One whose tick was taken is named by the note below instead: it was not left as it was.
        let tickTaken = Set(doneStateTaken.map(\.id))
        summary.notes += editsNote(editsKept.filter { !$0.exportChanged && !tickTaken.contains($0.id) }.map(\.id), exportChanged: false).map { file + ": " + $0 }
        for done in [true, false] {
            let ids = doneStateTaken.filter { $0.done == done }.map(\.id)
            guard !ids.isEmpty else { continue }
            let one = ids.count == 1
            summary.notes.append(file + ": " + (one ? "todo " : "todos ") + Self.firstFive(ids)
                + " \(one ? "is" : "are") \(done ? "done" : "open again") in the export: \(done ? "done" : "open") here too, with the words edited in the site")
        }
        // A line an earlier version imported, and a re-import then added again under today's
        // source (before it found the earlier one): both are in the file. The older copy goes
        // when it is the newer one but for its id and source; one changed in the site since (done,
        // an annotation) is named for the user to choose.
        var copies: [(index: Int, older: String, newer: String)] = []
        var twice: [(older: String, newer: String)] = []
        for item in batch {
            guard !prune, let former = item.formerSource, !sources.contains(former), let newer = bySource[item.source],
                  let older = bySource[former], older != newer,
                  let olderID = Self.idText(items[older]), let newerID = Self.idText(items[newer]) else { continue }
            var fresh = item.object
            if format.importsTodos { _ = Self.keepDone(items[older], in: &fresh, changedAt: item.changedAt) }
            let olderUpdated = Self.update(items[older], with: fresh, owned: owned.subtracting(format.keptWhenMissing))
            if Self.members(olderUpdated) == Self.members(result[newer]) {
                copies.append((older, olderID, newerID))
            } else {
                twice.append((olderID, newerID))
            }
        }
        if !copies.isEmpty {
            let gone = Set(copies.map(\.index))
            result = result.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
            summary.removed += copies.count
            summary.notes.append(copies.count == 1
                ? "todo \(copies[0].older) was a copy of todo \(copies[0].newer) (one line of the export, with a tab, imported twice by an earlier daybook): removed"
                : "todos \(copies.map(\.older).joined(separator: ", ")) were copies of todos \(copies.map(\.newer).joined(separator: ", ")) "
                    + "(lines of the export, with tabs, imported twice by an earlier daybook): removed")
        }
        if let first = twice.first {
            summary.notes.append(twice.count == 1
                ? "todos \(first.older) and \(first.newer) are one line of the export (with a tab), imported twice by an earlier daybook; "
                    + "`daybook todo rm \(first.older)` removes the older copy (--prune does too)"
                : "\(twice.count) lines of the export (with tabs) were imported twice by an earlier daybook: todos "
                    + twice.map { "\($0.older) and \($0.newer)" }.joined(separator: ", ") + "; `daybook todo rm ID` removes the older copy of each (--prune does too)")
        }
        // Said as a tick kept is (found by a todo audit: a Taskwarrior task annotated after its tick
        // in the site came back open without a word).
        if !reopened.isEmpty {
            let one = reopened.count == 1
            let why = format == .taskwarrior ? ": Taskwarrior changed \(one ? "it" : "them") after \(one ? "it was" : "they were") ticked" : ""
            summary.notes.append("\(one ? "todo" : "todos") \(Self.firstFive(reopened)), "
                + "done in the site, \(one ? "is" : "are") open again as the export has \(one ? "it" : "them")\(why) (`daybook todo done ID` ticks one again)")
        }
        if keptDone > 0 {
            let one = keptDone == 1
            summary.notes.append("\(keptDone) \(one ? "todo" : "todos") done in the site but open in the export \(one ? "was" : "were") left done "
                + "(`daybook todo undo ID` opens one again)")
        }
        let lastWritten = record
        func editedInSite(_ node: JSONNode) -> Bool { isEdited(node, record: lastWritten) }
        if prune {
            let kept = result.filter { isGone($0, keeping: seen, scope: scope) && editedInSite($0) }
            let pruned = result.filter { isPruned($0, keeping: seen, scope: scope, record: record) }
            if let refusal = pruneRefusal(removing: pruned, of: items.filter { isOwn($0, scope: scope) }.count, matched: matched, exportCount: seen.count) {
                throw .at(file, refusal)
            }
            result.removeAll { isPruned($0, keeping: seen, scope: scope, record: record) }
            summary.removed += pruned.count
            // Named, as without --prune (found by a todo audit: a dry run said only how many would go).
            if !pruned.isEmpty { summary.notes.append(prunedNote(pruned)) }
            if !kept.isEmpty { summary.warnings.append(ImportWarning(file + ": " + keptEditsNote(kept, record: lastWritten))) }
        } else {
            // What `--prune` would remove (a todo.txt line or jrnl title edited since the last
            // import is a new item, beside the old one), unless the note above names it already.
            let former = Set(batch.compactMap(\.formerSource))
            let stale = result.filter { node in
                guard isGone(node, keeping: seen, scope: scope) else { return false }
                if case .string(let source)? = node["source"]?.value.value { return !former.contains(source) }
                return true
            }
            let edited = stale.filter(editedInSite)
            if !edited.isEmpty { summary.notes.append(file + ": " + keptEditsNote(edited, record: lastWritten)) }
            let plain = stale.filter { !editedInSite($0) }
            if !plain.isEmpty { summary.notes.append(staleNote(plain)) }
        }
        return result + appended
    }

    /// An item's keys but `id` and `source`, each with its value as written, in any order.
    private static func members(_ node: JSONNode) -> [String: [UInt8]] {
        guard case .object(let members) = node.value else { return [:] }
        var found: [String: [UInt8]] = [:]
        for member in members where member.key != "id" && member.key != "source" {
            found[member.key] = JSONWriter.write(member.value)
        }
        return found
    }

    /// ` (vault/walk.md)` or ` ("Walk", 2024-01-02)`: the first item whose values name the site's
    /// file `path`, as its export knows it (found by an import audit: the warning named only the
    /// copy); "" for none.
    static func naming(entryOf path: String, in items: [ImportedItem]) -> String {
        func names(_ value: JSONValue) -> Bool {
            switch value {
            case .string(let text): text.contains(path)
            case .array(let nodes): nodes.contains { names($0.value) }
            case .object(let members): members.contains { names($0.value.value) }
            default: false
            }
        }
        guard let item = items.first(where: { item in item.members.contains { names($0.value.value) } }) else { return "" }
        if let file = item.file { return " (\(file))" }
        return " (\"\(item.title)\"\(item.day.map { ", \($0)" } ?? ""))"
    }

    /// The entries edited in the site since the last import, kept as they are: a warning for those the
    /// export has changed since too, a note for the others. None for no ids.
    private func editsNote(_ ids: [String], exportChanged: Bool) -> [String] {
        guard !ids.isEmpty else { return [] }
        let one = ids.count == 1
        let named = Self.firstFive(ids)
        let noun = format.importsTodos ? (one ? "todo" : "\(ids.count) todos") : (one ? "entry" : "\(ids.count) entries")
        let subject = "\(noun) \(named) (\(one ? "edited" : "each edited") in the site since the last import"
        if exportChanged {
            return [subject + ", and changed in the export): the site's \(one ? "is" : "are") kept; --replace-edits takes the export's"
                + (format.importsTodos ? "" : " (or move \(one ? "it" : "them") into diary.json to keep \(one ? "it" : "them") apart from the import)")]
        }
        return [subject + ", not in the export): left as \(one ? "it is" : "they are")"]
    }

    /// `removed 2 todos the export no longer has: 2 (B two), 3 (C three)` (`would remove` in a dry run).
    private func prunedNote(_ pruned: [JSONNode]) -> String {
        let one = pruned.count == 1
        let noun = format.importsTodos ? (one ? "todo" : "todos") : (one ? "entry" : "entries")
        let named = Self.firstFive(pruned) { node -> String in
            let id = Self.idText(node) ?? Self.defaultID(node) ?? "without an id"
            let words: String? = switch (node["title"]?.value.value, node["detail"]?.value.value) {
            case (.string(let title)?, _): title
            case (_, .string(let detail)?): detail
            default: nil
            }
            let shown = words.map { String($0.map { $0.isWhitespace ? " " : $0 }) }
            return shown.map { "\(id) (\($0.count > 40 ? $0.prefix(40) + "…" : $0))" } ?? id
        }
        return "\(dryRun ? "would remove" : "removed") \(pruned.count) \(noun) the export no longer has (--prune): \(named)"
    }

    /// `entry a (edited in the site since the last import) is not in the export: kept, --prune too; …`;
    /// `entries a, b (edited in the site since the last import), c (mood added in the site) are …`.
    private func keptEditsNote(_ edited: [JSONNode], record: ImportRecord) -> String {
        let one = edited.count == 1
        let noun = format.importsTodos ? (one ? "todo" : "todos") : (one ? "entry" : "entries")
        // The first five, each run of one reason with the reason once, after its last.
        var groups: [(ids: [String], why: String)] = []
        for node in edited.prefix(5) {
            let id = Self.idText(node) ?? Self.defaultID(node) ?? "without an id"
            let why = siteEdit(node, record: record) ?? "edited in the site since the last import"
            if groups.last?.why == why { groups[groups.count - 1].ids.append(id) } else { groups.append(([id], why)) }
        }
        let ids = groups.map { "\($0.ids.joined(separator: ", ")) (\($0.why))" }.joined(separator: ", ") + (edited.count > 5 ? ", …" : "")
        return "\(noun) \(ids) \(one ? "is" : "are") not in the export: "
            + "kept with the site's edits, --prune or not; --prune --replace-edits removes \(one ? "it" : "them"), as does deleting \(one ? "it" : "them") from the file"
    }

    /// `2 entries imported from markdown earlier are not in the export (entries a, b); --prune removes them`.
    private func staleNote(_ stale: [JSONNode]) -> String {
        let one = stale.count == 1
        let noun = format.importsTodos ? (one ? "todo" : "todos") : (one ? "entry" : "entries")
        let ids = Self.firstFive(stale) { Self.idText($0) ?? "without an id" }
        // jrnl and todo.txt have no ids: an item is known by its text, so an edit makes a new one.
        let why = switch format {
        case .jrnl: ": an entry whose date or title was edited since is a new entry beside the old one"
        case .todotxt: ": a line edited since is a new todo beside the old one"
        default: ""
        }
        return "\(stale.count) \(noun) imported from \(format.rawValue) earlier \(one ? "is" : "are") not in the export (\(noun) \(ids))\(why); "
            + "--prune removes \(one ? "it" : "them")"
    }

    /// Whether `--prune` removes `node` (``isGone(_:keeping:scope:)``): not one edited in the site since the
    /// last import, which it keeps as a re-import keeps the edit (found by a jrnl user's audit: a title fixed
    /// in jrnl made the entry a new one, and --prune deleted the old one with the body and mood written in the site).
    private func isPruned(_ node: JSONNode, keeping sources: Set<String>, scope: ImportBatch, record: ImportRecord) -> Bool {
        prune && isGone(node, keeping: sources, scope: scope) && !isEdited(node, record: record)
    }

    /// Whether `node` has what the user wrote in the site since the last import (``siteEdit(_:record:)``).
    private func isEdited(_ node: JSONNode, record: ImportRecord) -> Bool {
        siteEdit(node, record: record) != nil
    }

    /// What the site's `node` has that the last import did not write, said for a note: `edited in the
    /// site since the last import` when its importer's keys differ from what it wrote (``ImportRecord``),
    /// `mood added in the site` for an entry's keys that no import of the format writes (a `mood`, a
    /// `draft`) or that the export did not give (a Day One `location` where it had none: ``ImportRecord/Given``),
    /// which --prune would lose for good (found by a jrnl user's audit: an entry given a mood in the
    /// site was pruned, and importing it again brought it back without). Nil for none, and always
    /// with `--replace-edits`.
    private func siteEdit(_ node: JSONNode, record: ImportRecord) -> String? {
        guard !replaceEdits, case .string(let source)? = node["source"]?.value.value else { return nil }
        let last = record[source]
        if let last, ImportRecord.digest(node, keys: format.editTrackedKeys) != last.site || last.given?.isEdited(node) == true {
            return "edited in the site since the last import"
        }
        guard !format.importsTodos, case .object(let members) = node.value else { return nil }
        let given = Set(last?.given?.keys ?? [])
        let added = members.map(\.key).filter { key in
            if key == "id" || key == "source" { return false }
            if !format.ownedKeys.contains(key) { return true }
            // A kept-when-missing key is known to be the site's only by a record that names what the export gave.
            return format.keptWhenMissing.contains(key) && last != nil && record.tracksGiven && !given.contains(key)
        }
        guard !added.isEmpty else { return nil }
        return "\(added.joined(separator: ", ")) added in the site"
    }

    /// Whether `node` is an item of this format's sources that the export read (of a journal it
    /// holds): one that --prune may remove, imported earlier.
    private func isOwn(_ node: JSONNode, scope: ImportBatch) -> Bool {
        guard case .string(let source)? = node["source"]?.value.value, source.hasPrefix(format.rawValue + ":") else { return false }
        return scope.covers(node)
    }

    /// Why `--prune` refuses to remove `pruned`, entries of a file that has `earlier` of this format's
    /// (``isOwn(_:scope:)``), when `matched` of the export's `exportCount` are the file's: nil when it
    /// goes ahead. It refuses when the export has none of the file's entries, or when it would remove
    /// more than half of them, more than 5, and fewer than half of the export's are the file's: an
    /// export of another journal without `--into` (found by a jrnl user's audit: `jrnl work --export
    /// json | daybook import jrnl - --prune` removed the default journal's 9 entries). An export that
    /// dropped a few entries, or many while having all the others, is pruned as ever; so is one
    /// imported without `--prune` first. Todos: ``todoPruneRefusal(removing:of:matched:exportCount:)``.
    private func pruneRefusal(removing pruned: [JSONNode], of earlier: Int, matched: Int, exportCount: Int) -> String? {
        guard !pruned.isEmpty else { return nil }
        if format.importsTodos { return todoPruneRefusal(removing: pruned, of: earlier, matched: matched, exportCount: exportCount) }
        let none = matched == 0
        guard none || (pruned.count > 5 && pruned.count * 2 > earlier && matched * 2 < exportCount) else { return nil }
        let one = pruned.count == 1
        let ids = Self.firstFive(pruned) { Self.idText($0) ?? Self.defaultID($0) ?? "without an id" }
        let shared = exportCount == 0 ? "the export has no entries"
            : none ? "the export has none of them (\(exportCount == 1 ? "its entry is" : "its \(exportCount) entries are") new here)"
            : "only \(matched) of the export's \(exportCount) entries \(matched == 1 ? "is" : "are") in the file"
        return "--prune would remove \(pruned.count) of the file's \(earlier) \(earlier == 1 ? "entry" : "entries") imported from \(format.rawValue) "
            + "(\(one ? "entry" : "entries") \(ids)), and \(shared): is the export another journal's? Import each journal into a file of its own "
            + "with --into NAME (--into work: diary/work.json). To replace the file's entries with the export's all the same, import it "
            + "without --prune first, then with --prune. Nothing was written"
    }

    /// Why `--prune` refuses to remove `pruned`, todos of todos.json's `earlier` of this format's: when
    /// the export has none of them (an emptied todo.txt, `task +typo export`) or it would remove more
    /// than half of them and more than 5 (an export of part of the list, `task project:Home export`).
    /// Found by a todo.txt user's audit: both removed every other imported todo, ticked ones too,
    /// without a word. Nil when it goes ahead.
    private func todoPruneRefusal(removing pruned: [JSONNode], of earlier: Int, matched: Int, exportCount: Int) -> String? {
        guard matched == 0 || (pruned.count > 5 && pruned.count * 2 > earlier) else { return nil }
        let one = pruned.count == 1
        let ids = Self.firstFive(pruned) { Self.idText($0) ?? "without an id" }
        let shared = exportCount == 0 ? "the export has no todos"
            : matched == 0 ? "the export has none of them"
            : "the export has \(matched) of them"
        return "--prune would remove \(pruned.count) of the file's \(earlier) \(earlier == 1 ? "todo" : "todos") imported from \(format.rawValue) "
            + "(\(one ? "todo" : "todos") \(ids)), and \(shared): is the export the whole list? One of a part of it (a project, a tag) "
            + "or an emptied file would remove the rest. To remove \(one ? "it" : "them") all the same, `daybook todo rm ID…` deletes todos"
            + (matched == 0 && exportCount > 0 ? ", or import the export without --prune first, then with it" : "") + ". Nothing was written"
    }

    /// Whether `node` is an item of this format's sources that is not in `sources`, the export's
    /// (of a journal the export read: one of another is not the export's to remove).
    private func isGone(_ node: JSONNode, keeping sources: Set<String>, scope: ImportBatch) -> Bool {
        guard case .string(let source)? = node["source"]?.value.value, source.hasPrefix(format.rawValue + ":") else { return false }
        guard scope.covers(node) else { return false }
        return !sources.contains(source)
    }

    /// A todo done in the site (`daybook todo done`, which gives `doneAt` its time) and open in the
    /// export: `fresh` keeps it done, with the site's `isDone` and `doneAt`, since the export was
    /// made before it was ticked (the tool has not heard of it). Not when the export says so later:
    /// it was changed in the tool after the tick (`changedAt`, Taskwarrior's `modified`: reopened
    /// there), or the site's `doneAt` is a day alone, as an earlier import wrote it from the tool's
    /// own completion (todo.txt's `x 2024-12-01`), so the tool has reopened what it had done. One
    /// the export has done is done as the export says.
    static func keepDone(_ old: JSONNode, in fresh: inout [JSONMember], changedAt: Int64? = nil) -> Bool {
        guard case .bool(true)? = old["isDone"]?.value.value,
              let index = fresh.firstIndex(where: { $0.key == "isDone" }), case .bool(false) = fresh[index].value.value else { return false }
        if case .string(let text)? = old["doneAt"]?.value.value, case .success(let doneAt) = ISODate.parse(text) {
            guard let second = doneAt.secondOfDay else { return false }
            if let changedAt, let offset = doneAt.utcOffset {
                let ticked = Int64(doneAt.day.daysSinceEpoch) * 86_400 + Int64(second - offset)
                if ticked <= changedAt { return false }
            }
        }
        fresh[index].value = JSONNode(value: .bool(true))
        if let doneAt = old["doneAt"]?.value {
            fresh.removeAll { $0.key == "doneAt" }
            fresh.insert(JSONMember(key: "doneAt", value: doneAt), at: index + 1)
        }
        return true
    }

    /// The old object with the importer's keys set from `fresh` (in their old places, new ones at
    /// the end) or removed when `fresh` lacks them; every other key stays as it was. `aliases` are
    /// added to, never taken away: the import's first, then the old ones it does not give (added by
    /// hand, or gone from the export since), so that no address that worked stops working.
    static func update(_ old: JSONNode, with fresh: [JSONMember], owned: Set<String>) -> JSONNode {
        guard case .object(let members) = old.value else { return old }
        var freshByKey: [String: JSONNode] = [:]
        for member in fresh { freshByKey[member.key] = member.value }
        var fresh = fresh
        if owned.contains("aliases"), let kept = members.first(where: { $0.key == "aliases" })?.value,
           let aliases = mergedAliases(kept, freshByKey["aliases"]) {
            if freshByKey["aliases"] == nil { fresh.append(JSONMember(key: "aliases", value: aliases)) }
            freshByKey["aliases"] = aliases
        }
        var result: [JSONMember] = []
        var placed: Set<String> = []
        for member in members {
            if let value = freshByKey[member.key] {
                if placed.insert(member.key).inserted { result.append(JSONMember(key: member.key, value: value)) }
            } else if !owned.contains(member.key) {
                result.append(member)
            }
        }
        for member in fresh where !placed.contains(member.key) { result.append(member) }
        return JSONNode(value: .object(result))
    }

    /// The import's `aliases` followed by the old ones whose page (``AliasPath/file(for:)``) it
    /// does not give; nil when the old value is not a list of them.
    static func mergedAliases(_ old: JSONNode, _ fresh: JSONNode?) -> JSONNode? {
        guard case .array(let oldNodes) = old.value else { return nil }
        var nodes: [JSONNode] = []
        if case .array(let freshNodes)? = fresh?.value { nodes = freshNodes }
        var files = Set(aliasFiles(of: .array(nodes)))
        for node in oldNodes {
            if case .string(let address) = node.value, case .success(let file) = AliasPath.file(for: address), !files.insert(file).inserted { continue }
            nodes.append(node)
        }
        return nodes.isEmpty ? nil : JSONNode(value: .array(nodes))
    }

    /// Todos appended by this import get the ids after the last one.
    private func numberTodos(_ items: [JSONNode]) -> [JSONNode] {
        var last = 0
        for item in items {
            if case .number(let text)? = item["id"]?.value.value, let id = Int(text) { last = max(last, id) }
        }
        return items.map { item in
            guard item["id"] == nil, case .object(let members) = item.value else { return item }
            last += 1
            return JSONNode(value: .object([JSONMember(key: "id", value: JSONNode(value: .number(String(last))))] + members))
        }
    }

    /// The page's name the export gave (``ImportedItem/pageName``), else `yyyy-MM-dd-title`; with
    /// `-2`, `-3`, … when the site has it already.
    static func freshID(for item: ImportedItem, taken: inout Set<String>) -> String {
        let title = Slug.make(item.title)
        let day = item.day.map { "\($0)" } ?? ""
        let named = item.pageName.map { Slug.make($0) } ?? ""
        // A title that starts with the day already (a daily note's "2024-05-07") is not given it twice.
        let base = !named.isEmpty ? named
                 : !day.isEmpty && (title == day || title.hasPrefix(day + "-")) ? title
                 : (day.isEmpty ? "" : day + "-") + (title.isEmpty ? "entry" : title)
        var id = base
        var n = 2
        while taken.contains(Slug.id(id)) {
            id = "\(base)-\(n)"
            n += 1
        }
        taken.insert(Slug.id(id))
        return id
    }

    /// The first five of `items` named, then `, …` when there are more: how the notes list items.
    static func firstFive<Item>(_ items: [Item], _ name: (Item) -> String) -> String {
        items.prefix(5).map(name).joined(separator: ", ") + (items.count > 5 ? ", …" : "")
    }

    static func firstFive(_ names: [String]) -> String { firstFive(names) { $0 } }

    /// The page name a build gives an entry without an `id` (`yyyy-MM-dd-title`, as `Diary`
    /// makes it): an entry written by hand keeps its address when an import adds one like it.
    static func defaultID(_ node: JSONNode) -> String? {
        guard case .string(let date)? = node["date"]?.value.value, case .success(let parsed) = ISODate.parse(date) else { return nil }
        var title = ""
        if case .string(let text)? = node["title"]?.value.value { title = text }
        return Slug.entry(day: parsed.day, title: title)
    }

    private static func idText(_ node: JSONNode) -> String? {
        switch node["id"]?.value.value {
        case .string(let s)?: return s
        case .number(let n)?: return n
        default: return nil
        }
    }

    /// The files (``AliasPath/file(for:)``) of an entry's `aliases`.
    static func aliasFiles(of aliases: JSONValue?) -> [String] {
        guard case .array(let nodes)? = aliases else { return [] }
        return nodes.compactMap { node in
            guard case .string(let address) = node.value, case .success(let file) = AliasPath.file(for: address) else { return nil }
            return file
        }
    }

    /// `item` without the aliases that `taken` (alias file → the data file whose entry has it) holds.
    static func leavingOut(_ taken: [String: String], from item: inout ImportedItem) -> [ImportWarning] {
        guard !taken.isEmpty, let index = item.members.firstIndex(where: { $0.key == "aliases" }),
              case .array(let nodes) = item.members[index].value.value else { return [] }
        var warnings: [ImportWarning] = []
        let kept = nodes.filter { node in
            guard case .string(let address) = node.value, case .success(let file) = AliasPath.file(for: address),
                  let owner = taken[file] else { return true }
            warnings.append(ImportWarning("\(item.file ?? item.title): alias \"\(address)\" is an entry's in \(owner) already; left out"))
            return false
        }
        if kept.isEmpty { item.members.remove(at: index) } else { item.members[index].value = JSONNode(value: .array(kept)) }
        return warnings
    }

    /// The files that the entries `--prune` removes (those of `before` whose source `after` lacks)
    /// named in the import's folders, and that nothing left in the site names (``PrunedFiles``;
    /// `others`: the entries of the site's other diary files).
    private func unusedFiles(before: [JSONNode], after: [JSONNode], others: [JSONNode]) -> [String] {
        let pruned = PrunedFiles(folders: PrunedFiles.folders(of: format, into: fileName))
        guard !pruned.folders.isEmpty else { return [] }
        func source(_ node: JSONNode) -> String? {
            if case .string(let source)? = node["source"]?.value.value { return source }
            return nil
        }
        let left = Set(after.compactMap(source))
        let gone = before.filter { source($0).map { !left.contains($0) } ?? false }
        guard !gone.isEmpty else { return [] }
        return pruned.unused(gone: gone, remaining: after + others, texts: SiteFiles.texts(in: site, of: ["pages", "todos.json"]),
                             realPath: { path in
                                 let full = loader.displayPath(path)
                                 return FileManager.default.fileExists(atPath: full) ? URL(fileURLWithPath: full).resolvingSymlinksInPath().path : nil
                             })
            .filter { FileManager.default.fileExists(atPath: loader.displayPath($0)) }
    }

    /// Whether `site` (an entry as the site has it) holds a value of `keys` that the last import did
    /// not write (not in `given`: added in the site) and that `fresh` (the export's) now gives
    /// otherwise: the export's would overwrite the user's (found by a review).
    static func addedInSite(_ site: JSONNode, differsFrom fresh: [JSONMember], keys: Set<String>, given: ImportRecord.Given?) -> Bool {
        let written = Set(given?.keys ?? [])
        for member in fresh where keys.contains(member.key) && !written.contains(member.key) {
            guard let own = site[member.key]?.value else { continue }
            if JSONWriter.write(own) != JSONWriter.write(member.value) { return true }
        }
        return false
    }

    /// The `--into` name of a diary file: `diary/personal.json` is `personal`.
    static func intoName(_ file: String) -> String {
        ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The ids (given or made), the aliases' files and the `source`s of the entries of the site's
    /// other diary files (``otherDiaryFiles(except:)``), each alias and source with the file that has it first.
    private static func otherEntries(_ files: [(name: String, nodes: [JSONNode])]) -> (ids: Set<String>, aliases: [String: String], sources: [String: String]) {
        var ids: Set<String> = [], aliases: [String: String] = [:], sources: [String: String] = [:]
        for (name, nodes) in files {
            for node in nodes {
                if let id = Self.idText(node) ?? Self.defaultID(node) { ids.insert(Slug.id(id)) }
                for alias in Self.aliasFiles(of: node["aliases"]?.value.value) where aliases[alias] == nil { aliases[alias] = name }
                if case .string(let source)? = node["source"]?.value.value, sources[source] == nil { sources[source] = name }
            }
        }
        return (ids, aliases, sources)
    }

    /// The entries of the site's diary files but `relative`, each file's by its name.
    private func otherDiaryFiles(except relative: String) throws(ImportFailure) -> [(name: String, nodes: [JSONNode])] {
        // As a build reads them (found by a review: a photo an entry of diary/2026/03.json showed was
        // pruned, that file unread): at any depth, `.json` in any case.
        let files = ["diary.json"] + loader.diaryFolderFiles()
        var found: [(name: String, nodes: [JSONNode])] = []
        for name in files where name != relative {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: loader.displayPath(name), isDirectory: &isFolder), !isFolder.boolValue else { continue }
            guard let bytes = try SiteFiles.contents(of: loader.displayPath(name)) else { continue }
            // One that does not parse is an error, as the file imported into is: read past, its ids
            // were free, and an imported entry took the address of one written by hand.
            let root = try ExportDocument(file: loader.displayPath(name), bytes: bytes).root
            switch root.value {
            case .array(let items): found.append((name, items))
            case .object: found.append((name, [root]))
            default: found.append((name, []))
            }
        }
        return found
    }
}
