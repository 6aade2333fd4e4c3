import Foundation

/// The one range a `Range: bytes=…` request header asks for, as `daybook serve` answers it
/// (RFC 9110, section 14): `bytes=0-99`, `bytes=100-` (to the end), `bytes=-100` (the last 100).
/// A header of another unit, of several ranges or not well formed is answered with the whole
/// file, as the RFC allows; a range that starts after the file's end is not satisfiable (416).
struct ByteRange: Equatable {
    /// The first and last byte, inclusive.
    var first: Int
    var last: Int

    enum Answer: Equatable {
        case whole
        case range(ByteRange)
        case unsatisfiable
    }

    static func parse(_ header: String?, size: Int) -> Answer {
        guard let header, header.lowercased().hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let from = spec[..<dash], to = spec[spec.index(after: dash)...]
        func number(_ text: Substring) -> Int? {
            text.count <= 18 && !text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? Int(text) : nil
        }
        if from.isEmpty {
            // The last `count` bytes.
            guard let count = number(to) else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .range(ByteRange(first: max(0, size - count), last: size - 1))
        }
        guard let first = number(from) else { return .whole }
        let last = to.isEmpty ? Int.max : number(to)
        guard let last, last >= first else { return .whole }
        guard first < size else { return .unsatisfiable }
        return .range(ByteRange(first: first, last: min(last, size - 1)))
    }
}
