import Testing
@testable import DaybookCore

/// ``UTF8Text`` makes Strings without the standard library's check, so its own check must agree
/// with the standard library's on every input: well-formed or not, and where it stops.
@Suite struct UTF8TextTests {
    /// The first ill-formed offset, read one sequence at a time (no 8-byte ASCII steps).
    func plainFirstInvalid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                guard let length = UTF8Check.sequenceLength(buffer, at: i, end: buffer.count) else { return i }
                i += length
            }
            return nil
        }
    }

    @Test func checkAndStringsAgreeWithTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("walked home".utf8), Array("abcdefghijklmnop".utf8), Array("é".utf8), Array("한강".utf8),
            Array("😀".utf8), Array("\u{FFFD}".utf8), [0x00], [0x7F],
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0xA0], [0xED, 0xA0, 0x80],
            [0xEF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xF0, 0x9F, 0x98],
        ]
        var rng = SplitMix(seed: 16)
        var disagreements = 0, first: [UInt8] = []
        for round in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + round % 24) { bytes += pieces.randomElement(using: &rng)! }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer { UTF8Check.firstInvalidOffset($0, from: 0, to: $0.count) }
            let made = bytes.withUnsafeBufferPointer { UTF8Text.string($0) }
            if (found == nil) != valid || found != plainFirstInvalid(bytes) || made != String(decoding: bytes, as: UTF8.self)
                || (valid && !made.utf8.elementsEqual(bytes)) {
                if disagreements == 0 { first = bytes }
                disagreements += 1
            }
        }
        #expect(disagreements == 0, "the first: \(first)")
    }

    @Test func anIllFormedByteAfterALongASCIIRunIsFoundWhereItIs() {
        let bytes = Array("0123456789abcdefghij".utf8) + [0xC3] + Array("xyz".utf8)
        #expect(bytes.withUnsafeBufferPointer { UTF8Check.firstInvalidOffset($0, from: 0, to: $0.count) } == 20)
        #expect(bytes.withUnsafeBufferPointer { UTF8Check.firstInvalidOffset($0, from: 3, to: 20) } == nil)
        #expect(bytes.withUnsafeBufferPointer { UTF8Text.string($0) } == "0123456789abcdefghij\u{FFFD}xyz")
    }

    @Test func asciiStringsAreTheirBytes() {
        let bytes = Array("Grandma waited near the harbor.".utf8)
        let made = bytes.withUnsafeBufferPointer { UTF8Text.ascii($0) }
        #expect(made == "Grandma waited near the harbor.")
        #expect(made.utf8.count == bytes.count)
    }
}
