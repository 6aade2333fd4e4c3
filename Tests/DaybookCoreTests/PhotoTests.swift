import CVips
import Foundation
import Synchronization
import Testing
@testable import DaybookCore

/// The photo pipeline: plans, libvips' reading of headers, and whole builds of sites with real
/// images (the fixtures in Tests/Fixtures/photos).
@Suite struct PhotoTests {
    static let now = ISODate(day: CalendarDay(year: 2024, month: 6, day: 1), secondOfDay: 0, utcOffset: 0)

    static func site(diary: String, config: String = "") throws -> TempSite {
        let site = try TempSite(files: [
            "daybook.json": #"{"title": "Photos", "timeZone": "UTC"\#(config)}"#,
            "diary.json": diary,
        ])
        for name in ["landscape.jpg", "rotated.jpg", "screenshot.png", "photo.heic", "truncated.jpg", "fake.jpg", "bomb.png", "corrupt.jpg", "p3.jpg", "samsung.jpg", "spliced.jpg"] {
            try site.write("photos/" + name, TestPhotos.data(name))
        }
        return site
    }

    /// The errors of a build that fails as invalid input; nil when it succeeds (or fails otherwise).
    static func buildErrors(_ site: TempSite) -> [String]? {
        do {
            _ = try build(site)
            return nil
        } catch {
            guard case .invalid(let errors) = error else { return nil }
            return errors.errors.map(\.description)
        }
    }

    static func build(_ site: TempSite, cache: String? = nil) throws(BuildFailure) -> BuildSummary {
        var options = BuildOptions(output: site.root + "/out", now: now)
        options.cache = cache
        return try SiteBuilder(siteRoot: site.root, options: options).build()
    }

    /// Every `src` and srcset file an HTML page names, resolved against its folder.
    static func imageLinks(_ html: String) -> [String] {
        var found: [String] = []
        for attribute in ["src=\"", "srcset=\""] {
            var rest = Substring(html)
            while let start = rest.range(of: " " + attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                for candidate in rest[..<end].split(separator: ",") {
                    if let url = candidate.split(separator: " ").first { found.append(String(url)) }
                }
            }
        }
        return found
    }

    /// The cache's names: glib's SHA-256 as 64 lower-case hex digits (FIPS 180-2's "abc").
    @Test func digestIsSHA256InHex() {
        #expect(PhotoDigest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func plansNeverUpscaleAndTellNamesApart() {
        var settings = PhotoSettings()
        settings.publishOriginals = true
        let plans = PhotoPlan.plans(sizes: [
            "photos/beach.jpg": .init(width: 4032, height: 3024),
            "photos/beach.png": .init(width: 1170, height: 2532),
            "photos/tiny.gif": .init(width: 300, height: 200),
        ], settings: settings, social: ["photos/beach.jpg"])
        let jpeg = plans["photos/beach.jpg"]!
        #expect(jpeg.variants.map(\.path) == ["photos/beach-jpg-480.webp", "photos/beach-jpg-960.webp", "photos/beach-jpg-1600.webp"])
        #expect(jpeg.variants.map(\.height) == [360, 720, 1200])
        #expect(jpeg.social == PhotoPlan.Variant(width: 1200, height: 630, path: "photos/beach-jpg-social.jpg"))
        #expect(jpeg.display.width == 960)
        #expect(jpeg.original == "photos/beach.jpg")
        #expect(plans["photos/beach.png"]!.variants.map(\.width) == [480, 960, 1170])
        #expect(plans["photos/beach.png"]!.social == nil)
        #expect(plans["photos/tiny.gif"]!.variants.map(\.path) == ["photos/tiny-300.webp"])
        #expect(plans["photos/tiny.gif"]!.display.width == 300)
    }

