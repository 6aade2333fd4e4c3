import Foundation
import TestSupport
import Testing
@testable import daybook

/// The site's `static/` folder, published as it is at the output's root, built as a user would.
@Suite struct StaticFilesCLITests {
    /// A site `s` in a fresh folder, with one entry and `files` (paths in the site, bytes).
    static func site(_ files: [String: [UInt8]], diary: String = #"[{"title": "Walk", "date": "2026-01-02"}]"#) throws -> String {
        let folder = try CLITests.temporaryFolder()
        var all = files
        all["daybook.json"] = Array(#"{"title": "T", "timeZone": "UTC", "locale": "en_US"}"#.utf8)
        all["diary.json"] = Array(diary.utf8)
        for (path, bytes) in all {
            let url = URL(fileURLWithPath: folder + "/s/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return folder
    }

    static func build(_ folder: String, _ more: [String] = []) throws -> CLITests.Run {
        try CLITests.run(["build", "s", "--now", "2026-01-05T00:00:00Z"] + more, in: folder)
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }

    /// Tests/Fixtures/photos/landscape.jpg, 64 × 48 px.
    static let photo = fixture("landscape.jpg")

    /// A file of Tests/Fixtures/photos.
    static func fixture(_ name: String) -> [UInt8] {
        bytes(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/photos/" + name) ?? []
    }

    /// Every byte value, so that no text conversion goes unseen.
    static let binary: [UInt8] = Array(0...255) + [0, 0xFF, 0x0D, 0x0A]

    @Test func everyFileIsPublishedAsItIsWithDotFilesAndWithoutLitter() throws {
        let folder = try Self.site([
            "static/CNAME": Array("diary.example.org\n".utf8),
            "static/.nojekyll": [],
            "static/.well-known/security.txt": Array("Contact: mailto:me@example.org\n".utf8),
            "static/files/cv.pdf": Self.binary,
            "static/.DS_Store": [0, 0, 0, 1],
            "static/files/Thumbs.db": [1],
            "static/files/._cv.pdf": [2],
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.build(folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Built 1 entry into s/_site: "))
        let out = folder + "/s/_site/"
        #expect(Self.bytes(out + "CNAME") == Array("diary.example.org\n".utf8))
        #expect(Self.bytes(out + ".nojekyll") == [])
        #expect(Self.bytes(out + ".well-known/security.txt") == Array("Contact: mailto:me@example.org\n".utf8))
        #expect(Self.bytes(out + "files/cv.pdf") == Self.binary)
        for litter in [".DS_Store", "files/Thumbs.db", "files/._cv.pdf"] {
            #expect(!FileManager.default.fileExists(atPath: out + litter))
        }
        let manifest = String(decoding: Self.bytes(out + ".daybook-manifest") ?? [], as: UTF8.self).split(separator: "\n")
        #expect(manifest.filter { ["CNAME", ".nojekyll", ".well-known/security.txt", "files/cv.pdf"].contains($0) }.count == 4)
    }

    /// A static file where the build writes a page, a theme file or an alias's page, or where it
    /// needs a folder, is an error at the file naming what the build writes there; nothing is written.
    @Test func aStaticFileWhereTheBuildWritesIsAnErrorAtIt() throws {
        let folder = try Self.site([
            "static/index.html": Array("<p>mine</p>".utf8),
            "static/assets/style.css": Array("body {}".utf8),
            "static/entries": Array("x".utf8),
            "static/old/walk/index.html": Array("x".utf8),
            "static/404.html/x.txt": Array("x".utf8),
            "static/.daybook-manifest": Array("x".utf8),
            "static/TODOS.md": Array("x".utf8),
            "static/photos/a-64.webp": Array("x".utf8),
            "photos/a.jpg": Self.photo,
            "static/fine.txt": Array("x".utf8),
            "static/about/index.html": Array("x".utf8),
            "pages/about.md": Array("# About me\n\nHello.\n".utf8),
        ], diary: #"[{"title": "Walk", "date": "2026-01-02", "aliases": ["/old/walk/"], "photos": ["photos/a.jpg"]}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.build(folder)
        #expect(run.status == 1)
        #expect(run.stderr == """
            error: s/static/.daybook-manifest: .daybook-manifest is a name the build keeps for its own records in the output; rename or remove this file
            error: s/static/404.html/x.txt: this file needs a folder 404.html/, but the build writes the 404 page at 404.html; rename or remove this file
            error: s/static/TODOS.md: the build writes the todo list in Markdown at todos.md, which is this file's path on a disk that ignores case (macOS', Windows'); rename or remove this file
            error: s/static/about/index.html: the build writes the page "About me" of pages/about.md at about/index.html, and a static file may not take its place; rename or remove this file
            error: s/static/assets/style.css: the build writes the theme's file at assets/style.css, and a static file may not take its place (to replace the theme's, put yours at templates/assets/style.css); rename or remove this file
            error: s/static/entries: the build needs a folder entries/ here, for the page of the entry "Walk" (entries/2026-01-02-walk/index.html); rename or remove this file
            error: s/static/index.html: the build writes the home page at index.html, and a static file may not take its place; rename or remove this file
            error: s/static/old/walk/index.html: the build writes the page of the alias "/old/walk/" of the entry "Walk" at old/walk/index.html, and a static file may not take its place; rename or remove this file
            error: s/static/photos/a-64.webp: the build writes the 64 px variant of photos/a.jpg at photos/a-64.webp, and a static file may not take its place; rename or remove this file
            Build failed: 9 errors; the output was not changed.

            """)
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site/fine.txt"))
    }

    /// A file taken out of static/ is taken out of the output by the next build, as the build's
    /// own files are; a file of the user's own in the output stays.
    @Test func aRemovedStaticFileIsRemovedAndTheUsersOwnFileStays() throws {
        let folder = try Self.site([
            "static/robots.txt": Array("User-agent: *\n".utf8),
            "static/keep/a.txt": Array("a".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(folder).status == 0)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/s/_site/mine.txt"))
        try FileManager.default.removeItem(atPath: folder + "/s/static/robots.txt")
        try FileManager.default.removeItem(atPath: folder + "/s/static/keep")
        let run = try Self.build(folder)
        #expect(run.status == 0)
        #expect(run.stderr.contains(" 2 removed, "))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site/robots.txt"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site/keep"))
        #expect(Self.bytes(folder + "/s/_site/mine.txt") == Array("mine".utf8))
    }

    /// A static file changed (to other bytes of the same size) or added makes the next build
    /// copy it; a build with nothing changed still writes nothing, and litter counts for nothing.
    @Test func aChangedOrAddedStaticFileIsBuiltAndNothingElseIs() throws {
        let folder = try Self.site(["static/CNAME": Array("a.example.org".utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(folder).status == 0)
        #expect(try Self.build(folder).stderr.hasPrefix("Nothing changed: 1 entry, "))
        try Data("b.example.org".utf8).write(to: URL(fileURLWithPath: folder + "/s/static/CNAME"))
        let changed = try Self.build(folder)
        #expect(changed.stderr.hasPrefix("Built 1 entry into s/_site: 1 file written, "))
        #expect(Self.bytes(folder + "/s/_site/CNAME") == Array("b.example.org".utf8))
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/s/static/.DS_Store"))
        #expect(try Self.build(folder).stderr.hasPrefix("Nothing changed: 1 entry, "))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/s/static/_redirects"))
        let added = try Self.build(folder)
        #expect(added.stderr.hasPrefix("Built 1 entry into s/_site: 1 file written, "))
        #expect(Self.bytes(folder + "/s/_site/_redirects") == Array("x".utf8))
    }

    /// A symbolic link in static/ is not followed (it could lead out of the site): it is named in
    /// one warning, and nothing of it is published.
    @Test func aSymbolicLinkInStaticIsWarnedAboutAndNotFollowed() throws {
        let folder = try Self.site(["static/a.txt": Array("a".utf8), "outside/secret.txt": Array("secret".utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/s/static/secret.txt", withDestinationPath: "../outside/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/s/static/more", withDestinationPath: "../outside")
        let run = try Self.build(folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("""
            warning: s/static: 2 symbolic links not followed (a link could lead out of the site folder), so not published: more, secret.txt; copy the files in instead
            Built 1 entry into s/_site: 
            """))
        #expect(Self.bytes(folder + "/s/_site/a.txt") == Array("a".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site/secret.txt"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/_site/more"))
    }

    /// A report publishes no static file: what a build would refuse there (a named pipe) is no error of its.
    @Test func aReportLeavesStaticAlone() throws {
        let folder = try Self.site(["static/a.txt": Array("a".utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/s/static/pipe", 0o644) == 0)
        let build = try Self.build(folder)
        #expect(build.stderr == """
            error: s/static/pipe: is not a file (a named pipe, a socket or a device), so it cannot be published
            Build failed: 1 error; the output was not changed.

            """)
        let run = try CLITests.run(["report", "2026-01", "s", "--format", "md", "--output", "r.md", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr == "Wrote the report of January 2026 to r.md\n")
    }

    /// A report's table with a checksum in a cell: the cell is marked so that it breaks on paper
    /// (PrintTables), in the built site's report and in `daybook report`'s alike.
    @Test func aReportsLongTableCellIsMarkedForPrint() throws {
        let body = #"| Signature | Size |\n|---|---|\n| 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b | 12 MB |"#
        let folder = try Self.site([:], diary: #"[{"title": "Backup", "date": "2026-01-02", "body": "\#(body)"}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(folder).status == 0)
        let built = String(decoding: Self.bytes(folder + "/s/_site/reports/2026-01/index.html") ?? [], as: UTF8.self)
        #expect(built.contains("<td class=\"long-run\">9f86d081884c7d659a2feaa0c55ad015a3bf4f1b</td>\n<td>12 MB</td>"))
        let run = try CLITests.run(["report", "2026-01", "s", "--format", "html", "--output", "r.html", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(run.status == 0)
        #expect(String(decoding: Self.bytes(folder + "/r.html") ?? [], as: UTF8.self).contains("<td class=\"long-run\">9f86d081884c7d659a2feaa0c55ad015a3bf4f1b</td>"))
    }

    /// A user's own CNAME in the output (as the README once said to keep it) with other bytes
    /// than static/'s is written over, with the warning any such file gets.
    @Test func aUsersOwnFileOfTheSameNameIsWrittenOverWithAWarning() throws {
        let folder = try Self.site(["static/CNAME": Array("new.example.org".utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/s/_site", withIntermediateDirectories: true)
        try Data("old.example.org".utf8).write(to: URL(fileURLWithPath: folder + "/s/_site/CNAME"))
        let run = try Self.build(folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("warning: s/_site: 1 file of yours written over: CNAME (the build writes it; it is never removed)\n"))
        #expect(Self.bytes(folder + "/s/_site/CNAME") == Array("new.example.org".utf8))
    }

    /// Found by a publishing audit: a file of the user's where the build makes a folder was told
    /// as `pf/entries/2026-…: cannot write: Not a directory`. The file is named; it stays, and the
    /// exit status is still 73.
    @Test func aFileWhereTheBuildMakesAFolderIsNamed() throws {
        let folder = try Self.site([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/pf", withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/pf/entries"))
        let run = try Self.build(folder, ["--output", "pf"])
        #expect(run.status == 73)
        #expect(run.stderr == "error: pf/entries is a file of yours where the build writes a folder\n")
        #expect(Self.bytes(folder + "/pf/entries") == Array("mine\n".utf8))
    }

    /// Found by a publishing audit: a file of the user's named `assets` (where the build writes
    /// its style sheet) failed the build after its pages had moved into place. It is found
    /// before: nothing of the build is written, the file stays, the exit status is 73.
    @Test func aFileWhereTheBuildMakesTheAssetsFolderFailsBeforeAnyPage() throws {
        let folder = try Self.site([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/pf", withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: folder + "/pf/assets"))
        let run = try Self.build(folder, ["--output", "pf"])
        #expect(run.status == 73)
        #expect(run.stderr == "error: pf/assets is a file of yours where the build writes a folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/pf") == ["assets"])
        #expect(Self.bytes(folder + "/pf/assets") == Array("mine\n".utf8))
    }

    /// --quiet leaves out the summary line, not the warnings: the file of the user's written over
    /// and a misspelled key are printed, and nothing else.
    @Test func quietStillPrintsWarnings() throws {
        let folder = try Self.site([:], diary: #"[{"title": "Walk", "date": "2026-01-02", "tgas": ["a"]}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/pub2", withIntermediateDirectories: true)
        try Data("my404\n".utf8).write(to: URL(fileURLWithPath: folder + "/pub2/404.html"))
        let run = try Self.build(folder, ["--output", "pub2", "--quiet"])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            warning: pub2: 1 file of yours written over: 404.html (the build writes it; it is never removed)
            warning: s/diary.json:1:42: unknown key "tgas" (did you mean "tags"?)

            """)
    }

    /// A body names a static file by its path in the site, as it names a photo: the link and the
    /// image lead to the file published at the output's root, which is not published again under
    /// `static/` (nor made a photo's variants).
    @Test func aBodysLinkToAStaticFileLeadsToItsPublishedCopy() throws {
        let folder = try Self.site([
            "static/files/cv.pdf": Self.binary,
            "static/logo.jpg": Self.photo,
        ], diary: #"[{"title": "Walk", "date": "2026-01-02", "body": "[CV](static/files/cv.pdf) ![Logo](static/logo.jpg)"}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.build(folder)
        #expect(run.status == 0)
        let out = folder + "/s/_site/"
        let page = String(decoding: Self.bytes(out + "entries/2026-01-02-walk/index.html") ?? [], as: UTF8.self)
        #expect(page.contains(#"<p><a href="../../files/cv.pdf">CV</a> <img src="../../logo.jpg" alt="Logo" /></p>"#))
        #expect(!FileManager.default.fileExists(atPath: out + "static"))
        #expect(Self.bytes(out + "files/cv.pdf") == Self.binary)
        let report = String(decoding: Self.bytes(out + "reports/2026-01.md") ?? [], as: UTF8.self)
        #expect(report.contains("[CV](../files/cv.pdf) ![Logo](../logo.jpg)"))
    }

    /// A page of `pages/` names a static file as an entry's body does, and its link leads to the
    /// published file from the page's folder.
    @Test func aPagesLinkToAStaticFileLeadsToItsPublishedCopy() throws {
        let folder = try Self.site([
            "static/files/cv.pdf": Self.binary,
            "pages/about.md": Array("# About\n\n[CV](static/files/cv.pdf)\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.build(folder)
        #expect(run.status == 0)
        let page = String(decoding: Self.bytes(folder + "/s/_site/about/index.html") ?? [], as: UTF8.self)
        #expect(page.contains(#"<p><a href="../files/cv.pdf">CV</a></p>"#))
    }

    /// `daybook check` follows a page's link to a static file, and leaves a static HTML file's
    /// own links alone: it is the user's, published as it is.
    @Test func checkLeadsToStaticFilesAndLeavesTheirOwnLinksAlone() throws {
        let folder = try Self.site([
            "static/cv.pdf": Self.binary,
            "static/old.html": Array(#"<a href="gone.html">gone</a>"#.utf8),
        ], diary: #"[{"title": "Walk", "date": "2026-01-02", "body": "[CV](../../cv.pdf) [old](../../old.html)"}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLITests.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("s: no problems found ("))
        try FileManager.default.removeItem(atPath: folder + "/s/static/cv.pdf")
        let broken = try CLITests.run(["check", "s", "--now", "2026-01-05T00:00:00Z"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix(#"error: s/diary.json:1:56: the entry's page entries/2026-01-02-walk/index.html links to "../../cv.pdf", which leads to no file"#))
    }

    /// The output may not be inside static/: the next build would publish the last one's pages.
    @Test func theOutputMayNotBeInStatic() throws {
        let folder = try Self.site(["static/a.txt": Array("a".utf8)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.build(folder, ["--output", "s/static/out"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: refusing to write the site into s/static/out: the build reads static/ of the site folder; choose another folder, such as _site\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/s/static/out"))
    }

    /// The images of static/ are published as they are: one that says where it was taken (GPS
    /// in its EXIF, a TIFF's too, or in its XMP alone; by its name or its first bytes) gets a
    /// warning at it, one without a place (a WebP with EXIF, a PNG, a TIFF) none.
    @Test func aStaticImageThatSaysWhereItWasTakenIsWarnedAbout() throws {
        let images: [String: [UInt8]] = [
            "static/img/beach.jpg": Self.photo, "static/img/a.png": Self.fixture("place.png"),
            "static/img/b.webp": Self.fixture("place.webp"), "static/img/c.heic": Self.fixture("place.heic"),
            "static/img/d.png": Self.fixture("xmp-place.png"), "static/img/e.tif": Self.fixture("xmp-place.tif"),
            "static/logo.png": Self.fixture("screenshot.png"), "static/logo.webp": Self.fixture("phone.webp"),
            "static/scan.tif": Self.fixture("scan.tif"), "static/img/f.tif": Self.fixture("place.tif"),
            // A JPEG by another name (Windows saves one as .jfif; a photo audit found these unread).
            "static/img/g.jfif": Self.photo, "static/img/h.bin": Self.photo, "static/notes.txt": Array("GPS".utf8),
        ]
        let folder = try Self.site(images)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try Self.build(folder)
        #expect(run.status == 0)
        let warnings = ["img/a.png", "img/b.webp", "img/beach.jpg", "img/c.heic", "img/d.png", "img/e.tif", "img/f.tif", "img/g.jfif", "img/h.bin"].map { path in
            "warning: s/static/\(path): says where it was taken (GPS), and a file of static/ is published as it is: move it to photos/ "
                + "and show it in an entry or a page (the copies the build makes of a photo leave the place out), or remove the place "
                + "(exiftool -GPS:all= -XMP:GPS*= -overwrite_original \"s/static/\(path)\"), or set \"keepPhotoMetadata\": true to publish it so\n"
        }
        #expect(run.stderr.hasPrefix(warnings.joined() + "Built 1 entry into s/_site: "))
        for (path, bytes) in images {
            #expect(Self.bytes(folder + "/s/_site/" + path.dropFirst("static/".count)) == bytes)
        }
    }

    /// A static image's answer is kept in the cache by its file's facts: the next build does not
    /// open it again (libvips costs a build 50 ms), one after the file changed does.
    @Test func aStaticImagesPlaceIsLearntOnceByItsFileFacts() throws {
        let folder = try Self.site(["static/img/beach.jpg": Self.photo])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(folder).stderr.hasPrefix("warning: s/static/img/beach.jpg: says where it was taken (GPS)"))
        let kept = folder + "/s/.daybook-cache/photos/static-places"
        let text = String(decoding: Self.bytes(kept) ?? [], as: UTF8.self)
        #expect(text.hasPrefix("\tcheck\texif+xmp+tiff\nimg/beach.jpg\t") && text.hasSuffix("\t1\n"))
        // What the cache says is believed while the file is as it was (the diary changed: a build).
        try Data((String(text.dropLast(2)) + "0\n").utf8).write(to: URL(fileURLWithPath: kept))
        try Data(#"[{"title": "Walk", "date": "2026-01-02", "body": "On."}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        #expect(try Self.build(folder).stderr.hasPrefix("Built 1 entry into s/_site: "))
        // The file written again (its facts change): looked at again.
        try Data(Self.photo).write(to: URL(fileURLWithPath: folder + "/s/static/img/beach.jpg"))
        #expect(try Self.build(folder).stderr.hasPrefix("warning: s/static/img/beach.jpg: says where it was taken (GPS)"))
        #expect(String(decoding: Self.bytes(kept) ?? [], as: UTF8.self).hasSuffix("\t1\n"))
    }

    /// The answers of an earlier check are not believed: the image is looked at again. Before
    /// XMP was read (a cache without its first row), a PNG with a place in XMP alone had none;
    /// before a TIFF's EXIF was read (`exif+xmp`), a TIFF with a GPS IFD had none.
    @Test(arguments: [("img/d.png", "xmp-place.png", ""), ("scan.tif", "place.tif", "\tcheck\texif+xmp\n")])
    func aStaticImagesPlaceFromAnEarlierCheckIsAskedAgain(path: String, fixture: String, firstRow: String) throws {
        let folder = try Self.site(["static/" + path: Self.fixture(fixture)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.build(folder).stderr.hasPrefix("warning: s/static/\(path): says where it was taken (GPS)"))
        let kept = folder + "/s/.daybook-cache/photos/static-places"
        let text = String(decoding: Self.bytes(kept) ?? [], as: UTF8.self)
        let row = String(text.drop(while: { $0 != "\n" }).dropFirst())
        #expect(row.hasPrefix(path + "\t") && row.hasSuffix("\t1\n"))
        // As the earlier check left it: its first row, and no place.
        try Data((firstRow + row.dropLast(2) + "0\n").utf8).write(to: URL(fileURLWithPath: kept))
        try Data(#"[{"title": "Walk", "date": "2026-01-02", "body": "On."}]"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/diary.json"))
        #expect(try Self.build(folder).stderr.hasPrefix("warning: s/static/\(path): says where it was taken (GPS)"))
        #expect(String(decoding: Self.bytes(kept) ?? [], as: UTF8.self) == text)
    }

    /// With "keepPhotoMetadata": true, a static image's place is published without a warning.
    @Test func keepingPhotoMetadataKeepsAStaticImageQuiet() throws {
        let folder = try Self.site(["static/img/beach.jpg": Self.photo])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"title": "T", "timeZone": "UTC", "keepPhotoMetadata": true}"#.utf8).write(to: URL(fileURLWithPath: folder + "/s/daybook.json"))
        let run = try Self.build(folder)
        #expect(run.status == 0)
        #expect(run.stderr.hasPrefix("Built 1 entry into s/_site: "))
    }

    /// `serve` rebuilds when a file of static/ changes, its dot files too, but not for litter.
    @Test func theWatcherSeesStaticDotFilesButNotLitter() throws {
        let folder = try Self.site(["static/.nojekyll": [], "static/.well-known/a.txt": [1], "static/.DS_Store": [2], ".hidden": [3]])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let seen = SiteWatcher.snapshot(root: folder + "/s").keys.sorted()
        #expect(seen == [".well-known/a.txt", ".nojekyll", "daybook.json", "diary.json"].map { $0.hasPrefix(".") ? "static/" + $0 : $0 }.sorted())
    }
}
