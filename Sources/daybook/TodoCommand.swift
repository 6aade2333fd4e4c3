import DaybookCore
import DaybookImport
import Foundation

/// `daybook todo`: list and change a site's `todos.json` (through `TodoStore`, which locks it).
enum TodoCommand {
    static let spec = CommandSpec(
        name: "todo",
        abstract: "List and change the todo list in todos.json.",
        positionals: [
            .init(name: "ACTION", help: "list (without an action too), add, edit, done, undo, rm, today, pri, depri, append or prepend.", optional: true,
                  completion: .choices([
                    .init("list", "Print the todos."), .init("add", "Add a todo."), .init("edit", "Change a todo's words."),
                    .init("done", "Mark todos done."), .init("undo", "Mark done todos open again."), .init("rm", "Remove todos."),
                    .init("today", "Put todos in Today, or take them out."), .init("pri", "Give a todo a priority."),
                    .init("depri", "Take todos' priority away."), .init("append", "Add words to a todo's end."),
                    .init("prepend", "Add words to a todo's start."),
                  ])),
            .init(name: "ID|TEXT", help: "The todo's id (edit; done, undo, rm and today take several) or its words (add; edit after the id).", completion: .todoIDs),
        ],
        options: [
            .init(name: "site", value: "DIR", help: "The site folder (default: the current folder)."),
            .init(name: "today", value: nil, help: "add: put the new todo in Today."),
            .init(name: "due", value: "DATE", help: "add, edit: the day it is due, like 2021-11-13 (edit: none takes the day away)."),
            .init(name: "now", value: "ISO", help: "The date and time for Today and doneAt (default: the clock)."),
            .init(name: "json", value: nil, help: "list: print the todos as a JSON array, with every key each one has."),
        ],
        discussion: """
        ACTIONS:
          list [TERM…]            Print the Today and Upcoming sections (Today: isToday, due today, or overdue);
                                  `daybook todo` alone does too. With terms, the todos that have them all, as
                                  todo.sh's ls: a word, +project or @context (a tag), and -TERM for those without
                                  it (after --: daybook todo list -- -work).
          add TEXT…               Add a todo (the words joined with spaces); prints its id. The words are
                                  read as todo.txt's: "(A) Call Mom +family @phone due:2026-12-10 t:2026-12-08"
                                  gives priority A, tags family and phone, a due day and a wait day.
          edit ID TEXT…           Change a todo's words, read as add reads them: their tags replace those of
                                  the old words, and what they do not give stays as it is. With --due DATE
                                  (or none) its due day too, the words then optional.
          done ID…, undo ID…      Mark todos done (setting doneAt; one done already keeps its first) or not done.
                                  Done, a todo with todo.txt's rec:1w (a week after today) or rec:+1m (a month
                                  after its due day) comes again: a new todo with its words, due then.
          rm ID…                  Delete todos.
          today ID…               Put todos in Today, or take them out.
          pri ID LETTER, depri ID…
                                  Give a todo a priority, A to Z, or take todos' priority away.
          append ID TEXT…, prepend ID TEXT…
                                  Add words (read as add reads them) to the end or the start of a todo's words.
                                  With several ids, an id without a todo changes none of them.
                                  todo.sh's names work too: ls, a, do, del, replace, p, dp, app, prep.

        Changes lock todos.json, so commands run at the same time never lose an update.
        Exit status: 0 done, 1 todos.json or daybook.json has errors, or no todo has that id,
        64 bad usage, 66 no site folder or no daybook.json in it, 74 cannot read or write, or todos.json is read-only.
        """,
        variadic: true,
        optionHint: { typed, _ in
            // Words of a todo that start with a dash (found by a todo.txt user's audit: `add -5 degrees: wear coat`).
            typed.contains(" ") || typed.dropFirst().first?.isNumber == true
                ? ". Words that start with '-' go after '--': daybook todo add -- '\(typed)'" : nil
        })

