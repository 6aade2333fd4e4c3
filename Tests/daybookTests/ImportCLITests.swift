import Foundation
import Testing

/// `daybook import` through the built binary.
@Suite struct ImportCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    static func site() throws -> String {
        let folder = try CLITests.temporaryFolder()
        try Data(#"{"title": "T", "locale": "en_US", "timeZone": "Europe/Berlin"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/daybook.json"))
        return folder
    }

    @Test func summaryWarningsAndASecondRun() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        // A dry run counts what the run copies: a photo linked twice is one copy.
        var run = try CLITests.run(["import", "dayone", Self.fixtures + "/dayone", "--site", site, "--dry-run"])
        #expect(run.stdout == "Would import 5 entries: 5 new, 0 updated, 0 removed; 2 photos and 1 other file to copy; 2 linked files missing from the export\n")
        run = try CLITests.run(["import", "dayone", Self.fixtures + "/dayone", "--site", site])
        #expect(run.status == 0)
        #expect(run.stdout == "Imported 5 entries: 5 new, 0 updated, 0 removed; 2 photos and 1 other file copied; 2 linked files missing from the export\n")
        #expect(run.stderr == "warning: \(Self.fixtures)/dayone/Journal.json: entry \"Ipsum labore tempor eu elit voluptate incididunt sint ea enim aute do minim.\" (2024-04-19): 1 of its attached files is not in the export; left out: videos/842e6f3bf38e93981004c637e8b03967.mp4\nwarning: \(Self.fixtures)/dayone/Journal.json: entry \"Untitled\" (2024-04-21): 1 linked file is not in the export; its link was dropped: videos/d500d6789ff2c211af3f507b17be8e66.mp4\n")
        run = try CLITests.run(["import", "dayone", Self.fixtures + "/dayone", "--site", site, "--json"])
        #expect(run.stdout == #"{"format": "dayone", "dryRun": false, "new": 0, "updated": 0, "unchanged": 5, "removed": 0, "filesCopied": 0, "otherFilesCopied": 0, "missingLinks": 2, "filesWritten": [], "filesRemoved": [], "errors": []}"# + "\n")
    }

    /// Found by a Hugo user's audit: a site's `_posts/` given for the site exited 1, as data with
    /// errors does; the argument is what is wrong (64, with the usage).
    @Test func aSitesPostsFolderIsAUsageError() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let run = try CLITests.run(["import", "markdown", Self.fixtures + "/jekyll/_posts", "--site", site])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: \(Self.fixtures)/jekyll/_posts: this is the _posts/ folder of a Jekyll site: import the site's folder, \(Self.fixtures)/jekyll, "))
        #expect(run.stderr.contains("\nUsage: daybook import"))
    }

    /// A Jekyll site's folder: the import says it read only the posts, on standard error.
    @Test func aSiteFolderIsSaidToBeReadAsASite() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let run = try CLITests.run(["import", "markdown", Self.fixtures + "/jekyll", "--site", site, "--dry-run"])
        #expect(run.status == 0)
        #expect(run.stdout == "Would import 4 entries: 4 new, 0 updated, 0 removed; 2 photos to copy\n")
        #expect(run.stderr == """
            note: \(Self.fixtures)/jekyll: read as a Jekyll site: its _posts/, and _drafts/ as drafts; other Markdown files in it (pages, themes, READMEs) are not entries
            note: the imported entries have no mood, weather or location, which their pages show as "None"; "hideEmptyCards": true in daybook.json leaves those cards out

            """)
        // Found by an import audit: a re-import that adds nothing does not say it again (its
        // entries may have been given a mood by hand since).
        #expect(try CLITests.run(["import", "markdown", Self.fixtures + "/jekyll", "--site", site]).stderr.contains("no mood"))
        let again = try CLITests.run(["import", "markdown", Self.fixtures + "/jekyll", "--site", site])
        #expect(again.stdout == "Imported 4 entries: 0 new, 0 updated, 0 removed (4 unchanged); 0 photos copied\n")
        #expect(!again.stderr.contains("no mood"))
    }

    /// Into a site `daybook new` made, the import says its sample entries are still there.
    @Test func theSampleEntriesAreMentioned() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], environment: ["LANG": "ko_KR.UTF-8"], in: folder).status == 0)
        let run = try CLITests.run(["import", "jrnl", "-", "--site", "s"],
                                   stdin: #"{"entries": [{"title": "Walk.", "body": "", "date": "2024-01-02", "time": "08:30"}]}"#, in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("note: s/diary.json still holds the sample entries `daybook new` wrote; delete them (and todos.json's samples) when you are done with them\n"))
    }

    /// One note on stdin is refused as one named is: two notes piped in turn would be one entry
    /// (an import audit found the second overwriting the first).
    @Test func oneNoteOnStdinIsRefused() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let run = try CLITests.run(["import", "markdown", "-", "--site", site], stdin: "---\ndate: 2024-01-01\n---\n# First note\nbody\n")
        #expect(run.status == 1)
        #expect(run.stderr == "error: <stdin>: is one note: import the folder of notes (or a zip of it), where each note is known by its path and its links and images are found\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site) == ["daybook.json"])
    }

    /// A zip of the export's folder (not of its files), given by name or on stdin, imports as
    /// the folder does; messages name its members inside the folder.
    @Test func aZipOfTheFolderByNameOrOnStdin() throws {
        let site = try Self.site(), other = try Self.site()
        let zip = try CLITests.temporaryFolder() + "/export.zip"
        defer { for path in [site, other, (zip as NSString).deletingLastPathComponent] { try? FileManager.default.removeItem(atPath: path) } }
        let zipper = Process()
        zipper.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zipper.arguments = ["-qr", zip, "dayone"]
        zipper.currentDirectoryURL = URL(fileURLWithPath: Self.fixtures)
        try zipper.run()
        zipper.waitUntilExit()
        #expect(zipper.terminationStatus == 0)
        let named = try CLITests.run(["import", "dayone", zip, "--site", site])
        #expect(named.status == 0)
        #expect(named.stdout == "Imported 5 entries: 5 new, 0 updated, 0 removed; 2 photos and 1 other file copied; 2 linked files missing from the export\n")
        #expect(named.stderr == "warning: \(zip):dayone/Journal.json: entry \"Ipsum labore tempor eu elit voluptate incididunt sint ea enim aute do minim.\" (2024-04-19): 1 of its attached files is not in the export; left out: videos/842e6f3bf38e93981004c637e8b03967.mp4\nwarning: \(zip):dayone/Journal.json: entry \"Untitled\" (2024-04-21): 1 linked file is not in the export; its link was dropped: videos/d500d6789ff2c211af3f507b17be8e66.mp4\n")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" import dayone - --site \"$1\" < \"$2\" 2>/dev/null", CLITests.binary, other, zip]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(printed == named.stdout)
        #expect(try String(contentsOfFile: other + "/diary/dayone.json", encoding: .utf8) == String(contentsOfFile: site + "/diary/dayone.json", encoding: .utf8))
    }

    /// A second journal of one tool goes `--into` a file of its own; pruning it leaves the
    /// first journal's entries alone. A Markdown import's files go to photos/<name>/.
    @Test func intoKeepsASecondJournalApart() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        func jrnl(_ titles: [String]) -> String {
            #"{"entries": ["# + titles.map { #"{"title": "\#($0)", "body": "", "date": "2024-01-02", "time": "08:30"}"# }.joined(separator: ", ") + "]}"
        }
        #expect(try CLITests.run(["import", "jrnl", "-", "--site", site], stdin: jrnl(["Walk.", "Lunch."])).status == 0)
        #expect(try CLITests.run(["import", "jrnl", "-", "--site", site, "--into", "work"], stdin: jrnl(["Walk.", "Standup."])).status == 0)
        let pruned = try CLITests.run(["import", "jrnl", "-", "--site", site, "--into", "work", "--prune"], stdin: jrnl(["Standup.", "Review."]))
        #expect(pruned.stdout == "Imported 2 entries: 1 new, 0 updated, 1 removed (1 unchanged)\n")
        let personal = try String(contentsOfFile: site + "/diary/jrnl.json", encoding: .utf8)
        let work = try String(contentsOfFile: site + "/diary/work.json", encoding: .utf8)
        #expect(personal.contains(#""title": "Walk.""#) && personal.contains(#""title": "Lunch.""#))
        #expect(!work.contains("Walk.") && work.contains(#""title": "Review.""#))
        // The work journal again, without --into: its export has none of diary/jrnl.json's
        // entries, and --prune would remove them all (found by a jrnl user's audit). Refused.
        for dryRun in [false, true] {
            let wrong = try CLITests.run(["import", "jrnl", "-", "--site", site, "--prune"] + (dryRun ? ["--dry-run"] : []), stdin: jrnl(["Standup.", "Review."]))
            #expect(wrong.status == 1)
            #expect(wrong.stdout == "")
            #expect(wrong.stderr == "error: \(site)/diary/jrnl.json: --prune would remove 2 of the file's 2 entries imported from jrnl (entries 2024-01-02-walk, "
                + "2024-01-02-lunch), and the export has none of them (its 2 entries are new here): is the export another journal's? Import each journal "
                + "into a file of its own with --into NAME (--into work: diary/work.json). To replace the file's entries with the export's all the same, "
                + "import it without --prune first, then with --prune. Nothing was written\n")
        }
        #expect(try String(contentsOfFile: site + "/diary/jrnl.json", encoding: .utf8) == personal)
        let notes = try CLITests.run(["import", "markdown", Self.fixtures + "/jekyll", "--site", site, "--into", "blog"])
        #expect(notes.status == 0)
        #expect(FileManager.default.fileExists(atPath: site + "/photos/blog/assets/snow.png"))
        #expect(!FileManager.default.fileExists(atPath: site + "/photos/markdown"))
        let todos = try CLITests.run(["import", "todotxt", "-", "--site", site, "--into", "x"], stdin: "Call Mom\n")
        #expect(todos.status == 64)
        #expect(todos.stderr.hasPrefix("Error: --into is for entries; todotxt imports todos into todos.json\n"))
        let bad = try CLITests.run(["import", "jrnl", "-", "--site", site, "--into", "../x"], stdin: jrnl([]))
        #expect(bad.status == 64)
    }

    /// Found by an import audit: a todo.txt named through a symbolic link ended with
    /// "todo.txt: not found". It is read where it leads; a link that leads nowhere is named.
    @Test func aFileNamedThroughALinkIsRead() throws {
        let site = try Self.site(), home = try CLITests.temporaryFolder()
        try Data("(A) Call Mom\n".utf8).write(to: URL(fileURLWithPath: home + "/list.txt"))
        try FileManager.default.createSymbolicLink(atPath: home + "/todo.txt", withDestinationPath: "list.txt")
        try FileManager.default.createSymbolicLink(atPath: home + "/gone.txt", withDestinationPath: "old/todo.txt")
        var run = try CLITests.run(["import", "todotxt", "todo.txt", "--site", site], in: home)
        #expect(run.status == 0)
        #expect(run.stdout == "Imported 1 todo: 1 new, 0 updated, 0 removed\n")
        run = try CLITests.run(["import", "todotxt", "gone.txt", "--site", site], in: home)
        #expect(run.status == 66)
        #expect(run.stderr == "error: gone.txt: a symbolic link to old/todo.txt, which does not exist\n")
    }

    /// Found by a jrnl user's audit: the warning of an entry at a time the clocks skip came again
    /// with every re-import, "5 unchanged". Said when the import adds or updates the entry.
    @Test func aSkippedTimeIsWarnedOfOnce() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let first = try CLITests.run(["import", "jrnl", Self.fixtures + "/jrnl/export.json", "--site", site])
        #expect(first.status == 0)
        #expect(first.stderr.contains("warning: \(Self.fixtures)/jrnl/export.json:46:15: entry \"DST edge.\" (2024-03-31T02:30): the clocks of Europe/Berlin went forward past 02:30"))
        let again = try CLITests.run(["import", "jrnl", Self.fixtures + "/jrnl/export.json", "--site", site])
        #expect(again.stdout == "Imported 5 entries: 0 new, 0 updated, 0 removed (5 unchanged)\n")
        #expect(!again.stderr.contains("clocks"))
    }

    /// Found by a jrnl user's audit: the note of an entry at a time the clocks go back over came
    /// again with every re-import. Said when the import adds or updates the entry.
    @Test func aRepeatedTimeIsNotedOnce() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try Data(#"{"tags": {}, "entries": [{"title": "Late.", "body": "", "date": "2024-10-27", "time": "02:30", "tags": [], "starred": false}]}"#.utf8)
            .write(to: URL(fileURLWithPath: site + "/jrnl.json"))
        let note = "note: \(site)/jrnl.json:1:87: entry \"Late.\" (2024-10-27T02:30) is a time Europe/Berlin has twice (the clocks went back over it that night): "
            + "the site takes the first, 2024-10-27T02:30+02:00\n"
        let first = try CLITests.run(["import", "jrnl", site + "/jrnl.json", "--site", site])
        #expect(first.stdout == "Imported 1 entry: 1 new, 0 updated, 0 removed\n")
        #expect(first.stderr == note + "note: the imported entries have no mood, weather or location, which their pages show as \"None\"; "
                + "\"hideEmptyCards\": true in daybook.json leaves those cards out\n")
        let again = try CLITests.run(["import", "jrnl", site + "/jrnl.json", "--site", site])
        #expect(again.stdout == "Imported 1 entry: 0 new, 0 updated, 0 removed (1 unchanged)\n")
        #expect(again.stderr == "")
    }

    /// Found by a jrnl user's audit: an import waited on the site's held lock without a word.
    @Test func aHeldLockIsSaidAndWaitedFor() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try Data("Call Mom\n".utf8).write(to: URL(fileURLWithPath: site + "/todo.txt"))
        let lock = open(site + "/.todos.json.lock", O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let (process, out, err) = TodoCLITests.process(["import", "todotxt", "todo.txt", "--site", "."], in: site)
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: site + "/todos.json"))
        close(lock)
        let run = TodoCLITests.finish(process, out, err)
        #expect(run.status == 0)
        #expect(run.stderr == "note: waiting for .todos.json.lock: another process holds the site's lock "
                + "(daybook todo and import take it while they change the site's files)…\n")
        #expect(run.stdout == "Imported 1 todo: 1 new, 0 updated, 0 removed\n")
    }

    @Test func dryRunWritesNothing() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let run = try CLITests.run(["import", "todotxt", "-", "--site", site, "--dry-run"], stdin: "(A) Call Mom +Family\n")
        #expect(run.status == 0)
        #expect(run.stdout == "Would import 1 todo: 1 new, 0 updated, 0 removed\n")
        #expect(!FileManager.default.fileExists(atPath: site + "/todos.json"))
        // Not even the lock's file (found by an audit: `.todos.json.lock` was made).
        #expect(!FileManager.default.fileExists(atPath: site + "/.todos.json.lock"))
    }

    /// As `add` and `todo`: a folder that is not a site gets nothing written into it.
    @Test func aFolderWithoutDaybookJSONIsRefused() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var run = try CLITests.run(["import", "todotxt", "-", "--site", folder], stdin: "(A) Call Mom\n")
        #expect(run.status == 66)
        #expect(run.stderr == "error: \(folder)/daybook.json: not found (a site folder holds daybook.json; `daybook new DIR` makes one)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        // With --json, stdout says so too.
        run = try CLITests.run(["import", "jrnl", "-", "--site", folder, "--json"], stdin: "{}")
        #expect(run.status == 66)
        #expect(run.stdout.contains(#""reason": "\#(folder)/daybook.json: not found (a site folder holds daybook.json; `daybook new DIR` makes one)""#))
        #expect(run.stdout.hasPrefix("{\n  \"failed\": true,"))
        // A problem of no file and place has them null.
        #expect(run.stdout.contains(#""file": null,"#) && run.stdout.contains(#""line": null,"#) && run.stdout.contains(#""column": null,"#))
        run = try CLITests.run(["import", "jrnl", "-", "--site", folder + "/gone", "--json"], stdin: "{}")
        #expect(run.status == 66)
        #expect(run.stderr == "error: \(folder)/gone: no such site folder\n")
        #expect(run.stdout.contains(#""file": "\#(folder)/gone","#))
        #expect(run.stdout.contains(#""reason": "no such site folder""#))
    }

    /// A Day One zip with one invalid journal: the others are imported, the invalid one is named
    /// at its error, and the exit status is 1.
    @Test func anInvalidJournalExitsOneAfterTheOthersAreImported() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let zip = site + "/Export.zip"
        try Data(#"{"entries": [{"uuid": "P1", "creationDate": "2024-02-01T09:00:00Z", "text": "Home"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: site + "/Personal.json"))
        try Data(#"{"entries": {"uuid": "T1"}}"#.utf8).write(to: URL(fileURLWithPath: site + "/Travel.json"))
        let zipper = Process()
        zipper.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zipper.arguments = ["-q", zip, "Personal.json", "Travel.json"]
        zipper.currentDirectoryURL = URL(fileURLWithPath: site)
        try zipper.run()
        zipper.waitUntilExit()
        let run = try CLITests.run(["import", "dayone", zip, "--site", site])
        #expect(run.status == 1)
        #expect(run.stdout == "Imported 1 entry: 1 new, 0 updated, 0 removed; 0 photos copied; 1 journal not imported, for its errors\n")
        #expect(run.stderr.hasSuffix("error: \(zip):Travel.json:1:13: \"entries\" must be an array, found an object\n"))
        #expect(try String(contentsOfFile: site + "/diary/dayone.json", encoding: .utf8).contains("dayone:P1"))
    }

    @Test func badInputExitsOneAndUnknownFormat64() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        var run = try CLITests.run(["import", "jrnl", "-", "--site", site], stdin: "{\"entries\": [{\"title\": \"A\", \"date\": \"2024-02-30\"}]}")
        #expect(run.status == 1)
        #expect(run.stderr == "error: <stdin>:1:37: \"date\": 2024-02-30 is not a day of the calendar\n")
        #expect(!FileManager.default.fileExists(atPath: site + "/diary"))
        // With --json, the errors are on stdout too, as build --json prints them.
        run = try CLITests.run(["import", "jrnl", "-", "--site", site, "--json"], stdin: "{\"entries\": [{\"title\": \"A\", \"date\": \"2024-02-30\"}]}")
        #expect(run.status == 1)
        #expect(run.stdout == """
        {
          "failed": true,
          "errors": [
            {
              "file": "<stdin>",
              "line": 1,
              "column": 37,
              "reason": "\\"date\\": 2024-02-30 is not a day of the calendar"
            }
          ],
          "warnings": []
        }

        """)
        run = try CLITests.run(["import", "evernote", "x", "--site", site])
        #expect(run.status == 64)
        run = try CLITests.run(["import", "dayone", site + "/nothing", "--site", site])
        #expect(run.status == 66)
        // A file that is no export is named itself, not its folder.
        try Data("junk".utf8).write(to: URL(fileURLWithPath: site + "/Export.zip"))
        run = try CLITests.run(["import", "dayone", site + "/Export.zip", "--site", site])
        #expect(run.status == 1)
        #expect(run.stderr == "error: \(site)/Export.zip: is named .zip but is not a zip archive (a download that did not finish?): "
                + "expected Day One's JSON export, its .zip (Journal.json with photos/), its folder or a journal's .json\n")
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(fileURLWithPath: site + "/IMG_0001.jpg"))
        run = try CLITests.run(["import", "dayone", site + "/IMG_0001.jpg", "--site", site])
        #expect(run.stderr == "error: \(site)/IMG_0001.jpg: is not Day One's export: "
                + "expected Day One's JSON export, its .zip (Journal.json with photos/), its folder or a journal's .json\n")
        // A zip cut short, as a download that did not finish leaves it.
        let zipper = Process()
        zipper.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zipper.arguments = ["-qr", site + "/Whole.zip", "dayone"]
        zipper.currentDirectoryURL = URL(fileURLWithPath: Self.fixtures)
        try zipper.run()
        zipper.waitUntilExit()
        let zip = try Data(contentsOf: URL(fileURLWithPath: site + "/Whole.zip"))
        try zip.prefix(3000).write(to: URL(fileURLWithPath: site + "/Cut.zip"))
        run = try CLITests.run(["import", "dayone", site + "/Cut.zip", "--site", site])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix(": the zip is damaged or cut short (a download or copy that did not finish?); make or copy the export again\n"))
    }

    /// Found by a newcomer's audit: a todo.txt on stdin was named `<stdin>:todo.txt`, a file that
    /// does not exist. It is `<stdin>`, with lines and columns as a file has them.
    @Test func stdinIsNamedStdin() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        var run = try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: "Plan +Garden h:1\nDig +Garden\n")
        #expect(run.status == 0)
        #expect(run.stderr == "note: <stdin>: 1 hidden task (h:1) left out\n")
        run = try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: "Dig +Garden\nx 2024-13-01 Fix\n")
        #expect(run.status == 1)
        #expect(run.stderr == "error: <stdin>:2:3: the completion date must be a day of the calendar like 2024-03-01, found \"2024-13-01\"\n")
    }

    /// The command checks each photo it copies as `daybook add` does (ImportEndToEndTests has the reasons).
    @Test func aPhotoNoBuildCanReadIsWarnedAbout() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let vault = site + "-vault"
        try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: vault) }
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: vault + "/fake.jpg"))
        try Data("---\ndate: 2024-01-02\n---\n![b](fake.jpg)\n".utf8).write(to: URL(fileURLWithPath: vault + "/bad.md"))
        let run = try CLITests.run(["import", "markdown", vault, "--site", site], in: site)
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: \(site)/photos/markdown/fake.jpg cannot be read as an image: "))
    }

    /// A todo ticked in the site that the export still has open stays done, and the import says so.
    @Test func aTodoDoneInTheSiteIsLeftDoneWithANote() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let list = "2026-12-05 Fix bike\n"
        #expect(try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: list).status == 0)
        #expect(try CLITests.run(["todo", "done", "1", "--site", site, "--now", "2026-12-06T10:00:00Z"]).status == 0)
        let run = try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: list)
        #expect(run.status == 0)
        #expect(run.stdout == "Imported 1 todo: 0 new, 0 updated, 0 removed (1 unchanged)\n")
        #expect(run.stderr == "note: 1 todo done in the site but open in the export was left done (`daybook todo undo ID` opens one again)\n")
        let json = try CLITests.run(["todo", "list", "--site", site, "--json"]).stdout
        #expect(json.contains(#""isDone": true,"#) && json.contains(#""doneAt": "2026-12-06T10:00:00Z""#))
    }

    /// Found by a todo audit: `daybook todo edit` on an imported todo was overwritten by the next
    /// import without a word. It is kept, with a note; `--replace-edits` takes the export's words.
    @Test func aTodoEditedInTheSiteIsKeptByTheNextImport() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let list = "A one\nB two\n"
        #expect(try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: list).status == 0)
        #expect(FileManager.default.fileExists(atPath: site + "/.todos.imported.json"))
        #expect(try CLITests.run(["todo", "edit", "1", "A one, call back after 5pm", "--site", site]).status == 0)
        #expect(try CLITests.run(["todo", "done", "2", "--site", site]).status == 0)
        let run = try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: list)
        #expect(run.stdout == "Imported 2 todos: 0 new, 0 updated, 0 removed (2 unchanged)\n")
        #expect(run.stderr == "note: \(site)/todos.json: todo 1 (edited in the site since the last import, not in the export): left as it is\n"
            + "note: 1 todo done in the site but open in the export was left done (`daybook todo undo ID` opens one again)\n")
        let replaced = try CLITests.run(["import", "todotxt", "-", "--site", site, "--replace-edits"], stdin: list)
        #expect(replaced.stdout == "Imported 2 todos: 0 new, 1 updated, 0 removed (1 unchanged)\n")
        #expect(try CLITests.run(["todo", "list", "--site", site, "--json"]).stdout.contains(#""detail": "A one","#))
    }

    /// Found by a todo audit: `todo done --now 2026-12-07` wrote a day alone, which the next import
    /// took for todo.txt's own completion, taken back there: the tick was undone without a word.
    /// It is written as the day's start in the site's zone, with the offset, and kept; `list --json`
    /// with `--now` is the JSON list.
    @Test func aTickOnADayAloneIsKeptByTheNextImport() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let list = "Pay rent due:2026-12-07\n"
        #expect(try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: list).status == 0)
        #expect(try CLITests.run(["todo", "done", "1", "--site", site, "--now", "2026-12-07"]).status == 0)
        let run = try CLITests.run(["import", "todotxt", "-", "--site", site], stdin: list)
        #expect(run.stderr == "note: 1 todo done in the site but open in the export was left done (`daybook todo undo ID` opens one again)\n")
        let json = try CLITests.run(["todo", "list", "--site", site, "--json", "--now", "2026-12-08"]).stdout
        #expect(json.hasPrefix("[\n  {\n    \"id\": 1,"))
        #expect(json.contains(#""isDone": true,"#) && json.contains(#""doneAt": "2026-12-07T00:00:00+01:00""#))
    }

    /// Found by a jrnl user's audit (of `daybook add`, whose file an import writes the same way):
    /// a read-only diary file is not replaced by an import, and the files it copied are taken back.
    @Test func aReadOnlyDiaryFileIsNotReplaced() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try FileManager.default.createDirectory(atPath: site + "/diary", withIntermediateDirectories: true)
        try Data("[]\n".utf8).write(to: URL(fileURLWithPath: site + "/diary/dayone.json"))
        chmod(site + "/diary/dayone.json", 0o444)
        let run = try CLITests.run(["import", "dayone", Self.fixtures + "/dayone", "--site", site])
        #expect(run.status == 74)
        #expect(run.stderr.hasSuffix("error: \(site)/diary/dayone.json is read-only (mode 444): nothing was written to it; make it writable (chmod u+w \(site)/diary/dayone.json) and run the command again\n"))
        #expect(FileManager.default.contents(atPath: site + "/diary/dayone.json") == Data("[]\n".utf8))
        // The photos it copied are removed (their empty folder stays, as after any failed import).
        let left = (FileManager.default.enumerator(atPath: site + "/photos")?.allObjects as? [String] ?? [])
            .filter { var isFolder: ObjCBool = false; return FileManager.default.fileExists(atPath: site + "/photos/" + $0, isDirectory: &isFolder) && !isFolder.boolValue }
        #expect(left.isEmpty)
    }
}
