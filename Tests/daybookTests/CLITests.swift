import Foundation
import TestSupport
import Testing

/// Runs the built `daybook` binary as a user would and checks its output and exit status.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var candidates = [folder.appendingPathComponent("daybook").path]
        // `swift test` runs the test bundle from inside its .xctest folder on some setups.
        candidates.append(folder.deletingLastPathComponent().appendingPathComponent("daybook").path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/daybook").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], in directory: String? = nil,
                    executable: String = binary) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "GITHUB_ACTIONS")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFolder() throws -> String {
        try ScratchRoot.folder("daybook-cli-")
    }

    /// The commit `git rev-parse HEAD` names in this checkout (12 digits), or "unknown" outside one.
    static func checkoutCommit() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", root.path, "rev-parse", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        git.standardError = FileHandle.nullDevice
        try git.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        return git.terminationStatus == 0 ? String(text.prefix(12)) : "unknown"
    }

    @Test func version() throws {
        let run = try Self.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == "daybook 0.1.0 (commit \(try Self.checkoutCommit()))\n")
    }

    @Test func helpListsTheCommands() throws {
        let run = try Self.run(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: daybook <subcommand>"))
        #expect(run.stdout.contains("  build "))
        #expect(run.stdout.contains("  render "))
    }

    @Test func commandHelp() throws {
        let run = try Self.run(["build", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: daybook build [SITE] [--output DIR] [--drafts] [--future] [--now ISO] [--base-url URL] [--cache DIR] [--quiet] [--json] [--timings] [--strict]"))
    }

    /// Each command's --now says its default, as it takes it: SOURCE_DATE_EPOCH for those that
    /// read the diary as a build does (found by a newcomer's audit: check's said none).
    @Test func nowHelpSaysItsDefault() throws {
        let check = try Self.run(["help", "check"])
        #expect(check.stdout.contains("  --now <iso>             The date and time to check as (default: SOURCE_DATE_EPOCH, else the clock).\n"))
        let defaults = try ["build", "check", "list", "report", "add", "new", "serve", "todo"].map { name in
            let help = try Self.run(["help", name]).stdout
            return name + ": " + (help.contains("(default: SOURCE_DATE_EPOCH, else the clock).") ? "epoch" : help.contains("(default: the clock).") ? "clock" : "none")
        }
        #expect(defaults == ["build: epoch", "check: epoch", "list: epoch", "report: epoch", "add: clock", "new: clock", "serve: clock", "todo: clock"])
    }

    @Test func unknownOptionIsAUsageError() throws {
        let run = try Self.run(["build", "--nope"])
        #expect(run.status == 64)
        #expect(run.stderr == """
        Error: Unknown option '--nope'
        Usage: daybook build [SITE] [--output DIR] [--drafts] [--future] [--now ISO] [--base-url URL] [--cache DIR] [--quiet] [--json] [--timings] [--strict]
          See 'daybook build --help' for more information.

        """)
    }

    @Test func missingValueIsAUsageError() throws {
        let run = try Self.run(["build", "--output"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Missing value for '--output <dir>'\n"))
    }

    @Test func badNowIsAUsageError() throws {
        let run = try Self.run(["build", "--now", "yesterday"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --now must be an ISO 8601 date"))
    }

    @Test func unknownSubcommand() throws {
        let run = try Self.run(["bild"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'bild'. Did you mean 'build'?\n"))
    }

    /// `new` with an empty title (daybook.json would not load) or on a file is a usage error;
    /// so are a file given as `build --output` or `--cache`.
    @Test func emptyTitleAndFilesForFoldersAreUsageErrors() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var run = try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z", "--title", "  "], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: The title must not be empty\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/afile"))
        run = try Self.run(["new", "afile", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: afile is a file, not a folder\n"))
        #expect(try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        run = try Self.run(["build", "s", "--output", "afile"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --output afile is a file, not a folder\n"))
        run = try Self.run(["build", "s", "--cache", "afile"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --cache afile is a file, not a folder\n"))
        #expect(try String(contentsOfFile: folder + "/afile", encoding: .utf8) == "x")
        // The default output is no option typed (a newcomer's audit: "--output s/_site", exit 64).
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/s/_site"))
        run = try Self.run(["build", "s"], in: folder)
        #expect(run.status == 73)
        #expect(run.stderr == "error: s/_site: cannot write: it is a file, where the build makes its default output folder; move it, or give another folder with --output\n")
    }

    /// A typo in an option of `daybook` itself, an action, a format or a shell gets the nearest
    /// word, as one in a subcommand or an option does; `help help` is the help.
    @Test func typosGetTheNearestWord() throws {
        let cases: [([String], String)] = [
            (["--verison"], "Error: Unknown option '--verison'. Did you mean '--version'?"),
            (["todo", "lst"], "Error: Unknown action 'lst' (expected list, add, edit, done, undo, rm, today, pri, depri, append or prepend). Did you mean 'list'?"),
            (["import", "jrln", "x"], "Error: Unknown format 'jrln' (expected dayone, jrnl, markdown, todotxt, taskwarrior). Did you mean 'jrnl'?"),
            (["generate", "mna"], "Error: Unknown target 'mna' (expected man or completions). Did you mean 'man'?"),
            (["generate", "completions", "bsh"], "Error: Unknown shell 'bsh' (expected bash, zsh or fish). Did you mean 'bash'?"),
            // Other tools' names for Daybook's commands, and a short option for the long one.
            (["completion", "bash"], "Error: Unknown subcommand 'completion'. Did you mean 'generate completions'?"),
            (["man"], "Error: Unknown subcommand 'man'. Did you mean 'generate man'?"),
            (["build", "-q"], "Error: Unknown option '-q'. Did you mean '--quiet'?"),
        ]
        for (arguments, line) in cases {
            let run = try Self.run(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix(line + "\n"), "\(arguments): \(run.stderr)")
        }
        let help = try Self.run(["help", "help"])
        #expect(help.status == 0)
        #expect(help.stdout == (try Self.run(["--help"])).stdout)
    }

    /// An export's path where `import`'s format goes (`daybook import ~/Export.zip`), or before
    /// it, gets the command with the format first, named when the export tells it.
    @Test func anExportGivenForTheFormatGetsTheCommand() throws {
        let folder = NSTemporaryDirectory() + "import-hint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/Day One", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/notes/2024", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"metadata": {"version": "1.0"}, "entries": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Day One/Journal.json"))
        try Data(#"{"tags": {}, "entries": []}"#.utf8).write(to: URL(fileURLWithPath: folder + "/jrnl.json"))
        try Data(#"[{"uuid": "a", "description": "Buy milk", "status": "pending"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/tasks.json"))
        try Data("x Buy milk\n".utf8).write(to: URL(fileURLWithPath: folder + "/todo.txt"))
        try Data("# A note\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes/2024/a.md"))
        try Data("PK".utf8).write(to: URL(fileURLWithPath: folder + "/export.zip"))
        // Day One's zip (its JSON and photos), and a zipped vault (notes, and its settings' JSON in `.obsidian/`).
        try FileManager.default.createDirectory(atPath: folder + "/vault/.obsidian", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/vault/.obsidian/app.json"))
        try Data("# Note\n".utf8).write(to: URL(fileURLWithPath: folder + "/vault/Note.md"))
        for (zip, members, at) in [("Export.zip", ["Journal.json"], "/Day One"), ("vault.zip", [".obsidian", "Note.md"], "/vault")] {
            let zipper = Process()
            zipper.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
            zipper.arguments = ["-qr", folder + "/" + zip] + members
            zipper.currentDirectoryURL = URL(fileURLWithPath: folder + at)
            try zipper.run()
            zipper.waitUntilExit()
            #expect(zipper.terminationStatus == 0)
        }
        let cases: [([String], String)] = [
            (["import", "Day One"], "Error: Unknown import format 'Day One'. It is an export; the format comes first: daybook import dayone 'Day One'"),
            (["import", "jrnl.json"], "Error: Unknown import format 'jrnl.json'. It is an export; the format comes first: daybook import jrnl jrnl.json"),
            (["import", "tasks.json"], "Error: Unknown import format 'tasks.json'. It is an export; the format comes first: daybook import taskwarrior tasks.json"),
            (["import", "todo.txt"], "Error: Unknown import format 'todo.txt'. It is an export; the format comes first: daybook import todotxt todo.txt"),
            (["import", "notes"], "Error: Unknown import format 'notes'. It is an export; the format comes first: daybook import markdown notes"),
            (["import", "export.zip"], "Error: Unknown import format 'export.zip'. It is an export; the format comes first: daybook import FORMAT export.zip"),
            (["import", "Export.zip"], "Error: Unknown import format 'Export.zip'. It is an export; the format comes first: daybook import dayone Export.zip"),
            (["import", "vault.zip"], "Error: Unknown import format 'vault.zip'. It is an export; the format comes first: daybook import markdown vault.zip"),
            (["import", "export.zip", "dayone"], "Error: Unknown format 'export.zip' (expected dayone, jrnl, markdown, todotxt, taskwarrior). It is an export; the format comes first: daybook import dayone export.zip"),
            (["import", "dayon"], "Error: Unknown import format 'dayon'. Did you mean 'dayone'?"),
        ]
        for (arguments, line) in cases {
            let run = try Self.run(arguments, in: folder)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix(line + "\n"), "\(arguments): \(run.stderr)")
        }
    }

    /// Found by a newcomer's audit: Hugo's and Jekyll's options got a wrong guess (`-d out`, the
    /// destination, was "did you mean '--drafts'?", `-s .`, the source, "--strict") or none
    /// (`--destination`, `-D`, `--buildDrafts`); each now names Daybook's option, or says where the site folder goes.
    @Test func otherToolsOptionsNameDaybooksOwn() throws {
        let cases: [([String], String)] = [
            (["build", "-d", "public"], "Error: Unknown option '-d'. Did you mean '--output'?"),
            (["build", "--destination", "public"], "Error: Unknown option '--destination'. Did you mean '--output'?"),
            (["serve", "-D"], "Error: Unknown option '-D'. Did you mean '--drafts'?"),
            (["build", "--buildDrafts"], "Error: Unknown option '--buildDrafts'. Did you mean '--drafts'?"),
            (["check", "--buildFuture"], "Error: Unknown option '--buildFuture'. Did you mean '--future'?"),
            (["serve", "-P", "4000"], "Error: Unknown option '-P'. Did you mean '--port'?"),
            (["build", "-s", "."], "Error: Unknown option '-s'. The site folder is an argument here: 'daybook build SITE' (or did you mean '--strict'?)"),
            (["report", "2021-11", "--source", "."], "Error: Unknown option '--source'. The site folder is an argument here: 'daybook report YYYY-MM SITE'"),
            (["build", "--site", "."], "Error: Unknown option '--site'. The site folder is an argument here: 'daybook build SITE'"),
            (["build", "--watch"], "Error: Unknown option '--watch'. 'daybook serve' builds the site and rebuilds it on change"),
            // Hugo's -v/--verbose, Jekyll's -V/--verbose: no such mode; build's --timings says its stages.
            (["build", "--verbose"], "Error: Unknown option '--verbose'. Daybook has no verbose mode: --timings prints how long each stage took"),
            (["build", "-v"], "Error: Unknown option '-v'. Daybook has no verbose mode: --timings prints how long each stage took"),
            (["build", "-V"], "Error: Unknown option '-V'. Daybook has no verbose mode: --timings prints how long each stage took"),
            (["check", "--verbose"], "Error: Unknown option '--verbose'. Daybook has no verbose mode"),
            // Where the command has the option, or another one the letter starts, that one.
            (["todo", "list", "-s", "."], "Error: Unknown option '-s'. Did you mean '--site'?"),
            (["add", "x", "-b", "text"], "Error: Unknown option '-b'. Did you mean '--body'?"),
        ]
        for (arguments, line) in cases {
            let run = try Self.run(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix(line + "\n"), "\(arguments): \(run.stderr)")
        }
    }

    /// Found by a publishing audit: an output whose .daybook-manifest was lost (docs/publishing.md's
    /// workflow deleted it) had every page an earlier build wrote taken for the user's, never
    /// removed: a removed entry's page and the feed stayed published. The files carrying Daybook's
    /// mark are the earlier build's: written over without a word and removed once no longer made;
    /// a file without it that the build writes is named once, and not kept for ever; the user's
    /// own file stays.
    /// Found by a review: a first build into a folder that held another site's pages, copied in
    /// without their manifest (`cp -r s4/_site/* www/blog/`), took them for its own and removed
    /// them. Only an output whose home page carries the mark is read for them, and only the
    /// build's own places in it.
    @Test func anotherSitesPagesInTheOutputAreLeftAlone() throws {
        let folder = try StaticFilesCLITests.site([:], diary: #"[{"title": "A", "date": "2026-01-02"}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = ["--now", "2026-01-05T00:00:00Z"]
        #expect(try Self.run(["build", "s", "--output", "other"] + now, in: folder).status == 0)
        try FileManager.default.removeItem(atPath: folder + "/other/.daybook-manifest")
        try FileManager.default.createDirectory(atPath: folder + "/www", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder + "/other", toPath: folder + "/www/blog")
        try Data(#"[{"title": "B", "date": "2026-01-03"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let run = try Self.run(["build", "s", "--output", "www"] + now, in: folder)
        #expect(run.status == 0)
        #expect(!run.stderr.contains("removed:"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/www/blog/entries/2026-01-02-a/index.html"))
        #expect(FileManager.default.fileExists(atPath: folder + "/www/blog/index.html"))
    }

    @Test func aLostManifestIsMadeGoodByDaybooksMarks() throws {
        let two = #"[{"title": "A", "date": "2026-01-02"}, {"title": "B", "date": "2026-01-03"}]"#
        let folder = try StaticFilesCLITests.site([:], diary: two)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let now = ["--now", "2026-01-05T00:00:00Z"]
        #expect(try Self.run(["build", "s", "--base-url", "https://example.org/d/"] + now, in: folder).status == 0)
        let out = folder + "/s/_site/"
        for path in ["entries/2026-01-03-b/index.html", "feed.xml", "sitemap.xml"] {
            #expect(FileManager.default.fileExists(atPath: out + path), "\(path)")
        }
        try FileManager.default.removeItem(atPath: out + ".daybook-manifest")
        try Data("<p>mine</p>".utf8).write(to: URL(fileURLWithPath: out + "mine.html"))
        try Data(#"[{"title": "A", "date": "2026-01-02"}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let run = try Self.run(["build", "s"] + now, in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("""
            warning: s/_site: no .daybook-manifest (the record of what the builds wrote): 1 file without Daybook's mark written over: \
            reports/2026-01.md (taken for an earlier build's, as the output holds its pages); files of an earlier build without the mark \
            may be left (photos, Markdown reports): to start clean, build once into an empty folder
            warning: s/_site: no .daybook-manifest (the record of what the builds wrote): 3 files an earlier build made here \
            (with Daybook's mark), which this one does not make, removed: entries/2026-01-03-b/index.html, feed.xml, sitemap.xml
            Built 1 entry into s/_site: 
            """), "\(run.stderr)")
        for gone in ["entries/2026-01-03-b", "feed.xml", "sitemap.xml"] {
            #expect(!FileManager.default.fileExists(atPath: out + gone), "\(gone)")
        }
        #expect(FileManager.default.contents(atPath: out + "mine.html") == Data("<p>mine</p>".utf8))
        let manifest = try #require(FileManager.default.contents(atPath: out + ".daybook-manifest"))
        #expect(!String(decoding: manifest, as: UTF8.self).contains("# written-over"))
        #expect(!String(decoding: manifest, as: UTF8.self).contains("mine.html"))
        // With the manifest back, the next build is as any other.
        let again = try Self.run(["build", "s"] + now, in: folder)
        #expect(again.stderr.hasPrefix("Nothing changed: 1 entry, "))
    }

    /// A base URL must be a place pages can be put under: no query, no fragment.
    @Test func aBaseURLWithAQueryOrFragmentIsRefused() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        for url in ["https://example.org/diary/?a=1", "https://example.org/diary/#x", "example.org/diary/"] {
            let run = try Self.run(["build", "s", "--base-url", url], in: folder)
            #expect(run.status == 64, "\(url)")
            #expect(run.stderr.hasPrefix("Error: --base-url must be an absolute http or https URL without a query or fragment, found \"\(url)\"\n"))
        }
        let page = try Self.run(["build", "s", "--base-url", "https://example.org/diary/index.html"], in: folder)
        #expect(page.status == 64)
        #expect(page.stderr.hasPrefix(#"Error: --base-url names a page, not the site's folder: use "https://example.org/diary/", found "https://example.org/diary/index.html""# + "\n"))
        #expect(try Self.run(["build", "s", "--base-url", "https://example.org/diary"], in: folder).status == 0)
        // An empty or dot segment would be read otherwise by a browser (`//diary/…` is another
        // host's), and a space is no URL's: each is named, with the URL to write.
        let fixes = [
            ("https://user.github.io//diary/", "'s path has an empty segment (//), which makes the site's links lead to another host: use \"https://user.github.io/diary/\""),
            ("https://user.github.io/a/../diary/", "'s path has a dot segment (/./ or /../), which browsers resolve away: use \"https://user.github.io/diary/\""),
            ("https://user.github.io/diary/ ", " has a space at its end; remove it: use \"https://user.github.io/diary/\""),
            ("http://x.org/my diary/", " holds a space; write it as %20: use \"http://x.org/my%20diary/\""),
        ]
        for (url, reason) in fixes {
            let run = try Self.run(["build", "s", "--base-url", url], in: folder)
            #expect(run.status == 64, "\(url)")
            #expect(run.stderr.hasPrefix("Error: --base-url\(reason), found \"\(url)\"\n"), "\(url): \(run.stderr)")
        }
        let empty = try Self.run(["build", "s", "--output", ""], in: folder)
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: --output is empty: name the folder to write the site into, or leave the option out\n"))
        // The folders above a new --output are made too, as Hugo makes them.
        #expect(try Self.run(["build", "s", "--output", "www/public/diary"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/www/public/diary/index.html"))
    }

    /// A truncated photo is one located error; libvips' own warnings about it are not printed.
    @Test func aTruncatedPhotoIsOneErrorWithoutLibvipsWarnings() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/truncated.jpg"
        try FileManager.default.createDirectory(atPath: folder + "/s/photos", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture, toPath: folder + "/s/photos/cut.jpg")
        try Data(#"[{"title": "Cut", "date": "2026-01-01", "photos": ["photos/cut.jpg"]}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let run = try Self.run(["build", "s", "--now", "2026-01-02"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: s/diary.json:1:52: photos/cut.jpg cannot be read as an image"), "\(run.stderr)")
        #expect(!run.stderr.contains("VIPS"), "\(run.stderr)")
    }

    /// Found by a newcomer's audit: libvips keeps one error buffer for all threads and libjpeg's
    /// messages name no file, so two photos failing at once in a first build got one the other's
    /// reason and the other none. This is the whole message as a user sees it; the race shows
    /// with the release binary's timing, so the guard that fails without the fix whatever the
    /// timing is PhotoTests' `aFailingPhotosReasonIsItsOwnWhateverLibvipsHeldBefore`.
    @Test func twoBrokenPhotosEachGetTheirOwnReason() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/"
        try FileManager.default.createDirectory(atPath: folder + "/s/photos", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "truncated.jpg", toPath: folder + "/s/photos/cut.jpg")
        try FileManager.default.copyItem(atPath: fixtures + "corrupt.jpg", toPath: folder + "/s/photos/torn.jpg")
        try Data(#"[{"title": "B", "date": "2026-01-01", "photos": ["photos/cut.jpg", "photos/torn.jpg"]}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: folder + "/s/.daybook-cache")
            let run = try Self.run(["build", "s", "--now", "2026-01-02"], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr == """
                error: s/diary.json:1:50: photos/cut.jpg cannot be read as an image: VipsJpeg: Premature end of input file
                error: s/diary.json:1:68: photos/torn.jpg cannot be read as an image: VipsJpeg: Corrupt JPEG data: premature end of data segment
                Build failed: 2 errors; the output was not changed.

                """)
        }
    }

    @Test func missingSiteExits66() throws {
        let run = try Self.run(["build", "/nonexistent/site"])
        #expect(run.status == 66)
        #expect(run.stderr == "error: /nonexistent/site: no such site folder\n")
    }

    /// Found by a newcomer's audit: a site's file given for the site (`daybook build diary.json`)
    /// was "no such site folder", though it is there; it is a file, and the message names its folder.
    @Test func aFileGivenForTheSiteNamesItsFolder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        let cases: [([String], String)] = [
            (["build", "s/diary.json"], #"error: s/diary.json: a file, not a site folder (give its folder, "s", which holds daybook.json)"#),
            (["check", "daybook.json"], #"error: daybook.json: a file, not a site folder (give its folder, ".", which holds daybook.json)"#),
            (["add", "x", "--site", "s/todos.json"], #"error: s/todos.json: a file, not a site folder (give its folder, "s", which holds daybook.json)"#),
            (["todo", "list", "--site", "s/todos.json"], #"error: s/todos.json: a file, not a site folder (give its folder, "s", which holds daybook.json)"#),
            (["build", "s/pages/about.md"], "error: s/pages/about.md: a file, not a site folder"),
            (["import", "jrnl", "s/diary.json", "--site", "s/diary.json"], #"error: s/diary.json: a file, not a site folder (give its folder, "s", which holds daybook.json)"#),
        ]
        for (arguments, line) in cases {
            let run = try Self.run(arguments, in: arguments[0] == "check" ? folder + "/s" : folder)
            #expect(run.status == 66, "\(arguments)")
            #expect(run.stderr == line + "\n", "\(arguments)")
        }
    }

    /// Found by a newcomer's audit: Hugo's `hugo new site NAME`, typed as `daybook new site NAME`,
    /// was only "Unexpected argument".
    @Test func hugosNewSiteNamesDaybooksNew() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.run(["new", "site", "--now", "2026-01-02T12:00:00Z", "blog"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unexpected argument 'blog'. Hugo's 'hugo new site blog' is 'daybook new blog' here\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/site"))
    }

    @Test func newThenBuildThenCheck() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.run(["new", "mysite", "--now", "2026-01-02T12:00:00Z"], in: folder).status == 0)
        #expect(FileManager.default.contents(atPath: folder + "/mysite/.gitignore") == Data("_site/\n.daybook-cache/\n.diary.json.lock\n.todos.json.lock\n".utf8))
        let build = try Self.run(["build", "mysite", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(build.status == 0)
        #expect(build.stderr.hasPrefix("Built 2 entries into mysite/_site: "))
        #expect(FileManager.default.fileExists(atPath: folder + "/mysite/_site/entries/2026-01-01-hello-daybook/index.html"))
        let check = try Self.run(["check", "mysite", "--now", "2026-01-02T12:00:00Z"], in: folder)
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("mysite: no problems found"))
        // Inside the site, the message names its folder, not ".".
        let here = try Self.run(["check", "--now", "2026-01-02T12:00:00Z"], in: folder + "/mysite")
        let path = URL(fileURLWithPath: folder + "/mysite").resolvingSymlinksInPath().path
        #expect(here.stderr.hasPrefix(path + ": no problems found ("))
        // A site made inside it is said to be one of its own.
        let inner = try Self.run(["new", "inner", "--now", "2026-01-02T12:00:00Z"], in: folder + "/mysite")
        #expect(inner.status == 0)
        #expect(inner.stderr.hasPrefix("note: \(URL(fileURLWithPath: folder + "/mysite").standardizedFileURL.path) is a site already; inner is a new site inside it"))
    }

    /// Found by a publishing audit: a feed or sitemap template of the site's own that makes
    /// malformed XML (an unclosed `<b>`, a missing `</urlset>`) passed `check`, even `--strict`.
    /// Each is an error at its place in the file made, naming the template; the build still writes them.
    @Test func checkFindsAMalformedFeedAndSitemap() throws {
        let folder = try StaticFilesCLITests.site([
            "templates/feed.xml.mustache": Array("""
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom">
                <title><b>{{title}}</title>
                </feed>

                """.utf8),
            "templates/sitemap.xml.mustache": Array("""
                <?xml version="1.0" encoding="utf-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                {{#urls}}<url><loc>{{.}}</loc></url>
                {{/urls}}

                """.utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let errors = """
            error: feed.xml:3:20: not well-formed XML (a closing tag that is not the open element's), as s/templates/feed.xml.mustache made it: feed readers refuse it
            error: sitemap.xml:10:51: not well-formed XML (the document ends early: an element is left open), as s/templates/sitemap.xml.mustache made it: search engines refuse it
            Check failed: 2 errors.

            """
        for strict in [[], ["--strict"]] {
            let check = try Self.run(["check", "s", "--base-url", "https://example.org/d/", "--now", "2026-01-05T00:00:00Z"] + strict, in: folder)
            #expect(check.status == 1)
            #expect(check.stderr == errors, "\(strict)")
        }
        let build = try Self.run(["build", "s", "--base-url", "https://example.org/d/", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(build.status == 0)
    }

    /// A broken link on an entry's page is reported where the entry's body writes it, at the
    /// link's destination (before, at the entry's first line: 3:3). One the page does not have
    /// as the body writes it (Markdown percent-escapes `é`) is told at the entry, as before.
    @Test func checkLocatesABrokenLinkInItsBody() throws {
        let check = try Self.checkSite(diary: "[\n  {\"title\": \"Fine\", \"date\": \"2026-01-01\"},\n  {\"title\": \"Walk\", \"date\": \"2026-01-02\",\n   \"body\": \"[next](../2026-01-03-none/index.html) [again](../2026-01-03-none/index.html) [there](../café/index.html)\"}\n]\n", ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 1)
        // Written twice, and the month's report repeats it: it is reported once, at the first.
        #expect(check.stderr == #"""
            error: s/diary.json:4:20: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-03-none/index.html", which leads to no file
            error: s/diary.json:3:3: the entry's page entries/2026-01-02-walk/index.html links to "../caf%C3%A9/index.html", which leads to no file
            s: 2 broken links

            """#)
    }

    /// The column of a link in a body counts the line as the file writes it: `\u00e9` is 6
    /// characters, `\"` and `\n` 2, a surrogate pair 12. The destination written first in a code
    /// span is no link: the link is the one after it.
    @Test func checkCountsABodysEscapesInTheLinksColumn() throws {
        let check = try Self.checkSite(diary: #"""
            [
              {"title": "Fine", "date": "2026-01-01"},
              {"title": "Walk", "date": "2026-01-02",
               "body": "Caf\u00e9 \"`[x](../2026-01-03-none/index.html)`\"\n\ud83d\ude00 [next](../2026-01-03-none/index.html) [gone](#nope)"}
            ]

            """#, ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary.json:4:85: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-03-none/index.html", which leads to no file
            warning: s/diary.json:4:123: the entry's page entries/2026-01-02-walk/index.html links to "#nope", but no heading or other element there has the id "nope"
            s: 1 broken link

            """#)
    }

    /// An entry of a file in `diary/` is told in that file, at the link.
    @Test func checkLocatesABrokenLinkInADiaryFolderFile() throws {
        let folder = try DataCLITests.site([
            "s/daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "s/diary/2026/walk.json": "{\"title\": \"Walk\", \"date\": \"2026-01-02\",\n \"body\": \"Out.\\n\\nSee [the\\nnext](../2026-01-03-none/index.html).\"}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary/2026/walk.json:2:35: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-03-none/index.html", which leads to no file
            s: 1 broken link

            """#)
    }

    /// A missing photo, a body's missing image and a photo libvips cannot read no longer stop
    /// `check` before the links: one run lists them and the broken link, and the pages' links
    /// to the photos left out are not told again. `build` of the same site still writes nothing.
    @Test func checkListsPhotoErrorsAndBrokenLinksInOneRun() throws {
        let folder = try DataCLITests.site([
            "s/daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "s/photos/fake.jpg": "not an image\n",
            "s/diary.json": """
                [
                  {"tgas": ["x"], "title": "Fine", "date": "2026-01-01", "photos": ["photos/gone.jpg", "photos/fake.jpg"]},
                  {"title": "Walk", "date": "2026-01-02",
                   "body": "![x](photos/none.png) [next](../2026-01-03-none/index.html)"}
                ]

                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dataErrors = #"""
            error: s/diary.json:2:69: photo "photos/gone.jpg" not found in the site folder
            error: s/diary.json:2:88: photos/fake.jpg cannot be read as an image: VipsForeignLoad: "photos/fake.jpg" is not a known file format
            error: s/diary.json:4:18: image "photos/none.png" not found in the site folder

            """#
        let brokenLink = #"""
            error: s/diary.json:4:42: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-03-none/index.html", which leads to no file

            """#
        let misspelled = #"s/diary.json:2:4: unknown key "tgas" (did you mean "tags"?)"# + "\n"
        let check = try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == "warning: " + misspelled + dataErrors + brokenLink + "Check failed: 4 errors.\n")
        // Strict, the warning is one of the errors.
        let strict = try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr == "error: " + misspelled + dataErrors + brokenLink + "Check failed: 5 errors.\n")
        let build = try Self.run(["build", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(build.status == 1)
        #expect(build.stderr == "warning: " + misspelled + dataErrors + "Build failed: 3 errors; the output was not changed.\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site"))
    }

    /// A photo that fails only as libvips makes its variants (a truncated JPEG) is an error of
    /// `check`'s too, and the links to its variants are not broken links of their own.
    @Test func checkGoesOnPastAPhotoThatFailsAsItIsMade() throws {
        let folder = try DataCLITests.site([
            "s/daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "s/diary.json": """
                [
                  {"title": "Walk", "date": "2026-01-02", "photos": ["photos/cut.jpg"],
                   "body": "![again](photos/cut.jpg) [next](../2026-01-03-none/index.html)"}
                ]

                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/"
        try FileManager.default.createDirectory(atPath: folder + "/s/photos", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixtures + "truncated.jpg", toPath: folder + "/s/photos/cut.jpg")
        let check = try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary.json:2:54: photos/cut.jpg cannot be read as an image: VipsJpeg: Premature end of input file
            error: s/diary.json:3:45: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-03-none/index.html", which leads to no file
            Check failed: 2 errors.

            """#)
        let build = try Self.run(["build", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(build.status == 1)
        #expect(build.stderr.hasSuffix("Build failed: 1 error; the output was not changed.\n"))
    }

    /// Found by an audit: a link to a draft's or a later entry's page said only "no file".
    @Test func checkSaysALinkLeadsToAnEntryLeftOut() throws {
        let check = try Self.checkSite(diary: "[\n  {\"title\": \"Secret\", \"date\": \"2026-01-01\", \"draft\": true},\n  {\"title\": \"Later\", \"date\": \"2026-02-01\", \"id\": \"later\"},\n  {\"title\": \"Walk\", \"date\": \"2026-01-02\",\n   \"body\": \"[a](../2026-01-01-secret/index.html) [b](../later/index.html)\"}\n]\n", ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary.json:5:17: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-01-secret/index.html", which leads to no file (a draft's page, which a build leaves out: --drafts includes it)
            error: s/diary.json:5:54: the entry's page entries/2026-01-02-walk/index.html links to "../later/index.html", which leads to no file (the page of an entry dated after now, which a build leaves out: --future includes it)
            s: 1 entry dated after now left out (--future includes it)
            s: 2 broken links

            """#)
    }

    /// Links from the host's root (`/entries/…`, as a Hugo import keeps them) are checked against
    /// the site: one to no file is an error, one to a file a warning (it fails from disk).
    @Test func checkFollowsLinksFromTheHostRoot() throws {
        let check = try Self.checkSite(diary: "[\n  {\"title\": \"Fine\", \"date\": \"2026-01-01\"},\n  {\"title\": \"Walk\", \"date\": \"2026-01-02\",\n   \"body\": \"[old](/posts/walk/) [fine](/entries/2026-01-01-fine/)\"}\n]\n", ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary.json:4:19: the entry's page entries/2026-01-02-walk/index.html links to "/posts/walk/", which leads to no file
            warning: s/diary.json:4:40: the entry's page entries/2026-01-02-walk/index.html links to "/entries/2026-01-01-fine/" from the host's root: it works where the site is served, not from disk; a relative link works in both
            s: 1 broken link

            """#)
    }

    /// Found by hand: Ctrl-C (or a TERM) during `check` ended it at once and left its temporary
    /// build of the site behind (219 MB at 10,000 entries). It stops the build or the link
    /// check, removes the folder and says so, status 130.
    @Test func anInterruptedCheckRemovesItsTemporarySite() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
        try Data(#"{"title": "T", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        let entries = (0..<3000).map { n in
            #"{"title": "Day \#(n)", "date": "2020-01-01T00:00:00Z", "id": "d\#(n)", "body": "A walk by the river, [back](../d0/index.html)."}"#
        }
        try Data(("[" + entries.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["check", "s", "--now", "2026-01-05T00:00:00Z"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder + "/tmp/"
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        func temporarySites() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/tmp")) ?? []).filter { $0.hasPrefix("daybook-check-") }
        }
        let deadline = Date().addingTimeInterval(60)
        while temporarySites().isEmpty, process.isRunning, Date() < deadline { usleep(10_000) }
        #expect(temporarySites().count == 1)
        kill(process.processIdentifier, SIGTERM)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(said.hasSuffix("Interrupted: the check was stopped; the site was not changed.\n"))
        #expect(temporarySites() == [])
    }

    /// Without prettyURLs the site works from disk, where a link to a folder (`../fine/`, as a
    /// Hugo site writes them) opens the folder, not its page: a warning with the link to write.
    /// With prettyURLs, the site's own links end in `/`: no warning.
    @Test func checkWarnsOfLinksToFoldersOnASiteThatWorksFromDisk() throws {
        let diary = "[\n  {\"title\": \"Fine\", \"date\": \"2026-01-01\"},\n  {\"title\": \"Walk\", \"date\": \"2026-01-02\",\n   \"body\": \"[fine](../2026-01-01-fine/#top) [home](../../) [page](../2026-01-01-fine/index.html)\"}\n]\n"
        let check = try Self.checkSite(diary: diary, ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 0)
        #expect(check.stderr == #"""
            warning: s/diary.json:4:20: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-01-fine/#top", a folder: served, it opens the folder's page; from disk (the site has no prettyURLs) it opens the folder itself. Link to "../2026-01-01-fine/index.html#top"
            warning: s/diary.json:4:52: the entry's page entries/2026-01-02-walk/index.html links to "../../", a folder: served, it opens the folder's page; from disk (the site has no prettyURLs) it opens the folder itself. Link to "../../index.html"
            s: 2 warnings (2 entries, 83 files, links checked)

            """#)
        let pretty = try Self.checkSite(diary: diary, config: #"{"title": "T", "timeZone": "UTC", "prettyURLs": true}"#,
                                        ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(pretty.status == 0)
        #expect(pretty.stderr == "s: no problems found (2 entries, 83 files, links checked)\n")
    }

    /// With a baseURL under a path, links from the host's root outside it are not the site's;
    /// one that names a page of the site without the path is a warning that says so, and one
    /// where the site has no page (`/about/`) a warning that it leaves the site. With --strict
    /// the warnings are errors.
    @Test func checkLeavesHostLinksOutsideTheBaseURLsPath() throws {
        let check = try Self.checkSite(diary: #"[{"title": "Walk", "date": "2026-01-02", "body": "[about](/about/) [me](/diary/entries/2026-01-02-walk/) [lost](/entries/2026-01-02-walk/)"}]"#, config: #"{"title": "T", "timeZone": "UTC", "baseURL": "https://example.org/diary/"}"#, ["check", "s", "--now", "2026-01-05T00:00:00Z", "--strict"])
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary.json:1:73: the entry's page entries/2026-01-02-walk/index.html links to "/diary/entries/2026-01-02-walk/" from the host's root: it works where the site is served, not from disk; a relative link works in both
            error: s/diary.json:1:113: the entry's page entries/2026-01-02-walk/index.html links to "/entries/2026-01-02-walk/", outside the site's path /diary/ (its baseURL): served there, it leads elsewhere; the site's page is /diary/entries/2026-01-02-walk/
            error: s/diary.json:1:59: the entry's page entries/2026-01-02-walk/index.html links to "/about/", outside the site's path /diary/ (its baseURL), where the site has no page: it leaves the site, and leads nowhere from disk or in daybook serve; a link meant to leave the site is best written whole (https://example.org/about/)
            Check failed: 3 errors.

            """#)
        // Found by a newcomer's audit: a CI job that sets the address only on the command line
        // (`build --base-url`) checks the same way with `check --base-url`.
        let given = try Self.checkSite(diary: #"[{"title": "Walk", "date": "2026-01-02", "body": "[about](/about/) [me](/diary/entries/2026-01-02-walk/) [lost](/entries/2026-01-02-walk/)"}]"#, ["check", "s", "--now", "2026-01-05T00:00:00Z", "--strict", "--base-url", "https://example.org/diary/"])
        #expect(given.status == 1)
        #expect(given.stderr == check.stderr)
        let bad = try Self.checkSite(diary: "[]", ["check", "s", "--base-url", "example.org"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Usage: daybook check"))
    }

    /// Found in a review: with a sub-path baseURL, a link from the host's root where the site has
    /// no page (`/about/`, `/`) was not looked at, though it works neither from disk nor in serve.
    /// A warning, once a link, at its first place, with the other pages that have it (a report's
    /// copy of an entry's body not counted); a link written whole is left alone.
    @Test func checkWarnsOfALinkOutsideTheBaseURLsPath() throws {
        let check = try Self.checkSite(diary: #"[{"title": "Walk", "date": "2026-01-02", "body": "[about](/about/) [home](/) [there](https://example.org/about/)"}, {"title": "Run", "date": "2026-01-03", "body": "[about](/about/)"}]"#, config: #"{"title": "T", "timeZone": "UTC", "baseURL": "https://example.org/diary/"}"#, ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 0)
        #expect(check.stderr == #"""
            warning: s/diary.json:1:59: the entry's page entries/2026-01-02-walk/index.html links to "/about/" (and on 1 more page), outside the site's path /diary/ (its baseURL), where the site has no page: it leaves the site, and leads nowhere from disk or in daybook serve; a link meant to leave the site is best written whole (https://example.org/about/)
            warning: s/diary.json:1:75: the entry's page entries/2026-01-02-walk/index.html links to "/", outside the site's path /diary/ (its baseURL), where the site has no page: it leaves the site, and leads nowhere from disk or in daybook serve; a link meant to leave the site is best written whole (https://example.org/)
            s: 2 warnings (2 entries, 85 files, links checked)

            """#)
    }

    /// Found in a review: `check` did not look at `srcset`, so a missing variant of an image was not
    /// reported. Each candidate of a body's `<img srcset>` and `<source srcset>` is followed, and a
    /// broken one told where the body writes it.
    @Test func checkFollowsEachSrcsetCandidate() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s/static/img", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/s/static/img/a.png"))
        try Data(#"{"title": "T", "timeZone": "UTC", "unsafeHTML": true}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"""
            [{"title": "Walk", "date": "2026-01-02",
              "body": "<picture><source srcset=\"../../img/a.webp\" type=\"image/webp\"><img src=\"../../img/a.png\" srcset=\"../../img/a.png 1x, ../../img/a-2x.png 2x\" alt=\"\"></picture>"}]
            """#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let check = try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr == #"""
            error: s/diary.json:2:38: the entry's page entries/2026-01-02-walk/index.html links to "../../img/a.webp", which leads to no file
            error: s/diary.json:2:135: the entry's page entries/2026-01-02-walk/index.html links to "../../img/a-2x.png", which leads to no file
            s: 2 broken links

            """#)
    }

    /// A link to a part of a page that has no element with its id is a warning at the link in
    /// the entry's body, once though the month's report repeats the body; a heading's id is there.
    @Test func checkWarnsOfALinkToNoPartOfAPage() throws {
        let check = try Self.checkSite(diary: "[\n  {\"title\": \"Fine\", \"date\": \"2026-01-01\", \"body\": \"## Its heading\"},\n  {\"title\": \"Walk\", \"date\": \"2026-01-02\",\n   \"body\": \"## A walk\\n\\n[up](#a-walk) [gone](#nope) [there](../2026-01-01-fine/#its-heading) [not there](../2026-01-01-fine/#its-walk)\"}\n]\n",
                                       config: #"{"title": "T", "timeZone": "UTC", "prettyURLs": true}"#, ["check", "s", "--now", "2026-01-05T00:00:00Z"])
        #expect(check.status == 0)
        #expect(check.stderr == #"""
            warning: s/diary.json:4:47: the entry's page entries/2026-01-02-walk/index.html links to "#nope", but no heading or other element there has the id "nope"
            warning: s/diary.json:4:107: the entry's page entries/2026-01-02-walk/index.html links to "../2026-01-01-fine/#its-walk", but no heading or other element on entries/2026-01-01-fine/index.html has the id "its-walk"
            s: 2 warnings (2 entries, 83 files, links checked)

            """#)
    }

    /// Found by a publishing audit: on GitHub Actions `check` annotated the data's problems but not
    /// the links', which are what CI runs it for. Each is an annotation too, at the body's place.
    @Test func checkAnnotatesLinkProblemsOnGitHubActions() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try Data(#"{"title": "T", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"[{"title": "Walk", "date": "2026-01-02", "body": "[gone](../nowhere/index.html) [up](#nope)"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let check = try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], environment: ["GITHUB_ACTIONS": "true"], in: folder)
        #expect(check.status == 1)
        let annotations = check.stderr.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations == [
            #"::error file=s/diary.json,line=1,col=58::the entry's page entries/2026-01-02-walk/index.html links to "../nowhere/index.html", which leads to no file"#,
            ##"::warning file=s/diary.json,line=1,col=86::the entry's page entries/2026-01-02-walk/index.html links to "#nope", but no heading or other element there has the id "nope""##,
        ])
    }

    /// `daybook check` of a site of two entries (2026-01-01 A, 2026-01-02 B) whose `entry.mustache` is `template`.
    static func checkWithEntryTemplate(_ template: String) throws -> Run {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s/templates", withIntermediateDirectories: true)
        try Data(#"{"title": "T", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"[{"title": "A", "date": "2026-01-01"}, {"title": "B", "date": "2026-01-02"}]"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        try Data(template.utf8).write(to: URL(fileURLWithPath: folder + "/s/templates/entry.mustache"))
        return try Self.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
    }

    /// A broken link of the theme, on every page, is one error, not one an entry, at the
    /// site's template that writes it (the pages are in a temporary folder).
    @Test func aThemesBrokenLinkIsReportedOnce() throws {
        let check = try Self.checkWithEntryTemplate("{{<layout}}{{$content}}<a href=\"../../missing.html\">x</a>{{/content}}{{/layout}}\n")
        #expect(check.status == 1)
        #expect(check.stderr == """
            error: s/templates/entry.mustache:1:33: link to "../../missing.html" leads to no file (on entries/2026-01-01-a/index.html and 1 more page)
            s: 1 broken link

            """)
    }

    /// Found by a theming audit: a template's link written after a tag
    /// (`{{chrome.rootHref}}assets/logo.png`) leads elsewhere from each entry's page, and was
    /// reported once an entry, at the entry's place in diary.json.
    @Test func aTemplatesLinkAfterATagIsTheTemplates() throws {
        let check = try Self.checkWithEntryTemplate("{{<layout}}{{$content}}\n<img src=\"{{chrome.rootHref}}assets/logo.png\" alt=\"\">{{/content}}{{/layout}}\n")
        #expect(check.status == 1)
        #expect(check.stderr == """
            error: s/templates/entry.mustache:2:30: link to "../../assets/logo.png" leads to no file (on entries/2026-01-01-a/index.html and 1 more page)
            s: 1 broken link

            """)
    }

    /// A check that finds errors in the data says so, and nothing of an output.
    @Test func checkFailureNamesTheCheck() throws {
        let check = try Self.checkSite(diary: #"[{"title": "Walk", "date": "2026-13-02"}]"#, ["check", "s"])
        #expect(check.status == 1)
        #expect(check.stderr.hasSuffix("\nCheck failed: 1 error.\n"))
    }

    /// `daybook check` run as a user would, on a site `s` of `diary` (one file's text) and
    /// `config`, in a temporary folder.
    static func checkSite(diary: String, config: String = #"{"title": "T", "timeZone": "UTC"}"#, _ arguments: [String]) throws -> Run {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(diary.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        return try Self.run(arguments, in: folder)
    }

    /// Found by a newcomer's audit: a body's HTML block (`<div class="note">` and its lines) was
    /// left out of its page without a word, the words inside it too. The build warns at the body's
    /// first HTML; a comment, a code span's `<code>` and an autolink are not HTML left out; past
    /// five bodies, the sixth's warning counts the rest.
    @Test func aBodysHTMLLeftOutIsWarnedAbout() throws {
        var diary = #"[{"title": "A", "date": "2026-01-01", "body": "<!-- mine -->\n\n<div class=\"note\">\nMy **important** note.\n</div>\n\nAfter <kbd>Ctrl</kbd>."},"#
        diary += "\n" + #" {"title": "B", "date": "2026-01-02", "body": "`<code>` and a < b and <https://example.org>"}"#
        for day in 3...9 { diary += ",\n" + #" {"title": "C\#(day)", "date": "2026-01-0\#(day)", "body": "a<br>b"}"# }
        diary += "]\n"
        let check = try Self.checkSite(diary: diary, ["build", "s", "--now", "2026-02-01T00:00:00Z"])
        #expect(check.status == 0)
        let advice = #": write it in Markdown, or keep bodies' HTML with "unsafeHTML": true in daybook.json"#
        #expect(check.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }.joined(separator: "\n") + "\n" == """
            warning: s/diary.json:1:65: the body's HTML <div class="note"> is left out of its page, with the lines after it up to a blank one\(advice)
            warning: s/diary.json:3:50: the body's HTML <br> is left out of its page\(advice)
            warning: s/diary.json:4:50: the body's HTML <br> is left out of its page\(advice)
            warning: s/diary.json:5:50: the body's HTML <br> is left out of its page\(advice)
            warning: s/diary.json:6:50: the body's HTML <br> is left out of its page\(advice)
            warning: s/diary.json:7:50: the body's HTML <br> is left out of its page, as is that of 2 more bodies after it\(advice)

            """)
        let kept = try Self.checkSite(diary: diary, config: #"{"title": "T", "timeZone": "UTC", "unsafeHTML": true}"#,
                                      ["build", "s", "--now", "2026-02-01T00:00:00Z"])
        #expect(kept.status == 0)
        #expect(!kept.stderr.contains("warning:"))
    }

    /// `build --json` that fails prints its errors as JSON on stdout, a warning made an error
    /// by `--strict` too.
    @Test func aFailedBuildPrintsItsErrorsAsJSON() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        try Data(#"{"title": "T", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"[{"title": "Walk", "date": "2026-01-02", "tgas": ["x"]}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let run = try Self.run(["build", "s", "--json", "--strict", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout == """
            {
              "failed": true,
              "errors": [
                {
                  "file": "s/diary.json",
                  "line": 1,
                  "column": 42,
                  "reason": "unknown key \\"tgas\\" (did you mean \\"tags\\"?)"
                }
              ],
              "warnings": []
            }

            """)
        // A usage error too (found by a CI audit: `build --json --ouput x | jq .failed` read nothing);
        // its text stays on stderr.
        let usage = try Self.run(["build", "s", "--json", "--ouput", "x"], in: folder)
        #expect(usage.status == 64)
        #expect(usage.stdout.contains(#""reason": "Unknown option '--ouput'. Did you mean '--output'?""#))
        #expect(usage.stdout.hasPrefix("{\n  \"failed\": true,"))
        #expect(usage.stderr.hasPrefix("Error: Unknown option '--ouput'. Did you mean '--output'?\n"))
        // Not when --json is a word after `--`.
        #expect(try Self.run(["import", "jrnl", "--", "--json"], in: folder).stdout == "")
    }

    /// check makes the photos it checks into the cache it is given, as build does.
    @Test func checkTakesACacheFolder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s/photos", withIntermediateDirectories: true)
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/landscape.jpg"
        try FileManager.default.copyItem(atPath: photo, toPath: folder + "/s/photos/a.jpg")
        try Data(#"{"title": "T", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try Data(#"[{"title": "A", "date": "2026-01-01", "photos": ["photos/a.jpg"]}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        let check = try Self.run(["check", "s", "--cache", "elsewhere", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(check.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/elsewhere"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/.daybook-cache"))
    }

    @Test func jsonSummary() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        let run = try Self.run(["build", "s", "--json", "--output", "out"], environment: ["SOURCE_DATE_EPOCH": "1767355200"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix(#"{"entries": 2, "written": "#))
        #expect(run.stdout.contains(#""output": "out""#))
    }

    @Test func timingsNameEachStageInOrder() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        let run = try Self.run(["build", "s", "--quiet", "--timings", "--output", "out", "--now", "2026-01-02"], in: folder)
        #expect(run.status == 0)
        let stages = run.stderr.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(stages == ["fingerprint", "load", "photos", "present", "theme", "folders", "render", "write"])
        let again = try Self.run(["build", "s", "--quiet", "--timings", "--output", "out", "--now", "2026-01-02"], in: folder)
        #expect(again.stderr.hasPrefix("fingerprint ") && again.stderr.split(separator: "\n").count == 1)
    }

    @Test func badDataExits1WithLocatedErrorsAndAnnotations() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        try Data("[\n  {\"id\": 1, \"detail\": \"x\", \"isDone\": \"yes\"}\n]\n".utf8).write(to: URL(fileURLWithPath: folder + "/s/todos.json"))
        let run = try Self.run(["build", "s", "--now", "2026-01-02"], environment: ["GITHUB_ACTIONS": "true"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: s/todos.json:2:38: \"isDone\" must be true or false, found \"yes\"\n"))
        #expect(run.stdout == "")
        #expect(run.stderr.contains("\n::error file=s/todos.json,line=2,col=38::\"isDone\" must be true or false, found \"yes\"\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site"))
    }

    @Test func renderTemplateWithDataFromStdin() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("Hi {{name}}: {{n}} {{x}} [{{none}}]{{>footer}}\n".utf8).write(to: URL(fileURLWithPath: folder + "/page.mustache"))
        try Data("<{{name}}>".utf8).write(to: URL(fileURLWithPath: folder + "/footer.mustache"))
        let run = try Self.run(["render", folder + "/page.mustache", "--data", "-"],
                               stdin: #"{"name": "<b>", "n": 85000, "x": 1.21, "none": null}"#)
        #expect(run.status == 0)
        #expect(run.stdout == "Hi &lt;b&gt;: 85000 1.21 []<&lt;b&gt;>\n")
    }

    @Test func renderReportsTemplateErrorsWithTheirLocation() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("line one\n  {{#items}}\n".utf8).write(to: URL(fileURLWithPath: folder + "/bad.mustache"))
        let run = try Self.run(["render", folder + "/bad.mustache"])
        #expect(run.status == 1)
        #expect(run.stderr == "error: \(folder)/bad.mustache:2:3: unclosed section \"items\"\n")
    }

    @Test func renderPointsAHugoTagToDaybooksName() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("<h1>{{ .Title }}</h1>\n".utf8).write(to: URL(fileURLWithPath: folder + "/single.mustache"))
        let run = try Self.run(["render", folder + "/single.mustache"])
        #expect(run.status == 1)
        #expect(run.stderr == "error: \(folder)/single.mustache:1:5: invalid tag name \".Title\" (Daybook's templates are Mustache, not Hugo's or Jekyll's: did you mean {{title}}?)\n")
    }
}
