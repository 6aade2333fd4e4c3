import DaybookCore
@testable import DaybookImport
import Testing

/// Which entry a note's link leads to, found by a notes-import audit: a link to a draft led to a
/// page a build does not publish, and a name two notes have led to the first by path, where
/// Obsidian takes the one nearest the linking note.
@Suite struct NoteLinkTargetTests {
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
        // At the first link (found by a Hugo user's audit: the warning named the file alone).
        #expect(batch.warnings.map(\.message) == ["\(folder)/2024-01-01.md:1:5: links to drafts, whose pages are not published, left as words: Plan, Other"])
        let (hugoFolder, hugo) = try ImportFixtures.importNotes([
            "hugo.toml": Array("title = 'H'\n".utf8),
            "content/posts/a.md": Array("---\ntitle: A\ndate: 2024-01-01\n---\nSee\nthe [draft]({{< ref \"d.md\" >}}).\n".utf8),
            "content/posts/d.md": Array("---\ntitle: D\ndate: 2024-01-02\ndraft: true\n---\nx\n".utf8),
        ])
        #expect(try hugo.get().warnings.map(\.message) == ["\(hugoFolder)/content/posts/a.md:6:5: a link to a draft, whose pages are not published, left as words: D"])
    }

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

    /// Found by an audit: an embedded note (`![[Note]]`) became a link without a word.
    @Test func anEmbeddedNoteIsALinkWithAWarning() throws {
        let (folder, result) = try ImportFixtures.importNotes([
            "2024-01-01.md": Array("Intro.\n![[Project Alpha]] and ![[Project Alpha.md]]\n".utf8),
            "Project Alpha.md": Array("---\ndate: 2024-01-02\n---\nAlpha.\n".utf8),
        ])
        let batch = try result.get()
        #expect(batch.items.first?["body"] == .string("Intro.\n[Project Alpha](\u{1}entry:markdown:Project Alpha.md\u{1}) and [Project Alpha](\u{1}entry:markdown:Project Alpha.md\u{1})"))
        #expect(batch.warnings.map(\.message) == ["\(folder)/2024-01-01.md:2:4: an embedded note is a link to its entry, its text not copied in: Project Alpha"])
    }
}
