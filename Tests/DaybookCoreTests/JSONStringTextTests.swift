import Foundation
import Testing
@testable import DaybookCore

/// A body string decoded with where the file writes each of its bytes, for `daybook check`'s
/// places of links in bodies.
@Suite struct JSONStringTextTests {
    /// The text is the body the loader reads (a control character as U+FFFD), and each of its
    /// bytes is at the escape or the character that writes it.
    @Test func theTextIsTheLoadersBodyAndEachByteIsWhereTheFileWritesIt() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2026-01-01", "body": "\u00e9\"\b\/\ud83d\ude00 한 X\n\uFFFEY"}]"#,
        ])
        let entry = try #require(try SiteLoader(root: site.root).loadAll().source.entries.first)
        let origin = try #require(entry.bodyOrigin)
        let file = try #require(origin.fileBytes)
        let text = try #require(JSONStringText(in: file, at: origin.offset))
        #expect(text.bytes == Array(entry.body.utf8))
        #expect(entry.body == "é\"\u{FFFD}/😀 한 X\n\u{FFFD}Y")
        let raw = Array(#"\u00e9\"\b\/\ud83d\ude00 한 X\n\uFFFEY"#.utf8)
        let start = origin.offset + 1
        // é (2 bytes) at its escape; " at its; U+FFFD (3 bytes) at \b; / at \/; 😀 (4 bytes) at the pair.
        #expect(Array(text.fileOffsets[0..<11]) == [0, 0, 6, 8, 8, 8, 10, 12, 12, 12, 12].map { start + $0 })
        let x = try #require(text.bytes.firstIndex(of: UInt8(ascii: "X")))
        #expect(text.fileOffsets[x] == start + raw.firstIndex(of: UInt8(ascii: "X"))!)
        let y = try #require(text.bytes.firstIndex(of: UInt8(ascii: "Y")))
        #expect(text.fileOffsets[y] == start + raw.firstIndex(of: UInt8(ascii: "Y"))!)
        #expect(origin.moved(to: text.fileOffsets[x]).column == 1 + String(decoding: file[..<text.fileOffsets[x]], as: UTF8.self).unicodeScalars.count)
        #expect(JSONStringText(in: file, at: origin.offset - 1) == nil)
    }
}
