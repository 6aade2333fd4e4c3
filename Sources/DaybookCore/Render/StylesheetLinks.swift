import Foundation

/// The links of a stylesheet to other files: each `url(…)` (quoted or not) and each `@import`
/// written as a string (`@import "print.css";`). Comments are skipped, and so are strings
/// that are no `@import`'s.
public enum StylesheetLinks {
    /// One link: its address as written, and the bytes of the stylesheet that write it (the whole
    /// `url(…)`, or the `@import`'s string with its quotes).
    public struct Found: Sendable, Equatable {
        public var address: String
        public var range: Range<Int>
        public var isFunction: Bool
    }

    /// The links of `css` (its UTF-8 bytes), in order.
    public static func find(in css: [UInt8]) -> [Found] {
        var found: [Found] = []
        var i = 0
        // After `@import`, until its `;`: a string there is the address.
        var inImport = false
        func isNameByte(_ byte: UInt8) -> Bool {
            let lower = lowercased(byte)
            return byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        func starts(_ word: String, at: Int) -> Bool {
            let bytes = Array(word.utf8)
            guard at + bytes.count <= css.count else { return false }
            return bytes.indices.allSatisfy { StylesheetLinks.lowercased(css[at + $0]) == bytes[$0] }
        }
        /// The end of the string whose opening quote is at `at` (the index after its closing
        /// quote; at a line break or the end, where it stops unclosed).
        func stringEnd(_ at: Int) -> Int {
            var j = at + 1
            while j < css.count, css[j] != css[at], css[j] != 0x0A {
                j += css[j] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(j + 1, css.count)
        }
        while i < css.count {
            let byte = css[i]
            if byte == UInt8(ascii: "/"), i + 1 < css.count, css[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < css.count, !(css[j] == UInt8(ascii: "*") && css[j + 1] == UInt8(ascii: "/")) { j += 1 }
                i = j + 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let end = stringEnd(i)
                if inImport, end - i >= 2, css[end - 1] == byte {
                    found.append(Found(address: String(decoding: css[(i + 1)..<(end - 1)], as: UTF8.self), range: i..<end, isFunction: false))
                    inImport = false
                }
                i = end
            } else if byte == UInt8(ascii: "@"), starts("@import", at: i), !(i + 7 < css.count && isNameByte(css[i + 7])) {
                inImport = true
                i += 7
            } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{") {
                inImport = false
                i += 1
            } else if lowercased(byte) == UInt8(ascii: "u"), starts("url(", at: i), i == 0 || !isNameByte(css[i - 1]) {
                var j = i + 4
                while j < css.count, isSpace(css[j]) { j += 1 }
                var value: Range<Int>
                if j < css.count, css[j] == UInt8(ascii: "\"") || css[j] == UInt8(ascii: "'") {
                    let end = stringEnd(j)
                    value = (j + 1)..<max(j + 1, end - 1)
                    j = end
                    while j < css.count, isSpace(css[j]) { j += 1 }
                } else {
                    let start = j
                    while j < css.count, css[j] != UInt8(ascii: ")"), !isSpace(css[j]) { j += 1 }
                    value = start..<j
                    while j < css.count, isSpace(css[j]) { j += 1 }
                }
                guard j < css.count, css[j] == UInt8(ascii: ")") else {
                    i += 4
                    continue
                }
                found.append(Found(address: String(decoding: css[value], as: UTF8.self), range: i..<(j + 1), isFunction: true))
                inImport = false
                i = j + 1
            } else {
                i += 1
            }
        }
        return found
    }

    /// An ASCII capital's small letter; any other byte as it is.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// `css` with the address of each link replaced by what `replace` gives for it (given the
    /// address as written and the byte offset of its link), or kept where that is nil.
    public static func rewriting(_ css: [UInt8], _ replace: (_ address: String, _ offset: Int) -> String?) -> [UInt8] {
        var out: [UInt8] = []
        var copied = 0
        for link in find(in: css) {
            guard let address = replace(link.address, link.range.lowerBound) else { continue }
            let quoted = "\"" + address.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\a ") + "\""
            if out.isEmpty { out.reserveCapacity(css.count) }
            out += css[copied..<link.range.lowerBound]
            out += Array((link.isFunction ? "url(" + quoted + ")" : quoted).utf8)
            copied = link.range.upperBound
        }
        guard copied > 0 else { return css }
        return out + css[copied...]
    }
}
