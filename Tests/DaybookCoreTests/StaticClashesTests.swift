import Foundation
import Testing
@testable import DaybookCore

/// Static files that a disk ignoring case (macOS', Windows') or the form of accents (macOS')
/// takes for one file: with each other, or with a file the build writes.
@Suite struct StaticClashesTests {
    @Test func namesOneFileOnACaselessDiskAreErrorsAtTheLaterFile() throws {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let site = try TempSite(files: [
            "static/A.txt": "1", "static/a.txt": "2",
            "static/STRASSE.txt": "3", "static/straße.txt": "4",
            "static/\(nfd).txt": "5",
            "static/I.txt": "7", "static/\u{131}.txt": "8",
            "static/INDEX.HTML": "9", "static/\(nfd)/index.html": "10",
            "static/fine.txt": "11", "static/\u{130}.txt": "12",
        ])
        // Apart: a dictionary takes the two for one key.
        try site.write("static/\(nfc).txt", "6")
        let folder = StaticFolder(siteRoot: site.root)
        #expect(folder.files.count == 12)
        let errors = StaticClashes.errors(of: folder, in: ["index.html", "\(nfc)/index.html"], what: { "the page \($0)" })
        let s = "\(site.root)/static"
        let caseless = "on a disk that ignores case (macOS', Windows'); rename or remove this file"
        let accents = "on a Mac's disk, which takes an accented letter written as one character or as a letter and its accent for one name; rename or remove this file"
        #expect(errors.map(\.description) == [
            "\(s)/INDEX.HTML: the build writes the page index.html at index.html, which is this file's path \(caseless)",
            "\(s)/a.txt: \(s)/A.txt is published at A.txt, which is this file's path \(caseless)",
            "\(s)/\(nfd)/index.html: the build writes the page \(nfc)/index.html at \(nfc)/index.html, which is this file's path \(accents)",
            "\(s)/\(nfc).txt: \(s)/\(nfd).txt is published at \(nfd).txt, which is this file's path \(accents)",
            "\(s)/straße.txt: \(s)/STRASSE.txt is published at STRASSE.txt, which is this file's path \(caseless)",
            "\(s)/\u{131}.txt: \(s)/I.txt is published at I.txt, which is this file's path \(caseless)",
        ])
    }

    /// macOS' canonical caseless form and Windows' upper case, each a key apart.
    @Test func caselessKeysAreAPFSsFoldAndNTFSsUpperCase() {
        #expect(StaticClashes.caselessKeys("Stra\u{DF}e") == ["fstrasse", "uSTRASSE"])
        #expect(StaticClashes.caselessKeys("Photos/A.JPG") == ["fphotos/a.jpg", "uPHOTOS/A.JPG"])
        #expect(StaticClashes.caselessKeys("\u{FB01}le").map { Array($0.unicodeScalars) } == [Array("ffile".unicodeScalars), Array("uFILE".unicodeScalars)])
        #expect(StaticClashes.caselessKeys("\u{C9}").map { Array($0.unicodeScalars) } == [["f", "e", "\u{301}"], ["u", "E", "\u{301}"]])
    }
}
