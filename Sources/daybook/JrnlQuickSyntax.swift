import Foundation

/// What in a title jrnl would read as more than words (`jrnl yesterday 18:00: Late. Body @work *`):
/// its `@tags`, its star (` *` at the end) and its date prefix (`yesterday:`). `daybook add` keeps
/// the title as typed and says what to write instead (``notes(title:)``).
enum JrnlQuickSyntax {
    /// The notes for `title`, none when it has no jrnl syntax.
    static func notes(title: String) -> [String] {
        var notes: [String] = []
        if let prefix = datePrefix(title) {
            let example = DateWord(prefix) != nil ? "--date \"\(prefix)\"" : "--date 2026-11-30T18:00"
            notes.append("the title starts with \"\(prefix):\", which jrnl reads as the entry's date; daybook keeps it in the title "
                         + "and takes the date from --date (\(example))")
        }
        let tags = tags(title)
        if !tags.isEmpty {
            let list = tags.map { "@" + $0 }.joined(separator: ", ")
            notes.append("the title has \(list), which jrnl reads as \(tags.count == 1 ? "a tag" : "tags"); daybook keeps "
                         + "\(tags.count == 1 ? "it" : "them") in the title: a tag is \(tags.map { "--tag " + $0 }.joined(separator: " "))")
        }
        if title.hasSuffix(" *") {
            notes.append("the title ends with \" *\", jrnl's star; daybook keeps it in the title: a star is --tag starred "
                         + "(as daybook import jrnl marks a starred entry)")
        }
        return notes
    }

    /// The `@word`s of `title` as jrnl finds them: after a space or at the start (so `a@b.com` is
    /// none), each once, without the punctuation after it (`@food.`).
    static func tags(_ title: String) -> [String] {
        var found: [String] = []
        for word in title.split(whereSeparator: \.isWhitespace) where word.hasPrefix("@") {
            let name = String(word.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            if !name.isEmpty, !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// The text before the title's first `: ` (or a last `:`) when it is a date or time as jrnl takes
    /// one (`yesterday`, `yesterday 18:00`, `2026-11-30 18:00`, `last monday at 6pm`); nil for a
    /// colon after other words (`Note: …`).
    static func datePrefix(_ title: String) -> String? {
        let scalars = Array(title)
        guard let colon = scalars.indices.first(where: { scalars[$0] == ":" && (scalars.index(after: $0) == scalars.endIndex || scalars[$0 + 1] == " ") })
        else { return nil }
        let prefix = String(scalars[..<colon]).trimmingCharacters(in: .whitespaces)
        let words = prefix.lowercased().split(separator: " ")
        guard !words.isEmpty, words.count <= 5 else { return nil }
        let fillers: Set<Substring> = ["at", "on", "last", "next", "this", "am", "pm"]
        guard words.allSatisfy({ fillers.contains($0) || isDateWord($0) }), words.contains(where: { !fillers.contains($0) }) else { return nil }
        return prefix
    }

    private static let names: Set<String> = [
        "today", "yesterday", "tomorrow", "noon", "midnight", "morning", "evening", "tonight",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun",
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    ]

    /// A word of a date or time: a name of a day or month, or digits with `-`, `/`, `.` or `:` between
    /// them, `am`/`pm` after them or a `,` (`2026-11-30`, `11/30`, `18:00`, `6pm`, `5,`).
    private static func isDateWord(_ word: Substring) -> Bool {
        var word = word
        if word.hasSuffix(",") { word = word.dropLast() }
        if names.contains(String(word)) { return true }
        if word.hasSuffix("am") || word.hasSuffix("pm") { word = word.dropLast(2) }
        guard let first = word.first, first.isASCII, first.isNumber else { return false }
        return word.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "-" || $0 == "/" || $0 == "." || $0 == ":" }
            && word.last?.isNumber == true
    }
}
