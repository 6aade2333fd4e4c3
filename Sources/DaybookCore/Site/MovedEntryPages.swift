/// Entries whose page moved since the last build: an entry without an `id` is at its day and
/// title (`entries/2026-08-20-night-one/`), so a changed title moves it, and the links to the old
/// address, from other sites and feed readers, lead nowhere (found by a rebuild audit: the build
/// said "1 removed" only). A page of the last build that is gone and a new one of the same day,
/// one each, are taken for one entry moved; a warning at the entry says how to keep the old address.
enum MovedEntryPages {
    /// One warning an entry moved; `previous`: the last build's files, `made`: this build's.
    /// `position`: where an entry's origin is, its file read again (the diary keeps none).
    static func warnings(previous: Set<String>, made: Set<String>, entries: [DiaryEntry],
                         position: (SourceOrigin) -> SourcePosition?) -> [SiteError] {
        var gone: [Substring: [Substring]] = [:]
        for path in previous {
            guard let id = entryID(path), let day = dayPrefix(id), !made.contains(path) else { continue }
            gone[day, default: []].append(id)
        }
        guard !gone.isEmpty else { return [] }
        var arrived: [Substring: [DiaryEntry]] = [:]
        for entry in entries where !previous.contains(entry.folder + "index.html") {
            guard let id = entryID(entry.folder + "index.html"), let day = dayPrefix(id) else { continue }
            arrived[day, default: []].append(entry)
        }
        var warnings: [SiteError] = []
        for (day, ids) in gone.sorted(by: { $0.key < $1.key }) {
            guard ids.count == 1, let entries = arrived[day], entries.count == 1 else { continue }
            let old = ids[0], entry = entries[0]
            let at = position(entry.entry.origin) ?? SourcePosition(line: 0, column: 0)
            warnings.append(SiteError(file: entry.entry.origin.file, line: at.line, column: at.column, reason:
                "this entry's page moved from entries/\(old)/ to \(entry.folder) (an entry without an \"id\" is at its day and title), "
                + "so links to the old address lead nowhere: keep it with \"aliases\": [\"/entries/\(old)/\"], or give the entry \"id\": \"\(old)\""))
        }
        return warnings
    }

    /// `2026-08-20-night-one` of `entries/2026-08-20-night-one/index.html`.
    private static func entryID(_ path: String) -> Substring? {
        guard path.hasPrefix("entries/"), path.hasSuffix("/index.html") else { return nil }
        let id = path.dropFirst("entries/".count).dropLast("/index.html".count)
        return id.isEmpty || id.contains("/") ? nil : id
    }

    /// `2026-08-20-` of an id that starts with its day, as one the build makes does.
    private static func dayPrefix(_ id: Substring) -> Substring? {
        let prefix = id.prefix(11)
        guard prefix.count == 11, prefix.last == "-",
              prefix.dropLast().enumerated().allSatisfy({ k, c in k == 4 || k == 7 ? c == "-" : c.isASCII && c.isNumber }) else { return nil }
        return prefix
    }
}
