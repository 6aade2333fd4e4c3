import Foundation
import Mustache
import Testing
@testable import DaybookCore

/// A site's own pages (`pages/*.md`): their addresses, titles, menu, images and clashes.
@Suite struct SitePagesTests {
    @Test func aPagesAddressIsItsPathSlugged() {
        #expect(DiaryPage.folder(ofPath: "about.md") == "about/")
        #expect(DiaryPage.folder(ofPath: "projects/garden.md") == "projects/garden/")
        #expect(DiaryPage.folder(ofPath: "About Us.MD") == "about-us/")
        #expect(DiaryPage.folder(ofPath: "Über uns.markdown") == "über-uns/")
        #expect(DiaryPage.folder(ofPath: "소개/한국어.md") == "소개/한국어/")
        #expect(DiaryPage.folder(ofPath: "projects/index.md") == "projects/")
        #expect(DiaryPage.folder(ofPath: "index.md") == "")
        #expect(DiaryPage.folder(ofPath: "🎉.md") == nil)
        #expect(DiaryPage.title(ofPath: "about-us.md") == "About us")
        #expect(DiaryPage.title(ofPath: "projects/index.md") == "Projects")
        #expect(DiaryPage.title(ofPath: "über_uns.md") == "Über uns")
        // Hugo's _index.md is its section's page, as index.md is (a newcomer's audit: it was projects/index/).
        #expect(DiaryPage.folder(ofPath: "projects/_index.md") == "projects/")
        #expect(DiaryPage.folder(ofPath: "projects/_Index.markdown") == "projects/")
        #expect(DiaryPage.folder(ofPath: "_index.md") == "")
        #expect(DiaryPage.folder(ofPath: "projects/_notes.md") == "projects/notes/")
        #expect(DiaryPage.title(ofPath: "projects/_index.md") == "Projects")
    }

