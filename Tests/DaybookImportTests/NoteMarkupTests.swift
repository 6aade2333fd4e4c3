import Testing
@testable import DaybookImport

/// Obsidian's syntax in a note, made what an entry shows.
struct NoteMarkupTests {
    /// Comments are private: dropped, on one line or several, but not in code.
    @Test func commentsAreDropped() {
        let body = "Day. %%private%% Done.\n%%\nsecret\nlines\n%%\nAfter `%%code%%`.\n```\n%%kept%%\n```"
        #expect(NoteMarkup.converted(body) == "Day.  Done.\nAfter `%%code%%`.\n```\n%%kept%%\n```")
        // Found by an Obsidian user's audit: a list item of a comment alone left an empty bullet.
        #expect(NoteMarkup.converted("- one\n- %%secret%%\n- [ ] %%task%%\n> %%quote%%\n- two %%x%%") == "- one\n- two ")
    }

    @Test func calloutsAndBlockIDs() {
        let body = "> [!note] Remember\n> Bring the camera.\n\n> [!warning]-\n> Hot.\n\n> A quote. ^quote1"
        #expect(NoteMarkup.converted(body) == "> **Remember**\n> Bring the camera.\n\n> **Warning**\n> Hot.\n\n> A quote.")
    }

    @Test func inlineTags() {
        let body = "# Title\nWent out. #walk #trip/japan and #산책, issue #12, [x](#anchor), `#code`\n```\n#fenced\n```\n#walk again"
        #expect(NoteMarkup.tags(body) == ["walk", "trip/japan", "산책"])
    }

    /// Found by a review: Obsidian's `==highlight==` stayed as written, marks and all (cmark-gfm
    /// has none, and an entry's safe Markdown drops `<mark>`): the words stay, the marks go;
    /// code, `a == b`, a URL's `abc==` and a setext underline keep theirs.
    @Test func highlightMarksGoOutsideCode() throws {
        // Lines whose marks stay.
        let kept = """
            Link https://x.org/?q=abc==&d=e== and \\==escaped==.
            Title
            ===
                indented ==code==
            ```
            ==fenced==
            ```
            """
        let batch = try ImportFixtures.markdownBatch([
            "2024-03-05.md": "# A ==big== day\nSaw ==the red fox== today, 오늘은==정말==. Keep `a ==b== c` and a == b == c.\n" + kept,
        ])
        let item = try #require(batch.items.first)
        #expect(item.title == "A big day")
        #expect(item["body"] == .string("Saw the red fox today, 오늘은정말. Keep `a ==b== c` and a == b == c.\n" + kept))
    }

    /// Found by a notes-import audit: Bear's `#multi word tag#` was the tag `multi`.
    @Test func bearsTagsOfWords() {
        let body = "Read #multi word tag# and #two words#. Walked #walk to the park and #run home.\nC# and F# stay; #a b#c is no tag of words."
        #expect(NoteMarkup.tags(body) == ["multi word tag", "two words", "walk", "run", "a"])
    }
}
