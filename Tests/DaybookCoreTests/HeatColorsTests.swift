import Foundation
import Testing
@testable import DaybookCore

/// The heat map's and the report calendar's greens, read from the built-in theme's CSS, against
/// WCAG's contrast ratios.
@Suite struct HeatColorsTests {
    /// `--heat0` … `--heat4` in the order the file sets them: light, dark (style.css), paper (print.css).
    static func palettes(_ file: String) throws -> [[String]] {
        let css = String(decoding: try #require(Theme.builtIn.files["assets/\(file)"]), as: UTF8.self)
        return css.split(separator: "\n").filter { $0.contains("--heat0:") }.map { line in
            line.matches(of: /--heat\d: (#[0-9a-f]{6})/).map { String($0.output.1) }
        }
    }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16)!
        func channel(_ shift: Int) -> Double {
            let c = Double((value >> shift) & 0xFF) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }

    static func ratio(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Found by an accessibility audit: on a light screen, a day of one entry stood 1.12:1 off an
    /// empty one. WCAG asks 3:1 of what a graphic tells; each level stays apart from the next.
    @Test func aDayWithAnEntryStandsOffAnEmptyOneOnScreen() throws {
        let screens = try Self.palettes("style.css")
        #expect(screens.count == 2)
        for palette in screens {
            #expect(palette.count == 5)
            #expect(Self.ratio(palette[0], palette[1]) >= 3, "\(palette)")
            for level in 1..<4 { #expect(Self.ratio(palette[level], palette[level + 1]) >= 1.4, "\(palette) level \(level)") }
        }
    }

    /// The report calendar's day numbers, 12 px, stand 4.5:1 off their day's green: black on
    /// level 1, white above it on a light screen, black on a dark one, black up to level 3 on paper.
    @Test func calendarNumbersAreReadableOnEveryGreen() throws {
        let (light, dark) = (try Self.palettes("style.css")[0], try Self.palettes("style.css")[1])
        let paper = try #require(try Self.palettes("print.css").first)
        let numbers: [(String, [String])] = [
            ("light", ["#000000", "#ffffff", "#ffffff", "#ffffff"]),
            ("dark", ["#000000", "#000000", "#000000", "#000000"]),
            ("paper", ["#000000", "#000000", "#000000", "#ffffff"]),
        ]
        for (name, colors) in numbers {
            let palette = name == "light" ? light : name == "dark" ? dark : paper
            for level in 1...4 { #expect(Self.ratio(palette[level], colors[level - 1]) >= 4.5, "\(name) level \(level)") }
        }
        let print = String(decoding: try #require(Theme.builtIn.files["assets/print.css"]), as: UTF8.self)
        #expect(print.contains(".day-cell.lv1 text { fill: #000; }\n.day-cell.lv2 text, .day-cell.lv3 text, .day-cell.lv4 text { fill: #fff; }"))
        #expect(print.contains("  .day-cell.lv2 text, .day-cell.lv3 text, .day-cell.lv4 text { fill: #000; }"))
        #expect(print.contains("  .day-cell.lv2 text, .day-cell.lv3 text { fill: #000; }"))
    }
}
