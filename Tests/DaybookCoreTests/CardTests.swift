import Testing
@testable import DaybookCore

@Suite struct CardTests {
    @Test func kindsHaveTitlesTintsAndIcons() {
        #expect(CardKind.todosDone.englishName.uppercased() == "TODOS DONE")
        #expect(CardKind.longestStreak.englishName.uppercased() == "LONGEST STREAK")
        #expect(CardKind.mood.tint == .systemPink)
        #expect(Tint.systemBlue.light == "#007AFF")
        #expect(Tint.systemBlue.dark == "#0A84FF")
        for kind in CardKind.allCases {
            #expect(Theme.builtIn.files[kind.iconPath] != nil, "no icon for \(kind)")
        }
    }

    @Test func markdownEscape() {
        #expect(MarkdownText.escape("a*b_c [x](y) | z, 1.") == "a\\*b\\_c \\[x\\](y) \\| z, 1.")
    }

    @Test func headingsArePushedDownOutsideCode() {
        let body = "# One\n```\n# not a heading\n```\n###### Six\n#hashtag"
        #expect(MarkdownText.pushHeadings(body, by: 2) == "### One\n```\n# not a heading\n```\n###### Six\n#hashtag")
    }
}
