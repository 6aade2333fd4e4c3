import Foundation

/// A strict RFC 8259 JSON parser that records where every value starts.
///
/// Rejects comments, trailing commas, `NaN`/`Infinity`, single quotes, numbers outside the
/// JSON grammar (leading zeros, `1.`, `.5`, `+1`), unescaped control characters in strings,
/// invalid escapes, unpaired UTF-16 surrogates in `\u` escapes and ill-formed UTF-8 anywhere,
/// each with the byte offset of the problem. Nesting deeper than ``maxDepth`` arrays and
/// objects is an error rather than a stack overflow: the parser keeps its own stack.
/// It never traps, whatever the input.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 512

    /// Parses a whole document (a UTF-8 BOM is skipped; surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var controls = false
        return try parse(bytes, controls: &controls)
    }

    /// The same, and `controls` set when a string holds a ``isControl(_:)`` character (written
    /// as an escape: the raw ones are errors), so that a reader need look for them only then.
    static func parse(_ bytes: [UInt8], controls: inout Bool) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONNode in
            var engine = Engine(buffer)
            defer { controls = controls || engine.sawControl }
            return try engine.parseDocument()
        }
    }

    /// Characters valid in JSON strings that HTML and XML 1.0 documents cannot hold: the C0
    /// controls but tab, line feed and carriage return, and U+FFFE and U+FFFF.
    static func isControl(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
    }

    /// Parses a document like ``parse(_:)``, with the same result for every input, but a large
    /// top-level array is cut at its top-level commas and the pieces parsed in parallel. When the
    /// cut finds anything unexpected or a piece does not parse, the document is parsed whole,
    /// so an error is the one ``parse(_:)`` reports. Smaller documents, and arrays of fewer elements, are parsed whole.
    public static func parseInParallel(_ bytes: [UInt8], minimumBytes: Int = 1 << 16,
                                       minimumElements: Int = 1024) throws(JSONSyntaxError) -> JSONNode {
        var controls = false
        return try parseInParallel(bytes, minimumBytes: minimumBytes, minimumElements: minimumElements, controls: &controls)
    }

    /// The same, noting control characters as ``parse(_:controls:)`` does.
    static func parseInParallel(_ bytes: [UInt8], minimumBytes: Int = 1 << 16, minimumElements: Int = 1024,
                                controls: inout Bool) throws(JSONSyntaxError) -> JSONNode {
        guard bytes.count >= minimumBytes,
              let (start, pieces) = bytes.withUnsafeBufferPointer({ topLevelElements($0) }),
              pieces.count >= minimumElements else {
            return try parse(bytes, controls: &controls)
        }
        let elements: [(node: JSONNode?, controls: Bool)] = chunkedMap(pieces) { chunk in
            bytes.withUnsafeBufferPointer { buffer in
                var engine = Engine(buffer)
                engine.depthLimit = maxDepth - 1
                return chunk.map { range in
                    engine.sawControl = false
                    return (engine.parseElement(range), engine.sawControl)
                }
            }
        }
        var nodes: [JSONNode] = []
        nodes.reserveCapacity(elements.count)
        for element in elements {
            guard let node = element.node else { return try parse(bytes, controls: &controls) }
            nodes.append(node)
            if element.controls { controls = true }
        }
        return JSONNode(value: .array(nodes), offset: start)
    }

    /// Where a top-level array starts and the byte ranges between its `[`, top-level commas and `]`,
    /// found by tracking nesting and skipping strings; nil when the document is not shaped so.
    /// The ranges are only a proposal: each is parsed strictly on its own.
    static func topLevelElements(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, pieces: [Range<Int>])? {
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        var pos = 0
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while pos < end, isSpace(bytes[pos]) { pos += 1 }
        guard pos < end, bytes[pos] == UInt8(ascii: "[") else { return nil }
        let start = pos
        pos += 1
        var pieces: [Range<Int>] = []
        var pieceStart = pos
        var depth = 0
        while pos < end {
            switch bytes[pos] {
            case UInt8(ascii: "\""):
                // To the closing quote: the next quote not escaped by an odd run of backslashes.
                let contentStart = pos + 1
                var from = contentStart
                while true {
                    guard let found = memchr(base + from, 0x22, end - from) else { return nil }
                    let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    var backslashes = 0
                    while quote - backslashes - 1 >= contentStart, bytes[quote - backslashes - 1] == 0x5C { backslashes += 1 }
                    from = quote + 1
                    if backslashes % 2 == 0 { break }
                }
                pos = from
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 {
                    guard bytes[pos] == UInt8(ascii: "]") else { return nil }
                    pieces.append(pieceStart..<pos)
                    pos += 1
                    while pos < end, isSpace(bytes[pos]) { pos += 1 }
                    return pos == end ? (start, pieces) : nil
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    pieces.append(pieceStart..<pos)
                    pieceStart = pos + 1
                }
            default:
                break
            }
            pos += 1
        }
        return nil
    }
}

