/// Splits text into search terms, reading UTF-8 bytes: runs of letters, marks and numbers
/// (``SearchFolding/kind(_:)``) are words, folded by ``SearchFolding``; a run of Han or kana
/// gives each pair of neighbouring characters as a term, then its last character alone
/// (`東京タワー` → `東京 京た たわ わー ー`: katakana as hiragana, a kana and a voicing mark written
/// apart as one character), so that one character finds a run it ends (`猫` in
/// `我喜欢猫`) as a word's beginning finds the word. Hangul words stay as written
/// (`한강에서`); a soft hyphen or zero-width space in a word is not seen (``isInvisible(_:)``). An
/// Arabic word with a prefix joined to it gives the word without it too
/// (`وبالقلم` → `وبالقلم قلم`). `assets/search.js` splits a query the same way.
///
/// ASCII and Hangul are folded here, byte by byte; a word with other letters goes through
/// ``SearchFolding/fold(_:)`` once and is remembered.
public struct SearchTokenizer {
    /// Terms longer than this (in UTF-8 bytes) are left out: they are data (hashes, base64), not words.
    public static let maxTermBytes = 64

    private var word: [UInt8] = []
    private var needsFold = false
    private var folded: [[UInt8]: [[UInt8]]] = [:]

    public init() {
        word.reserveCapacity(Self.maxTermBytes * 2)
    }

    /// For each byte: 0 ASCII separator, 1 lower-case letter or digit, 2 upper-case letter,
    /// 3 part of a character beyond ASCII.
    private static let byteClass: [UInt8] = (0..<256).map { b in
        b >= 0x80 ? 3 : (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) ? 1 : (b >= 0x41 && b <= 0x5A) ? 2 : 0
    }

    /// What receives each term: its bytes and their ``hash(_:)``.
    public typealias Emit = (UnsafeBufferPointer<UInt8>, UInt64) -> Void

