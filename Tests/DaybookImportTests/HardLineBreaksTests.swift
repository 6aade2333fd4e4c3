import Foundation
import Testing
@testable import DaybookImport

/// Lines of a paragraph kept as lines, as Day One, jrnl and Obsidian show them.
@Suite struct HardLineBreaksTests {
    @Test(arguments: [
        ("Breakfast: eggs\nLunch: salad \nDinner: soup", "Breakfast: eggs\\\nLunch: salad\\\nDinner: soup"),
        ("one\n\ntwo", "one\n\ntwo"),
        // A break written hard stays as it is; the other lines of the paragraph get one.
        ("a  \nb\nc", "a  \nb\\\nc"),
        ("a\\\nb", "a\\\nb"),
        ("- a\n  b\n- c", "- a\\\n  b\n- c"),
        ("> a\n> b", "> a\\\n> b"),
        // What a mark at a line's end would change is left alone.
        ("`a\nb`", "`a\nb`"),
        ("*a\nb*", "*a\nb*"),
        ("a <span\nclass=\"x\">b</span>", "a <span\nclass=\"x\">b</span>"),
        ("[x]: https://example.org\ntext\nmore [x]", "[x]: https://example.org\ntext\nmore [x]"),
        ("```\ncode\nmore\n```", "```\ncode\nmore\n```"),
        ("| a | b |\n| - | - |\n| 1 | 2 |", "| a | b |\n| - | - |\n| 1 | 2 |"),
        ("Title\n===\nText", "Title\n===\nText"),
        // A lone carriage return ends a line, as cmark reads it (found by a review: the lines were miscounted).
        ("x\ry\n\nc\nd", "x\\\ny\n\nc\\\nd"),
    ])
    func linesOfAParagraph(_ written: String, _ kept: String) {
        #expect(HardLineBreaks.applied(written) == kept)
    }

    /// Found by an Obsidian user's audit: a vault's lines became one line, and its templates
    /// folder was imported as notes. A folder that is no vault, and a vault with "Strict line
    /// breaks" on, keep Markdown's soft breaks.
    @Test(arguments: [
        ([".obsidian/app.json": "{}"], "Lunch: salad\\\nDinner: soup"),
        ([".obsidian/app.json": #"{"strictLineBreaks": true}"#], "Lunch: salad\nDinner: soup"),
        ([:], "Lunch: salad\nDinner: soup"),
    ])
    func aVaultsLinesAndTemplates(_ settings: [String: String], _ body: String) throws {
        var notes = settings
        notes["2024-05-01.md"] = "Lunch: salad\nDinner: soup\n"
        if !settings.isEmpty { notes[".obsidian/templates.json"] = #"{"folder": "Templates/"}"# }
        notes["Templates/Daily.md"] = "---\ndate: \"{{date:YYYY-MM-DD}}\"\n---\n# {{title}}\n"
        let batch = try ImportFixtures.markdownBatch(notes)
        if settings.isEmpty {
            // No vault: its templates folder is a folder of notes like another.
            #expect(batch.items.map(\.title) == ["2024-05-01", "{{title}}"])
        } else {
            #expect(batch.items.map(\.title) == ["2024-05-01"])
            #expect(batch.notes.contains("1 note in Obsidian's templates folder Templates left out: templates, not notes"))
        }
        #expect(batch.items.first?["body"] == .string(body))
    }
}
