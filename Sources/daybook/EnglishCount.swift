import DaybookCore

/// A count with its noun in the form English's CLDR plural rule picks: "1 entry", "2 entries".
/// The command line's own messages are in English.
enum EnglishCount {
    static let rule = PluralRule(language: "en")

    static func text(_ n: Int, _ one: String, _ other: String) -> String {
        "\(n) " + (rule.category(n) == .one ? one : other)
    }

    /// The line a build ends with: "Built 1 entry into _site: 3 files written, …".
    static func builtLine(_ summary: BuildSummary, seconds: Double) -> String {
        "Built \(text(summary.entries, "entry", "entries")) into \(summary.output): " + outcome(summary, seconds: seconds)
    }

    /// The line `serve` prints after a rebuild: "Rebuilt 1 entry: 1 file written, …", with the
    /// same facts as ``builtLine(_:seconds:)``.
    static func rebuiltLine(_ summary: BuildSummary, seconds: Double) -> String {
        "Rebuilt \(text(summary.entries, "entry", "entries")): " + outcome(summary, seconds: seconds)
    }

    /// "3 files written, 0 unchanged, 0 removed, 2 photos (1 processed, 1 from the cache) in 0.50 s",
    /// and the entries left out until their time, with the line's end.
    private static func outcome(_ summary: BuildSummary, seconds: Double) -> String {
        "\(text(summary.pagesWritten, "file", "files")) written, \(summary.pagesUnchanged) unchanged, "
            + "\(summary.filesRemoved) removed, \(text(summary.photos, "photo", "photos")) "
            + (summary.photos > 0 ? "(\(summary.photosProcessed) processed, \(summary.photosReused) from the cache) " : "") + "in "
            + String(format: "%.2f s", seconds)
            + (summary.future > 0 ? "; " + futureNote(summary.future) : "")
            + "\n"
    }

    /// What a report leaves out of its month: "1 draft left out (--drafts includes it)", and
    /// ``futureNote(_:)``.
    static func leftOutNotes(_ leftOut: Diary.LeftOut) -> [String] {
        var lines: [String] = []
        if leftOut.drafts > 0 {
            lines.append(text(leftOut.drafts, "draft", "drafts") + " left out (--drafts includes " + (rule.category(leftOut.drafts) == .one ? "it)" : "them)"))
        }
        if leftOut.future > 0 { lines.append(futureNote(leftOut.future)) }
        return lines
    }

    /// "1 entry dated after now left out (--future includes it)".
    static func futureNote(_ n: Int) -> String {
        text(n, "entry", "entries") + " dated after now left out (--future includes " + (rule.category(n) == .one ? "it)" : "them)")
    }
}
