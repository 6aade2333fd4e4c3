import Foundation
import Testing
@testable import DaybookCore

/// The default theme's colours for done todos and "Draft" labels, read from `assets/style.css` and measured
/// with WCAG 2's contrast ratio against the page and card backgrounds.
@Suite struct ThemeContrastTests {
    static let css = Theme.builtIn.text("assets/style.css") ?? ""

    /// The custom properties of the first `:root { … }` block after `marker` in the stylesheet.
    static func properties(after marker: String) -> [String: String] {
        guard let start = css.range(of: marker),
              let root = css.range(of: ":root {", range: start.lowerBound..<css.endIndex),
              let end = css.range(of: "}", range: root.upperBound..<css.endIndex) else { return [:] }
        var result: [String: String] = [:]
        for declaration in css[root.upperBound..<end.lowerBound].split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
            if name.hasPrefix("--") { result[name] = parts[1].trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return result
    }

    /// WCAG 2 relative luminance of a `#rrggbb` colour.
    static func luminance(_ hex: String) -> Double? {
        guard hex.count == 7, hex.hasPrefix("#"), let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func contrast(_ a: String, _ b: String) -> Double? {
        guard let x = luminance(a), let y = luminance(b) else { return nil }
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func measuresKnownContrast() {
        #expect(Self.contrast("#000000", "#ffffff").map { ($0 * 100).rounded() / 100 } == 21)
        #expect(Self.contrast("#777777", "#ffffff").map { ($0 * 100).rounded() / 100 } == 4.48)
    }

    /// Done todos' text, and "Draft" and "Scheduled" (`.status-label`, in the accent colour).
    @Test(arguments: ["/* Daybook", "@media (prefers-color-scheme: dark)"], ["--done-text", "--accent"])
    func smallTextIsReadable(mode: String, property: String) throws {
        let colours = Self.properties(after: mode)
        let text = try #require(colours[property], "no \(property) in \(mode)")
        for background in ["--bg", "--surface"] {
            let colour = try #require(colours[background])
            let ratio = try #require(Self.contrast(text, colour))
            #expect(ratio >= 4.5, "\(mode): \(text) on \(background) is \(ratio):1")
        }
    }

    /// Found by a visual audit: the header's search field was told from the header by a border of
    /// 1.3:1 and its placeholder was 4.1:1 against the field.
    @Test(arguments: ["/* Daybook", "@media (prefers-color-scheme: dark)"])
    func theSearchFieldStandsOut(mode: String) throws {
        let colours = Self.properties(after: mode)
        let edge = try #require(colours["--field-line"], "no --field-line in \(mode)")
        let surface = try #require(colours["--surface"]), muted = try #require(colours["--muted"]), field = try #require(colours["--bg"])
        let edgeRatio = try #require(Self.contrast(edge, surface))
        #expect(edgeRatio >= 3, "\(mode): \(edge) on --surface is \(edgeRatio):1")
        let placeholder = try #require(Self.contrast(muted, field))
        #expect(placeholder >= 4.5, "\(mode): --muted on --bg is \(placeholder):1")
        #expect(Self.css.contains(".site-search input::placeholder { color: var(--muted); opacity: 1; }"))
        #expect(Self.css.contains("border: 1px solid var(--field-line); background: var(--bg)"))
    }

    @Test func statusLabelIsInTheAccentColour() {
        #expect(Self.css.contains(".status-label { font-size: .75rem; font-weight: 700; padding: .05rem .45rem; border: 1px dashed currentColor; border-radius: 6px; color: var(--accent);"))
    }

    /// Found by a visual audit: the heat map's month labels were 7.6 px on a phone (9 of the SVG's
    /// units, drawn 40rem wide), and its edge fade hid part of the keyboard's ring.
    @Test func theHeatMapsLabelsAndFocusAreSeen() {
        #expect(Self.css.contains(".heatmap text { font-size: 12px; fill: var(--muted); }"))
        #expect(Self.css.contains(".heatmap-scroll:focus-visible { mask-image: none; }"))
    }

    @Test func doneTodosAreStruckThroughNotFaded() throws {
        let rule = try #require(Self.css.split(separator: "\n").first { $0.hasPrefix(".todo.is-done {") })
        #expect(rule == ".todo.is-done { color: var(--done-text); }")
        #expect(!(Theme.builtIn.text("assets/print.css") ?? "").contains("opacity"))
        let section = try #require(Theme.builtIn.text("partials/todo-section.mustache"))
        #expect(section.contains("{{#isDone}}<s>{{detail}}</s>{{/isDone}}"))
    }
}
