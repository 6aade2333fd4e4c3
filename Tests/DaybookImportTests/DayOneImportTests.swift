import DaybookCore
import Foundation
import TestSupport
import Testing
@testable import DaybookImport

/// Day One's export: the fixture folder (from the MIT sample), read into items.
@Suite struct DayOneImportTests {
    static func batch() throws -> ImportBatch {
        try Importer.read(.dayone, ExportFolder.open(ImportFixtures.path("dayone")), context: ImportContext(timeZone: "Asia/Seoul", locale: "en_US"))
    }

    static func string(_ item: ImportedItem, _ key: String) -> String? {
        if case .string(let s)? = item[key] { return s }
        return nil
    }

    static func strings(_ item: ImportedItem, _ key: String) -> [String] {
        guard case .array(let nodes)? = item[key] else { return [] }
        return nodes.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
    }

    @Test func everyEntryWithItsSourceTitleAndDate() throws {
        let batch = try Self.batch()
        #expect(batch.items.map(\.source) == ["dayone:DF8B32A3FE25400BBBB3A7BBFCD23CE7", "dayone:1461153D91EC48C180C606C853FBFD83",
                                              "dayone:876E72B228F847379F296B1698CA3F61", "dayone:479270F4CAD1429AB1564DB34D0FE337",
                                              "dayone:959E7A13B3B649D681DC573DB7E07967"])
        #expect(batch.items.map { Self.string($0, "title") } == ["Header 1", "Pariatur aute nulla incididunt.", "\"This text is in quotes\"",
                                                                "Ipsum labore tempor eu elit voluptate incididunt sint ea enim aute do minim.", "Untitled"])
        // All-day: local midnight in Dublin written in UTC (2024-04-16T23:00:00Z) is the 17th.
        #expect(batch.items.map { Self.string($0, "date") } == ["2024-04-17", "2024-04-18", "2024-04-19T22:48:36+01:00",
                                                               "2024-04-19T22:55:53+01:00", "2024-04-21T23:45:51+01:00"])
        #expect(batch.items.map { Self.string($0, "timeZone") } == ["Europe/Dublin", "Europe/London", "Europe/London", "Europe/London", "Europe/London"])
    }

    @Test func cardsFromTagsStarredLocationAndWeather() throws {
        let batch = try Self.batch()
        #expect(Self.strings(batch.items[0], "tags") == ["another-dev-testing-tag", "dev-testing-tag", "starred"])
        #expect(Self.string(batch.items[0], "location") == "Eurpocar Dublin Airport Terminal 2, Swords, Co. Dublin, Ireland")
        // 12.5 °C in en_US.
        #expect(Self.string(batch.items[2], "weather") == "Partly Cloudy, 55°F")
        let metric = try Importer.read(.dayone, ExportFolder.open(ImportFixtures.path("dayone")), context: ImportContext(timeZone: "UTC", locale: "de_DE"))
        #expect(Self.string(metric.items[2], "weather") == "Partly Cloudy, 13°C")
        // Korean writes a place from its largest part, with spaces (found by a Korean diarist's audit).
        let korean = try Importer.read(.dayone, ExportFolder.open(ImportFixtures.path("dayone")), context: ImportContext(timeZone: "Asia/Seoul", locale: "ko_KR"))
        #expect(Self.string(korean.items[0], "location") == "Ireland Co. Dublin Swords Eurpocar Dublin Airport Terminal 2")
    }

    @Test func escapesUndoneOutsideCodeAndZeroWidthSpacesDropped() throws {
        let body = try #require(Self.string(try Self.batch().items[2], "body"))
        // Day One shows each line as a line: a hard line break (`\`) at its end.
        #expect(body.hasPrefix("This-text-is-hyphenated\\\n(This text is in parentheses)\n\nDolore ex commodo aliqua irure ullamco quis aliquip. Consectetur"))
        #expect(body.hasSuffix("`code \\. stays` and 1. not a list\n\n```\nfenced \\- stays\n```"))
        #expect(!body.contains("\u{200B}"))
    }

    /// Day One's bullet list and checklist one blank line apart stay two lists (CommonMark would
    /// make them one loose list): the second takes the other marker.
    @Test func listsOneBlankLineApartStayApart() throws {
        let body = try #require(Self.string(try Self.batch().items[0], "body"))
        #expect(body.contains("\n\n- List item 1\n- List item 2\n\n* [ ] Check item 1\n* [ ] Check item 2\n\n1. List number 1\n2. List number 2\n\n"))
        let html = MarkdownRenderer().html("- a\n- b\n\n* [ ] c\n* [ ] d")
        #expect(html.components(separatedBy: "<ul").count == 3)
        #expect(!html.contains("<p>"))
    }

    @Test func theListSeparatorChangesOnlyAListRightAfterOneOfItsMarker() {
        var lists = DayOneText.ListSeparator()
        let lines = ["- a", "", "- b", "- b2", "  - nested", "", "- c", "* c2", "", "text", "", "- d", "", "1. one", "", "2. two", "3. three",
                     "", "- - -", "", "- e", "- f"]
        #expect(lines.map { lists.next($0) } == ["- a", "", "* b", "* b2", "  - nested", "", "- c", "* c2", "", "text", "", "- d", "", "1. one", "",
                                                 "2) two", "3) three", "", "- - -", "", "- e", "- f"])
    }

    @Test func momentsBecomeCopiedFilesInPlaceAndMissingOnesAreDropped() throws {
        let batch = try Self.batch()
        #expect(Self.string(batch.items[0], "body")?.hasSuffix("```\nCode block\n```\n\n\n![Header 1](photos/dayone/31c871f18f68d2fde4196ccba1f8ece1.jpeg)") == true)
        // Found by a photos audit: photos in the text had no text (`alt=""`), so screen readers
        // skipped them. They are described as `photos` are: by the title, with their place.
        #expect(Self.string(batch.items[3], "body")?.contains("![Ipsum labore tempor eu elit voluptate incididunt sint ea enim aute do minim. (2/2)](photos/dayone/6b73e9bd86a91d3a7ead09268b0fb266.jpeg)") == true)
        #expect(DayOneImporter.markdownText(#"a*b [c] \ `d`"#) == #"a\*b \[c\] \\ \`d\`"#)
        // Photos placed in the text are published from there; the entry lists only the others.
        #expect(Self.strings(batch.items[0], "photos") == [])
        #expect(Self.strings(batch.items[3], "photos") == [])
        #expect(Self.string(batch.items[4], "body") == "[Audio](photos/dayone/f35f41739499e70c6b2714e3a7d82d8c.m4a)")
        #expect(batch.missingLinks == 2)
        #expect(batch.warnings.map(\.message) == [ImportFixtures.path("dayone") + "/Journal.json: entry \"Ipsum labore tempor eu elit voluptate incididunt sint ea enim aute do minim.\" (2024-04-19): 1 of its attached files is not in the export; left out: videos/842e6f3bf38e93981004c637e8b03967.mp4",
                                                   ImportFixtures.path("dayone") + "/Journal.json: entry \"Untitled\" (2024-04-21): 1 linked file is not in the export; its link was dropped: videos/d500d6789ff2c211af3f507b17be8e66.mp4"])
        #expect(Set(batch.files.map(\.to)) == ["photos/dayone/31c871f18f68d2fde4196ccba1f8ece1.jpeg", "photos/dayone/6b73e9bd86a91d3a7ead09268b0fb266.jpeg",
                                                "photos/dayone/f35f41739499e70c6b2714e3a7d82d8c.m4a"])
        for item in batch.items { #expect(!(Self.string(item, "body") ?? "").contains("dayone-moment:")) }
    }

    @Test func oneJSONFileFindsTheMediaBesideIt() throws {
        let batch = try Importer.read(.dayone, ExportFolder.open(ImportFixtures.path("dayone/Journal.json")), context: ImportContext())
        #expect(batch.items.count == 5)
        #expect(batch.files == (try Self.batch()).files)
        #expect(batch.files.count == 4)
        #expect(batch.missingLinks == 2)
    }

    /// A journal's `.json` imported again without its folders keeps the links to the files the
    /// first import put in the site (the site's copy), and drops only those the site lacks too.
    @Test func aJSONAloneKeepsLinksToFilesTheSiteHas() throws {
        let folder = NSTemporaryDirectory() + "dayone-alone-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone/Journal.json"), toPath: folder + "/Journal.json")
        let alone = try Importer.read(.dayone, ExportFolder.open(folder + "/Journal.json"), context: ImportContext())
        #expect(alone.missingLinks == 6)
        let site = NSTemporaryDirectory() + "dayone-site-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: site + "/photos/dayone", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: site) }
        for name in ["31c871f18f68d2fde4196ccba1f8ece1.jpeg", "6b73e9bd86a91d3a7ead09268b0fb266.jpeg"] {
            try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone/photos/" + name), toPath: site + "/photos/dayone/" + name)
        }
        try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone/audios/f35f41739499e70c6b2714e3a7d82d8c.m4a"),
                                         toPath: site + "/photos/dayone/f35f41739499e70c6b2714e3a7d82d8c.m4a")
        var context = ImportContext()
        context.siteMedia = DayOneImporter.siteMedia(site: site)
        #expect(context.siteMedia["31c871f18f68d2fde4196ccba1f8ece1"] == "photos/dayone/31c871f18f68d2fde4196ccba1f8ece1.jpeg")
        let again = try Importer.read(.dayone, ExportFolder.open(folder + "/Journal.json"), context: context)
        let whole = try Self.batch()
        #expect(again.files.isEmpty)
        #expect(again.missingLinks == whole.missingLinks)
        #expect(again.items.map { Self.string($0, "body") } == whole.items.map { Self.string($0, "body") })
    }

    /// The gallery keeps Day One's order (`orderInEntry`), not the export's, and a photo the
    /// export lacks is counted and named in a warning.
    @Test func galleryInDayOnesOrderAndMissingPhotosWarned() throws {
        let folder = NSTemporaryDirectory() + "dayone-gallery-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (a, b) = ("31c871f18f68d2fde4196ccba1f8ece1", "6b73e9bd86a91d3a7ead09268b0fb266")
        for md5 in [a, b] {
            try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone/photos/\(md5).jpeg"), toPath: folder + "/photos/\(md5).jpeg")
        }
        let photos = [("B", b, 1), ("C", "ffffffffffffffffffffffffffffffff", 2), ("A", a, 0)]
            .map { #"{"identifier": "\#($0.0)", "md5": "\#($0.1)", "type": "jpeg", "orderInEntry": \#($0.2)}"# }
        try Data(#"{"entries": [{"uuid": "G", "creationDate": "2024-04-19T09:00:00Z", "text": "Gallery day", "photos": [\#(photos.joined(separator: ", "))]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        let batch = try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(Self.strings(batch.items[0], "photos") == ["photos/dayone/\(a).jpeg", "photos/dayone/\(b).jpeg"])
        #expect(batch.missingLinks == 1)
        #expect(batch.warnings.map(\.message) == [folder + "/Journal.json: entry \"Gallery day\" (2024-04-19): 1 of its photos is not in the export; left out: photos/ffffffffffffffffffffffffffffffff.jpeg"])
    }

    /// A missing moment's warning names what to look for in the export: the file by its folder,
    /// md5 and type, or the moment when the entry lists no file for it.
    @Test func missingMomentsAreNamedInTheWarning() throws {
        let folder = try ScratchRoot.folder("dayone-missing-")
        let text = #"Trip\n\n![](dayone-moment://P1)\n\n![](dayone-moment:/audio/A1)\n\n![](dayone-moment://GONE)"#
        try Data(#"{"entries": [{"uuid": "M", "creationDate": "2024-04-19T09:00:00Z", "text": "\#(text)", "photos": [{"identifier": "P1", "md5": "0123456789ABCDEF0123456789ABCDEF", "type": "heic"}], "audios": [{"identifier": "A1", "md5": "fedcba9876543210fedcba9876543210", "format": "aac"}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        let batch = try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(batch.missingLinks == 3)
        #expect(batch.warnings.map(\.message) == [folder + "/Journal.json: entry \"Trip\" (2024-04-19): 3 linked files are not in the export; their links were dropped: "
            + "photos/0123456789abcdef0123456789abcdef.heic, audios/fedcba9876543210fedcba9876543210.m4a, dayone-moment GONE (no file listed in the entry)"])
    }

    /// Sound, video and PDFs the entry lists but its text does not link to are linked after the
    /// text (an import audit found them dropped without a word), and one the export lacks is
    /// counted and named.
    @Test func attachmentsTheTextDoesNotLinkToAreLinkedAfterIt() throws {
        let folder = try ScratchRoot.folder("dayone-attached-")
        for (sub, name) in [("videos", "842e6f3bf38e93981004c637e8b03967.mp4"), ("audios", "f35f41739499e70c6b2714e3a7d82d8c.m4a"),
                            ("pdfs", "0123456789abcdef0123456789abcdef.pdf")] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + sub + "/" + name))
        }
        let text = #"London Eye\n\nUp high. ![](dayone-moment:/audio/A1)"#
        try Data((#"{"entries": [{"uuid": "V", "creationDate": "2024-04-19T09:00:00Z", "text": "\#(text)", "#
            + #""videos": [{"identifier": "V1", "md5": "842e6f3bf38e93981004c637e8b03967", "type": "mp4"}], "#
            + #""audios": [{"identifier": "A1", "md5": "f35f41739499e70c6b2714e3a7d82d8c", "format": "aac"}, {"identifier": "A2", "md5": "fedcba9876543210fedcba9876543210", "format": "aac"}], "#
            + #""pdfAttachments": [{"identifier": "P1", "md5": "0123456789ABCDEF0123456789ABCDEF", "type": "pdf"}]}]}"#).utf8)
            .write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        let batch = try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(Self.string(batch.items[0], "body") == "Up high. [Audio](photos/dayone/f35f41739499e70c6b2714e3a7d82d8c.m4a)\n\n"
            + "[Video](photos/dayone/842e6f3bf38e93981004c637e8b03967.mp4)\n\n[PDF](photos/dayone/0123456789abcdef0123456789abcdef.pdf)")
        #expect(batch.files.map(\.to) == ["photos/dayone/f35f41739499e70c6b2714e3a7d82d8c.m4a", "photos/dayone/842e6f3bf38e93981004c637e8b03967.mp4",
                                          "photos/dayone/0123456789abcdef0123456789abcdef.pdf"])
        #expect(batch.missingLinks == 1)
        #expect(batch.warnings.map(\.message) == [folder + "/Journal.json: entry \"London Eye\" (2024-04-19): 1 of its attached files is not in the export; "
            + "left out: audios/fedcba9876543210fedcba9876543210.m4a"])
    }

    @Test func badEntryIsALocatedError() throws {
        let folder = NSTemporaryDirectory() + "dayone-bad-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("{\"entries\": [\n  {\"uuid\": \"A\", \"creationDate\": \"2024-04-19T21:48:36Z\",\n   \"text\": {\"invalid\": 1}}\n]}".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        #expect(throws: ImportFailure.self) { try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext()) }
        do {
            _ = try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext())
        } catch {
            #expect(error.description == "error: \(folder)/Journal.json:3:12: \"text\" must be a string, found an object")
        }
    }

    /// Found by a Day One user's audit: a first line that was a checklist's item became the title,
    /// and the list lost it and its tick. Its words are the title, and it stays in the list.
    @Test func aFirstLineOfAListStaysInIt() {
        let list = DayOneText.split("- [x] Milk\n- [ ] Eggs\n\nShopping done.", link: { _ in nil })
        #expect(list.title == "Milk")
        #expect(list.body == "- [x] Milk\n- [ ] Eggs\n\nShopping done.")
        let numbered = DayOneText.split("1. Pack\n2. Leave", link: { _ in nil })
        #expect(numbered.title == "Pack" && numbered.body == "1. Pack\n2. Leave")
        // Emphasis is no list.
        let bold = DayOneText.split("*Big day*\n\nText.", link: { _ in nil })
        #expect(bold.title == "Big day" && bold.body == "Text.")
    }

    /// A title line's links stay in the body (the plain title has no address), with its media;
    /// an empty heading before the title is dropped.
    @Test func aTitleLinesLinksStayInTheBody() {
        let linked = DayOneText.split("Visited [the museum](https://example.org/museum \"M\") today ![](dayone-moment://A)![](dayone-moment://B)\n\nBody.",
                                      link: { "![](photos/\($0.identifier).jpg)" })
        #expect(linked.title == "Visited the museum today")
        #expect(linked.body == "[the museum](https://example.org/museum \"M\") ![](photos/A.jpg)![](photos/B.jpg)\n\nBody.")
        // Found by a review: parentheses in the address, brackets in the text, an address in <…>.
        let odd = DayOneText.split("# Visit to [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) and [a [nested] link](<my file.md>)", link: { _ in nil })
        #expect(odd.title == "Visit to Foo and a [nested] link")
        #expect(odd.body == "[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) [a [nested] link](<my file.md>)")
        let plain = DayOneText.split("A walk ![x](photo.jpg)\n\nBody.", link: { _ in nil })
        #expect(plain.title == "A walk" && plain.body == "Body.")
        let empty = DayOneText.split("# \n\nText\n\nMore.", link: { _ in nil })
        #expect(empty.title == "Text" && empty.body == "More.")
    }

    @Test func titleTextIsPlain() {
        #expect(DayOneText.plainTitle("## **Bold** _walk_ in [the park](https://x) \\- ok\\.") == "Bold walk in the park - ok.")
        #expect(DayOneText.plainTitle("Use `~/.bashrc` file") == "Use ~/.bashrc file")
        #expect(DayOneText.plainTitle("Approx \\~5 km, ~~not~~ 6") == "Approx ~5 km, not 6")
        #expect(DayOneText.plainTitle("Email a\\_b\\_c and \\_\\_init\\_\\_") == "Email a_b_c and __init__")
        #expect(DayOneText.plainTitle("- Buy eggs") == "Buy eggs")
        #expect(DayOneText.plainTitle("* Bullet") == "Bullet")
        #expect(DayOneText.plainTitle("- [ ] Call mom") == "Call mom")
        #expect(DayOneText.plainTitle("> Fish &amp; chips") == "Fish & chips")
        #expect(DayOneText.plainTitle("#hashtag day") == "#hashtag day")
        #expect(DayOneText.plainTitle("![](dayone-moment://A)") == "")
        #expect(DayOneText.inline("\\- list stays escaped, 3\\. too", link: { _ in nil }) == "\\- list stays escaped, 3. too")
        #expect(DayOneText.inline("1\\. stays", link: { _ in nil }) == "1\\. stays")
        #expect(DayOneText.inline("a \\*star\\* and \\!\\[x\\] and wow\\!", link: { _ in nil }) == "a \\*star\\* and !\\[x\\] and wow!")
        // An escaped `&` before an entity's name stays escaped, or the page would show the character.
        #expect(DayOneText.inline("\\&copy; and \\&#169; but Tom \\& Jerry", link: { _ in nil }) == "\\&copy; and \\&#169; but Tom & Jerry")
    }

    /// A bare URL is linked by cmark-gfm's autolink as written, backslashes and all (its address
    /// `https://example.org/a%5C_b`, which a browser reads as `a/_b`): its escapes are undone,
    /// as far as the link goes; the escapes around it stay. Followed by one that stays, it is
    /// written `<…>`, a `www.` link (which has no such form) as a Markdown link.
    @Test func bareURLsLoseTheirEscapes() {
        let (title, body) = DayOneText.split(#"""
        Links
        See https://example\.org/a\_b\_c\-d\.html\. Or https://x\.org/x\_y\_z, https://x\.org/x\_y\_ and www\.example\.org/x\_y\-z\. ftp://h\.org/\(p\_q\)\)\!
        In [https://x\.org/a\_b](https://x.org/a\_b) \_kept\_ and `https://x.org/a\_b` and <https://x.org/m\_n>
        Not xhttps://x\.org/a\_b nor https://a\.b\_c/d\_e nor https://x.org/plain_one nor www\.x\.org/a\_b\*
        """#, link: { _ in nil })
        #expect(title == "Links")
        #expect(body == #"""
        See https://example.org/a_b_c-d.html. Or https://x.org/x_y_z, <https://x.org/x_y>\_ and www.example.org/x_y-z. ftp://h.org/(p_q))!
        In [https://x.org/a\_b](https://x.org/a_b) \_kept\_ and `https://x.org/a\_b` and <https://x.org/m_n>
        Not xhttps://x.org/a\_b nor https://a.b\_c/d\_e nor https://x.org/plain_one nor [www.x.org/a\_b](http://www.x.org/a_b)\*
        """#)
        #expect(MarkdownRenderer().html(body) == #"""
        <p>See <a href="https://example.org/a_b_c-d.html">https://example.org/a_b_c-d.html</a>. Or <a href="https://x.org/x_y_z">https://x.org/x_y_z</a>, <a href="https://x.org/x_y">https://x.org/x_y</a>_ and <a href="http://www.example.org/x_y-z">www.example.org/x_y-z</a>. <a href="ftp://h.org/(p_q)">ftp://h.org/(p_q)</a>)!
        In <a href="https://x.org/a_b">https://x.org/a_b</a> _kept_ and <code>https://x.org/a\_b</code> and <a href="https://x.org/m_n">https://x.org/m_n</a>
        Not xhttps://x.org/a_b nor <a href="https://a.b%5C_c/d%5C_e">https://a.b\_c/d\_e</a> nor <a href="https://x.org/plain_one">https://x.org/plain_one</a> nor <a href="http://www.x.org/a_b">www.x.org/a_b</a>*</p>

        """#)
    }

    /// A link whose address holds `>` has no `<…>` form either: before an escape that stays it is a Markdown link.
    @Test func aBareURLWithAnAngleBracketBecomesAMarkdownLink() {
        let found = DayOneText.bareURL(Array("https://x\\.org/a>b\\_c\\_ x"), at: 0)
        #expect(found?.text == "[https://x.org/a\\>b\\_c](https://x.org/a>b_c)")
        #expect(MarkdownRenderer().html((found?.text ?? "") + "\\_") == "<p><a href=\"https://x.org/a%3Eb_c\">https://x.org/a&gt;b_c</a>_</p>\n")
    }

    /// A title line's bare URL loses its escapes as the body's do: the title is its text as shown.
    @Test func aTitlesBareURLLosesItsEscapes() {
        let (title, body) = DayOneText.split("Read https://x\\.org/a\\_b and www\\.x\\.org/c\\_d\\*\nBody", link: { _ in nil })
        #expect(title == "Read https://x.org/a_b and www.x.org/c_d*")
        #expect(body == "Body")
    }

    /// A bare URL of more than `maxURLLength` characters, and links with no space between them
    /// (each one's end is the next one's), keep their escapes: a line is not read again from
    /// each of its links to its end.
    @Test func overlongBareURLsKeepTheirEscapes() {
        let long = "https://x.org/" + String(repeating: "a\\_", count: 2100)
        #expect(DayOneText.bareURL(Array(long), at: 0) == nil)
        let chained = String(repeating: "https://x.org/a\\_", count: 300)
        #expect(DayOneText.bareURL(Array(chained), at: 0) == nil)
        let fits = "https://x.org/" + String(repeating: "a\\_", count: 1300) + "b"
        #expect(DayOneText.bareURL(Array(fits), at: 0)?.text == "https://x.org/" + String(repeating: "a_", count: 1300) + "b")
        #expect(DayOneText.bareURL(Array("hhttps://x.org/a\\_b"), at: 0) == nil)
    }
}

/// Links inside an export folder are not followed.
@Suite struct ExportFolderTests {
    @Test func linkedMediaFolderIsNotRead() throws {
        let folder = NSTemporaryDirectory() + "dayone-link-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone/Journal.json"), toPath: folder + "/Journal.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/photos", withDestinationPath: ImportFixtures.path("dayone/photos"))
        let batch = try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext())
        #expect(batch.files.isEmpty)
        #expect(batch.missingLinks == 6)
        #expect(batch.warnings.first?.message == folder + ": 1 symbolic link not followed (a link could lead out of the folder): photos")
    }

    /// Found by a newcomer audit: a vault's linked note, folder and image were left out without a
    /// word, and the image was "not found". Links stay unfollowed, and the import says so.
    @Test func linksInANotesFolderAreNamed() throws {
        let vault = try ScratchRoot.folder("vault-"), outside = try ScratchRoot.folder("outside-")
        try Data("---\ndate: 2024-01-01\n---\nnote\n".utf8).write(to: URL(fileURLWithPath: outside + "/2024-01-01.md"))
        try Data([1]).write(to: URL(fileURLWithPath: outside + "/pic.png"))
        for (name, target) in [("2024-01-01.md", "/2024-01-01.md"), ("linked", ""), ("pic.png", "/pic.png")] {
            try FileManager.default.createSymbolicLink(atPath: vault + "/" + name, withDestinationPath: outside + target)
        }
        try Data("x\n\n![](pic.png) ![](nope.png) ![[linked/pic.png]]\n".utf8).write(to: URL(fileURLWithPath: vault + "/2024-01-02.md"))
        let batch = try Importer.read(.markdown, ExportFolder.open(vault), context: ImportContext())
        #expect(batch.items.map(\.source) == ["markdown:2024-01-02.md"])
        #expect(batch.warnings.map(\.message) == [
            vault + ": 3 symbolic links not followed (a link could lead out of the folder): 2024-01-01.md, linked, pic.png",
            vault + "/2024-01-02.md:3:5: images behind symbolic links, not followed, their links were dropped: pic.png, linked/pic.png",
            vault + "/2024-01-02.md:3:18: image not found, its link was dropped: nope.png",
        ])
        #expect(batch.missingLinks == 3)
    }
}

/// Found by an import audit: a file named on the command line that is a symbolic link (a
/// linked todo.txt, Day One JSON) was "not found". It is read where it leads, as `cat` reads
/// it, and named as given; a link that leads nowhere is said to be one.
@Suite struct NamedLinkTests {
    @Test func aLinkedTodoTxtIsReadWithTheDoneTxtBesideWhatItLeadsTo() throws {
        let lists = try ScratchRoot.folder("lists-"), home = try ScratchRoot.folder("home-")
        try Data("Call Mom\nx 2023-02-30 Paid\n".utf8).write(to: URL(fileURLWithPath: lists + "/todo.txt"))
        try Data("x 2024-01-03 Filed taxes\n".utf8).write(to: URL(fileURLWithPath: lists + "/done.txt"))
        try FileManager.default.createSymbolicLink(atPath: home + "/todo.txt", withDestinationPath: lists + "/todo.txt")
        let real = try #require(RealPath.of(lists))
        // A mistake in it is located in the file as it was named.
        #expect(TodoAndJrnlImportTests.failure(.todotxt, home + "/todo.txt")
            == "error: \(home)/todo.txt:2:3: the completion date must be a day of the calendar like 2024-03-01, found \"2023-02-30\"")
        try Data("Call Mom\n".utf8).write(to: URL(fileURLWithPath: lists + "/todo.txt"))
        let batch = try Importer.read(.todotxt, ExportFolder.open(home + "/todo.txt"), context: ImportContext())
        #expect(batch.items.map(\.source) == ["todotxt:Call Mom", "todotxt:Filed taxes"])
        #expect(batch.notes == ["read \(home)/todo.txt and \(real)/done.txt as one list"])
    }

    /// A Day One JSON file finds its photos beside the file the link leads to.
    @Test func aLinkedDayOneJSONIsRead() throws {
        let home = try ScratchRoot.folder("home-")
        try FileManager.default.createSymbolicLink(atPath: home + "/Journal.json", withDestinationPath: ImportFixtures.path("dayone/Journal.json"))
        let batch = try Importer.read(.dayone, ExportFolder.open(home + "/Journal.json"), context: ImportContext())
        #expect(batch.items.count == 5)
        let photos = try #require(RealPath.of(ImportFixtures.path("dayone/photos")))
        #expect(batch.files.map(\.from).filter { $0.hasPrefix(photos + "/") }.count == 3)
    }

    @Test(arguments: [("todo.txt", "nowhere.txt", "does not exist"), ("loop", "loop", "cannot be followed: Too many levels of symbolic links")])
    func aLinkThatLeadsNowhereIsSaidToBeOne(name: String, target: String, problem: String) throws {
        let home = try ScratchRoot.folder("home-")
        try FileManager.default.createSymbolicLink(atPath: home + "/" + name, withDestinationPath: target)
        #expect(TodoAndJrnlImportTests.failure(.todotxt, home + "/" + name) == "\(home)/\(name): a symbolic link to \(target), which \(problem)")
    }
}

/// Found by a Day One and jrnl newcomer's audit (each input the audit's repro, made small).
@Suite struct DayOneAuditTests {
    /// A folder holding `Journal.json` with `entries` (JSON text) and the fixtures' photos.
    static func export(_ entries: String) throws -> String {
        let folder = NSTemporaryDirectory() + "dayone-audit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        for md5 in ["31c871f18f68d2fde4196ccba1f8ece1", "6b73e9bd86a91d3a7ead09268b0fb266"] {
            try FileManager.default.copyItem(atPath: ImportFixtures.path("dayone/photos/\(md5).jpeg"), toPath: folder + "/photos/\(md5).jpeg")
        }
        try Data(#"{"metadata": {"version": "1.0"}, "entries": \#(entries)}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        return folder
    }

    static func bodies(_ folder: String) throws -> [String?] {
        try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC")).items
            .map { DayOneImportTests.string($0, "body") }
    }

    /// An entry written by hand has the page `2024-05-02-trip-to-kyoto` (no id): an imported
    /// entry of that day and title took it, and the hand-written one moved to `-2`.
    @Test func anImportNeverTakesTheAddressOfAnEntryWrittenByHand() throws {
        let site = try ImportFixtures.site([
            "diary.json": #"[{"title": "Trip to Kyoto", "date": "2024-04-02", "body": "Mine."}]"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let folder = try Self.export(##"[{"uuid": "K1", "creationDate": "2024-04-01T15:30:00Z", "timeZone": "Asia/Tokyo", "text": "# Trip to Kyoto\n\nTheirs."}]"##)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ImportFixtures.importInto(site, .dayone, folder)
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains(#""id": "2024-04-02-trip-to-kyoto-2""#) == true)
        try ImportFixtures.build(site)
        #expect(ImportFixtures.read(site + "/_site/entries/2024-04-02-trip-to-kyoto/index.html")?.contains("Mine.") == true)
        #expect(ImportFixtures.read(site + "/_site/entries/2024-04-02-trip-to-kyoto-2/index.html")?.contains("Theirs.") == true)
    }

    /// One paragraph of 3,000 code spans took seconds (each backtick copied the rest of the line);
    /// 400 KB took minutes. This one has unclosed runs too, which are read once.
    @Test func aLineOfManyCodeSpansIsReadOnce() throws {
        let line = String(repeating: "Use `a\\.b` and ``x`` here\\. ", count: 3_000) + "`` `"
        let entry: [[String: String]] = [["uuid": "C1", "creationDate": "2024-05-01T09:00:00Z", "text": "Code\n\n" + line]]
        let folder = try Self.export(String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let body = try #require(try Self.bodies(folder).first ?? nil)
        #expect(body == String(repeating: "Use `a\\.b` and ``x`` here. ", count: 3_000).dropLast() + " `` `")
        let spans = MarkdownCode.outsideSpans(String(repeating: "`` ` ", count: 20_000)) { $0.uppercased() }
        #expect(spans.count == 100_000)
    }

    /// Inside a quote or a list item, `1984\.`, `\-` and `\#` start the content: their escapes stay.
    @Test func escapesAtTheStartOfAQuoteOrListItemStay() throws {
        let text = ##"Quotes and lists\n\n> 1984\\. A great book\\.\n\n- 2\\. floor, room 5\n- \\# 1 priority\n\n> \\- not a list\n\n1. 3\\. third"##
        let folder = try Self.export(#"[{"uuid": "Q1", "creationDate": "2024-05-01T09:00:00Z", "text": "\#(text)"}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let body = try #require(try Self.bodies(folder).first ?? nil)
        #expect(body == "> 1984\\. A great book.\n\n- 2\\. floor, room 5\n- \\# 1 priority\n\n> \\- not a list\n\n1. 3\\. third")
        let html = MarkdownRenderer().html(body)
        #expect(!html.contains("<ol start") && !html.contains("<h") && html.components(separatedBy: "<ul>").count == 2)
    }

    /// `dayone://view?entryId=…`, Day One's link to another entry, leads to that entry's page.
    @Test func linksToOtherEntriesLeadToTheirPages() throws {
        let folder = try Self.export(#"""
            [{"uuid": "E1", "creationDate": "2024-05-01T09:00:00Z", "text": "Kyoto\n\nTemples."},
             {"uuid": "E2", "creationDate": "2024-05-02T09:00:00Z", "text": "Next day\n\nSee [yesterday](dayone://view?entryId=E1) and [gone](dayone2://view?entryId=E9&journalId=1)."}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, folder, zone: "UTC")
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains(
            #""body": "See [yesterday](../../entries/2024-05-01-kyoto/index.html) and [gone](../../index.html).""#) == true)
    }

    /// Two photos with one identifier (and two md5s): both are the entry's, not the second alone.
    @Test func twoPhotosOfOneIdentifierAreBothKept() throws {
        let folder = try Self.export(#"""
            [{"uuid": "D1", "creationDate": "2024-05-04T09:00:00Z", "text": "Two photos\n\n![](dayone-moment://DUP)",
              "photos": [{"identifier": "DUP", "md5": "31c871f18f68d2fde4196ccba1f8ece1", "type": "jpeg", "orderInEntry": 0},
                         {"identifier": "DUP", "md5": "6b73e9bd86a91d3a7ead09268b0fb266", "type": "jpeg", "orderInEntry": 1}]}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = try Importer.read(.dayone, ExportFolder.open(folder), context: ImportContext(timeZone: "UTC"))
        #expect(DayOneImportTests.string(batch.items[0], "body") == "![Two photos](photos/dayone/31c871f18f68d2fde4196ccba1f8ece1.jpeg)")
        #expect(DayOneImportTests.strings(batch.items[0], "photos") == ["photos/dayone/6b73e9bd86a91d3a7ead09268b0fb266.jpeg"])
        #expect(Set(batch.files.map(\.to)).count == 2)
    }

    /// A re-import kept a `mood` added by hand but removed a `timeZone` and `location` the export
    /// has none of. One the export gives and the site corrected was set again, without a word
    /// (found by a review of the edit record): it is an edit, and the entry is left as it is.
    @Test func aReimportKeepsAZoneAndPlaceTheExportHasNoneOf() throws {
        let folder = try Self.export(#"[{"uuid": "R1", "creationDate": "2024-02-01T09:00:00Z", "text": "No zone\n\nBody.", "location": {"placeName": "Old"}}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, folder, zone: "UTC")
        var file = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        file = file.replacingOccurrences(of: #""source":"#, with: #""timeZone": "Asia/Tokyo", "weather": "Rain", "mood": "Calm", "source":"#)
            .replacingOccurrences(of: #""location": "Old""#, with: #""location": "Mine""#)
        try Data(file.utf8).write(to: URL(fileURLWithPath: site + "/diary/dayone.json"))
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, folder, zone: "UTC")
        let again = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        for kept in [#""timeZone": "Asia/Tokyo""#, #""weather": "Rain""#, #""mood": "Calm""#, #""location": "Mine""#] {
            #expect(again.contains(kept), "\(kept)")
        }
        #expect(summary.notes == [site + "/diary/dayone.json: entry 2024-02-01-no-zone (edited in the site since the last import, not in the export): left as it is"])
    }

    /// A site with one entry imported from Day One without a place (`2024-02-01-walk`), given
    /// `"location": "Mine"` in the site since.
    static func siteWithAPlaceOfItsOwn() throws -> String {
        let site = try ImportFixtures.site()
        let first = try Self.export(#"[{"uuid": "R1", "creationDate": "2024-02-01T09:00:00Z", "text": "Walk\n\nBody."}]"#)
        defer { try? FileManager.default.removeItem(atPath: first) }
        try ImportFixtures.importInto(site, .dayone, first, zone: "UTC")
        let file = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        try Data(file.replacingOccurrences(of: #""source":"#, with: #""location": "Mine", "source":"#).utf8)
            .write(to: URL(fileURLWithPath: site + "/diary/dayone.json"))
        return site
    }

    /// A zone, weather and place added in the site where the export has none are the user's, no
    /// edit: the export's new body still comes in beside them.
    @Test func aPlaceAddedInTheSiteIsNoEdit() throws {
        let site = try Self.siteWithAPlaceOfItsOwn()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let second = try Self.export(#"[{"uuid": "R1", "creationDate": "2024-02-01T09:00:00Z", "text": "Walk\n\nNew body."}]"#)
        defer { try? FileManager.default.removeItem(atPath: second) }
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, second, zone: "UTC")
        let again = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        #expect(summary.updated == 1 && summary.notes.isEmpty && summary.warnings.isEmpty)
        #expect(again.contains(#""location": "Mine""#) && again.contains(#""body": "New body.""#))
    }

    /// A place added in the site where the export had none, and then given by the export too:
    /// the export's overwrote the user's without a word (found by a review). It is the site's
    /// edit: kept, warned of once, noted after.
    @Test func aPlaceAddedInTheSiteStaysWhenTheExportGivesOneLater() throws {
        let site = try Self.siteWithAPlaceOfItsOwn()
        defer { try? FileManager.default.removeItem(atPath: site) }
        let second = try Self.export(#"[{"uuid": "R1", "creationDate": "2024-02-01T09:00:00Z", "text": "Walk\n\nBody.", "location": {"placeName": "Theirs"}}]"#)
        defer { try? FileManager.default.removeItem(atPath: second) }
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, second, zone: "UTC")
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains(#""location": "Mine""#) == true)
        #expect(summary.warnings.map(\.description) == [site + "/diary/dayone.json: entry 2024-02-01-walk (edited in the site since the last import, and changed in the export): "
            + "the site's is kept; --replace-edits takes the export's (or move it into diary.json to keep it apart from the import)"])
        let (again, _) = try ImportFixtures.importInto(site, .dayone, second, zone: "UTC")
        #expect(again.warnings.isEmpty)
        #expect(again.notes == [site + "/diary/dayone.json: entry 2024-02-01-walk (edited in the site since the last import, not in the export): left as it is"])
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains(#""location": "Mine""#) == true)
    }

    /// A record written before places were recorded (no `given`, no `"format": 2`) tells no edit of them: the
    /// export's place is set again, as before, and the record now has it.
    @Test func aRecordWithoutGivenKeysSetsThePlaceAgainAndRecordsIt() throws {
        let folder = try Self.export(#"[{"uuid": "R1", "creationDate": "2024-02-01T09:00:00Z", "text": "Walk\n\nBody.", "location": {"placeName": "Old"}}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, folder, zone: "UTC")
        let recordPath = site + "/diary/.dayone.imported.json"
        let record = try #require(ImportFixtures.read(recordPath))
        let old = try #require(record.range(of: #", "given": {"keys": ["location"], "site": ""#))
        let end = try #require(record.range(of: "}}", range: old.upperBound..<record.endIndex))
        let older = (String(record[..<old.lowerBound]) + "}" + record[end.upperBound...]).replacingOccurrences(of: "\n  \"format\": 2,", with: "")
        #expect(older != record && !older.contains("format"))
        try Data(older.utf8).write(to: URL(fileURLWithPath: recordPath))
        let file = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        try Data(file.replacingOccurrences(of: #""location": "Old""#, with: #""location": "Mine""#).utf8)
            .write(to: URL(fileURLWithPath: site + "/diary/dayone.json"))
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, folder, zone: "UTC")
        #expect(summary.updated == 1 && summary.notes.isEmpty)
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains(#""location": "Old""#) == true)
        #expect(ImportFixtures.read(recordPath)?.contains(#""given": {"keys": ["location"], "site": ""#) == true)
    }

    /// An entry moved by hand into `diary.json` (to keep the next import off its edits) was
    /// imported again into `diary/dayone.json`: the site had it twice.
    @Test func anEntryMovedToAnotherDiaryFileIsNotImportedAgain() throws {
        let folder = try Self.export(#"[{"uuid": "M1", "creationDate": "2024-02-01T09:00:00Z", "text": "Moved\n\nBody."}, {"uuid": "M2", "creationDate": "2024-02-02T09:00:00Z", "text": "Stays\n\nBody."}]"#)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let site = try ImportFixtures.site([
            "diary.json": #"[{"id": "2024-02-01-moved", "title": "Moved", "date": "2024-02-01T09:00:00", "body": "Edited.", "source": "dayone:M1"}]"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, folder, zone: "UTC")
        #expect(summary.added == 1 && summary.unchanged == 1)
        #expect(summary.warnings.map(\.message) == ["1 entry of the export is in diary.json (moved there): left as it is there, not imported again into diary/dayone.json"])
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains("dayone:M1") == false)
    }

    /// An entry deleted in Day One, imported again with `--prune`: its page went, its photo stayed
    /// in the site's folder (and in a repository published from it). A photo it alone used goes
    /// with it, one another entry shows or a page mentions stays, and the summary names them.
    @Test func pruneRemovesThePhotosOnlyTheRemovedEntriesUsed() throws {
        let a = "31c871f18f68d2fde4196ccba1f8ece1", b = "6b73e9bd86a91d3a7ead09268b0fb266"
        let both = try Self.export(#"""
            [{"uuid": "K1", "creationDate": "2024-05-04T09:00:00Z", "text": "Kept\n\n![](dayone-moment://PA)",
              "photos": [{"identifier": "PA", "md5": "\#(a)", "type": "jpeg"}]},
             {"uuid": "G1", "creationDate": "2024-05-05T09:00:00Z", "text": "Gone\n\n![](dayone-moment://PB)",
              "photos": [{"identifier": "PB", "md5": "\#(b)", "type": "jpeg"}]},
             {"uuid": "G2", "creationDate": "2024-05-06T09:00:00Z", "text": "Also gone\n\n![](dayone-moment://PA)",
              "photos": [{"identifier": "PA", "md5": "\#(a)", "type": "jpeg"}]}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: both) }
        let one = try Self.export(#"""
            [{"uuid": "K1", "creationDate": "2024-05-04T09:00:00Z", "text": "Kept\n\n![](dayone-moment://PA)",
              "photos": [{"identifier": "PA", "md5": "\#(a)", "type": "jpeg"}]}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: one) }
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, both, zone: "UTC")
        #expect(FileManager.default.fileExists(atPath: site + "/photos/dayone/\(b).jpeg"))
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, one, prune: true, zone: "UTC")
        #expect(summary.removed == 2)
        #expect(summary.filesRemoved == ["photos/dayone/\(b).jpeg"])
        #expect(summary.notes.last == "removed 1 file that only the entries removed used (--prune): \(site)/photos/dayone/\(b).jpeg")
        #expect(summary.line == "Imported 1 entry: 0 new, 0 updated, 2 removed (1 unchanged); 0 photos copied, 1 removed (only removed entries used them)")
        #expect(!FileManager.default.fileExists(atPath: site + "/photos/dayone/\(b).jpeg"))
        #expect(FileManager.default.fileExists(atPath: site + "/photos/dayone/\(a).jpeg"))
    }

    /// A photo of a removed entry that a page links to, or an entry of another diary file shows,
    /// stays.
    @Test func pruneKeepsAPhotoAPageOrAnotherFileUses() throws {
        let b = "6b73e9bd86a91d3a7ead09268b0fb266", a = "31c871f18f68d2fde4196ccba1f8ece1"
        let both = try Self.export(#"""
            [{"uuid": "G1", "creationDate": "2024-05-05T09:00:00Z", "text": "Gone\n\n![](dayone-moment://PB)",
              "photos": [{"identifier": "PB", "md5": "\#(b)", "type": "jpeg"}]},
             {"uuid": "G2", "creationDate": "2024-05-06T09:00:00Z", "text": "Gone too\n\n![](dayone-moment://PA)",
              "photos": [{"identifier": "PA", "md5": "\#(a)", "type": "jpeg"}]},
             {"uuid": "K1", "creationDate": "2024-05-07T09:00:00Z", "text": "Kept"}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: both) }
        let one = try Self.export(#"[{"uuid": "K1", "creationDate": "2024-05-07T09:00:00Z", "text": "Kept"}]"#)
        defer { try? FileManager.default.removeItem(atPath: one) }
        let site = try ImportFixtures.site([
            "pages/about.md": "# About\n\n[The view](../photos/dayone/\(b).jpeg)\n",
            "diary.json": #"[{"title": "Mine", "date": "2024-05-01", "photos": [{"src": "photos/dayone/\#(a).jpeg"}]}]"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, both, zone: "UTC")
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, one, prune: true, zone: "UTC")
        #expect(summary.removed == 2 && summary.filesRemoved.isEmpty)
        #expect(FileManager.default.fileExists(atPath: site + "/photos/dayone/\(b).jpeg"))
        #expect(FileManager.default.fileExists(atPath: site + "/photos/dayone/\(a).jpeg"))
    }

    /// Found by a review: a photo still used was pruned when the entry using it was in a diary
    /// file deeper in diary/ (the build reads every one), when a page wrote its address with
    /// other percent escapes, or when an entry showed it through a link of its own.
    @Test(arguments: ["nested diary file", "escaped page link", "linked file"])
    func prunedPhotosStillUsedOtherwiseStay(use: String) throws {
        let b = "6b73e9bd86a91d3a7ead09268b0fb266"
        let both = try Self.export(#"""
            [{"uuid": "G1", "creationDate": "2024-05-05T09:00:00Z", "text": "Gone\n\n![](dayone-moment://PB)",
              "photos": [{"identifier": "PB", "md5": "\#(b)", "type": "jpeg"}]},
             {"uuid": "K1", "creationDate": "2024-05-07T09:00:00Z", "text": "Kept"}]
            """#)
        defer { try? FileManager.default.removeItem(atPath: both) }
        let one = try Self.export(#"[{"uuid": "K1", "creationDate": "2024-05-07T09:00:00Z", "text": "Kept"}]"#)
        defer { try? FileManager.default.removeItem(atPath: one) }
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, both, zone: "UTC")
        let manager = FileManager.default
        switch use {
        case "nested diary file":
            try manager.createDirectory(atPath: site + "/diary/2026", withIntermediateDirectories: true)
            try Data(#"[{"title": "Mine", "date": "2026-03-01", "photos": ["photos/dayone/\#(b).jpeg"]}]"#.utf8)
                .write(to: URL(fileURLWithPath: site + "/diary/2026/03.JSON"))
        case "escaped page link":
            try manager.createDirectory(atPath: site + "/pages", withIntermediateDirectories: true)
            try Data("![View](photos/dayone/%36b73e9bd86a91d3a7ead09268b0fb266%2ejpeg)\n".utf8).write(to: URL(fileURLWithPath: site + "/pages/view.md"))
        default:
            try manager.createDirectory(atPath: site + "/photos/mine", withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: site + "/photos/mine/pic.jpeg", withDestinationPath: "../dayone/\(b).jpeg")
            try Data(#"[{"title": "Mine", "date": "2026-03-01", "photos": ["photos/mine/pic.jpeg"]}]"#.utf8)
                .write(to: URL(fileURLWithPath: site + "/diary.json"))
        }
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, one, prune: true, zone: "UTC")
        #expect(summary.removed == 1 && summary.filesRemoved.isEmpty)
        #expect(manager.fileExists(atPath: site + "/photos/dayone/\(b).jpeg"))
    }

    /// An export of two journals, then one of them alone with `--prune`, removed every entry of
    /// the other. Each entry keeps its journal; prune removes only entries of the export's journals.
    @Test func pruningAnExportOfOneJournalLeavesTheOthersEntries() throws {
        let folder = NSTemporaryDirectory() + "dayone-journals-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/both", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/one", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let personal = #"{"entries": [{"uuid": "P1", "creationDate": "2024-02-01T09:00:00Z", "text": "Home"}, {"uuid": "P2", "creationDate": "2024-02-02T09:00:00Z", "text": "Gone"}]}"#
        try Data(personal.utf8).write(to: URL(fileURLWithPath: folder + "/both/Personal.json"))
        try Data(#"{"entries": [{"uuid": "T1", "creationDate": "2024-02-03T09:00:00Z", "text": "Kyoto"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/both/Travel Log.json"))
        try Data(#"{"entries": [{"uuid": "P1", "creationDate": "2024-02-01T09:00:00Z", "text": "Home"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/one/Personal.json"))
        let site = try ImportFixtures.site()
        defer { try? FileManager.default.removeItem(atPath: site) }
        try ImportFixtures.importInto(site, .dayone, folder + "/both", zone: "UTC")
        #expect(ImportFixtures.read(site + "/diary/dayone.json")?.contains(#""journal": "Travel Log""#) == true)
        let (summary, _) = try ImportFixtures.importInto(site, .dayone, folder + "/one", prune: true, zone: "UTC")
        #expect(summary.removed == 1)
        let file = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        #expect(file.contains("dayone:T1") && file.contains("dayone:P1") && !file.contains("dayone:P2"))
    }

    /// Found by a review: one invalid journal of a Day One zip stopped the import of every
    /// journal. The others are imported; the invalid one is named at its error, and none of its
    /// entries is touched, `--prune` or not (nor one imported before entries kept their journal).
    @Test func anInvalidJournalIsLeftOutAndTheOthersImported() throws {
        let folder = try ScratchRoot.folder("dayone-invalid-")
        try Data(#"{"entries": [{"uuid": "P1", "creationDate": "2024-02-01T09:00:00Z", "text": "Home"}, {"uuid": "P3", "creationDate": "2024-02-05T09:00:00Z", "text": "New"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/Personal.json"))
        try Data("{\"entries\": [\n  {\"uuid\": \"T1\", \"creationDate\": \"2024-02-03T09:00:00Z\", \"text\": \"Kyoto\",}\n]}".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Travel Log.json"))
        let zip = folder + "/Export.zip"
        #expect(try ImportFixtures.run("/usr/bin/zip", ["-q", zip, "Personal.json", "Travel Log.json"], in: folder) == 0)
        let old = #"{"id": "%@", "title": "%@", "date": "2024-02-0%@", "source": "dayone:%@"%@}"#
        func entry(_ id: String, _ day: String, _ journal: String?) -> String {
            String(format: old, id, id, day, id, journal.map { #", "journal": "\#($0)""# } ?? "")
        }
        let site = try ImportFixtures.site(["diary/dayone.json": "[" + [entry("P1", "1", "Personal"), entry("T1", "3", "Travel Log"),
                                                                       entry("OLD", "4", nil)].joined(separator: ", ") + "]"])
        let (summary, batch) = try ImportFixtures.importInto(site, .dayone, zip, prune: true, zone: "UTC")
        #expect(summary.line == "Imported 2 entries: 1 new, 1 updated, 0 removed; 0 photos copied; 1 journal not imported, for its errors")
        #expect(batch.journals == ["Personal"])
        let file = try #require(ImportFixtures.read(site + "/diary/dayone.json"))
        #expect(["dayone:P1", "dayone:P3", "dayone:T1", "dayone:OLD"].allSatisfy(file.contains))
        #expect(summary.json.hasSuffix(#""errors": [{"file": "\#(zip):Travel Log.json", "line": 2, "column": 73, "reason": "trailing comma before '}'"}]}"#))
    }

    /// A jrnl export given to `import dayone`, and a Day One journal to `import jrnl`, is one
    /// line naming the importer to use, not an error for every entry.
    @Test func anExportOfTheOtherToolIsNamed() throws {
        let folder = NSTemporaryDirectory() + "other-tool-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"tags": {}, "entries": [{"title": "A", "body": "", "date": "2024-01-02", "time": "08:30", "tags": [], "starred": false}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/jrnl.json"))
        try Data(#"{"metadata": {"version": "1.0"}, "entries": [{"uuid": "A", "creationDate": "2024-01-02T08:30:00Z", "text": "A"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/Journal.json"))
        func failure(_ format: ImportFormat, _ file: String) -> String {
            do {
                _ = try Importer.read(format, ExportFolder.open(folder + "/" + file), context: ImportContext())
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(.dayone, "jrnl.json") == "error: " + folder + "/jrnl.json: is jrnl's export, not Day One's: `daybook import jrnl` reads it")
        #expect(failure(.jrnl, "Journal.json") == "error: " + folder + "/Journal.json: is Day One's export, not jrnl's: `daybook import dayone` reads it (its zip or folder, for the photos)")
    }

    /// jrnl is plain text: `<my-widget>` in a title is words, not HTML to drop.
    @Test func aJrnlTitleKeepsItsAngleBrackets() {
        let markdown = MarkdownRenderer()
        #expect(JrnlImporter.plainTitle("Fixed the <script> tag bug in <my-widget>.", markdown: markdown) == "Fixed the <script> tag bug in <my-widget>.")
        #expect(JrnlImporter.plainTitle("Mail <anna@example.com> and <https://example.org>", markdown: markdown) == "Mail anna@example.com and https://example.org")
        #expect(JrnlImporter.plainTitle("Code `<div>` and 1 < 2", markdown: markdown) == "Code <div> and 1 < 2")
    }

    /// A jrnl body's tags are words too, outside code, where they stay as written.
    @Test func aJrnlBodyKeepsItsAngleBrackets() {
        let body = "Fixed <b>bold</b> in <my-widget>. <!-- a note -->\nMail <anna@example.com>, see <https://example.org>; 1 < 2.\nCode `<div>` stays.\n\n```\n<p>fenced</p>\n```\n\n    <indented>"
        let text = JrnlImporter.literalBodyTags(body)
        #expect(text == "Fixed \\<b>bold\\</b> in \\<my-widget>. \\<!-- a note -->\nMail <anna@example.com>, see <https://example.org>; 1 < 2.\nCode `<div>` stays.\n\n```\n<p>fenced</p>\n```\n\n    <indented>")
        #expect(MarkdownRenderer().html(text) == """
        <p>Fixed &lt;b&gt;bold&lt;/b&gt; in &lt;my-widget&gt;. &lt;!-- a note --&gt;
        Mail <a href="mailto:anna@example.com">anna@example.com</a>, see <a href="https://example.org">https://example.org</a>; 1 &lt; 2.
        Code <code>&lt;div&gt;</code> stays.</p>
        <pre><code>&lt;p&gt;fenced&lt;/p&gt;
        </code></pre>
        <pre><code>&lt;indented&gt;
        </code></pre>

        """)
    }
}
