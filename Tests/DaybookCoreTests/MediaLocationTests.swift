import Foundation
import Testing
@testable import DaybookCore

/// Files that bodies link to (sound, video) are published with the boxes that say where they
/// were recorded emptied (Tests/Fixtures/media, made with exiftool); the build warns about a
/// place it leaves.
@Suite struct MediaLocationTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/media/photos").path
    static let withPlace = ["place-itemlist.m4a", "place-keys-camera.m4a", "place-keys.m4a", "place-loci.m4a", "place-userdata.m4a", "place-xmp.m4a"]

    static func file(_ name: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: folder + "/" + name)!)
    }

    @Test func placesWrittenByExiftoolAreFound() {
        // Read in parts, as the build reads a linked file.
        let found = (Self.withPlace + ["place-removed.m4a"]).filter { name in
            FileParts.look(at: Self.folder + "/" + name) { MediaLocation.places(size: $0, read: $1).isRecorded }
        }
        #expect(found == Self.withPlace)
    }

    /// Each file's place boxes (where they start, their type, their size), as the fixtures' README
    /// lists them: Apple's keys as a whole `meta` box.
    @Test func theBoxesOfAPlaceAreFound() {
        func boxes(_ name: String) -> [String] {
            let bytes = Self.file(name)
            return MediaLocation.places(size: bytes.count) { offset, count in Array(bytes[offset..<(offset + count)]) }.boxes.map { box in
                "\(box.lowerBound) \(String(decoding: bytes[(box.lowerBound + 4)..<(box.lowerBound + 8)].map { $0 == 0xA9 ? 0x40 : $0 }, as: UTF8.self)) \(box.count)"
            }
        }
        #expect(boxes("place-keys.m4a") == ["1329 meta 156"])
        #expect(boxes("place-keys-camera.m4a") == ["1329 meta 352"])
        #expect(boxes("place-userdata.m4a") == ["1337 @xyz 36"])
        #expect(boxes("place-itemlist.m4a") == ["1389 @xyz 48"])
        #expect(boxes("place-loci.m4a") == ["1337 loci 35"])
        #expect(boxes("place-xmp.m4a") == ["45048 uuid 2876"])
        #expect(boxes("place-removed.m4a") == [])
    }

    /// The published copy: the same size, the boxes renamed `free` and zeroed, every other byte
    /// the same, and no place left.
    @Test func theBoxesOfAPlaceAreEmptied() {
        for name in Self.withPlace {
            let bytes = Self.file(name)
            let boxes = MediaLocation.places(size: bytes.count) { offset, count in Array(bytes[offset..<(offset + count)]) }.boxes
            let emptied = MediaLocation.withoutPlace(bytes)
            #expect(emptied.count == bytes.count, "\(name)")
            #expect(!MediaLocation.isRecorded(emptied), "\(name)")
            #expect(MediaLocation.withoutPlace(emptied) == emptied, "\(name)")
            for box in boxes {
                #expect(emptied[box.lowerBound..<(box.lowerBound + 4)] == bytes[box.lowerBound..<(box.lowerBound + 4)], "\(name)")
                #expect(Array(emptied[(box.lowerBound + 4)..<(box.lowerBound + 8)]) == Array("free".utf8), "\(name)")
                #expect(emptied[(box.lowerBound + 8)..<box.upperBound].allSatisfy { $0 == 0 }, "\(name)")
            }
            let outside = bytes.indices.filter { k in !boxes.contains { $0.contains(k) } }
            #expect(outside.allSatisfy { emptied[$0] == bytes[$0] }, "\(name)")
        }
        let none = Self.file("place-removed.m4a")
        #expect(MediaLocation.withoutPlace(none) == none)
    }

    /// Boxes inside the movie's tracks, and Apple's keys without a place, which stay.
    @Test func placesInATrackAreFoundAndOtherKeysStay() {
        let track = Self.ftyp + Self.box("moov", Self.box("mvhd", [0, 0, 0, 0]) + Self.box("trak", Self.box("udta", Self.place)))
        #expect(MediaLocation.places(size: track.count) { Array(track[$0..<($0 + $1)]) }.boxes == [52..<72])  // ftyp 16, moov's header 8, mvhd 12, trak's and udta's headers 8 each
        #expect(!MediaLocation.isRecorded(MediaLocation.withoutPlace(track)))
        let handler = Self.box("hdlr", [0, 0, 0, 0, 0, 0, 0, 0] + Array("mdta".utf8) + Array(repeating: 0, count: 12))
        let camera = Self.box("keys", [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 31] + Array("mdtacom.apple.quicktime.make".utf8) + [0])
        let keys = Self.ftyp + Self.box("moov", Self.box("meta", handler + camera))
        #expect(!MediaLocation.isRecorded(keys))
        #expect(MediaLocation.withoutPlace(keys) == keys)
    }

    /// A place's name in a box Daybook does not know: left in the file, and told.
    @Test func aPlaceOutsideTheKnownBoxesRemains() {
        let places = MediaLocation.places(size: Self.loose.count) { Array(Self.loose[$0..<($0 + $1)]) }
        #expect(places == MediaLocation.Places(boxes: [], remainsWhenEmptied: true))
        #expect(MediaLocation.withoutPlace(Self.loose) == Self.loose)
    }

    /// A box: its 32-bit size, its type, its bytes.
    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array(type.utf8) + body
    }

    static let place: [UInt8] = [0, 0, 0, 20, 0xA9] + Array("xyz".utf8) + [0, 8, 0x15, 0xC7] + Array("+37.56+126.97/".utf8).prefix(8)
    static let ftyp = box("ftyp", Array("M4A \0\0\0\0".utf8))

    @Test func theUserDataPlaceIsFoundInMetadataBoxesOnly() {
        #expect(MediaLocation.isRecorded(Self.ftyp + Self.box("moov", Self.box("udta", Self.place))))
        // In the media data, the same bytes are sound.
        #expect(!MediaLocation.isRecorded(Self.ftyp + Self.box("mdat", Self.place) + Self.box("moov", [])))
        // A ©xyz whose size runs past its box is not a box.
        var overrun = Self.place
        overrun[3] = 200
        #expect(!MediaLocation.isRecorded(Self.ftyp + Self.box("moov", overrun)))
        #expect(MediaLocation.isRecorded(Self.ftyp + Self.box("uuid", Array(repeating: 0, count: 16) + Array("<exif:GPSLatitude>".utf8))))
    }

    @Test func boxesPastALargeMediaBoxAreRead() {
        // A 64-bit size (32-bit size 1) over 32 bytes of media, then the metadata.
        let media: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, 48] + Array(repeating: 7, count: 32)
        #expect(MediaLocation.isRecorded(Self.ftyp + media + Self.box("moov", Self.box("udta", Self.place))))
        // A box as long as the rest of the file (size 0) ends the walk.
        let toTheEnd: [UInt8] = [0, 0, 0, 0] + Array("mdat".utf8) + Array(repeating: 7, count: 32)
        #expect(!MediaLocation.isRecorded(Self.ftyp + toTheEnd + Self.box("moov", Self.box("udta", Self.place))))
    }

    @Test func otherFilesAreNotRead() {
        // A PDF or text that names the same things; a box whose size overruns the file; too short.
        #expect(!MediaLocation.isRecorded(Array("%PDF-1.7 moov com.apple.quicktime.location.ISO6709 GPSLatitude".utf8)))
        #expect(!MediaLocation.isRecorded([0, 0, 1, 0] + Array("moov".utf8) + Self.place))
        #expect(!MediaLocation.isRecorded(Array("ftyp".utf8)))
        #expect(!MediaLocation.isRecorded([]))
    }

    /// A site whose entry links to `place-keys.m4a` as `photos/note.m4a`, `place-removed.m4a` as
    /// `photos/quiet.m4a` and `loose` as `photos/loose.m4a`.
    static func build(config: String = "", strict: Bool = false, loose: [UInt8]? = nil) throws(BuildFailure) -> (TempSite, BuildSummary) {
        let site = try! TempSite(files: [
            "daybook.json": #"{"title": "T", "timeZone": "UTC"\#(config)}"#,
            "diary.json": #"[{"id": "a", "title": "A", "date": "2024-03-01", "body": "[Voice](photos/note.m4a), [quiet](photos/quiet.m4a)\#(loose == nil ? "" : ", [loose](photos/loose.m4a)")"}]"#,
        ])
        try! site.write("photos/note.m4a", FileManager.default.contents(atPath: folder + "/place-keys.m4a")!)
        try! site.write("photos/quiet.m4a", FileManager.default.contents(atPath: folder + "/place-removed.m4a")!)
        if let loose { try! site.write("photos/loose.m4a", Data(loose)) }
        var options = BuildOptions(output: site.root + "/out", now: PhotoTests.now)
        options.warningsAreErrors = strict
        return (site, try SiteBuilder(siteRoot: site.root, options: options).build())
    }

    @Test func aBuildEmptiesTheBoxesOfAPlace() throws {
        let (site, summary) = try Self.build()
        #expect(summary.warnings.isEmpty)
        let published = try #require(FileManager.default.contents(atPath: site.root + "/out/photos/note.m4a"))
        #expect(Array(published) == MediaLocation.withoutPlace(Self.file("place-keys.m4a")))
        #expect(Array(published) != Self.file("place-keys.m4a"))
        #expect(FileManager.default.contentsEqual(atPath: site.root + "/out/photos/quiet.m4a", andPath: site.root + "/photos/quiet.m4a"))
        // The site's own file is not changed.
        #expect(FileManager.default.contentsEqual(atPath: site.root + "/photos/note.m4a", andPath: Self.folder + "/place-keys.m4a"))
        let kept = try Self.build(config: #", "keepPhotoMetadata": true"#).0
        #expect(FileManager.default.contentsEqual(atPath: kept.root + "/out/photos/note.m4a", andPath: kept.root + "/photos/note.m4a"))
    }

    static let loose = ftyp + box("moov", box("udta", box("abcd", Array("com.apple.quicktime.location.ISO6709 +37.5+127.0/".utf8))))

    @Test func aBuildWarnsAboutAPlaceItLeaves() throws {
        let (site, summary) = try Self.build(loose: Self.loose)
        #expect(summary.warnings.map(\.description) == [
            site.root + #"/photos/loose.m4a: says where it was recorded (GPS) outside the metadata boxes the build empties, and is published with it: remove the place (exiftool -GPSCoordinates= -XMP:GPS*= -overwrite_original ""# + site.root + #"/photos/loose.m4a"), or set "keepPhotoMetadata": true to publish it so"#,
        ])
        #expect(FileManager.default.contentsEqual(atPath: site.root + "/out/photos/loose.m4a", andPath: site.root + "/photos/loose.m4a"))
        #expect(try Self.build(config: #", "keepPhotoMetadata": true"#, loose: Self.loose).1.warnings.isEmpty)
    }

    @Test func aStrictBuildFailsOnIt() {
        do {
            _ = try Self.build(strict: true, loose: Self.loose)
            Issue.record("a strict build with a place left in a linked file succeeded")
        } catch {
            guard case .invalid(let found) = error else { Issue.record("\(error)"); return }
            #expect(found.errors.map(\.file).count == 1)
            #expect(found.errors.first?.file.hasSuffix("/photos/loose.m4a") == true)
        }
    }
}

