import Foundation
import Synchronization
import Testing
@testable import DaybookCore

/// The folders a build writes (its output, its photo cache) and the user's own files, found by a
/// build audit: `--cache .` (the site folder) made the cache's pruning delete the site's own
/// `photos/ab/red.jpg` (a folder of two letters looks like one of the cache's).
@Suite struct BuildFolderTests {
    static let key = String(repeating: "0a", count: 32) + "-87c21916e5dc57c3"

    @Test func pruningRemovesOnlyTheCachesOwnFolders() throws {
        let site = try TempSite(files: ["photos/ab/red.jpg": "photo", "photos/ab/notes.txt": "notes", "photos/0a/\(Self.key)/960.webp": "old"])
        let removed = PhotoCache(root: site.root).prune(keeping: [])
        #expect(removed == 1)
        #expect(site.read("photos/ab/red.jpg") == "photo")
        #expect(site.read("photos/ab/notes.txt") == "notes")
        #expect(!FileManager.default.fileExists(atPath: site.root + "/photos/0a/" + Self.key))
    }

    /// Found by a review: an older Daybook's uncropped `social.jpg` stayed in each photo's cache
    /// folder once the crop (`social-1200x630.jpg`) was made beside it.
    @Test func storingAPhotosFilesRemovesTheOlderSocialImage() throws {
        let site = try TempSite(files: ["photos/0a/\(Self.key)/960.webp": "old", "photos/0a/\(Self.key)/social.jpg": "uncropped"])
        try PhotoCache(root: site.root).store(Self.key, names: ["960.webp", "social-1200x630.jpg"], files: [Array("new".utf8), Array("crop".utf8)])
        let folder = site.root + "/photos/0a/" + Self.key
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["960.webp", "social-1200x630.jpg"])
        #expect(site.read("photos/0a/\(Self.key)/960.webp") == "new")
    }

    @Test(arguments: [".", "photos", "photos/cache", "diary", "templates", "_site", "_site/cache", ".."])
    func aCacheAmongTheSitesFilesOrTheOutputIsRefused(cache: String) throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary.json": "[]"])
        var options = BuildOptions(output: site.root + "/_site", now: ISODate(day: CalendarDay(year: 2024, month: 1, day: 1), secondOfDay: 0, utcOffset: 0))
        options.cache = site.root + "/" + cache
        #expect {
            try SiteBuilder(siteRoot: site.root, options: options).build()
        } throws: { error in
            guard case .badOutput(let reason) = error as? BuildFailure else { return false }
            return reason.hasPrefix("refusing --cache \(site.root)/\(cache): it is, holds or is inside the site folder's own files or the output")
        }
    }

    /// Found by a build audit: `--output` naming another site's folder wrote pages among its data.
    @Test func anotherSitesFolderIsNoOutput() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "other/daybook.json": #"{"title": "O"}"#])
        let options = BuildOptions(output: site.root + "/other", now: ISODate(day: CalendarDay(year: 2024, month: 1, day: 1), secondOfDay: 0, utcOffset: 0))
        #expect {
            try SiteBuilder(siteRoot: site.root, options: options).build()
        } throws: { error in
            guard case .badOutput(let reason) = error as? BuildFailure else { return false }
            return reason == "refusing to write the site into \(site.root)/other: it is a site's folder (it has daybook.json); choose another folder, such as _site"
        }
        #expect(!FileManager.default.fileExists(atPath: site.root + "/other/index.html"))
    }
    /// Found by a daily-use audit: two builds into one output (two terminals; `serve --output
    /// _site` beside `build`) moved each other's staged pages away, both failed, and the output
    /// was left half old, half new. The second waits for the first, saying so, then builds.
    @Test func aSecondBuildWaitsForTheOutputsFirst() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"id": "a", "title": "First", "date": "2021-11-13", "body": "one"}]"#,
        ])
        let output = site.root + "/out"
        _ = try SiteBuildTests.build(site, into: output)
        let held = open(output, O_RDONLY | O_DIRECTORY)
        #expect(flock(held, LOCK_EX) == 0)
        try site.write("diary.json", #"[{"id": "a", "title": "Second", "date": "2021-11-13", "body": "two"}]"#)
        let waited = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        var options = BuildOptions(output: output, includeFuture: true, now: SiteBuildTests.now)
        options.waitingForOutput = { waited.signal() }
        let builder = SiteBuilder(siteRoot: site.root, options: options)
        let result = Mutex<Result<BuildSummary, BuildFailure>?>(nil)
        DispatchQueue.global().async {
            let built = Result { () throws(BuildFailure) in try builder.build() }
            result.withLock { $0 = built }
            done.signal()
        }
        #expect(waited.wait(timeout: .now() + 20) == .success)
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(site.read("out/entries/a/index.html")?.contains("First") == true)
        close(held)
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(result.withLock { (try? $0?.get())?.entries } == 1)
        #expect(site.read("out/entries/a/index.html")?.contains("Second") == true)
    }

    /// A build that fails into a folder that was not there leaves none, though its lock made one.
    @Test func aFailedBuildLeavesNoOutputFolder() throws {
        let site = try TempSite(files: ["daybook.json": #"{"title": "T"}"#, "diary.json": "[{"])
        #expect(throws: BuildFailure.self) { try SiteBuildTests.build(site, into: site.root + "/new/out") }
        #expect(!site.exists("new"))
    }
    /// Found by a hostile-input audit: a file of photos/ with a line break in its name, linked
    /// from a body, was published and listed in the manifest (one path a line): the part after the
    /// break read back as a file the build wrote, and the next build deleted the user's own
    /// `_site/keep.pdf`. Such a name is no file to publish, and no manifest line holds a break.
    @Test func aLineBreakInAFileNameRemovesNoFileOfTheUsers() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "photos/c\nkeep.pdf": "pdf",
            "diary.json": #"[{"id": "a", "title": "A", "date": "2021-11-13", "body": "[f](photos/c%0Akeep.pdf)"}]"#,
            "out/keep.pdf": "the user's",
        ])
        _ = try SiteBuildTests.build(site, into: site.root + "/out")
        #expect(!(site.read("out/.daybook-manifest") ?? "").contains("keep.pdf"))
        try site.write("diary.json", #"[{"id": "a", "title": "A", "date": "2021-11-13", "body": "no link"}]"#)
        _ = try SiteBuildTests.build(site, into: site.root + "/out")
        #expect(site.read("out/keep.pdf") == "the user's")
        #expect(!String(decoding: OutputWriter.Manifest(paths: ["a\nkeep.pdf", "b\r", "c"], notes: [:], photos: []).text, as: UTF8.self).contains("keep"))
        #expect(SiteLoader.photoPathProblem("photos/c\nkeep.jpg") == #"photo "photos/c\nkeep.jpg" must not hold a control character (a line break, a tab): rename the file"#)
    }
}
