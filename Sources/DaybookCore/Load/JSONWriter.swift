/// Writes JSON the way Daybook stores it: deterministic, diff-friendly, lossless.
///
/// - 2-space indentation; every non-empty array and object spans several lines with one
///   element or `"key": value` member per line; empty ones are written `[]` and `{}`.
/// - Members keep their order (and duplicates); unknown keys are simply members like any other.
/// - Strings escape only `"`, `\` and control characters (`\b \f \n \r \t`, else `\u001f`
///   style); non-ASCII text stays UTF-8 and `/` is not escaped.
/// - Numbers are written exactly as their stored text, which must follow the JSON number
///   grammar (as parsed text always does; for values made in code, `String(someInt)`).
/// - The output ends with a newline.
///
/// `JSONParser.parse(write(x))` equals `x` apart from offsets.
public enum JSONWriter {
    /// The node's value as pretty-printed UTF-8 JSON (offsets play no part).
    public static func write(_ node: JSONNode) -> [UInt8] {
        write(node.value)
    }

    /// The value as pretty-printed UTF-8 JSON.
    public static func write(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        emit(value, depth: 0, into: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static func emit(_ value: JSONValue, depth: Int, into out: inout [UInt8]) {
        switch value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text):
            out.append(contentsOf: text.utf8)
        case .string(let text):
            emitString(text, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1, into: &out)
                emit(element.value, depth: depth + 1, into: &out)
            }
            newline(depth: depth, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth: depth + 1, into: &out)
                emitString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                emit(member.value.value, depth: depth + 1, into: &out)
            }
            newline(depth: depth, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(depth: Int, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { out.append(UInt8(ascii: " ")) }
    }

    private static func emitString(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(bytes: $0, to: &out) }
    }

    /// `bytes` (UTF-8) as a JSON string literal, quotes included; also a valid JavaScript one.
    static func appendString<Bytes: Collection>(bytes: Bytes, to out: inout [UInt8]) where Bytes.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ appendString(utf8: $0, to: &out) }) == nil {
            Array(bytes).withUnsafeBufferPointer { appendString(utf8: $0, to: &out) }
        }
    }

    private static func appendString(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            runStart = i + 1
            out.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x22: out.append(UInt8(ascii: "\""))
            case 0x5C: out.append(UInt8(ascii: "\\"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        out.append(UInt8(ascii: "\""))
    }
}
