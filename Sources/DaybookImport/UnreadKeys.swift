/// Front matter keys an import has no place for (`description`, `images`, `author`), gathered
/// over every note so that one warning names each once, with how many notes have it and where
/// the first is.
struct UnreadKeys: Sendable {
    private var found: [(key: String, count: Int, first: String)] = []

    /// `key` as written (keys are told apart in any case, as Hugo reads them), at `place`.
    mutating func note(_ key: String, at place: String) {
        if let k = found.firstIndex(where: { $0.key.lowercased() == key.lowercased() }) {
            found[k].count += 1
        } else {
            found.append((key, 1, place))
        }
    }

    /// `front matter not kept (an entry has no field for it): description (in 12 notes, first at content/posts/a.md:3), …`
    var warning: ImportWarning? {
        guard !found.isEmpty else { return nil }
        let listed = found.map { "\($0.key) (\($0.count == 1 ? "at" : "in \($0.count) notes, first at") \($0.first))" }
        return ImportWarning("front matter not kept (an entry has no field for it): " + listed.joined(separator: ", "))
    }
}
