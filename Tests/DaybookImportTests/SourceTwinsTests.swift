import DaybookCore
import Testing
@testable import DaybookImport

/// Items told apart by their order (`#2`, given by the import) are twins, whatever their words;
/// an item whose own words end in `#2` is none.
@Suite struct SourceTwinsTests {
    static func item(_ source: String, _ title: String, done: Bool? = nil, twinOf: String? = nil) -> ImportedItem {
        var item = ImportedItem(source: source, title: title)
        item.twinOf = twinOf
        item.set("title", .string(title))
        if let done { item.set("isDone", .bool(done)) }
        return item
    }

    static func siteItem(_ source: String, _ title: String, done: Bool? = nil) -> JSONNode {
        var members = [JSONMember(key: "title", value: JSONNode(value: .string(title)))]
        if let done { members.append(JSONMember(key: "isDone", value: JSONNode(value: .bool(done)))) }
        members.append(JSONMember(key: "source", value: JSONNode(value: .string(source))))
        return JSONNode(value: .object(members))
    }

    /// Two lines of the same text, their order changed: each takes the source of the site's item it equals.
    @Test func twinsOfTheSameWordsTakeTheSourceOfTheItemTheyEqual() {
        let batch = [Self.item("todotxt:call", "call", done: false), Self.item("todotxt:call #2", "call", done: true, twinOf: "todotxt:call")]
        let site = [Self.siteItem("todotxt:call", "call", done: true), Self.siteItem("todotxt:call #2", "call", done: false)]
        #expect(SourceTwins.aligned(batch, with: site).map(\.source) == ["todotxt:call #2", "todotxt:call"])
    }

    /// Twins of other words (todo.txt lines that differ by a `+project`), their order changed.
    @Test func twinsOfOtherWordsTakeTheSourceOfTheItemTheyEqual() {
        let batch = [Self.item("todotxt:call", "call +home"), Self.item("todotxt:call #2", "call", twinOf: "todotxt:call")]
        let site = [Self.siteItem("todotxt:call", "call"), Self.siteItem("todotxt:call #2", "call +home")]
        #expect(SourceTwins.aligned(batch, with: site).map(\.source) == ["todotxt:call #2", "todotxt:call"])
    }

    /// A source whose own words end in `#2` (a line `call #2` beside a line `call`) is no twin:
    /// each keeps its own, though the site's items would match them the other way round.
    @Test func itemsNotNumberedByTheImportAreNoTwins() {
        let batch = [Self.item("x:a", "B"), Self.item("x:a #2", "A")]
        let site = [Self.siteItem("x:a", "A"), Self.siteItem("x:a #2", "B")]
        #expect(SourceTwins.aligned(batch, with: site).map(\.source) == ["x:a", "x:a #2"])
    }
}
