import DaybookCore
import Foundation

/// What the last import wrote for each item of a diary file or of `todos.json`, kept beside it as
/// a hidden file (`diary/.dayone.imported.json`, `.todos.imported.json`), so that an item edited
/// in the site since is not overwritten by the next import of it.
///
/// For each `source`, two digests (FNV-1a, 64 bits) of the importer's keys
/// (``ImportFormat/editTrackedKeys``): as the import wrote them into the site, and as the export
/// gave them. An entry whose keys in the site no longer match the first was edited there; the
/// second tells whether the export has changed since. A file that is missing or unreadable
/// records nothing: the items are updated as before, and the record is written again.
///
/// The keys an import leaves alone where the export has none (``ImportFormat/keptWhenMissing``:
/// a Day One entry's `location`, `weather`, `timeZone`) are recorded apart, those the export
/// gave by name (``Given``): one added in the site is the user's, one the export gave and the site
/// changed is an edit like any other.
struct ImportRecord: Equatable {
    struct Digests: Equatable {
        var site: String
        var export: String
        var given: Given? = nil
        /// For a todo: whether the export had it done (nil in a record written before 2026-12-07).
        var done: Bool? = nil
    }

    /// The ``ImportFormat/keptWhenMissing`` keys the export gave an item, and their two digests.
    struct Given: Equatable {
        var keys: [String]
        var site: String
        var export: String

        /// The keys of `keys` that `fresh` (the export's item) has, with their digests in the
        /// site's item `written` and in `fresh`; nil when it has none.
        init?(of keys: Set<String>, written: JSONNode, fresh: [JSONMember]) {
            let given = Set(fresh.map(\.key)).intersection(keys)
            guard !given.isEmpty else { return nil }
            self.keys = given.sorted()
            site = ImportRecord.digest(written, keys: given)
            export = ImportRecord.digest(fresh, keys: given)
        }

        init(keys: [String], site: String, export: String) {
            self.keys = keys
            self.site = site
            self.export = export
        }

        /// Whether `node`'s values of the keys differ from those the import wrote, and from `updated`'s.
        func isEdited(_ node: JSONNode, updated: JSONNode? = nil) -> Bool {
            let now = ImportRecord.digest(node, keys: Set(keys))
            return now != site && now != updated.map { ImportRecord.digest($0, keys: Set(keys)) }
        }
    }

    private(set) var entries: [String: Digests] = [:]
    /// For each file the import copies into the site (by its path there), the digest of the
    /// export's bytes it last copied (``digest(bytes:)``): a file whose bytes in the site differ was
    /// changed there since (a video's GPS removed), and is kept.
    var files: [String: String] = [:]
    /// Whether the record names the keys each export gave (``Given``; `"format": 2`): then a
    /// ``ImportFormat/keptWhenMissing`` key an entry has beyond them was added in the site. A
    /// record written before tells nothing of them.
    private(set) var tracksGiven = true

    init() {}

    /// The record in `bytes`; empty when they are not one.
    init(bytes: [UInt8]) {
        guard let root = try? JSONParser.parse(bytes), case .object(let members)? = root["entries"]?.value.value else { return }
        var format = 0
        if case .number(let written)? = root["format"]?.value.value { format = Int(written) ?? 0 }
        tracksGiven = format >= 2
        for member in members {
            guard case .string(let site)? = member.value["site"]?.value.value,
                  case .string(let export)? = member.value["export"]?.value.value else { continue }
            var given: Given?
            if let node = member.value["given"]?.value, case .array(let names)? = node["keys"]?.value.value,
               case .string(let givenSite)? = node["site"]?.value.value, case .string(let givenExport)? = node["export"]?.value.value {
                let keys = names.compactMap { name -> String? in if case .string(let key) = name.value { key } else { nil } }
                if keys.count == names.count, !keys.isEmpty { given = Given(keys: keys, site: givenSite, export: givenExport) }
            }
            var done: Bool?
            if case .bool(let flag)? = member.value["done"]?.value.value { done = flag }
            entries[member.key] = Digests(site: site, export: export, given: given, done: done)
        }
        if case .object(let members)? = root["files"]?.value.value {
            for member in members {
                if case .string(let digest) = member.value.value { files[member.key] = digest }
            }
        }
    }

