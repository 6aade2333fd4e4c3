import Foundation
import Testing
@testable import DaybookCore

/// End-to-end: builds fixture sites into temporary folders and reads the pages back.
@Suite struct SiteBuildTests {
    static let diary = """
    [
      {"id": "first-walk", "title": "First walk", "date": "2021-11-13T09:30:00+09:00",
       "body": "We walked.\\n\\n| km | min |\\n|---:|---:|\\n| 1.2 | 20 |\\n\\n- [x] leash\\n- [ ] treats\\n\\n<script>alert(1)</script>\\n\\n[bad](javascript:alert(1))",
       "tags": ["walk", "산책"], "mood": "Happy", "weather": "", "location": "Park", "photos": ["photos/a.jpg"]},
      {"title": "Vet <visit> & \\"shots\\"", "date": "2021-11-02", "body": "## Check-up\\n\\nAll *good*.", "tags": ["vet"], "mood": "Brave"},
      {"title": "Snow", "date": "2021-12-31T23:59:59Z", "body": "First snow."},
      {"title": "Secret", "date": "2021-11-20", "draft": true}
    ]
    """
    static let todos = """
    [
      {"id": 1, "detail": "Buy food & treats", "isToday": true},
      {"id": 2, "detail": "Vaccine +pets", "due": "2021-11-15", "tags": ["pets", "health"], "priority": "A", "annotations": ["Bring the <card>"]},
      {"id": 3, "detail": "Old task", "due": "2021-11-01"},
      {"id": 4, "detail": "Done task", "isDone": true, "doneAt": "2021-11-10T10:00:00Z"}
    ]
    """

