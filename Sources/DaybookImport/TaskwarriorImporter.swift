import DaybookCore
import Foundation

/// Taskwarrior's `task export`: a JSON array of tasks. Pending and waiting ones are open,
/// completed ones done (`doneAt` = `end`); deleted ones are removed from the site (when an
/// earlier import brought them) and recurring templates skipped. `wait` is the todo's `wait` (its
/// day in the site's zone); what a todo has no field for (`scheduled`, `until`, `start`, `recur`,
/// `depends`, a UDA) is kept in its `keys`.
public struct TaskwarriorImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    /// Whether `root` looks like `task export`'s output: an array whose first item has a
    /// `uuid` and a `description`.
    static func isTaskList(_ root: JSONNode) -> Bool {
        guard case .array(let nodes) = root.value, let first = nodes.first else { return false }
        return first["uuid"] != nil && first["description"] != nil
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        let file = try export.onlyFile(endingWith: ".json", writtenBy: "`task export`")
        let bytes = try export.read(file)
        // `json.array=off` (a taskrc setting) makes `task export` write one task a line, no array
        // (one task: one object on one line).
        let lines = bytes.split(separator: 0x0A).filter { !$0.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } }
        if let first = lines.first, first.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{"),
           let object = (try? JSONSerialization.jsonObject(with: Data(first))) as? [String: Any], object["entries"] == nil {
            throw .at(export.display(file), "one task a line, as `task export` writes with json.array=off; export with `task export rc.json.array=on`")
        }
        var document = try ExportDocument(file: export.display(file), bytes: bytes)
        // A journal's export given for a todo list's: which command reads it.
        if document.root["entries"] != nil {
            if DayOneImporter.isDayOneExport(document.root) {
                throw .at(document.file, "is Day One's export, not Taskwarrior's: `daybook import dayone` reads it (its zip or folder, for the photos)")
            }
            throw .at(document.file, "is jrnl's export, not Taskwarrior's: `daybook import jrnl` reads it")
        }
        var batch = ImportBatch()
        // The time of day in the site's zone of each due and wait: a day Taskwarrior writes is its
        // midnight where it runs.
        var dayTimes: [Int] = []
        for node in document.elements(document.root, "`task export`'s output") ?? [] {
            guard document.members(node, "a task") != nil else { continue }
            let before = document.errors.count
            let uuid = document.string(node, "uuid")
            if uuid == nil { document.fail(node, "task is missing \"uuid\"") }
            let status = document.string(node, "status") ?? "pending"
            let detail = document.string(node, "description") ?? ""
            // A description that is not a string has its own error already.
            let reported: Bool
            switch node["description"]?.value.value {
            case .none, .string, .null: reported = false
            default: reported = true
            }
            if detail.trimmingCharacters(in: .whitespaces).isEmpty, !reported {
                document.fail(node, "task has no \"description\"")
            }
            func instant(_ key: String) -> Int64? {
                guard let text = document.string(node, key) else { return nil }
                if let value = ImportDate.compactUTC(text) { return value }
                document.fail(node[key]!.value, "\"\(key)\" must be a date like 20240229T230000Z, found \"\(text)\"")
                return nil
            }
            let due = instant("due"), end = instant("end"), entry = instant("entry"), wait = instant("wait"), modified = instant("modified")
            var tags = document.strings(node, "tags")
            if let project = document.string(node, "project"), !project.isEmpty, !tags.contains(project) { tags.insert(project, at: 0) }
            let priority = document.string(node, "priority")
            var annotations: [String] = []
            for note in document.objects(node, "annotations") {
                if let text = document.string(note, "description") { annotations.append(text) }
            }
            if !["pending", "waiting", "completed", "deleted", "recurring"].contains(status), let member = node["status"] {
                document.fail(member.value, "unknown \"status\" \"\(status)\" (expected pending, waiting, completed, deleted or recurring)")
            }
            var keys: [JSONMember] = []
            guard case .object(let members) = node.value else { continue }
            for member in members where !Self.readKeys.contains(member.key) {
                switch member.value.value {
                case .string(let text):
                    // Taskwarrior's dates (`20241201T090000Z`) as ISO 8601, as `created` and `doneAt` are.
                    let value = ImportDate.compactUTC(text).map(ImportDate.utcText) ?? text
                    keys.append(JSONMember(key: member.key, value: JSONNode(value: .string(value))))
                case .number, .bool, .array:
                    keys.append(member)
                default:
                    continue
                }
            }
            guard document.errors.count == before, let uuid, status != "recurring" else { continue }
            if status == "deleted" {
                batch.removedSources.insert("taskwarrior:" + uuid)
                continue
            }
            var item = ImportedItem(source: "taskwarrior:" + uuid, title: detail)
            item.changedAt = modified
            item.set("detail", .string(detail))
            item.set("isDone", .bool(status == "completed"))
            if status == "completed", let end { item.set("doneAt", .string(ImportDate.utcText(end))) }
            if let due { item.set("due", .string(ImportDate.day(due, in: context.timeZone).description)) }
            if let wait { item.set("wait", .string(ImportDate.day(wait, in: context.timeZone).description)) }
            for instant in [due, wait].compactMap({ $0 }) {
                let local = instant + Int64(context.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
                dayTimes.append(Int(((local % 86_400) + 86_400) % 86_400))
            }
            item.set("tags", strings: tags)
            item.set("priority", priority)
            if let entry { item.set("created", .string(ImportDate.utcText(entry))) }
            item.set("annotations", strings: annotations)
            if !keys.isEmpty { item.set("keys", .object(keys)) }
            batch.items.append(item)
        }
        try document.check()
        if let warning = Self.zoneWarning(dayTimes, file: document.file, zone: context.timeZone) { batch.warnings.append(warning) }
        return batch
    }

    /// When most due and wait days of the export are at one time of the afternoon or evening in
    /// the site's zone, Taskwarrior ran in a zone that far ahead of it (a day is its midnight), and
    /// each such day would land a day early (found by a todo audit: a Tokyo user's `due:2026-12-05`
    /// was Dec 4 on a site in UTC). A time given with a due (`due:…T17:00`) is one of the others.
    ///
    /// When they are at one time of the morning instead, Taskwarrior ran in a zone behind the site's:
    /// a day alone lands on its day, but a due late in Taskwarrior's day (`due:eom`, 23:59:59; a task
    /// due at 23:30) is on the next day in the site's zone (found by a todo.txt user's audit: a Tokyo
    /// site showed Berlin's `due:eom` of Dec 31 as Jan 1, without a word).
    static func zoneWarning(_ times: [Int], file: String, zone: TimeZone) -> ImportWarning? {
        var counts: [Int: Int] = [:]
        for time in times { counts[time, default: 0] += 1 }
        guard let (time, count) = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
              time > 0, count * 2 > times.count else { return nil }
        // Ahead of the site's zone (UTC+14:00 at most), else behind it (UTC-12:00 at least).
        if time < 12 * 3600 || zone.secondsFromGMT() + 86_400 - time > 14 * 3600 {
            let offset = zone.secondsFromGMT() - time
            let late = times.filter { $0 < time }.count
            guard offset >= -12 * 3600, late > 0 else { return nil }
            let utc = (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) / 60 % 60)
            return ImportWarning("\(file): \(late == 1 ? "1 due or wait day is" : "\(late) due and wait days are") a day late in the site's zone "
                + "(\(zone.identifier)): Taskwarrior runs where midnight is "
                + String(format: "%02d:%02d", time / 3600, time / 60 % 60) + " here (UTC\(utc)), and a task due late in its day (due:eom, "
                + "23:30) is on the next day here; set \"timeZone\" in daybook.json to the zone Taskwarrior runs in and import again")
        }
        let offset = zone.secondsFromGMT() + 86_400 - time
        let utc = (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) / 60 % 60)
        let which = count == times.count ? (count == 1 ? "its due or wait day is" : "its \(count) due and wait days are")
            : "\(count) of its \(times.count) due and wait days are"
        return ImportWarning("\(file): \(which) at "
            + String(format: "%02d:%02d", time / 3600, time / 60 % 60) + " in the site's zone (\(zone.identifier)), not at midnight: Taskwarrior "
            + "writes a day as the midnight where it runs (here UTC\(utc)), so \(count == 1 ? "it is" : "each is") a day "
            + "early; set \"timeZone\" in daybook.json to the zone Taskwarrior runs in and import again")
    }

    /// The keys read into a todo's own fields, and those that change without the task changing
    /// (`id` is its place in the list, `urgency` is computed, `modified` is any edit).
    static let readKeys: Set<String> = ["uuid", "status", "description", "due", "wait", "end", "entry", "tags", "project", "priority",
                                        "annotations", "id", "urgency", "modified"]
}
