import DaybookCore
@testable import DaybookImport
import Foundation
import Testing

/// A note's links to other files of its folder, found by a notes-import audit.
@Suite struct NoteAttachmentTests {
    static func body(_ batch: ImportBatch) -> String? {
        guard case .string(let body)? = batch.items.first?["body"] else { return nil }
        return body
    }

    /// `a b.png` and `a-b.png` are both `a-b.png` in the site: the second gets a name of its own.
    @Test func twoFilesOfOneSiteNameAreBothKept() throws {
        let (folder, result) = try ImportFixtures.importNotes([
            "2024-01-01.md": Array("Red: ![[a b.png]]\nBlue: ![[a-b.png]]\nRed again: ![](a%20b.png)\n".utf8),
            "a b.png": [1], "a-b.png": [2],
        ])
        let batch = try result.get()
        #expect(Self.body(batch) == "Red: ![a b.png](photos/markdown/a-b.png)\nBlue: ![a-b.png](photos/markdown/a-b-2.png)\nRed again: ![](photos/markdown/a-b.png)")
        #expect(batch.files == [FileCopy(from: folder + "/a b.png", to: "photos/markdown/a-b.png"),
                                FileCopy(from: folder + "/a-b.png", to: "photos/markdown/a-b-2.png")])
    }

    /// Found by a review: an embedded image had an empty alt text. It has what Obsidian gives it:
    /// the text after a bar that is not a size, else the file's name as the link writes it.
    @Test func anEmbeddedImagesAltTextIsObsidians() throws {
        let (_, result) = try ImportFixtures.importNotes([
            "2024-01-01.md": Array("![[photo.jpg]] ![[Trips/photo.jpg|A caption]] ![[photo.jpg|300]] ![[photo.jpg| 640 x 480 |On *the* beach]] ![[my_photo*1.png]]\n".utf8),
            "photo.jpg": [1], "Trips/photo.jpg": [2], "my_photo*1.png": [3],
        ])
        #expect(Self.body(try result.get()) == "![photo.jpg](photos/markdown/photo.jpg) ![A caption](photos/markdown/Trips/photo.jpg) ![photo.jpg](photos/markdown/photo.jpg) "
            + "![On \\*the\\* beach](photos/markdown/photo.jpg) ![my\\_photo\\*1.png](photos/markdown/my_photo-1.png)")
    }

    /// Links to a PDF or a CSV, a reference definition's image and a wiki link to a file are
    /// copied as images are; a link to a file the folder lacks stays as written.
    @Test func linkedFilesAreCopied() throws {
        let (folder, result) = try ImportFixtures.importNotes([
            "2024-01-05.md": Array("""
                Receipt: [receipt](Attachments/receipt.pdf#page=2)
                CSV: [data](<Attachments/data.csv>)
                Wiki: [[Attachments/p.png]] and [[receipt.pdf|the receipt]]
                Shown: ![ref][img]
                Gone: [x](Attachments/nope.pdf), web: [w](https://example.org/a.pdf)

                [img]: Attachments/p.png "A title"
                """.utf8),
            "Attachments/receipt.pdf": [1], "Attachments/data.csv": [2], "Attachments/p.png": [3],
        ])
        let batch = try result.get()
        #expect(Self.body(batch) == """
            Receipt: [receipt](photos/markdown/Attachments/receipt.pdf#page=2)
            CSV: [data](photos/markdown/Attachments/data.csv)
            Wiki: [p.png](photos/markdown/Attachments/p.png) and [the receipt](photos/markdown/Attachments/receipt.pdf)
            Shown: ![ref][img]
            Gone: [x](Attachments/nope.pdf), web: [w](https://example.org/a.pdf)

            [img]: photos/markdown/Attachments/p.png "A title"
            """)
        #expect(batch.files.map(\.to) == ["photos/markdown/Attachments/receipt.pdf", "photos/markdown/Attachments/data.csv",
                                          "photos/markdown/Attachments/p.png"])
        #expect(batch.files.map(\.from) == ["receipt.pdf", "data.csv", "p.png"].map { folder + "/Attachments/" + $0 })
        #expect(batch.warnings.isEmpty)
    }
}