    /// Without `rawHTML` the first walk's `<script>` is left out of its body: the build warns of
    /// it, and a build with warnings is never skipped.
    static func site(locale: String = "en_US", extra: String = "", rawHTML: Bool = true) throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Bori & Me", "locale": "\#(locale)", "timeZone": "Asia/Seoul", "pageSize": 2, "baseURL": "https://example.org/diary/"\#(extra)}"#,
            "diary.json": rawHTML ? diary : diary.replacingOccurrences(of: "<script>alert(1)</script>\\n\\n", with: ""),
            "todos.json": todos,
        ])
        try site.write("photos/a.jpg", TestPhotos.data("landscape.jpg"))
        return site
    }

    static let now = ISODate(day: CalendarDay(year: 2021, month: 11, day: 15), secondOfDay: 3600, utcOffset: 0)

    /// Builds with `--future` by default: the fixture's entries run past `now` (its todos need a
    /// November "now"); `FutureEntriesTests` builds without it.
    @discardableResult
    static func build(_ site: TempSite, into output: String, drafts: Bool = false, future: Bool = true) throws -> BuildSummary {
        try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: output, includeDrafts: drafts, includeFuture: future, now: now)).build()
    }

    static func files(in root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: root) ?? [] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: root + "/" + path)
            }
        }
        return result
    }

    /// A list's later pages have titles of their own.
    @Test func laterPagesOfAListSayWhichPage() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "pageSize": 1}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-01", "tags": ["walk"]}, {"title": "B", "date": "2021-11-02", "tags": ["walk"]}]"#,
        ])
        try Self.build(site, into: site.root + "/out")
        #expect(try #require(site.read("out/months/2021-11/index.html")).contains("<title>November 2021 · T</title>"))
        #expect(try #require(site.read("out/months/2021-11/page/2/index.html")).contains("<title>November 2021 · Page 2 of 2 · T</title>"))
        #expect(try #require(site.read("out/tags/walk/page/2/index.html")).contains("Page 2 of 2 · T</title>"))
        // Every page's first link skips the header, to the <main> it names.
        let home = try #require(site.read("out/index.html"))
        #expect(home.contains("<body>\n<a class=\"skip-link\" href=\"#main\">Skip to content</a>\n<header") && home.contains(#"<main class="wrap" id="main">"#))
    }

    /// The home page's "Todos open" counts what the todo list shows: a todo waiting for a later
    /// day is not listed, nor counted (a site audit found 5 open against 4 listed).
    @Test func openTodosCountLeavesOutThoseWaiting() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "todos.json": #"[{"id": 1, "detail": "Now"}, {"id": 2, "detail": "Later", "wait": "2021-12-01"}, {"id": 3, "detail": "Was waiting", "wait": "2021-11-15"}]"#,
        ])
        try Self.build(site, into: site.root + "/out")
        let home = try #require(site.read("out/index.html"))
        #expect(home.contains("Todos open</div>\n<div class=\"card-value\" dir=\"auto\">2</div>"))
        let todos = try #require(site.read("out/todos/index.html"))
        #expect(todos.contains("Was waiting") && !todos.contains("Later"))
    }

    @Test func writesEveryPage() throws {
        let site = try Self.site()
        let summary = try Self.build(site, into: site.root + "/out")
        #expect(summary.entries == 3)
        for path in ["index.html", "page/2/index.html", "entries/first-walk/index.html",
                     "entries/2021-11-02-vet-visit-shots/index.html", "entries/2021-12-31-snow/index.html",
                     "months/index.html", "months/2021-11/index.html", "months/2022-01/index.html",
                     "tags/index.html", "tags/walk/index.html", "tags/산책/index.html", "todos/index.html",
                     "todos.md", "reports/2021-11.md", "feed.xml", "sitemap.xml", "404.html",
                     "assets/style.css", "photos/a-64.webp", "photos/a-social.jpg"] {
            #expect(site.exists("out/" + path), "missing \(path)")
        }
        #expect(!site.exists("out/entries/2021-11-20-secret/index.html"))
    }

    /// Ctrl-C during a build: every file it staged or created is removed, the last build's stay.
    @Test func anInterruptedBuildLeavesTheOutputAsItWas() throws {
        let site = try Self.site()
        let output = site.root + "/out"
        try Self.build(site, into: output)
        let before = Self.files(in: output)
        try site.write("diary.json", Self.diary.replacingOccurrences(of: "We walked.", with: "We walked far."))
        let interruption = Interruption()
        interruption.request()
        var options = BuildOptions(output: output, includeFuture: true, now: Self.now)
        options.interruption = interruption
        #expect {
            try SiteBuilder(siteRoot: site.root, options: options).build()
        } throws: { error in
            guard let failure = error as? BuildFailure, case .interrupted = failure else { return false }
            return true
        }
        #expect(Self.files(in: output) == before)
        // A fresh output: nothing is left in it either.
        let fresh = site.root + "/fresh"
        options.output = fresh
        #expect(throws: BuildFailure.self) { try SiteBuilder(siteRoot: site.root, options: options).build() }
        #expect((FileManager.default.subpaths(atPath: fresh) ?? []) == [])
    }

    @Test func entryPageShowsDateCardsPhotosAndBody() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/entries/first-walk/index.html"))
        #expect(page.contains(#"<html lang="en-US" dir="ltr">"#))
        #expect(page.contains("<title>First walk · Bori &amp; Me</title>"))
        #expect(page.contains(#"<time datetime="2021-11-13T00:30:00Z">Nov 13, 2021 at 9:30\#u{202F}AM</time>"#))
        #expect(page.contains(#"<li class="card card-mood tint-systemPink">"#))
        #expect(page.contains(#"<div class="card-value" dir="auto">Happy</div>"#))
        #expect(page.contains(#"<li class="card card-weather tint-systemBlue is-empty">"#))
        #expect(page.contains(#"<div class="card-value" dir="auto">None</div>"#))
        #expect(page.contains(#"<a class="tag" dir="auto" href="../../tags/%EC%82%B0%EC%B1%85/index.html">산책</a>"#))
        #expect(page.contains(#"<img src="../../photos/a-64.webp" srcset="../../photos/a-64.webp 64w" sizes="(max-width: 46rem) calc(100vw - 4.5rem), 41.5rem" width="64" height="48" alt="First walk" loading="eager" decoding="async">"#))
        #expect(page.contains(#"<td style="text-align: right">1.2</td>"#))
        #expect(page.contains(#"<input type="checkbox" checked="" disabled="" /> leash"#))
        #expect(!page.contains("<script>"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains(#"<link rel="stylesheet" href="../../assets/style.css">"#))
        #expect(page.contains(#"<meta property="og:image" content="https://example.org/diary/photos/a-social.jpg">"#))
        #expect(page.contains(#"<link rel="canonical" href="https://example.org/diary/entries/first-walk/">"#))
        // The entry's own description (its raw HTML left out); an article with its time.
        #expect(page.contains(#"<meta name="description" content="We walked. km min 1.2 20 leash treats bad">"#))
        #expect(page.contains(#"<meta property="og:type" content="article">"#))
        #expect(page.contains(#"<nav class="entry-nav" aria-label="Newer and older entries">"#))
        #expect(page.contains(#"<meta property="article:published_time" content="2021-11-13T00:30:00Z">"#))
    }

    @Test func hostileTitleIsEscaped() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/entries/2021-11-02-vet-visit-shots/index.html"))
        #expect(page.contains("<h1 dir=\"auto\">Vet &lt;visit&gt; &amp; &quot;shots&quot;</h1>"))
        let feed = try #require(site.read("out/feed.xml"))
        #expect(feed.contains("<title>Vet &lt;visit&gt; &amp; &quot;shots&quot;</title>"))
    }

    @Test func monthsAreGroupedInTheSiteZoneWithDayHeadings() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let archive = try #require(site.read("out/months/index.html"))
        #expect(archive.contains("<a href=\"2022-01/index.html\" dir=\"auto\">January 2022</a> <span class=\"count\">1 entry</span>"))
        #expect(archive.contains(#"<a href="2021-11/index.html" dir="auto">November 2021</a> <span class="count">2 entries</span>"#))
        let month = try #require(site.read("out/months/2021-11/index.html"))
        #expect(month.contains(#"<h2 class="day-heading"><time datetime="2021-11-13">Saturday, Nov 13, 2021</time></h2>"#))
        #expect(month.contains(#"<h2 class="day-heading"><time datetime="2021-11-02">Tuesday, Nov 2, 2021</time></h2>"#))
    }

    /// Found by an accessibility audit: the home page's entries came right after its Today
    /// section with no heading, so a screen reader's list of headings put them under Today.
    @Test func theHomePagesEntriesHaveAHeadingAfterToday() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let home = try #require(site.read("out/index.html"))
        let headings = home.matches(of: /<h[1-6][^>]*>([^<]*)</).map { String($0.output.1) }
        #expect(headings == ["Latest entries", "Today", "Entries"])
        #expect(home.contains(#"<h2 class="entries-heading">Entries</h2>\#n<section class="day">"#))
        // A list without it has no line of its own for it.
        let month = try #require(site.read("out/months/2021-11/index.html"))
        #expect(month.contains("</ul>\n\n<section class=\"day\">") && !month.contains("</ul>\n\n\n<section"))
        let korean = try Self.site(locale: "ko_KR")
        try Self.build(korean, into: korean.root + "/out")
        #expect(try #require(korean.read("out/index.html")).contains(#"<h2 class="entries-heading">기록</h2>"#))
    }

    @Test func todoSections() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/todos/index.html"))
        let today = try #require(page.range(of: #"<h2 id="todos-today">Today</h2>"#))
        let upcoming = try #require(page.range(of: #"<h2 id="todos-upcoming">Upcoming</h2>"#))
        let vaccine = try #require(page.range(of: "Vaccine"))
        let old = try #require(page.range(of: "Old task"))
        // The task past its due day is for today, after the one due today (id order).
        #expect(today.upperBound < vaccine.lowerBound && vaccine.lowerBound < old.lowerBound && old.upperBound < upcoming.lowerBound)
        #expect(page.contains("Buy food &amp; treats"))
        #expect(page.contains(#"<li class="todo is-overdue">"#))
        #expect(page.contains("<s>Done task</s>"))
        // A tag its words hold (`+pets`) is not said again beside them (found by a todo.txt user's audit).
        #expect(page.contains(#"<span class="todo-detail" dir="auto">Vaccine +pets</span>"# + "\n" + #"<span class="tag todo-tag" dir="auto">health</span>"# + "\n<time"))
        let markdown = try #require(site.read("out/todos.md"))
        #expect(page.contains(#"<span class="todo-priority"><span class="visually-hidden">Priority A</span><span aria-hidden="true">A</span></span>"#))
        #expect(page.contains(#"<p class="todo-note" dir="auto">Bring the &lt;card&gt;</p>"#))
        #expect(markdown.contains("- [ ] (A) Vaccine +pets — Due Nov 15, 2021 · health\n  - Bring the \\<card\\>\n"))
        #expect(markdown.contains(#"- [ ] Buy food \& treats"#))
        #expect(markdown.contains("- [x] Done task"))
    }

    @Test func koreanLocale() throws {
        let site = try Self.site(locale: "ko_KR")
        try Self.build(site, into: site.root + "/out")
        let page = try #require(site.read("out/entries/first-walk/index.html"))
        #expect(page.contains(#"<html lang="ko-KR" dir="ltr">"#))
        #expect(page.contains("2021. 11. 13. 오전 9:30"))
        #expect(page.contains("기분"))
        #expect(page.contains(#"<div class="card-value" dir="auto">없음</div>"#))
        let archive = try #require(site.read("out/months/index.html"))
        #expect(archive.contains("2021년 11월"))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/one")
        try Self.build(site, into: site.root + "/two")
        let one = Self.files(in: site.root + "/one")
        let two = Self.files(in: site.root + "/two")
        #expect(one.count > 20)
        #expect(one == two)
    }

    @Test func aBuildThatKeepsItsModelUntilExitWritesTheSameFiles() throws {
        let site = try Self.site(rawHTML: false)
        try Self.build(site, into: site.root + "/one")
        var options = BuildOptions(output: site.root + "/two", includeFuture: true, now: Self.now)
        options.keepsModelUntilExit = true
        _ = try SiteBuilder(siteRoot: site.root, options: options).build()
        let one = Self.files(in: site.root + "/one")
        #expect(one.count > 20)
        #expect(one == Self.files(in: site.root + "/two"))
        #expect(try Self.build(site, into: site.root + "/two").skipped)
    }

    @Test func rebuildWithNothingChangedWritesNoFile() throws {
        let site = try Self.site()
        let first = try Self.build(site, into: site.root + "/out")
        let second = try Self.build(site, into: site.root + "/out")
        #expect(first.pagesWritten > 0)
        #expect(second.pagesWritten == 0)
        #expect(second.pagesUnchanged == first.pagesWritten)
    }

    @Test func rebuildAfterAnEditWritesTheChangedPages() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        try site.write("diary.json", Self.diary.replacingOccurrences(of: "First snow.", with: "Deep snow."))
        let second = try Self.build(site, into: site.root + "/out")
        #expect(!second.skipped)
        #expect(second.pagesWritten >= 1)
        #expect(try #require(site.read("out/entries/2021-12-31-snow/index.html")).contains("<p>Deep snow.</p>"))
    }

    @Test func rebuildWithNothingChangedIsSkipped() throws {
        let site = try Self.site(rawHTML: false)
        try Self.build(site, into: site.root + "/out")
        #expect(try Self.build(site, into: site.root + "/out").skipped)
        try FileManager.default.removeItem(atPath: site.root + "/out/todos/index.html")
        let third = try Self.build(site, into: site.root + "/out")
        #expect(!third.skipped)
        #expect(third.pagesWritten == 1)
        // Found by a review: a page changed by hand is not as the build left it, so it is made again.
        let page = try #require(site.read("out/404.html"))
        #expect(try Self.build(site, into: site.root + "/out").skipped)
        try site.write("out/404.html", "junk")
        let fourth = try Self.build(site, into: site.root + "/out")
        #expect(!fourth.skipped)
        #expect(fourth.pagesWritten == 1)
        #expect(site.read("out/404.html") == page)
        #expect(try Self.build(site, into: site.root + "/out").skipped)
    }

    @Test func stalePagesAreRemovedButForeignFilesKept() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out", drafts: true)
        #expect(site.exists("out/entries/2021-11-20-secret/index.html"))
        try site.write("out/CNAME", "example.org")
        let summary = try Self.build(site, into: site.root + "/out")
        #expect(!site.exists("out/entries/2021-11-20-secret/index.html"))
        #expect(!site.exists("out/entries/2021-11-20-secret"))
        #expect(!site.exists("out/months/2021-11/page/2/index.html"))
        #expect(site.exists("out/CNAME"))
        #expect(summary.filesRemoved == 2)
    }

    /// Found by an audit: a file of the user's that the build writes (a `sitemap.xml`, a gh-pages
    /// `404.html`) was taken for its own without a word, and removed by the first build that no
    /// longer wrote it. It is named in a warning, and never removed; the build's own stale pages still are.
    @Test func filesOfTheUsersWrittenOverAreNamedAndNeverRemoved() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-01"}]"#,
            "out/sitemap.xml": "<urlset>mine</urlset>",
            "out/404.html": "<p>mine</p>",
            "out/assets/style.css": "body { color: red }",
            "out/CNAME": "example.org",
        ])
        let out = site.root + "/out"
        func build(baseURL: String?) throws -> BuildSummary {
            try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: out, now: Self.now, baseURL: baseURL)).build()
        }
        let first = try build(baseURL: "https://example.org/")
        #expect(first.warnings.map(\.description) == [
            out + ": 3 files of yours written over: 404.html, assets/style.css, sitemap.xml (the build writes them; they are never removed)",
        ])
        #expect(site.read("out/sitemap.xml")?.contains("<loc>https://example.org/</loc>") == true)
        #expect(site.read("out/.daybook-manifest")?.hasSuffix("# written-over 404.html\n# written-over assets/style.css\n# written-over sitemap.xml\n") == true)
        // Without a baseURL there is no feed nor sitemap: the build's feed goes, the sitemap stays.
        let second = try build(baseURL: nil)
        #expect(second.warnings == [])
        #expect(second.filesRemoved == 1)
        #expect(!site.exists("out/feed.xml"))
        #expect(site.exists("out/sitemap.xml"))
        #expect(site.exists("out/404.html"))
        #expect(site.read("out/CNAME") == "example.org")
        #expect(site.read("out/.daybook-manifest")?.hasSuffix("# written-over 404.html\n# written-over assets/style.css\n") == true)
        #expect(OutputWriter(root: out).readManifest().removable.contains("404.html") == false)
        // A file holding what the build writes is not the user's: an earlier build's, copied without its manifest.
        try FileManager.default.removeItem(atPath: out + "/.daybook-manifest")
        let third = try build(baseURL: nil)
        #expect(!third.skipped)
        // Without the manifest, the sitemap the first build wrote over (its mark is in it) is taken for a build's: removed, and named.
        #expect(third.warnings.map(\.description) == [
            out + ": no .daybook-manifest (the record of what the builds wrote): 1 file an earlier build made here (with Daybook's mark), "
                + "which this one does not make, removed: sitemap.xml",
        ])
    }

    /// Found by an audit: a folder of the output replaced by a symbolic link (`ln -s ../photos
    /// _site/photos`) was followed when the build removed what it no longer writes, so the files
    /// the link leads to were deleted. They are left, and named in a warning.
    @Test func staleFilesBehindASymbolicLinkAreLeft() throws {
        let site = try Self.site()
        let out = site.root + "/out"
        try Self.build(site, into: out, drafts: true)
        try FileManager.default.moveItem(atPath: out + "/entries", toPath: site.root + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: out + "/entries", withDestinationPath: "../elsewhere")
        let summary = try Self.build(site, into: out)
        #expect(site.exists("elsewhere/2021-11-20-secret/index.html"))
        #expect(!site.exists("out/months/2021-11/page/2/index.html"))
        #expect(summary.filesRemoved == 1)
        #expect(summary.warnings.filter { $0.file == out }.map(\.description) == [
            out + ": 1 file not removed, as it is behind a symbolic link in the output: entries/2021-11-20-secret/index.html",
        ])
    }

    /// Found by a CLI audit: a page of an earlier build that the system would not remove (its
    /// folder made read-only) stayed with "0 removed" and no word, and the next manifest no longer
    /// listed it. It is named in a warning, with the system's reason. (A folder where the page was
    /// stands in for the read-only folder: the tests run as root, which any mode lets through.)
    @Test func aStaleFileTheSystemKeepsIsNamed() throws {
        let site = try Self.site()
        let out = site.root + "/out"
        try Self.build(site, into: out, drafts: true)
        let page = out + "/entries/2021-11-20-secret/index.html"
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.createDirectory(atPath: page, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: page + "/kept"))
        let summary = try Self.build(site, into: out)
        #expect(site.exists("out/entries/2021-11-20-secret/index.html/kept"))
        #expect(summary.warnings.filter { $0.file == out }.map(\.description) == [
            out + ": 1 file of an earlier build not removed (Is a directory): entries/2021-11-20-secret/index.html; remove it by hand",
        ])
    }

    @Test func failedBuildLeavesOutputUntouched() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let before = Self.files(in: site.root + "/out")
        try site.write("todos.json", #"[{"id": 1, "detail": 5}]"#)
        #expect(throws: BuildFailure.self) { try Self.build(site, into: site.root + "/out") }
        #expect(Self.files(in: site.root + "/out") == before)
    }

    @Test func failedRenderLeavesOutputUntouched() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let before = Self.files(in: site.root + "/out")
        let folders = try FileManager.default.subpathsOfDirectory(atPath: site.root + "/out").sorted()
        // A changed entry and a new one (new folders), then a template that recurses without end.
        try site.write("diary.json", Self.diary.replacingOccurrences(of: "First snow.", with: "Deep snow.")
            .replacingOccurrences(of: "  {\"title\": \"Secret\"", with: "  {\"title\": \"New\", \"date\": \"2021-11-21\"},\n  {\"title\": \"Secret\""))
        try site.write("templates/todos.mustache", "{{>todos}}")
        #expect {
            try Self.build(site, into: site.root + "/out")
        } throws: { error in
            guard case .invalid(let errors) = error as? BuildFailure else { return false }
            return errors.errors.map(\.description) == [
                site.root + "/templates/todos.mustache:1:1: rendering stopped: \"todos\" would nest more than 100 partials deep"
                    + " (does a partial include itself without an end?)",
            ]
        }
        #expect(Self.files(in: site.root + "/out") == before)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: site.root + "/out").sorted() == folders)
    }

    @Test func siteTemplatesOverrideTheTheme() throws {
        let site = try Self.site()
        try site.write("templates/partials/pager.mustache", "<p class=\"custom-pager\">{{#pager}}{{label}}{{/pager}}</p>\n")
        try Self.build(site, into: site.root + "/out")
        #expect(try #require(site.read("out/index.html")).contains(#"<p class="custom-pager">Page 1 of 2</p>"#))
    }

    @Test func templateErrorsAreLocated() throws {
        let site = try Self.site()
        try site.write("templates/entry.mustache", "{{<layout}}\n{{$content}}\n  {{#cards}}\n{{/content}}\n{{/layout}}\n")
        #expect {
            try Self.build(site, into: site.root + "/out")
        } throws: { error in
            guard case .invalid(let errors) = error as? BuildFailure else { return false }
            return errors.errors.first?.file == site.root + "/templates/entry.mustache" && errors.errors.first?.line ?? 0 > 0
        }
    }

    @Test func outputMayNotBeTheSiteFolder() throws {
        let site = try Self.site()
        #expect {
            try Self.build(site, into: site.root)
        } throws: { error in
            if case .badOutput = error as? BuildFailure { return true }
            return false
        }
    }

    /// A folder the build reads from cannot be its output: the pages' assets would become theme
    /// overrides, the variants would sit among the photos they are made from.
    @Test(arguments: [
        ("templates", "the build reads templates/ of the site folder; choose another folder, such as _site"),
        ("diary/out", "the build reads diary/ of the site folder; choose another folder, such as _site"),
        ("photos", "it holds photos/a.jpg, which the site publishes; choose another folder, such as _site"),
        // Found by a CI audit: the pages went among a repository's objects.
        (".git", "it is in .git/, a version control system's own folder; choose another folder, such as _site"),
        (".git/pages", "it is in .git/, a version control system's own folder; choose another folder, such as _site"),
    ])
    func outputMayNotBeAFolderTheBuildReads(folder: String, reason: String) throws {
        let site = try Self.site()
        do {
            try Self.build(site, into: site.root + "/" + folder)
            Issue.record("the build succeeded")
        } catch {
            guard case .badOutput(let message) = error as? BuildFailure else { Issue.record("\(error)"); return }
            #expect(message == "refusing to write the site into \(site.root)/\(folder): \(reason)")
        }
        #expect(!site.exists(folder + "/index.html"))
    }

    /// A site title ending in an unclosed right-to-left override (U+202E) is isolated in the
    /// footer, so "Generated …" after it reads as written; the theme isolates titles and tags too.
    @Test func userTextIsIsolatedFromTheThemesWords() throws {
        let site = try TempSite(files: [
            "daybook.json": "{\"title\": \"Bori\u{202E}\", \"timeZone\": \"UTC\"}",
            "diary.json": "[]",
        ])
        try Self.build(site, into: site.root + "/out")
        let home = try #require(site.read("out/index.html"))
        #expect(home.contains("<p><bdi>Bori\u{202E}</bdi> · <bdi>Generated Nov 15, 2021</bdi></p>"))
        let css = try #require(site.read("out/assets/style.css"))
        #expect(css.contains(".site-title, .entry-link, .entry-mood, .tag, .tag-cloud a, .archive a, .todo-detail, .search-results a { unicode-bidi: isolate; }"))
        // Isolated and in their own direction: an English title ending in a quote on an Arabic page.
        #expect(css.contains(".breadcrumbs li > *, .entry-nav a { unicode-bidi: plaintext; }"))
        #expect(css.contains(#"[dir="rtl"] time, [dir="rtl"] .search-results .entry-date { direction: rtl; unicode-bidi: isolate; }"#))
        #expect(css.contains(".body th, .body td { overflow-wrap: normal; }"))
    }

    /// Every `*.daybook-tmp` file under `root`.
    static func stagedFiles(in root: String) -> [String] {
        (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".daybook-tmp") }.sorted()
    }

    /// A page that cannot be moved into place (here a folder stands where `feed.xml` goes) fails
    /// the build with nothing staged left behind, and the next build removes the pages only the
    /// failed one made.
    @Test func aFailedCommitLeavesNoStagedFilesAndTheNextBuildTidiesUp() throws {
        let site = try Self.site()
        let out = site.root + "/out"
        try Self.build(site, into: out)
        try FileManager.default.removeItem(atPath: out + "/feed.xml")
        try site.write("out/feed.xml/in-the-way", "x")
        try site.write("diary.json", Self.diary.replacingOccurrences(of: #""title": "Snow""#, with: #""title": "Hail""#))
        do {
            try Self.build(site, into: out)
            Issue.record("the build succeeded")
        } catch {
            guard case .cannotWrite(let failure) = error as? BuildFailure else { Issue.record("\(error)"); return }
            #expect(failure.path == out + "/feed.xml")
        }
        #expect(Self.stagedFiles(in: out) == [])
        #expect(!site.exists("out/" + OutputWriter.unfinishedMarkerName))
        #expect(site.exists("out/entries/2021-12-31-hail/index.html"))
        #expect(site.read("out/.daybook-manifest")?.contains("# fingerprint") == false)
        try FileManager.default.removeItem(atPath: out + "/feed.xml")
        try site.write("diary.json", Self.diary)
        let summary = try Self.build(site, into: out)
        #expect(!summary.skipped)
        #expect(!site.exists("out/entries/2021-12-31-hail/index.html"))
        #expect(site.exists("out/entries/2021-12-31-snow/index.html"))
        #expect(Self.stagedFiles(in: out) == [])
    }

    /// A build killed part way leaves its marker and staged files: the next one, inputs unchanged,
    /// is not skipped, and removes them.
    @Test func aBuildAfterAKilledOneIsNotSkippedAndRemovesItsStagedFiles() throws {
        let site = try Self.site(rawHTML: false)
        let out = site.root + "/out"
        try Self.build(site, into: out)
        try site.write("out/index.html.daybook-tmp", "half a page")
        try site.write("out/" + OutputWriter.unfinishedMarkerName, "")
        let summary = try Self.build(site, into: out)
        #expect(!summary.skipped)
        #expect(Self.stagedFiles(in: out) == [])
        #expect(!site.exists("out/" + OutputWriter.unfinishedMarkerName))
        #expect(try Self.build(site, into: out).skipped)
    }

    @Test func feedAndSitemap() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let feed = try #require(site.read("out/feed.xml"))
        #expect(feed.contains(#"<link href="https://example.org/diary/entries/first-walk/"/>"#))
        #expect(feed.contains("<updated>2021-12-31T23:59:59Z</updated>"))
        let sitemap = try #require(site.read("out/sitemap.xml"))
        #expect(sitemap.contains("<url><loc>https://example.org/diary/</loc></url>"))
        #expect(!sitemap.contains("page/2"))
    }

    /// Found by a newcomer's audit: a theme could not link a file of its own (`assets/custom.css`)
    /// from every page, as no name gave the way to the site's top. `rootHref` does.
    @Test func aThemeLinksItsOwnFilesThroughRootHref() throws {
        let site = try Self.site()
        let layout = String(decoding: try #require(Theme.builtIn.files["layout.mustache"]), as: UTF8.self)
        let linked = layout.replacingOccurrences(of: #"<link rel="stylesheet" href="{{stylesheetHref}}">"#,
                                                 with: #"<link rel="stylesheet" href="{{stylesheetHref}}"><link rel="stylesheet" href="{{rootHref}}assets/custom.css">"#)
        #expect(linked != layout)
        try site.write("templates/layout.mustache", linked)
        try site.write("templates/assets/custom.css", "h1 { color: red }")
        try Self.build(site, into: site.root + "/out")
        #expect(try #require(site.read("out/index.html")).contains(#"<link rel="stylesheet" href="assets/custom.css">"#))
        #expect(try #require(site.read("out/entries/first-walk/index.html")).contains(#"<link rel="stylesheet" href="../../assets/custom.css">"#))
        #expect(LinkChecker(root: site.root + "/out").check().map(\.description) == [])
    }

    @Test func searchIndexFilesAndForm() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        // Documents are numbered newest month first: Snow (2022-01 in Seoul) 0, First walk 1, Vet 2.
        let meta = try #require(site.read("out/search/meta.js"))
        let stamp = try #require(meta.firstMatch(of: #/"stamp":"([0-9a-f]{16})"/#)).1
        #expect(meta == #"daybookSearch("m",0,{"buckets":64,"perShard":32,"months":[["2022-01",0,1],["2021-11",1,2]],"tags":[["vet","vet"],["walk","walk"],["산책","산책"]],"stamp":""# + stamp + "\"});\n")
        func shard(of term: String) throws -> String {
            try #require(site.read("out/" + SearchIndex.termShardPath(SearchIndex.bucket(of: term))))
        }
        #expect(try shard(of: "first").contains(#""first":[[1],[0]]"#))  // First walk's title, Snow's body
        #expect(try shard(of: "snow").contains(#""snow":[[0],[]]"#))
        #expect(try shard(of: "walked").contains(#""walked":[[],[1]]"#))
        #expect(try shard(of: "산책").contains(#""산책":[[],[1]]"#))
        #expect(try shard(of: "tag:walk").contains(#""tag:walk":[[],[1]]"#))
        #expect(try shard(of: "year:2021").contains(#""year:2021":[[],[1,1]]"#))
        #expect(try shard(of: "park").contains(#""park":[[],[1]]"#))  // the location
        #expect(!(try shard(of: "alert").contains(#""alert""#)))  // raw HTML is dropped, so not text
        let november = try #require(site.read("out/search/d-2021-11-0.js"))
        #expect(november.hasPrefix(#"daybookSearch("d","2021-11-0",[["First walk","Nov 13, 2021 at 9:30"#))
        #expect(november.contains(#"AM","../entries/first-walk/index.html",[["walk","../tags/walk/index.html"],["산책","../tags/%EC%82%B0%EC%B1%85/index.html"]],"We walked. km min 1.2 20 leash treats bad",["Happy","","Park"]],"#))
        #expect(november.contains(#"["Vet <visit> & \"shots\"","#))
        for b in 0..<SearchIndex.buckets { #expect(site.exists("out/" + SearchIndex.termShardPath(b))) }
        let home = try #require(site.read("out/index.html"))
        #expect(home.contains(#"<form class="site-search" role="search" action="search/index.html" aria-label="Search">"#))
        #expect(home.contains(#"<script src="assets/search.js" defer></script>"#))
        let entry = try #require(site.read("out/entries/first-walk/index.html"))
        #expect(entry.contains(#"action="../../search/index.html""#))
        let results = try #require(site.read("out/search/index.html"))
        #expect(results.contains(#"<div id="search" data-meta="meta.js" data-stamp=""# + stamp + #"" data-buckets="64""#))
        #expect(november.hasSuffix(#"],""# + stamp + "\");\n"))
        #expect(try shard(of: "walked").hasSuffix(#"},""# + stamp + "\");\n"))
        #expect(results.contains(#"data-digits="0123456789" data-group="," data-group-sizes="3,3,4" data-title="“{query}” · Search · Bori &amp; Me" data-field-labels="Mood: \#nWeather: \#nLocation: " data-status-scheduled="Scheduled">"#))
        #expect(results.contains("<noscript>"))
        #expect(results.contains(#"aria-live="polite""#))
    }

    /// `"search": false`: no index, no results page, no field in the header, no script.
    @Test func searchCanBeTurnedOff() throws {
        let site = try Self.site(extra: #", "search": false"#)
        try Self.build(site, into: site.root + "/out")
        #expect(!site.exists("out/search"))
        #expect(!site.exists("out/assets/search.js"))
        #expect(site.exists("out/assets/style.css"))
        let home = try #require(site.read("out/index.html"))
        #expect(!home.contains("site-search"))
        #expect(!home.contains("search.js"))
        let entry = try #require(site.read("out/entries/first-walk/index.html"))
        #expect(!entry.contains("search/index.html"))
        #expect(site.exists("out/entries/first-walk/index.html"))
    }

    @Test func monthReportMarkdown() throws {
        let site = try Self.site()
        try Self.build(site, into: site.root + "/out")
        let report = try #require(site.read("out/reports/2021-11.md"))
        #expect(report.hasPrefix("# November 2021\n"))
        #expect(report.contains("## Saturday, Nov 13, 2021"))
        #expect(report.contains("### First walk"))
        #expect(report.contains("\n#### Check-up\n"))
        #expect(report.contains("| Entries | 2 |"))
        #expect(report.contains("### Vet \\<visit\\> \\& \"shots\""))
    }
}

@Suite struct OutputWriterTests {
    /// A folder the build moved aside (where it now writes a file) whose subfolder is a symbolic
    /// link: the earlier build's file behind it stays, and is named.
    @Test func removingWhatWasMovedAsideStopsAtASymbolicLink() throws {
        let out = try TempSite(files: ["elsewhere/x.html": "theirs", "old/a.html.daybook-old/b.html": "stale"])
        try FileManager.default.createSymbolicLink(atPath: out.root + "/old/a.html.daybook-old/sub", withDestinationPath: "../../elsewhere")
        var left: [String] = []
        let removed = OutputWriter(root: out.root).remove(setAside: ["old/a.html"], previous: ["old/a.html/b.html", "old/a.html/sub/x.html"],
                                                          leftBehindLinks: &left)
        #expect(removed == 1)
        #expect(left == ["old/a.html/sub/x.html"])
        #expect(out.read("elsewhere/x.html") == "theirs")
        #expect(!out.exists("old/a.html.daybook-old/b.html"))
    }

    @Test(arguments: [false, true])
    func writerExpectingNewFoldersStillComparesExistingFiles(fromDescriptor: Bool) throws {
        let out = try TempSite(files: ["a/page.html": "same", "b/page.html": "old"])
        var writer = OutputWriter(root: out.root)
        writer.expectsNewFolders = true
        let descriptor = open(out.root, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        if fromDescriptor { writer.rootDescriptor = descriptor }
        var made: [String] = []
        #expect(try writer.stage(Array("same".utf8), to: "a/page.html", madeFolders: &made) == .unchanged)
        #expect(try writer.stage(Array("new".utf8), to: "b/page.html", madeFolders: &made) == .written)
        #expect(try writer.stage(Array("c".utf8), to: "c/d/page.html", madeFolders: &made) == .created)
        #expect(made == [out.root + "/c", out.root + "/c/d"])
        #expect(out.read("b/page.html") == "old")
        try writer.commit(["b/page.html"])
        #expect(out.read("b/page.html") == "new")
        #expect(out.read("c/d/page.html") == "c")
    }
}
