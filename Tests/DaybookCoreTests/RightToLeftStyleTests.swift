import Testing
@testable import DaybookCore

/// The default stylesheet's rules for a right-to-left page, found by an RTL audit of a built
/// Arabic and Hebrew site in Chromium; each rule leaves a left-to-right page as it was.
@Suite struct RightToLeftStyleTests {
    static let css = Theme.builtIn.text("assets/style.css") ?? ""

    /// The first rule whose selector is `selector`, its declarations as written.
    static func rule(_ selector: String) -> String? {
        guard let start = css.range(of: "\n" + selector + " {"),
              let end = css.range(of: "}", range: start.upperBound..<css.endIndex) else { return nil }
        return String(css[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    /// A tag's room was on its right in every language: on an Arabic page the first tag stood
    /// 6 px in from the title above it. Its own `dir="auto"` would turn `margin-inline-end`
    /// around for a tag in the other script, so the page's direction says which side.
    @Test func aTagsRoomIsAfterItInThePagesDirection() {
        #expect(Self.rule(".tag")?.contains("margin: 0 .35rem .25rem 0;") == true)
        #expect(Self.rule(#"html[dir="rtl"] .tag:not(.todo-tag)"#) == "margin: 0 0 .25rem .35rem;")
        #expect(Self.rule(".todo-tag") == "margin: 0; font-size: .75rem;")
    }

    /// The heat map's weeks are mirrored on such a page (``HeatMap``): its scroller opens at
    /// the left, on the latest weeks, and fades the edge it has more weeks beyond.
    @Test func theHeatMapScrollerOpensOnTheLatestWeeks() {
        #expect(Self.rule(".heatmap-scroll") == "overflow-x: auto; direction: rtl;")
        #expect(Self.rule(#"[dir="rtl"] .heatmap-scroll"#) == "direction: ltr; animation-direction: reverse;")
    }

    /// The theme's English words on a Hebrew page run left to right (``PageChrome/uiDir``) and
    /// stood at the left under a heading at the right ("Page 2 of 4"); they keep the page's side.
    @Test func englishWordsKeepTheRightToLeftPagesAlignment() {
        #expect(Self.rule(#"html[dir="rtl"] :is(#main > h1, #main > p, .subheading, .empty, .search-hint, .search-status)"#)
                == "text-align: right;")
    }

    /// "‹" between crumbs pointed back (›) on a Hebrew page, whose crumbs are English, and
    /// forward on an Arabic one: Chromium draws a mirrored character by its text's script.
    /// The separator of a right-to-left page is drawn, with no character to mirror.
    @Test func theBreadcrumbSeparatorIsDrawnPointingForward() throws {
        let rule = try #require(Self.rule(#"[dir="rtl"] .breadcrumbs li + li::before"#))
        #expect(rule.hasPrefix(#"content: "";"#))
        #expect(rule.contains("border-width: .075em 0 0 .075em; transform: rotate(-45deg);"))  // the top-left corner turned to the left
        #expect(Self.rule(".breadcrumbs li + li::before") == #"content: "›"; margin: 0 .4rem;"#)
    }

    /// An English entry's search excerpt (dir="auto") stood at the left of an Arabic or Hebrew
    /// results list, under its title at the right; it keeps the page's side, as the title does.
    @Test func aSearchExcerptKeepsThePagesAlignment() {
        #expect(Self.rule(#"html[dir="rtl"] :is(.entry-link, .entry-mood, .todo-detail, .todo-note, .card-value, .search-excerpt)"#)
                == "text-align: right;")
    }

    /// An Arabic page's "older entry" box had its label at the left and an English title at the
    /// right (each line of the link takes its own direction, and `end` with it): the sides are
    /// said outright, by the page's direction.
    @Test func theEntryNavigationsLinesKeepOneSide() {
        #expect(Self.rule(".entry-newer") == "text-align: left;")
        #expect(Self.rule(#".entry-older, html[dir="rtl"] .entry-newer"#) == "text-align: right;")
        #expect(Self.rule(#"html[dir="rtl"] .entry-older"#) == "text-align: left;")
    }
}
