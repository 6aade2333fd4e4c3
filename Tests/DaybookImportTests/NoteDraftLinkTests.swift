import DaybookCore
@testable import DaybookImport
import Testing

/// Links to drafts, found by a notes-import audit: they led to pages a build does not publish.
@Suite struct NoteDraftLinkTests {
    @Test func aLinkToADraftIsItsWordsWithAWarning() throws {
        let (folder, result) = try ImportFixtures.importNotes([
            "2024-01-01.md": Array("See [[Plan]] and [[Other]].\n".utf8),
            "Plan.md": Array("---\ndate: 2024-01-02\ndraft: true\n---\nSee [[Other]] and [[2024-01-01]].\n".utf8),
            "Other.md": Array("---\ndate: 2024-01-03\ndraft: true\n---\nx\n".utf8),
        ])
        let batch = try result.get()
        #expect(batch.items.map { $0["body"] } == [
            .string("See Plan and Other."),
            .string("x"),
            .string("See [Other](\u{1}entry:markdown:Other.md\u{1}) and [2024-01-01](\u{1}entry:markdown:2024-01-01.md\u{1})."),
        ])
        #expect(batch.warnings.map(\.message) == ["\(folder)/2024-01-01.md: links to drafts, whose pages are not published, left as words: Plan, Other"])
    }
}
