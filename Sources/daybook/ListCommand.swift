import DaybookCore
import Foundation

/// `daybook list`: the diary's entries in the terminal, as jrnl prints a journal: every entry, or
/// those an ``EntryQuery`` finds, oldest first.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        abstract: "Print the diary's entries, or those with some words, tags or days.",
        positionals: [
            .init(name: "WORDS", help: "Words each entry listed has, matched as the site's search matches them (@TAG and #TAG are --tag TAG)."),
        ],
        options: [
            .init(name: "tag", value: "T", help: "Only entries with this tag (any case; a leading @ or # is left out); repeat for several.",
                  repeats: true, completion: .tags),
            .init(name: "any", value: nil, help: "With several tags, the entries with any of them (as jrnl lists them), not only those with all."),
            .init(name: "not", value: "WORD", help: "Leave out the entries with this word, or with this tag when it starts with @ or # (-not too, "
                  + "as jrnl writes it); repeat for several.", repeats: true, completion: .atTags, oneDashToo: true),
            .init(name: "from", value: "DAY", help: "Only entries of this day or later: 2026-12-01, a month (2026-12), a year (2026), today or yesterday."),
            .init(name: "to", value: "DAY", help: "Only entries of this day or earlier (of a month or a year: up to its end)."),
            .init(name: "on", value: "DAY", help: "Only entries of this day, month or year."),
            .init(name: "n", value: "N", help: "Only the last N of the entries found (-N and -nN too, as jrnl takes them).", short: true),
            .init(name: "full", value: nil, help: "Print each entry whole: its mood, weather and location, and its body's Markdown."),
            BuildCommand.draftsOption,
            BuildCommand.futureOption,
            .init(name: "now", value: "ISO", help: "The date and time to list as (default: SOURCE_DATE_EPOCH, else the clock)."),
            .init(name: "site", value: "DIR", help: "The site folder (default: the current folder)."),
            .init(name: "json", value: nil, help: "Print the entries as a JSON array: each one's id, every key it has, and its file and line."),
        ],
        discussion: """
        Entries are listed oldest first, one a line: the day and time in the entry's own
        zone, its title and its tags (2026-12-01 09:30  Morning walk  #walk #dog). A build's
        entries: drafts and entries dated after now are left out unless --drafts, --future.

        WORDS are matched as the site's search matches them: each by its start, case and
        accents aside, Korean, Japanese and Chinese as the search reads them; in the title,
        the body's text, the photos' captions, the tags, mood, weather and location. Every
        word must be there, and every --tag; a word of words (x86-64, "road trip" in
        quotes) is its words side by side; with --any, one of the tags is enough. --not leaves out the entries that have its word,
        matched the same way, or its @TAG or #TAG. Days are the site's; an entry's day is
        the one it is shown on, in its own zone.

        EXAMPLES:
          daybook list -n 5
          daybook list cafe --from 2026-11
          daybook list @work --on yesterday --full
          daybook list --from 2026-11 --not @work --not rain
          daybook list --tag walk --json | jq -r '.[].title'

        Nothing found is no error: "No entries match." goes to stderr, and the status is 0.
        Exit status: 0 listed, 1 the site's data has errors, 64 bad usage, 66 no site folder
        or daybook.json.
        """,
        variadic: true,
        optionHint: JrnlOptions.hint)

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let site = args.values["site"] ?? "."
        var words: [String] = []
        var tags = args.values("tag").map(AddCommand.tagName)
        var shortCount: String?
        for word in args.positionals {
            if let tag = tag(written: word) {
                tags.append(tag)
            } else if word.count > 1, word.first == "-", word.dropFirst().allSatisfy(\.isWholeNumber) {
                shortCount = String(word.dropFirst())
            } else {
                words.append(word)
            }
        }
        if tags.contains(where: \.isEmpty) { throw UsageError(message: "--tag must not be empty", command: spec) }
        // As a WORD is read: @TAG and #TAG a tag, anything else a word (one of no letters or digits looked for as written).
        var notWords: [String] = [], notTags: [String] = []
        for value in args.values("not") {
            if let tag = tag(written: value) { notTags.append(tag) } else { notWords.append(value) }
        }
        if notTags.contains(where: \.isEmpty) || notWords.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw UsageError(message: "--not must not be empty", command: spec)
        }
        if shortCount != nil, args.values["n"] != nil {
            throw UsageError(message: "Give -n N or -N, not both", command: spec)
        }
        let count = try (args.values["n"] ?? shortCount).map(entryCount)
        let on = try day("on", args), from = try day("from", args), to = try day("to", args)
        if on != nil, from != nil || to != nil {
            throw UsageError(message: "--on names the days itself: give it alone, or --from and --to", command: spec)
        }
        let now = try Now.resolve(args.values["now"], environment: environment, command: spec)

        let options = BuildOptions(includeDrafts: args.flag("drafts"), includeFuture: args.flag("future"), now: now)
        let diary: Diary, warnings: [SiteError]
        do throws(BuildFailure) {
            (diary, warnings) = try SiteBuilder(siteRoot: site, options: options).diary()
        } catch {
            // `daybook list site`, the site given as build's SITE is: a word all the same, its folder named.
            if case .missingInput(let message) = error, args.values["site"] == nil, !FileManager.default.fileExists(atPath: "daybook.json"),
               let hint = words.lazy.compactMap(spec.siteHint).first {
                return BuildCommand.report(.missingInput(message + "; " + hint), terminal: terminal, environment: environment, verb: "List", command: spec)
            }
            return BuildCommand.report(error, terminal: terminal, environment: environment, verb: "List", command: spec)
        }
        let today = diary.now.localDay
        let first = (on ?? from)?.range(today: today).first, last = (on ?? to)?.range(today: today).last
        if let first, let last, last < first, let from = args.values["from"], let to = args.values["to"] {
            throw UsageError(message: "--from \(from) is after --to \(to)", command: spec)
        }
        BuildCommand.printWarnings(warnings, terminal: terminal, environment: environment)

        var query = EntryQuery(words: words, tags: tags, notWords: notWords, notTags: notTags, from: first, to: last, last: count)
        query.anyTag = args.flag("any")
        let found = query.entries(of: diary)
        if args.flag("json") {
            guard let json = json(found, site: site) else {
                terminal.error("error: the diary's files changed while they were read; list again")
                return .ioError
            }
            terminal.out(json)
        } else {
            let zone = diary.config.timeZone
            let labels = args.flag("full") ? cardLabels(locale: diary.config.locale) : []
            terminal.out(found.map { args.flag("full") ? block($0, zone: zone, labels: labels) : line($0, zone: zone) + "\n" }.joined())
        }
        if found.isEmpty {
            let asked = !(words.isEmpty && tags.isEmpty && notWords.isEmpty && notTags.isEmpty && first == nil && last == nil)
            terminal.err(asked ? "No entries match.\n" : "No entries.\n")
            var leftOut = diary.leftOut.values.reduce(into: Diary.LeftOut()) { total, month in
                total.drafts += month.drafts
                total.future += month.future
            }
            // Of those, the ones the query finds (found by a review: a draft of another day was said to be left out).
            if asked, leftOut.drafts + leftOut.future > 0,
               let all = try? SiteBuilder(siteRoot: site, options: BuildOptions(includeDrafts: true, includeFuture: true, now: now)).diary().diary {
                let matching = query.entries(of: all)
                leftOut.drafts = args.flag("drafts") ? 0 : matching.filter { $0.status == .draft }.count
                leftOut.future = args.flag("future") ? 0 : matching.filter { $0.status == .scheduled }.count
            }
            for note in EnglishCount.leftOutNotes(leftOut) { terminal.error("note: " + note) }
            if leftOut.future > 0, let note = BuildCommand.sourceDateEpochNote(now: now, args: args, environment: environment, verb: "list") {
                terminal.error(note)
            }
            if !query.anyTag, let note = everyTagNote(tags) { terminal.error(note) }
        }
        return .success
    }

    /// Said when two or more tags found nothing: each entry must have all of them, where jrnl's
    /// `jrnl @work @home` lists the entries with any (found by a jrnl user's audit).
    static func everyTagNote(_ tags: [String]) -> String? {
        var distinct: [String] = []
        for tag in tags.map(typed(tag:)) where !distinct.contains(where: { $0.lowercased() == tag.lowercased() }) { distinct.append(tag) }
        guard distinct.count > 1 else { return nil }
        return "note: an entry is listed only when it has every tag given (jrnl lists those with any); "
            + "for those with any of them: daybook list " + distinct.map { "@" + $0 }.joined(separator: " ") + " --any"
    }

    // MARK: Arguments

    /// The tag a word names, `@work` or `#work` (as jrnl and Day One write tags), else nil: a
    /// lone `@` or `#` is a word.
    static func tag(written word: String) -> String? {
        guard let first = word.first, first == "@" || first == "#", word.count > 1 else { return nil }
        return AddCommand.tagName(word)
    }

    private static func entryCount(_ text: String) throws(UsageError) -> Int {
        let digits = TypedDigits.ascii(text)
        guard let count = Int(digits), count > 0 else {
            // A number past Int's range is a count all the same: every entry (found by a review).
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isWholeNumber), digits.contains(where: { $0 != "0" }) { return Int.max }
            throw UsageError(message: "-n must be a whole number of entries, 1 or more, found '\(text)'", command: spec)
        }
        return count
    }

    /// The `--from`, `--to` or `--on` given, read.
    private static func day(_ option: String, _ args: ParsedArguments) throws(UsageError) -> DayRange.Named? {
        guard let text = args.values[option] else { return nil }
        switch DayRange.Named.parse(TypedDigits.ascii(text)) {
        case .success(let named): return named
        case .failure(let error):
            throw UsageError(message: "--\(option) must be a day (2026-12-01), a month (2026-12), a year (2026), today or yesterday "
                             + "(\(error.reason)), found '\(text)'", command: spec)
        }
    }

    // MARK: Output

    /// `2026-12-01 09:30  Morning walk  #walk #dog`: the entry's day and time in its own zone
    /// (`zone`, the site's, when it has none), its title and its tags, one line of the terminal.
    static func line(_ item: DiaryEntry, zone: String) -> String {
        var when = item.moment.localDay.description + "      "
        if item.moment.hasTime, let local = DiaryStore.localDate(ISODate(epochSeconds: item.moment.seconds), timeZone: item.entry.timeZone ?? zone),
           let second = local.secondOfDay {
            when = local.day.description + " " + String(format: "%02d:%02d", second / 3600, second / 60 % 60)
        }
        var text = when + "  " + Terminal.shown(item.entry.title, oneLine: true)
        if item.entry.draft { text += " (draft)" }
        if !item.tags.isEmpty { text += "  " + item.tags.map { "#" + Terminal.shown(typed(tag: $0.name), oneLine: true) }.joined(separator: " ") }
        return text
    }

    /// "Mood: ", "Weather: " and "Location: " as the site's pages say them (`気分：`; found by a
    /// Japanese diarist's audit: `list --full` said them in English, as the reports do not).
    static func cardLabels(locale: String) -> [String] {
        let strings = (try? UIStrings(theme: .builtIn, locale: locale)) ?? UIStrings(table: [:], language: "en")
        return [CardKind.mood, .weather, .location].map { kind in
            kind.name(in: strings) + PagePresenter.labelSeparator(locale: locale)
        }
    }

    /// The entry whole: its ``line(_:zone:)``, its cards (after `labels`, ``cardLabels(locale:)``),
    /// a blank line and its body's Markdown as written, indented by two spaces, then a blank line.
    static func block(_ item: DiaryEntry, zone: String, labels: [String] = ["Mood: ", "Weather: ", "Location: "]) -> String {
        let entry = item.entry
        var text = line(item, zone: zone) + "\n"
        let cards = zip(labels, [entry.mood, entry.weather, entry.location]).compactMap { label, value in
            value.map { label + Terminal.shown($0, oneLine: true) }
        }
        if !cards.isEmpty { text += "  " + cards.joined(separator: " · ") + "\n" }
        var body = Terminal.shown(entry.body, oneLine: false)
        while body.last?.isWhitespace == true { body.removeLast() }
        if !body.isEmpty {
            text += "\n" + body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined()
        }
        return text + "\n"
    }

    /// A tag as a command line takes it back: its white space as `-` (`road trip` is `road-trip`,
    /// the same tag: ``TagSlugs`` takes white space, `-` and `_` as one).
    static func typed(tag name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    /// The entries as a JSON array: each one's id (its page's, `entries/<id>/`), the members its
    /// file has (values as written, its own `id` aside), and its file and line; nil when a file
    /// no longer holds one of them.
    static func json(_ entries: [DiaryEntry], site: String) -> String? {
        let stored = SiteLoader(root: site).entryObjects(at: entries.map(\.entry.origin))
        var items: [JSONNode] = []
        for (item, found) in zip(entries, stored) {
            guard let found, case .object(let written) = found.object.value else { return nil }
            let members = [JSONMember(key: "id", value: JSONNode(value: .string(item.slug)))]
                + written.filter { !["id", "file", "line"].contains($0.key) }
                + [JSONMember(key: "file", value: JSONNode(value: .string(item.entry.origin.file))),
                   JSONMember(key: "line", value: JSONNode(value: .number(String(found.line))))]
            items.append(JSONNode(value: .object(members)))
        }
        return String(decoding: JSONWriter.write(.array(items)), as: UTF8.self)
    }
}
