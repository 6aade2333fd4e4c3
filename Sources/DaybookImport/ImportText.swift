/// Text files as the importers read them (todo.txt, Markdown notes): Windows (`\r\n`) and old
/// Mac (`\r`) line ends made `\n`, and a leading byte-order mark dropped. Swift reads `\r\n` as
/// one character, so a split at `"\n"` would not part such lines.
enum ImportText {
    static func normalized(_ text: String) -> String {
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
}
