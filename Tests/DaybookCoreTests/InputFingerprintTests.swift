import Testing
import Foundation
@testable import DaybookCore

/// Found by a build audit: an edit to `diary/2025/march.json` left the fingerprint as it was, so
/// the next build said "Nothing changed" and kept the old pages.
@Suite struct InputFingerprintTests {
    @Test func aDiaryFileInAFolderOfDiaryIsRead() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary/2025/march.json": #"[{"title": "Nested", "date": "2025-03-01", "body": "original"}]"#,
        ])
        let before = InputFingerprint.of(siteRoot: site.root, photos: [], options: "")
        try site.write("diary/2025/march.json", #"[{"title": "Nested", "date": "2025-03-01", "body": "edited"}]"#)
        let edited = InputFingerprint.of(siteRoot: site.root, photos: [], options: "")
        try site.write("diary/2025/april.json", #"[]"#)
        let added = InputFingerprint.of(siteRoot: site.root, photos: [], options: "")
        #expect(Set([before, edited, added]).count == 3)
        #expect(InputFingerprint.of(siteRoot: site.root, photos: [], options: "") == added)
    }
}

/// Photos and static files are fingerprinted by their file facts, not read (a diary's photos are
/// gigabytes): an edit is still seen, even one that keeps the size and puts the time back.
@Suite struct InputFingerprintFactsTests {
    @Test func anEditedPhotoOrStaticFileChangesTheFingerprintWithItsSizeAndTimeKept() throws {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "photos/a.jpg": "aaaa",
            "static/robots.txt": "User-agent: *",
        ])
        func print() -> String { InputFingerprint.of(siteRoot: site.root, photos: ["photos/a.jpg"], options: "") }
        let before = print()
        #expect(print() == before)
        // Facts, not bytes: the same bytes written again are a change (the build then takes the
        // photo's variants from the cache), where reading them would have said "nothing changed".
        try site.write("photos/a.jpg", "aaaa")
        #expect(print() != before)
        for (path, edit) in [("photos/a.jpg", "bbbb"), ("static/robots.txt", "User-agent: X")] {
            let last = print()
            var info = stat()
            #expect(stat(site.root + "/" + path, &info) == 0)
            try site.write(path, edit)
            var times = [info.st_atim, info.st_mtim]
            #expect(utimensat(AT_FDCWD, site.root + "/" + path, &times, 0) == 0)
            var after = stat()
            #expect(stat(site.root + "/" + path, &after) == 0)
            #expect(after.st_size == info.st_size)
            #expect(after.st_mtim.tv_sec == info.st_mtim.tv_sec)
            #expect(after.st_mtim.tv_nsec == info.st_mtim.tv_nsec)
            #expect(print() != last, "\(path)")
        }
        try FileManager.default.removeItem(atPath: site.root + "/photos/a.jpg")
        let gone = print()
        #expect(gone != before)
        #expect(gone != InputFingerprint.of(siteRoot: site.root, photos: [], options: ""))
        #expect(print() == gone)
    }
}
