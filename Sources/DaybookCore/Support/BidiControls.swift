import Foundation

/// Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) in a
/// short text a page shows beside others: a title, a tag, a card's value.
enum BidiControls {
    /// `text` with each embedding, override or isolate it leaves open closed at its end (U+202C,
    /// U+2069), and the code points of those left open; nil when it leaves none open. An override
    /// left open in a title ran on over what a page shows after it in the same line (a list's date
    /// read backwards: found by a hostile-input audit); closed, the text reads as its writer meant.
    static func closed(_ text: String) -> (text: String, open: [String])? {
        // Every one of them is E2 80 xx or E2 81 xx in UTF-8: most texts have no E2 at all (looked
        // for by `memchr`: `utf8.contains` took 20 M instructions a build of 10,000 entries).
        let mayHold = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 0xE2, bytes.count) != nil } ?? false
        } ?? text.utf8.contains(0xE2)
        guard mayHold else { return nil }
        var stack: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A...0x202E where scalar.value != 0x202C, 0x2066...0x2068:
                stack.append(scalar)
            case 0x202C:
                // A PDF closes the last embedding or override, not past an isolate.
                if let last = stack.last, !(0x2066...0x2068).contains(last.value) { stack.removeLast() }
            case 0x2069:
                // A PDI closes the last isolate and what was opened inside it.
                if let isolate = stack.lastIndex(where: { (0x2066...0x2068).contains($0.value) }) { stack.removeSubrange(isolate...) }
            default:
                break
            }
        }
        guard !stack.isEmpty else { return nil }
        var result = text.unicodeScalars
        for scalar in stack.reversed() { result.append((0x2066...0x2068).contains(scalar.value) ? "\u{2069}" : "\u{202C}") }
        var names: [String] = []
        for scalar in stack {
            let name = "U+" + String(scalar.value, radix: 16, uppercase: true)
            if !names.contains(name) { names.append(name) }
        }
        return (String(result), names)
    }

    /// The warning's reason for the value of `key` that left `open` open.
    static func reason(key: String, open: [String]) -> String {
        "\"\(key)\" leaves \(open.count == 1 ? "a bidirectional control" : "bidirectional controls") open (\(open.joined(separator: ", "))), "
            + "which would turn the text after it on a page around too: closed at its end"
    }
}
