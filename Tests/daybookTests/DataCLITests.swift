import Foundation
import Testing

/// Warnings and `--strict` on the command line, and the memory a huge entry takes.
@Suite struct DataCLITests {
    static func site(_ files: [String: String]) throws -> String {
        let folder = try CLITests.temporaryFolder()
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    static let misspelled = [
        "daybook.json": #"{"title": "T"}"#,
        "diary.json": "[\n  {\"title\": \"A\", \"date\": \"2021-11-13\",\n    \"tgas\": [\"x\"]}\n]\n",
    ]

    @Test func warningsArePrintedAndStrictMakesThemFail() throws {
        let folder = try Self.site(Self.misspelled)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLITests.run(["build", ".", "--now", "2026-01-02"], in: folder)
        #expect(build.status == 0)
        #expect(build.stderr.hasPrefix("warning: diary.json:3:5: unknown key \"tgas\" (did you mean \"tags\"?)\nBuilt 1 entry"))
        let strict = try CLITests.run(["build", ".", "--strict", "--now", "2026-01-02"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr == """
        error: diary.json:3:5: unknown key "tgas" (did you mean "tags"?)
        Build failed: 1 error; the output was not changed.

        """)
        let check = try CLITests.run(["check", ".", "--now", "2026-01-02"], in: folder)
        #expect(check.status == 0)
        let path = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        #expect(check.stderr.hasPrefix("warning: diary.json:3:5: unknown key \"tgas\" (did you mean \"tags\"?)\n\(path): 1 warning"))
        let strictCheck = try CLITests.run(["check", ".", "--strict", "--now", "2026-01-02"], in: folder)
        #expect(strictCheck.status == 1)
        #expect(strictCheck.stderr.hasPrefix("error: diary.json:3:5: unknown key \"tgas\""))
    }

    /// Found by a newcomer's audit: `check --strict` stopped at the misspelled key, before the
    /// site was built, so the broken link it also had was not reported until that was fixed.
    @Test func strictCheckListsTheWarningsAndTheBrokenLinksInOneRun() throws {
        let folder = try Self.site([
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": "[\n  {\"title\": \"Walk\", \"date\": \"2021-11-13\", \"tgas\": [\"x\"],\n    \"body\": \"[gone](../2021-11-14-none/index.html)\"}\n]\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let strict = try CLITests.run(["check", ".", "--strict", "--now", "2026-01-02"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr == """
        error: diary.json:2:43: unknown key "tgas" (did you mean "tags"?)
        error: diary.json:3:21: the entry's page entries/2021-11-13-walk/index.html links to "../2021-11-14-none/index.html", which leads to no file
        Check failed: 2 errors.

        """)
    }

    @Test func warningsBecomeAnnotationsOnGitHubActions() throws {
        let folder = try Self.site(Self.misspelled)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let build = try CLITests.run(["build", ".", "--now", "2026-01-02"], environment: ["GITHUB_ACTIONS": "true"], in: folder)
        #expect(build.stderr.contains("\n::warning file=diary.json,line=3,col=5::unknown key \"tgas\" (did you mean \"tags\"?)\n"))
        // On stderr, so that `--json` prints JSON alone.
        let json = try CLITests.run(["build", ".", "--now", "2026-01-02", "--json"], environment: ["GITHUB_ACTIONS": "true"], in: folder)
        #expect(json.stdout.hasPrefix("{\"entries\": ") && json.stdout.split(separator: "\n").count == 1)
        #expect(json.stderr.contains("::warning file=diary.json,line=3,col=5::"))
    }

    /// The peak resident memory of one run of `daybook`, in bytes (through `wait4`).
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        var pid: pid_t = 0
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([CLITests.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, CLITests.binary, &actions, nil, argv, environ) == 0 else { return (-1, 0) }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
    }

    @Test func aHugeEntryTakesASmallMultipleOfItsSize() throws {
        let paragraph = "Lorem ipsum dolor sit amet, *consectetur* adipiscing elit, sed do **eiusmod** tempor [link](https://example.org).\\n\\n"
        let body = String(repeating: paragraph, count: 16_000_000 / paragraph.utf8.count)
        let folder = try Self.site([
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": "[{\"title\": \"Huge\", \"date\": \"2026-01-01\", \"body\": \"\(body)\"}]",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.peakMemory(["build", folder, "--quiet", "--now", "2026-01-02"])
        #expect(run.status == 0)
        // What any build takes (the binary and its libraries: libvips alone brings glib and
        // a dozen codecs), measured on a site of one short entry.
        let small = try Self.site(["daybook.json": #"{"title": "T"}"#,
                                   "diary.json": #"[{"title": "Short", "date": "2026-01-01", "body": "Hi."}]"#])
        defer { try? FileManager.default.removeItem(atPath: small) }
        let baseline = try Self.peakMemory(["build", small, "--quiet", "--now", "2026-01-02"])
        #expect(baseline.status == 0)
        // Before bodies were rendered in pieces this took 33 times the input; now about 8 times
        // (the file, the body, its HTML, the entry page, the report and its Markdown) above that.
        #expect(run.bytes - baseline.bytes < 12 * body.utf8.count)
    }
}

/// Typos on the command line get the nearest command or option.
@Suite struct SuggestionCLITests {
    @Test func unknownSubcommandSuggestsTheNearest() throws {
        let run = try CLITests.run(["buidl"])
        #expect(run.status == 64)
        #expect(run.stderr == """
        Error: Unknown subcommand 'buidl'. Did you mean 'build'?
        Usage: daybook <subcommand>
          See 'daybook --help' for more information.

        """)
        #expect(try CLITests.run(["frobnicate"]).stderr.hasPrefix("Error: Unknown subcommand 'frobnicate'\n"))
    }

    @Test func unknownOptionSuggestsTheNearest() throws {
        let run = try CLITests.run(["build", "--drfts"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--drfts'. Did you mean '--drafts'?\n"))
        #expect(try CLITests.run(["check", "--strcit"]).stderr.hasPrefix("Error: Unknown option '--strcit'. Did you mean '--strict'?\n"))
    }

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let run = try CLITests.run(["help", "nosuch"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'nosuch'\n"))
        let typo = try CLITests.run(["help", "chekc"])
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("Error: Unknown subcommand 'chekc'. Did you mean 'check'?\n"))
        #expect(try CLITests.run(["help", "build"]).status == 0)
    }
}

/// `daybook theme export`, and the warnings `daybook check` gives about a site's templates.
@Suite struct ThemeCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func exportWritesTheBuiltInThemeAndASiteUsingItChecksClean() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        let run = try CLITests.run(["theme", "export", "s/templates"], in: folder)
        #expect(run.status == 0)
        let theme = Self.root.appendingPathComponent("templates").path
        let expected = try FileManager.default.subpathsOfDirectory(atPath: theme).filter { !$0.hasSuffix("/") }
            .filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: theme + "/" + $0, isDirectory: &d) && !d.boolValue }
        #expect(run.stderr == "Wrote the built-in theme (\(expected.count) files) to s/templates.\n")
        for path in expected {
            #expect(FileManager.default.contents(atPath: folder + "/s/templates/" + path) == FileManager.default.contents(atPath: theme + "/" + path), "\(path)")
        }
        #expect(expected.contains("partials/cards.mustache") && expected.contains("i18n/ko.json") && expected.contains("icons/mood.svg"))
        let check = try CLITests.run(["check", "s", "--strict", "--now", "2026-01-02"], in: folder)
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("s: no problems found"))
        let again = try CLITests.run(["theme", "export", "s/templates"], in: folder)
        #expect(again.status == 64)
        #expect(try CLITests.run(["theme", "exprot", "x"], in: folder).stderr.hasPrefix("Error: Unknown theme action 'exprot'. Did you mean 'export'?\n"))
        // Found by an audit: without a folder, `theme list` was said to miss its folder.
        #expect(try CLITests.run(["theme", "list"], in: folder).stderr.hasPrefix("Error: Unknown theme action 'list'\n"))
    }

    /// Found by a theme audit: `{{bodyHTML}}` (Hugo's `.Content` is never escaped) showed the body's
    /// tags as text, Hugo's `single.html` and an i18n file in YAML got no pointer, and Hugo's
    /// `menu` in daybook.json was passed over in silence (`params` are read now: chrome.params).
    @Test func hugoHabitsInAThemeGetPointers() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        try Data(#"{"title": "T", "params": {"author": "Mina"}, "menu": {}}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        try FileManager.default.createDirectory(atPath: folder + "/s/templates/i18n", withIntermediateDirectories: true)
        try Data("{{<layout}}{{$content}}\n<div>{{ bodyHTML }}</div>{{{bodyHTML}}}\n{{/content}}{{/layout}}\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/s/templates/entry.mustache"))
        for name in ["single.html", "list.html", "i18n/en.yaml"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/s/templates/" + name))
        }
        let check = try CLITests.run(["check", "s", "--now", "2026-01-02"], in: folder)
        #expect(check.status == 0)
        #expect(check.stderr == """
        warning: s/daybook.json:1:46: "menu" is Hugo's; Daybook's menu lists the site's own pages (pages/*.md, ordered by their "weight"); another link goes into your layout template
        warning: s/templates/entry.mustache:2:6: "bodyHTML" is HTML, and {{bodyHTML}} escapes it: the page shows its tags as text; write {{{bodyHTML}}}
        warning: s/templates/i18n/en.yaml: matches no file of the theme, so it is not used (UI strings are JSON: i18n/<language>.json)
        warning: s/templates/list.html: matches no file of the theme, so it is not used (Daybook's templates end in .mustache: did you mean "list.mustache"?)
        warning: s/templates/single.html: matches no file of the theme, so it is not used (Daybook's templates are Mustache files named for the page they make: did you mean "entry.mustache"?)
        s: 5 warnings (2 entries, 86 files, links checked)

        """)
    }

    @Test func checkWarnsAboutUnknownNamesInTemplatesAndUnusedFiles() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/s/templates", withIntermediateDirectories: true)
        try Data("{{<layout}}{{$content}}\n<h1>{{titel}}</h1>{{^nosuch}}-{{/nosuch}}\n{{/content}}{{/layout}}\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/s/templates/entry.mustache"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/s/templates/entyr.mustache"))
        let check = try CLITests.run(["check", "s", "--now", "2026-01-02"], in: folder)
        #expect(check.status == 0)
        #expect(check.stderr == """
        warning: s/templates/entry.mustache:2:5: no value named "titel" here (did you mean "title"?)
        warning: s/templates/entry.mustache:2:19: no value named "nosuch" here
        warning: s/templates/entyr.mustache: matches no file of the theme, so it is not used (did you mean "entry.mustache"?)
        s: 3 warnings (2 entries, 86 files, links checked)

        """)
        // A build looks for them in the site's own templates too (found by a newcomer's audit: it
        // said 0 warnings and wrote pages with empty titles), and again when nothing changed.
        for _ in 0..<2 {
            let build = try CLITests.run(["build", "s", "--now", "2026-01-02", "--json"], in: folder)
            #expect(build.status == 0)
            #expect(build.stderr == """
            warning: s/templates/entry.mustache:2:5: no value named "titel" here (did you mean "title"?)
            warning: s/templates/entry.mustache:2:19: no value named "nosuch" here
            warning: s/templates/entyr.mustache: matches no file of the theme, so it is not used (did you mean "entry.mustache"?)

            """)
            #expect(build.stdout.contains(#""warnings": 3"#))
        }
        // Strict, every problem is an error, the names too: the unused file does not stop the check before them.
        let strict = try CLITests.run(["check", "s", "--strict", "--now", "2026-01-02"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr == """
        error: s/templates/entry.mustache:2:5: no value named "titel" here (did you mean "title"?)
        error: s/templates/entry.mustache:2:19: no value named "nosuch" here
        error: s/templates/entyr.mustache: matches no file of the theme, so it is not used (did you mean "entry.mustache"?)
        Check failed: 3 errors.

        """)
        // A strict build looks for them as check does, and fails before it writes a page.
        try FileManager.default.removeItem(atPath: folder + "/s/_site")
        let strictBuild = try CLITests.run(["build", "s", "--strict", "--now", "2026-01-02"], in: folder)
        #expect(strictBuild.status == 1)
        #expect(strictBuild.stderr.contains(#"error: s/templates/entry.mustache:2:5: no value named "titel" here (did you mean "title"?)"#))
        #expect(strictBuild.stderr.contains(#"error: s/templates/entyr.mustache: matches no file of the theme"#))
        #expect(strictBuild.stderr.hasSuffix("Build failed: 3 errors; the output was not changed.\n"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder + "/s/_site"))?.isEmpty ?? true)
    }
}

/// `daybook render` with data from a pipe, reading only the partials it uses.
@Suite struct RenderCLITests {
    @Test func dataFromAProcessSubstitutionAndOnlyTheUsedPartials() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in ["page": "Hi {{name}}{{>foot}}\n", "foot": "<{{>inner}}>", "inner": "in", "other": "{{#broken"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).mustache"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"exec "$0" render page.mustache --data <(printf '{"name": "A"}')"#, CLITests.binary]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output == "Hi A<in>\n")
        #expect(errors == "")
        let piped = try CLITests.run(["render", "page.mustache", "--data", "/dev/stdin"], stdin: #"{"name": "B"}"#, in: folder)
        #expect(piped.stdout == "Hi B<in>\n")
    }

    /// Found by a CLI audit: a template or data file that could not be read was said to be so,
    /// with no reason (`cannot read the data`), where every other command gives one.
    @Test func anUnreadTemplateOrDataFileSaysWhy() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("hi".utf8).write(to: URL(fileURLWithPath: folder + "/t.mustache"))
        let data = try CLITests.run(["render", "t.mustache", "--data", "nosuch.json"], in: folder)
        #expect(data.status == 66)
        #expect(data.stderr == "error: nosuch.json: cannot read the data: no such file\n")
        let template = try CLITests.run(["render", "."], in: folder)
        #expect(template.status == 66)
        #expect(template.stderr == "error: .: cannot read the template: it is a folder, not a file\n")
    }

    /// Found by a newcomer's audit: a partial or parent that is nowhere rendered as nothing, with
    /// exit 0; and `--partials` replaced the template's folder, so an exported theme's page found
    /// either its layout or its `partials/`, never both.
    @Test func aMissingPartialIsAnErrorAndPartialsAreFoundAsAThemeKeepsThem() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/theme/partials", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
        for (path, text) in ["m.mustache": "A{{>nope}}B\n{{<gone}}{{/gone}}", "theme/page.mustache": "{{<layout}}{{$body}}{{>card}}{{/body}}{{/layout}}",
                             "theme/layout.mustache": "[{{$body}}{{/body}}]", "theme/partials/card.mustache": "card {{name}}",
                             "mine/card.mustache": "my card {{name}}"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + path))
        }
        let missing = try CLITests.run(["render", "m.mustache"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: m.mustache:1:2: no template named \"nope\"\nerror: m.mustache:2:1: no template named \"gone\"\n")
        #expect(missing.stdout == "")
        let theme = try CLITests.run(["render", "theme/page.mustache", "--data", "-"], stdin: #"{"name": "A"}"#, in: folder)
        #expect(theme.stdout == "[card A]")
        let mine = try CLITests.run(["render", "theme/page.mustache", "--data", "-", "--partials", "mine"], stdin: #"{"name": "A"}"#, in: folder)
        #expect(mine.stdout == "[my card A]")
        // Found by a theming audit: render took `{{>partials/card}}`, which a build refuses (a
        // partial is named without `partials/`); it refuses it too.
        try Data("{{>partials/card}}".utf8).write(to: URL(fileURLWithPath: folder + "/theme/path.mustache"))
        let path = try CLITests.run(["render", "theme/path.mustache", "--data", "-"], stdin: #"{"name": "A"}"#, in: folder)
        #expect(path.status == 1)
        #expect(path.stderr == "error: theme/path.mustache:1:1: no template named \"partials/card\"\n")
    }

    /// Found by a theme audit: a site's copy of `entry.mustache` failed with "no template named
    /// layout" unless the whole theme was exported beside it. The built-in theme's are found last.
    @Test func aSitesCopyOfAThemeTemplateRendersWithTheBuiltInLayoutAndPartials() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/templates", withIntermediateDirectories: true)
        try Data("{{<layout}}{{$content}}<h1 class=\"mine\">{{title}}</h1>{{> cards}}{{/content}}{{/layout}}".utf8)
            .write(to: URL(fileURLWithPath: folder + "/templates/entry.mustache"))
        let run = try CLITests.run(["render", "templates/entry.mustache", "--data", "-"], stdin: #"{"title": "Walk", "chrome": {"siteTitle": "S"}}"#, in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(run.stdout.contains(#"<h1 class="mine">Walk</h1>"#))
    }

    @Test func aDynamicPartialReadsTheWholeFolder() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in ["page": "{{>*which}}", "a": "A", "b": "B"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/\(name).mustache"))
        }
        let run = try CLITests.run(["render", "page.mustache", "--data", "-"], stdin: #"{"which": "b"}"#, in: folder)
        #expect(run.stdout == "B")
    }
}

/// `build --strict` after a plain build of the same input.
@Suite struct StrictAfterPlainBuildCLITests {
    @Test func aStrictBuildAfterAPlainOneStillLooksForTemplateNames() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        let entryPath = folder + "/s/templates/entry.mustache"
        _ = try CLITests.run(["theme", "export", "t"], in: folder)
        let entry = try String(contentsOfFile: folder + "/t/entry.mustache", encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/s/templates", withIntermediateDirectories: true)
        try Data(entry.replacingOccurrences(of: "{{title}}", with: "{{titel}}").utf8).write(to: URL(fileURLWithPath: entryPath))
        #expect(try CLITests.run(["build", "s", "--now", "2026-01-02T00:00:00Z"], in: folder).status == 0)
        let strict = try CLITests.run(["build", "s", "--strict", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error: s/templates/entry.mustache:"))
        #expect(strict.stderr.contains(#"no value named "titel" here (did you mean "title"?)"#))
        // Fixed, a strict build checks once, and the next strict one is skipped.
        try Data(entry.utf8).write(to: URL(fileURLWithPath: entryPath))
        #expect(try CLITests.run(["build", "s", "--strict", "--now", "2026-01-02T00:00:00Z"], in: folder).status == 0)
        let again = try CLITests.run(["build", "s", "--strict", "--now", "2026-01-02T00:00:00Z"], in: folder)
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("Nothing changed: "))
    }
}

/// `daybook todo done` on a todo that is done already.
@Suite struct TodoDoneAgainCLITests {
    @Test func doneAgainKeepsTheFirstDoneAt() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        let first = try CLITests.run(["todo", "done", "2", "--site", "s", "--now", "2026-01-02T10:00:00Z"], in: folder)
        #expect(first.stderr == "Marked todo 2 done: Write today's entry\n")
        let again = try CLITests.run(["todo", "done", "2", "--site", "s", "--now", "2026-01-05T10:00:00Z"], in: folder)
        #expect(again.status == 0)
        #expect(again.stderr == "Todo 2 was done already (at 2026-01-02T10:00:00Z): Write today's entry\n")
        let file = try String(contentsOfFile: folder + "/s/todos.json", encoding: .utf8)
        #expect(file.contains(#""doneAt": "2026-01-02T10:00:00Z""#))
        #expect(!file.contains("2026-01-05"))
    }

    @Test func doneTwiceAtTheSameMomentSaysItWasDone() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        _ = try CLITests.run(["todo", "done", "2", "--site", "s", "--now", "2026-01-02T10:00:00Z"], in: folder)
        let again = try CLITests.run(["todo", "done", "2", "--site", "s", "--now", "2026-01-02T10:00:00Z"], in: folder)
        #expect(again.stderr == "Todo 2 was done already (at 2026-01-02T10:00:00Z): Write today's entry\n")
    }

    @Test func undoOfATodoNotDoneSaysSo() throws {
        let folder = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try CLITests.run(["new", "s", "--now", "2026-01-02T12:00:00Z"], in: folder)
        let run = try CLITests.run(["todo", "undo", "2", "--site", "s"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Todo 2 was not done: Write today's entry\n")
        let edit = try CLITests.run(["todo", "edit", "2", "Write", "today's", "entry", "--site", "s"], in: folder)
        #expect(edit.stderr == "Todo 2 says that already: Write today's entry\n")
    }
}