    /// The record's file for the data file at `relative` (`diary/dayone.json`, `todos.json`):
    /// hidden, so builds and other imports pass it by.
    static func path(for relative: String) -> String {
        let slash = relative.lastIndex(of: "/")
        let folder = slash.map { String(relative[...$0]) } ?? ""
        var name = String(relative[(slash.map { relative.index(after: $0) } ?? relative.startIndex)...])
        if name.hasSuffix(".json") { name.removeLast(5) }
        return folder + "." + name + ".imported.json"
    }

    /// The digest of `members`' values under `keys`, in the keys' order.
    static func digest(_ members: [JSONMember], keys: Set<String>) -> String {
        var hash = FNV1a()
        for member in members.filter({ keys.contains($0.key) }).sorted(by: { $0.key < $1.key }) {
            hash.add(member.key.utf8)
            hash.add(JSONWriter.write(member.value))
        }
        return hash.hex
    }

    /// The digest of a file's bytes.
    static func digest(bytes: Data) -> String {
        var hash = FNV1a()
        bytes.withUnsafeBytes { hash.add($0) }
        return hash.hex
    }

    /// ``digest(_:keys:)`` of an object's members; of none for another value.
    static func digest(_ node: JSONNode, keys: Set<String>) -> String {
        guard case .object(let members) = node.value else { return digest([], keys: keys) }
        return digest(members, keys: keys)
    }

    subscript(source: String) -> Digests? {
        get { entries[source] }
        set { entries[source] = newValue }
    }

    /// The record without the sources `keeping` lacks.
    func keeping(_ sources: Set<String>) -> ImportRecord {
        var kept = ImportRecord()
        kept.entries = entries.filter { sources.contains($0.key) }
        kept.files = files
        return kept
    }

    /// The file's bytes: one entry a line, sorted by source, so that it changes only where the import did.
    func bytes(for relative: String) -> [UInt8] {
        var text = "{\n  \"about\": \"What daybook import last wrote for each item of \(relative) (digests), so that the next import keeps "
            + "edits made in the site. Deleting this file makes the next import overwrite them.\",\n  \"format\": 2,\n  \"entries\": {"
        for (index, source) in entries.keys.sorted().enumerated() {
            let digests = entries[source]!
            var given = ""
            if let kept = digests.given {
                given = ", \"given\": {\"keys\": [\(kept.keys.map(Self.quoted).joined(separator: ", "))], "
                    + "\"site\": \(Self.quoted(kept.site)), \"export\": \(Self.quoted(kept.export))}"
            }
            text += (index == 0 ? "\n" : ",\n")
                + "    \(Self.quoted(source)): {\"site\": \(Self.quoted(digests.site)), \"export\": \(Self.quoted(digests.export))\(given)"
                + (digests.done.map { ", \"done\": \($0)" } ?? "") + "}"
        }
        text += entries.isEmpty ? "}" : "\n  }"
        if !files.isEmpty {
            text += ",\n  \"files\": {"
            for (index, path) in files.keys.sorted().enumerated() {
                text += (index == 0 ? "\n" : ",\n") + "    \(Self.quoted(path)): \(Self.quoted(files[path]!))"
            }
            text += "\n  }"
        }
        text += "\n}\n"
        return Array(text.utf8)
    }

    /// `text` as a JSON string (a record edited by hand may hold any digest).
    private static func quoted(_ text: String) -> String {
        String(decoding: JSONWriter.write(.string(text)).dropLast(), as: UTF8.self)
    }
}