extension JSONParser {
    /// One open array or object while parsing. Its finished elements or members wait on
    /// the engine's shared stacks from `firstIndex` on, so that each container's array is
    /// allocated once, at its final size, when the container closes.
    private struct Frame {
        var isObject: Bool
        var offset: Int
        var firstIndex: Int
        var key: String = ""
        var keyOffset: Int = 0
    }

    /// The parse of one buffer: a cursor over the bytes and a scratch buffer for strings with escapes.
    private struct Engine {
        let bytes: UnsafeBufferPointer<UInt8>
        var end: Int
        var pos = 0
        /// The deepest nesting accepted below the value parsed (one less for an array's element).
        var depthLimit = JSONParser.maxDepth
        var scratch: [UInt8] = []
        /// Whether a string decoded so far holds a ``JSONParser/isControl(_:)`` character.
        var sawControl = false
        var pendingElements: [JSONNode] = []
        var pendingMembers: [JSONMember] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            self.end = bytes.count
        }

        // MARK: Document and containers

        mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
            if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                pos = 3
            }
            let contentStart = pos
            skipWhitespace()
            if pos == end {
                let reason = contentStart == end ? "the file is empty" : "the file contains only whitespace"
                throw JSONSyntaxError(offset: 0, reason: reason)
            }
            let root = try parseValueTree()
            skipWhitespace()
            if pos != end {
                throw unexpected(at: pos) { _ in "unexpected text after the JSON value" }
            }
            return root
        }

        /// The one value in `range`, whitespace around it allowed; nil when the range holds anything else.
        mutating func parseElement(_ range: Range<Int>) -> JSONNode? {
            pos = range.lowerBound
            end = range.upperBound
            skipWhitespace()
            guard let node = try? parseValueTree() else { return nil }
            skipWhitespace()
            return pos == end ? node : nil
        }

        /// Parses the value at `pos` (whitespace already skipped), arrays and objects without recursion.
        mutating func parseValueTree() throws(JSONSyntaxError) -> JSONNode {
            var stack: [Frame] = []
            while true {
                // A value is expected at `pos`.
                let start = pos
                guard pos < end else {
                    throw unexpected(at: pos) { "expected a value, found \($0)" }
                }
                var node: JSONNode
                switch bytes[pos] {
                case UInt8(ascii: "["):
                    guard stack.count < depthLimit else { throw tooDeep(at: start) }
                    pos += 1
                    skipWhitespace()
                    if pos < end, bytes[pos] == UInt8(ascii: "]") {
                        pos += 1
                        node = JSONNode(value: .array([]), offset: start)
                    } else {
                        stack.append(Frame(isObject: false, offset: start, firstIndex: pendingElements.count))
                        continue
                    }
                case UInt8(ascii: "{"):
                    guard stack.count < depthLimit else { throw tooDeep(at: start) }
                    pos += 1
                    skipWhitespace()
                    if pos < end, bytes[pos] == UInt8(ascii: "}") {
                        pos += 1
                        node = JSONNode(value: .object([]), offset: start)
                    } else {
                        guard pos < end, bytes[pos] == UInt8(ascii: "\"") else {
                            throw unexpected(at: pos, quoteHint: true) {
                                "expected a key in double quotes or '}', found \($0)"
                            }
                        }
                        var frame = Frame(isObject: true, offset: start, firstIndex: pendingMembers.count)
                        frame.keyOffset = pos
                        frame.key = try parseString()
                        try expectColon()
                        stack.append(frame)
                        continue
                    }
                case UInt8(ascii: "\""):
                    node = JSONNode(value: .string(try parseString()), offset: start)
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    node = JSONNode(value: .number(try parseNumber()), offset: start)
                case UInt8(ascii: "t"):
                    try parseLiteral("true")
                    node = JSONNode(value: .bool(true), offset: start)
                case UInt8(ascii: "f"):
                    try parseLiteral("false")
                    node = JSONNode(value: .bool(false), offset: start)
                case UInt8(ascii: "n"):
                    try parseLiteral("null")
                    node = JSONNode(value: .null, offset: start)
                default:
                    throw unexpected(at: pos, quoteHint: true) { "expected a value, found \($0)" }
                }

                // `node` is complete: hand it to the open containers, closing those that end here.
                while true {
                    let top = stack.count - 1
                    guard top >= 0 else { return node }
                    skipWhitespace()
                    if stack[top].isObject {
                        pendingMembers.append(
                            JSONMember(key: stack[top].key, keyOffset: stack[top].keyOffset, value: node))
                        guard pos < end else {
                            throw unexpected(at: pos) { "expected ',' or '}' after an object member, found \($0)" }
                        }
                        if bytes[pos] == UInt8(ascii: "}") {
                            pos += 1
                            let frame = stack.removeLast()
                            let members = Array(pendingMembers[frame.firstIndex...])
                            pendingMembers.removeLast(pendingMembers.count - frame.firstIndex)
                            node = JSONNode(value: .object(members), offset: frame.offset)
                            continue
                        }
                        guard bytes[pos] == UInt8(ascii: ",") else {
                            throw unexpected(at: pos) { "expected ',' or '}' after an object member, found \($0)" }
                        }
                        let comma = pos
                        pos += 1
                        skipWhitespace()
                        guard pos < end, bytes[pos] == UInt8(ascii: "\"") else {
                            if pos < end, bytes[pos] == UInt8(ascii: "}") {
                                throw JSONSyntaxError(offset: comma, reason: "trailing comma before '}'")
                            }
                            throw unexpected(at: pos, quoteHint: true) { "expected a key in double quotes, found \($0)" }
                        }
                        stack[top].keyOffset = pos
                        stack[top].key = try parseString()
                        try expectColon()
                        break
                    } else {
                        pendingElements.append(node)
                        guard pos < end else {
                            throw unexpected(at: pos) { "expected ',' or ']' after an array element, found \($0)" }
                        }
                        if bytes[pos] == UInt8(ascii: "]") {
                            pos += 1
                            let frame = stack.removeLast()
                            let elements = Array(pendingElements[frame.firstIndex...])
                            pendingElements.removeLast(pendingElements.count - frame.firstIndex)
                            node = JSONNode(value: .array(elements), offset: frame.offset)
                            continue
                        }
                        guard bytes[pos] == UInt8(ascii: ",") else {
                            throw unexpected(at: pos) { "expected ',' or ']' after an array element, found \($0)" }
                        }
                        let comma = pos
                        pos += 1
                        skipWhitespace()
                        if pos < end, bytes[pos] == UInt8(ascii: "]") {
                            throw JSONSyntaxError(offset: comma, reason: "trailing comma before ']'")
                        }
                        break
                    }
                }
            }
        }

        /// After a key: whitespace, `:`, whitespace.
        mutating func expectColon() throws(JSONSyntaxError) {
            skipWhitespace()
            guard pos < end, bytes[pos] == UInt8(ascii: ":") else {
                throw unexpected(at: pos) { "expected ':' after an object key, found \($0)" }
            }
            pos += 1
            skipWhitespace()
        }

        @inline(__always)
        mutating func skipWhitespace() {
            while pos < end {
                switch bytes[pos] {
                case 0x20, 0x0A, 0x0D, 0x09: pos += 1
                default: return
                }
            }
        }

        // MARK: Scalars

        /// `true`, `false` or `null`, spelled exactly and not run into further letters or digits.
        mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
            let start = pos
            let count = word.utf8CodeUnitCount
            var matches = start + count <= end
            if matches {
                let text = word.utf8Start
                for k in 0..<count where bytes[start + k] != text[k] {
                    matches = false
                    break
                }
            }
            if matches, start + count < end, Self.isWordByte(bytes[start + count]) {
                matches = false
            }
            guard matches else {
                var wordEnd = start
                while wordEnd < end, wordEnd - start < 32, Self.isWordByte(bytes[wordEnd]) {
                    wordEnd += 1
                }
                let found = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<wordEnd]), as: UTF8.self)
                throw JSONSyntaxError(offset: start, reason: "expected '\(word)', found '\(found)'")
            }
            pos += count
        }

        static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }

        @inline(__always)
        func isDigit(at i: Int) -> Bool {
            i < end && bytes[i] &- UInt8(ascii: "0") < 10
        }

        /// A number by the RFC 8259 grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func parseNumber() throws(JSONSyntaxError) -> String {
            let start = pos
            if bytes[pos] == UInt8(ascii: "-") {
                pos += 1
                guard isDigit(at: pos) else {
                    throw unexpected(at: pos) { "expected a digit after '-', found \($0)" }
                }
            }
            if bytes[pos] == UInt8(ascii: "0") {
                if isDigit(at: pos + 1) {
                    throw JSONSyntaxError(offset: pos, reason: "leading zeros are not allowed in numbers")
                }
                pos += 1
            } else {
                while isDigit(at: pos) { pos += 1 }
            }
            if pos < end, bytes[pos] == UInt8(ascii: ".") {
                pos += 1
                guard isDigit(at: pos) else {
                    throw unexpected(at: pos) { "expected a digit after '.' in a number, found \($0)" }
                }
                while isDigit(at: pos) { pos += 1 }
            }
            if pos < end, bytes[pos] | 0x20 == UInt8(ascii: "e") {
                pos += 1
                if pos < end, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") {
                    pos += 1
                }
                guard isDigit(at: pos) else {
                    throw unexpected(at: pos) { "expected a digit in the exponent of a number, found \($0)" }
                }
                while isDigit(at: pos) { pos += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos]), as: UTF8.self)
        }

        // MARK: Strings

        /// Moves `pos` to the next `"`, `\` or control character (or the end), eight bytes at a
        /// time, and returns the OR of the bytes skipped (bit 7 set: some were not ASCII).
        @inline(__always)
        mutating func skipPlainStringBytes() -> UInt64 {
            var seen: UInt64 = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                let ones: UInt64 = 0x0101_0101_0101_0101
                while pos + 8 <= end {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: pos, as: UInt64.self))
                    let quote = word ^ 0x2222_2222_2222_2222
                    let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                    let hits = (((quote &- ones) & ~quote)
                        | ((backslash &- ones) & ~backslash)
                        | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080
                    if hits != 0 {
                        break
                    }
                    seen |= word
                    pos += 8
                }
            }
            while pos < end {
                let byte = bytes[pos]
                if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                seen |= UInt64(byte)
                pos += 1
            }
            return seen
        }

        /// The string whose opening quote is at `pos`; leaves `pos` after the closing quote.
        mutating func parseString() throws(JSONSyntaxError) -> String {
            let quote = pos
            pos += 1
            let contentStart = pos
            var seen = skipPlainStringBytes()
            if pos < end, bytes[pos] == UInt8(ascii: "\"") {
                let contentEnd = pos
                pos += 1
                let raw = UnsafeBufferPointer(rebasing: bytes[contentStart..<contentEnd])
                guard seen & 0x8080_8080_8080_8080 != 0 else {
                    return UTF8Text.ascii(raw)
                }
                return try checkedString(raw, rawStart: contentStart, rawEnd: contentEnd)
            }

            // Escapes (or an error): decode into `scratch`, plain runs copied whole.
            scratch.removeAll(keepingCapacity: true)
            var runStart = contentStart
            while true {
                guard pos < end else {
                    throw stringError(offset: quote, reason: "unterminated string", contentStart: contentStart, upTo: end)
                }
                let byte = bytes[pos]
                if byte == UInt8(ascii: "\"") {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<pos]))
                    pos += 1
                    break
                } else if byte == UInt8(ascii: "\\") {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<pos]))
                    try decodeEscape(quote: quote, contentStart: contentStart)
                    runStart = pos
                } else {
                    throw stringError(
                        offset: pos, reason: "control character \(Self.codePoint(byte)) must be escaped in a string",
                        contentStart: contentStart, upTo: pos)
                }
                seen |= skipPlainStringBytes()
            }
            guard seen & 0x8080_8080_8080_8080 != 0 else {
                return scratch.withUnsafeBufferPointer { UTF8Text.string($0) }
            }
            // Escapes always decode to well-formed UTF-8, so only the raw bytes can be at fault.
            let decoded = scratch.withUnsafeBufferPointer { UTF8Text.string($0) }
            if decoded.utf8.count != scratch.count || Self.containsReplacementLead(decoded),
               let bad = UTF8Check.firstInvalidOffset(bytes, from: contentStart, to: pos - 1) {
                throw JSONSyntaxError(offset: bad, reason: "invalid UTF-8")
            }
            return decoded
        }

        /// A String from string content that is not all ASCII, validated once (``UTF8Check``):
        /// ill-formed bytes are an error at their offset.
        @inline(__always)
        func checkedString(_ raw: UnsafeBufferPointer<UInt8>, rawStart: Int, rawEnd: Int) throws(JSONSyntaxError) -> String {
            if let bad = UTF8Check.firstInvalidOffset(bytes, from: rawStart, to: rawEnd) {
                throw JSONSyntaxError(offset: bad, reason: "invalid UTF-8")
            }
            return UTF8Text.string(checked: raw)
        }

        /// Whether the string's UTF-8 holds a 0xEF byte, eight bytes at a time.
        static func containsReplacementLead(_ string: String) -> Bool {
            var string = string
            return string.withUTF8 { utf8 in
                guard let base = utf8.baseAddress else { return false }
                let raw = UnsafeRawPointer(base)
                let ones: UInt64 = 0x0101_0101_0101_0101
                var i = 0
                while i + 8 <= utf8.count {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0xEFEF_EFEF_EFEF_EFEF
                    if (word &- ones) & ~word & 0x8080_8080_8080_8080 != 0 { return true }
                    i += 8
                }
                while i < utf8.count {
                    if utf8[i] == 0xEF { return true }
                    i += 1
                }
                return false
            }
        }

        /// Decodes the escape whose backslash is at `pos` into `scratch` and moves past it.
        mutating func decodeEscape(quote: Int, contentStart: Int) throws(JSONSyntaxError) {
            let backslash = pos
            guard backslash + 1 < end else {
                throw stringError(offset: quote, reason: "unterminated string", contentStart: contentStart, upTo: end)
            }
            let letter = bytes[backslash + 1]
            let simple: UInt8
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
            case UInt8(ascii: "b"):
                simple = 0x08
                sawControl = true
            case UInt8(ascii: "f"):
                simple = 0x0C
                sawControl = true
            case UInt8(ascii: "n"): simple = 0x0A
            case UInt8(ascii: "r"): simple = 0x0D
            case UInt8(ascii: "t"): simple = 0x09
            case UInt8(ascii: "u"):
                try decodeUnicodeEscape(quote: quote, contentStart: contentStart)
                return
            default:
                let shown: String
                if letter < 0x20 || letter == 0x7F {
                    shown = "invalid escape '\\' followed by \(Self.codePoint(letter)) in string"
                } else if letter < 0x80 {
                    shown = "invalid escape '\\\(Character(Unicode.Scalar(letter)))' in string"
                } else if let scalar = UTF8Check.scalar(bytes, at: backslash + 1) {
                    shown = "invalid escape '\\\(Character(scalar))' in string"
                } else {
                    throw stringError(offset: backslash + 1, reason: "invalid UTF-8", contentStart: contentStart, upTo: backslash)
                }
                throw stringError(offset: backslash, reason: shown, contentStart: contentStart, upTo: backslash)
            }
            scratch.append(simple)
            pos += 2
        }

        /// `\uXXXX`, or a `\uD8xx\uDCxx` surrogate pair, at `pos`.
        mutating func decodeUnicodeEscape(quote: Int, contentStart: Int) throws(JSONSyntaxError) {
            let first = pos
            let high = try hexQuad(backslash: first, quote: quote, contentStart: contentStart)
            pos += 6
            var scalarValue = high
            if high >= 0xD800, high <= 0xDBFF {
                guard pos + 1 < end else {
                    throw stringError(offset: quote, reason: "unterminated string", contentStart: contentStart, upTo: end)
                }
                guard bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                    throw unpairedSurrogate(at: first, contentStart: contentStart)
                }
                let low = try hexQuad(backslash: pos, quote: quote, contentStart: contentStart)
                guard low >= 0xDC00, low <= 0xDFFF else {
                    throw unpairedSurrogate(at: first, contentStart: contentStart)
                }
                scalarValue = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                pos += 6
            } else if high >= 0xDC00, high <= 0xDFFF {
                throw unpairedSurrogate(at: first, contentStart: contentStart)
            }
            if JSONParser.isControl(scalarValue) { sawControl = true }
            appendUTF8(scalarValue)
        }

        /// The four hex digits after the `\u` at `backslash`.
        func hexQuad(backslash: Int, quote: Int, contentStart: Int) throws(JSONSyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for i in (backslash + 2)..<(backslash + 6) {
                guard i < end else {
                    throw stringError(offset: quote, reason: "unterminated string", contentStart: contentStart, upTo: end)
                }
                let byte = bytes[i]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default:
                    if byte >= 0x80, UTF8Check.scalar(bytes, at: i) == nil {
                        throw stringError(offset: i, reason: "invalid UTF-8", contentStart: contentStart, upTo: backslash)
                    }
                    throw stringError(
                        offset: backslash, reason: "'\\u' must be followed by 4 hex digits",
                        contentStart: contentStart, upTo: backslash)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        func unpairedSurrogate(at backslash: Int, contentStart: Int) -> JSONSyntaxError {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[backslash..<(backslash + 6)]), as: UTF8.self)
            return stringError(
                offset: backslash, reason: "unpaired surrogate '\(text)' in string",
                contentStart: contentStart, upTo: backslash)
        }

        mutating func appendUTF8(_ value: UInt32) {
            switch value {
            case 0..<0x80:
                scratch.append(UInt8(value))
            case 0x80..<0x800:
                scratch.append(UInt8(0xC0 | value >> 6))
                scratch.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                scratch.append(UInt8(0xE0 | value >> 12))
                scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | value & 0x3F))
            default:
                scratch.append(UInt8(0xF0 | value >> 18))
                scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
                scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
                scratch.append(UInt8(0x80 | value & 0x3F))
            }
        }

        // MARK: Errors

        /// An error inside a string, unless the string's raw bytes before `upTo` are already
        /// ill-formed UTF-8: that comes first in the file and is reported instead.
        func stringError(offset: Int, reason: String, contentStart: Int, upTo: Int) -> JSONSyntaxError {
            if let bad = UTF8Check.firstInvalidOffset(bytes, from: contentStart, to: upTo) {
                return JSONSyntaxError(offset: bad, reason: "invalid UTF-8")
            }
            return JSONSyntaxError(offset: offset, reason: reason)
        }

        /// An error for an unexpected byte at `offset`; `reason` gets a description of what
        /// is there. Ill-formed UTF-8 and comments get their own reasons.
        func unexpected(
            at offset: Int, quoteHint: Bool = false, _ reason: (String) -> String
        ) -> JSONSyntaxError {
            guard offset < end else {
                return JSONSyntaxError(offset: offset, reason: reason("the end of the file"))
            }
            let byte = bytes[offset]
            // A file saved as UTF-16 (Windows' "Unicode"): a byte-order mark, or a zero beside each ASCII byte.
            if byte == 0 || byte >= 0xFE, end >= 4, bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF
                || bytes[0] == 0 && bytes[1] != 0 || bytes[0] != 0 && bytes[1] == 0 {
                return JSONSyntaxError(offset: offset, reason: "the file is UTF-16, not UTF-8: save it as UTF-8")
            }
            if byte == UInt8(ascii: "/"), offset + 1 < end,
               bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*") {
                return JSONSyntaxError(offset: offset, reason: "comments are not allowed in JSON")
            }
            let found: String
            if byte < 0x20 || byte == 0x7F {
                found = Self.codePoint(byte)
            } else if byte < 0x80 {
                found = "'\(Character(Unicode.Scalar(byte)))'"
                if quoteHint, byte == UInt8(ascii: "'") {
                    return JSONSyntaxError(offset: offset, reason: reason(found) + " (JSON strings use double quotes)")
                }
            } else if let scalar = UTF8Check.scalar(bytes, at: offset) {
                found = "'\(Character(scalar))'"
            } else {
                return JSONSyntaxError(offset: offset, reason: "invalid UTF-8")
            }
            return JSONSyntaxError(offset: offset, reason: reason(found))
        }

        func tooDeep(at offset: Int) -> JSONSyntaxError {
            JSONSyntaxError(
                offset: offset,
                reason: "too deeply nested: more than \(JSONParser.maxDepth) levels of arrays and objects")
        }

        static func codePoint(_ byte: UInt8) -> String { JSONParser.codePoint(UInt32(byte)) }
    }

    /// `U+000A` style name of a scalar value.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