/// Found by a security audit: a body's link published any file of the site, hidden ones and
/// pages' sources too (`.git/config` with its token, a draft page's Markdown). Such a link is an
/// error at it, and nothing of it is written.
@Suite struct LinkedFileTests {
    @Test func aLinkToAHiddenFileOrAPagesSourceIsAnErrorAtIt() throws {
        let body = "See [it](.git/config), [env](notes/.env), [d](pages/draft.md) and [a](photos/a.txt)."
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2024-01-02", "body": "\#(body)"}]"#,
            ".git/config": "url = https://user:token@example.org/x.git\n",
            "notes/.env": "KEY=1\n",
            "pages/draft.md": "---\ntitle: D\ndraft: true\n---\nsecret\n",
            "photos/a.txt": "a\n",
        ])
        #expect(PhotoTests.buildErrors(site)?.map { $0.replacingOccurrences(of: site.root + "/", with: "") } == [
            #"diary.json:1:57: link to ".git/config" leads to a hidden file or folder (a name starting with '.'), which the build never publishes: take the link out"#,
            #"diary.json:1:77: link to "notes/.env" leads to a hidden file or folder (a name starting with '.'), which the build never publishes: take the link out"#,
            #"diary.json:1:94: link to "pages/draft.md" leads to a page's source, which the build does not publish: link to the page itself (its folder, such as draft/)"#,
        ])
        #expect(!site.exists("out"))
        let fine = try TempSite(files: [
            "daybook.json": #"{"title": "T"}"#,
            "diary.json": #"[{"title": "A", "date": "2024-01-02", "body": "See [a](photos/a.txt)."}]"#,
            "photos/a.txt": "a\n",
        ])
        _ = try PhotoTests.build(fine)
        #expect(fine.exists("out/photos/a.txt"))
        // In any case (a disk that ignores case finds `Pages/` and `Diary/`); a page's other files are published.
        #expect(SiteBuilder.linkedFileProblem("Pages/draft.MD")?.hasPrefix(#"link to "Pages/draft.MD" leads to a page's source"#) == true)
        #expect(SiteBuilder.linkedFileProblem("Diary/work.json")?.hasPrefix(#"link to "Diary/work.json" leads into diary/"#) == true)
        #expect(SiteBuilder.linkedFileProblem("pages/cv.pdf") == nil)
        #expect(SiteBuilder.linkedFileProblem("photos/../x.txt") == nil)  // not hidden: `..` is told elsewhere
    }
}
