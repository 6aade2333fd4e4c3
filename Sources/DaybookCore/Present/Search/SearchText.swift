import CSearchTerms
import Foundation

/// The text a reader sees in an entry body's HTML (as cmark-gfm renders it): tags and comments
/// left out, the entities cmark writes decoded, white space collapsed to single spaces. Block
/// tags separate words; inline ones (`em`, `strong`, `a`, `code`, `del`, …) do not, so
/// `**b**old` stays one word. For the search index, an image's text (`alt`) is words in its
/// place; the plain text (a page's description) leaves it out. Reads bytes once.
///
/// The build reads every body's HTML through C's `dbk_html_text` (`CSearchTerms`, sixteen bytes at
/// a time); the Swift reading here, a byte at a time, is what the tests and the fuzz target hold it to.
public enum SearchText {
    /// Appends the text to `out`; it is never longer than the HTML.
    public static func plainText(fromHTML html: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        append(html, to: &out, escaped: false, imageTexts: false)
    }

    /// Appends the text escaped as the inside of a JSON string (`"` and `\` escaped, control
    /// characters made spaces), images' texts included, so that the search index writes it as it
    /// is. Split into terms, it gives the terms of ``plainText(fromHTML:into:)`` and of those texts.
    public static func jsonText(fromHTML html: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        append(html, to: &out, escaped: true, imageTexts: true)
    }

