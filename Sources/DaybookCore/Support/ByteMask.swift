/// Tests of 8 bytes at once (a `UInt64` read little-endian from text), for the search index's
/// scanners: each gives a mask with the top bit of every byte that passes set, and nothing else.
/// Only ASCII bytes pass (a byte of 0x80 or more never does), and the tests are exact: no carry
/// runs from one byte into the next.
enum ByteMask {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let tops: UInt64 = 0x8080_8080_8080_8080

    /// Bytes strictly between `low` and `high` (`high` at most 0x80).
    @inline(__always)
    static func between(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
        let seven = x & (ones &* 127)
        return (ones &* (127 + high) &- seven) & ~x & (seven &+ ones &* (127 - low)) & tops
    }
}
