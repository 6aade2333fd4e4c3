/// jrnl 4's options that `daybook list` does not take, and what to type instead: the hint after
/// "Unknown option" (found by a jrnl user's audit: `-starred`, `-contains`, `--short` got none).
enum JrnlOptions {
    /// ". jrnl's -starred is '--tag starred' here: …" for one of jrnl's options as typed
    /// (`-contains`, `--export=json`), `next` the word after it; nil for any other.
    static func hint(_ typed: String, next: String?) -> String? {
        let written = typed.prefix { $0 != "=" }
        let name = written.drop { $0 == "-" }
        let inline = typed.firstIndex(of: "=").map { String(typed[typed.index(after: $0)...]) }
        let value = inline ?? next.flatMap { $0.hasPrefix("-") ? nil : $0 }
        switch name {
        case "starred":
            return ". jrnl's \(written) is '--tag starred' here: an import makes a starred entry's star that tag"
        case "contains":
            return ". jrnl's \(written) is a word here: daybook list \(value.map(quoted) ?? "WORD")"
        case "and":
            return ". Every word and tag given must match already: jrnl's \(written) is how Daybook lists (--any lists the entries with any of the tags)"
        case "short":
            return ". One line an entry is how Daybook lists already (--full prints each entry whole)"
        case "s" where !written.hasPrefix("--"):
            return ". Did you mean '--site'? (jrnl's -s, one line an entry, is how Daybook lists already; --full prints each entry whole)"
        case "export", "format":
            if value?.lowercased() == "json" { return ". Did you mean '--json'?" }
            return ". Daybook lists as lines, or as JSON with --json; 'daybook report MONTH --format md' writes a month as Markdown"
        case "year", "month", "day":
            return ". jrnl's -year, -month and -day are --on here, a day, month or year of one year: --on 2026, --on 2026-12, --on 2026-12-05"
        case "today-in-history":
            return ". Daybook lists no day across the years: --on takes one day, month or year"
        case "tagged":
            return ". Daybook has no \(written): give the tags to list (@work, --tag work)"
        case "tags":
            return ". Daybook prints no list of tags: the shell completes them, with each one's count (daybook list --tag <Tab>)"
        case "edit", "delete", "change-time":
            return ". list does not change entries: they are in the site's diary files (--json gives each one's file and line)"
        default:
            return nil
        }
    }

    /// A word as a shell takes it back: in single quotes when it has more than letters, digits and `-_.@#`.
    private static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "-_.@#".contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