    /// The Open Graph image is the largest part of the photo at 1200:630 (what Facebook, X and
    /// LinkedIn show), shrunk to 1200 × 630 when larger and never enlarged; a wide photo is
    /// decoded tall enough for it.
    @Test func theSocialImageIsACropOfAtMost1200By630() {
        let sizes: [String: PhotoPlan.Size] = [
            "photos/screen.png": .init(width: 1170, height: 2532), "photos/tall.jpg": .init(width: 600, height: 1800),
            "photos/pano.jpg": .init(width: 8000, height: 1000), "photos/strip.jpg": .init(width: 1800, height: 300),
            "photos/tiny.gif": .init(width: 40, height: 40),
        ]
        let plans = PhotoPlan.plans(sizes: sizes, settings: PhotoSettings(), social: Set(sizes.keys))
        #expect(plans.mapValues { [$0.social!.width, $0.social!.height] } == [
            "photos/screen.png": [1170, 614], "photos/tall.jpg": [600, 315], "photos/pano.jpg": [1200, 630],
            "photos/strip.jpg": [571, 300], "photos/tiny.gif": [40, 21],
        ])
        #expect(plans.mapValues(\.decodeWidth) == [
            "photos/screen.png": 1170, "photos/tall.jpg": 600, "photos/pano.jpg": 5040, "photos/strip.jpg": 1800, "photos/tiny.gif": 40,
        ])
        // The cache names the crop by its size: an older Daybook's `social.jpg`, the whole photo, is not taken for it.
        #expect(PhotoStage.cacheNames(plans["photos/tall.jpg"]!) == ["480.webp", "600.webp", "social-600x315.jpg"])
    }

    /// A tall screenshot's and a wide photo's social images are 1200:630 crops, taken where there
    /// is most to see (the red square off-centre in each fixture), not the middle.
    @Test func aTallOrWidePhotosSocialImageIsCroppedWhereThereIsMostToSee() throws {
        let site = try Self.site(diary: """
        [{"id": "tall", "title": "Tall", "date": "2024-05-02", "photos": ["photos/tall.jpg"]},
         {"id": "wide", "title": "Wide", "date": "2024-05-01", "photos": ["photos/wide.jpg"]}]
        """, config: #", "baseURL": "https://example.org/""#)
        try site.write("photos/tall.jpg", TestPhotos.data("tall.jpg"))
        try site.write("photos/wide.jpg", TestPhotos.data("wide.jpg"))
        _ = try Self.build(site)
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/tall-social.jpg").get() == .init(width: 600, height: 315))
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/wide-social.jpg").get() == .init(width: 1200, height: 630))
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/wide-1600.webp").get() == .init(width: 1600, height: 431))
        for (name, x, y) in [("tall-social.jpg", 300, 157), ("wide-social.jpg", 975, 315)] {
            let channels = try Self.pixel(site.root + "/out/photos/" + name, x, y)
            #expect(channels.count == 3 && channels[0] > 180 && channels[1] < 70 && channels[2] < 70, "\(name): \(channels)")
        }
    }

    /// A TIFF (classic or BigTIFF, either byte order) of an IFD that points at a GPS IFD holding
    /// the tag `gpsTag` (2: GPSLatitude); `pointerType` 4 (LONG) or 18 (IFD8); `loops`: the IFD
    /// names itself as the next.
    static func tiff(little: Bool, big: Bool, gpsTag: Int = 2, pointerType: Int = 4, loops: Bool = false) -> [UInt8] {
        func number(_ value: Int, _ count: Int) -> [UInt8] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return little ? bytes : bytes.reversed()
        }
        let (countBytes, offsetBytes) = big ? (8, 8) : (2, 4)
        let first = big ? 16 : 8
        let gps = first + countBytes + (4 + 2 * offsetBytes) + offsetBytes
        // A LONG in BigTIFF's 8-byte field fills its first 4 bytes, whatever the byte order.
        let pointer = big && pointerType == 4 ? number(gps, 4) + [0, 0, 0, 0] : number(gps, offsetBytes)
        var bytes: [UInt8] = Array((little ? "II" : "MM").utf8) + number(big ? 43 : 42, 2)
        bytes += big ? number(8, 2) + number(0, 2) + number(first, 8) : number(first, 4)
        bytes += number(1, countBytes) + number(34853, 2) + number(pointerType, 2) + number(1, offsetBytes) + pointer
        bytes += number(loops ? first : 0, offsetBytes)
        bytes += number(1, countBytes) + number(gpsTag, 2) + number(5, 2) + number(3, offsetBytes) + number(0, offsetBytes)
        return bytes + number(0, offsetBytes)
    }

    /// A TIFF's GPS position is in its EXIF's GPS IFD, which libvips 8.14 does not read: it is
    /// read from the file's IFDs, classic TIFF and BigTIFF; a GPS IFD without a latitude is no
    /// place, and a chain of IFDs that loops ends.
    @Test func aTIFFsGPSPositionIsReadFromItsIFDs() throws {
        func holds(_ bytes: [UInt8]) -> Bool {
            TIFFPlace.holdsPosition(size: bytes.count) { offset, count in
                offset >= 0 && offset <= bytes.count - count ? Array(bytes[offset..<(offset + count)]) : nil
            }
        }
        for little in [true, false] {
            #expect(holds(Self.tiff(little: little, big: false)))
            #expect(holds(Self.tiff(little: little, big: true)))
            #expect(holds(Self.tiff(little: little, big: true, pointerType: 18)))
            #expect(!holds(Self.tiff(little: little, big: false, gpsTag: 0)))
            #expect(!holds(Self.tiff(little: little, big: false, gpsTag: 0, loops: true)))
            #expect(holds(Self.tiff(little: little, big: false, loops: true)))
        }
        #expect(!holds(Array(Self.tiff(little: true, big: false).prefix(30))))
        #expect(!holds(Array(TestPhotos.data("scan.tif"))))
        #expect(holds(Array(TestPhotos.data("place.tif"))))
        let site = try Self.site(diary: "[]")
        try site.write("photos/place.tif", TestPhotos.data("place.tif"))
        try site.write("photos/scan.tif", TestPhotos.data("scan.tif"))
        #expect(PhotoProbe.saysWhereTaken(ofFile: site.root + "/photos/place.tif"))
        #expect(!PhotoProbe.saysWhereTaken(ofFile: site.root + "/photos/scan.tif"))
    }

    /// Names that the extension rule alone would give twice, or twice but for case (one file on
    /// macOS' disks), are numbered in path order.
    @Test func plansNeverGiveTwoPhotosOneVariantName() {
        var settings = PhotoSettings()
        settings.widths = [480]
        let size = PhotoPlan.Size(width: 640, height: 480)
        let plans = PhotoPlan.plans(sizes: [
            "photos/case.JPG": size, "photos/case.jpg": size,
            "photos/a.png": size, "photos/a.jpg": size, "photos/a-png.webp": size,
            "photos/Sea.jpg": size, "photos/sea.png": size,
        ], settings: settings, social: [])
        #expect(plans.mapValues { $0.variants.map(\.path) } == [
            "photos/case.JPG": ["photos/case-jpg-480.webp"],
            "photos/case.jpg": ["photos/case-jpg-2-480.webp"],
            "photos/a.png": ["photos/a-png-2-480.webp"],
            "photos/a.jpg": ["photos/a-jpg-480.webp"],
            "photos/a-png.webp": ["photos/a-png-480.webp"],
            "photos/Sea.jpg": ["photos/Sea-480.webp"],
            "photos/sea.png": ["photos/sea-2-480.webp"],
        ])
    }

    /// Two plans' files in one place, which `plans` never makes, are an error, not one photo
    /// shown for another.
    @Test func variantsOfTwoPhotosInOnePlaceAreAClash() {
        let one = PhotoPlan(source: "photos/x.jpg", size: .init(width: 48, height: 48),
                            variants: [.init(width: 48, height: 48, path: "photos/x-48.webp")], social: nil, original: nil)
        var two = one
        two.source = "photos/X.png"
        two.variants[0].path = "photos/X-48.webp"
        #expect(PhotoStage.clashes(["photos/x.jpg": one, "photos/X.png": two], files: []).map(\.reason) == [
            "the 48 px variant of photos/x.jpg would be written where the 48 px variant of photos/X.png is; rename one of them",
        ])
    }

    @Test func probeReadsTheShownSizeAndRefusesWhatIsNoPhoto() throws {
        let folder = TestPhotos.folder
        #expect(try PhotoProbe.size(ofFile: folder + "/landscape.jpg").get() == .init(width: 64, height: 48))
        #expect(try PhotoProbe.size(ofFile: folder + "/rotated.jpg").get() == .init(width: 48, height: 64))
        #expect(try PhotoProbe.size(ofFile: folder + "/photo.heic").get() == .init(width: 64, height: 48))
        #expect(try PhotoProbe.size(ofFile: folder + "/screenshot.png").get() == .init(width: 64, height: 48))
        guard case .failure(let fake) = PhotoProbe.size(ofFile: folder + "/fake.jpg") else { Issue.record("fake.jpg read"); return }
        #expect(fake.reason.hasPrefix("cannot be read as an image: "))
        guard case .failure(let bomb) = PhotoProbe.size(ofFile: folder + "/bomb.png") else { Issue.record("bomb.png read"); return }
        #expect(bomb.reason == "is 20000 × 20000 pixels (400 MP); photos over 100 MP are refused")
    }

    /// Found by a newcomer's audit: libvips keeps one error buffer for all threads and libjpeg's
    /// messages name no file, so of two photos failing at once one got both reasons and the other
    /// none. A message another photo's failure left there is not taken for this one's reason.
    @Test func aFailingPhotosReasonIsItsOwnWhateverLibvipsHeldBefore() throws {
        let path = TestPhotos.folder + "/truncated.jpg"
        var settings = PhotoSettings()
        settings.widths = [32]
        let plan = PhotoPlan.plans(sizes: ["photos/truncated.jpg": try PhotoProbe.size(ofFile: path).get()],
                                   settings: settings, social: [])["photos/truncated.jpg"]!
        // Another photo fails (beside the others, as a build's photo job does) and leaves its message.
        let other = Vips.ownReasons { () -> Result<Bool, PhotoProblem> in
            var anyWarningFails: Int32 = 0
            return .success(daybook_vips_thumbnail(TestPhotos.folder + "/corrupt.jpg", 32, &anyWarningFails) == nil)
        }
        #expect(try other.get())
        do {
            _ = try PhotoProcessor(settings: settings).make(plan, file: path)
            Issue.record("truncated.jpg was made")
        } catch {
            #expect(error.reason == "cannot be read as an image: VipsJpeg: Premature end of input file")
        }
    }

    @Test(arguments: ["anim.gif", "scan.tif", "phone.webp", "phone.avif"])
    func everyAcceptedKindReadsAndProcesses(_ name: String) throws {
        let path = TestPhotos.folder + "/" + name
        let size = try PhotoProbe.size(ofFile: path).get()
        #expect(size == .init(width: 64, height: 48))
        var settings = PhotoSettings()
        settings.widths = [32]
        let plan = PhotoPlan.plans(sizes: ["photos/" + name: size], settings: settings, social: [])["photos/" + name]!
        let files = try PhotoProcessor(settings: settings).make(plan, file: path)
        #expect(files.count == 1)
        #expect(files[0].prefix(4) == [0x52, 0x49, 0x46, 0x46])
    }

    @Test func bodyImagePathsAreSitePathsOnly() {
        #expect(BodyImages.sitePath("photos/beach.jpg") == "photos/beach.jpg")
        #expect(BodyImages.sitePath("./photos/my%20dog.jpg?x=1#top") == "photos/my dog.jpg")
        #expect(BodyImages.sitePath("https://example.org/a.jpg") == nil)
        #expect(BodyImages.sitePath("/photos/a.jpg") == nil)
        #expect(BodyImages.sitePath("data:image/png;base64,AAAA") == nil)
        #expect(BodyImages.mayHold("text ![a](b) more"))
        #expect(!BodyImages.mayHold("no image here! [link](x)"))
    }

    /// A photo published as it is, named like another's variant, would overwrite it: an error.
    @Test func anOriginalNamedLikeAVariantIsAnError() throws {
        let site = try Self.site(diary: """
        [{"title": "Red", "date": "2024-05-01", "photos": ["photos/red.jpg"]},
         {"title": "Blue", "date": "2024-05-02", "photos": ["photos/red-64.jpg"]}]
        """, config: #", "photoFormat": "jpeg", "photoWidths": [480], "publishOriginals": true, "keepPhotoMetadata": true"#)
        try site.write("photos/red.jpg", TestPhotos.data("landscape.jpg"))
        try site.write("photos/red-64.jpg", TestPhotos.data("landscape.jpg"))
        do {
            _ = try Self.build(site)
            Issue.record("expected an error")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("wrong failure: \(error)"); return }
            #expect(errors.errors.map(\.description) == [
                site.root + "/diary.json:2:53: photos/red-64.jpg is published as it is, and is also the name of the 64 px variant of photos/red.jpg; rename one of them",
            ])
        }
        #expect(!site.exists("out/photos"))
    }

    /// A body's relative links are read from its entry page, as a browser reads them there.
    @Test func aBodysLinksAreReadFromItsEntryPage() {
        let folder = "entries/2024-01-03-links/"
        #expect(BodyImages.siteTarget(ofLink: "../2024-01-01-hello/index.html", fromFolder: folder) == "entries/2024-01-01-hello/index.html")
        #expect(BodyImages.siteTarget(ofLink: "../2024-01-01-hello/#map", fromFolder: folder) == "entries/2024-01-01-hello/#map")
        #expect(BodyImages.siteTarget(ofLink: "../../months/2024-01/", fromFolder: folder) == "months/2024-01/")
        #expect(BodyImages.siteTarget(ofLink: "../../index.html?q=1", fromFolder: folder) == "index.html?q=1")
        #expect(BodyImages.siteTarget(ofLink: "../..", fromFolder: folder) == "")
        #expect(BodyImages.siteTarget(ofLink: "notes.txt", fromFolder: folder) == "entries/2024-01-03-links/notes.txt")
        #expect(BodyImages.siteTarget(ofLink: "../../../up", fromFolder: folder) == nil)
        for url in ["https://example.org/a", "mailto:a@b.c", "/abs", "#top", "?q", ""] {
            #expect(BodyImages.siteTarget(ofLink: url, fromFolder: folder) == nil, "\(url)")
        }
    }

    /// A link from one entry to another, written for the entry's page, leads there from the
    /// month's report and its Markdown too (the report is elsewhere in the site).
    @Test func linksBetweenEntriesWorkFromTheReports() throws {
        let site = try Self.site(diary: """
        [{"id": "hello", "title": "Hello", "date": "2024-05-01"},
         {"id": "links", "title": "Links", "date": "2024-05-03",
          "body": "Back to [hello](../hello/index.html#top), [the month](../../months/2024-05/) and [the web](https://example.org/x)."}]
        """)
        _ = try Self.build(site)
        let entry = try #require(site.read("out/entries/links/index.html"))
        #expect(entry.contains(#"<a href="../hello/index.html#top">hello</a>, <a href="../../months/2024-05/">the month</a> and <a href="https://example.org/x">the web</a>"#))
        let report = try #require(site.read("out/reports/2024-05/index.html"))
        #expect(report.contains(#"<a href="../../entries/hello/index.html#top">hello</a>, <a href="../../months/2024-05/">the month</a> and <a href="https://example.org/x">the web</a>"#))
        let markdown = try #require(site.read("out/reports/2024-05.md"))
        #expect(markdown.contains("Back to [hello](../entries/hello/index.html#top), [the month](../months/2024-05/) and [the web](https://example.org/x)."))
    }

    /// A report shows a body's photo as it shows the entry's own: the widest variant, loaded at
    /// once (a photo audit found the entry page's 960 px, lazily loaded, printed at 166 ppi).
    @Test func aReportShowsABodysPhotoAtItsWidest() throws {
        let site = try Self.site(diary: #"[{"id": "b", "title": "B", "date": "2024-05-02", "body": "Text\n\n![Body one](photos/landscape.jpg)"}]"#,
                                 config: #", "photoWidths": [16, 32]"#)
        _ = try Self.build(site)
        let entry = try #require(site.read("out/entries/b/index.html"))
        #expect(entry.contains(#"<img src="../../photos/landscape-32.webp" srcset="../../photos/landscape-16.webp 16w, ../../photos/landscape-32.webp 32w""#))
        let report = try #require(site.read("out/reports/2024-05/index.html"))
        #expect(report.contains(#"<p><img src="../../photos/landscape-32.webp" width="32" height="24" decoding="sync" alt="Body one" /></p>"#))
        #expect(!report.contains("landscape-16.webp"))
    }

    /// An entry without `photos` (as the importers write one whose text places its photos) is
    /// shown in lists, and shared, by the first image of its text.
    @Test func anEntryWithoutPhotosIsShownByTheFirstImageOfItsText() throws {
        let site = try Self.site(diary: """
        [{"id": "inline", "title": "Inline", "date": "2024-05-02",
          "body": "Far: ![far](https://example.org/x.jpg)\\n\\n![The beach](photos/landscape.jpg)\\n\\n![](photos/rotated.jpg)"},
         {"id": "text", "title": "Text only", "date": "2024-05-01", "body": "No image."}]
        """, config: #", "baseURL": "https://example.org/""#)
        _ = try Self.build(site)
        let month = try #require(site.read("out/months/2024-05/index.html"))
        #expect(month.contains(#"<img class="entry-thumb" src="../../photos/landscape-64.webp""#))
        #expect(!month.contains("rotated-48.webp"))
        #expect(month.components(separatedBy: "entry-thumb").count == 2)
        // The month's photos card counts the images of the text too (not the web's).
        #expect(month.contains(#"Photos</div>\#n<div class="card-value" dir="auto">2</div>"#))
        let entry = try #require(site.read("out/entries/inline/index.html"))
        #expect(entry.contains(#"<meta property="og:image" content="https://example.org/photos/landscape-social.jpg">"#))
        #expect(site.exists("out/photos/landscape-social.jpg"))
    }

    /// Found by a Day One user's audit: an entry whose photos are all in its text had each loaded
    /// lazily, the page's largest image among them. The first is loaded at once, as an entry's own
    /// first photo is; with photos of its own above the text, every one in the text is lazy.
    @Test func theFirstPhotoOfTheTextIsLoadedAtOnceWithoutPhotosAboveIt() throws {
        let site = try Self.site(diary: """
        [{"id": "dayone", "title": "Walk", "date": "2024-05-02", "body": "![One](photos/landscape.jpg)\\n\\nText.\\n\\n![Two](photos/rotated.jpg)"}]
        """)
        _ = try Self.build(site)
        let entry = try #require(site.read("out/entries/dayone/index.html"))
        #expect(entry.contains(#"width="64" height="48" loading="eager" decoding="async" alt="One" />"#))
        #expect(entry.contains(#"width="48" height="64" loading="lazy" decoding="async" alt="Two" />"#))
    }

    @Test func buildPublishesSmallUprightStrippedVariants() throws {
        let site = try Self.site(diary: """
        [
          {"id": "rotated", "title": "Portrait", "date": "2024-05-02", "photos": [{"src": "photos/rotated.jpg", "alt": "A tall shot", "caption": "Held upright"}, "photos/landscape.jpg"]},
          {"id": "heic", "title": "From an iPhone", "date": "2024-05-01", "photos": ["photos/photo.heic", "photos/screenshot.png"],
           "body": "The beach:\\n\\n![The beach](photos/landscape.jpg)\\n\\n![far](https://example.org/x.jpg)"}
        ]
        """)
        let summary = try Self.build(site)
        #expect(summary.photos == 4)
        #expect(summary.photosProcessed == 4)
        #expect(summary.photosReused == 0)
        // Originals are not published.
        #expect(!site.exists("out/photos/rotated.jpg"))
        #expect(!site.exists("out/photos/photo.heic"))
        let entry = try #require(site.read("out/entries/rotated/index.html"))
        #expect(entry.contains(#"<figure><img src="../../photos/rotated-48.webp" srcset="../../photos/rotated-48.webp 48w" sizes="(max-width: 33.25rem) calc(100vw - 4.5rem), (max-width: 46rem) calc(50vw - 2.625rem), 20.375rem" width="48" height="64" alt="A tall shot" loading="eager" decoding="async"><figcaption>Held upright</figcaption></figure>"#))
        #expect(entry.contains(#"alt="Portrait (2/2)" loading="lazy""#))
        let heic = try #require(site.read("out/entries/heic/index.html"))
        #expect(heic.contains(#"<img src="../../photos/landscape-64.webp" srcset="../../photos/landscape-64.webp 64w" sizes="(max-width: 46rem) calc(100vw - 4.5rem), 41.5rem" width="64" height="48" loading="lazy" decoding="async" alt="The beach" />"#))
        #expect(heic.contains(#"<img src="https://example.org/x.jpg" alt="far" />"#))
        let markdown = try #require(site.read("out/reports/2024-05.md"))
        // Each photo its own paragraph, its caption on a line under it.
        #expect(markdown.contains("\n\n![A tall shot](../photos/rotated-48.webp)\\\n*Held upright*\n\n![Portrait (2/2)](../photos/landscape-64.webp)\n\n"))
        #expect(markdown.contains("![The beach](../photos/landscape-64.webp)"))
        #expect(markdown.contains("![far](https://example.org/x.jpg)"))
        let month = try #require(site.read("out/months/2024-05/index.html"))
        #expect(month.contains(#"<img class="entry-thumb" src="../../photos/rotated-48.webp""#))
        // Every image a page names is in the output.
        for page in ["entries/rotated/", "entries/heic/", "months/2024-05/", "reports/2024-05/"] {
            let html = try #require(site.read("out/" + page + "index.html"))
            for link in Self.imageLinks(html) where !link.hasPrefix("http") {
                let target = URL(fileURLWithPath: site.root + "/out/" + page + link).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "\(page) names \(link)")
            }
        }
        // The portrait comes out portrait; no output has GPS or the camera's serial number.
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/rotated-48.webp").get() == .init(width: 48, height: 64))
        for name in ["rotated-48.webp", "landscape-64.webp", "photo-64.webp"] {
            let bytes = try #require(FileManager.default.contents(atPath: site.root + "/out/photos/" + name))
            #expect(bytes.prefix(4) == Data("RIFF".utf8))
            #expect(bytes.range(of: Data("EXIF".utf8)) == nil, "\(name) has an EXIF chunk")
            #expect(bytes.range(of: Data("SN123".utf8)) == nil)
        }
    }

    @Test func exiftoolFindsNoLocationInAnyOutput() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else {
            Issue.record("exiftool is missing: scripts/bootstrap installs libimage-exiftool-perl")
            return
        }
        // place.heic: a HEIC whose EXIF has a GPS position, as an iPhone's has (its EXIF was read
        // after libvips 8.14.1 freed it until the pipeline copied it: the photos fuzz target's seed).
        // place.tif: a TIFF whose EXIF has one, which libvips 8.14 does not read.
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg", "photos/landscape.jpg", "photos/place.heic", "photos/place.tif"]}]"#,
                                 config: #", "baseURL": "https://example.org/""#)
        try site.write("photos/place.heic", TestPhotos.data("place.heic"))
        try site.write("photos/place.tif", TestPhotos.data("place.tif"))
        _ = try Self.build(site)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-j", "-G", "-a", "-r", site.root + "/out/photos"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text.contains("rotated-48.webp"))
        #expect(text.contains("rotated-social.jpg"))
        #expect(text.contains("place-heic-64.webp") && text.contains("place-tif-64.webp"))
        #expect(!text.contains("GPS"))
        #expect(!text.contains("SN123"))
        #expect(!text.contains("TestCam"))
    }

    /// Variants that keep their metadata say they are upright (EXIF Orientation 1): with the
    /// photo's 6 kept, a browser turned the upright pixels again (a photo audit).
    @Test(arguments: ["webp", "jpeg"])
    func keptMetadataSaysTheVariantIsUpright(format: String) throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg", "photos/exif-turned.heic"]}]"#,
                                 config: #", "baseURL": "https://example.org/", "keepPhotoMetadata": true, "photoFormat": "\#(format)""#)
        try site.write("photos/exif-turned.heic", TestPhotos.data("exif-turned.heic"))
        _ = try Self.build(site)
        let ext = format == "jpeg" ? "jpg" : format
        let names = ["rotated-48.\(ext)", "rotated-social.jpg", "exif-turned-64.\(ext)"]
        let text = try #require(Self.run("/usr/bin/exiftool", ["-n", "-s3", "-Orientation"] + names.map { site.root + "/out/photos/" + $0 }),
                                "exiftool is missing: scripts/bootstrap installs libimage-exiftool-perl")
        #expect(text.split(separator: "\n").filter { !$0.hasPrefix("=") && !$0.contains("image files read") } == ["1", "1", "1"])
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/rotated-48.\(ext)").get() == .init(width: 48, height: 64))
    }

    /// A cache that cannot be written is said (a newcomer's audit: `--cache /proc/x` was passed
    /// over in silence, and every build made its photos again); the build still publishes them.
    @Test func aCacheThatCannotBeWrittenIsWarnedAbout() throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/landscape.jpg"]}]"#)
        try site.write("afile", "x")
        let summary = try Self.build(site, cache: site.root + "/afile/cache")
        #expect(site.exists("out/photos/landscape-64.webp"))
        #expect(summary.warnings.map(\.description) == [site.root + "/afile/cache/photos: the photo cache cannot be written "
            + "(cannot make the photo cache folder: Not a directory): every build makes its photos again; give --cache a folder it can write"])
    }

    /// A cached variant cut short (a CI cache restored in part) is made again, not published
    /// broken (a photo audit: a 100-byte WebP was copied into the site); the formats the
    /// pipeline writes are whole, and cut short they are not.
    @Test(arguments: ["webp", "jpeg", "avif"])
    func aCachedVariantCutShortIsMadeAgain(format: String) throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/landscape.jpg"]}]"#,
                                 config: #", "baseURL": "https://example.org/", "photoFormat": "\#(format)""#)
        #expect(try Self.build(site).photosProcessed == 1)
        let ext = format == "jpeg" ? "jpg" : format
        let cached = try #require(FileManager.default.subpaths(atPath: site.root + "/.daybook-cache/photos")?.filter { $0.hasSuffix("/64." + ext) }.first)
        let path = site.root + "/.daybook-cache/photos/" + cached
        let whole = try #require(FileManager.default.contents(atPath: path))
        #expect(PhotoCache.isWhole([UInt8](whole)))
        #expect(!PhotoCache.isWhole([UInt8](whole.dropLast(7))))
        // A box that says it is larger than anything is not whole (and no sum overflows).
        #expect(!PhotoCache.isWhole([0, 0, 0, 1] + Array("ftyp".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]))
        #expect(!PhotoCache.isWhole([0, 0, 0, 1] + Array("ftyp".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: site.root + "/out")
        let again = try Self.build(site)
        #expect(again.photosProcessed == 1, "\(again)")
        #expect(FileManager.default.contents(atPath: site.root + "/out/photos/landscape-64." + ext) == whole)
        #expect(FileManager.default.contents(atPath: path) == whole)
    }

    @Test func noChangeRebuildProcessesNothingAndWritesNothing() throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg", "photos/photo.heic"]}]"#)
        let cache = site.root + "/elsewhere-cache"
        let first = try Self.build(site, cache: cache)
        #expect(first.photosProcessed == 2)
        #expect(site.exists("elsewhere-cache/photos/index"))
        #expect(!site.exists(".daybook-cache"))
        // Nothing changed: skipped whole.
        let second = try Self.build(site, cache: cache)
        #expect(second.skipped)
        #expect(second.pagesWritten == 0)
        // The data changed, the photos did not: none is processed, none rewritten.
        try site.write("diary.json", #"[{"id": "r", "title": "R again", "date": "2024-05-02", "photos": ["photos/rotated.jpg", "photos/photo.heic"]}]"#)
        let third = try Self.build(site, cache: cache)
        #expect(!third.skipped)
        #expect(third.photosProcessed == 0)
        #expect(third.photosReused == 2)
        // A photo that changes is processed again, and its old cache folder pruned.
        let keys = { (FileManager.default.subpaths(atPath: cache + "/photos") ?? []).filter { $0.split(separator: "/").count == 2 }.sorted() }
        let before = keys()
        try site.write("photos/rotated.jpg", TestPhotos.data("landscape.jpg"))
        let fourth = try Self.build(site, cache: cache)
        #expect(fourth.photosProcessed == 1)
        #expect(keys().count == before.count)
        #expect(keys() != before)
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/rotated-64.webp").get() == .init(width: 64, height: 48))
        #expect(!site.exists("out/photos/rotated-48.webp"))
    }

    /// A build that leaves an entry out (after `now`, or a draft) keeps its photo's cache folder;
    /// one whose photo is gone from the site drops it.
    @Test func photosOfEntriesLeftOutStayCached() throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg"]}]"#)
        let keys = { (FileManager.default.subpaths(atPath: site.root + "/.daybook-cache/photos") ?? []).filter { $0.split(separator: "/").count == 2 } }
        #expect(try Self.build(site).photosProcessed == 1)
        #expect(keys().count == 1)
        try site.write("diary.json", #"[{"id": "r", "title": "R", "date": "2099-05-02", "photos": ["photos/rotated.jpg"]}]"#)
        #expect(try Self.build(site).photos == 0)
        #expect(keys().count == 1)
        try site.write("diary.json", #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg"]}]"#)
        let back = try Self.build(site)
        #expect(back.photosProcessed == 0)
        #expect(back.photosReused == 1)
        try FileManager.default.removeItem(atPath: site.root + "/photos/rotated.jpg")
        try site.write("diary.json", #"[{"id": "r", "title": "R", "date": "2024-05-02"}]"#)
        _ = try Self.build(site)
        #expect(keys().isEmpty)
    }

    @Test func badImagesAreLocatedErrorsAllAtOnceAndTheOutputStays() throws {
        let site = try Self.site(diary: """
        [
          {"title": "Fake", "date": "2024-05-01", "photos": ["photos/fake.jpg"]},
          {"title": "Bomb", "date": "2024-05-02", "photos": ["photos/bomb.png"]},
          {"title": "Cut", "date": "2024-05-03", "photos": ["photos/truncated.jpg"]},
          {"title": "Body", "date": "2024-05-04", "body": "![gone](photos/missing.jpg)"}
        ]
        """)
        try site.write("out/keep.txt", "mine")
        do {
            _ = try Self.build(site)
            Issue.record("the build succeeded")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("\(error)"); return }
            let lines = errors.errors.map(\.description)
            #expect(lines.count == 3)
            #expect(lines.contains { $0 == (site.root + #"/diary.json:2:54: photos/fake.jpg cannot be read as an image: VipsForeignLoad: "photos/fake.jpg" is not a known file format"#) })
            #expect(lines.contains(site.root + #"/diary.json:3:54: photos/bomb.png is 20000 × 20000 pixels (400 MP); photos over 100 MP are refused"#))
            #expect(lines.contains(site.root + #"/diary.json:5:60: image "photos/missing.jpg" not found in the site folder"#))
        }
        // The truncated photo fails only when decoded, in its render job; the output is untouched.
        try site.write("diary.json", #"[{"title": "Cut", "date": "2024-05-03", "photos": ["photos/truncated.jpg"]}]"#)
        do {
            _ = try Self.build(site)
            Issue.record("the build succeeded")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("\(error)"); return }
            #expect(errors.errors.count == 1)
            #expect(errors.errors[0].description == site.root + "/diary.json:1:52: photos/truncated.jpg cannot be read as an image: VipsJpeg: Premature end of input file")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root + "/out") == ["keep.txt"])
    }

    /// A JPEG damaged in the middle, which libjpeg decodes past with grey, is an error, not a
    /// half-grey photo.
    @Test func aJPEGCorruptInTheMiddleIsAnError() throws {
        let site = try Self.site(diary: #"[{"title": "Torn", "date": "2024-05-03", "photos": ["photos/corrupt.jpg"]}]"#)
        let errors = Self.buildErrors(site)
        #expect(errors?.count == 1)
        #expect(errors?.first?.hasPrefix(site.root + "/diary.json:1:53: photos/corrupt.jpg cannot be read as an image: ") == true)
        #expect(!site.exists("out"))
    }

    /// Found by a photos audit: a photo that failed when decoded dropped the run's warnings
    /// (from `build`, `--json` and `check --strict`).
    @Test func aPhotoFailingWhenDecodedKeepsTheRunsWarnings() throws {
        let site = try Self.site(diary: #"[{"title": "Cut", "date": "2024-05-03", "tgas": ["x"], "photos": ["photos/truncated.jpg"]}]"#)
        do {
            _ = try Self.build(site)
            Issue.record("the build succeeded")
        } catch {
            guard case .invalid(let errors) = error else { Issue.record("\(error)"); return }
            #expect(errors.errors.map(\.reason) == ["photos/truncated.jpg cannot be read as an image: VipsJpeg: Premature end of input file"])
            #expect(errors.warnings.map(\.description) == [site.root + #"/diary.json:1:41: unknown key "tgas" (did you mean "tags"?)"#])
        }
    }

    /// Found by a photos audit: the message named the loader by a memory address (`0x00007fe2…`).
    @Test func anImageOfAnotherKindIsNamedByItsKind() throws {
        let site = try Self.site(diary: "[]")
        try site.write("photos/scan.jpg", Data("P6\n2 2\n255\nAAAAAAAAAAAA".utf8))
        #expect(PhotoProbe.size(ofFile: site.root + "/photos/scan.jpg")
                == .failure(PhotoProblem("is not a JPEG, PNG, WebP, HEIC, AVIF, TIFF or GIF image (libvips reads it as ppm)")))
        #expect(PhotoProbe.kind(ofLoader: "VipsForeignLoadMagickFile") == "magick")
        // A TIFF cut short fails libvips' TIFF check and goes to another loader: it is named for what it is.
        let tiff = TestPhotos.data("scan.tif")
        try site.write("photos/cut.tif", tiff.prefix(tiff.count * 2 / 3))
        #expect(PhotoProbe.size(ofFile: site.root + "/photos/cut.tif")
                == .failure(PhotoProblem("starts as a TIFF image but cannot be read as one: it is damaged or cut short")))
    }

    /// Found by a photos audit: a JPEG whose damage libjpeg reports only after the last rows are
    /// read (`fail_on` no longer looks then) was published with a broken band; `add` took it too.
    @Test func aJPEGWhoseDamageIsReportedAfterItsRowsIsAnError() throws {
        let site = try Self.site(diary: #"[{"title": "Torn", "date": "2024-05-03", "photos": ["photos/spliced.jpg"]}]"#)
        #expect(Self.buildErrors(site) == [site.root + "/diary.json:1:53: photos/spliced.jpg cannot be read as an image: VipsJpeg: Corrupt JPEG data: premature end of data segment"])
        #expect(!site.exists("out"))
        #expect(PhotoProbe.checkedSize(ofFile: site.root + "/photos/spliced.jpg")
                == .failure(PhotoProblem("cannot be read as an image: VipsJpeg: Corrupt JPEG data: premature end of data segment")))
    }

    /// The same JPEG is refused while other photos' failures clear libvips' error buffer, which
    /// is one for all threads and where libjpeg's words are when libvips reports the damage (as
    /// a build and the tests run photos side by side): it once came out whole 2 times in 60 runs.
    @Test func aJPEGDamagedAfterItsRowsIsRefusedWhileOtherPhotosFail() throws {
        let site = try Self.site(diary: "[]")
        try #require(Vips.isReady)
        let clearer = ErrorBufferClearer()
        clearer.start()
        let results = (0..<40).map { _ in PhotoProbe.checkedSize(ofFile: site.root + "/photos/spliced.jpg") }
        clearer.stop()
        #expect(results.filter { $0 != .failure(PhotoProblem("cannot be read as an image: VipsJpeg: Corrupt JPEG data: premature end of data segment")) }.isEmpty)
    }

    /// A JPEG whose scan header is off for a sequential JPEG, as Samsung phones write them: libjpeg
    /// warns ("Invalid SOS parameters for sequential JPEG") and decodes it whole, so it is published.
    @Test func aSamsungJPEGWithOddScanParametersIsPublished() throws {
        let site = try Self.site(diary: #"[{"id": "s", "title": "Phone", "date": "2024-05-03", "photos": ["photos/samsung.jpg"]}]"#)
        _ = try Self.build(site)
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/samsung-64.webp").get() == .init(width: 64, height: 48))
        let (top, bottom) = (try Self.pixel(site.root + "/out/photos/samsung-64.webp", 10, 10), try Self.pixel(site.root + "/out/photos/samsung-64.webp", 10, 40))
        #expect(top.reduce(0, +) > 600 && bottom.reduce(0, +) < 200, "top \(top), bottom \(bottom)")
    }

    /// A Display P3 photo (an iPhone's) comes out in sRGB: its pure sRGB green stays that green
    /// once the profile is stripped, where P3's own numbers (117, 251, 76) would show washed out.
    @Test func aDisplayP3PhotoIsConvertedToSRGB() throws {
        let site = try Self.site(diary: #"[{"title": "Green", "date": "2024-05-03", "photos": ["photos/p3.jpg"]}]"#)
        _ = try Self.build(site)
        let pixel = try #require(Self.run("/usr/bin/vips", ["getpoint", site.root + "/out/photos/p3-64.webp", "10", "10"]),
                                 "vips is missing: scripts/bootstrap installs libvips-tools")
        let channels = pixel.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(channels.count == 3)
        #expect(channels.count == 3 && channels[0] <= 12 && channels[1] >= 243 && channels[2] <= 12, "got \(pixel)")
        let bytes = try #require(FileManager.default.contents(atPath: site.root + "/out/photos/p3-64.webp"))
        #expect(bytes.range(of: Data("ICCP".utf8)) == nil)
    }

    /// A HEIC whose EXIF says Orientation 6 but that has no `irot` box (as heif-enc 1.15 makes
    /// one of a turned JPEG) is shown as stored, as libheif, libvips and macOS show a HEIC of the
    /// `miaf` brand: HEIF's rule is that its own boxes turn an image and EXIF's orientation does not.
    @Test func aHEICTurnedInItsEXIFAloneIsShownAsStored() throws {
        let site = try Self.site(diary: #"[{"title": "Turned", "date": "2024-05-03", "photos": ["photos/exif-turned.heic"]}]"#)
        try site.write("photos/exif-turned.heic", TestPhotos.data("exif-turned.heic"))
        #expect(try PhotoProbe.size(ofFile: site.root + "/photos/exif-turned.heic").get() == .init(width: 64, height: 48))
        _ = try Self.build(site)
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/exif-turned-64.webp").get() == .init(width: 64, height: 48))
        let (top, bottom) = (try Self.pixel(site.root + "/out/photos/exif-turned-64.webp", 32, 5), try Self.pixel(site.root + "/out/photos/exif-turned-64.webp", 32, 42))
        #expect(top.reduce(0, +) > 600 && bottom.reduce(0, +) < 200, "top \(top), bottom \(bottom)")
    }

    /// The channels of the pixel at `x`, `y` of the image in the file at `path`, as `vips getpoint` reads them.
    static func pixel(_ path: String, _ x: Int, _ y: Int) throws -> [Int] {
        let text = try #require(run("/usr/bin/vips", ["getpoint", path, String(x), String(y)]), "vips is missing: scripts/bootstrap installs libvips-tools")
        return text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// What the tool at `path` writes to stdout, or nil when it is not installed or fails.
    static func run(_ path: String, _ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    @Test func jpegFormatAndPublishedOriginals() throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/landscape.jpg"]}]"#,
                                 config: #", "photoFormat": "jpeg", "photoWidths": [32, 480], "publishOriginals": true"#)
        _ = try Self.build(site)
        #expect(site.exists("out/photos/landscape.jpg"))
        let small = try #require(FileManager.default.contents(atPath: site.root + "/out/photos/landscape-32.jpg"))
        #expect(small.prefix(2) == Data([0xFF, 0xD8]))
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/landscape-32.jpg").get() == .init(width: 32, height: 24))
        let page = try #require(site.read("out/entries/r/index.html"))
        #expect(page.contains(#"srcset="../../photos/landscape-32.jpg 32w, ../../photos/landscape-64.jpg 64w""#))
    }

    @Test func avifVariants() throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg"]}]"#,
                                 config: #", "photoFormat": "avif", "photoQuality": 50"#)
        _ = try Self.build(site)
        let bytes = try #require(FileManager.default.contents(atPath: site.root + "/out/photos/rotated-48.avif"))
        #expect(bytes.dropFirst(4).prefix(8) == Data("ftypavif".utf8))
        #expect(try PhotoProbe.size(ofFile: site.root + "/out/photos/rotated-48.avif").get() == .init(width: 48, height: 64))
    }

    @Test func filesABodyLinksToArePublishedAndLinkedFromThePage() throws {
        let site = try Self.site(diary: #"[{"id": "a", "title": "A", "date": "2024-05-02", "body": "[Audio](photos/voice%20memo.m4a), [full size](photos/landscape.jpg), [web](https://example.org/x.m4a), [gone](photos/none.pdf)"}]"#)
        try site.write("photos/voice memo.m4a", "audio bytes")
        let summary = try Self.build(site)
        #expect(summary.photos == 1)
        #expect(site.read("out/photos/voice memo.m4a") == "audio bytes")
        let page = try #require(site.read("out/entries/a/index.html"))
        #expect(page.contains(#"<a href="../../photos/voice%20memo.m4a">Audio</a>"#))
        #expect(page.contains(#"<a href="../../photos/landscape-64.webp">full size</a>"#))
        #expect(page.contains(#"<a href="https://example.org/x.m4a">web</a>"#))
        #expect(page.contains(#"<a href="photos/none.pdf">gone</a>"#))
        #expect(!site.exists("out/photos/landscape.jpg"))
        let markdown = try #require(site.read("out/reports/2024-05.md"))
        #expect(markdown.contains("[Audio](../photos/voice%20memo.m4a)"))
        #expect(BodyImages.mayLink("see [a](photos/a.m4a)"))
        #expect(!BodyImages.mayLink("see [a](https://e.org/a) and [b](#top) and [c](/x)"))
    }

    /// Day One's voice notes and videos come in as links (`[Audio](…)`): the page plays them, and
    /// keeps the link (for a browser that cannot play the format, and for paper).
    @Test func soundAndVideoFilesGetAPlayerBesideTheirLink() throws {
        let site = try Self.site(diary: #"[{"id": "a", "title": "A", "date": "2024-05-02", "body": "[Audio](photos/a%20b.M4A) [Video](photos/c.mov?t=1) [PDF](photos/d.pdf)"}]"#)
        for name in ["a b.M4A", "c.mov", "d.pdf"] { try site.write("photos/" + name, "bytes") }
        _ = try Self.build(site)
        let page = try #require(site.read("out/entries/a/index.html"))
        #expect(page.contains(#"<p><audio class="body-media" controls preload="none" src="../../photos/a%20b.M4A"></audio> <a href="../../photos/a%20b.M4A">Audio</a> "#
            + #"<video class="body-media" controls preload="metadata" src="../../photos/c.mov"></video> <a href="../../photos/c.mov">Video</a> "#
            + #"<a href="../../photos/d.pdf">PDF</a></p>"#))
        let report = try #require(site.read("out/reports/2024-05/index.html"))
        #expect(report.contains(#"<audio class="body-media" controls preload="none" src="../../photos/a%20b.M4A"></audio> <a href="../../photos/a%20b.M4A">Audio</a>"#))
        #expect(["x.mp3", "x.opus", "x.webm", "x.pdf", "x", "m4a"].map(BodyImages.mediaKind) == ["audio", "audio", "video", nil, nil, nil])
    }

    @Test func photosOfEntriesLeftOutAreNotPublished() throws {
        let site = try Self.site(diary: #"[{"id": "now", "title": "Now", "date": "2024-05-02", "photos": ["photos/landscape.jpg"]}, {"id": "later", "title": "Later", "date": "2024-07-01", "photos": ["photos/rotated.jpg"]}, {"id": "draft", "title": "Draft", "date": "2024-05-01", "draft": true, "photos": ["photos/photo.heic"]}]"#)
        let summary = try Self.build(site)
        #expect(summary.photos == 1)
        #expect(site.exists("out/photos/landscape-64.webp"))
        #expect(!site.exists("out/photos/rotated-48.webp"))
        #expect(!site.exists("out/photos/photo-64.webp"))
    }

    @Test func sameInputGivesByteIdenticalImages() throws {
        let site = try Self.site(diary: #"[{"id": "r", "title": "R", "date": "2024-05-02", "photos": ["photos/rotated.jpg", "photos/photo.heic", "photos/screenshot.png"]}]"#)
        var first = BuildOptions(output: site.root + "/one", now: Self.now)
        first.cache = site.root + "/cache-one"
        var second = BuildOptions(output: site.root + "/two", now: Self.now)
        second.cache = site.root + "/cache-two"
        #expect(try SiteBuilder(siteRoot: site.root, options: first).build().photosProcessed == 3)
        #expect(try SiteBuilder(siteRoot: site.root, options: second).build().photosProcessed == 3)
        let one = SiteBuildTests.files(in: site.root + "/one/photos"), two = SiteBuildTests.files(in: site.root + "/two/photos")
        #expect(one.keys.sorted() == ["photo-64.webp", "rotated-48.webp", "screenshot-64.webp"])
        #expect(one == two)
    }
}

/// Clears libvips' error buffer over and over on a thread of its own, beside other photos' calls
/// (never while one runs alone), as other photos' failures do in a build.
private final class ErrorBufferClearer: Sendable {
    private let stopped = Atomic<Bool>(false)

    func start() {
        Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Vips.calls.shared { daybook_vips_error_clear() }
                usleep(20)
            }
        }.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}
