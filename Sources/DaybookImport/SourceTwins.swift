import DaybookCore

/// Items of one export that share a source, two todo.txt lines of the same text or two jrnl
/// entries of the same minute and title, are told apart by their order (`#2`, `#3`:
/// ``ImportBatch/makeSourcesDistinct()``). The tool changes that order (`todo.sh archive` moves
/// the done line to done.txt, after the open one), so before the merge each such item takes the
/// number of the site's item it is: the one it equals, else one as done as it is, else by order.
enum SourceTwins {
    /// `batch` with the sources of each set of twins given out again among themselves, and among
    /// the site's numbered items of their source that no other item of the export holds: an export
    /// with one `Buy bread` line left, the done one, takes the site's done twin (found by a todo.txt
    /// user's audit: it took the open one, edited in the site, and `--prune` would remove the done one).
    static func aligned(_ batch: [ImportedItem], with items: [JSONNode]) -> [ImportedItem] {
        var siteItems: [String: JSONNode] = [:]
        for item in items {
            if case .string(let source)? = item["source"]?.value.value, siteItems[source] == nil { siteItems[source] = item }
        }
        let batchSources = Set(batch.map(\.source))
        var siteNumbered: [String: [(source: String, number: Int)]] = [:]
        for source in siteItems.keys {
            if let (base, number) = numbered(source) { siteNumbered[base, default: []].append((source, number)) }
        }
        // Twins: the items numbered apart (`#2`, `#3`) and the one of their source, whatever their
        // words (todo.txt lines that differ by a `+project` alone share a source). An item whose
        // own words end in `#2` is none.
        let bases = Set(batch.compactMap(\.twinOf)).union(batch.filter { $0.twinOf == nil && siteNumbered[$0.source] != nil }.map(\.source))
        var sets: [String: [Int]] = [:]
        for (index, item) in batch.enumerated() {
            let base = item.twinOf ?? item.source
            if bases.contains(base) { sets[base, default: []].append(index) }
        }
        var result = batch
        for (base, set) in sets {
            let held = set.map { batch[$0].source }
            let others = (siteNumbered[base] ?? []).sorted { $0.number < $1.number }.map(\.source)
                .filter { !held.contains($0) && !batchSources.contains($0) }
            guard set.count > 1 || !others.isEmpty else { continue }
            let site: [(source: String, node: JSONNode)] = (held + others).compactMap { source in siteItems[source].map { (source, $0) } }
            guard !site.isEmpty else { continue }
            var given: [Int: String] = [:], free = Set(site.map(\.source))
            let passes: [(ImportedItem, JSONNode) -> Bool] = [
                { item, node in item.members.allSatisfy { member in node[member.key].map { JSONWriter.write($0.value) } == JSONWriter.write(member.value) } },
                { item, node in node["isDone"]?.value.value == item["isDone"] },
                { _, _ in true },
            ]
            for matches in passes {
                for index in set where given[index] == nil {
                    guard let pick = site.first(where: { free.contains($0.source) && matches(batch[index], $0.node) }) else { continue }
                    given[index] = pick.source
                    free.remove(pick.source)
                }
            }
            var unused = held.filter { source in !given.values.contains(source) }
            for index in set {
                result[index].source = given[index] ?? unused.removeFirst()
            }
        }
        return result
    }

    /// The base and number of a source numbered apart (`todotxt:Buy bread #2`: `todotxt:Buy bread`, 2).
    private static func numbered(_ source: String) -> (base: String, number: Int)? {
        guard let mark = source.range(of: " #", options: .backwards), let number = Int(source[mark.upperBound...]), number >= 2,
              String(number) == source[mark.upperBound...] else { return nil }
        return (String(source[..<mark.lowerBound]), number)
    }
}
