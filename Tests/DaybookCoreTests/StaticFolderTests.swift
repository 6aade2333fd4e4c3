import Foundation
import Testing
@testable import DaybookCore

/// The listing of a site's `static/` folder: its limits and the names it refuses.
@Suite struct StaticFolderTests {
    @Test func moreFilesThanTheLimitIsAnErrorAtTheFolder() throws {
        let site = try TempSite(files: ["static/a": "1", "static/b/c": "2", "static/d": "3"])
        #expect(StaticFolder(siteRoot: site.root, maxFiles: 3).errors.isEmpty)
        let over = StaticFolder(siteRoot: site.root, maxFiles: 2)
        #expect(over.errors.map(\.description) == [
            "\(site.root)/static: holds more than 2 files, the most a site's static/ may hold; publish the rest some other way",
        ])
    }

    @Test func moreBytesThanTheLimitIsAnErrorAtTheFolder() throws {
        let site = try TempSite(files: ["static/a": "12345", "static/b/c": "678"])
        let folder = StaticFolder(siteRoot: site.root, maxBytes: 8)
        #expect(folder.errors.isEmpty)
        #expect(folder.files == ["a", "b/c"])
        #expect(StaticFolder(siteRoot: site.root, maxBytes: 7).errors.map(\.description) == [
            "\(site.root)/static: holds 8 bytes in all, more than the 7 bytes a site's static/ may hold; publish the large files some other way",
        ])
    }

    @Test func aNameWithAControlCharacterIsAnError() throws {
        let site = try TempSite(files: ["static/a\nb.txt": "x", "static/fine.txt": "y"])
        let folder = StaticFolder(siteRoot: site.root)
        #expect(folder.files == ["fine.txt"])
        #expect(folder.errors.map(\.description) == [
            "\(site.root)/static/a\nb.txt: has a name that no web address can carry as written (a control character); rename it",
        ])
    }

    /// vim's and Emacs' files beside the ones edited are left out (an Emacs lock is a dangling
    /// link, left out without a warning); dot files and Netlify's and GitHub's files are published.
    @Test func editorsLitterIsLeftOut() throws {
        let site = try TempSite(files: [
            "static/about.txt": "a", "static/.about.txt.swp": "b", "static/.x.swo": "c", "static/4913": "",
            "static/notes/notes.txt": "d", "static/notes/notes.txt~": "e", "static/notes/#notes.txt#": "f",
            "static/.htaccess": "g", "static/_redirects": "h", "static/CNAME": "i", "static/.well-known/security.txt": "j",
        ])
        try FileManager.default.createSymbolicLink(atPath: site.root + "/static/notes/.#notes.txt", withDestinationPath: "me@host.1234:1700000000")
        let folder = StaticFolder(siteRoot: site.root)
        #expect(folder.files == [".htaccess", ".well-known/security.txt", "CNAME", "_redirects", "about.txt", "notes/notes.txt"])
        #expect(folder.errors.isEmpty && folder.linksWarning == nil)
    }

    @Test func noFolderIsNothingToPublish() throws {
        let site = try TempSite(files: ["daybook.json": "{}"])
        let folder = StaticFolder(siteRoot: site.root)
        #expect(folder.files.isEmpty && folder.errors.isEmpty && folder.linksWarning == nil)
    }
}
