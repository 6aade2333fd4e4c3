import DaybookCore
@testable import DaybookImport
import Testing

/// Wiki links by a name two notes have, found by a notes-import audit: the first note by path
/// took every such link, where Obsidian takes the one nearest the linking note.
@Suite struct WikiLinkNamesakeTests {
    @Test func aNameTwoNotesHaveLeadsToTheNearest() throws {
        let (_, result) = try ImportFixtures.importNotes([
            "Work/Meeting.md": Array("---\ndate: 2024-01-01\n---\nWork.\n".utf8),
            "Home/Meeting.md": Array("---\ndate: 2024-01-02\n---\nHome.\n".utf8),
            "Work/2024-01-04.md": Array("From work: [[Meeting]], [[Home/Meeting|at home]], [[Meeting.md]].\n".utf8),
            "2024-01-05.md": Array("From the top: [[Meeting]].\n".utf8),
        ])
        let batch = try result.get()
        let bodies = Dictionary(uniqueKeysWithValues: batch.items.map { ($0.source, $0["body"]) })
        #expect(bodies["markdown:Work/2024-01-04.md"] == .string(
            "From work: [Meeting](\u{1}entry:markdown:Work/Meeting.md\u{1}), [at home](\u{1}entry:markdown:Home/Meeting.md\u{1}), [Meeting](\u{1}entry:markdown:Work/Meeting.md\u{1})."))
        // From a folder neither is in: the one with the fewest folders, then the first by path.
        #expect(bodies["markdown:2024-01-05.md"] == .string("From the top: [Meeting](\u{1}entry:markdown:Home/Meeting.md\u{1})."))
    }
}
