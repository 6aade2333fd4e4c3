import Foundation
import Testing

/// `daybook report` through the built binary: formats, outputs, exit statuses, the browser.
@Suite struct ReportCommandTests {
    static let now = "--now=2021-12-15T00:00:00Z"

    /// A site with entries in November 2021 and January 2022 (Seoul time), and an empty folder
    /// for PATH, so no browser is found on it.
    static func site(locale: String = "en_US") throws -> String {
        let root = try CLITests.temporaryFolder()
        let files = [
            "site/daybook.json": #"{"title": "Bori & Me", "locale": "\#(locale)", "timeZone": "Asia/Seoul"}"#,
            "site/diary.json": """
            [
              {"title": "First walk", "date": "2021-11-13T09:30:00+09:00", "body": "## Park\\n\\n- [x] leash", "tags": ["walk"],
               "photos": ["photos/a.jpg"]},
              {"title": "Vet <visit>", "date": "2021-11-02", "body": "All good."},
              {"title": "Snow", "date": "2021-12-31T23:59:59Z", "body": "First snow."}
            ]
            """,
            "site/todos.json": #"[{"id": 1, "detail": "Buy food", "isDone": true, "doneAt": "2021-11-20T10:00:00Z"}, {"id": 2, "detail": "Vaccine"}]"#,
        ]
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path).creatingFolder()) }
        try FileManager.default.contents(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/landscape.jpg")!.write(to: URL(fileURLWithPath: root + "/site/photos/a.jpg").creatingFolder())
        try FileManager.default.createDirectory(atPath: root + "/empty-path", withIntermediateDirectories: true)
        return root
    }

    /// Found by a todo audit: a todo waiting for a later day (`wait`, todo.txt's `t:`) was counted
    /// and listed as still open by the month's report, where the site hides it until then.
    @Test func aWaitingTodoIsNotInTheMonthsReportYet() throws {
        let root = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "site/daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "site/diary.json": #"[{"title": "Walk", "date": "2026-12-01", "body": "x"}]"#,
            "site/todos.json": #"[{"id": 1, "detail": "Renew passport", "wait": "2026-12-10", "due": "2026-12-20"}, {"id": 2, "detail": "Pay rent", "due": "2026-12-09"}]"#,
        ]
        for (path, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path).creatingFolder()) }
        let early = try CLITests.run(["report", "2026-12", root + "/site", "--format", "md", "--output", "-", "--now", "2026-12-07"]).stdout
        #expect(early.contains("Pay rent") && !early.contains("Renew passport"))
        let later = try CLITests.run(["report", "2026-12", root + "/site", "--format", "md", "--output", "-", "--now", "2026-12-10"]).stdout
        #expect(later.contains("Pay rent") && later.contains("Renew passport"))
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A stand-in browser: a shell script that records its arguments, keeps a copy of the page it
    /// prints (`printed.html`) and writes a PDF, or hangs.
    static func fakeBrowser(in root: String, hang: Bool = false) throws -> String {
        let path = root + "/fake-chromium"
        let script = hang ? "#!/bin/sh\nexec sleep 30\n" : """
            #!/bin/sh
            printf '%s\\n' "$@" > "$(dirname "$0")/browser-args"
            for arg in "$@"; do
              case "$arg" in --print-to-pdf=*) out="${arg#--print-to-pdf=}" ;; esac
            done
            printf '%%PDF-1.4 fake\\n' > "$out"
            for arg in "$@"; do page="${arg#file://}"; done
            cp "$page" "$(dirname "$0")/printed.html" 2>/dev/null || true

            """
        try executableScript(script, at: path)
        return path
    }

    /// Writes `text` to `path` as an executable file, through `install(1)`: a file this process
    /// opened for writing can be "busy" to `exec` while another test forks (Linux's ETXTBSY), so
    /// only a short-lived child, which forks nothing, ever has the script open for writing.
    static func executableScript(_ text: String, at path: String) throws {
        let source = path + ".txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "755", source, path]
        try install.run()
        install.waitUntilExit()
        try #require(install.terminationStatus == 0)
    }

    @Test func htmlToTheDefaultFileAndToStdout() throws {
        let root = try Self.site()
        let run = try CLITests.run(["report", "2021-11", "site", Self.now], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("2021-11.html"))
        let html = try #require(Self.read(root + "/2021-11.html"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h1>November 2021</h1>"))
        #expect(html.contains("<style>@page{size:letter}</style>"))
        #expect(html.contains(#"href="data:text/css;base64,"#))
        #expect(html.contains(#"<img src="data:image/webp;base64,UklGR"#))
        #expect(html.contains("Vet &lt;visit&gt;"))
        #expect(!html.contains("Snow"))

        let piped = try CLITests.run(["report", "2021-11", "site", "--format", "html", "--output", "-", Self.now], in: root)
        #expect(piped.status == 0)
        #expect(piped.stdout == html)
        #expect(piped.stderr.isEmpty)
    }

    @Test func markdownToAFileAndToStdout() throws {
        let root = try Self.site(locale: "ko_KR")
        let run = try CLITests.run(["report", "2021-11", root + "/site", "--format", "md", "--output", root + "/out/nov.md", Self.now])
        #expect(run.status == 73, "the output folder does not exist yet")
        #expect(run.stderr == "error: \(root)/out/nov.md: cannot write: there is no folder \(root)/out\n")
        // A file where the folder would be is said to be one (a newcomer's audit: "there is no folder").
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/afile"))
        let file = try CLITests.run(["report", "2021-11", root + "/site", "--format", "md", "--output", root + "/afile/nov.md", Self.now])
        #expect(file.status == 73)
        #expect(file.stderr == "error: \(root)/afile/nov.md: cannot write: \(root)/afile is a file, not a folder\n")
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let again = try CLITests.run(["report", "2021-11", root + "/site", "--format", "md", "--output", root + "/out/nov.md", Self.now])
        #expect(again.status == 0, "\(again.stderr)")
        // Found by a newcomer's audit: the English line named the month in the site's language.
        #expect(again.stderr == "Wrote the report of November 2021 to \(root)/out/nov.md\n")
        let markdown = try #require(Self.read(root + "/out/nov.md"))
        #expect(markdown.hasPrefix("# 2021년 11월\n"))
        #expect(markdown.contains("| 항목 | 값 |"))
        #expect(markdown.contains("## 2021년 11월 2일 화요일"))
        #expect(markdown.contains("### Vet \\<visit\\>"))
        #expect(markdown.contains("#### Park"))
        #expect(markdown.contains("- [x] Buy food"))
        #expect(markdown.contains("![First walk](../site/photos/a.jpg)"))

        let piped = try CLITests.run(["report", "2021-11", "site", "--format=md", "--output=-", Self.now], in: root)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("![First walk](site/photos/a.jpg)"))
        #expect(piped.stdout.replacingOccurrences(of: "](site/", with: "](../site/") == markdown)
    }

    /// The format follows `--output`'s extension unless `--format` says; a folder as `--output`
    /// is a usage error that names a file in it.
    @Test func theFormatFollowsTheOutputsNameAndAFolderIsRefused() throws {
        let root = try Self.site()
        var run = try CLITests.run(["report", "2021-11", "site", "--output", "nov.md", Self.now], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try #require(Self.read(root + "/nov.md")).hasPrefix("# November 2021\n"))
        // --format decides for a name of no format it knows; one that names another is refused.
        run = try CLITests.run(["report", "2021-11", "site", "--output", "nov.txt", "--format", "html", Self.now], in: root)
        #expect(try #require(Self.read(root + "/nov.txt")).hasPrefix("<!DOCTYPE html>"))
        run = try CLITests.run(["report", "2021-11", "site", "--output", "nov.md", "--format", "html", Self.now], in: root)
        #expect(run.status == 64)
        #expect(try #require(Self.read(root + "/nov.md")).hasPrefix("# November 2021\n"))
        run = try CLITests.run(["report", "2021-11", "site", "--output", "nov.pdf", Self.now],
                               environment: ["DAYBOOK_BROWSER": "", "PATH": root + "/empty-path"], in: root)
        #expect(run.status == 69, "a PDF, so the browser is looked for")
        // A one-character name (Foundation's deletingLastPathComponent crashed on it here).
        run = try CLITests.run(["report", "2021-11", "site", "--output", "x", Self.now], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try #require(Self.read(root + "/x")).hasPrefix("<!DOCTYPE html>"))
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        run = try CLITests.run(["report", "2021-11", "site", "--output", "out", Self.now], in: root)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --output out is a folder; name a file, such as out/2021-11.html\n"))
    }

    /// A report never replaces a file the build reads: the diary, the config, the todos, photos,
    /// pages and static files.
    @Test func theSitesOwnFilesAreRefused() throws {
        let root = try Self.site()
        let diary = try #require(Self.read(root + "/site/diary.json"))
        for folder in ["pages", "static"] { try FileManager.default.createDirectory(atPath: root + "/site/" + folder, withIntermediateDirectories: true) }
        for (output, file) in [("site/diary.json", "diary.json"), ("site/daybook.json", "daybook.json"), ("site/./todos.json", "todos.json"),
                               ("site/photos/x.html", "photos/x.html"), ("site/photos/a.jpg", "photos/a.jpg"),
                               // Found by a newcomer's audit: a page of one's own and a file of static/ were overwritten.
                               ("site/pages/about.md", "pages/about.md"), ("site/static/cv.md", "static/cv.md")] {
            let run = try CLITests.run(["report", "2021-11", "site", "--output", output, "--format", "md", Self.now], in: root)
            #expect(run.status == 64, "\(output)")
            #expect(run.stderr.hasPrefix("Error: --output \(output) is the site's \(file), which the build reads; name another file, such as 2021-11.md\n"), "\(run.stderr)")
        }
        #expect(Self.read(root + "/site/diary.json") == diary)
        let run = try CLITests.run(["report", "2021-11", "site", "--output", "site/nov.md", Self.now], in: root)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func badUsageExits64() throws {
        let root = try Self.site()
        for arguments in [["report"], ["report", "2021-13", "site"], ["report", "Nov", "site"], ["report", "2021-1", "site"],
                          ["report", "2021-11", "site", "--format", "docx"], ["report", "2021-11", "site", "--now", "yesterday"]] {
            let run = try CLITests.run(arguments, in: root)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains("Usage: daybook report <YYYY-MM> [SITE]"), "\(arguments)")
        }
        // Found by a newcomer's audit: 2021-13 is written YYYY-MM; it is the month that is none.
        var run = try CLITests.run(["report", "2021-13", "site"], in: root)
        #expect(run.stderr.hasPrefix("Error: '2021-13' is not a month: a month is 01 to 12, like 2021-11\n"))
        run = try CLITests.run(["report", "Nov", "site"], in: root)
        #expect(run.stderr.hasPrefix("Error: The month must be written YYYY-MM, like 2021-11, found 'Nov'\n"))
    }

    @Test func monthWithoutEntriesExits1() throws {
        let root = try Self.site()
        // 2021-12-31T23:59:59Z is January 2022 in Seoul, so December has no entries.
        let run = try CLITests.run(["report", "2021-12", "site", Self.now, "--future"], in: root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no entries in December 2021 (2021-12); months with entries: 2022-01, 2021-11"))
        #expect(!FileManager.default.fileExists(atPath: root + "/2021-12.html"))
        let missing = try CLITests.run(["report", "2021-11", "nowhere", Self.now], in: root)
        #expect(missing.status == 66)
    }

    /// Found by a printing audit: a report left out the month's drafts and later entries without
    /// a word, and had no `--drafts`. It says what it left out and how to include it.
    @Test func draftsAndLaterEntriesLeftOutAreSaid() throws {
        let root = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(#"{"title": "S", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: root + "/s/daybook.json").creatingFolder())
        try Data("""
            [{"title": "Shown", "date": "2026-11-03"}, {"title": "Plan", "date": "2026-11-28"},
             {"title": "Half", "date": "2026-11-04", "draft": true}, {"title": "Soon", "date": "2026-12-24", "draft": true}]
            """.utf8).write(to: URL(fileURLWithPath: root + "/s/diary.json"))
        let now = "--now=2026-11-20T00:00:00Z"
        var run = try CLITests.run(["report", "2026-11", "s", "--output", "-", "--format", "md", now], in: root)
        #expect(run.status == 0)
        #expect(run.stdout.contains("### Shown") && !run.stdout.contains("### Half") && !run.stdout.contains("### Plan"))
        #expect(run.stderr == """
            note: 1 draft left out (--drafts includes it)
            note: 1 entry dated after now left out (--future includes it)

            """)
        run = try CLITests.run(["report", "2026-11", "s", "--output", "nov.md", "--drafts", now], in: root)
        #expect(run.stderr == "Wrote the report of November 2026 to nov.md\nnote: 1 entry dated after now left out (--future includes it)\n")
        #expect(Self.read(root + "/nov.md")?.contains("### Half") == true)
        run = try CLITests.run(["report", "2026-11", "s", "--output", "all.md", "--drafts", "--future", now], in: root)
        #expect(run.stderr == "Wrote the report of November 2026 to all.md\n")
        // A month whose only entry is a later draft: both flags are named.
        run = try CLITests.run(["report", "2026-12", "s", now], in: root)
        #expect(run.status == 1)
        #expect(run.stderr == """
            error: s: no entries in December 2026 (2026-12); months with entries: 2026-11
            note: 1 draft left out (--drafts includes it)
            note: 1 entry dated after now left out (--future includes it)

            """)
    }

    /// Found by a printing audit: the Markdown report linked a phone's HEIC original, which no
    /// Markdown viewer shows. Written to a file, it links JPEG copies in a folder beside it; on
    /// stdout it says which photos it could not give copies of.
    @Test func markdownLinksJPEGCopiesOfPhotosViewersCannotShow() throws {
        let root = try CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/"
        try Data(#"{"title": "S", "timeZone": "UTC"}"#.utf8).write(to: URL(fileURLWithPath: root + "/s/daybook.json").creatingFolder())
        try Data(#"[{"title": "Phone", "date": "2026-11-03", "body": "Look: ![scan](photos/scan.tif)", "photos": ["photos/a.heic", "photos/l.jpg"]}]"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/s/diary.json"))
        try FileManager.default.copyItem(atPath: fixtures + "photo.heic", toPath: (root + "/s/photos/a.heic").creatingFolderPath())
        try FileManager.default.copyItem(atPath: fixtures + "scan.tif", toPath: root + "/s/photos/scan.tif")
        try FileManager.default.copyItem(atPath: fixtures + "landscape.jpg", toPath: root + "/s/photos/l.jpg")
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let now = "--now=2026-12-01T00:00:00Z"
        let run = try CLITests.run(["report", "2026-11", "s", "--output", "out/nov.md", now], in: root)
        #expect(run.status == 0)
        #expect(run.stderr == """
            Wrote the report of November 2026 to out/nov.md
            Wrote JPEG copies of 2 photos that Markdown viewers do not show (HEIC, TIFF) to out/nov-photos/

            """)
        let markdown = try #require(Self.read(root + "/out/nov.md"))
        #expect(markdown.contains("![Phone (1/2)](nov-photos/photos/a-64.jpg)\n\n![Phone (2/2)](../s/photos/l.jpg)\n\nLook: ![scan](nov-photos/photos/scan-64.jpg)\n"))
        for copy in ["a-64.jpg", "scan-64.jpg"] {
            let bytes = try #require(FileManager.default.contents(atPath: root + "/out/nov-photos/photos/" + copy))
            #expect(bytes.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "\(copy) is a JPEG")
        }
        let piped = try CLITests.run(["report", "2026-11", "s", "--format", "md", "--output", "-", now], in: root)
        #expect(piped.stdout.contains("![Phone (1/2)](s/photos/a.heic)"))
        #expect(piped.stderr == "note: 2 photos are in a format Markdown viewers do not show (photos/a.heic, photos/scan.tif); "
            + "written to a file (--output FILE), the report links JPEG copies beside it\n")
    }

    /// Found by a printing audit: `--format pdf --output may.html` wrote a PDF named as a web page.
    @Test func aFormatTheOutputsNameContradictsIsRefused() throws {
        let root = try Self.site()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", "--output", "may.html", Self.now], in: root)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: --format pdf writes PDF, but --output may.html is named as HTML; name it may.pdf, or leave --format out\nUsage: daybook report"))
        #expect(!FileManager.default.fileExists(atPath: root + "/may.html"))
        let markdown = try CLITests.run(["report", "2021-11", "site", "--format", "md", "--output", "nov.markdown", Self.now], in: root)
        #expect(markdown.status == 0, "\(markdown.stderr)")
    }

    @Test func noBrowserExits69() throws {
        let root = try Self.site()
        let named = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", Self.now],
                                     environment: ["DAYBOOK_BROWSER": "/nonexistent", "PATH": root + "/empty-path"], in: root)
        #expect(named.status == 69)
        #expect(named.stderr.contains("DAYBOOK_BROWSER is \"/nonexistent\""))
        #expect(named.stderr.contains("apt-get install chromium fonts-noto-cjk fonts-noto-color-emoji"))
        // A folder can be entered, so it passes for "executable": it is no browser either.
        let folder = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", Self.now],
                                      environment: ["DAYBOOK_BROWSER": root + "/empty-path", "PATH": root + "/empty-path"], in: root)
        #expect(folder.status == 69)
        #expect(folder.stderr.contains("DAYBOOK_BROWSER is \"\(root)/empty-path\""))
        let none = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", Self.now],
                                    environment: ["DAYBOOK_BROWSER": "", "PATH": root + "/empty-path"], in: root)
        #expect(none.status == 69)
        #expect(none.stderr.contains("none of chromium, chromium-browser, google-chrome"))
        #expect(none.stderr.contains("scripts/bootstrap --with-pdf"))
        #expect(!FileManager.default.fileExists(atPath: root + "/2021-11.pdf"))
    }

    @Test func pdfThroughTheBrowser() throws {
        let root = try Self.site()
        let browser = try Self.fakeBrowser(in: root)
        let run = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", Self.now],
                                   environment: ["DAYBOOK_BROWSER": browser], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.read(root + "/2021-11.pdf") == "%PDF-1.4 fake\n")
        let arguments = try #require(Self.read(root + "/browser-args")).split(separator: "\n").map(String.init)
        for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer"] {
            #expect(arguments.contains(flag), "\(flag)")
        }
        #expect(arguments.contains { $0.hasPrefix("--print-to-pdf=/") })
        let page = try #require(arguments.last)
        #expect(page.hasPrefix("file:///") && page.hasSuffix("/2021-11.html"))
        // The temporary folder with the page and its photos is gone afterwards.
        #expect(!FileManager.default.fileExists(atPath: try #require(URL(string: page)).path))
    }

    /// Found by a newcomer audit: a stylesheet of the site's own, linked by its template, stayed a
    /// relative link in the HTML file and was missing from the PDF. It is inside the page now; a
    /// link to a file the site does not have is left out, with a warning at the template's line.
    @Test func theSitesOwnFilesAreInsideThePageAndAMissingOneIsWarnedAbout() throws {
        let root = try Self.site()
        let builtIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let report = try String(contentsOfFile: builtIn + "/templates/report.mustache", encoding: .utf8)
            .replacingOccurrences(of: "{{$head}}\n", with: "{{$head}}\n<link rel=\"stylesheet\" href=\"{{chrome.rootHref}}assets/mine.css\">\n")
            .replacingOccurrences(of: "{{$content}}\n", with: "{{$content}}\n<img src=\"{{chrome.rootHref}}assets/gone.png\" alt=\"\">\n")
        try Data(report.utf8).write(to: URL(fileURLWithPath: root + "/site/templates/report.mustache").creatingFolder())
        try Data("h1{color:red}".utf8).write(to: URL(fileURLWithPath: root + "/site/templates/assets/mine.css").creatingFolder())
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        let warning = #"warning: site/templates/report.mustache:8:30: link to "../../assets/gone.png" left out of the report on its own: "#
            + "the site publishes no file assets/gone.png (in templates/assets/ or static/)\n"
        let stylesheet = #"<link rel="stylesheet" href="data:text/css;charset=utf-8;base64,aDF7Y29sb3I6cmVkfQ==">"#

        let run = try CLITests.run(["report", "2021-11", "site", "--output", "out/nov.html", Self.now], in: root)
        #expect(run.status == 0)
        #expect(run.stderr == warning + "Wrote the report of November 2021 to out/nov.html\n")
        let html = try #require(Self.read(root + "/out/nov.html"))
        #expect(html.contains(stylesheet))
        #expect(html.contains(#"<img src="" alt="">"#))
        #expect(!html.contains("../"))

        let browser = try Self.fakeBrowser(in: root)
        let printed = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", Self.now], environment: ["DAYBOOK_BROWSER": browser], in: root)
        #expect(printed.status == 0)
        #expect(printed.stderr == warning + "Wrote the report of November 2021 to 2021-11.pdf\n")
        #expect(try #require(Self.read(root + "/printed.html")).contains(stylesheet))
    }

    @Test func aBrowserThatHangsIsStopped() throws {
        let root = try Self.site()
        let browser = try Self.fakeBrowser(in: root, hang: true)
        let start = Date()
        let run = try CLITests.run(["report", "2021-11", "site", "--format", "pdf", "--output", "x.pdf", Self.now],
                                   environment: ["DAYBOOK_BROWSER": browser, "DAYBOOK_BROWSER_TIMEOUT": "1"], in: root)
        #expect(run.status == 69)
        #expect(run.stderr.contains("fake-chromium did not finish printing within 1 s and was stopped"))
        #expect(Date().timeIntervalSince(start) < 15)
        #expect(!FileManager.default.fileExists(atPath: root + "/x.pdf"))
    }

    /// Found by a printing audit: `--output` replaced a link with a file (its target kept the old
    /// report) and a named pipe with a file (its reader waited for ever).
    @Test func theOutputIsWrittenThroughALinkAndIntoAPipe() throws {
        let root = try Self.site()
        try FileManager.default.createDirectory(atPath: root + "/archive", withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: root + "/archive/nov.md"))
        try FileManager.default.createSymbolicLink(atPath: root + "/latest.md", withDestinationPath: "archive/nov.md")
        let run = try CLITests.run(["report", "2021-11", "site", "--format", "md", "--output", "latest.md", Self.now], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/latest.md") == "archive/nov.md")
        #expect(Self.read(root + "/archive/nov.md")?.hasPrefix("# November 2021") == true)
        #expect(mkfifo(root + "/pipe.md", 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat pipe.md > got.md"]
        reader.currentDirectoryURL = URL(fileURLWithPath: root)
        try reader.run()
        let piped = try CLITests.run(["report", "2021-11", "site", "--format", "md", "--output", "pipe.md", Self.now], in: root)
        reader.waitUntilExit()
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(Self.read(root + "/got.md")?.hasPrefix("# November 2021") == true)
        var info = stat()
        #expect(lstat(root + "/pipe.md", &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    /// Found by a printing audit: the folder a PDF is printed in (the month's text and photos) was
    /// readable by every user, and stayed behind after Ctrl-C or SIGTERM with the browser running.
    @Test func aStoppedPrintLeavesNoFolderAndNoBrowser() throws {
        let root = try Self.site()
        let temp = root + "/tmp"
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        // A browser that notes where it prints, and the folder's mode, then waits.
        let browser = root + "/slow-chromium"
        try Self.executableScript("""
            #!/bin/sh
            for arg in "$@"; do case "$arg" in --user-data-dir=*) d="${arg#--user-data-dir=}" ;; esac; done
            stat -c %a "$(dirname "$d")" > "$(dirname "$0")/work-mode"
            echo $$ > "$(dirname "$0")/browser-pid"
            exec sleep 30

            """, at: browser)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["report", "2021-11", "site", "--format", "pdf", "--output", "x.pdf", Self.now]
        var env = ProcessInfo.processInfo.environment
        env["DAYBOOK_BROWSER"] = browser
        env["TMPDIR"] = temp
        process.environment = env
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        // Until the file holds the number: the shell makes it empty before it writes.
        func browserPID() -> Int32? { Self.read(root + "/browser-pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        while browserPID() == nil, Date() < deadline { usleep(50_000) }
        let pid = try #require(browserPID())
        #expect(Self.read(root + "/work-mode")?.trimmingCharacters(in: .whitespacesAndNewlines) == "700")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp).filter { $0.hasPrefix("daybook-report-") } == [])
        #expect(kill(pid, 0) != 0)
        #expect(!FileManager.default.fileExists(atPath: root + "/x.pdf"))
    }

    @Test func helpListsTheCommand() throws {
        #expect(try CLITests.run(["--help"]).stdout.contains("  report "))
        let help = try CLITests.run(["report", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: daybook report <YYYY-MM> [SITE] [--format FORMAT] [--output FILE] [--now ISO] [--drafts] [--future] [--cache DIR]"))
    }
}

private extension String {
    /// The path, after making the folder it is in.
    func creatingFolderPath() throws -> String {
        try FileManager.default.createDirectory(atPath: (self as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return self
    }
}

private extension URL {
    /// The URL, after making the folder it is in.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
