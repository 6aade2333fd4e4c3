import DaybookCore

/// What the last import wrote for each item of a diary file or of `todos.json`, kept beside it as
/// a hidden file (`diary/.dayone.imported.json`, `.todos.imported.json`), so that an item edited
/// in the site since is not overwritten by the next import of it.
///
/// For each `source`, two digests (FNV-1a, 64 bits) of the importer's keys
/// (``ImportFormat/editTrackedKeys``): as the import wrote them into the site, and as the export
/// gave them. An entry whose keys in the site no longer match the first was edited there; the
/// second tells whether the export has changed since. A file that is missing or unreadable
/// records nothing: the items are updated as before, and the record is written again.
struct ImportRecord: Equatable {
    struct Digests: Equatable {
        var site: String
        var export: String
    }

    private(set) var entries: [String: Digests] = [:]

    init() {}

    /// The record in `bytes`; empty when they are not one.
    init(bytes: [UInt8]) {
        guard let root = try? JSONParser.parse(bytes), case .object(let members)? = root["entries"]?.value.value else { return }
        for member in members {
            guard case .string(let site)? = member.value["site"]?.value.value,
                  case .string(let export)? = member.value["export"]?.value.value else { continue }
            entries[member.key] = Digests(site: site, export: export)
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
        return kept
    }

    /// The file's bytes: one entry a line, sorted by source, so that it changes only where the import did.
    func bytes(for relative: String) -> [UInt8] {
        var text = "{\n  \"about\": \"What daybook import last wrote for each item of \(relative) (digests), so that the next import keeps "
            + "edits made in the site. Deleting this file makes the next import overwrite them.\",\n  \"entries\": {"
        for (index, source) in entries.keys.sorted().enumerated() {
            let digests = entries[source]!
            let key = String(decoding: JSONWriter.write(.string(source)).dropLast(), as: UTF8.self)
            text += (index == 0 ? "\n" : ",\n") + "    \(key): {\"site\": \"\(digests.site)\", \"export\": \"\(digests.export)\"}"
        }
        text += entries.isEmpty ? "}\n}\n" : "\n  }\n}\n"
        return Array(text.utf8)
    }
}
