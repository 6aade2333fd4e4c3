/// Dates typed with a script's own digits (Arabic-Indic `٢٠٢٦-٠٣-١٦`, Persian `۲۰۲۶`, Devanagari,
/// full-width `２０２６`): each decimal digit as its ASCII one, as ISO 8601 writes them (found by
/// a native users' audit: an Arabic keyboard's date was refused).
enum TypedDigits {
    static func ascii(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var converted = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !scalar.isASCII, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
               let digit = Unicode.Scalar(UInt32(48 + Int(value))) {
                converted.append(digit)
            } else {
                converted.append(scalar)
            }
        }
        return String(converted)
    }
}
