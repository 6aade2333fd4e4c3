import Foundation
import Testing
@testable import DaybookCore

/// Misspelled keys (warnings with the nearest known key), duplicate keys, every error of a
/// run reported at once, `--strict`, and the `diary/` folder read recursively.
@Suite struct DataWarningsTests {
    static let now = ISODate(day: CalendarDay(year: 2026, month: 1, day: 2), secondOfDay: 0, utcOffset: 0)

    /// Messages with the site folder's path taken off.
    static func shown(_ list: [SiteError], in site: TempSite) -> [String] {
        list.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
    }

    static func prepare(_ site: TempSite, strict: Bool = false) -> (errors: [String], warnings: [String]) {
        var options = BuildOptions(now: now)
        options.warningsAreErrors = strict
        var warnings: [SiteError] = []
        do {
            _ = try SiteBuilder(siteRoot: site.root, options: options).prepare(warnings: &warnings)
            return ([], shown(warnings, in: site))
        } catch {
            guard case .invalid(let errors) = error else { return (["\(error)"], []) }
            return (shown(errors.errors, in: site), shown(errors.warnings, in: site))
        }
    }

    /// Found by a newcomer's audit: a diary renamed `Diary.json` (or a todo list `todo.json`)
    /// built a site of nothing with no word, and the published entries went. Each is named; a
    /// name of the user's own, or one near a file that is there, is not.
    @Test func aDiaryOrTodoListUnderANearNameIsNamed() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "Diary.json": "[]", "todo.json": "[]", "Diary/a.json": "[]", "notes.json": "[]",
        ])
        #expect(Self.prepare(site).warnings == [
            "Diary: not read: a diary's files are read from the folder diary/; rename it diary",
            "Diary.json: not read: the diary is read from diary.json (and the folder diary/); rename it diary.json",
            "todo.json: not read: the todo list is read from todos.json; rename it todos.json",
        ])
        try site.write("diary.json", "[]")
        try site.write("todos.json", "[]")
        #expect(Self.prepare(site).warnings.isEmpty)
    }

    /// Found by a newcomer's audit: Hugo's and Jekyll's folders and configuration at a site's top
    /// (`content/posts/a.md`, `_posts/`, `layouts/`, `hugo.toml`) were passed over without a word,
    /// `check --strict` too. Each is named, at it, with what Daybook reads instead; a name of the
    /// user's own, or one of the other kind (a file `content`, a folder `hugo.toml`), is not.
    @Test func otherToolsFilesAtTheTopAreNamed() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "content/posts/a.md": "# A\n", "_posts/2026-01-01-j.md": "j\n", "layouts/partials/footer.html": "x",
            "hugo.toml": "title = 'x'\n", "_config.yml": "title: x\n", "notes/a.md": "mine\n",
            "themes": "a file of the user's", "config.toml/x": "a folder of the user's",
        ])
        let posts = "; to bring its posts in as entries, keep the old site in a folder of its own and run daybook import markdown OLD-SITE --site SITE (docs/import.md)"
        let config = "Daybook's settings are daybook.json's (\"title\", \"baseURL\", \"locale\", \"timeZone\", \"params\")"
        #expect(Self.prepare(site).warnings == [
            "_config.yml: not read: Jekyll's configuration; " + config,
            "_posts: not read: Jekyll's posts; Daybook reads its entries from diary.json or diary/" + posts,
            "content: not read: Hugo's (and Zola's) posts and pages; Daybook reads its entries from diary.json or diary/, and its pages from pages/" + posts,
            "hugo.toml: not read: Hugo's configuration; " + config,
            "layouts: not read: Hugo's templates; Daybook's templates are Mustache files in templates/ (daybook theme export SITE/templates writes the built-in ones to start from)",
        ])
        #expect(Self.prepare(site, strict: true).errors.count == 5)
    }

    /// Found by a newcomer's audit: `daybook build hugo`, a Hugo site's folder, said only that it
    /// has no daybook.json; it is told how to import the site's posts.
    @Test(arguments: [
        ("hugo.toml", "a Hugo site"), ("config.toml", "a Hugo or Zola site"), ("content/posts/a.md", "a Hugo or Zola site"),
        ("_config.yml", "a Jekyll site"), ("_posts/2026-01-01-a.md", "a Jekyll site"),
    ])
    func anotherToolsSiteIsToldToImport(file: String, kind: String) throws {
        let site = try TempSite(files: [file: "x"])
        #expect {
            try SiteLoader(root: site.root).load()
        } throws: { error in
            guard case .missingInput(let message) = error as? SiteLoadFailure else { return false }
            return message == "\(site.root)/daybook.json: not found (a site folder holds daybook.json; `daybook new DIR` makes one); "
                + "\(site.root) holds \(kind): make a Daybook site with `daybook new DIR`, then bring its posts in with `daybook import markdown \(site.root) --site DIR`"
        }
    }

    /// Found by a newcomer's audit: `{{chrome.sitTitle}}` was told "did you mean siteTitle?",
    /// which is no name there either; a dotted name is suggested whole.
    /// Found by a Korean diarist's audit: a tag a Mac wrote decomposed (NFD) was shown as loose
    /// jamo and filed twice in the feed beside the same tag written composed. It is composed.
    @Test func aTagWrittenDecomposedIsComposed() throws {
        let decomposed = "가족 여행".decomposedStringWithCanonicalMapping, café = "café".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count == 11 && café.unicodeScalars.count == 5)
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "baseURL": "https://example.org/"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-01", "tags": ["\#(decomposed)", "\#(café)", "walk"]}, {"title": "B", "date": "2021-11-02", "tags": ["가족 여행"]}]"#,
        ])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(loaded.source.entries[0].tags.map { $0.unicodeScalars.count } == [5, 4, 4])
        #expect(loaded.source.entries[0].tags == ["가족 여행", "café", "walk"])
        _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        let feed = try #require(site.read("out/feed.xml"))
        #expect(feed.components(separatedBy: #"<category term="가족 여행"/>"#).count == 3)
        #expect(feed.range(of: decomposed, options: .literal) == nil)
    }

    @Test func aDottedNameIsSuggestedWhole() throws {
        let layout = try #require(Theme.builtIn.text("layout.mustache"))
            .replacingOccurrences(of: "<p><bdi>{{chrome.siteTitle}}</bdi>", with: "<p>{{chrome.sitTitle}} {{chrom.siteTitle}} <bdi>{{chrome.siteTitle}}</bdi>")
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2026-01-01"}]"#,
            "templates/layout.mustache": layout,
        ])
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        #expect(Self.shown(summary.warnings, in: site) == [
            #"templates/layout.mustache:76:4: no value named "chrome.sitTitle" here (did you mean "chrome.siteTitle"?)"#,
            #"templates/layout.mustache:76:24: no value named "chrom.siteTitle" here (did you mean "chrome.siteTitle"?)"#,
        ])
    }

    @Test func nearestNames() {
        #expect(NearestName.suggestion(for: "tgas", among: SiteLoader.entryKeys) == "tags")
        #expect(NearestName.suggestion(for: "baseUrl", among: SiteLoader.configKeys) == "baseURL")
        #expect(NearestName.suggestion(for: "timezone", among: SiteLoader.configKeys) == "timeZone")
        #expect(NearestName.suggestion(for: "pagesize", among: SiteLoader.configKeys) == "pageSize")
        #expect(NearestName.suggestion(for: "photo", among: SiteLoader.entryKeys) == "photos")
        #expect(NearestName.suggestion(for: "tittle", among: SiteLoader.entryKeys) == "title")
        #expect(NearestName.suggestion(for: "buidl", among: ["build", "check", "new"]) == "build")
        // The user's own keys: not near any.
        #expect(NearestName.suggestion(for: "author", among: SiteLoader.entryKeys) == nil)
        #expect(NearestName.suggestion(for: "ip", among: SiteLoader.entryKeys) == nil)
        #expect(NearestName.suggestion(for: "rating", among: SiteLoader.entryKeys) == nil)
        #expect(NearestName.suggestion(for: "tag", among: SiteLoader.entryKeys) == "tags")
        // A part of a name, at its start or end: the shortest such name (a template's names).
        #expect(NearestName.containing("date", among: ["title", "dateMachine", "dateText"]) == "dateText")
        #expect(NearestName.containing("HTML", among: ["summaryHTML", "bodyHTML"]) == "bodyHTML")
        #expect(NearestName.containing("ate", among: ["dateText"]) == nil)
        #expect(NearestName.containing("at", among: ["atom"]) == nil)
    }

    @Test func misspelledKeysWarnInEveryFileWithTheNearestKey() throws {
        let site = try TempSite(files: [
            "daybook.json": """
            {"title": "T", "baseUrl": "https://example.org/", "timezone": "UTC",
             "pagesize": 5, "myOwnSetting": 1, "photoWidths": [480], "photoFormat": "webp",
             "keepPhotoMetadata": false, "publishOriginals": false}
            """,
            "diary.json": """
            [
              {"title": "A", "date": "2021-11-13",
                "tgas": ["x"], "author": "me", "source": "dayone:1", "timeZone": "Asia/Seoul"}
            ]
            """,
            "todos.json": """
            [{"id": 1, "detail": "d", "isdone": true, "priority": "H"}]
            """,
        ])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(loaded.errors.isEmpty)
        #expect(Self.shown(loaded.source.warnings, in: site) == [
            #"daybook.json:1:16: unknown key "baseUrl" (did you mean "baseURL"?)"#,
            #"daybook.json:1:51: unknown key "timezone" (did you mean "timeZone"?)"#,
            #"daybook.json:2:2: unknown key "pagesize" (did you mean "pageSize"?)"#,
            #"diary.json:3:5: unknown key "tgas" (did you mean "tags"?)"#,
            #"todos.json:1:27: unknown key "isdone" (did you mean "isDone"?)"#,
        ])
    }

    /// Found by a build audit: Hugo's and Jekyll's keys, written in daybook.json by someone moving
    /// a site, were quiet (not near a key of Daybook's), so the site was built without them.
    @Test func otherToolsKeysSayDaybooksOwn() throws {
        let site = try TempSite(files: [
            "daybook.json": """
            {"title": "T", "languageCode": "de-de", "paginate": 5,
             "publishDir": "docs", "url": "https://example.org", "baseurl": "/diary", "myOwnSetting": 1}
            """,
        ])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(Self.shown(loaded.source.warnings, in: site) == [
            #"daybook.json:1:16: "languageCode" is Hugo's; Daybook's is "locale": "de_DE" here"#,
            #"daybook.json:1:41: "paginate" is Hugo's and Jekyll's; Daybook's is "pageSize""#,
            #"daybook.json:2:2: "publishDir" is Hugo's; Daybook writes where --output says (default: _site in the site folder)"#,
            #"daybook.json:2:24: "url" is Jekyll's; Daybook's is "baseURL", the whole address: "https://example.org/diary/" here"#,
            #"daybook.json:2:54: "baseurl" is Jekyll's; Daybook's is "baseURL", the whole address: "https://example.org/diary/" here"#,
        ])
    }

    /// Found by a docs audit: the hints quoted "de_DE" and an example address as if they were the
    /// site's own. A value that says no locale or address gets the example, marked as one.
    @Test func otherToolsKeysWithoutAUsableValueSayAnExample() throws {
        let site = try TempSite(files: [
            "daybook.json": """
            {"title": "T", "languageCode": "English", "url": "x", "dateFormat": "x", "lang": "pt-br"}
            """,
        ])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(Self.shown(loaded.source.warnings, in: site) == [
            #"daybook.json:1:16: "languageCode" is Hugo's; Daybook's is "locale" (such as "de_DE")"#,
            #"daybook.json:1:43: "url" is Jekyll's; Daybook's is "baseURL" (the whole address, such as "https://example.org/diary/")"#,
            #"daybook.json:1:55: "dateFormat" is Hugo's; Daybook writes dates as the "locale" does (such as "de_DE": 13.11.2021)"#,
            #"daybook.json:1:74: "lang" is Jekyll's; Daybook's is "locale": "pt_BR" here"#,
        ])
    }

    /// Found by a newcomer's audit: Hugo's front matter keys in an entry (`slug`, `categories`)
    /// were quiet, as the user's own keys are, while a page's front matter and daybook.json warned
    /// of them. Those Daybook has under another name are named, in any case, as Hugo reads them;
    /// other keys stay the user's own.
    @Test func otherToolsKeysOfAnEntrySayDaybooksOwn() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": """
            [
              {"title": "A", "date": "2021-11-13", "slug": "a", "url": "/a/",
               "categories": ["x"], "lastmod": "2021-11-14", "summary": "s", "weight": 1,
               "Tags": ["y"], "author": "me", "Categories": ["z"]}
            ]
            """,
        ])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(loaded.errors.isEmpty)
        let id = #"Daybook's is "id" (the entry's page is entries/<id>/); an old address goes in "aliases""#
        #expect(Self.shown(loaded.source.warnings, in: site) == [
            #"diary.json:2:40: "slug" is Hugo's and Jekyll's; "# + id,
            #"diary.json:2:53: "url" is Hugo's; "# + id,
            #"diary.json:3:4: "categories" is Hugo's and Jekyll's; Daybook's is "tags""#,
            #"diary.json:3:25: "lastmod" is Hugo's; an entry has one "date", which its page shows"#,
            #"diary.json:3:50: "summary" is Hugo's; an entry's page is described by its body's opening 160 characters"#,
            #"diary.json:3:66: "weight" is Hugo's; entries are in the order of their "date" (at one moment, as they are written)"#,
            #"diary.json:4:4: unknown key "Tags" (did you mean "tags"?)"#,
            #"diary.json:4:35: "Categories" is Hugo's and Jekyll's; Daybook's is "tags""#,
        ])
        #expect(loaded.source.entries.map(\.id) == [nil])
    }

    /// Keys Daybook reads; a repeated key of the user's own ("x") is kept as it is.
    @Test func duplicateKeysAreLocatedErrors() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "title": "U"}"#,
            "diary.json": "[\n  {\"title\": \"A\", \"date\": \"2021-11-13\", \"date\": \"2021-11-14\"}\n]",
            "todos.json": #"[{"id": 1, "detail": "d", "x": 1, "x": 2, "isDone": true, "isDone": false}]"#,
        ])
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(Self.shown(SiteErrors(loaded.errors).errors, in: site) == [
            #"daybook.json:1:16: duplicate key "title" in one object (first at line 1, column 2)"#,
            #"diary.json:2:40: duplicate key "date" in one object (first at line 2, column 18)"#,
            #"todos.json:1:59: duplicate key "isDone" in one object (first at line 1, column 43)"#,
        ])
        #expect(loaded.source.entries.isEmpty)
    }

    @Test func everyErrorOfARunIsReportedAtOnce() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": """
            [
              {"id": "same", "title": "A", "date": "2021-11-13"},
              {"title": "B", "date": "2021-13-13"},
              {"id": "same", "title": "C", "date": "2021-11-14"}
            ]
            """,
            "templates/entry.mustache": "{{#open}}\n",
        ])
        #expect(Self.prepare(site).errors == [
            #"diary.json:3:26: "date" is not an ISO 8601 date (2021-13-13 is not a day of the calendar), found "2021-13-13""#,
            #"diary.json:4:3: duplicate entry id "same" (first used at diary.json:2:3)"#,
            #"templates/entry.mustache:1:1: unclosed section "open""#,
        ])
    }

    /// A missing partial is told at the site's file that names it; a partial that does not parse is
    /// told once, not again at every template that includes it.
    @Test func templateErrorsNameTheSitesFilesOnce() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13"}]"#,
            "templates/entry.mustache": "{{<layout}}{{$content}}\n{{> nosuchpartial}}\n{{/content}}{{/layout}}\n",
            "templates/partials/cards.mustache": "{{#x}}oops{{/y}}",
        ])
        #expect(Self.prepare(site).errors == [
            #"templates/entry.mustache:2:1: no template named "nosuchpartial""#,
            #"templates/partials/cards.mustache:1:11: closing tag "y" does not match open section "x" (opened at 1:1)"#,
        ])
    }

    /// Found by a theme audit: a misspelt partial or parent said only "no template named".
    @Test func aMisspeltPartialNamesTheTemplateMeant() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13"}]"#,
            "templates/page.mustache": "{{<layuot}}{{$content}}x{{/content}}{{/layuot}}\n",
        ])
        #expect(Self.prepare(site).errors == [#"templates/page.mustache:1:1: no template named "layuot" (did you mean "layout"?)"#])
    }

    @Test func strictMakesWarningsErrors() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "pagesize": 5}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13"}]"#,
        ])
        #expect(Self.prepare(site) == ([], [#"daybook.json:1:16: unknown key "pagesize" (did you mean "pageSize"?)"#]))
        #expect(Self.prepare(site, strict: true) == ([#"daybook.json:1:16: unknown key "pagesize" (did you mean "pageSize"?)"#], []))
    }

    @Test func aBuildWithWarningsIsNotSkippedSoTheyShowAgain() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "pagesize": 5}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13"}]"#,
        ])
        let output = site.root + "/_site"
        let builder = SiteBuilder(siteRoot: site.root, options: BuildOptions(output: output, now: Self.now))
        #expect(try builder.build().warnings.count == 1)
        let again = try builder.build()
        #expect(!again.skipped)
        #expect(again.warnings.count == 1)
    }

    /// Found by a theming audit: `partials/entry.mustache` and `entry.mustache` were both
    /// "entry", and which one a build used was the order of a dictionary (3 builds in 10 wrote
    /// every entry page as the partial alone).
    @Test func aPartialNamedAsAPageTemplateIsAnError() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/partials/entry.mustache": #"<div class="mine">{{title}}</div>"#,
            "templates/partials/layout.mustache": "x",
        ])
        let (errors, warnings) = Self.prepare(site)
        #expect(errors == [
            #"templates/partials/entry.mustache:1:1: a partial is named without "partials/", so this one is "entry", as entry.mustache is, which it would replace; give it another name"#,
            #"templates/partials/layout.mustache:1:1: a partial is named without "partials/", so this one is "layout", as layout.mustache is, which it would replace; give it another name"#,
        ])
        // Not also a warning that it goes unused (a Markdown audit found the two said together).
        #expect(warnings == [])
    }

    /// Found by a theming audit: `{{rootHref}}` in a page's `{{$content}}` (README said "from any
    /// page") is no name there: it is `chrome.rootHref`, which the warning now says.
    @Test func aNameOfThePagesFrameIsSuggestedUnderChrome() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/404.mustache": #"{{<layout}}{{$content}}<img src="{{rootHref}}assets/logo.png" alt="">{{/content}}{{/layout}}"#,
        ])
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        #expect(Self.shown(summary.warnings, in: site) == [
            #"templates/404.mustache:1:34: no value named "rootHref" here (did you mean "chrome.rootHref"?)"#,
        ])
    }

    /// Found by a newcomer's audit: Hugo's and Jekyll's names, and names a page has in part, got
    /// no pointer (`{{date}}`, `{{mood}}` on an entry's page, `{{params.author}}`, `{{ content }}`).
    @Test func otherToolsNamesAndPartsOfNamesAreSuggested() throws {
        let layout = try #require(Theme.builtIn.text("layout.mustache"))
            .replacingOccurrences(of: #"<main class="wrap" id="main">"#, with: #"<main class="wrap" id="main">{{ content }}"#)
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "params": {"author": "Mina"}}"#,
            "diary.json": #"[{"title": "A", "date": "2026-01-01", "mood": "Calm"}]"#,
            "templates/layout.mustache": layout,
            "templates/entry.mustache": """
            {{<layout}}{{$content}}
            {{date}} {{mood}} {{params.author}} {{content}} {{site.title}} {{page.title}} {{html}}
            {{/content}}{{/layout}}
            """,
        ])
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        #expect(Self.shown(summary.warnings, in: site) == [
            #"templates/entry.mustache:2:1: no value named "date" here (did you mean "dateText"?)"#,
            #"templates/entry.mustache:2:10: no value named "mood" here (the entry's mood is one of its "cards", as {{>cards}} shows them: each item has its "kind" ("mood"), "title" and "value")"#,
            #"templates/entry.mustache:2:19: no value named "params.author" here (did you mean "chrome.params.author"?)"#,
            #"templates/entry.mustache:2:37: no value named "content" here (did you mean "bodyHTML", written {{{bodyHTML}}} as it is HTML?)"#,
            #"templates/entry.mustache:2:49: no value named "site.title" here (did you mean "chrome.siteTitle"?)"#,
            #"templates/entry.mustache:2:64: no value named "page.title" here (did you mean "title"?)"#,
            #"templates/entry.mustache:2:79: no value named "html" here (did you mean "bodyHTML"?)"#,
            #"templates/layout.mustache:62:30: no value named "content" here (the layout holds a page where it has the block {{$content}}{{/content}}: Jekyll's {{ content }} is a value, not the block)"#,
        ])
    }

    /// Found by a newcomer's audit: a Go template's or Liquid's tag was only an "invalid tag name"
    /// (`{{ .Site.Params.author }}`); it is told Daybook's name, or what Mustache has instead.
    @Test func otherToolsTagsAreToldDaybooksOwn() throws {
        func page(_ tag: String) -> String { "{{<layout}}{{$content}}<p>\(tag)</p>{{/content}}{{/layout}}" }
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/entry.mustache": page("{{ .Site.Params.author }}"),
            "templates/page.mustache": page("{{ .Content }}"),
            "templates/list.mustache": page("{{ page.date | date: \"%b %d\" }}"),
            "templates/archive.mustache": page("{{ range .Pages }}x{{ end }}"),
            "templates/404.mustache": page("{{ partial \"footer.html\" . }}"),
            "templates/todos.mustache": page("{{- .Kind -}}"),
            "templates/search.mustache": page("{{ first name }}{{ .Site.Title }}"),
        ])
        let mustache = " (Daybook's templates are Mustache, not Hugo's or Jekyll's: "
        #expect(Self.prepare(site).errors == [
            #"templates/404.mustache:1:27: invalid tag name "partial "footer.html" .""# + mustache + "a partial is included as {{> NAME}}, from templates/partials/NAME.mustache)",
            #"templates/archive.mustache:1:27: invalid tag name "range .Pages""# + mustache
                + "a section, {{#NAME}}…{{/NAME}}, shows its text for each item of a list or once for a value that is there, and {{^NAME}}…{{/NAME}} when it is not)",
            #"templates/entry.mustache:1:27: invalid tag name ".Site.Params.author""# + mustache + "did you mean {{chrome.params.author}}?)",
            #"templates/list.mustache:1:27: invalid tag name "page.date | date: "%b %d"""# + mustache + "did you mean {{dateText}}?)",
            #"templates/page.mustache:1:27: invalid tag name ".Content""# + mustache + "did you mean {{{bodyHTML}}}?)",
            #"templates/search.mustache:1:27: invalid tag name "first name""#,
            #"templates/search.mustache:1:43: invalid tag name ".Site.Title""# + mustache + "did you mean {{chrome.siteTitle}}?)",
            #"templates/todos.mustache:1:27: invalid tag name "- .Kind -""# + mustache
                + "a name has no leading dot, as {{title}}; the theme's files, from daybook theme export SITE/templates, show each page's names)",
        ])
    }

    /// Found by a theming audit: a dynamic partial that named no template rendered nothing
    /// without a word; it is a warning at its tag, with the nearest template's name.
    @Test func aDynamicPartialThatFindsNoTemplateIsAWarning() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/404.mustache": #"{{<layout}}{{$content}}{{#chrome}}{{>*siteTitle}}{{/chrome}}{{/content}}{{/layout}}"#,
            "templates/partials/t.mustache": "x",
        ])
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        #expect(Self.shown(summary.warnings, in: site) == [
            #"templates/404.mustache:1:35: the partial "*siteTitle" is "T" here, and no template has that name (did you mean "t"?)"#,
        ])
    }

    /// Found by a theming audit: a dynamic partial given a value an entry (`{{>*mood}}`) was one
    /// warning a value, hundreds on a big diary; it is one at its tag, naming five values.
    @Test func aDynamicPartialIsOneWarningWhateverItsValues() throws {
        let moods = ["calm", "glad", "hapy", "sad", "tired", "wired", "zen"]
        let entries = moods.enumerated().map { #"{"title": "E\#($0.offset)", "date": "2024-01-0\#($0.offset + 1)", "mood": "\#($0.element)"}"# }
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": "[" + entries.joined(separator: ",") + "]",
            "templates/list.mustache": "{{<layout}}{{$content}}{{#days}}{{#entries}}{{>*mood}}{{/entries}}{{/days}}{{/content}}{{/layout}}",
            "templates/partials/happy.mustache": ":)",
        ])
        let summary = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: Self.now)).build()
        #expect(Self.shown(summary.warnings, in: site) == [
            #"templates/list.mustache:1:45: the partial "*mood" names no template for 7 values here: "calm", "glad", "hapy" (did you mean "happy"?), "sad", "tired" and 2 more"#,
        ])
    }

    /// Found by a theming audit: `{{$contents}}` for the layout's `{{$content}}` gave an empty
    /// page, and `check --strict` passed.
    @Test func aBlockTheParentHasNotIsAWarning() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/404.mustache": "{{<layout}}{{$contents}}<h1>{{heading}}</h1>{{/contents}}{{$footer}}x{{/footer}}{{/layout}}",
        ])
        #expect(Self.prepare(site).warnings == [
            #"templates/404.mustache:1:12: the parent "layout" has no block "contents" (did you mean "content"?), so what this block holds is never shown"#,
            #"templates/404.mustache:1:58: the parent "layout" has no block "footer" (it has "content", "head"), so what this block holds is never shown"#,
        ])
        #expect(Self.prepare(site, strict: true).errors.count == 2)
    }

    /// Found by a theming audit: an icon saved by Inkscape (XML declaration, comment, DOCTYPE)
    /// was pasted whole into every page, which no HTML allows there.
    @Test func anIconIsInlinedFromItsSVGTagOn() {
        let file = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- Created with Inkscape -->\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x.dtd\">\n<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/></svg>\n"
        #expect(PagePresenter.inlineSVG(file) == #"<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>"#)
        #expect(PagePresenter.inlineSVG("  <svg/>\n") == "<svg/>")
    }

    /// Found by a theming audit: a site's feed template was not checked (nor used) on a site
    /// without a baseURL, and `check --strict` said nothing.
    @Test func aFeedTemplateWithoutABaseURLIsSaidToBeUnused() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/feed.xml.mustache": "{{content}}",
        ])
        #expect(Self.prepare(site).warnings == [
            #"templates/feed.xml.mustache: is not used: the feed is made only for a site with a "baseURL" in daybook.json (or --base-url)"#,
        ])
        let hosted = try TempSite(files: [
            "daybook.json": #"{"title": "T", "baseURL": "https://example.org/"}"#,
            "templates/feed.xml.mustache": "{{content}}",
        ])
        #expect(Self.prepare(hosted).warnings == [])
    }

    @Test func unusedThemeFilesWarnWithTheNearestName() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/entyr.mustache": "x",
            "templates/partials/mine.mustache": "mine",
            "templates/list.mustache": "{{> mine}}",
            "templates/assets/extra.css": "a{}",
            "templates/i18n/fr.json": "{}",
            "templates/icons/mod.svg": "<svg/>",
            // A theme file in the wrong folder is named where it goes (a Markdown audit: no suggestion).
            "templates/style.css": "a{}",
        ])
        #expect(Self.prepare(site).warnings == [
            #"templates/entyr.mustache: matches no file of the theme, so it is not used (did you mean "entry.mustache"?)"#,
            #"templates/icons/mod.svg: matches no file of the theme, so it is not used (did you mean "icons/mood.svg"?)"#,
            #"templates/style.css: matches no file of the theme, so it is not used (did you mean "assets/style.css"?)"#,
        ])
    }

    @Test func aTemplateOnlyAnUnusedTemplateIncludesIsUnusedToo() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/partials/old.mustache": "{{> older}}",
            "templates/partials/older.mustache": "{{< oldest}}{{/ oldest}}",
            "templates/oldest.mustache": "x",
            "templates/entry.mustache": "{{> mine}}",
            "templates/partials/mine.mustache": "{{> also-mine}}",
            "templates/partials/also-mine.mustache": "y",
        ])
        #expect(Self.prepare(site).warnings == [
            "templates/oldest.mustache: matches no file of the theme, so it is not used",
            "templates/partials/old.mustache: matches no file of the theme, so it is not used",
            "templates/partials/older.mustache: matches no file of the theme, so it is not used",
        ])
    }

    @Test func aDynamicPartialCanIncludeAnyTemplate() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "templates/entry.mustache": "{{>*layout}}",
            "templates/partials/wide.mustache": "w",
        ])
        #expect(Self.prepare(site).warnings == [])
    }

    @Test func diaryFolderIsReadRecursivelyAndCaseInsensitively() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary/2026/03.json": #"{"title": "March", "date": "2026-03-01"}"#,
            "diary/2026/02.JSON": #"[{"title": "February", "date": "2026-02-01"}]"#,
            "diary/2025.json": #"{"title": "Old", "date": "2025-01-01"}"#,
            "diary/.hidden/x.json": #"{"title": "Hidden", "date": "2025-01-01"}"#,
            "diary/notes.txt": "not JSON",
        ])
        let entries = try SiteLoader(root: site.root).load().entries
        #expect(entries.map(\.title) == ["Old", "February", "March"])
    }

    @Test func theOrderFilesAreMadeInNeverChangesTheOutput() throws {
        func build(_ names: [String]) throws -> [String: Data] {
            let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#])
            for name in names {
                try site.write("diary/" + name, #"{"title": "Same day", "date": "2026-03-01"}"#)
            }
            _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/_site", now: Self.now)).build()
            return SiteBuildTests.files(in: site.root + "/_site")
        }
        let one = try build(["b/1.json", "a.json", "B.json", "c/d/2.json"])
        let other = try build(["c/d/2.json", "B.json", "a.json", "b/1.json"])
        #expect(one.count > 10)
        #expect(one == other)
    }

    @Test func positionsInOnePassAreThoseOfEachOffset() {
        let text = "\u{FEFF}{\"a\": 1,\r\n \"한국\": [\r 2, \"x\"],\n\n  \"tgas\": 3 }" + String(repeating: " \"é\": 4,", count: 50)
        let bytes = Array(text.utf8)
        let offsets = Array(stride(from: 0, through: bytes.count, by: 3)) + [bytes.count]
        #expect(SourcePosition.positions(ofSorted: offsets, in: bytes) == offsets.map { SourcePosition(offset: $0, in: bytes) })
    }

    @Test func positionsThroughLineStartsAreThoseOfEachOffset() {
        let text = "\u{FEFF}{\"a\": 1,\r\n \"한국\": [\r 2, \"x\"],\n\n  \"tgas\": 3 }\r"
        let bytes = Array(text.utf8)
        var reader = JSONReader(file: "f", bytes: bytes)
        // Every offset where a message can point: the start of a character, not the "\n" of a "\r\n".
        for offset in 0...bytes.count where offset == bytes.count
            || (bytes[offset] & 0xC0 != 0x80 && (bytes[offset] != 0x0A || bytes[offset - 1] != 0x0D)) {
            #expect(reader.position(of: offset) == SourcePosition(offset: offset, in: bytes), "\(offset)")
        }
    }

    @Test func aWarningInEveryEntryIsLocatedInOnePass() throws {
        let entries = (0..<5_000).map { #"{"title": "E\#($0)", "date": "2021-11-13", "tgas": []}"# }
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": "[\n" + entries.joined(separator: ",\n") + "\n]\n",
        ])
        let warnings = try SiteLoader(root: site.root).loadAll().source.warnings
        #expect(warnings.count == 5_000)
        #expect(warnings.last.map { "\($0.line):\($0.column)" } == "5001:42")
    }

    @Test func anErrorInEveryEntryIsLocatedInOnePass() throws {
        let entries = (0..<5_000).map { #"{"title": "E\#($0)", "date": "2021-13-01"}"# }
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": "[\n" + entries.joined(separator: ",\n") + "\n]\n",
        ])
        let errors = SiteErrors(try SiteLoader(root: site.root).loadAll().errors).errors
        #expect(errors.count == 5_000)
        #expect(errors.last.map { "\($0.line):\($0.column)" } == "5001:28")
        #expect(errors.first?.reason == #""date" is not an ISO 8601 date (2021-13-01 is not a day of the calendar), found "2021-13-01""#)
    }

    /// Found by a photos audit: `![x](photos/a b.jpg)` is words in CommonMark, so the page showed the
    /// Markdown and nothing said why; in a code span it is meant as written, and in angle brackets it is an image.
    @Test func anImageWhoseAddressHoldsASpaceIsWarnedAbout() throws {
        let body = #"Look: ![x](photos/a b/c d.jpg) and `![y](photos/e f.jpg)`, [a link](notes/g h.txt), ![z](<photos/i j.png>)"#
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "body": "\#(body)"}]"#,
        ])
        let found = Self.prepare(site)
        #expect(found.warnings == [
            #"diary.json:1:59: image "photos/a b/c d.jpg" is shown as words, since its address holds a space: write it in angle brackets, ![…](<photos/a b/c d.jpg>), or with %20 for each space"#,
        ])
        #expect(found.errors == [#"diary.json:1:138: image "photos/i j.png" not found in the site folder"#])
    }

    /// Found by a photos audit: a photo listed twice in one entry was shown twice without a word.
    @Test func aPhotoListedTwiceInAnEntryIsWarnedAbout() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "photos": ["photos/a.jpg", {"src": "photos/a.jpg", "alt": "again"}]}]"#,
        ])
        let warnings = Self.prepare(site).warnings
        #expect(warnings == [#"diary.json:1:66: photo "photos/a.jpg" is listed twice in this entry's "photos", and is shown twice"#])
    }

    @Test func manyDuplicateIdsAndMissingPhotosAreLocated() throws {
        let entries = (0..<3_000).map { #"{"id": "e\#($0)", "title": "E", "date": "2021-11-13", "photos": ["photos/p\#($0).jpg"]}"# }
        let file = "[\n" + entries.joined(separator: ",\n") + "\n]\n"
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary/a.json": file, "diary/b.json": file])
        let found = Self.prepare(site).errors
        #expect(found.count == 9_000)
        #expect(Array(found.suffix(2)) == [
            #"diary/b.json:3001:1: duplicate entry id "e2999" (first used at diary/a.json:3001:1)"#,
            #"diary/b.json:3001:64: photo "photos/p2999.jpg" not found in the site folder"#,
        ])
    }
    /// Found by a daily-use audit: a diary.json moved away (renamed, not synced yet) built a site of
    /// nothing, and every entry's page went, without a word. It is a warning that says so.
    @Test func aDiaryGoneSinceTheLastBuildIsAWarning() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "a", "date": "2021-11-01"}, {"title": "b", "date": "2021-11-02"}]"#,
        ])
        let options = BuildOptions(output: site.root + "/out", now: Self.now)
        #expect(try SiteBuilder(siteRoot: site.root, options: options).build().warnings.isEmpty)
        try FileManager.default.moveItem(atPath: site.root + "/diary.json", toPath: site.root + "/old.json")
        let summary = try SiteBuilder(siteRoot: site.root, options: options).build()
        #expect(Self.shown(summary.warnings, in: site) == [
            "diary.json: not found (nor diary/), and the last build into out had 2 entries: the site now has none, and their pages are removed",
        ])
    }
}

