/// Splits text into search terms, reading UTF-8 bytes: runs of letters, marks and numbers
/// (``SearchFolding/kind(_:)``) are words, folded by ``SearchFolding``; a run of Han or kana
/// gives each pair of neighbouring characters as a term (`東京タワー` → `東京 京タ タワ ワー`),
/// or the character alone when the run is one character long. Hangul words stay as written
/// (`한강에서`). `assets/search.js` splits a query the same way.
///
/// ASCII and Hangul are folded here, byte by byte; a word with other letters goes through
/// ``SearchFolding/fold(_:)`` once and is remembered.
public struct SearchTokenizer {
    /// Terms longer than this (in UTF-8 bytes) are left out: they are data (hashes, base64), not words.
    public static let maxTermBytes = 64

    private var word: [UInt8] = []
    private var needsFold = false
    private var folded: [[UInt8]: [UInt8]] = [:]

    public init() {
        word.reserveCapacity(Self.maxTermBytes * 2)
    }

    /// For each ASCII byte: 0 separator, 1 lower-case letter or digit, 2 upper-case letter.
    private static let asciiClass: [UInt8] = (0..<128).map { b in
        (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) ? 1 : (b >= 0x41 && b <= 0x5A) ? 2 : 0
    }

    /// What receives each term: its bytes and their ``hash(_:)``.
    public typealias Emit = (UnsafeBufferPointer<UInt8>, UInt64) -> Void

    /// FNV-1a (64 bits) of a term's bytes: the hash `SearchTermTable` files it by, made here while
    /// the bytes are read for the usual words.
    @inline(__always)
    public static func hash(_ term: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in term { hash = (hash ^ UInt64(b)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Calls `emit` with each term of `text`, in order (repeats included).
    public mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, _ emit: Emit) {
        Self.asciiClass.withUnsafeBufferPointer { classes in tokenize(text, classes: classes, emit) }
    }

    private mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>,
                                   _ emit: Emit) {
        let n = text.count
        var i = 0
        // The CJK character before this one in the current run (its byte range), if any.
        var cjkStart = -1, cjkEnd = -1
        var cjkPaired = false
        @inline(__always) func endCJK() {
            if cjkStart >= 0, !cjkPaired {
                let term = UnsafeBufferPointer(rebasing: text[cjkStart..<cjkEnd])
                emit(term, Self.hash(term))
            }
            cjkStart = -1
            cjkPaired = false
        }
        while i < n {
            let b = text[i]
            if b < 0x80 {
                guard classes[Int(b)] != 0 else {
                    if cjkStart >= 0 { endCJK() }
                    if !word.isEmpty { endWord(emit) }
                    i += 1
                    continue
                }
                if cjkStart >= 0 { endCJK() }
                // A run of ASCII letters and digits, read in place.
                let start = i
                var upper = false
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                while i < n {
                    let c = text[i]
                    if c >= 0x80 { break }
                    let kind = classes[Int(c)]
                    if kind == 0 { break }
                    if kind == 2 { upper = true }
                    hash = (hash ^ UInt64(c)) &* 0x100_0000_01b3
                    i += 1
                }
                if word.isEmpty, !upper, i == n || text[i] < 0x80 {
                    // The whole word, as written (the usual case): no copy.
                    if i - start <= Self.maxTermBytes { emit(UnsafeBufferPointer(rebasing: text[start..<i]), hash) }
                    continue
                }
                for k in start..<i {
                    let c = text[k]
                    word.append(c >= 0x41 && c <= 0x5A ? c | 0x20 : c)
                }
                continue
            }
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            let end = min(n, i + length)
            var value = UInt32(length == 1 ? b : length == 2 ? b & 0x1F : length == 3 ? b & 0x0F : b & 0x07)
            for k in (i + 1)..<max(i + 1, end) { value = value << 6 | UInt32(text[k] & 0x3F) }
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            switch SearchFolding.kind(scalar) {
            case .separator:
                if cjkStart >= 0 { endCJK() }
                if !word.isEmpty { endWord(emit) }
            case .cjk:
                if !word.isEmpty { endWord(emit) }
                if cjkStart >= 0 {
                    let pair = UnsafeBufferPointer(rebasing: text[cjkStart..<end])
                    emit(pair, Self.hash(pair))
                    cjkPaired = true
                }
                cjkStart = i
                cjkEnd = end
            case .word:
                if cjkStart >= 0 { endCJK() }
                if !(value >= 0xAC00 && value <= 0xD7A3) { needsFold = true }
                for k in i..<end { word.append(text[k]) }
            }
            i = end
        }
        if cjkStart >= 0 { endCJK() }
        if !word.isEmpty { endWord(emit) }
    }

    /// The terms of `text`, in order (repeats included).
    public mutating func terms(_ text: String) -> [String] {
        var out: [String] = []
        var text = text
        text.withUTF8 { bytes in tokenize(bytes) { term, _ in out.append(String(decoding: term, as: UTF8.self)) } }
        return out
    }

    private mutating func endWord(_ emit: Emit) {
        defer {
            word.removeAll(keepingCapacity: true)
            needsFold = false
        }
        if !needsFold {
            if word.count <= Self.maxTermBytes { word.withUnsafeBufferPointer { emit($0, Self.hash($0)) } }
            return
        }
        if word.count > Self.maxTermBytes * 4 { return }
        let result: [UInt8]
        if let known = folded[word] {
            result = known
        } else {
            result = Array(SearchFolding.fold(String(decoding: word, as: UTF8.self)).utf8)
            if folded.count < 100_000 { folded[word] = result }
        }
        if !result.isEmpty, result.count <= Self.maxTermBytes { result.withUnsafeBufferPointer { emit($0, Self.hash($0)) } }
    }
}