    @Test func hugosTopIndexPageIsAnErrorThatSaysWhereItsTextGoes() {
        let files = [Self.page("_index.md")]
        #expect(throws: SiteErrors.self) {
            try DiaryPage.placed(files, headingTitles: [nil], includeDrafts: false, entryAliases: [], locale: "en_US")
        }
        do {
            _ = try DiaryPage.placed(files, headingTitles: [nil], includeDrafts: false, entryAliases: [], locale: "en_US")
        } catch {
            #expect(error.errors.map(\.description) == ["site/pages/_index.md:1:1: the page's address would be the site's top, where the build makes the home page; give the file another name (Hugo's _index.md holds the home page's text; here the home page lists the entries, and its template, templates/list.mustache, can say more)"])
        }
    }

    static func page(_ path: String, title: String? = nil, weight: Int? = nil, menu: Bool = true, aliases: [String] = []) -> PageFile {
        var page = PageFile(path: path, file: "site/pages/" + path, body: "Text.")
        page.title = title
        page.weight = weight
        page.menu = menu
        page.aliases = aliases
        page.aliasOrigins = aliases.map { _ in SourceOrigin(file: "site/pages/" + path, line: 2, column: 10) }
        return page
    }

    @Test func theMenuIsByWeightThenByTitleInTheSitesLanguage() throws {
        let files = [Self.page("b.md", title: "Zebra"), Self.page("a.md", title: "Äpfel"), Self.page("c.md", title: "Later", weight: 5),
                     Self.page("d.md", title: "First", weight: -1), Self.page("e.md", title: "Hidden", menu: false), Self.page("f.md", title: "Apple")]
        let placed = try DiaryPage.placed(files, headingTitles: files.map { _ in nil }, includeDrafts: false, entryAliases: [], locale: "de_DE")
        #expect(placed.pages.map(\.folder) == ["b/", "a/", "c/", "d/", "e/", "f/"])
        #expect(placed.menu.map { placed.pages[$0].title } == ["First", "Later", "Äpfel", "Apple", "Zebra"])
    }

    @Test func anAliasLeadsToItsPageAndMayNotBeAnotherPagesAddress() throws {
        let files = [Self.page("about.md", title: "About", aliases: ["me/index.html", "old.html"])]
        let placed = try DiaryPage.placed(files, headingTitles: [nil], includeDrafts: false, entryAliases: [], locale: "en_US")
        #expect(placed.aliases.map(\.file) == ["me/index.html", "old.html"])
        #expect(placed.aliases.map(\.target) == [.page(0), .page(0)])
        let clash = [Self.page("about.md", aliases: ["me/index.html"]), Self.page("me.md")]
        #expect(throws: SiteErrors.self) {
            try DiaryPage.placed(clash, headingTitles: [nil, nil], includeDrafts: false, entryAliases: [], locale: "en_US")
        }
        do {
            _ = try DiaryPage.placed(clash, headingTitles: [nil, nil], includeDrafts: false, entryAliases: [], locale: "en_US")
        } catch {
            #expect(error.errors.map(\.description) == [#"site/pages/about.md:2:10: alias "/me/" is the address of the page site/pages/me.md"#])
        }
    }

    static func site(_ files: [String: String]) throws -> TempSite {
        var all = ["daybook.json": #"{"title": "T"}"#, "diary.json": #"[{"title": "Walk", "date": "2021-11-13", "body": "Out."}]"#]
        for (path, text) in files { all[path] = text }
        let site = try TempSite(files: all)
        try site.write("photos/landscape.jpg", TestPhotos.data("landscape.jpg"))
        return site
    }

    static func errors(_ site: TempSite) -> [String] {
        do {
            try SiteBuildTests.build(site, into: site.root + "/_site")
            return []
        } catch let error as BuildFailure {
            guard case .invalid(let found) = error else { return ["\(error)"] }
            return found.errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aPagesImageGoesThroughThePhotosAndAMissingOneIsLocated() throws {
        let site = try Self.site(["pages/about.md": "---\ntitle: About\n---\nMe:\n\n![Me](photos/landscape.jpg) and [the file](photos/notes.txt)\n"])
        try site.write("photos/notes.txt", "notes")
        try SiteBuildTests.build(site, into: site.root + "/_site")
        let about = site.read("_site/about/index.html") ?? ""
        #expect(about.contains(#"<img src="../photos/landscape-64.webp" srcset="../photos/landscape-64.webp 64w" sizes="(max-width: 46rem) calc(100vw - 4.5rem), 41.5rem" width="64" height="48" loading="lazy" decoding="async" alt="Me" />"#))
        #expect(about.contains(#"<a href="../photos/notes.txt">the file</a>"#))
        #expect(site.exists("_site/photos/notes.txt"))
        // Written first in a code span: the error is at the image.
        let missing = try Self.site(["pages/about.md": "---\ntitle: About\n---\nMe (`photos/none.jpg`):\n\n![Me](photos/none.jpg)\n"])
        #expect(Self.errors(missing) == [#"pages/about.md:6:7: image "photos/none.jpg" not found in the site folder"#])
    }

    /// As an entry is shared by its first photo, a page is by the first image of its text.
    @Test func aPageIsSharedByItsFirstImageWithABaseURL() throws {
        let site = try Self.site([
            "daybook.json": #"{"title": "T", "baseURL": "https://example.org/diary/"}"#,
            "pages/about.md": "---\ntitle: About\n---\nFar: ![far](https://example.org/x.jpg)\n\n![Me](photos/landscape.jpg)\n",
            "pages/plain.md": "# Plain\n\nNo image.\n",
        ])
        try SiteBuildTests.build(site, into: site.root + "/_site")
        let about = site.read("_site/about/index.html") ?? ""
        #expect(about.contains(#"<meta property="og:image" content="https://example.org/diary/photos/landscape-social.jpg">"#))
        #expect(site.exists("_site/photos/landscape-social.jpg"))
        #expect(!(site.read("_site/plain/index.html") ?? "og:image").contains("og:image"))
    }

    @Test func aPageMayNotBeAFileTheBuildPublishes() throws {
        let site = try Self.site([
            "diary.json": #"[{"title": "Walk", "date": "2021-11-13", "body": "[docs](docs/index.html)"}]"#,
            "docs/index.html": "<p>mine</p>",
            "pages/docs.md": "Docs.",
        ])
        #expect(Self.errors(site) == ["pages/docs.md:1:1: the page's address docs/ is docs/index.html, a file the build publishes already (a photo or a file the entries link to)"])
    }

    @Test func editingAPageChangesTheFingerprint() throws {
        let site = try Self.site(["pages/about.md": "A"])
        let before = InputFingerprint.of(siteRoot: site.root, photos: [], options: "")
        #expect(InputFingerprint.of(siteRoot: site.root, photos: [], options: "") == before)
        try site.write("pages/about.md", "B")
        #expect(InputFingerprint.of(siteRoot: site.root, photos: [], options: "") != before)
    }

    @Test func theOutputMayNotBeInPages() throws {
        let site = try Self.site(["pages/about.md": "A"])
        let builder = SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/pages/out", now: SiteBuildTests.now))
        #expect(throws: BuildFailure.self) { try builder.build() }
        do {
            _ = try builder.build()
        } catch {
            #expect(error.description == "refusing to write the site into \(site.root)/pages/out: the build reads pages/ of the site folder; choose another folder, such as _site")
        }
    }

    @Test func aPagesViewModelConvertsLikeTheEncoder() throws {
        let site = try Self.site(["pages/about.md": "# 소개\n\n안녕하세요. 저는 미나입니다."])
        let renderer = try SiteBuilder(siteRoot: site.root, options: BuildOptions(now: SiteBuildTests.now)).prepare()
        let page = renderer.presenter.textPage(0, bodyHTML: renderer.pageBodyHTML(0))
        #expect(page.mustacheValue == (try MustacheEncoder().encode(page)))
        #expect(page.title == "소개" && page.textLang == "ko" && page.bodyHTML == "<p>안녕하세요. 저는 미나입니다.</p>\n")
    }

    /// `params` of daybook.json reach every page's chrome as written (objects, lists, numbers,
    /// booleans), and convert as the encoder does.
    @Test func theSitesParamsAreInEveryPagesChrome() throws {
        let site = try Self.site([
            "daybook.json": #"{"title": "T", "params": {"author": "Mina", "year": 2026, "ratio": 1.50, "show": true, "links": [{"label": "A"}], "none": null}}"#,
            "pages/about.md": "About.",
        ])
        let renderer = try SiteBuilder(siteRoot: site.root, options: BuildOptions(now: SiteBuildTests.now)).prepare()
        let page = renderer.presenter.textPage(0, bodyHTML: renderer.pageBodyHTML(0))
        #expect(page.mustacheValue == (try MustacheEncoder().encode(page)))
        #expect(page.chrome.params?.mustacheValue == .object(MustacheObject(members: [
            ("author", .string("Mina")), ("year", .string("2026")), ("ratio", .string("1.50")), ("show", .bool(true)),
            ("links", .list([.object(MustacheObject(members: [("label", .string("A"))]))])), ("none", .null),
        ])))
    }

    /// `params` that is no object, nests too deep, or holds what no template can show is a located error.
    @Test func paramsThatAreNoObjectOrTooDeepAreErrors() throws {
        let notObject = try Self.site(["daybook.json": #"{"title": "T", "params": ["a"]}"#])
        #expect(Self.errors(notObject) == [#"daybook.json:1:26: "params" must be an object of your own values ({"author": "Kim"})"#])
        let deep = try Self.site(["daybook.json": #"{"title": "T", "params": {"a": {"b": {"c": {"d": [1]}}}}}"#])
        #expect(Self.errors(deep) == [#"daybook.json:1:26: "params" nests deeper than 4 levels"#])
        // Found by a review: a key no template can name, a key twice and a NUL went in without a word.
        let dotted = try Self.site(["daybook.json": #"{"title": "T", "params": {"a.b": 1}}"#])
        #expect(Self.errors(dotted) == [#"daybook.json:1:26: the key "a.b" of "params" cannot be named in a template (a key holds no dot and is not empty)"#])
        let twice = try Self.site(["daybook.json": #"{"title": "T", "params": {"x": {"a": 1, "a": 2}}}"#])
        #expect(Self.errors(twice) == [#"daybook.json:1:26: the key "a" is twice in "params""#])
        let nul = try Self.site(["daybook.json": #"{"title": "T", "params": {"a": "x\u0000y"}}"#])
        #expect(Self.errors(nul) == [#"daybook.json:1:26: a string of "params" holds the control character U+0000"#])
    }
}
