import Foundation
import Testing
@testable import daybook

/// `daybook add` through the built binary, as a user would run it.
@Suite struct AddCLITests {
    typealias Run = CLITests.Run

    /// 2026-12-01T00:30:00Z, which is 09:30 in Seoul.
    static let epoch = ["SOURCE_DATE_EPOCH": "1796085000"]

    /// A site folder `s` (Seoul time) inside a fresh temporary folder.
    static func site(_ files: [String: String] = [:]) throws -> String {
        let folder = try CLITests.temporaryFolder()
        var all = ["s/daybook.json": #"{"title": "T", "timeZone": "Asia/Seoul"}"#]
        for (path, text) in files { all[path] = text }
        for (path, text) in all { try write(folder + "/" + path, text) }
        return folder
    }

    /// A `.jpg` is a real JPEG, told apart by `text` after the image's end (``photoTag(_:)``).
    static func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try ((path.hasSuffix(".jpg") ? jpeg : Data()) + Data(text.utf8)).write(to: URL(fileURLWithPath: path))
    }

    /// Tests/Fixtures/photos/landscape.jpg.
    static let jpeg = FileManager.default.contents(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Fixtures/photos/landscape.jpg") ?? Data()

    /// The text a photo of ``write(_:_:)`` was told apart by.
    static func photoTag(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.starts(with: jpeg) else { return nil }
        return String(decoding: data.dropFirst(jpeg.count), as: UTF8.self)
    }

    static func read(_ path: String) -> String? { TodoCLITests.read(path) }

    /// `daybook add WORDS`, with `--now` of ``epoch``'s time unless the words give one.
    static func add(_ words: [String], stdin: String? = nil, environment: [String: String] = epoch, in folder: String) throws -> Run {
        try CLITests.run(["add"] + words + (words.contains("--now") ? [] : ["--now", "2026-12-01T00:30:00Z"]), stdin: stdin,
                         environment: environment, in: folder)
    }

    @Test func addsAnEntryDatedNowInTheSitesZone() throws {
        let folder = try Self.site(["photos/bori.jpg": "outside", "s/photos/bori.jpg": "inside", "s/photos/walk.jpg": "walk"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Morning", "walk", "--tag", "walk", "--tag=dog", "--mood", "Happy", "--weather", "Clear -2°C",
                                "--location", "한강", "--photo", "s/photos/walk.jpg", "--photo", "photos/bori.jpg",
                                "--body", "Cold but *bright*.\n", "--site", "s", "--json"], in: folder)
        #expect(run.status == 0)
        let entry = """
          {
            "title": "Morning walk",
            "date": "2026-12-01T09:30:00+09:00",
            "body": "Cold but *bright*.",
            "tags": [
              "walk",
              "dog"
            ],
            "mood": "Happy",
            "weather": "Clear -2°C",
            "location": "한강",
            "photos": [
              "photos/walk.jpg",
              "photos/bori-2.jpg"
            ]
          }
        """
        #expect(run.stdout == entry.split(separator: "\n").map { $0.dropFirst(2) }.joined(separator: "\n") + "\n")
        #expect(run.stderr == """
        Copied photos/bori.jpg to s/photos/bori-2.jpg
        Added "Morning walk" (2026-12-01T09:30:00+09:00) to s/diary.json (a new file)

        """)
        #expect(Self.read(folder + "/s/diary.json") == "[\n" + entry + "\n]\n")
        #expect(Self.photoTag(folder + "/s/photos/bori.jpg") == "inside")
        #expect(Self.photoTag(folder + "/s/photos/bori-2.jpg") == "outside")

        // The site builds with it, once the stand-ins are real photos.
        let jpeg = try #require(FileManager.default.contents(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().path + "/Fixtures/photos/landscape.jpg"))
        for name in ["walk.jpg", "bori.jpg", "bori-2.jpg"] {
            try jpeg.write(to: URL(fileURLWithPath: folder + "/s/photos/" + name))
        }
        let build = try CLITests.run(["build", "s", "--quiet"], environment: Self.epoch, in: folder)
        #expect(build.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/s/_site/photos/bori-2-64.webp"))
    }

    /// An option with its value forgotten does not take the next option as its value; a value
    /// that starts with `--` is given with `=`, and one that only looks like it (`--- a rule`) is taken.
    /// Found by a native users' audit: a date typed on an Arabic keyboard (`٢٠٢٦-٠٣-١٦`) was refused.
    /// A script's own digits are taken as ASCII ones, in `--date`, `--now` and `todo --due`.
    @Test func aDateInAScriptsOwnDigits() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.add(["عنوان", "--body", "x", "--date", "٢٠٢٦-٠٣-١٦", "--site", "s"], in: folder).status == 0)
        #expect(try Self.add(["Now", "--body", "x", "--now", "２０２６-１２-０１T00:30:00Z", "--site", "s"], in: folder).status == 0)
        #expect(try CLITests.run(["todo", "add", "x", "--due", "۲۰۲۶-۰۳-۱۶", "--site", "s"], in: folder).status == 0)
        let diary = try #require(Self.read(folder + "/s/diary.json"))
        #expect(diary.contains("\"date\": \"2026-03-16\""))
        #expect(diary.contains("\"date\": \"2026-12-01T09:30:00+09:00\""))
        #expect(try #require(Self.read(folder + "/s/todos.json")).contains("\"due\": \"2026-03-16\""))
    }

    @Test func aForgottenValueIsMissingNotTheNextOption() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Walk", "--site", "s", "--body", "--mood", "Happy"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Missing value for '--body <text|->' (a value that starts with '--' is written --body=VALUE)\n"))
        #expect(Self.read(folder + "/s/diary.json") == nil)
        #expect(try Self.add(["Walk", "--site", "s", "--body=--mood", "--mood", "Happy"], in: folder).status == 0)
        #expect(try Self.add(["Rule", "--site", "s", "--body", "--- a rule"], in: folder).status == 0)
        let diary = try #require(Self.read(folder + "/s/diary.json"))
        #expect(diary.contains(#""body": "--mood""#) && diary.contains(#""mood": "Happy""#) && diary.contains(#""body": "--- a rule""#))
    }

    @Test func appendsAfterTheEntriesThereAndKeepsThem() throws {
        let old = #"[{"title": "Old", "date": "2021-11-13", "rating": 4.50, "x": null, "x": []}]"#
        let folder = try Self.site(["s/diary.json": old])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["New", "--date", "2021-11-14", "--site", "s"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "Added \"New\" (2021-11-14) to s/diary.json\n")
        #expect(Self.read(folder + "/s/diary.json") == """
        [
          {
            "title": "Old",
            "date": "2021-11-13",
            "rating": 4.50,
            "x": null,
            "x": []
          },
          {
            "title": "New",
            "date": "2021-11-14"
          }
        ]

        """)
    }

    /// Found by a jrnl user's audit: an entry added with the day and title of an imported one (which
    /// has an id) got none, and the next import of one more "Meeting." of that day took its `-2`.
    @Test func anEntryBesideAnImportedOneOfItsDayAndTitleGetsAnID() throws {
        let imported = #"[{"id": "2024-02-10-meeting", "title": "Meeting.", "date": "2024-02-10T09:00", "source": "jrnl:2024-02-10T09:00 Meeting."}]"#
        let folder = try Self.site(["s/diary/jrnl.json": imported])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Meeting.", "--date", "2024-02-10T08:00", "--body", "My own note", "--site", "s", "--json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "{\n  \"id\": \"2024-02-10-meeting-2\",\n  \"title\": \"Meeting.\",\n  \"date\": \"2024-02-10T08:00\",\n  \"body\": \"My own note\"\n}\n")
    }

    /// Found by a newcomer's audit: an entry added with the day and title of one there, dated
    /// earlier that day, took the other's URL (the build numbers such entries by their time), and
    /// a link to it led to the new one. The new entry gets an id of the next free number; an entry
    /// of its own day and title gets none.
    @Test func anEntryOfTheSameDayAndTitleKeepsItsURL() throws {
        let old = #"[{"title": "Walk", "date": "2026-11-05T10:00:00+09:00"}, {"id": "2026-11-05-walk-2", "title": "Other", "date": "2026-11-01"}, {"title": "Walk", "date": "2026-11-05T11:00:00+09:00"}]"#
        let folder = try Self.site(["s/diary.json": old, "s/diary/more.json": #"[{"title": "Swim", "date": "2026-11-06"}]"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Walk", "--date", "2026-11-05T08:00:00+09:00", "--site", "s", "--json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Added \"Walk\" (2026-11-05T08:00:00+09:00) to s/diary.json\n"
            + "note: an entry of that day has its title, so it has the id \"2026-11-05-walk-4\", its page entries/2026-11-05-walk-4/: the other keeps its URL\n")
        #expect(run.stdout == "{\n  \"id\": \"2026-11-05-walk-4\",\n  \"title\": \"Walk\",\n  \"date\": \"2026-11-05T08:00:00+09:00\"\n}\n")
        let build = try CLITests.run(["build", "s", "--quiet", "--now", "2026-11-07T00:00:00Z"], in: folder)
        #expect(build.status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder + "/s/_site/entries").sorted()
        // "Other" has the id 2026-11-05-walk-2; the two Walks there keep -walk and -walk-3.
        #expect(pages == ["2026-11-05-walk", "2026-11-05-walk-2", "2026-11-05-walk-3", "2026-11-05-walk-4", "2026-11-06-swim"])
        #expect(try #require(Self.read(folder + "/s/_site/entries/2026-11-05-walk/index.html")).contains("10:00"))
        let swim = try Self.add(["Swim", "--date", "2026-11-07", "--site", "s"], in: folder)
        #expect(!swim.stderr.contains("note:"))
    }

    /// Found by a daily-use audit: a backdated entry (`--date` with `--now` after it) was said to be
    /// after now, by the clock; and tags kept the white space around them and jrnl's `@` or Day
    /// One's `#` (three tags, `walk`, `walk-40`, `walk-23`). `--now` is the present for that note too;
    /// a tag is trimmed and loses one leading `@` or `#`.
    @Test func aBackdatedEntryIsNotSaidToBeLaterAndTagsAreTidied() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Trip", "--date", "2027-03-22T09:00:00+09:00", "--now", "2027-03-23T09:00:00Z", "--site", "s",
                                "--tag", " @walk ", "--tag", "#park", "--tag", "C#", "--tag", "#", "--json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Added \"Trip\" (2027-03-22T09:00:00+09:00) to s/diary.json (a new file)\n")
        #expect(run.stdout.contains("\"tags\": [\n    \"walk\",\n    \"park\",\n    \"C#\",\n    \"#\"\n  ]"))
        let later = try Self.add(["Plan", "--date", "2027-03-24", "--now", "2027-03-23T09:00:00Z", "--site", "s"], in: folder)
        #expect(later.stderr.contains("note: it is dated after now"))
    }

    /// Found by a daily-use audit: a time the site's zone skips (02:30 on New York's spring night)
    /// was shown at 03:30 without a word. The entry is added as written, with a note.
    @Test func aTimeTheZoneSkipsIsNoted() throws {
        let folder = try Self.site(["s/daybook.json": #"{"title": "T", "timeZone": "America/New_York"}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Gap", "--date", "2027-03-14T02:30", "--now", "2027-03-20T00:00:00Z", "--site", "s"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Added \"Gap\" (2027-03-14T02:30) to s/diary.json (a new file)\n"
            + "note: 2027-03-14T02:30 is no time in America/New_York (the clocks went forward past it that night), so the site shows it at 03:30\n")
        let fine = try Self.add(["Fine", "--date", "2027-03-14T03:30", "--now", "2027-03-20T00:00:00Z", "--site", "s"], in: folder)
        #expect(!fine.stderr.contains("note:"))
        // And one it has twice, on the autumn night: the first is taken, and the note says how to write the second.
        let twice = try Self.add(["Twice", "--date", "2027-11-07T01:30", "--now", "2027-11-20T00:00:00Z", "--site", "s"], in: folder)
        #expect(twice.stderr == "Added \"Twice\" (2027-11-07T01:30) to s/diary.json\n"
            + "note: 2027-11-07T01:30 is twice in America/New_York (the clocks went back over it that night): the site takes the first, "
            + "2027-11-07T01:30-04:00; for the second, write the date with its offset, 2027-11-07T01:30-05:00\n")
        let once = try Self.add(["Once", "--date", "2027-11-07T02:30", "--now", "2027-11-20T00:00:00Z", "--site", "s"], in: folder)
        #expect(!once.stderr.contains("note:"))
    }

    /// Found by a daily-use audit: an entry written away from home showed the site's time. With
    /// `--time-zone` it is the zone's now (its wall clock and offset), it keeps the zone, and a
    /// time that zone skips is told in that zone; a name that is no zone is a usage error.
    @Test func anEntryWrittenAwayKeepsItsZone() throws {
        let folder = try Self.site(["s/daybook.json": #"{"title": "T", "timeZone": "Asia/Seoul"}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Lunch", "--body", "Ramen.", "--time-zone", "America/New_York", "--now", "2027-03-20T16:00:00Z",
                                "--site", "s", "--json"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout == "{\n  \"title\": \"Lunch\",\n  \"date\": \"2027-03-20T12:00:00-04:00\",\n  \"body\": \"Ramen.\",\n  \"timeZone\": \"America/New_York\"\n}\n")
        let gap = try Self.add(["Gap", "--date", "2027-03-14T02:30", "--time-zone", "America/New_York", "--now", "2027-03-20T00:00:00Z",
                                "--site", "s"], in: folder)
        #expect(gap.stderr.hasSuffix("note: 2027-03-14T02:30 is no time in America/New_York (the clocks went forward past it that night), so the site shows it at 03:30\n"))
        let bad = try Self.add(["X", "--body", "y", "--time-zone", "Tokyo", "--site", "s"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: unknown time zone \"Tokyo\"; expected an IANA name such as \"UTC\" or \"Asia/Seoul\" (did you mean \"Asia/Tokyo\"?)\n"))
    }

    /// A site that keeps its entries in diary/ gets a diary.json beside it; diary/ is not written.
    @Test func aSiteWithOnlyDiaryFilesGetsADiaryJSON() throws {
        let imported = #"[{"title": "Imported", "date": "2021-11-13", "source": "jrnl:x"}]"#
        let folder = try Self.site(["s/diary/jrnl.json": imported])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["By hand", "--date", "2021-11-14", "--site", "s"], in: folder)
        #expect(run.stderr == "Added \"By hand\" (2021-11-14) to s/diary.json (a new file)\n")
        #expect(Self.read(folder + "/s/diary/jrnl.json") == imported)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/s/diary") == ["jrnl.json"])
        #expect(try CLITests.run(["build", "s", "--quiet"], environment: Self.epoch, in: folder).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/s/_site/entries").sorted() == ["2021-11-13-imported", "2021-11-14-by-hand"])
    }

    @Test func theDateUsesTheZonesOffsetAndDefaultsToUTC() throws {
        let folder = try Self.site(["u/daybook.json": #"{"title": "U"}"#, "ny/daybook.json": #"{"title": "N", "timeZone": "America/New_York"}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.add(["a", "--site", "u"], in: folder).stderr == "Added \"a\" (2026-12-01T00:30:00Z) to u/diary.json (a new file)\n")
        #expect(try Self.add(["b", "--site", "ny"], in: folder).stderr == "Added \"b\" (2026-11-30T19:30:00-05:00) to ny/diary.json (a new file)\n")
        // The current folder is the site by default.
        #expect(try Self.add(["c"], in: folder + "/s").stderr == "Added \"c\" (2026-12-01T09:30:00+09:00) to diary.json (a new file)\n")
    }

    @Test func bodyFromStdin() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Rain", "--body", "-", "--site", "s"], stdin: "\n\n    code first\nRain all day.  \n\n", in: folder)
        #expect(run.status == 0)
        #expect(Self.read(folder + "/s/diary.json")?.contains(#""body": "    code first\nRain all day.""#) == true)
    }

    /// Without --body and with stdin not a terminal (a script, cron), no editor opens and
    /// the entry has no body.
    @Test func noBodyAndNoTerminalOpensNoEditor() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let editor = try Self.editorScript(in: folder)
        var environment = Self.epoch
        environment["EDITOR"] = editor
        let run = try Self.add(["Quiet", "--site", "s"], stdin: "not read", environment: environment, in: folder)
        #expect(run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/editor-ran"))
        #expect(Self.read(folder + "/s/diary.json") == """
        [
          {
            "title": "Quiet",
            "date": "2026-12-01T09:30:00+09:00"
          }
        ]

        """)
    }

    /// Found by an audit of the daily commands: quitting the editor without writing added the
    /// entry anyway (jrnl saves nothing then, and git makes no commit). Run on a terminal
    /// (`script` gives the binary one), it adds nothing and says how to add a title alone.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func anEmptyEditorAddsNothing() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (run, _) = try Self.addOnTerminal("'Changed my mind'", editor: "exit 0\n", named: "quit.sh", in: folder)
        #expect(run.stdout.contains("error: nothing was written in the editor, so nothing was added (a title alone: --body \"\")"))
        #expect(run.stdout.contains("status 1"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/diary.json"))
    }

    /// Found by an audit of the daily commands: Ctrl-C while the editor was open ended `add` at
    /// once and silently (the editor went on without its terminal). Ctrl-C reaches the editor's
    /// whole process group, daybook's too (`setsid` gives it one of its own, as a shell's job
    /// control does): daybook waits for the editor and says what became of the entry.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
                   && FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
    func ctrlCInTheEditorIsSaid() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (run, editor) = try Self.addOnTerminal("'Interrupted'", editor: "kill -INT 0\nsleep 5\n", named: "interrupt.sh",
                                                   wrapper: "setsid -w ", in: folder)
        #expect(run.stdout.contains("error: the editor '\(editor)' was ended by Ctrl-C; nothing was added"))
        #expect(run.stdout.contains("status 130"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/diary.json"))
    }

    /// Found while fixing Ctrl-C in the editor: the editor ran in a process group of its own,
    /// in the terminal's background, so an editor that reads or sets up the terminal (vi, nano)
    /// was stopped (SIGTTIN, SIGTTOU) and `daybook add` hung. The editor here writes its process
    /// group and the terminal's foreground group (/proc/PID/stat's 5th and 8th fields) as the
    /// body, without reading the terminal (which would hang this test, not fail it, if it broke).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
                   && FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func theEditorRunsInTheTerminalsForeground() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (run, _) = try Self.addOnTerminal("'Groups'", editor: "cut -d' ' -f5,8 /proc/$$/stat > \"$1\"\n", named: "groups.sh", in: folder)
        #expect(run.stdout.contains("status 0"))
        let diary = try #require(Self.read(folder + "/s/diary.json"))
        let body = try #require(diary.firstMatch(of: #/"body": "(\d+) (\d+)"/#))
        #expect(body.1 == body.2)
    }

    /// Runs `daybook add ARGUMENTS --site s` in `folder` on a terminal (`script` gives it one),
    /// with an editor script of `lines` (run by `/bin/sh`), through `wrapper` (such as `setsid -w`);
    /// the terminal's text ends with "status N", add's exit status.
    static func addOnTerminal(_ arguments: String, editor lines: String, named name: String, wrapper: String = "",
                              in folder: String) throws -> (run: CLITests.Run, editor: String) {
        let script = folder + "/" + name
        try write(script, "#!/bin/sh\n" + lines)
        var environment = epoch
        environment["EDITOR"] = "/bin/sh " + script
        let run = try CLITests.run(["-qec", "\(wrapper)'\(CLITests.binary)' add \(arguments) --site s; echo \"status $?\"", "/dev/null"],
                                   environment: environment, in: folder, executable: "/usr/bin/script")
        return (run, "/bin/sh " + script)
    }

    /// An editor (a script run by `/bin/sh`) that notes it ran and writes a body with blank lines
    /// around it. Run by the shell, not executed: a file just written can be "busy" to `exec` while
    /// another test forks (Linux's ETXTBSY), which made these tests fail now and then.
    static func editorScript(in folder: String) throws -> String {
        let path = folder + "/editor.sh"
        try write(path, "#!/bin/sh\ntouch \"\(folder)/editor-ran\"\nprintf '\\n\\nWritten in the editor.\\n\\n' > \"$1\"\n")
        return "/bin/sh " + path
    }

    @Test func theEditorsTextIsTheBody() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = try Self.editorScript(in: folder)
        switch AddCommand.edit(environment: ["EDITOR": script, "PATH": "/usr/bin:/bin"]) {
        case .success(let edited):
            #expect(edited.text == "\n\nWritten in the editor.\n\n")
            #expect(AddCommand.tidy(edited.text) == "Written in the editor.")
            #expect(edited.file.hasSuffix(".md"))
            unlink(edited.file)
        case .failure(let failure):
            Issue.record("\(failure.message)")
        }
        switch AddCommand.edit(environment: ["EDITOR": "false", "PATH": "/usr/bin:/bin"]) {
        case .success: Issue.record("a failing editor gave a body")
        case .failure(let failure): #expect(failure.message == "the editor 'false' exited with status 1")
        }
        // An editor that saved text and then failed (vim's :cq): the text is kept, and said where.
        let failing = "/bin/sh " + folder + "/save-and-fail.sh"
        try Data("#!/bin/sh\nprintf 'Keep me\\n' > \"$1\"\nexit 3\n".utf8).write(to: URL(fileURLWithPath: folder + "/save-and-fail.sh"))
        switch AddCommand.edit(environment: ["EDITOR": failing, "PATH": "/usr/bin:/bin"]) {
        case .success: Issue.record("a failing editor gave a body")
        case .failure(let failure):
            let prefix = "the editor '\(failing)' exited with status 3; what you wrote is kept in "
            #expect(failure.message.hasPrefix(prefix))
            let kept = String(failure.message.dropFirst(prefix.count))
            #expect(FileManager.default.contents(atPath: kept) == Data("Keep me\n".utf8))
            unlink(kept)
        }
        switch AddCommand.edit(environment: ["EDITOR": "no-such-editor-here", "PATH": "/usr/bin:/bin"]) {
        case .success: Issue.record("a missing editor gave a body")
        case .failure(let failure):
            #expect(failure.message == "the editor 'no-such-editor-here' was not found (set VISUAL or EDITOR)")
            #expect(failure.notFound)
        }
    }

    #if os(Linux)
    /// On a terminal (a pseudo-terminal from script(1)) with no --body, $EDITOR opens.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalOpensTheEditor() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let editor = try Self.editorScript(in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "'\(CLITests.binary)' add Typed --site s --now 2026-12-01T00:30:00Z", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["EDITOR"] = editor
        environment["SOURCE_DATE_EPOCH"] = "1796085000"
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/editor-ran"))
        #expect(Self.read(folder + "/s/diary.json") == """
        [
          {
            "title": "Typed",
            "date": "2026-12-01T09:30:00+09:00",
            "body": "Written in the editor."
          }
        ]

        """)
    }
    #endif

    @Test func badInputExitsWithAMessageAndWritesNothing() throws {
        let diary = "[\n  {\"title\": \"a\", \"date\": \"2021-11-13\"}\n]\n"
        let folder = try Self.site(["s/diary.json": diary, "s/photos/a.jpg": "a", "photo.jpg": "p", "notes.txt": "text", "folder/x": "",
                                    "bad/daybook.json": #"{"title": "B", "timeZone": "Mars/Olympus"}"#,
                                    "empty/readme.txt": "no daybook.json"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/"
        try FileManager.default.copyItem(atPath: fixtures + "truncated.jpg", toPath: folder + "/cut.jpg")
        try FileManager.default.copyItem(atPath: fixtures + "corrupt.jpg", toPath: folder + "/torn.jpg")
        let usage = "Usage: daybook add <TITLE> … [--body TEXT|-] [--date ISO] [--tag T]… [--mood M] [--weather W] [--location L] [--photo FILE]… [--time-zone ZONE] [--now ISO] [--draft] [--site DIR] [--json]\n  See 'daybook add --help' for more information.\n"
        let cases: [([String], Int32, String)] = [
            ([], 64, "Error: Missing expected argument '<TITLE>'\n" + usage),
            (["  "], 64, "Error: The title must not be empty: give the entry's words, such as daybook add 'A walk'\n" + usage),
            (["x", "--date", "2026-02-30"], 64, "Error: --date must be an ISO 8601 date such as 2026-12-01 or 2026-12-01T09:30:00+09:00, or today, yesterday or tomorrow with a time or without (yesterday 18:00) (2026-02-30 is not a day of the calendar), found '2026-02-30'\n" + usage),
            (["x", "--date", "tomorrow 25:00"], 64, "Error: --date must be an ISO 8601 date such as 2026-12-01 or 2026-12-01T09:30:00+09:00, or today, yesterday or tomorrow with a time or without (yesterday 18:00) (expected a date like 2021-11-13), found 'tomorrow 25:00'\n" + usage),
            (["x", "--tag", "a", "--tag", ""], 64, "Error: --tag must not be empty\n" + usage),
            (["x", "--mood", ""], 64, "Error: --mood must not be empty\n" + usage),
            // Found by an audit of the daily commands: a terminal escape in the title ran in the
            // "Added" line, and a line break made two lines of a list.
            (["Walk\u{1B}[2J"], 64, "Error: The title must be one line of text, found a control character (U+001B)\n" + usage),
            (["Walk\nand talk"], 64, "Error: The title must be one line of text, found a line break\n" + usage),
            (["x", "--tag", "a\tb"], 64, "Error: --tag must be one line of text, found a tab\n" + usage),
            (["x", "--location", "Seoul\r\nBusan"], 64, "Error: --location must be one line of text, found a line break\n" + usage),
            (["x", "--photo"], 64, "Error: Missing value for '--photo <file>'\n" + usage),
            (["x", "--photo", "photo.jpg", "--photo", "gone.jpg"], 1, "error: photo 'gone.jpg' not found\n"),
            (["x", "--photo", "folder"], 1, "error: photo 'folder' is not a file\n"),
            (["x", "--photo", "photo.jpg", "--photo", "notes.txt"], 1, "error: photo 'notes.txt' cannot be read as an image: VipsForeignLoad: \"notes.txt\" is not a known file format\n"),
            // Found by a newcomer's audit: a JPEG cut short has a whole header; it was added, and the next build failed.
            (["x", "--photo", "cut.jpg"], 1, "error: photo 'cut.jpg' cannot be read as an image: VipsJpeg: Premature end of input file\n"),
            (["x", "--photo", "torn.jpg"], 1, "error: photo 'torn.jpg' cannot be read as an image: VipsJpeg: Corrupt JPEG data: premature end of data segment\n"),
            (["x", "--site", "nope"], 66, "error: nope: no such site folder\n"),
            (["x", "--site", "empty"], 66, "error: empty/daybook.json: not found (a site folder holds daybook.json; `daybook new DIR` makes one)\n"),
            (["x", "--site", "bad"], 1, "error: bad/daybook.json:1:28: unknown time zone \"Mars/Olympus\"; expected an IANA name such as \"UTC\" or \"Asia/Seoul\"\n"),
        ]
        for (words, status, message) in cases {
            let run = try CLITests.run(["add"] + (words.isEmpty || words.contains("--site") ? words : ["--site", "s"] + words), in: folder)
            #expect(run.status == status, "\(words)")
            #expect(run.stderr == message, "\(words)")
            #expect(run.stdout == "", "\(words)")
        }
        #expect(Self.read(folder + "/s/diary.json") == diary)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/s/photos") == ["a.jpg"])
        for site in ["bad", "empty"] { #expect(!FileManager.default.fileExists(atPath: folder + "/\(site)/diary.json")) }
    }

    /// Found by a daily-use audit: `add` dated entries by SOURCE_DATE_EPOCH, which nix-shell sets
    /// to 1980 for its own builds: the entry was written as of 1980-01-01, and the build left the
    /// real diary out as after now. `add` takes --now, else the clock, whatever the variable says.
    @Test func sourceDateEpochDoesNotDateAnEntry() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for epoch in ["315532800", "yesterday"] {
            let run = try Self.add(["Walk", "--body", "", "--site", "s"], environment: ["SOURCE_DATE_EPOCH": epoch], in: folder)
            #expect(run.status == 0)
            #expect(run.stderr.hasPrefix("Added \"Walk\" (2026-12-01T09:30:00+09:00) to s/diary.json"))
        }
        let run = try CLITests.run(["add", "Now", "--body", "", "--site", "s"], environment: ["SOURCE_DATE_EPOCH": "315532800"], in: folder)
        #expect(run.status == 0)
        #expect(!run.stderr.contains("1980"))
        // The build's now is the variable's still (reproducible builds), and it is named when it leaves entries out.
        let build = try CLITests.run(["build", "s"], environment: ["SOURCE_DATE_EPOCH": "315532800"], in: folder)
        #expect(build.status == 0)
        #expect(build.stderr.hasSuffix("note: now is SOURCE_DATE_EPOCH's 1980-01-01T00:00:00Z, which this environment sets; give --now, or unset it, to build as of another time\n"))
        let bad = try CLITests.run(["build", "s"], environment: ["SOURCE_DATE_EPOCH": "253402300800"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: SOURCE_DATE_EPOCH must be whole seconds since 1970, of a time in the years 1 to 9999, found '253402300800'\n"))
        // Set but empty (found by a CI audit: a `$(git log -1 --format=%ct)` that failed built as of the clock).
        let empty = try CLITests.run(["build", "s"], environment: ["SOURCE_DATE_EPOCH": ""], in: folder)
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: SOURCE_DATE_EPOCH must be whole seconds since 1970, of a time in the years 1 to 9999, found '' (set but empty: unset it for the clock's time)\n"))
    }

    /// Found by a daily-use audit: with `photos/` a link to a folder outside the site (a synced
    /// folder), `add` used the photo there ("which has the same bytes as" itself) and the next
    /// build failed on the entry it wrote; 501 `--tag`s were written too. Both are refused first.
    @Test func whatTheBuildWouldRefuseIsNotAdded() throws {
        let folder = try Self.site(["ext/a.jpg": "outside"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/s/photos", withDestinationPath: "../ext")
        var run = try Self.add(["Linked", "--photo", "s/photos/a.jpg", "--body", "x", "--site", "s"], in: folder)
        #expect(run.status == 1)
        let real = URL(fileURLWithPath: folder + "/ext").resolvingSymlinksInPath().path
        #expect(run.stderr == "error: photos/ leads outside the site folder (to \(real)), and a build takes no photo from outside it: make photos/ a folder of the site\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/diary.json"))
        run = try Self.add(["Many", "--body", "x", "--site", "s"] + (0...500).flatMap { ["--tag", "t\($0)"] }, in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --tag is given 501 times; an entry has at most 500 tags\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/diary.json"))
    }

    /// A draft, and an entry dated after now, are written and said to stay out of a build.
    @Test func aDraftAndAFutureEntryAreSaidToStayOut() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["Trip", "--date", "2030-12-25", "--draft", "--body", "Soon.", "--site", "s"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == """
            Added "Trip" (2030-12-25) to s/diary.json (a new file)
            note: it is dated after now, so a build leaves it out until then (build --future shows it)
            note: it is a draft, so a build leaves it out (build --drafts shows it)

            """)
        #expect(Self.read(folder + "/s/diary.json")?.contains(#""draft": true"#) == true)
        let today = try Self.add(["Today", "--body", "Now.", "--site", "s"], in: folder)
        #expect(today.stderr == "Added \"Today\" (2026-12-01T09:30:00+09:00) to s/diary.json\n")
    }

    /// Found by an audit: an error in another entry was only found by the next build.
    @Test func anErrorElsewhereInTheDataIsNoted() throws {
        let folder = try Self.site(["s/diary.json": "[\n  {\"title\": \"Old\", \"date\": \"2024-13-45\"}\n]\n"])
        let run = try Self.add(["Walk", "--body", "Out.", "--site", "s"], environment: Self.epoch, in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == """
            Added "Walk" (2026-12-01T09:30:00+09:00) to s/diary.json
            note: the site's data has an error elsewhere, which a build stops at (daybook check lists it); the first: s/diary.json:4:13: "date" is not an ISO 8601 date (2024-13-45 is not a day of the calendar), found "2024-13-45"

            """)
    }

    @Test func aDiaryThatDoesNotParseIsLocatedAndUntouched() throws {
        let bad = "[\n  {\"title\": \"a\", \"date\": \"2021-11-13\",}\n]\n"
        let folder = try Self.site(["s/diary.json": bad, "p.jpg": "p"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.add(["x", "--photo", "p.jpg", "--site", "s"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "error: s/diary.json:2:38: trailing comma before '}'\n")
        #expect(Self.read(folder + "/s/diary.json") == bad)
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/photos"))
    }

    @Test func helpShowsTheUsageAndExamples() throws {
        let run = try CLITests.run(["add", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("""
        OVERVIEW: Add an entry to the diary (diary.json).

        USAGE: daybook add <TITLE> … [--body TEXT|-] [--date ISO] [--tag T]… [--mood M] [--weather W] [--location L] [--photo FILE]… [--time-zone ZONE] [--now ISO] [--draft] [--site DIR] [--json]

        """))
        #expect(run.stdout.contains("  --tag <t>               A tag; repeat for more (a leading @ or #, as jrnl and Day One write tags, is left out).\n"))
        #expect(run.stdout.contains("  daybook add \"Morning walk\" --tag walk"))
        #expect(try CLITests.run(["--help"]).stdout.contains("  add                   Add an entry to the diary (diary.json).\n"))
    }

    /// Twenty `daybook add` processes started together: each entry is there once.
    @Test func concurrentProcessesLoseNothing() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 20
        let processes = (1...count).map { TodoCLITests.process(["add", "entry \($0)", "--site", "s"], in: folder) }
        for (process, _, _) in processes { try process.run() }
        let runs = processes.map { TodoCLITests.finish($0.0, $0.1, $0.2) }
        #expect(runs.map(\.status) == Array(repeating: 0, count: count))
        let data = try #require(FileManager.default.contents(atPath: folder + "/s/diary.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.compactMap { $0["title"] as? String }.sorted() == (1...count).map { "entry \($0)" }.sorted())
    }

    // MARK: The parser's repeated options

    @Test func repeatedOptionsKeepEveryValue() throws {
        let args = try AddCommand.spec.parse(["t", "--tag", "a", "--tag=b", "--site", "x", "--site", "y", "--photo", "p"])
        #expect(args.values("tag") == ["a", "b"])
        #expect(args.values("photo") == ["p"])
        #expect(args.values("mood") == [])
        #expect(args.values["tag"] == "b")
        #expect(args.values["site"] == "y")
        #expect(args.values("site") == ["x", "y"])
    }

    /// Found by a jrnl user's audit: a read-only diary.json (`chmod 444`) in a writable folder was
    /// replaced by the rename, mode kept and group changed, with `Added …` and exit 0.
    @Test func aReadOnlyDiaryIsRefusedAndUntouched() throws {
        let diary = "[\n  {\"title\": \"Old\", \"date\": \"2026-11-30\"}\n]\n"
        let folder = try Self.site(["s/diary.json": diary, "photos/p.jpg": "p"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder + "/s/diary.json", 0o444)
        let run = try Self.add(["RO", "test", "--body", "x", "--photo", "photos/p.jpg", "--site", "s"], in: folder)
        #expect(run.status == 74)
        #expect(run.stderr == "error: s/diary.json is read-only (mode 444): nothing was added; make it writable (chmod u+w s/diary.json) and run the command again\n")
        #expect(Self.read(folder + "/s/diary.json") == diary)
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/photos/p.jpg"))
        var info = stat()
        #expect(stat(folder + "/s/diary.json", &info) == 0 && info.st_mode & 0o7777 == 0o444)
    }

    /// Found by a jrnl user's audit: `add` waited on a held lock without a word. It says what it waits for, then waits.
    @Test func aHeldLockIsSaidAndWaitedFor() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lock = open(folder + "/s/.diary.json.lock", O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let (process, out, err) = TodoCLITests.process(["add", "Held", "--body", "x", "--site", "s", "--now", "2026-12-01T00:30:00Z"], in: folder)
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/diary.json"))
        close(lock)
        let run = TodoCLITests.finish(process, out, err)
        #expect(run.status == 0)
        #expect(run.stderr == "note: waiting for s/diary.json: another process holds its lock, s/.diary.json.lock "
                + "(daybook add takes it while it writes the file; build and import do not)…\n"
                + "Added \"Held\" (2026-12-01T09:30:00+09:00) to s/diary.json (a new file)\n")
    }

    /// Found by a jrnl user's audit: `printf '' | daybook add Empty --body -` added an entry with no
    /// body, where an editor left empty adds nothing. A failed command before it in a pipe adds nothing now.
    @Test func emptyOrBlankStdinAddsNothing() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for stdin in ["", "\n  \n\t\n"] {
            let run = try Self.add(["Empty", "--body", "-", "--site", "s"], stdin: stdin, in: folder)
            #expect(run.status == 1)
            #expect(run.stderr == "error: --body -: standard input had no text, so nothing was added (a title alone: --body \"\")\n")
            #expect(!FileManager.default.fileExists(atPath: folder + "/s/diary.json"))
        }
        // Without --body, an empty pipe is no body, and nothing is said (text there gets a note).
        let run = try Self.add(["Quiet", "--site", "s"], stdin: "", in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Added \"Quiet\" (2026-12-01T09:30:00+09:00) to s/diary.json (a new file)\n")
    }

    /// Found by a jrnl user's audit: `--date yesterday` was refused, where `list --on yesterday` takes it.
    /// Days of the site's calendar (Seoul: now, 00:30 UTC, is already 1 December there).
    @Test func dayWordsAsTheDate() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (given, date) in [("yesterday", "2026-11-30"), ("Today", "2026-12-01"), ("tomorrow 07:05", "2026-12-02T07:05"),
                              ("yesterday 18:00:30", "2026-11-30T18:00:30")] {
            let run = try Self.add(["Day", "--date", given, "--site", "s", "--json"], in: folder)
            #expect(run.status == 0)
            #expect(run.stdout.contains(#""date": "\#(date)""#))
        }
        // With --time-zone, that zone's day: it is still 30 November in New York.
        let run = try Self.add(["Away", "--date", "today 20:00", "--time-zone", "America/New_York", "--site", "s", "--json"], in: folder)
        #expect(run.stdout.contains(#""date": "2026-11-30T20:00""#))
        #expect(DateWord("yesterday 24:00") == nil && DateWord("last week") == nil && DateWord("2026-11-30") == nil)
    }

    /// Found by a jrnl user's audit: $VISUAL was not read. VISUAL, then EDITOR, then vi, as git
    /// chooses; one set to only white space is unset.
    @Test func visualThenEditorThenVi() {
        #expect(AddCommand.editor(environment: ["VISUAL": "nano", "EDITOR": "ed"]) == "nano")
        #expect(AddCommand.editor(environment: ["VISUAL": " ", "EDITOR": "ed"]) == "ed")
        #expect(AddCommand.editor(environment: ["EDITOR": "code -w"]) == "code -w")
        #expect(AddCommand.editor(environment: ["VISUAL": "", "EDITOR": ""]) == "vi")
        #expect(AddCommand.editor(environment: [:]) == "vi")
    }

    /// no-color.org: NO_COLOR set to nothing leaves colour on (found by a jrnl user's audit).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func anEmptyNoColorKeepsColour() throws {
        let run = try CLITests.run(["-qec", "NO_COLOR= '\(CLITests.binary)' add --site /nonexistent-daybook x; NO_COLOR=1 '\(CLITests.binary)' add --site /nonexistent-daybook x", "/dev/null"],
                                   executable: "/usr/bin/script")
        // A terminal's lines end in \r\n, one Character.
        let lines = run.stdout.split(whereSeparator: \.isNewline)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\u{1B}[1;31merror:\u{1B}[0m") == true)
        #expect(lines.last?.hasPrefix("error:") == true)
    }

    /// Found by a jrnl user's audit: jrnl's quick entry was stored as a plain title without a word.
    /// It is still stored as typed, with notes.
    @Test func jrnlQuickSyntaxIsNoted() throws {
        let folder = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var run = try Self.add(["Had lunch. It was great @food *", "--site", "s"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Added \"Had lunch. It was great @food *\" (2026-12-01T09:30:00+09:00) to s/diary.json (a new file)\n"
                + "note: the title has @food, which jrnl reads as a tag; daybook keeps it in the title: a tag is --tag food\n"
                + "note: the title ends with \" *\", jrnl's star; daybook keeps it in the title: a star is --tag starred (as daybook import jrnl marks a starred entry)\n")
        run = try Self.add(["yesterday 18:00: Late. body @x @y", "--site", "s"], in: folder)
        #expect(run.stderr == "Added \"yesterday 18:00: Late. body @x @y\" (2026-12-01T09:30:00+09:00) to s/diary.json\n"
                + "note: the title starts with \"yesterday 18:00:\", which jrnl reads as the entry's date; daybook keeps it in the title and takes the date from --date (--date \"yesterday 18:00\")\n"
                + "note: the title has @x, @y, which jrnl reads as tags; daybook keeps them in the title: a tag is --tag x --tag y\n")
        // An address, a colon after words, a star inside: nothing to say.
        run = try Self.add(["Note: mail a@b.com about 5*3 at 10:30", "--site", "s"], in: folder)
        #expect(run.stderr == "Added \"Note: mail a@b.com about 5*3 at 10:30\" (2026-12-01T09:30:00+09:00) to s/diary.json\n")
        #expect(JrnlQuickSyntax.datePrefix("2026-11-30 18:00: x") == "2026-11-30 18:00")
        #expect(JrnlQuickSyntax.datePrefix("last monday at 6pm: x") == "last monday at 6pm")
        #expect(JrnlQuickSyntax.datePrefix("At home: x") == nil)
        #expect(JrnlQuickSyntax.tags("Lunch @food. with @Ann, @food") == ["food", "Ann"])
    }
}
