import Foundation
import Testing

/// `daybook todo` through the built binary, as a user would run it.
@Suite struct TodoCLITests {
    typealias Run = CLITests.Run

    static var binary: String { CLITests.binary }

    /// A `daybook` process with its output captured, not yet started.
    static func process(_ arguments: [String], in directory: String) -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "SOURCE_DATE_EPOCH")
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        return (process, out, err)
    }

    static func finish(_ process: Process, _ out: Pipe, _ err: Pipe) -> Run {
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    static func run(_ arguments: [String], in directory: String) throws -> Run {
        let (process, out, err) = Self.process(arguments, in: directory)
        try process.run()
        return finish(process, out, err)
    }

    /// A new site folder: a `daybook.json` and nothing else (`daybook todo` needs a site).
    static func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "daybook-todo-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(#"{"title": "Todos"}"#.utf8).write(to: URL(fileURLWithPath: path + "/daybook.json"))
        return path
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func roundTrip() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func todo(_ words: String...) throws -> Run { try Self.run(["todo"] + words, in: folder) }

        var run = try todo("list")
        #expect(run.status == 0)
        #expect(run.stdout == "Today\n(none)\n\nUpcoming\n(none)\n")

        run = try todo("add", "Walk", "the", "puppy", "--today")
        #expect(run.status == 0)
        #expect(run.stdout == "1\n")
        #expect(run.stderr == "Added todo 1: Walk the puppy\n")
        #expect(try todo("add", "Buy food", "--due", "2021-11-13").stdout == "2\n")
        #expect(try todo("add", "--due=2021-11-20", "Vet", "visit").stdout == "3\n")
        #expect(try todo("add", "Old", "task", "--due", "2021-11-01").stdout == "4\n")

        run = try todo("done", "1", "--now", "2021-11-13T09:30:00Z")
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "Marked todo 1 done: Walk the puppy\n")

        run = try todo("list", "--now", "2021-11-13T12:00:00Z")
        #expect(run.status == 0)
        #expect(run.stdout == """
        Today
        [x] 1  Walk the puppy
        [ ] 2  Buy food  (due Nov 13, 2021)
        [ ] 4  Old task  (overdue, due Nov 1, 2021)

        Upcoming
        [ ] 3  Vet visit  (due Nov 20, 2021)

        """)

        run = try todo("today", "3")
        #expect(run.status == 0)
        #expect(run.stderr == "Marked todo 3 for today: Vet visit\n")
        run = try todo("today", "3")
        #expect(run.stderr == "Unmarked todo 3 for today: Vet visit\n")
        #expect(try todo("today", "4").stderr == "Marked todo 4 for today: Old task\n")

        run = try todo("undo", "1")
        #expect(run.status == 0)
        #expect(run.stderr == "Marked todo 1 not done: Walk the puppy\n")
        #expect(try todo("done", "2", "--now", "2021-11-13T18:05:00+09:00").status == 0)

        run = try todo("rm", "3")
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "Removed todo 3: Vet visit\n")

        run = try todo("list", "--now", "2021-11-14T08:00:00Z")
        #expect(run.stdout == """
        Today
        [ ] 1  Walk the puppy
        [ ] 4  Old task  (overdue, due Nov 1, 2021)

        Upcoming
        (none)

        Done
        [x] 2  Buy food  (due Nov 13, 2021)

        """)

        run = try todo("list", "--json")
        #expect(run.status == 0)
        #expect(run.stdout == """
        [
          {
            "id": 1,
            "detail": "Walk the puppy",
            "isDone": false,
            "isToday": true
          },
          {
            "id": 2,
            "detail": "Buy food",
            "isDone": true,
            "isToday": false,
            "due": "2021-11-13",
            "doneAt": "2021-11-13T18:05:00+09:00"
          },
          {
            "id": 4,
            "detail": "Old task",
            "isDone": false,
            "isToday": true,
            "due": "2021-11-01"
          }
        ]

        """)
        #expect(Self.read(folder + "/todos.json") == run.stdout)
    }

    /// `doneAt` is --now, else the clock: not SOURCE_DATE_EPOCH, a build's fixed time (nix-shell's
    /// 1980 marked every todo done in 1980, found by a daily-use audit).
    @Test func siteOptionAndDoneAtFromNowNotSourceDateEpoch() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/daybook.json", toPath: folder + "/s/daybook.json")
        #expect(try Self.run(["todo", "add", "x", "--site", "s"], in: folder).stdout == "1\n")
        #expect(try Self.run(["todo", "add", "y", "--site", "s"], in: folder).stdout == "2\n")
        var (process, out, err) = Self.process(["todo", "done", "1", "--site", "s", "--now", "2021-11-13T09:30:00Z"], in: folder)
        try process.run()
        #expect(Self.finish(process, out, err).status == 0)
        #expect(Self.read(folder + "/s/todos.json")?.contains(#""doneAt": "2021-11-13T09:30:00Z""#) == true)
        (process, out, err) = Self.process(["todo", "done", "2", "--site", "s"], in: folder)
        process.environment?["SOURCE_DATE_EPOCH"] = "315532800"
        try process.run()
        #expect(Self.finish(process, out, err).status == 0)
        #expect(Self.read(folder + "/s/todos.json")?.contains(#""doneAt": "1980"#) == false)
    }

    /// Found by a rebuild audit: on a Seoul site, `--now 2026-12-03T23:30:00Z` (Dec 4 there, as
    /// the site and `todo list` show the todo done) counted `rec:1w` a week from Dec 3.
    @Test func aRecurringTodosNextDayCountsFromTheSitesDay() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "T", "timeZone": "Asia/Seoul"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data(#"[{"id": 1, "detail": "A rec:1w"}, {"id": 2, "detail": "B rec:1w"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let a = try CLITests.run(["todo", "done", "1", "--now", "2026-12-03T23:30:00Z"], in: folder)
        #expect(a.stderr == "Marked todo 1 done: A rec:1w\nAdded todo 3, the next time (rec:1w): due 2026-12-11\n")
        let b = try CLITests.run(["todo", "done", "2", "--now", "2026-12-04T08:30:00+09:00"], in: folder)
        #expect(b.stderr == "Marked todo 2 done: B rec:1w\nAdded todo 4, the next time (rec:1w): due 2026-12-11\n")
        #expect(Self.read(folder + "/todos.json")?.contains(#""doneAt": "2026-12-03T23:30:00Z""#) == true)
    }

    /// Found by a CLI audit: a todo of a negative id (the file takes one, and `todo add` counts on
    /// from it) could be named only after `--`: `-3` was an unknown option.
    @Test func aNegativeIDIsNoOption() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"id": -3, "detail": "a"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let done = try Self.run(["todo", "done", "-3", "--now", "2021-11-13T09:30:00Z"], in: folder)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stderr == "Marked todo -3 done: a\n")
        let other = try Self.run(["todo", "done", "-x"], in: folder)
        #expect(other.status == 64)
        #expect(other.stderr.hasPrefix("Error: Unknown option '-x'"))
    }

    /// Found by an import audit: todo.txt's `x Buy bread` (done, on no day given) was listed under
    /// Upcoming; it is Done, after those done on a day.
    @Test func aTodoDoneOnNoDayGivenIsDone() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "Todos", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data("x Buy bread\nx 2024-01-02 Buy eggs\nWater plants\n".utf8).write(to: URL(fileURLWithPath: folder + "/todo.txt"))
        #expect(try CLITests.run(["import", "todotxt", "todo.txt"], in: folder).status == 0)
        let run = try CLITests.run(["todo", "list", "--now", "2024-02-01T08:00:00Z"], in: folder)
        #expect(run.stdout == """
        Today
        (none)

        Upcoming
        [ ] 3  Water plants

        Done
        [x] 2  Buy eggs
        [x] 1  Buy bread

        """)
    }

    /// Found by an import audit: `todo list --json` was refused for a bad SOURCE_DATE_EPOCH; no
    /// `todo` command reads it now (a build's fixed time, no present for a todo list).
    @Test func theListsDoNotReadSourceDateEpoch() throws {
        let folder = try CLITests.temporaryFolder()
        try Data(#"{"title": "Todos"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data(#"[{"id": 1, "detail": "Vet"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let bad = ["SOURCE_DATE_EPOCH": "tomorrow"]
        var run = try CLITests.run(["todo", "list", "--json"], environment: bad, in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "[\n  {\n    \"id\": 1,\n    \"detail\": \"Vet\",\n    \"isDone\": false,\n    \"isToday\": false\n  }\n]\n")
        run = try CLITests.run(["todo", "list"], environment: bad, in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    /// Found by a newcomer's audit: a misspelled key (`"isdone"`) showed a done todo as open
    /// with no word; the todo command warns as the build does.
    @Test func aMisspelledKeyIsWarnedAbout() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "Todos"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data(#"[{"id": 1, "detail": "Vet", "isdone": true}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let run = try CLITests.run(["todo", "list", "--now", "2021-11-13T20:00:00Z"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "warning: todos.json:1:29: unknown key \"isdone\" (did you mean \"isDone\"?)\n")
    }

    @Test func listUsesTheSitesZoneAndLocale() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "T", "locale": "ko_KR", "timeZone": "Asia/Seoul"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data(#"[{"id": 1, "detail": "Vet", "due": "2021-11-14"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/todos.json"))
        // 20:00 UTC on the 13th is the 14th in Seoul, so the todo is due today.
        let run = try Self.run(["todo", "list", "--now", "2021-11-13T20:00:00Z"], in: folder)
        #expect(run.status == 0)
        // In the site's language too.
        #expect(run.stdout == "오늘\n[ ] 1  Vet  (기한 2021. 11. 14.)\n\n예정\n(없음)\n")
    }

    /// Found by a todo audit: German read "(Überfällig, Fällig am …)" mid-line.
    @Test func aGermanListReadsInLowerCaseInsideTheParentheses() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "T", "locale": "de_DE", "timeZone": "UTC"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data(#"[{"id": 1, "detail": "Tierarzt", "due": "2021-11-01"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let run = try Self.run(["todo", "list", "--now", "2021-11-13T20:00:00Z"], in: folder)
        #expect(run.stdout == "Heute\n[ ] 1  Tierarzt  (überfällig, fällig am 01.11.2021)\n\nDemnächst\n(keine)\n")
    }

    /// Found by a native users' audit: the list left out the priority and tags the todo page shows.
    @Test func theListShowsPriorityAndTags() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"id": 1, "detail": "Call Mom +family", "priority": "A", "tags": ["family", "health"], "due": "2026-12-10"}, {"id": 2, "detail": "Plain"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let run = try Self.run(["todo", "list", "--now", "2026-12-09T10:00:00Z"], in: folder)
        #expect(run.stdout == "Today\n(none)\n\nUpcoming\n[ ] 1  (A) Call Mom +family #health  (due Dec 10, 2026)\n[ ] 2  Plain\n")
    }

    @Test func anArabicListJoinsWithTheArabicComma() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "T", "locale": "ar_EG", "timeZone": "UTC"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        try Data(#"[{"id": 1, "detail": "شراء", "due": "2021-11-01"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let run = try Self.run(["todo", "list", "--now", "2021-11-13T20:00:00Z"], in: folder)
        #expect(run.stdout == "اليوم\n[ ] 1  شراء  (متأخرة، الموعد ٠١‏/١١‏/٢٠٢١)\n\nالقادمة\n(لا شيء)\n")
    }

    /// Found by a todo.txt user's audit: `edit` kept `(A)`, `due:` and `t:` as words, and taking
    /// `+home` away kept the tag. The words are read as `add` reads them; a tag not of the words stays.
    @Test func editReadsTheWordsAsTodoTxts() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"id": 4, "detail": "Pay rent +home", "tags": ["home", "money"], "priority": "C"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        var run = try Self.run(["todo", "edit", "4", "(A) Pay rent for December +home @bank due:2026-12-09 t:2026-12-08"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Changed todo 4: Pay rent for December +home @bank (due 2026-12-09)\n")
        #expect(Self.read(folder + "/todos.json") == """
        [
          {
            "id": 4,
            "detail": "Pay rent for December +home @bank",
            "tags": [
              "home",
              "money",
              "bank"
            ],
            "priority": "A",
            "wait": "2026-12-08",
            "due": "2026-12-09"
          }
        ]

        """)
        run = try Self.run(["todo", "edit", "4", "Pay rent"], in: folder)
        #expect(run.stderr == "Changed todo 4: Pay rent\n")
        #expect(Self.read(folder + "/todos.json")?.contains("\"tags\": [\n      \"money\"\n    ],") == true)
        run = try Self.run(["todo", "edit", "4", "Pay rent due:2026-12-10", "--due", "2026-12-11"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: The todo is due on two days: --due 2026-12-11 and due:2026-12-10\n"))
    }

    /// Found by a todo.txt user's audit: todo.sh's `ls +home`, `do 3`, `pri 3 A`, `append` and `del`
    /// were refused, and so were words that start with a dash.
    @Test func todoShHabitsWork() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"id": 1, "detail": "Pay rent +home", "tags": ["home"]}, {"id": 2, "detail": "Call Mom @phone", "tags": ["phone"]}, {"id": 3, "detail": "Café visit"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let now = ["--now", "2026-12-07T10:00:00Z"]
        var run = try Self.run(["todo", "ls", "+home"] + now, in: folder)
        #expect(run.stdout == "Today\n(none)\n\nUpcoming\n[ ] 1  Pay rent +home\n")
        run = try Self.run(["todo", "list", "cafe"] + now, in: folder)
        #expect(run.stdout == "Today\n(none)\n\nUpcoming\n[ ] 3  Café visit\n")
        run = try Self.run(["todo", "list"] + now + ["--", "-home", "-cafe"], in: folder)
        #expect(run.stdout == "Today\n(none)\n\nUpcoming\n[ ] 2  Call Mom @phone\n")
        run = try Self.run(["todo", "pri", "2", "a"], in: folder)
        #expect(run.stderr == "Gave todo 2 priority A: Call Mom @phone\n")
        run = try Self.run(["todo", "app", "2", "tonight @evening due:2026-12-08"], in: folder)
        #expect(run.stderr == "Changed todo 2: Call Mom @phone tonight @evening\n")
        run = try Self.run(["todo", "prepend", "3", "(B) Book"], in: folder)
        #expect(run.stderr == "Changed todo 3: Book Café visit\n")
        run = try Self.run(["todo", "do", "1"] + now, in: folder)
        #expect(run.stderr == "Marked todo 1 done: Pay rent +home\n")
        run = try Self.run(["todo", "depri", "3"], in: folder)
        #expect(run.stderr == "Took todo 3's priority away: Book Café visit\n")
        run = try Self.run(["todo", "del", "1"], in: folder)
        #expect(run.stderr == "Removed todo 1: Pay rent +home\n")
        #expect(Self.read(folder + "/todos.json") == """
        [
          {
            "id": 2,
            "detail": "Call Mom @phone tonight @evening",
            "tags": [
              "phone",
              "evening"
            ],
            "priority": "A",
            "due": "2026-12-08"
          },
          {
            "id": 3,
            "detail": "Book Café visit"
          }
        ]

        """)
        run = try Self.run(["todo", "pri", "2", "AA"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: A priority is a letter from A to Z, found 'AA'\n"))
        run = try Self.run(["todo", "archive"], in: folder)
        #expect(run.stderr.hasPrefix("Error: Unknown action 'archive' (expected list, add, edit, done, undo, rm, today, pri, depri, append or prepend): "
            + "done todos stay in todos.json, shown under Done; daybook todo rm ID… deletes todos\n"))
        run = try Self.run(["todo", "add", "-eh, call back"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown option '-eh, call back'. Words that start with '-' go after '--': daybook todo add -- '-eh, call back'\n"))
    }

    @Test func editChangesTheWordsAndKeepsTheRest() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"[{"id": 2, "detail": "Vet", "isToday": true, "priority": "A"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let run = try Self.run(["todo", "edit", "2", "Vet", "visit", "at", "10"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "Changed todo 2: Vet visit at 10\n")
        #expect(Self.read(folder + "/todos.json") == """
        [
          {
            "id": 2,
            "detail": "Vet visit at 10",
            "isToday": true,
            "priority": "A"
          }
        ]

        """)
        let mistakes: [([String], Int32, String)] = [
            (["todo", "edit"], 64, "Error: Missing expected argument '<ID>'\n"),
            (["todo", "edit", "x", "words"], 64, "Error: The todo ID must be a whole number, found 'x'\n"),
            (["todo", "edit", "2"], 64, "Error: Missing expected argument '<TEXT>': the todo's new words (or --due DAY)\n"),
            (["todo", "edit", "2", " "], 64, "Error: Missing expected argument '<TEXT>': the todo's new words (or --due DAY)\n"),
            (["todo", "edit", "2", "--due", "tomorrow"], 64, "Error: --due must be a day like 2021-11-13, found 'tomorrow'\n"),
            (["todo", "done", "2", "--due", "2026-01-01"], 64, "Error: The option '--due' is only for 'daybook todo add' and 'daybook todo edit'\n"),
            (["todo", "edit", "7", "words"], 1, "error: no todo with id 7\n"),
        ]
        for (arguments, status, message) in mistakes {
            let run = try Self.run(arguments, in: folder)
            #expect(run.status == status, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments)")
        }
        #expect(Self.read(folder + "/todos.json")?.contains(#""detail": "Vet visit at 10""#) == true)
        // Put off to another day, and then to none (found by a todo audit: only todos.json could).
        let later = try Self.run(["todo", "edit", "2", "--due", "2026-12-12"], in: folder)
        #expect(later.stderr == "Changed todo 2: Vet visit at 10 (due 2026-12-12)\n")
        #expect(Self.read(folder + "/todos.json")?.contains(#""priority": "A",\#n    "due": "2026-12-12""#) == true)
        let none = try Self.run(["todo", "edit", "2", "--due", "none"], in: folder)
        #expect(none.stderr == "Changed todo 2: Vet visit at 10 (due no day)\n")
        #expect(Self.read(folder + "/todos.json")?.contains("due") == false)
    }

    @Test func unknownIDExitsOne() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(["todo", "add", "one"], in: folder)
        for action in ["done", "undo", "rm", "today"] {
            let run = try Self.run(["todo", action, "7"], in: folder)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == "error: no todo with id 7\n")
        }
    }

    /// Found by a todo audit: `todo done 1 2` was a usage error, where todo.sh's `do 1 2` and
    /// Taskwarrior's `task 1 2 done` take several.
    @Test func severalIDsAtOnce() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for words in ["one", "two", "three"] { _ = try Self.run(["todo", "add", words], in: folder) }
        var run = try Self.run(["todo", "done", "3", "1", "3", "--now", "2026-12-07T09:00:00Z"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Marked todo 3 done: three\nMarked todo 1 done: one\n")
        run = try Self.run(["todo", "today", "1", "2"], in: folder)
        #expect(run.stderr == "Marked todo 1 for today: one\nMarked todo 2 for today: two\n")
        run = try Self.run(["todo", "undo", "1", "2"], in: folder)
        #expect(run.stderr == "Marked todo 1 not done: one\nTodo 2 was not done: two\n")

        // An id without a todo changes none of them.
        let before = Self.read(folder + "/todos.json")
        run = try Self.run(["todo", "rm", "2", "9"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "error: no todo with id 9 (no todo was changed)\n")
        #expect(Self.read(folder + "/todos.json") == before)

        run = try Self.run(["todo", "rm", "2", "3"], in: folder)
        #expect(run.stderr == "Removed todo 2: two\nRemoved todo 3: three\n")
        #expect(try Self.run(["todo", "list", "--now", "2026-12-07T10:00:00Z"], in: folder).stdout == "Today\n[ ] 1  one\n\nUpcoming\n(none)\n")
    }

    /// Found by a todo audit: a todo.txt user's `(A) … due:DAY` was kept as words, its due day lost.
    @Test func addReadsTodoTxtWords() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(["todo", "add", "(B)", "Pay rent +home due:2026-12-10", "t:2026-12-08"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Added todo 1: Pay rent +home\n")
        #expect(Self.read(folder + "/todos.json") == """
        [
          {
            "id": 1,
            "detail": "Pay rent +home",
            "isDone": false,
            "isToday": false,
            "due": "2026-12-10",
            "wait": "2026-12-08",
            "tags": [
              "home"
            ],
            "priority": "B"
          }
        ]

        """)
        let mistakes: [([String], String)] = [
            (["todo", "add", "buy milk due:tomorrow"], "Error: In the todo's words at column 10 (read as todo.txt's): \"due:\" must be a day like 2024-03-01, found \"tomorrow\"\n"),
            (["todo", "add", "call due:2026-12-10", "--due", "2026-12-11"], "Error: The todo is due on two days: --due 2026-12-11 and due:2026-12-10\n"),
            (["todo", "add", "(A)", "due:2026-12-10"], "Error: In the todo's words at column 1 (read as todo.txt's): the task has no text\n"),
        ]
        for (arguments, message) in mistakes {
            let failed = try Self.run(arguments, in: folder)
            #expect(failed.status == 64, "\(arguments)")
            #expect(failed.stderr.hasPrefix(message), "\(arguments)")
        }
    }

    @Test func usageMistakesExit64() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(["todo", "frob"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr == """
        Error: Unknown action 'frob' (expected list, add, edit, done, undo, rm, today, pri, depri, append or prepend)
        Usage: daybook todo [ACTION] [ID|TEXT] … [--site DIR] [--today] [--due DATE] [--now ISO] [--json]
          See 'daybook todo --help' for more information.

        """)
        let mistakes: [([String], String)] = [
            (["todo", "done"], "Error: Missing expected argument '<ID>'\n"),
            (["todo", "done", "x"], "Error: The todo ID must be a whole number, found 'x'\n"),
            (["todo", "rm", "1", "x"], "Error: The todo ID must be a whole number, found 'x'\n"),
            (["todo", "add"], "Error: Missing expected argument '<TEXT>': the todo's words\n"),
            // Found by an audit of the daily commands: a line break made a false second line of `todo list`.
            (["todo", "add", "\n"], "Error: Missing expected argument '<TEXT>': the todo's words\n"),
            (["todo", "add", "Buy milk\n[x] 9  Pay rent"], "Error: The todo's words must be one line of text, found a line break\n"),
            (["todo", "edit", "1", "a\u{7}b"], "Error: The todo's words must be one line of text, found a control character (U+0007)\n"),
            (["todo", "add", "x", "--due", "13/11/2021"], "Error: --due must be a day like 2021-11-13, found '13/11/2021'\n"),
            (["todo", "add", "x", "--due", "2021-11-13T10:00"], "Error: --due must be a day like 2021-11-13, without a time, found '2021-11-13T10:00'\n"),
            (["todo", "add", "x", "--due", "2021-02-30"], "Error: --due must be a day like 2021-11-13 (2021-02-30 is not a day of the calendar), found '2021-02-30'\n"),
            (["todo", "done", "1", "--today"], "Error: The option '--today' is only for 'daybook todo add'\n"),
            (["todo", "add", "x", "--json"], "Error: The option '--json' is only for 'daybook todo list'\n"),
            (["todo", "list", "--now", "soon"], "Error: --now must be an ISO 8601 date"),
            (["todo", "add", "x", "--now", "2021-11-13"], "Error: The option '--now' is only for 'daybook todo list' and 'daybook todo done'\n"),
        ]
        for (arguments, message) in mistakes {
            let run = try Self.run(arguments, in: folder)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix(message), "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/todos.json"))
    }

    /// A folder without daybook.json is not a site: nothing is made in it (exit 66), as for `add`.
    @Test func aFolderThatIsNotASiteIsLeftAlone() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/x", withIntermediateDirectories: true)
        let run = try Self.run(["todo", "add", "y", "--site", "x"], in: folder)
        #expect(run.status == 66)
        // The folder it is in is a site: named.
        #expect(run.stderr == "error: x/daybook.json: not found; the site is ., a folder above this one: run daybook there, or give it as the site folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/x").isEmpty)
    }

    @Test func dataErrorsAreLocatedAndExitOne() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/daybook.json", toPath: folder + "/s/daybook.json")
        let bad = "[\n  {\"id\": 1, \"detail\": \"a\", \"isDone\": \"yes\"}\n]\n"
        try Data(bad.utf8).write(to: URL(fileURLWithPath: folder + "/s/todos.json"))
        for arguments in [["todo", "list", "--site", "s"], ["todo", "add", "b", "--site", "s"]] {
            let run = try Self.run(arguments, in: folder)
            #expect(run.status == 1)
            #expect(run.stdout == "")
            #expect(run.stderr == "error: s/todos.json:2:38: \"isDone\" must be true or false, found \"yes\"\n")
        }
        #expect(Self.read(folder + "/s/todos.json") == bad)
    }

    @Test func missingSiteFolderExits66() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(["todo", "add", "x", "--site", "nope"], in: folder)
        #expect(run.status == 66)
        #expect(run.stderr == "error: nope: no such site folder\n")
    }

    /// Twenty `daybook todo add` processes started together: none loses another's update.
    @Test func concurrentProcessesLoseNothing() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 20
        let processes = (1...count).map { Self.process(["todo", "add", "todo \($0)"], in: folder) }
        for (process, _, _) in processes { try process.run() }
        let runs = processes.map { Self.finish($0.0, $0.1, $0.2) }

        #expect(runs.map(\.status) == Array(repeating: 0, count: count))
        #expect(runs.compactMap { Int($0.stdout.dropLast()) }.sorted() == Array(1...count))
        let list = try Self.run(["todo", "list"], in: folder)
        let lines = list.stdout.split(separator: "\n").filter { $0.hasPrefix("[ ]") }
        #expect(lines.count == count)
        #expect(lines.first?.hasPrefix("[ ]  1  todo ") == true)
        #expect(lines.last?.hasPrefix("[ ] 20  todo ") == true)
        let json = try Self.run(["todo", "list", "--json"], in: folder).stdout
        let ids = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]).compactMap { $0["id"] as? Int }
        #expect(ids == Array(1...count))
    }

    /// Found by a newcomer's audit: `daybook todo` alone was a usage error (exit 64); it lists,
    /// as `task` alone does, with list's options.
    @Test func todoAloneLists() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["todo", "add", "Call Mom", "--today"], in: folder).status == 0)
        let list = try Self.run(["todo", "list", "--now", "2026-01-02T09:00:00Z"], in: folder)
        let alone = try Self.run(["todo", "--now", "2026-01-02T09:00:00Z"], in: folder)
        #expect(alone.status == 0)
        #expect(alone.stdout.contains("Call Mom"))
        #expect(alone.stdout == list.stdout)
        #expect(try Self.run(["todo", "--json"], in: folder).stdout == Self.run(["todo", "list", "--json"], in: folder).stdout)
    }

    /// Found by a newcomer's audit: `list --json`, which the docs tell scripts to read, left out
    /// what an import wrote (priority, wait, created, source, annotations, keys) and the user's
    /// own keys. It has every key of each todo now: the ones it had first, as before, then the
    /// others as todos.json has them.
    @Test func listJSONHasEveryKey() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("""
        [
          {"detail": "Buy milk", "id": 2, "isDone": true, "doneAt": "2026-12-01T07:26:44Z", "due": "2024-03-01", "tags": ["Home"],
           "priority": "H", "created": "2026-12-01T07:26:44Z", "annotations": ["Prefer skimmed"], "wait": "2024-02-01",
           "keys": {"estimate": 3, "depends": ["a"]}, "source": "taskwarrior:13834991", "mine": null},
          {"id": 1, "detail": "Call Mom"}
        ]
        """.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        let run = try Self.run(["todo", "list", "--json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == """
        [
          {
            "id": 1,
            "detail": "Call Mom",
            "isDone": false,
            "isToday": false
          },
          {
            "id": 2,
            "detail": "Buy milk",
            "isDone": true,
            "isToday": false,
            "due": "2024-03-01",
            "doneAt": "2026-12-01T07:26:44Z",
            "tags": [
              "Home"
            ],
            "priority": "H",
            "created": "2026-12-01T07:26:44Z",
            "annotations": [
              "Prefer skimmed"
            ],
            "wait": "2024-02-01",
            "keys": {
              "estimate": 3,
              "depends": [
                "a"
              ]
            },
            "source": "taskwarrior:13834991",
            "mine": null
          }
        ]

        """)
    }

    /// Found by a jrnl user's audit: a read-only todos.json was replaced by `todo add` without a word.
    @Test func aReadOnlyTodoFileIsRefusedAndUntouched() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let todos = #"[{"id": 1, "detail": "Walk", "isDone": false, "isToday": false}]"# + "\n"
        try Data(todos.utf8).write(to: URL(fileURLWithPath: folder + "/todos.json"))
        chmod(folder + "/todos.json", 0o444)
        var run = try Self.run(["todo", "add", "Buy", "food"], in: folder)
        #expect(run.status == 74)
        #expect(run.stdout == "")
        #expect(run.stderr == "error: todos.json is read-only (mode 444): nothing was changed; make it writable (chmod u+w todos.json) and run the command again\n")
        run = try Self.run(["todo", "done", "1"], in: folder)
        #expect(run.status == 74)
        #expect(Self.read(folder + "/todos.json") == todos)
        // Reading it is as before.
        run = try Self.run(["todo", "list"], in: folder)
        #expect(run.status == 0)
    }

    /// Found by a jrnl user's audit: `todo add` waited on a held lock (an import's) without a word.
    @Test func aHeldLockIsSaidAndWaitedFor() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lock = open(folder + "/.todos.json.lock", O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let (process, out, err) = Self.process(["todo", "add", "Walk"], in: folder)
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning)
        close(lock)
        let run = Self.finish(process, out, err)
        #expect(run.status == 0)
        #expect(run.stdout == "1\n")
        #expect(run.stderr == "note: waiting for todos.json: another process holds its lock, .todos.json.lock "
                + "(daybook todo takes it while it changes the file, daybook import for a whole import)…\nAdded todo 1: Walk\n")
    }
}
