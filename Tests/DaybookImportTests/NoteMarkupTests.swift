import Testing
@testable import DaybookImport

/// Obsidian's syntax in a note, made what an entry shows.
struct NoteMarkupTests {
    /// Comments are private: dropped, on one line or several, but not in code.
    @Test func commentsAreDropped() {
        let body = "Day. %%private%% Done.\n%%\nsecret\nlines\n%%\nAfter `%%code%%`.\n```\n%%kept%%\n```"
        #expect(NoteMarkup.converted(body) == "Day.  Done.\nAfter `%%code%%`.\n```\n%%kept%%\n```")
    }

    @Test func calloutsAndBlockIDs() {
        let body = "> [!note] Remember\n> Bring the camera.\n\n> [!warning]-\n> Hot.\n\n> A quote. ^quote1"
        #expect(NoteMarkup.converted(body) == "> **Remember**\n> Bring the camera.\n\n> **Warning**\n> Hot.\n\n> A quote.")
    }

    @Test func inlineTags() {
        let body = "# Title\nWent out. #walk #trip/japan and #산책, issue #12, [x](#anchor), `#code`\n```\n#fenced\n```\n#walk again"
        #expect(NoteMarkup.tags(body) == ["walk", "trip/japan", "산책"])
    }

    /// Found by a notes-import audit: Bear's `#multi word tag#` was the tag `multi`.
    @Test func bearsTagsOfWords() {
        let body = "Read #multi word tag# and #two words#. Walked #walk to the park and #run home.\nC# and F# stay; #a b#c is no tag of words."
        #expect(NoteMarkup.tags(body) == ["multi word tag", "two words", "walk", "run", "a"])
    }
}