    /// A term's hash, which `SearchTermSet` files it by: its bytes taken 8 at a time
    /// (little-endian), each group mixed in, the length with the last. The tokenizer makes it
    /// while it reads a word's bytes.
    @inline(__always)
    public static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = hashSeed, chunk: UInt64 = 0, shift: UInt64 = 0
        for b in term {
            chunk |= UInt64(b) << shift
            shift += 8
            if shift == 64 {
                hash = mix(hash, chunk)
                chunk = 0
                shift = 0
            }
        }
        return finish(hash, chunk, count: term.count)
    }

    static let hashSeed: UInt64 = 0x243F_6A88_85A3_08D3

    @inline(__always)
    static func mix(_ hash: UInt64, _ chunk: UInt64) -> UInt64 {
        let x = (hash ^ chunk) &* 0x9E37_79B9_7F4A_7C15
        return x ^ (x >> 32)
    }

    @inline(__always)
    static func finish(_ hash: UInt64, _ chunk: UInt64, count: Int) -> UInt64 {
        mix(hash, chunk ^ UInt64(truncatingIfNeeded: count) << 56)
    }

    /// The ASCII word starting at `start`, read 8 bytes at a time with bit arithmetic (no branch
    /// per byte): its length, ``hash(_:)`` and ``SearchTermSet/key(_:)`` (its first 8 bytes in
    /// lower case), and whether it has a capital (it is then at most 8 bytes long, and the key is
    /// the term). Nil when the word goes on beyond ASCII, is a long one with a capital, or comes
    /// within 8 bytes of the end: the byte-wise path reads those.
    @inline(__always)
    static func asciiWord(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (count: Int, hash: UInt64, key: UInt64, upper: Bool)? {
        let n = text.count
        let base = UnsafeRawPointer(text.baseAddress!)
        var hash = hashSeed
        var at = start
        var upper = false
        var first: UInt64 = 0  // the first 8 bytes, lowered
        while n - at >= 8 {
            let x = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let capitals = ByteMask.between(x, 0x40, 0x5B)
            let letters = ByteMask.between(x, 0x60, 0x7B) | ByteMask.between(x, 0x2F, 0x3A) | capitals
            let lowered = x | (capitals >> 2)
            if capitals != 0 { upper = true }
            let others = ~letters & ByteMask.tops
            if others == 0 {
                if at == start { first = lowered }
                hash = mix(hash, lowered)
                at += 8
                continue
            }
            let length = others.trailingZeroBitCount >> 3
            let end = at + length
            guard text[end] < 0x80 else { return nil }
            let count = end - start
            let last = length == 0 ? 0 : lowered & (UInt64.max >> (64 - 8 * UInt64(length)))
            hash = finish(hash, last, count: count)
            if upper, count > 8 { return nil }
            return (count, hash, count < 8 ? last : first, upper)
        }
        return nil
    }

    /// Calls `emit` with each term of `text`, in order (repeats included).
    public mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, _ emit: Emit) {
        tokenize(text) { term, hash, _ in emit(term, hash) }
    }

    /// The same, with each term's ``SearchTermSet/key(_:)`` too.
    @inline(__always)
    mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void) {
        Self.byteClass.withUnsafeBufferPointer { classes in tokenize(text, classes: classes, emit) }
    }

    private mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>,
                                   _ emit: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void) {
        let n = text.count
        var i = 0
        // The CJK character before this one in the current run (its byte range, with a sound mark
        // that makes one character with it), if any, and its other form when it has one
        // (``SearchFolding/widened(_:mark:)``).
        var cjkStart = -1, cjkEnd = -1
        var cjkWidened: [UInt8] = []
        // The run's state is passed in, not captured: captured variables would be boxed on the heap
        // at every call.
        @inline(__always) func endCJK(_ cjkStart: inout Int, _ cjkEnd: Int, _ cjkWidened: inout [UInt8]) {
            if cjkStart >= 0 {
                if cjkWidened.isEmpty {
                    let term = UnsafeBufferPointer(rebasing: text[cjkStart..<cjkEnd])
                    emit(term, Self.hash(term), SearchTermSet.key(term))
                } else {
                    cjkWidened.withUnsafeBufferPointer { emit($0, Self.hash($0), SearchTermSet.key($0)) }
                    cjkWidened.removeAll(keepingCapacity: true)
                }
            }
            cjkStart = -1
        }
        while i < n {
            let b = text[i]
            let kind = classes[Int(b)]
            if kind == 0 {
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                if !word.isEmpty { endWord(emit) }
                i += 1
                continue
            }
            if kind <= 2, word.isEmpty, n - i >= 8, let (count, hash, key, upper) = Self.asciiWord(text, at: i) {
                // The usual word, read 8 bytes at a time (``asciiWord(_:at:)``).
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                if count <= Self.maxTermBytes {
                    if upper {
                        withUnsafeBytes(of: key.littleEndian) { bytes in
                            emit(UnsafeBufferPointer(start: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count), hash, key)
                        }
                    } else {
                        emit(UnsafeBufferPointer(rebasing: text[i..<(i + count)]), hash, key)
                    }
                }
                i += count
                continue
            }
            if kind == 1, word.isEmpty {
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                // A run of lower-case ASCII letters and digits, hashed as it is read: the usual
                // word, emitted in place when it ends at a separator.
                let start = i
                var hash = Self.hashSeed, chunk: UInt64 = 0, shift: UInt64 = 0
                while i < n {
                    let c = text[i]
                    if classes[Int(c)] != 1 { break }
                    chunk |= UInt64(c) << shift
                    shift += 8
                    if shift == 64 {
                        hash = Self.mix(hash, chunk)
                        chunk = 0
                        shift = 0
                    }
                    i += 1
                }
                if i == n || classes[Int(text[i])] == 0 {
                    if i - start <= Self.maxTermBytes {
                        let term = UnsafeBufferPointer(rebasing: text[start..<i])
                        emit(term, Self.finish(hash, chunk, count: i - start), SearchTermSet.key(term))
                    }
                    continue
                }
                // The word goes on (a capital, a letter beyond ASCII): copied, folded at its end.
                word.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<i]))
                continue
            }
            if kind <= 2 {
                // ASCII letters and digits with a capital among them, or after other letters:
                // copied in lower case.
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                let start = i
                while i < n, classes[Int(text[i])] &- 1 < 2 { i += 1 }
                let from = word.count
                word.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<i]))
                word.withUnsafeMutableBufferPointer { buffer in
                    for k in from..<buffer.count where buffer[k] >= 0x41 && buffer[k] <= 0x5A { buffer[k] |= 0x20 }
                }
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            let end = min(n, i + length)
            var value = UInt32(length == 1 ? b : length == 2 ? b & 0x1F : length == 3 ? b & 0x0F : b & 0x07)
            for k in (i + 1)..<max(i + 1, end) { value = value << 6 | UInt32(text[k] & 0x3F) }
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            // A soft hyphen, zero-width space, word joiner or byte-order mark shows nothing: a word
            // goes on across it (found by a search audit: `ad\u{AD}vent`, pasted from a web page,
            // was "ad" and "vent", and `advent` found nothing). A run of Han or kana ends there.
            if SearchTokenizer.isInvisible(value) {
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                i = end
                continue
            }
            switch SearchFolding.kind(scalar) {
            case .separator:
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                if !word.isEmpty { endWord(emit) }
            case .cjk:
                if !word.isEmpty { endWord(emit) }
                // A mark after it that may make one character with it (`か` + U+3099, `ｶﾞ`): three
                // bytes, E3 82 99/9A (U+3099, U+309A), EF BE 9E/9F (U+FF9E, U+FF9F) or E1 80 AE (U+102E).
                var mark: Unicode.Scalar?
                if n - end >= 3 {
                    let b0 = text[end], b1 = text[end + 1], b2 = text[end + 2]
                    if (b0 == 0xE3 && b1 == 0x82 && (b2 == 0x99 || b2 == 0x9A)) || (b0 == 0xEF && b1 == 0xBE && (b2 == 0x9E || b2 == 0x9F))
                        || (b0 == 0xE1 && b1 == 0x80 && b2 == 0xAE) {
                        mark = Unicode.Scalar(UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F))
                    }
                }
                if mark != nil || SearchFolding.hasOtherForm(value) || !cjkWidened.isEmpty {
                    // Rare but for katakana: this character or the one before has another form
                    // (``SearchFolding/widened(_:mark:)``: katakana as hiragana, half-width kana,
                    // a kana and its sound mark written apart).
                    var current: [UInt8], next = end
                    if mark == nil, SearchFolding.isKatakana(value) {
                        // U+30A1–U+30F6 as U+3041–U+3096, written directly.
                        let v = value - 0x60
                        current = [0xE3, UInt8(0x80 | (v >> 6) & 0x3F), UInt8(0x80 | v & 0x3F)]
                    } else if mark != nil || SearchFolding.hasOtherForm(value) {
                        let form = SearchFolding.widened(scalar, mark: mark)
                        current = Array(form.text.utf8)
                        if form.usesMark { next = end + 3 }
                    } else {
                        current = Array(text[i..<end])
                    }
                    if cjkStart >= 0 {
                        let pair = (cjkWidened.isEmpty ? Array(text[cjkStart..<cjkEnd]) : cjkWidened) + current
                        pair.withUnsafeBufferPointer { emit($0, Self.hash($0), SearchTermSet.key($0)) }
                    }
                    cjkWidened = current.elementsEqual(text[i..<next]) ? [] : current
                    cjkStart = i
                    cjkEnd = next
                    i = next
                    continue
                }
                if cjkStart >= 0 {
                    let pair = UnsafeBufferPointer(rebasing: text[cjkStart..<end])
                    emit(pair, Self.hash(pair), SearchTermSet.key(pair))
                }
                cjkStart = i
                cjkEnd = end
            case .word:
                if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
                // A mark with no letter before it starts no word: the variation selector after an
                // emoji (`☀️맑음`, `❤️coffee`) was the first character of the word it touched.
                if word.isEmpty, SearchFolding.isMark(scalar) { break }
                if !(value >= 0xAC00 && value <= 0xD7A3) { needsFold = true }
                for k in i..<end { word.append(text[k]) }
            }
            i = end
        }
        if cjkStart >= 0 { endCJK(&cjkStart, cjkEnd, &cjkWidened) }
        if !word.isEmpty { endWord(emit) }
    }

    /// U+00AD, U+200B, U+2060 and U+FEFF: characters inside a word that a reader does not see.
    @inline(__always)
    static func isInvisible(_ value: UInt32) -> Bool {
        value == 0xAD || value == 0x200B || value == 0x2060 || value == 0xFEFF
    }

    /// The terms of `text`, in order (repeats included).
    public mutating func terms(_ text: String) -> [String] {
        var out: [String] = []
        var text = text
        text.withUTF8 { bytes in tokenize(bytes) { term, _ in out.append(String(decoding: term, as: UTF8.self)) } }
        return out
    }

    private mutating func endWord(_ emit: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void) {
        defer {
            word.removeAll(keepingCapacity: true)
            needsFold = false
        }
        if !needsFold {
            if word.count <= Self.maxTermBytes { word.withUnsafeBufferPointer { emit($0, Self.hash($0), SearchTermSet.key($0)) } }
            return
        }
        if word.count > Self.maxTermBytes * 4 { return }
        let terms: [[UInt8]]
        if let known = folded[word] {
            terms = known
        } else {
            terms = Self.foldedTerms(word)
            if folded.count < 100_000 { folded[word] = terms }
        }
        for term in terms {
            term.withUnsafeBufferPointer { emit($0, Self.hash($0), SearchTermSet.key($0)) }
        }
    }

    /// The terms of a word that needs folding: its folded form, parted where that holds a space
    /// or punctuation (a compatibility form may: `ͺ` is a space and an accent, `½` is `1⁄2`),
    /// without empty parts or parts longer than a term may be; an Arabic part with a prefix
    /// joined to it is followed by the part without it (``SearchFolding/arabicStem(_:)``:
    /// `الشاطئ` gives `الشاطئ` and `شاطئ`), so that the bare word finds it.
    private static func foldedTerms(_ word: [UInt8]) -> [[UInt8]] {
        let text = SearchFolding.fold(String(decoding: word, as: UTF8.self))
        var terms: [[UInt8]] = []
        for part in text.unicodeScalars.split(whereSeparator: { SearchFolding.kind($0) == .separator }) {
            let term = String(String.UnicodeScalarView(part))
            guard term.utf8.count <= maxTermBytes else { continue }
            terms.append(Array(term.utf8))
            if let stem = SearchFolding.arabicStem(term) { terms.append(Array(stem.utf8)) }
        }
        return terms
    }
}
