import Foundation

/// Strings made from bytes without the standard library checking them a second time: the
/// bytes are checked here (ASCII 8 bytes at a time, ``UTF8Check`` for the rest), or the caller
/// has already seen that they are all ASCII. cmark-gfm's HTML (20 MB at 10,000 entries) and the
/// data's strings were each checked by `String(decoding:)` / `String(cString:)` at ~1.6 ns a
/// byte; here an ASCII byte costs a fraction of that.
enum UTF8Text {
    /// The bytes as a String, ill-formed sequences replaced by U+FFFD (as `String(decoding:as:)`).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard UTF8Check.firstInvalidOffset(bytes, from: 0, to: bytes.count) == nil else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return string(checked: bytes)
    }

    /// Bytes the caller has found well-formed with ``UTF8Check/firstInvalidOffset(_:from:to:)``.
    static func string(checked bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(UTF8Check.firstInvalidOffset(bytes, from: 0, to: bytes.count) == nil)
        return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: false))
    }

    /// The bytes, which the caller has found all below 0x80, as a String.
    static func ascii(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(!bytes.contains { $0 >= 0x80 })
        return unsafe String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: true))
    }

    /// A NUL-terminated C string (cmark-gfm's output) as a String, as ``string(_:)``.
    static func string(cString: UnsafePointer<CChar>) -> String {
        cString.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
            string(UnsafeBufferPointer(start: start, count: strlen(cString)))
        }
    }
}
