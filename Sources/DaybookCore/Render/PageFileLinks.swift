import Foundation

/// The links of a page to the files it loads with it: the `href` of a `<link>` to a stylesheet
/// or an icon (a `rel` that names `stylesheet`, or a word with `icon` in it: `icon`,
/// `apple-touch-icon`), the `src` and `srcset` of an `<img>`, the `srcset` of a `<source>`, the
/// `src` of a `<script>`, and the links of a `<style>` element's stylesheet (``StylesheetLinks``).
/// Links to pages (`<a href>`), media players' files and the rest are no such files. Tags are
/// read as the HTML standard tokenizes them: attributes quoted or not, in any case, entities
/// decoded; comments and the text of `<script>`, `<textarea>` and `<title>` hold no tags.
public enum PageFileLinks {
    /// `html` with the address of each such link replaced by what `replace` gives for it (given
    /// the address as written, entities decoded), or kept where that is nil. An empty address
    /// leaves the link out: `href=""` and `src=""` load nothing, and a `srcset` candidate goes.
    public static func rewriting(_ html: String, _ replace: (String) -> String?) -> String {
        let page = Array(html.utf8)
        let rewritten = rewriting(page, replace)
        return rewritten == page ? html : String(decoding: rewritten, as: UTF8.self)
    }