    /// todo.sh's names for Daybook's actions (found by a todo.txt user's audit: `do 3`, `ls` and `del` were refused).
    static let todoShNames = ["ls": "list", "a": "add", "do": "done", "del": "rm", "replace": "edit", "p": "pri", "dp": "depri",
                              "app": "append", "prep": "prepend"]

    /// A todo's words are one line: a line break would make a second, false line of the list.
    static func oneLine(_ detail: String) throws(UsageError) {
        if let scalar = DiaryStoreError.controlCharacter(in: detail) {
            throw UsageError(message: "The todo's words must be one line of text, found \(DiaryStoreError.named(scalar))", command: spec)
        }
    }

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        // `daybook todo` alone lists, as `task` alone does.
        let typedAction = args.positionals.first ?? "list"
        let action = todoShNames[typedAction] ?? typedAction
        let rest = Array(args.positionals.dropFirst())
        let site = args.values["site"] ?? "."
        try checkOptions(for: action, args)

        // Read the command line completely before touching the file.
        let change: (TodoStore) throws -> String
        switch action {
        case "list":
            // Terms, as todo.sh's `ls +home @phone -work` takes them (found by a todo.txt user's audit).
            if let word = rest.first, rest.count == 1, spec.siteHint(word) != nil { try expectNoMore(rest) }
            let filter = TodoFilter(terms: rest)
            // The JSON list has no Today, so it needs no now.
            let json = args.flag("json")
            // (found by a todo audit: `--json --now T` printed the text list.)
            let now = json ? nil : try Now.present(args.values["now"], command: spec)
            change = { store in
                guard let now else { return jsonList(try store.listWithKeys().filter { filter.matches($0.todo) }) }
                return Terminal.visible(textList(try store.list().filter(filter.matches), now: now, settings: try? SiteLoader(root: site).loadSettings()))
            }
        case "add":
            let detail = rest.joined(separator: " ")
            guard !detail.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw UsageError(message: "Missing expected argument '<TEXT>': the todo's words", command: spec)
            }
            try oneLine(detail)
            // The words as todo.txt writes a task (found by a todo audit: `(A) Call Mom +family
            // due:2026-12-10` was kept as words, its due day and priority lost to the list).
            let words = try todoTxtWords(detail)
            var due = try dueDay(args.values["due"])
            if let given = words.due {
                if let due, due != given {
                    throw UsageError(message: "The todo is due on two days: --due \(due) and due:\(given)", command: spec)
                }
                due = given
            }
            let isToday = args.flag("today")
            change = { [due] store in
                let todo = try store.add(detail: words.detail, isToday: isToday, due: due, more: words.members)
                terminal.err("Added todo \(todo.id): \(Terminal.visible(todo.detail))\n")
                return "\(todo.id)\n"
            }
        case "edit":
            guard let first = rest.first else { throw UsageError(message: "Missing expected argument '<ID>'", command: spec) }
            let id = try wholeNumber(first)
            let words = rest.dropFirst().joined(separator: " ")
            // `--due DAY` moves the todo to another day, `--due none` takes its day away (found by a
            // todo audit: only todos.json could put a todo off); the words may then be left out.
            let due: TodoStore.DueChange? = switch args.values["due"] {
            case nil: nil
            case "none"?: TodoStore.DueChange.none
            case let text?: try dueDay(text).map { .day($0) }
            }
            var detail: String? = words.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : words
            guard detail != nil || due != nil else {
                throw UsageError(message: "Missing expected argument '<TEXT>': the todo's new words (or --due DAY)", command: spec)
            }
            var read: TodoStore.EditedWords?
            var givenDue = due
            if let words = detail {
                try oneLine(words)
                // Read as `add` reads them (found by a todo.txt user's audit: `edit 12 "(A) Buy bread +shop
                // due:2026-12-09"` kept every word as written, and taking `+home` away kept the tag).
                let parsed = try todoTxtWords(words)
                if let day = parsed.due {
                    if case .day(let other)? = due, other != day {
                        throw UsageError(message: "The todo is due on two days: --due \(other) and due:\(day)", command: spec)
                    }
                    givenDue = .day(day)
                }
                detail = parsed.detail
                read = Self.editedWords(parsed)
            }
            change = { [detail, givenDue, read] store in
                let (todo, changed) = try store.edit(id: id, detail: detail, due: givenDue, read: read)
                let dueText = givenDue == nil ? "" : todo.due.map { " (due \($0))" } ?? " (due no day)"
                terminal.err(changed ? "Changed todo \(todo.id): \(Terminal.visible(todo.detail))\(dueText)\n" : "Todo \(todo.id) says that already: \(Terminal.visible(todo.detail))\(dueText)\n")
                return ""
            }
        case "done":
            let ids = try todoIDs(rest)
            let given = try Now.present(args.values["now"], command: spec)
            change = { store in
                // A time with its offset: a --now written so as typed, else (the clock, a day, a time
                // without an offset) the moment in the site's zone with its offset (found by a todo audit:
                // `--now 2026-12-07` wrote a day alone, which the next import took for a tick made in
                // todo.txt and taken back there, and opened the todo again).
                let zone = (try? SiteLoader(root: site).loadSettings())?.timeZone ?? "UTC"
                let formats = DateFormats(locale: "en_US_POSIX", timeZone: zone)
                func local(_ date: ISODate) -> String {
                    DiaryStore.localDate(ISODate(epochSeconds: formats.moment(date).seconds), timeZone: zone)?.isoText ?? date.isoText
                }
                let typedInFull = args.values["now"] != nil && given.secondOfDay != nil && given.utcOffset != nil
                // A rec: todo's next day counts from the day it is done in the site's zone, as the
                // site and `todo list` show it (found by a rebuild audit: `--now 2026-12-03T23:30:00Z`
                // on a Seoul site, Dec 4 there, counted a week from Dec 3).
                let day = formats.moment(given).localDay
                for (todo, wasDone, next) in try store.done(ids: ids, now: typedInFull ? given.isoText : local(given), day: day) {
                    if wasDone {
                        let at = todo.doneAt.map { " (at \(local($0)))" } ?? ""
                        terminal.err("Todo \(todo.id) was done already\(at): \(Terminal.visible(todo.detail))\n")
                    } else {
                        terminal.err("Marked todo \(todo.id) done: \(Terminal.visible(todo.detail))\n")
                    }
                    if let next {
                        let when = next.due.map { "due \($0)" } ?? next.wait.map { "waiting until \($0)" } ?? ""
                        let rec = TodoRecurrence(detail: todo.detail).map(String.init(describing:)) ?? "rec:"
                        terminal.err("Added todo \(next.id), the next time (\(rec)): \(when)\n")
                    }
                }
                return ""
            }
        case "undo":
            let ids = try todoIDs(rest)
            change = { store in
                for (todo, wasDone) in try store.undo(ids: ids) {
                    terminal.err(wasDone ? "Marked todo \(todo.id) not done: \(Terminal.visible(todo.detail))\n"
                                         : "Todo \(todo.id) was not done: \(Terminal.visible(todo.detail))\n")
                }
                return ""
            }
        case "rm":
            let ids = try todoIDs(rest)
            change = { store in
                for todo in try store.remove(ids: ids) {
                    terminal.err("Removed todo \(todo.id): \(Terminal.visible(todo.detail))\n")
                }
                return ""
            }
        case "today":
            let ids = try todoIDs(rest)
            change = { store in
                for todo in try store.toggleToday(ids: ids) {
                    terminal.err("\(todo.isToday ? "Marked" : "Unmarked") todo \(todo.id) for today: \(Terminal.visible(todo.detail))\n")
                }
                return ""
            }
        case "pri":
            guard rest.count == 2 else {
                throw UsageError(message: rest.count < 2 ? "Missing expected argument '<ID> <LETTER>': daybook todo pri 3 A" : "Unexpected argument '\(rest[2])'", command: spec)
            }
            let id = try wholeNumber(rest[0])
            let letter = rest[1].uppercased()
            guard letter.count == 1, let scalar = letter.unicodeScalars.first, ("A"..."Z").contains(scalar) else {
                throw UsageError(message: "A priority is a letter from A to Z, found '\(rest[1])'", command: spec)
            }
            change = { store in
                for (todo, changed) in try store.setPriority(ids: [id], letter) {
                    terminal.err(changed ? "Gave todo \(todo.id) priority \(letter): \(Terminal.visible(todo.detail))\n"
                                         : "Todo \(todo.id) has priority \(letter) already: \(Terminal.visible(todo.detail))\n")
                }
                return ""
            }
        case "depri":
            let ids = try todoIDs(rest)
            change = { store in
                for (todo, changed) in try store.setPriority(ids: ids, nil) {
                    terminal.err(changed ? "Took todo \(todo.id)'s priority away: \(Terminal.visible(todo.detail))\n"
                                         : "Todo \(todo.id) has no priority: \(Terminal.visible(todo.detail))\n")
                }
                return ""
            }
        case "append", "prepend":
            guard let first = rest.first else { throw UsageError(message: "Missing expected argument '<ID>'", command: spec) }
            let id = try wholeNumber(first)
            let text = rest.dropFirst().joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw UsageError(message: "Missing expected argument '<TEXT>': the words to add", command: spec)
            }
            try oneLine(text)
            let parsed = try todoTxtWords(text)
            let appending = action == "append"
            let added = Self.editedWords(parsed)
            change = { store in
                let (todo, _) = try store.edit(id: id, words: { old in
                    (appending ? old + " " + parsed.detail : parsed.detail + " " + old, added)
                }, due: parsed.due.map { .day($0) })
                terminal.err("Changed todo \(todo.id): \(Terminal.visible(todo.detail))\n")
                return ""
            }
        default:
            let actions = ["list", "add", "edit", "done", "undo", "rm", "today", "pri", "depri", "append", "prepend"]
            throw UsageError(message: "Unknown action '\(typedAction)' (expected \(actions.dropLast().joined(separator: ", ")) or \(actions.last!))"
                             + (typedAction == "archive" ? ": done todos stay in todos.json, shown under Done; daybook todo rm ID… deletes todos"
                                : CommandSpec.didYouMean(typedAction, among: actions + Array(todoShNames.keys))), command: spec)
        }

        // A site, as for `daybook add`: a todo list made in the wrong folder would be lost there,
        // and a daybook.json with errors would give "today" in the wrong zone.
        if case .failure(let failed) = AddCommand.siteSettings(site, terminal: terminal) { return failed.status }
        do {
            var store = TodoStore(site: site)
            let (todoFile, lockFile) = (store.file, store.lockFile)
            store.whenLockHeld = {
                terminal.error("note: waiting for \(todoFile): another process holds its lock, \(lockFile) "
                               + "(daybook todo takes it while it changes the file, daybook import for a whole import)…")
            }
            terminal.out(try change(store))
            // As the build says them: a misspelled key (`"isdone"`) would otherwise show a done todo as open in silence.
            for warning in store.warnings() { terminal.error("warning: \(warning)") }
            return .success
        } catch let errors as SiteErrors {
            for line in errors.report().split(separator: "\n") { terminal.error(String(line)) }
            return .siteErrors
        } catch let error as TodoStoreError {
            // With several ids, one without a todo changed none of them: say so.
            let several = Set(rest.compactMap { Int($0) }).count > 1 && ["done", "undo", "rm", "today", "depri"].contains(action)
            let unchanged = if case .noSuchTodo = error, several { " (no todo was changed)" } else { "" }
            terminal.error("error: \(error)\(unchanged)")
            if case .io = error { return .ioError }
            if case .readOnly = error { return .ioError }
            return .siteErrors
        } catch {
            terminal.error("error: \(error)")
            return .ioError
        }
    }

    // MARK: Arguments

    /// What `edit`'s words say beside them: their priority, wait day and tags.
    private static func editedWords(_ words: TodoTxtWords) -> TodoStore.EditedWords {
        var priority: String?, wait: CalendarDay?
        for member in words.members {
            switch (member.key, member.value.value) {
            case ("priority", .string(let letter)): priority = letter
            case ("wait", .string(let text)): if case .success(let date) = ISODate.parse(text) { wait = date.day }
            default: break
            }
        }
        var tags: [String] = []
        if case .array(let nodes)? = words.members.first(where: { $0.key == "tags" })?.value.value {
            tags = nodes.compactMap { if case .string(let tag) = $0.value { tag } else { nil } }
        }
        return TodoStore.EditedWords(priority: priority, wait: wait, tags: tags)
    }

    /// A todo's words read as todo.txt's (`add`, `edit`, `append`), or the usage error that says where not.
    private static func todoTxtWords(_ text: String) throws(UsageError) -> TodoTxtWords {
        do { return try TodoTxtWords.read(text) } catch {
            throw UsageError(message: "In the todo's words at column \(error.column) (read as todo.txt's): \(error.reason)", command: spec)
        }
    }

    /// `--today`, `--due` and `--json` belong to one action each.
    private static func checkOptions(for action: String, _ args: ParsedArguments) throws(UsageError) {
        let owners = [("today", "add"), ("json", "list")]
        for (option, owner) in owners where action != owner && (args.flag(option) || args.values[option] != nil) {
            throw UsageError(message: "The option '--\(option)' is only for 'daybook todo \(owner)'", command: spec)
        }
        if args.values["due"] != nil, action != "add", action != "edit" {
            throw UsageError(message: "The option '--due' is only for 'daybook todo add' and 'daybook todo edit'", command: spec)
        }
        if args.values["now"] != nil, action != "list", action != "done" {
            throw UsageError(message: "The option '--now' is only for 'daybook todo list' and 'daybook todo done'", command: spec)
        }
    }

    private static func expectNoMore(_ rest: [String]) throws(UsageError) {
        if let extra = rest.first { throw UsageError(message: "Unexpected argument '\(extra)'" + (spec.siteHint(extra).map { ". " + $0 } ?? ""), command: spec) }
    }

    /// The ID arguments of done, undo, rm and today (`daybook todo done 3 5`, as todo.sh's `do 3 5`
    /// and Taskwarrior's `task 3 5 done` take several).
    private static func todoIDs(_ rest: [String]) throws(UsageError) -> [Int] {
        guard !rest.isEmpty else { throw UsageError(message: "Missing expected argument '<ID>'", command: spec) }
        var ids: [Int] = []
        for text in rest { ids.append(try wholeNumber(text)) }
        return ids
    }

    private static func wholeNumber(_ text: String) throws(UsageError) -> Int {
        guard let id = Int(text) else {
            throw UsageError(message: "The todo ID must be a whole number, found '\(text)'" + (spec.siteHint(text).map { ". " + $0 } ?? ""), command: spec)
        }
        return id
    }

    private static func dueDay(_ text: String?) throws(UsageError) -> CalendarDay? {
        guard let text else { return nil }
        switch ISODate.parse(TypedDigits.ascii(text)) {
        case .success(let date) where !date.hasTime:
            return date.day
        case .success:
            throw UsageError(message: "--due must be a day like 2021-11-13, without a time, found '\(text)'", command: spec)
        case .failure(let error):
            let why = error.reason.hasSuffix("is not a day of the calendar") ? " (\(error.reason))" : ""
            throw UsageError(message: "--due must be a day like 2021-11-13\(why), found '\(text)'", command: spec)
        }
    }

    // MARK: Output

    /// The Today and Upcoming sections (and Done, of the todos done on an earlier day), one todo a line: `[x] 3  detail  (due Nov 13, 2021)`,
    /// in the site's language (the built-in theme's strings: `오늘`, `(기한 지남, 기한 2021. 11. 13.)`).
    static func textList(_ todos: [Todo], now: ISODate, settings: SiteConfig?) -> String {
        let locale = settings?.locale ?? "en_US"
        let formats = DateFormats(locale: locale, timeZone: settings?.timeZone ?? "UTC")
        let strings = (try? UIStrings(theme: .builtIn, locale: locale)) ?? UIStrings(table: [:], language: "en")
        // Inside the line's parentheses they read in lower case, by the language's rules: "overdue, due
        // Nov 13", "überfällig, fällig am 13.11.2021" (found by a todo audit: German had "Überfällig, Fällig
        // am" mid-line). Scripts without case are as they are.
        let lowering = Locale(identifier: strings.language)
        func phrase(_ text: String) -> String { text.prefix(1).lowercased(with: lowering) + text.dropFirst() }
        let separator = strings.keys.contains("list.separator") ? strings["list.separator"] : ", "
        let sections = TodoSections(todos, today: formats.moment(now).localDay) { formats.moment($0).localDay }
        let width = todos.map { String($0.id).count }.max() ?? 1
        func lines(_ todos: [Todo]) -> String {
            guard !todos.isEmpty else { return "(\(phrase(strings["none"])))\n" }
            return todos.map { todo in
                let id = String(todo.id)
                // Its priority and tags too, as the site's todo page shows them (found by a native users'
                // audit): `(A)` before the words, as todo.txt writes it, and `#tag` after them for a tag
                // the words do not hold already (`+garden`, `@phone`).
                let detail = (todo.priority.map { "(\($0)) " } ?? "") + todo.detail + todo.tagsBesideWords.map { " #" + $0 }.joined()
                var line = "[\(todo.isDone ? "x" : " ")] " + String(repeating: " ", count: width - id.count) + id + "  " + detail
                if let due = todo.due {
                    let dueText = phrase(strings.format("due", ["date": formats.text(due)]))
                    line += "  (\(sections.isOverdue(todo) ? phrase(strings["overdue"]) + separator : "")\(dueText))"
                }
                return line + "\n"
            }.joined()
        }
        let done = sections.doneEarlier.isEmpty ? "" : "\n" + strings["done"] + "\n" + lines(sections.doneEarlier)
        return strings["today"] + "\n" + lines(sections.today) + "\n" + strings["upcoming"] + "\n" + lines(sections.upcoming) + done
    }

    /// The todos in id order as a JSON array, each with id, detail, isDone and isToday, and
    /// due, doneAt and tags when set, then every other key of the todo as `todos.json` has it
    /// (priority, wait, created, annotations, source, keys, the user's own), each once.
    static func jsonList(_ todos: [(todo: Todo, object: JSONNode)]) -> String {
        let items = todos.sorted { $0.todo.id < $1.todo.id }.map { todo, object in
            var members: [(String, JSONValue)] = [
                ("id", .number(String(todo.id))), ("detail", .string(todo.detail)),
                ("isDone", .bool(todo.isDone)), ("isToday", .bool(todo.isToday)),
            ]
            if let due = todo.due { members.append(("due", .string(due.description))) }
            if let doneAt = todo.doneAt { members.append(("doneAt", .string(doneAt.isoText))) }
            if !todo.tags.isEmpty { members.append(("tags", .array(todo.tags.map { JSONNode(value: .string($0)) }))) }
            var written = Set(["id", "detail", "isDone", "isToday", "due", "doneAt", "tags"])
            if case .object(let stored) = object.value {
                for member in stored where written.insert(member.key).inserted { members.append((member.key, member.value.value)) }
            }
            return JSONNode(value: .object(members.map { JSONMember(key: $0.0, value: JSONNode(value: $0.1)) }))
        }
        return String(decoding: JSONWriter.write(.array(items)), as: UTF8.self)
    }
}
