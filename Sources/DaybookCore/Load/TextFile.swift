/// Text files as the importers (todo.txt, Markdown notes) and the site's pages (`pages/*.md`)
/// read them: Windows (`\r\n`) and old Mac (`\r`) line ends made `\n`, and a leading byte-order
/// mark dropped. Swift reads `\r\n` as one character, so a split at `"\n"` would not part such lines.
public enum TextFile {
    public static func normalized(_ text: String) -> String {
        let hasMark = text.unicodeScalars.first == "\u{FEFF}"
        guard hasMark || text.utf8.contains(0x0D) else { return text }
        var out = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars.dropFirst(hasMark ? 1 : 0) {
            if scalar == "\r" {
                out.append("\n")
                afterReturn = true
                continue
            }
            if !(scalar == "\n" && afterReturn) { out.append(scalar) }
            afterReturn = false
        }
        return String(out)
    }

    /// A file's text, or a located error at its first byte that is not UTF-8.
    public static func decoded(_ bytes: [UInt8], file: String) -> Result<String, SiteError> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        let offset = bytes.withUnsafeBufferPointer { UTF8Check.firstInvalidOffset($0, from: 0, to: $0.count) } ?? 0
        let place = SourcePosition(offset: offset, in: bytes)
        return .failure(SiteError(file: file, line: place.line, column: place.column, reason: "not UTF-8 text"))
    }
}