    /// The same for the page's UTF-8 bytes.
    public static func rewriting(_ page: [UInt8], _ replace: (String) -> String?) -> [UInt8] {
        var out: [UInt8] = []
        var copied = 0
        // Writes `bytes` in place of `range` of the page.
        func put(_ bytes: [UInt8], over range: Range<Int>) {
            if out.isEmpty { out.reserveCapacity(page.count) }
            out += page[copied..<range.lowerBound]
            out += bytes
            copied = range.upperBound
        }
        var i = 0
        while i < page.count {
            guard let open = page[i...].firstIndex(of: UInt8(ascii: "<")) else { break }
            i = open + 1
            guard i < page.count else { break }
            if page[i] == UInt8(ascii: "!") {
                // A comment ends at `-->`; `<!DOCTYPE …>` and the like at `>`.
                if starts("!--", in: page, at: i) {
                    i = find("-->", in: page, from: i + 3).map { $0 + 3 } ?? page.count
                } else {
                    i = page[i...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? page.count
                }
                continue
            }
            guard isLetter(page[i]) else { continue }
            let tag = Tag(page, at: i)
            i = tag.end
            // In the order of the attributes in the tag, whatever their names.
            var edits: [(range: Range<Int>, bytes: [UInt8])] = []
            switch tag.name {
            case "link":
                let rel = tag.value("rel").map { String(decoding: page[$0.value], as: UTF8.self).lowercased() } ?? ""
                let words = rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" || $0 == "\r" })
                guard words.contains("stylesheet") || words.contains(where: { $0.contains("icon") }) else { break }
                if let href = tag.value("href"), let new = replace(decoded(page[href.value])) { edits.append((href.whole, quoted(new))) }
            case "img", "script", "source":
                if tag.name != "source", let src = tag.value("src"), let new = replace(decoded(page[src.value])) {
                    edits.append((src.whole, quoted(new)))
                }
                if tag.name != "script", let srcset = tag.value("srcset") {
                    let value = Array(decoded(page[srcset.value]).utf8)
                    var changed = false
                    var kept: [String] = []
                    for candidate in Srcset.candidates(value) {
                        let descriptors = String(decoding: value[candidate.descriptors], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                        let url = String(decoding: value[candidate.url], as: UTF8.self)
                        let new = replace(url)
                        changed = changed || new != nil
                        if new == "" { continue }
                        kept.append((new ?? url) + (descriptors.isEmpty ? "" : " " + descriptors))
                    }
                    if changed { edits.append((srcset.whole, quoted(kept.joined(separator: ", ")))) }
                }
            default: break
            }
            for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) { put(edit.bytes, over: edit.range) }
            // Raw text: the element's text ends only at its end tag.
            guard !tag.closesItself, ["script", "style", "textarea", "title"].contains(tag.name) else { continue }
            let end = find("</" + tag.name, in: page, from: i, ignoringCase: true) ?? page.count
            if tag.name == "style" {
                let css = Array(page[i..<end])
                let rewritten = StylesheetLinks.rewriting(css) { address, _ in replace(address) }
                if rewritten != css { put(rewritten, over: i..<end) }
            }
            i = end
        }
        guard copied > 0 else { return page }
        return out + page[copied...]
    }

    /// A start tag: its name in small letters, its attributes and where it ends.
    struct Tag {
        var name: String
        var attributes: [(name: String, value: Range<Int>, whole: Range<Int>)] = []
        var closesItself = false
        /// The index after its `>`.
        var end: Int

        /// The tag whose name starts at `at` (after its `<`).
        init(_ page: [UInt8], at: Int) {
            var i = at
            while i < page.count, !PageFileLinks.isSpace(page[i]), page[i] != UInt8(ascii: "/"), page[i] != UInt8(ascii: ">") { i += 1 }
            name = String(decoding: page[at..<i], as: UTF8.self).lowercased()
            end = page.count
            while i < page.count {
                while i < page.count, PageFileLinks.isSpace(page[i]) || page[i] == UInt8(ascii: "/") {
                    closesItself = page[i] == UInt8(ascii: "/")
                    i += 1
                }
                guard i < page.count else { break }
                if page[i] == UInt8(ascii: ">") {
                    end = i + 1
                    break
                }
                closesItself = false
                let nameStart = i
                i += 1
                while i < page.count, !PageFileLinks.isSpace(page[i]), page[i] != UInt8(ascii: "/"), page[i] != UInt8(ascii: ">"), page[i] != UInt8(ascii: "=") { i += 1 }
                let attribute = String(decoding: page[nameStart..<i], as: UTF8.self).lowercased()
                var j = i
                while j < page.count, PageFileLinks.isSpace(page[j]) { j += 1 }
                guard j < page.count, page[j] == UInt8(ascii: "=") else {
                    attributes.append((attribute, i..<i, i..<i))
                    continue
                }
                j += 1
                while j < page.count, PageFileLinks.isSpace(page[j]) { j += 1 }
                if j < page.count, page[j] == UInt8(ascii: "\"") || page[j] == UInt8(ascii: "'") {
                    let close = page[(j + 1)...].firstIndex(of: page[j]) ?? page.count
                    attributes.append((attribute, (j + 1)..<close, j..<min(close + 1, page.count)))
                    i = min(close + 1, page.count)
                } else {
                    let start = j
                    while j < page.count, !PageFileLinks.isSpace(page[j]), page[j] != UInt8(ascii: ">") { j += 1 }
                    attributes.append((attribute, start..<j, start..<j))
                    i = j
                }
            }
        }

        /// The first attribute of that name (as the standard keeps the first of two).
        func value(_ name: String) -> (value: Range<Int>, whole: Range<Int>)? {
            attributes.first { $0.name == name }.map { ($0.value, $0.whole) }
        }
    }

    /// An attribute's value as written in the page, its character references decoded:
    /// `&amp;`, `&quot;`, `&#39;`, `&lt;`, `&gt;` and numeric ones (`&#x2F;`).
    static func decoded(_ value: ArraySlice<UInt8>) -> String {
        let text = String(decoding: value, as: UTF8.self)
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            let named = ["&amp;": "&", "&quot;": "\"", "&apos;": "'", "&lt;": "<", "&gt;": ">"]
            if let entity = named.first(where: { rest.hasPrefix($0.key) }) {
                out += entity.value
                rest = rest.dropFirst(entity.key.count)
            } else if rest.hasPrefix("&#"), let semicolon = rest.prefix(12).firstIndex(of: ";") {
                let digits = rest[rest.index(rest.startIndex, offsetBy: 2)..<semicolon]
                let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                guard let number, let scalar = Unicode.Scalar(number) else {
                    out += "&"
                    rest = rest.dropFirst()
                    continue
                }
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    /// `value` as a quoted attribute value: `"…"`, its `&` and `"` escaped.
    static func quoted(_ value: String) -> [UInt8] {
        Array(("\"" + value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;") + "\"").utf8)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    static func starts(_ text: String, in page: [UInt8], at: Int, ignoringCase: Bool = false) -> Bool {
        let bytes = Array(text.utf8)
        guard at + bytes.count <= page.count else { return false }
        return bytes.indices.allSatisfy { ignoringCase ? StylesheetLinks.lowercased(page[at + $0]) == bytes[$0] : page[at + $0] == bytes[$0] }
    }

    /// Where `text` (in small letters, with `ignoringCase`) is next in `page` from `from`.
    static func find(_ text: String, in page: [UInt8], from: Int, ignoringCase: Bool = false) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var i = from
        while i < page.count {
            guard let hit = page[i...].firstIndex(where: { ignoringCase ? StylesheetLinks.lowercased($0) == first : $0 == first }) else { return nil }
            if starts(text, in: page, at: hit, ignoringCase: ignoringCase) { return hit }
            i = hit + 1
        }
        return nil
    }
}
