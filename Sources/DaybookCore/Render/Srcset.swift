/// A `srcset` value's image candidates, as the HTML standard's "parse a srcset attribute" splits
/// them: candidates are separated by commas and white space; each is a URL (a run of non-space
/// characters, which may hold commas, but not end with one: those separate) and its descriptors
/// (`2x`, `480w`), up to the next comma outside parentheses. The descriptors are not checked.
public enum Srcset {
    /// One candidate: the byte ranges of its URL and of its descriptors (white space around them
    /// included, the comma after them not).
    public struct Candidate: Sendable, Equatable {
        public var url: Range<Int>
        public var descriptors: Range<Int>
    }

    /// The candidates of `value` (its UTF-8 bytes), in order.
    public static func candidates(_ value: [UInt8]) -> [Candidate] {
        let comma = UInt8(ascii: ",")
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        var found: [Candidate] = []
        var i = 0
        while true {
            while i < value.count, isSpace(value[i]) || value[i] == comma { i += 1 }
            guard i < value.count else { return found }
            let start = i
            while i < value.count, !isSpace(value[i]) { i += 1 }
            var end = i
            while value[end - 1] == comma { end -= 1 }
            // A URL that ended in a comma has no descriptors.
            if end < i {
                found.append(Candidate(url: start..<end, descriptors: end..<end))
                continue
            }
            var inParentheses = false
            var after = i
            while i < value.count {
                let byte = value[i]
                i += 1
                if inParentheses {
                    inParentheses = byte != UInt8(ascii: ")")
                } else if byte == UInt8(ascii: "(") {
                    inParentheses = true
                } else if byte == comma {
                    break
                }
                after = i
            }
            found.append(Candidate(url: start..<end, descriptors: end..<after))
        }
    }

    /// The URLs of `value`'s candidates.
    public static func urls(_ value: String) -> [String] {
        let bytes = Array(value.utf8)
        return candidates(bytes).map { String(decoding: bytes[$0.url], as: UTF8.self) }
    }
}
