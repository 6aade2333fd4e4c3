import DaybookCore
import Foundation

/// `daybook add`: quick capture of one diary entry into the site's `diary.json` (through
/// `DiaryStore`, which locks it like `daybook todo` locks todos.json).
enum AddCommand {
    static let spec = CommandSpec(
        name: "add",
        abstract: "Add an entry to the diary (diary.json).",
        positionals: [
            .init(name: "TITLE", help: "The entry's title (several words are joined with spaces).", optional: false),
        ],
        options: [
            .init(name: "body", value: "TEXT|-", help: "The entry's Markdown; - reads it from stdin. Without --body, a terminal opens $VISUAL, else $EDITOR."),
            .init(name: "date", value: "ISO", help: "When it happened: ISO 8601, or today, yesterday or tomorrow, with a time or without (\"yesterday 18:00\"); default: now, in the site's time zone."),
            .init(name: "tag", value: "T", help: "A tag; repeat for more (a leading @ or #, as jrnl and Day One write tags, is left out).", repeats: true,
                  completion: .tags),
            .init(name: "mood", value: "M", help: "The mood card."),
            .init(name: "weather", value: "W", help: "The weather card."),
            .init(name: "location", value: "L", help: "The location card."),
            .init(name: "photo", value: "FILE", help: "A photo; one outside the site's photos/ is copied there. Repeat for more.", repeats: true),
            .init(name: "time-zone", value: "ZONE", help: "The IANA zone it was written in, away from home (Asia/Tokyo): its \"timeZone\"; the time is that zone's."),
            .init(name: "now", value: "ISO", help: "The date and time to take as now (default: the clock)."),
            .init(name: "draft", value: nil, help: "Mark it a draft (\"draft\": true): the build leaves it out unless --drafts."),
            .init(name: "site", value: "DIR", help: "The site folder (default: the current folder)."),
            .init(name: "json", value: nil, help: "Print the new entry as JSON on stdout."),
        ],
        discussion: """
        The entry is appended to diary.json (created if missing; diary/*.json files are left
        alone), with the keys title, date, body, tags, mood, weather, location and photos
        (timeZone with --time-zone, draft with --draft, and an id when another entry of that
        day has its title: the next free one, so that entry keeps its URL).
        Every other entry keeps its keys, their order and its values. The date is now
        (--now, else the clock: SOURCE_DATE_EPOCH is a build's time, not read here) in the
        time zone of daybook.json, written with that zone's offset, like
        2026-12-01T09:30:00+09:00.

        Body: --body TEXT, or --body - to read stdin (empty or blank stdin adds nothing,
        exit 1). With neither, and stdin a terminal, $VISUAL (else $EDITOR, else vi) opens on an empty
        file and what you save is the body; otherwise the entry has no body.

        Photos: a file inside the site's photos/ is referenced where it is; any other is
        copied into photos/ under its own name, or name-2.jpg, name-3.jpg … when that is
        taken (an existing file is never overwritten); where one of those names holds the
        same bytes already, that file is used. A photo given twice is added once.

        EXAMPLES:
          daybook add "Morning walk" --tag walk --mood Happy --photo ~/Pictures/IMG_1.jpg
          echo "Rain all day." | daybook add Rain --body - --weather Rainy --site site
          daybook add "Vet visit" --date 2026-11-13T10:00:00+09:00
          daybook add "Late dinner" --date "yesterday 21:00"

        Exit status: 0 added, 1 the site or diary.json has errors, a photo is missing,
        the editor failed or the body given (editor, --body -) was empty, 130 the editor was ended by Ctrl-C, 64 bad usage (empty title, bad --date, an empty --tag, --mood,
        --weather or --location), 66 no site
        folder or daybook.json, 69 the editor cannot be found, 74 cannot read or write, or diary.json is read-only.
        """,
        variadic: true)

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let site = args.values["site"] ?? "."
        // The command line first, then the site and the photos, and only then the body:
        // text typed in the editor is not lost to a mistake found afterwards.
        // Now (--now, else the clock) is the entry's date only without --date.
        let givenNow = args.values["now"] == nil ? nil : try Now.present(args.values["now"], command: spec)
        let now = args.values["date"] == nil ? givenNow ?? Now.clock : nil
        // `--date yesterday` (`tomorrow 09:00`): a day of the site's calendar, known once its zone is read.
        let dateWord = args.values["date"].map(TypedDigits.ascii).flatMap(DateWord.init)
        var entry = NewEntry(title: args.positionals.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines),
                             date: dateWord.map { $0.isoText(today: CalendarDay(year: 2000, month: 1, day: 1)) }
                                ?? args.values["date"].map(TypedDigits.ascii) ?? now?.isoText ?? "")
        entry.tags = args.values("tag").map(tagName)
        entry.mood = args.values["mood"]
        entry.weather = args.values["weather"]
        entry.location = args.values["location"]
        entry.timeZone = args.values["time-zone"]
        entry.photos = args.values("photo")
        entry.draft = args.flag("draft")
        do {
            try DiaryStore.check(entry)
        } catch {
            throw usageError(error)
        }

        let config: SiteConfig
        switch siteSettings(site, terminal: terminal) {
        case .success(let settings): config = settings
        case .failure(let failed): return failed.status
        }
        if let now, let local = DiaryStore.localDate(now, timeZone: entry.timeZone ?? config.timeZone) {
            entry.date = local.isoText
        }
        if let dateWord, let today = DiaryStore.localDate(givenNow ?? Now.clock, timeZone: entry.timeZone ?? config.timeZone)?.day {
            entry.date = dateWord.isoText(today: today)
        }
        var store = DiaryStore(site: site)
        // Only `daybook add` takes this lock, and only while it writes diary.json: a wait is short, unless another program holds it.
        let (diaryFile, lockFile) = (store.file, store.lockFile)
        store.whenLockHeld = {
            terminal.error("note: waiting for \(diaryFile): another process holds its lock, \(lockFile) "
                           + "(daybook add takes it while it writes the file; build and import do not)…")
        }
        do {
            try store.checkPhotos(entry.photos)
        } catch {
            terminal.error("error: \(error)")
            return .siteErrors
        }

        var editedFile: String?
        switch args.values["body"] {
        case "-":
            guard let data = BoundedInput.read(limit: 64 << 20) else {
                throw UsageError(message: "--body -: standard input is larger than 64 MB", command: spec)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw UsageError(message: "--body -: standard input is not UTF-8 text", command: spec)
            }
            // Nothing piped (a command before it in the pipe failed, or wrote only blank lines): nothing
            // is added, as from an editor left empty.
            guard !text.allSatisfy(\.isWhitespace) else {
                terminal.error("error: --body -: standard input had no text, so nothing was added (a title alone: --body \"\")")
                return .siteErrors
            }
            entry.body = tidy(text)
        case let text?:
            entry.body = tidy(text)
        case nil where isatty(0) == 1:
            switch edit(environment: environment) {
            case .success(let edited):
                // Nothing saved: the writer changed their mind (as jrnl and git take it). An entry
                // of a title alone is `--body ""`.
                guard !edited.text.allSatisfy(\.isWhitespace) else {
                    unlink(edited.file)
                    terminal.error("error: nothing was written in the editor, so nothing was added (a title alone: --body \"\")")
                    return .siteErrors
                }
                entry.body = tidy(edited.text)
                editedFile = edited.file
            case .failure(let failure):
                terminal.error("error: \(failure.message); nothing was added")
                return failure.interrupted ? .interrupted : failure.notFound ? .unavailable : .siteErrors
            }
        case nil:
            // Text piped in (`echo … | daybook add Rain`, as jrnl takes it) is read only with `--body -`.
            var waiting: Int32 = 0
            #if canImport(Glibc)
            let bytesWaiting = UInt(FIONREAD)
            #else
            let bytesWaiting: UInt = 0x4004_667F  // FIONREAD, _IOR('f', 127, int): a macro Swift does not import there
            #endif
            if ioctl(0, bytesWaiting, &waiting) == 0, waiting > 0 {
                terminal.error("note: standard input has text, which is not read without --body - (the entry has no body)")
            }
        }

        // An entry of the same day and title keeps its URL: the new one is given an id of its own.
        let loadedBefore = try? SiteLoader(root: site).loadAll()
        if let loadedBefore { entry.id = DiaryStore.idKeepingURLs(for: entry, in: loadedBefore.source) }
        do {
            let added = try store.add(entry)
            if let editedFile { unlink(editedFile) }
            for photo in added.copied {
                let path = SiteLoader(root: site).displayPath(photo.path)
                terminal.err(photo.wasThere ? "Used \(path), which has the same bytes as \(photo.source)\n" : "Copied \(photo.source) to \(path)\n")
            }
            terminal.err("Added \"\(entry.title)\" (\(entry.date)) to \(store.file)\(added.created ? " (a new file)" : "")\n")
            // jrnl's quick entry (`Lunch @food *`, `yesterday: …`) is stored as typed; said, with what to write instead.
            for note in JrnlQuickSyntax.notes(title: entry.title) { terminal.error("note: \(note)") }
            if let id = entry.id {
                terminal.error("note: an entry of that day has its title, so it has the id \"\(id)\", its page entries/\(id)/: the other keeps its URL")
            }
            // What the next build will not show, said now rather than found missing then.
            let formats = DateFormats(locale: config.locale, timeZone: config.timeZone)
            // --now is the present a backdated entry is told against too (found by a daily-use audit:
            // the clock said a past entry was in the future).
            let buildNow = givenNow ?? now ?? Now.unlessBad(environment)
            if case .success(let date) = ISODate.parse(entry.date), formats.moment(date, timeZone: entry.timeZone) > formats.moment(buildNow) {
                terminal.error("note: it is dated after now, so a build leaves it out until then (build --future shows it)")
            }
            if entry.draft { terminal.error("note: it is a draft, so a build leaves it out (build --drafts shows it)") }
            // A time the site's zone skips that night (found by a daily-use audit: 02:30 in New York
            // on the spring night was shown at 03:30 without a word).
            let zoneName = entry.timeZone ?? config.timeZone
            if case .success(let date) = ISODate.parse(entry.date), let zone = TimeZone(identifier: zoneName),
               let shown = SkippedTime.shown(for: date, in: zone) {
                terminal.error("note: \(entry.date) is no time in \(zoneName) (the clocks went forward past it that night), "
                               + "so the site shows it at \(shown)")
            }
            // A time the zone has twice (the clocks went back over it): the site takes the first.
            if case .success(let date) = ISODate.parse(entry.date), let zone = TimeZone(identifier: zoneName),
               let offsets = RepeatedTime.offsets(for: date, in: zone) {
                terminal.error("note: \(entry.date) is twice in \(zoneName) (the clocks went back over it that night): the site takes the first, "
                               + "\(entry.date)\(offsets.first); for the second, write the date with its offset, \(entry.date)\(offsets.second)")
            }
            // An error elsewhere in the data (added by hand) stops the next build: said now, once, at
            // its place in the file as written now (read again only when there was one before).
            if loadedBefore?.errors.isEmpty != true, let loaded = try? SiteLoader(root: site).loadAll(), let first = loaded.errors.first {
                let count = loaded.errors.count
                terminal.error("note: the site's data has \(count == 1 ? "an error" : "\(count) errors") elsewhere, which a build stops at "
                               + "(daybook check lists \(count == 1 ? "it" : "them")); the first: \(first)")
            }
            if args.flag("json") { terminal.out(String(decoding: JSONWriter.write(added.entry), as: UTF8.self)) }
            return .success
        } catch {
            let status: ExitCode
            switch error {
            case let errors as SiteErrors:
                report(errors, terminal)
                status = .siteErrors
            case DiaryStoreError.io(let message):
                terminal.error("error: " + message)
                status = .ioError
            case DiaryStoreError.readOnly:
                terminal.error("error: \(error)")
                status = .ioError
            default:
                terminal.error("error: \(error)")
                status = .siteErrors
            }
            if let editedFile { terminal.err("The body you wrote is kept in \(editedFile)\n") }
            return status
        }
    }

    /// A tag as typed: `@walk` (jrnl) and `#walk` (Day One) are the tag `walk`, and so with the
    /// full-width marks a Japanese or Chinese input method types (`＃散歩`); white space around it
    /// is not part of it.
    static func tagName(_ typed: String) -> String {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first, "@#＠＃".contains(first), trimmed.count > 1 else { return trimmed }
        return trimmed.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An exit status as an error, for `Result`.
    struct Failed: Error {
        let status: ExitCode
    }

    /// The settings of the site at `site`, for the commands that change its files (`add`, `todo`):
    /// a folder with a daybook.json that loads; else the error printed and the exit status.
    static func siteSettings(_ site: String, terminal: Terminal) -> Result<SiteConfig, Failed> {
        do {
            return .success(try SiteLoader(root: site).loadSettings())
        } catch {
            switch error {
            case .missingInput(let message):
                terminal.error("error: " + message)
                return .failure(Failed(status: .inputMissing))
            case .invalid(let errors):
                report(errors, terminal)
                return .failure(Failed(status: .siteErrors))
            }
        }
    }

    private static func report(_ errors: SiteErrors, _ terminal: Terminal) {
        for line in errors.report().split(separator: "\n") { terminal.error(String(line)) }
    }

    /// The command-line wording of a problem with the entry's own values.
    private static func usageError(_ error: DiaryStoreError) -> UsageError {
        let message: String
        switch error {
        case .emptyTitle: message = "The title must not be empty: give the entry's words, such as daybook add 'A walk'"
        case .invalidDate(let text, let reason):
            message = "--date must be an ISO 8601 date such as 2026-12-01 or 2026-12-01T09:30:00+09:00, or today, yesterday or tomorrow "
                + "with a time or without (yesterday 18:00) (\(reason)), found '\(text)'"
        case .emptyField("tags"): message = "--tag must not be empty"
        case .tooManyTags(let count): message = "--tag is given \(count) times; an entry has at most \(SiteLoader.maxTagsPerEntry) tags"
        case .emptyField(let key): message = "--\(key) must not be empty"
        case .controlCharacter("title", let scalar): message = "The title must be one line of text, found \(DiaryStoreError.named(scalar))"
        case .controlCharacter(let key, let scalar): message = "--\(key) must be one line of text, found \(DiaryStoreError.named(scalar))"
        default: message = error.description
        }
        return UsageError(message: message, command: spec)
    }

    /// The body without the blank lines and spaces around it (an editor's last newline,
    /// `echo`'s); indentation of its first line stays, since it means something in Markdown.
    static func tidy(_ text: String) -> String {
        var text = Substring(text)
        while text.last?.isWhitespace == true { text.removeLast() }
        while let end = text.firstIndex(where: \.isNewline), text[..<end].allSatisfy(\.isWhitespace) {
            text = text[text.index(after: end)...]
        }
        return String(text)
    }

    // MARK: The editor

    /// `$VISUAL`, else `$EDITOR`, else `vi`, as git and most Unix tools choose (VISUAL is the
    /// full-screen editor, and `add` opens one only on a terminal); one of only white space is unset.
    static func editor(environment: [String: String]) -> String {
        func given(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        return given("VISUAL") ?? given("EDITOR") ?? "vi"
    }

    struct EditorFailure: Error {
        var message: String
        /// The shell could not find the editor (status 127).
        var notFound = false
        /// The editor was ended by Ctrl-C (SIGINT).
        var interrupted = false
    }

    /// Opens ``editor(environment:)`` on a new empty temp file through `/bin/sh` (so `EDITOR="code -w"`
    /// works) and returns what was saved and the file, which the caller removes once the entry is added.
    static func edit(environment: [String: String]) -> Result<(text: String, file: String), EditorFailure> {
        let editor = editor(environment: environment)
        var template = Array((NSTemporaryDirectory() + "daybook-entry-XXXXXX.md").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        guard fd >= 0 else { return .failure(EditorFailure(message: "cannot make a temp file for the editor: \(String(cString: strerror(errno)))")) }
        close(fd)
        let file = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let command = ForegroundCommand(executable: "/bin/sh", arguments: ["-c", editor + " \"$1\"", "daybook-editor", file],
                                        environment: environment)
        let ending: ForegroundCommand.Ending
        switch command.run() {
        case .success(let ended): ending = ended
        case .failure(let error):
            unlink(file)
            return .failure(EditorFailure(message: "cannot run /bin/sh for the editor: \(error.reason)", notFound: true))
        }
        if ending != .exited(0) {
            var message: String
            switch ending {
            case .exited(127): message = "the editor '\(editor)' was not found (set VISUAL or EDITOR)"
            case .exited(let status): message = "the editor '\(editor)' exited with status \(status)"
            case .signal(SIGINT): message = "the editor '\(editor)' was ended by Ctrl-C"
            case .signal(let number): message = "the editor '\(editor)' was ended by signal \(number)"
            }
            // Text saved before the editor failed (`:cq` in vim) is not thrown away.
            let saved = FileManager.default.contents(atPath: file) ?? Data()
            if saved.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) {
                message += "; what you wrote is kept in \(file)"
            } else {
                unlink(file)
            }
            return .failure(EditorFailure(message: message, notFound: ending == .exited(127), interrupted: ending == .signal(SIGINT)))
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            return .failure(EditorFailure(message: "the editor's file \(file) is not UTF-8 text (it is kept)"))
        }
        return .success((text, file))
    }
}
