// libFuzzer target over the byte scanners that read entry bodies before cmark-gfm does
// (Sources/DaybookCore/Present/MarkdownText.swift): `headingScan`, `pushHeadings`,
// `mayHaveFootnotes`, `mayHaveAutolink`, `mayHaveUnsafeURL` and `escape`; the reader of a
// body's own HTML after it (Sources/DaybookCore/Render/RawHTMLCloser.swift); and the readers of
// a report's links to the files it holds (Render/PageFileLinks.swift, StylesheetLinks.swift,
// Srcset.swift), which read the site's templates and a body's own HTML.
//
// Built by scripts/fuzz into one module with that source. The input's first byte picks the
// heading shift (-3 … 4); the rest, decoded as UTF-8, is the body. Nothing may trap; the
// `check`s are documented contracts.
import Foundation

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("MarkdownTextFuzz: invariant failed: \(message())")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let shift = Int(data[0] % 8) - 3
    let body = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)

    let scan = MarkdownText.headingScan(body)
    if let level = scan.highestATXLevel { check((1...6).contains(level), "highest level \(level)") }
    check(scan.hasAngleBracket == body.utf8.contains(UInt8(ascii: "<")), "angle bracket")

    // What the closers close stays closed: the body's HTML with them leaves nothing open.
    let closers = RawHTMLCloser.closers(Array(body.utf8))
    check(RawHTMLCloser.closers(Array((body + closers).utf8)) == "", "closers \(closers.debugDescription) leave something open")

    let pushed = MarkdownText.pushHeadings(body, by: shift)
    check(MarkdownText.pushHeadings(body, by: 0) == body, "a shift of 0 changes the body")
    if scan.highestATXLevel == nil { check(pushed == body, "a body without ATX headings changed") }
    // Only runs of `#` change: everything else stays, in order.
    check(pushed.utf8.filter { $0 != UInt8(ascii: "#") }.elementsEqual(body.utf8.filter { $0 != UInt8(ascii: "#") }),
          "pushHeadings changed more than the heading marks")

    // Bytes, as cmark-gfm reads them: `[^` before a combining mark is one Character in Swift.
    let bytes = Array(body.utf8)
    check(MarkdownText.mayHaveFootnotes(body) == bytes.indices.dropLast().contains { bytes[$0] == UInt8(ascii: "[") && bytes[$0 + 1] == UInt8(ascii: "^") },
          "mayHaveFootnotes")
    let autolinkable = bytes.contains(UInt8(ascii: "@")) || bytes.indices.dropLast(2).contains {
        (bytes[$0], bytes[$0 + 1], bytes[$0 + 2]) == (UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "/"))
            || (bytes[$0], bytes[$0 + 1], bytes[$0 + 2]) == (UInt8(ascii: "w"), UInt8(ascii: "w"), UInt8(ascii: "w"))
    }
    check(MarkdownText.mayHaveAutolink(body) == autolinkable, "mayHaveAutolink")

    // A colon after `script`, `file`, `data` or a backslash, or an `&…;` of up to 31 letters, digits and `#`.
    let lowered = bytes.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    let colon = lowered.indices.contains { i in
        lowered[i] == UInt8(ascii: ":") && ["script", "file", "data", "\\"].contains { word in
            i >= word.utf8.count && lowered[(i - word.utf8.count)..<i].elementsEqual(word.utf8)
        }
    }
    let entity = lowered.indices.contains { i in
        guard lowered[i] == UInt8(ascii: "&") else { return false }
        var end = i + 1
        while end < lowered.count, end - i <= 32,
              lowered[end] == UInt8(ascii: "#") || (97...122).contains(lowered[end]) || (48...57).contains(lowered[end]) { end += 1 }
        return end > i + 1 && end < lowered.count && lowered[end] == UInt8(ascii: ";")
    }
    check(MarkdownText.mayHaveUnsafeURL(body) == (colon || entity), "mayHaveUnsafeURL")

    let escaped = MarkdownText.escape(body)
    check(!escaped.contains("\n"), "escape left a line break")

    // The body as a page and as a stylesheet: kept links change nothing, and every link the
    // readers find can be replaced (or left out) without a trap.
    check(PageFileLinks.rewriting(bytes) { _ in nil } == bytes, "PageFileLinks changed a page whose links it kept")
    _ = PageFileLinks.rewriting(bytes) { $0.count % 2 == 0 ? "" : "data:x," }
    check(StylesheetLinks.rewriting(bytes) { _, _ in nil } == bytes, "StylesheetLinks changed a stylesheet whose links it kept")
    for found in StylesheetLinks.find(in: bytes) { _ = found }
    _ = StylesheetLinks.rewriting(bytes) { address, offset in
        check(offset >= 0 && offset <= bytes.count, "StylesheetLinks offset \(offset) outside the stylesheet")
        return address.isEmpty ? nil : ""
    }
    _ = Srcset.candidates(bytes)
    return 0
}
