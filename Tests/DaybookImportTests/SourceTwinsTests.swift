import DaybookCore
import Testing
@testable import DaybookImport

/// Items told apart by their order (`#2`) are twins only when their words are the same too: the
/// sources of items that differ are never given out again among them.
@Suite struct SourceTwinsTests {
    static func item(_ source: String, _ title: String, done: Bool? = nil) -> ImportedItem {
        var item = ImportedItem(source: source, title: title)
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
        let batch = [Self.item("todotxt:call", "call", done: false), Self.item("todotxt:call #2", "call", done: true)]
        let site = [Self.siteItem("todotxt:call", "call", done: true), Self.siteItem("todotxt:call #2", "call", done: false)]
        #expect(SourceTwins.aligned(batch, with: site).map(\.source) == ["todotxt:call #2", "todotxt:call"])
    }

    /// Numbered sources of other words (as one importer's sources could share a prefix) are not
    /// twins: each keeps its own, though the site's items would match them the other way round.
    @Test func itemsOfOtherWordsAreNoTwins() {
        let batch = [Self.item("x:a", "B"), Self.item("x:a #2", "A")]
        let site = [Self.siteItem("x:a", "A"), Self.siteItem("x:a #2", "B")]
        #expect(SourceTwins.aligned(batch, with: site).map(\.source) == ["x:a", "x:a #2"])
    }
}
