/// URL slugs: lower-case letters and digits of any script, runs of anything else made one `-`.
/// A slug never holds `/`, `.`, `..` or spaces, so it cannot leave the folder it names.
public enum Slug {
    /// The most UTF-8 bytes a slug has: with a date before it and a `-2` after, a folder's name
    /// stays under the 255 bytes file systems allow (80 characters of a 4-byte script would not).
    public static let maxBytes = 200

    /// A title's slug: at most `maxLength` characters (and ``maxBytes`` bytes). Letters written
    /// in compatibility forms (`𝐁𝐨𝐥𝐝`, full-width `Ａ`, `ﬁ`) are taken as the plain ones (NFKC).
    public static func make(_ text: String, maxLength: Int = 80) -> String {
        var copy = text
        return copy.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) ? makeASCII(text, maxLength: min(maxLength, maxBytes)) : makeUnicode(text, maxLength: maxLength)
    }

    /// The page name of an entry without an `id`: its day, then its title's slug (`entry` for a
    /// title with none), `2021-11-13-first-walk`.
    public static func entry(day: CalendarDay, title: String) -> String {
        let slug = make(title)
        return "\(day)-" + (slug.isEmpty ? "entry" : slug)
    }

    /// An explicit `id`'s slug: used as given when it is a slug already, up to ``maxBytes`` bytes.
    public static func id(_ id: String) -> String {
        make(id, maxLength: maxBytes)
    }

    /// A tag's slug: ``make(_:maxLength:)``, or for a name with no letter or digit (`🌧️`, `!!!`)
    /// its characters' code points in hex (`1f327-fe0f`), so that the tag still has a page.
    /// Empty only for a name of nothing but white space.
    public static func tag(_ name: String) -> String {
        let slug = make(name)
        guard slug.isEmpty else { return slug }
        let points = name.unicodeScalars.filter { !$0.properties.isWhitespace }.prefix(16)
        return points.map { String($0.value, radix: 16) }.joined(separator: "-")
    }

    /// ``make(_:maxLength:)`` for any text, scalar by scalar.
    static func makeUnicode(_ text: String, maxLength: Int) -> String {
        var result = String.UnicodeScalarView()
        var pendingDash = false
        var count = 0, bytes = 0
        let plain = needsCompatibilityMapping(text) ? text.precomposedStringWithCompatibilityMapping : text
        for scalar in plain.lowercased().unicodeScalars {
            if isMark(scalar) {
                // A mark belongs to the letter before it (a virama in हिन्दी); a Latin accent no
                // composition took in (`i̇` from `İ`) is left out, with no dash for it.
                if !pendingDash, !result.isEmpty, !(scalar.value >= 0x300 && scalar.value <= 0x36F), bytes + UTF8.width(scalar) <= maxBytes {
                    bytes += UTF8.width(scalar)
                    result.append(scalar)
                }
                continue
            }
            if keeps(scalar) {
                let dash = pendingDash && !result.isEmpty
                let size = (dash ? 1 : 0) + UTF8.width(scalar)
                if bytes + size > maxBytes { break }
                if dash {
                    result.append("-")
                    count += 1
                }
                bytes += size
                pendingDash = false
                result.append(scalar)
                count += 1
                if count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        return String(result)
    }

    /// Whether NFKC would change more of `text` than its case (`𝐁`, `Ａ`, `ﬁ`): most titles
    /// (Hangul, Han, accented Latin) skip the normalization, which costs a build's worth of time.
    static func needsCompatibilityMapping(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let v = scalar.value
            guard v >= 0x80, !(v >= 0xAC00 && v <= 0xD7A3), !(v >= 0x4E00 && v <= 0x9FFF) else { return false }
            // Text written decomposed (`e` and U+0301, as macOS often keeps it; Hangul jamo) is composed first.
            if (v >= 0x300 && v <= 0x36F) || (v >= 0x1100 && v <= 0x11FF) { return true }
            // Below U+2000 a capital (`É`, `Ω`, `Ж`) folds by its case alone; above it, capitals
            // may be compatibility forms too (full-width `Ａ`).
            return scalar.properties.changesWhenNFKCCaseFolded && (v >= 0x2000 || !scalar.properties.changesWhenLowercased)
        }
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether a slug keeps a (lower-cased) character: a letter or digit of any script.
    static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 48 && v <= 57) || (v >= 97 && v <= 122)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// ``make(_:maxLength:)`` for ASCII text, byte by byte.
    static func makeASCII(_ text: String, maxLength: Int) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(min(text.utf8.count, maxLength))
        var pendingDash = false
        for byte in text.utf8 {
            let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
            if (lower >= 48 && lower <= 57) || (lower >= 97 && lower <= 122) {
                if pendingDash && !result.isEmpty { result.append(45) }
                pendingDash = false
                result.append(lower)
                if result.count >= maxLength { break }
            } else {
                pendingDash = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Percent-encodes a path for an `href`: ASCII letters, digits and `-._~/` stay as they are.
    public static func urlPath(_ path: String) -> String {
        var copy = path
        if copy.withUTF8({ $0.allSatisfy(isSafeInURL) }) { return path }
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    /// Whether ``urlPath(_:)`` keeps the byte as it is.
    static func isSafeInURL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
