import Foundation
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
}
