import Foundation
import Testing
@testable import DaybookCore

@Suite struct SiteLoaderTests {
    @Test(arguments: [5 << 20, (5 << 20) + 3, 100])
    func filesAreReadWholeLargeOrSmall(size: Int) throws {
        var state: UInt32 = 7
        let bytes = (0..<size).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let site = try TempSite()
        try site.write("data.bin", Data(bytes))
        #expect(SiteLoader.readFile(site.root + "/data.bin") == bytes)
    }

    func errors(_ files: [String: String]) throws -> [String] {
        try loadErrors(TempSite(files: files))
    }

    /// A page's URL as the base would put every page under it (`…/index.html/feed.xml`).
    @Test func aBaseURLOfAPageIsRefusedWithItsFolder() throws {
        #expect(try errors([
            "daybook.json": #"{"title": "T", "baseURL": "https://example.org/blog/index.html"}"#,
            "diary.json": "[]",
        ]) == [#"daybook.json:1:27: "baseURL" names a page, not the site's folder: use "https://example.org/blog/", found "https://example.org/blog/index.html""#])
        #expect(SiteLoader.normalizedBaseURL("https://example.org/v1.2") == "https://example.org/v1.2/")
        #expect(SiteLoader.normalizedBaseURL("https://example.org") == "https://example.org/")
        #expect(SiteLoader.normalizedBaseURL("https://example.org/INDEX.HTM") == nil)
    }

    /// A path with an empty or dot segment is refused at its place in daybook.json, naming the
    /// URL a browser would make of it; `%2E` is a dot, and `..` at the root stays there.
    @Test func aBaseURLWithAnEmptyOrDotSegmentIsRefusedWithTheURLToWrite() throws {
        #expect(try errors([
            "daybook.json": #"{"title": "T", "baseURL": "https://user.github.io//diary/"}"#,
            "diary.json": "[]",
        ]) == [#"daybook.json:1:27: "baseURL"'s path has an empty segment (//), which makes the site's links lead to another host: use "https://user.github.io/diary/", found "https://user.github.io//diary/""#])
        #expect(SiteLoader.baseURLWithCleanPath("https://x.org/a/./b/%2E%2e/c") == "https://x.org/a/c/")
        #expect(SiteLoader.baseURLWithCleanPath("https://x.org/../diary/") == "https://x.org/diary/")
        #expect(SiteLoader.baseURLWithCleanPath("https://x.org/a..b/.c/") == nil)
        #expect(SiteLoader.baseURLWithCleanPath("https://x.org/diary/") == nil)
        #expect(SiteLoader.normalizedBaseURL("https://x.org/diary//") == nil)
    }

    /// The path's letters outside ASCII are percent-encoded, as the site's own addresses are;
    /// escapes already written stay as they are.
    @Test func aBaseURLsPathIsPercentEncodedOutsideASCII() {
        #expect(SiteLoader.normalizedBaseURL("https://example.org/일기") == "https://example.org/%EC%9D%BC%EA%B8%B0/")
        #expect(SiteLoader.normalizedBaseURL("https://example.org/caf%C3%A9/é/") == "https://example.org/caf%C3%A9/%C3%A9/")
        #expect(SiteLoader.normalizedBaseURL("https://example.org/a%20b/") == "https://example.org/a%20b/")
    }

    @Test func loadsEveryFieldAndIgnoresUnknownKeys() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T", "locale": "ko_KR", "timeZone": "Asia/Seoul", "pageSize": 5, "extra": 1}"#,
            "diary.json": #"[{"id": 7, "title": "A", "date": "2021-11-13", "body": "*b*", "tags": ["x"], "mood": "Happy", "draft": true, "other": {}}]"#,
            "todos.json": #"[{"id": 1, "detail": "d", "isDone": true, "isToday": false, "due": "2021-11-20", "doneAt": "2021-11-14T10:00:00Z", "x": 1}]"#,
        ])
        let source = try SiteLoader(root: site.root).load()
        #expect(source.config.locale == "ko_KR")
        #expect(source.config.pageSize == 5)
        #expect(source.entries.count == 1)
        #expect(source.entries[0].id == "7")
        #expect(source.entries[0].draft)
        #expect(source.entries[0].mood == "Happy")
        #expect(source.todos[0].due == CalendarDay(year: 2021, month: 11, day: 20))
        #expect(source.todos[0].isDone)
    }

    /// Found by a daily-use audit: `" nature "` sorted before every other tag and was shown with its
    /// spaces. White space around a tag is not part of it; inside, it is.
    @Test func aTagsWhiteSpaceAroundItIsLeftOut() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-13", "tags": [" nature ", "road trip", "\u3000산책\n", "walk"]}]"#,
        ])
        #expect(try SiteLoader(root: site.root).load().entries[0].tags == ["nature", "road trip", "산책", "walk"])
    }

    @Test func diaryFolderHoldsEntriesAndArrays() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary/b.json": #"{"title": "B", "date": "2021-11-02"}"#,
            "diary/a.json": #"[{"title": "A", "date": "2021-11-01"}, {"title": "A2", "date": "2021-11-01"}]"#,
        ])
        #expect(try SiteLoader(root: site.root).load().entries.map(\.title) == ["A", "A2", "B"])
    }

    /// A diary file that is there but cannot be read is an error, not a missing file: a build
    /// of the site without it would have removed every entry's page. The output is left as it was.
    @Test func aFolderNamedLikeADataFileIsAnError() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary.json": #"[{"title": "A", "date": "2024-01-02"}]"#])
        try SiteBuildTests.build(site, into: site.root + "/out")
        #expect(site.exists("out/entries/2024-01-02-a/index.html"))
        try FileManager.default.removeItem(atPath: site.root + "/diary.json")
        try FileManager.default.createDirectory(atPath: site.root + "/diary.json", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/todos.json", withDestinationPath: site.root + "/nowhere.json")
        do {
            _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
            Issue.record("expected an error")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("wrong failure: \(error)"); return }
            #expect(errors.errors.map(\.description) == [site.root + "/diary.json: is a folder, not a file",
                                                        site.root + "/todos.json: is a link to nothing"])
        }
        #expect(site.exists("out/entries/2024-01-02-a/index.html"))
        try FileManager.default.removeItem(atPath: site.root + "/daybook.json")
        try FileManager.default.createDirectory(atPath: site.root + "/daybook.json", withIntermediateDirectories: false)
        do {
            _ = try SiteLoader(root: site.root).load()
            Issue.record("expected an error")
        } catch {
            guard case .missingInput(let message) = error else { Issue.record("wrong failure: \(error)"); return }
            #expect(message == site.root + "/daybook.json: is a folder, not a file")
        }
    }

    /// Files that would block or leak: a FIFO (reading it would wait for ever), a theme file that
    /// is a link out of the site (a theme could publish /etc/passwd), too many tags on one entry.
    @Test func fifosLinksOutAndTooManyTagsAreErrors() throws {
        let tags = (0...SiteLoader.maxTagsPerEntry).map { "\"t\($0)\"" }.joined(separator: ",")
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2024-01-02", "photos": ["photos/f.png"]}, {"title": "B", "date": "2024-01-03", "tags": ["# + tags + "]}]",
        ])
        try FileManager.default.createDirectory(atPath: site.root + "/diary", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site.root + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site.root + "/templates/assets", withIntermediateDirectories: true)
        #expect(mkfifo(site.root + "/diary/x.json", 0o644) == 0)
        #expect(mkfifo(site.root + "/photos/f.png", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/templates/assets/passwd.txt", withDestinationPath: "/etc/passwd")
        let errors = try SiteLoader(root: site.root).loadAll().errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(errors.contains("diary/x.json: is not a regular file"))
        #expect(errors.contains("templates/assets/passwd.txt: leads outside the site folder"))
        #expect(errors.contains(#"diary.json:1:50: photo "photos/f.png" leads outside the site folder or is not a file"#))
        #expect(errors.contains("diary.json:1:113: an entry has at most \(SiteLoader.maxTagsPerEntry) tags, found \(SiteLoader.maxTagsPerEntry + 1)"))
    }

    /// Found by a security audit: a diary file that is a link to a file outside the site was read,
    /// its entries published (a cloned site's link to another folder's data). A link within the site is read.
    @Test func aDiaryFileLinkedFromOutsideIsAnError() throws {
        let outside = try TempSite(files: ["e.json": #"[{"title": "OUTSIDE", "date": "2024-01-02"}]"#])
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary/in.json": #"[{"title": "In", "date": "2024-01-02"}]"#,
            "more/m.json": #"[{"title": "M", "date": "2024-01-03"}]"#,
        ])
        try FileManager.default.createSymbolicLink(atPath: site.root + "/diary/e.json", withDestinationPath: outside.root + "/e.json")
        try FileManager.default.createSymbolicLink(atPath: site.root + "/diary/m.json", withDestinationPath: "../more/m.json")
        let loaded = try SiteLoader(root: site.root).loadAll()
        #expect(loaded.errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
            == ["diary/e.json: leads outside the site folder, so it is not read: put the file itself in diary/"])
        #expect(loaded.source.entries.map(\.title) == ["In", "M"])
    }

    /// Found by a security audit: titles and tags had no length limit, and every list and tag page
    /// repeats them (1 MB of tags made 529 MB of pages). The title's and a tag's limits are errors at
    /// them; a title at the limit passes.
    @Test func longTitlesAndTagsAreErrors() throws {
        let long = String(repeating: "é", count: SiteLoader.maxTitleBytes / 2)
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "\#(long)", "date": "2024-01-02"}, {"title": "\#(long)x", "date": "2024-01-03", "tags": ["ok", "\#(String(repeating: "t", count: 257))"]}]"#,
        ])
        let errors = try SiteLoader(root: site.root).loadAll().errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        #expect(errors == [
            #"diary.json:1:2097: "title" may be at most 4096 bytes long, found 4097: put the rest in the body"#,
            #"diary.json:1:4180: a tag may be at most 256 bytes long, found one of 257 ("tttttttttttttttttttt…")"#,
        ])
    }

    @Test func entryErrorsAreLocated() throws {
        let diary = """
        [
          {"title": "A", "date": "2021-13-01"},
          {"date": "2021-11-01"},
          {"title": "", "date": "2021-11-01"},
          {"title": "B", "date": "2021-11-01", "photos": ["../secret.jpg"]},
          {"title": "C", "date": "2021-11-01", "photos": ["photos/missing.jpg"], "tags": "walk"}
        ]
        """
        #expect(try errors(["daybook.json": #"{"title": "T"}"#, "diary.json": diary]) == [
            #"diary.json:2:26: "date" is not an ISO 8601 date (2021-13-01 is not a day of the calendar), found "2021-13-01""#,
            #"diary.json:3:3: entry is missing "title""#,
            #"diary.json:4:13: "title" must not be empty"#,
            #"diary.json:5:51: photo "../secret.jpg" must stay inside the site folder (no '..', '.' or empty parts)"#,
            // C does not decode, and its photo is checked all the same.
            #"diary.json:6:51: photo "photos/missing.jpg" not found in the site folder"#,
            #"diary.json:6:82: "tags" must be an array of strings, found "walk""#,
        ])
    }

    @Test func missingPhotoIsLocated() throws {
        let diary = """
        [
          {"title": "C", "date": "2021-11-01", "photos": ["photos/missing.jpg"]}
        ]
        """
        #expect(try errors(["daybook.json": #"{"title": "T"}"#, "diary.json": diary]) == [
            #"diary.json:2:51: photo "photos/missing.jpg" not found in the site folder"#,
        ])
    }

    /// A photo named with other case than its file's, as a Mac's disk lets it work: the error names
    /// the file there.
    @Test func aMissingPhotoNamesTheFileThatDiffersInCase() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary.json": """
        [
          {"title": "C", "date": "2021-11-01", "photos": ["photos/trip/img_1.jpg"]}
        ]
        """], photos: ["photos/Trip/IMG_1.JPG": "a"])
        #expect(try loadErrors(site) == [
            #"diary.json:2:51: photo "photos/trip/img_1.jpg" not found in the site folder: there is "photos/Trip/IMG_1.JPG" (file names differ in case here)"#,
        ])
    }

    /// A file whose name a Mac wrote decomposed (NFD), and the JSON composed: both look the same,
    /// so the error says what differs.
    @Test func aMissingPhotoSaysItsFileIsNamedDecomposed() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary.json": """
        [
          {"title": "C", "date": "2021-11-01", "photos": ["photos/caf\u{E9}.jpg"]}
        ]
        """], photos: ["photos/cafe\u{301}.jpg": "a"])
        #expect(try loadErrors(site) == [
            "diary.json:2:51: photo \"photos/caf\u{E9}.jpg\" not found in the site folder: the file there has its name written with decomposed letters (NFD, as a Mac copies names), another name to this system; rename the file, typing its name again",
        ])
    }

    func loadErrors(_ site: TempSite) throws -> [String] {
        do {
            _ = try SiteLoader(root: site.root).load()
            return []
        } catch {
            guard case .invalid(let errors) = error else { return ["missing: \(error)"] }
            return errors.errors.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") }
        }
    }

    /// An entry that does not decode (a bad date) still has its photos checked, in the same run;
    /// an entry of a `diary/` file of its own too.
    @Test func aBadEntrysMissingPhotoIsReportedToo() throws {
        let diary = """
        [
          {"title": "C", "date": "2021-13-01", "photos": ["photos/missing.jpg", {"src": "photos/gone.jpg"}, "../x.jpg"]}
        ]
        """
        #expect(try errors(["daybook.json": #"{"title": "T"}"#, "diary.json": diary,
                            "diary/one.json": #"{"date": "2021-11-01", "photos": ["photos/lost.jpg"]}"#]) == [
            #"diary.json:2:26: "date" is not an ISO 8601 date (2021-13-01 is not a day of the calendar), found "2021-13-01""#,
            #"diary.json:2:51: photo "photos/missing.jpg" not found in the site folder"#,
            #"diary.json:2:73: photo "photos/gone.jpg" not found in the site folder"#,
            #"diary.json:2:101: photo "../x.jpg" must stay inside the site folder (no '..', '.' or empty parts)"#,
            #"diary/one.json:1:1: entry is missing "title""#,
            #"diary/one.json:1:35: photo "photos/lost.jpg" not found in the site folder"#,
        ])
    }

    @Test func todoErrorsAreLocated() throws {
        let todos = """
        [
          {"id": 1, "detail": "a", "isDone": "yes"},
          {"id": 1, "detail": "b"},
          {"detail": "c", "due": "2021-11-20T10:00:00Z"}
        ]
        """
        #expect(try errors(["daybook.json": #"{"title": "T"}"#, "todos.json": todos]) == [
            #"todos.json:2:38: "isDone" must be true or false, found "yes""#,
            #"todos.json:3:10: duplicate todo id 1 (first used on line 2)"#,
            #"todos.json:4:3: todo is missing "id""#,
            #"todos.json:4:26: "due" must be a day like 2021-11-13, without a time"#,
        ])
    }

    @Test func configErrorsAreLocated() throws {
        let config = """
        {
          "locale": "xx_NOPE",
          "timeZone": "Mars/Olympus",
          "pageSize": 0
        }
        """
        #expect(try errors(["daybook.json": config]) == [
            #"daybook.json:1:1: daybook.json is missing "title""#,
            #"daybook.json:2:13: unknown locale "xx_NOPE"; expected an ICU locale such as "en_US" or "ko_KR""#,
            #"daybook.json:3:15: unknown time zone "Mars/Olympus"; expected an IANA name such as "UTC" or "Asia/Seoul""#,
            #"daybook.json:4:15: "pageSize" must be from 1 to 10000, found 0"#,
        ])
    }

    /// Found by a CLI audit: a whole number too large for 64 bits was "not a whole number", and an
    /// entry's numeric `id` of 30 digits was refused where the same digits as a string are an id.
    @Test func wholeNumbersBeyond64BitsAreOutOfRangeOrIDs() throws {
        #expect(try errors(["daybook.json": #"{"title": "T", "pageSize": 99999999999999999999}"#]) == [
            #"daybook.json:1:28: "pageSize" must be from 1 to 10000, found 99999999999999999999"#,
        ])
        #expect(try errors(["daybook.json": #"{"title": "T", "pageSize": 1.5}"#]) == [
            #"daybook.json:1:28: "pageSize" must be a whole number, found 1.5"#,
        ])
        #expect(try errors(["daybook.json": #"{"title": "T"}"#,
                            "diary.json": #"[{"id": 123456789012345678901234567890, "title": "a", "date": "2021-01-01"}, {"id": 1e3, "title": "b", "date": "2021-01-01"}]"#]) == [
            #"diary.json:1:85: "id" must be a non-empty string or a whole number, found 1e3"#,
        ])
        #expect(JSONReader.isWholeNumber("-12") && JSONReader.isWholeNumber("123456789012345678901234567890"))
        #expect(!JSONReader.isWholeNumber("-") && !JSONReader.isWholeNumber("--1") && !JSONReader.isWholeNumber("1.0") && !JSONReader.isWholeNumber("1e3"))
    }

    @Test func emptyFileAndWrongTopLevel() throws {
        #expect(try errors(["daybook.json": #"{"title": "T"}"#, "diary.json": "  \n", "todos.json": "{}"]) == [
            "diary.json: the file is empty; expected a JSON array of entries",
            "todos.json:1:1: expected an array of todos, found an object",
        ])
    }

    /// Found by a photos audit: a "src" that is not text gave a second error, about an empty path.
    @Test func aPhotoSourceThatIsNotTextIsOneError() throws {
        #expect(try errors(["daybook.json": #"{"title": "T"}"#,
                            "diary.json": #"[{"title": "T", "date": "2026-01-01", "photos": [{"src": 5}]}]"#]) == [
            #"diary.json:1:58: "src" must be a string, found 5"#,
        ])
    }

    @Test func missingConfigIsMissingInput() throws {
        let site = try TempSite(files: ["diary.json": "[]"])
        #expect {
            try SiteLoader(root: site.root).load()
        } throws: { error in
            guard case .missingInput(let message) = error as? SiteLoadFailure else { return false }
            return message.hasSuffix("daybook.json: not found (a site folder holds daybook.json; `daybook new DIR` makes one)")
        }
    }

    /// Found by a jrnl user's audit: run inside the site's `diary/`, every command said only
    /// "daybook.json: not found". The site above is named, as a path from the folder given.
    @Test func aSiteAboveTheFolderIsNamed() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary/a/x.json": "[]"])
        for (folder, above) in [("diary", site.root), ("diary/a", site.root)] {
            #expect {
                try SiteLoader(root: site.root + "/" + folder).load()
            } throws: { error in
                guard case .missingInput(let message) = error as? SiteLoadFailure else { return false }
                return message == "\(site.root)/\(folder)/daybook.json: not found; the site is \(above), a folder above this one: run daybook there, or give it as the site folder"
            }
        }
    }
}

@Suite struct PhotoPathTests {
    @Test(arguments: [
        ("/etc/passwd", #"photo "/etc/passwd" must be a path relative to the site folder"#),
        ("photos/x:y.jpg", #"photo "photos/x:y.jpg" must be a path relative to the site folder, without ':' or '\'"#),
        ("https://example.org/a.jpg", #"photo "https://example.org/a.jpg" must be a path relative to the site folder, without ':' or '\'"#),
        ("photos/../../x.jpg", #"photo "photos/../../x.jpg" must stay inside the site folder (no '..', '.' or empty parts)"#),
        ("entries/x/index.html", #"photo "entries/x/index.html" must be in a folder of its own (such as photos/), not in one the build writes or reads (.daybook-cache, _site, assets, diary, entries, months, page, reports, tags, templates, todos)"#),
        ("a.jpg", #"photo "a.jpg" must be a file in a folder of the site (such as photos/a.jpg), not at its top"#),
        ("photos", #"photo "photos" must be a file in a folder of the site (such as photos/beach.jpg), not at its top"#),
    ])
    func refused(path: String, reason: String) {
        #expect(SiteLoader.photoPathProblem(path) == reason)
    }

    @Test func acceptsAPhotoInItsFolder() {
        #expect(SiteLoader.photoPathProblem("photos/2021/walk.jpg") == nil)
    }

    @Test func symlinkOutsideTheSiteIsRefused() throws {
        let outside = try TempSite(files: ["secret.jpg": "secret"])
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2021-11-01", "photos": ["photos/link.jpg"]}]"#,
        ])
        try FileManager.default.createDirectory(atPath: site.root + "/photos", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root + "/photos/link.jpg", withDestinationPath: outside.root + "/secret.jpg")
        #expect {
            try SiteLoader(root: site.root).load()
        } throws: { error in
            guard case .invalid(let errors) = error as? SiteLoadFailure else { return false }
            return errors.errors.map(\.reason) == [#"photo "photos/link.jpg" leads outside the site folder or is not a file"#]
        }
    }
}

@Suite struct SourceOriginTests {
    @Test func detachedOriginKeepsFileAndOffsetButNotTheBytes() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#,
                                        "diary.json": "[\n  {\"title\": \"A\", \"date\": \"2021-11-13\"}\n]\n"])
        let entry = try #require(try SiteLoader(root: site.root).load().entries.first)
        #expect(entry.origin.line == 2 && entry.origin.column == 3)
        let detached = entry.origin.detached
        #expect(detached == entry.origin)
        #expect(detached.file == entry.origin.file && detached.offset == entry.origin.offset)
        #expect(detached.line == 0 && detached.column == 0)
    }
}
