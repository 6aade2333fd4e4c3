/// Each block of a body's HTML (a paragraph, list item, heading, blockquote or table cell) whose
/// text starts in the other direction than the block around it gets `dir="auto"`, so that its own
/// first letter sets its direction: a Japanese paragraph in an Arabic entry is read left to right,
/// its `。` at its end, and an Arabic one in an English entry right to left (GitHub and Wikipedia
/// give every block `dir="auto"`).
///
/// Only such blocks: the body's `<div dir="auto">` (and a blockquote's) takes its direction from
/// the first letter of its text outside any element with a `dir`, so with every block marked it
/// found none and was left to right (Chromium 156), and a paragraph of digits alone in an Arabic
/// entry went left to right too. A block that starts in its surroundings' direction is left
/// as it is, so the body's first letter stays outside any marked block.
/// A body without a right-to-left letter has every block in one direction and is not read.
enum BlockDirection {
    /// The direction of a letter, as Unicode's bidirectional classes L, and R or AL, have it.
    enum Strong: Equatable {
        case none, leftToRight, rightToLeft
    }

    /// Whether UTF-8 text may hold a right-to-left letter: a first byte of U+0580–U+08FF (Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko, …), U+FB00–U+FDFF or U+FE40–U+FEFF (presentation forms),
    /// U+10800–U+10FFF or U+1E800–U+1EFFF, or the right-to-left mark. Eight bytes at a time while they are ASCII.
    static func mayHold(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base), count = bytes.count
            var i = 0
            while i < count {
                if count - i >= 8, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
                let byte = bytes[i]
                if byte >= 0xD6 && byte <= 0xDF { return true }
                if byte >= 0xE0, i + 1 < count {
                    let next = bytes[i + 1], third = i + 2 < count ? bytes[i + 2] : 0
                    switch byte {
                    case 0xE0: if next >= 0xA0 && next <= 0xA3 { return true }
                    case 0xE2: if next == 0x80 && third == 0x8F { return true }
                    case 0xEF: if (next >= 0xAC && next <= 0xB7) || (next >= 0xB9 && next <= 0xBB) { return true }
                    case 0xF0: if (next == 0x90 || next == 0x9E) && third >= 0xA0 { return true }
                    default: break
                    }
                }
                i += 1
            }
            return false
        }
    }

    /// The direction a character gives the text it starts: a letter's, and the directional marks'.
    static func strong(_ scalar: Unicode.Scalar) -> Strong {
        switch scalar.value {
        case 0x200E: return .leftToRight
        case 0x200F, 0x061C: return .rightToLeft
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .rightToLeft
            default: return .leftToRight
            }
        default: return .none
        }
    }

    private static let blocks: Set<[UInt8]> = Set(["p", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th"].map { Array($0.utf8) })
    private static let autoAttribute = Array(" dir=\"auto\"".utf8)

    /// `html` (a body as cmark-gfm writes it) with `dir="auto"` on each block that starts in the
    /// other direction than the block around it, the body's direction being that of its first letter.
    static func marked(_ html: String) -> String {
        let bytes = Array(html.utf8)
        let base = firstStrong(bytes, from: 0, inside: nil)
        guard base != .none else { return html }
        var out: [UInt8] = []
        var copied = 0, i = 0
        var open: [(name: [UInt8], direction: Strong)] = []
        while let at = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            let tag = self.tag(bytes, at: at)
            i = tag.end + 1
            guard blocks.contains(tag.name) else { continue }
            if tag.isClosing {
                if let k = open.lastIndex(where: { $0.name == tag.name }) { open.removeSubrange(k...) }
                continue
            }
            let around = open.last?.direction ?? base
            var direction = around
            if !hasDirection(bytes[at..<tag.end]) {
                let own = firstStrong(bytes, from: tag.end + 1, inside: tag.name)
                if own != .none, own != around {
                    direction = own
                    out.append(contentsOf: bytes[copied..<tag.end])
                    out.append(contentsOf: autoAttribute)
                    copied = tag.end
                }
            }
            open.append((tag.name, direction))
        }
        guard copied > 0 else { return html }
        out.append(contentsOf: bytes[copied...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The direction a body's `<div dir="auto">` takes from `html` (a body as the page shows it):
    /// that of the first letter of its text (``firstStrong(_:from:inside:)``), `none` when it has no
    /// letter. Read in place up to that letter: most bodies have one in their first bytes.
    static func of(_ html: String) -> Strong {
        var html = html
        return html.withUTF8 { firstStrong($0, from: 0, inside: nil) }
    }

    /// The tag that starts at `at` (a `<`): its name in lower case, whether it is an end tag, and
    /// where its `>` is (the last byte when it has none).
    private static func tag<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at: Int) -> (name: [UInt8], isClosing: Bool, end: Int)
    where Bytes.Index == Int {
        var j = at + 1
        let isClosing = j < bytes.count && bytes[j] == UInt8(ascii: "/")
        if isClosing { j += 1 }
        var name: [UInt8] = []
        while j < bytes.count, name.count < 12 {
            let byte = bytes[j] | 0x20
            guard (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (bytes[j] >= UInt8(ascii: "0") && bytes[j] <= UInt8(ascii: "9")) else { break }
            name.append(bytes[j] >= UInt8(ascii: "A") ? byte : bytes[j])
            j += 1
        }
        let end = bytes[j...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count - 1
        return (name, isClosing, end)
    }

    /// Whether a start tag has a `dir` of its own (raw HTML's).
    private static func hasDirection(_ tag: ArraySlice<UInt8>) -> Bool {
        let wanted = Array(" dir=".utf8)
        guard tag.count >= wanted.count else { return false }
        for k in tag.startIndex...(tag.endIndex - wanted.count) where tag[k..<(k + wanted.count)].elementsEqual(wanted) { return true }
        return false
    }

    /// The direction of the first letter of the text from `from` (tags and entities skipped), up to
    /// the end tag of the element named `inside` that holds it (nil: to the end).
    static func firstStrong<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from: Int, inside name: [UInt8]?) -> Strong
    where Bytes.Index == Int {
        var i = from, depth = 1
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") {
                let tag = self.tag(bytes, at: i)
                if let name, tag.name == name {
                    depth += tag.isClosing ? -1 : 1
                    if depth == 0 { return .none }
                }
                i = tag.end + 1
            } else if byte == UInt8(ascii: "&") {
                // An entity (`&amp;`, `&#39;`) is punctuation: cmark-gfm writes letters as they are.
                let semicolon = bytes[(i + 1)..<min(bytes.count, i + 12)].firstIndex(of: UInt8(ascii: ";"))
                i = (semicolon ?? i) + 1
            } else if byte < 0x80 {
                if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") { return .leftToRight }
                i += 1
            } else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(bytes.count, i + length)
                var scalar: Unicode.Scalar?
                var decoder = UTF8()
                var iterator = bytes[i..<end].makeIterator()
                if case .scalarValue(let s) = decoder.decode(&iterator) { scalar = s }
                if let scalar {
                    let direction = strong(scalar)
                    if direction != .none { return direction }
                }
                i = end
            }
        }
        return .none
    }
}