    /// The same, with `startsWithText` saying whether `out` ends with text already (a space
    /// parts it from the new text), whatever is in it.
    static func jsonText(fromHTML html: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], startsWithText: Bool) {
        append(html, to: &out, escaped: true, imageTexts: true, startsWithText: startsWithText)
    }

    /// The text of `html` (escaped for JSON or not), read by C or, `bytewise`, by the Swift
    /// reading: for the tests that hold the two to the same result.
    static func text(fromHTML html: String, escaped: Bool, bytewise: Bool) -> [UInt8] {
        var html = html
        var out: [UInt8] = []
        html.withUTF8 { append($0, to: &out, escaped: escaped, imageTexts: escaped, bytewise: bytewise) }
        return out
    }

    private static func append(_ html: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escaped: Bool, imageTexts: Bool,
                               startsWithText: Bool? = nil, bytewise: Bool = false) {
        let startsWithText = startsWithText ?? !out.isEmpty
        guard let base = html.baseAddress, !html.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: escaped ? html.count * 2 : html.count) { room in
            let written = bytewise
                ? (escaped ? jsonPlain : textPlain).withUnsafeBufferPointer { plain in
                    text(html, into: room, startsWithText: startsWithText, escaped: escaped, imageTexts: imageTexts, plain: plain)
                }
                : dbk_html_text(base, html.count, room.baseAddress!, escaped ? 1 : 0, imageTexts ? 1 : 0, startsWithText ? 1 : 0)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: room[..<written]))
        }
    }

    /// Writes the text into `out` (as long as the HTML, twice that when `escaped`), returns its length.
    private static func text(_ html: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
                             startsWithText: Bool, escaped: Bool, imageTexts: Bool, plain: UnsafeBufferPointer<UInt8>) -> Int {
        let n = html.count
        var i = 0, count = 0
        var space = false  // a space is owed before the next text
        var any = startsWithText
        while i < n {
            let b = html[i]
            if b == UInt8(ascii: "<") {
                if i + 3 < n, html[i + 1] == UInt8(ascii: "!"), html[i + 2] == UInt8(ascii: "-"), html[i + 3] == UInt8(ascii: "-") {
                    var k = i + 4
                    while k + 2 < n, !(html[k] == UInt8(ascii: "-") && html[k + 1] == UInt8(ascii: "-") && html[k + 2] == UInt8(ascii: ">")) { k += 1 }
                    // A comment parts no words, as a browser shows none: `H<sub>2</sub>O`, its tags
                    // omitted (`unsafeHTML` off) as comments, reads H2O (found by a Markdown writer's audit).
                    i = k + 3
                    continue
                }
                var k = i + 1
                let closing = k < n && html[k] == UInt8(ascii: "/")
                if closing { k += 1 }
                let nameStart = k
                while k < n, isNameByte(html[k]) { k += 1 }
                let name = UnsafeBufferPointer(rebasing: html[nameStart..<k])
                if !isInline(name) { space = true }
                let attributesStart = k
                // Most tags end right after their name (`<p>`, `</em>`); memchr finds the end of the others.
                if k < n, html[k] != 0x3E {
                    if let close = memchr(html.baseAddress! + k, 0x3E, n - k) {
                        k = html.baseAddress!.distance(to: close.assumingMemoryBound(to: UInt8.self))
                    } else {
                        k = n
                    }
                }
                i = k + 1
                // A script's or a style's code (raw HTML, with `unsafeHTML`) is not words of the entry.
                if !closing, let rawName = rawTextName(name) {
                    i = rawTextEnd(html, from: i, name: rawName)
                    continue
                }
                // A footnote's number in the text and its link back ("↩") are not words of the entry.
                if !closing, let end = footnoteMarkEnd(html, name: name, attributes: attributesStart..<k) { i = end }
                // An image's words are its text (`alt`): what a screen reader says in its place.
                if imageTexts, !closing, let alt = altText(html, name: name, attributes: attributesStart..<k) {
                    if any, count > 0, out[count - 1] != 0x20 {
                        out[count] = 0x20
                        count += 1
                    }
                    let written = text(UnsafeBufferPointer(rebasing: html[alt]), into: UnsafeMutableBufferPointer(rebasing: out[count...]),
                                       startsWithText: false, escaped: escaped, imageTexts: false, plain: plain)
                    if written > 0 {
                        count += written
                        any = true
                    }
                    space = true
                }
                continue
            }
            if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D {
                space = true
                i += 1
                continue
            }
            var reference: (Unicode.Scalar, Int)?
            if b == UInt8(ascii: "&") {
                reference = entity(html, at: i)
                // A space or a control character written as a reference (`&#10;`) is white space too.
                if let (scalar, length) = reference, scalar.value <= 0x20 {
                    space = true
                    i += length
                    continue
                }
            }
            if space {
                if any, count == 0 || out[count - 1] != 0x20 {
                    out[count] = 0x20
                    count += 1
                }
                space = false
            }
            any = true
            if let (scalar, length) = reference {
                UTF8.encode(scalar) { byte in
                    if escaped, byte == 0x22 || byte == 0x5C || byte < 0x20 {
                        count += escape(byte, into: out, at: count)
                    } else {
                        out[count] = byte
                        count += 1
                    }
                }
                i += length
                continue
            }
            if escaped, b == 0x22 || b == 0x5C || b < 0x20 {
                count += escape(b, into: out, at: count)
            } else {
                out[count] = b
                count += 1
            }
            i += 1
            // The rest of a run of text, copied as it comes: every byte but those that start a tag
            // or an entity, need escaping, or are control characters (line breaks among them).
            while i < n {
                let c = html[i]
                if plain[Int(c)] == 0 { break }
                // A space after a space is written over (count does not move): no branch.
                let repeated = c == 0x20 && out[count - 1] == 0x20
                out[count] = c
                count += repeated ? 0 : 1
                i += 1
            }
        }
        if count > 0, out[count - 1] == 0x20 { count -= 1 }
        return count
    }

    /// The bytes a run of text copies without a second look (1), for the plain text and for
    /// JSON: not `<`, `&` or a control character (a space is copied: a space owed after one is
    /// not written), and for JSON not `"` or `\\`.
    private static let textPlain: [UInt8] = (0..<256).map { b in
        b == 0x3C || b == 0x26 || b < 0x20 ? 0 : 1
    }
    private static let jsonPlain: [UInt8] = (0..<256).map { b in
        b == 0x3C || b == 0x26 || b < 0x20 || b == 0x22 || b == 0x5C ? 0 : 1
    }

    /// `"` and `\` with a backslash before them, a control character as a space; the bytes written.
    private static func escape(_ byte: UInt8, into out: UnsafeMutableBufferPointer<UInt8>, at count: Int) -> Int {
        if byte < 0x20 {
            out[count] = 0x20
            return 1
        }
        out[count] = 0x5C
        out[count + 1] = byte
        return 2
    }

    /// The plain text of a body's HTML.
    public static func plainText(fromHTML html: String) -> String {
        var html = html
        var out: [UInt8] = []
        html.withUTF8 { plainText(fromHTML: $0, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `script` or `style` when `name` is one of them, in any case; nil otherwise.
    private static func rawTextName(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        guard name.count == 5 || name.count == 6 else { return nil }
        let lowered = String(decoding: name.map { $0 | 0x20 }, as: UTF8.self)
        return lowered == "script" || lowered == "style" ? lowered : nil
    }

    /// Where the end tag `</name` starts from `i` on, in any case and with no name byte after it;
    /// the end of `html` when it never does.
    private static func rawTextEnd(_ html: UnsafeBufferPointer<UInt8>, from i: Int, name: String) -> Int {
        let name = Array(name.utf8)
        var at = i
        while at + 2 + name.count <= html.count {
            if html[at] == UInt8(ascii: "<"), html[at + 1] == UInt8(ascii: "/"),
               (0..<name.count).allSatisfy({ html[at + 2 + $0] | 0x20 == name[$0] }),
               at + 2 + name.count == html.count || !isNameByte(html[at + 2 + name.count]) {
                return at
            }
            at += 1
        }
        return html.count
    }

    /// After the element a footnote reference (`<sup class="footnote-ref">`) or back link
    /// (`<a … data-footnote-backref …>`) opens, as cmark-gfm writes them; nil for other tags.
    private static func footnoteMarkEnd(_ html: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>,
                                        attributes: Range<Int>) -> Int? {
        let marker: StaticString, end: StaticString
        // Compared byte by byte: this runs for every tag of every body.
        if name.count == 3, name[0] == UInt8(ascii: "s"), name[1] == UInt8(ascii: "u"), name[2] == UInt8(ascii: "p") {
            (marker, end) = ("class=\"footnote-ref\"", "</sup>")
        } else if name.count == 1, name[0] == UInt8(ascii: "a") {
            (marker, end) = ("data-footnote-backref", "</a>")
        } else {
            return nil
        }
        guard find(marker, in: html, attributes) != nil else { return nil }
        return find(end, in: html, attributes.upperBound..<html.count).map { $0 + end.utf8CodeUnitCount } ?? html.count
    }

    /// The value of an `<img>`'s `alt="…"` (escaped as cmark-gfm writes it: no `<` in it); nil
    /// for other tags and an image without one.
    private static func altText(_ html: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, attributes: Range<Int>) -> Range<Int>? {
        // Compared byte by byte: this runs for every tag of every body.
        guard name.count == 3, name[0] | 0x20 == UInt8(ascii: "i"), name[1] | 0x20 == UInt8(ascii: "m"),
              name[2] | 0x20 == UInt8(ascii: "g"), let at = find(" alt=\"", in: html, attributes) else { return nil }
        let start = at + 6
        var end = start
        while end < attributes.upperBound, html[end] != UInt8(ascii: "\"") { end += 1 }
        return end > start ? start..<end : nil
    }

    /// Where `needle` first starts in `html[range]`.
    static func find(_ needle: StaticString, in html: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let count = needle.utf8CodeUnitCount
        guard let base = html.baseAddress, count > 0 else { return nil }
        var at = range.lowerBound
        while range.upperBound - at >= count {
            guard let hit = memchr(base + at, Int32(needle.utf8Start.pointee), range.upperBound - at - count + 1) else { return nil }
            at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle.utf8Start, count) == 0 { return at }
            at += 1
        }
        return nil
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
    }

    /// Tags that sit inside a run of text, in any case (raw HTML may write `<STRONG>`): the name's
    /// bytes lowered and read as a big-endian number (name bytes are ASCII letters and digits).
    private static func isInline(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count <= 6 else { return false }
        var packed: UInt64 = 0
        for b in name { packed = packed << 8 | UInt64(b | 0x20) }
        switch packed {
        case 0x61, 0x62, 0x69, 0x73, 0x75: return true  // a b i s u
        case 0x656D, 0x64656C, 0x737570, 0x737562: return true  // em del sup sub
        case 0x636F_6465, 0x7370_616E, 0x6D61_726B: return true  // code span mark
        case 0x7374_726F_6E67: return true  // strong
        default: return false
        }
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&#39;` `&#x27;` `&nbsp;` and other numeric references at `i`:
    /// the character and the reference's length; nil for anything else (kept as written).
    private static func entity(_ html: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        var k = i + 1
        while k < html.count, k - i <= 10, html[k] != UInt8(ascii: ";") { k += 1 }
        guard k < html.count, html[k] == UInt8(ascii: ";") else { return nil }
        let name = UnsafeBufferPointer(rebasing: html[(i + 1)..<k])
        let length = k + 1 - i
        if name.elementsEqual("amp".utf8) { return ("&", length) }
        if name.elementsEqual("lt".utf8) { return ("<", length) }
        if name.elementsEqual("gt".utf8) { return (">", length) }
        if name.elementsEqual("quot".utf8) { return ("\"", length) }
        if name.elementsEqual("nbsp".utf8) { return ("\u{A0}", length) }
        guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        let hex = name[1] == UInt8(ascii: "x") || name[1] == UInt8(ascii: "X")
        for d in name[(hex ? 2 : 1)...] {
            let digit: UInt32
            switch d {
            case 0x30...0x39: digit = UInt32(d - 0x30)
            case 0x61...0x66 where hex: digit = UInt32(d - 0x61 + 10)
            case 0x41...0x46 where hex: digit = UInt32(d - 0x41 + 10)
            default: return nil
            }
            value = value * (hex ? 16 : 10) + digit
            if value > 0x10FFFF { return nil }
        }
        guard let scalar = Unicode.Scalar(value), value != 0 else { return nil }
        return (scalar, length)
    }
}
