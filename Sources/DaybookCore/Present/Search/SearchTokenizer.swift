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

    /// Calls `emit` with each term of `text`, in order (repeats included).
    public mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        let n = text.count
        var i = 0
        // The CJK character before this one in the current run (its byte range), if any.
        var cjkStart = -1, cjkEnd = -1
        var cjkPaired = false
        @inline(__always) func endCJK() {
            if cjkStart >= 0, !cjkPaired { emit(UnsafeBufferPointer(rebasing: text[cjkStart..<cjkEnd])) }
            cjkStart = -1
            cjkPaired = false
        }
        while i < n {
            let b = text[i]
            if b < 0x80 {
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                    if cjkStart >= 0 { endCJK() }
                    word.append(b)
                } else if b >= 0x41 && b <= 0x5A {
                    if cjkStart >= 0 { endCJK() }
                    word.append(b | 0x20)
                } else {
                    if cjkStart >= 0 { endCJK() }
                    if !word.isEmpty { endWord(emit) }
                }
                i += 1
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
                    emit(UnsafeBufferPointer(rebasing: text[cjkStart..<end]))
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

    /// Adds every term of `text` to `table`, for document `doc`.
    public mutating func tokenize(_ text: UnsafeBufferPointer<UInt8>, into table: inout SearchTermTable, doc: Int32, inTitle: Bool) {
        tokenize(text) { table.add($0, doc: doc, inTitle: inTitle) }
    }

    /// The terms of `text`, in order (repeats included).
    public mutating func terms(_ text: String) -> [String] {
        var out: [String] = []
        var text = text
        text.withUTF8 { bytes in tokenize(bytes) { out.append(String(decoding: $0, as: UTF8.self)) } }
        return out
    }

    private mutating func endWord(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        defer {
            word.removeAll(keepingCapacity: true)
            needsFold = false
        }
        if !needsFold {
            if word.count <= Self.maxTermBytes { word.withUnsafeBufferPointer(emit) }
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
        if !result.isEmpty, result.count <= Self.maxTermBytes { result.withUnsafeBufferPointer(emit) }
    }
}