/// Publishing the originals publishes their metadata: a warning at the key, unless the site keeps metadata anyway.
@Suite struct OriginalsWarningTests {
    static func warnings(_ config: String) throws -> [String] {
        let site = try TempSite(files: ["daybook.json": config])
        return try SiteLoader(root: site.root).loadAll().source.warnings.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
    }

    @Test func publishedOriginalsKeepTheirLocation() throws {
        #expect(try Self.warnings("{\"title\": \"T\",\n \"publishOriginals\": true}") == [
            #"daybook.json:2:2: "publishOriginals" publishes the photos as they are, with their location (GPS) and camera metadata, whatever "keepPhotoMetadata" says"#,
        ])
        #expect(try Self.warnings(#"{"title": "T", "publishOriginals": true, "keepPhotoMetadata": true}"#).isEmpty)
        #expect(try Self.warnings(#"{"title": "T", "publishOriginals": false}"#).isEmpty)
    }
    /// Found by a hostile-input audit: each missing image of a body was told at its place by a
    /// pass over the body (rendered once), so thousands in one body took minutes. The first
    /// ``BodyLinkPlaces/placesPerBody`` are told at their place, the rest at the body.
    @Test func manyMissingImagesOfOneBodyAreToldAtTheBodyPastTheFirstFew() throws {
        let body = (0..<25).map { "![x](photos/n\($0).jpg)" }.joined(separator: " ")
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "a", "date": "2021-11-01", "body": "\#(body)"}]"#,
            "photos/kept.txt": "x",
        ])
        let errors = DataWarningsTests.prepare(site).errors
        #expect(errors.count == 25)
        #expect(errors.filter { $0.hasPrefix("diary.json:1:47: ") }.count == 5)
        #expect(errors.contains(#"diary.json:1:47: image "photos/n0.jpg" not found in the site folder"#) == false)
        #expect(errors.contains(#"diary.json:1:53: image "photos/n0.jpg" not found in the site folder"#))
        #expect(errors.contains(#"diary.json:1:47: image "photos/n24.jpg" not found in the site folder"#))
    }
    /// `check`'s places of broken links are capped the same way, per page: past
    /// ``BodyLinkPlaces/placesPerBody`` of one page, its file alone (2,000 broken links in one body
    /// took 15–19 s).
    @Test func checksPlacesOfOnePagePastTheFirstFewAreItsFile() throws {
        let site = try TempSite(files: ["pages/about.md": "# About\n\n[x](../nope/index.html)\n"])
        let file = site.root + "/pages/about.md"
        let places = BodyLinkPlaces()
        let told = (0...BodyLinkPlaces.placesPerBody).map { _ in places.place(of: "../nope/index.html", inPageFile: file) }
        #expect(told.dropLast().allSatisfy { $0 == file + ":3:5" })
        #expect(told.last == file)
    }
}
