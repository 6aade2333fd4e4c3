import Testing
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
