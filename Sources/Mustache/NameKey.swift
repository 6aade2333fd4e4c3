/// A name's first seven UTF-8 bytes and its length in one integer, to compare names in one
/// instruction: different keys mean different names; equal keys mean equal names when the
/// name has at most seven bytes (``isWholeName``), and otherwise need the names compared.
struct NameKey: Sendable, Equatable {
    let bits: UInt64

    init(_ name: String) {
        var name = name
        bits = name.withUTF8 { bytes in
            var prefix: UInt64 = 0
            withUnsafeMutableBytes(of: &prefix) { raw in
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes).prefix(7)))
            }
            // The top byte: the length of a whole name (0–7), or 0x80 and up for a longer one.
            let top = bytes.count < 8 ? UInt64(bytes.count) : 0x80 | UInt64(bytes.count & 0x7F)
            return prefix | top << 56
        }
    }

    /// Whether the key holds the whole name (seven bytes or fewer).
    var isWholeName: Bool { bits >> 56 < 8 }
}
