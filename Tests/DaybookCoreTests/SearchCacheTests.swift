import CSearchTerms
import Foundation
import Testing
@testable import DaybookCore

/// The search index's months kept between builds (`SearchMonthPart`'s cache bytes, `SearchCache`).
@Suite struct SearchCacheTests {
    static let stamp = "0123456789abcdef"

    /// A month of two entries, indexed: its part and the digest of its inputs.
    static func indexed() throws -> (part: SearchMonthPart, digest: [UInt8], diary: Diary) {
        let helpers = DiaryTests()
        var beach = try helpers.entry("Beach day", "2021-11-02", tags: ["sea"])
        beach.body = "We swam."
        let diary = try helpers.diary([beach, try helpers.entry("Café 카페", "2021-11-01")])
        var indexer = SearchMonthIndexer(month: 0, of: SearchIndex(diary: diary), prettyURLs: false)
        indexer.add(diary.entries[0], year: 2021, bodyHTML: "<p>We swam.</p>\n")
        indexer.add(diary.entries[1], year: 2021, bodyHTML: "<p>Latte \"art\"</p>\n")
        let digest = indexer.digest
        return (indexer.finish(), digest, diary)
    }

    static func month(start: Int, count: Int = 2) -> SearchIndex.Month {
        SearchIndex.Month(key: "2021-11", start: start, count: count)
    }

    @Test func aMonthsPartComesBackWithItsDocumentsNumberedFromTheMonthsFirst() throws {
        let (part, digest, diary) = try Self.indexed()
        let bytes = part.cacheBytes(digest: digest)
        let kept = try #require(SearchMonthPart(cacheBytes: bytes, digest: digest, month: Self.month(start: 5), stamp: Self.stamp))
        let oldStamp = SearchIndex.stamp(of: diary)
        #expect(kept.shards.map { String(decoding: $0, as: UTF8.self) }
                == part.shards.map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: oldStamp, with: Self.stamp) })
        #expect(part.postings.documents(of: "swam")?.other == [0])
        #expect(kept.postings.documents(of: "swam")?.other == [5])
        #expect(kept.postings.documents(of: "beach")?.title == [5])
        #expect(kept.postings.documents(of: "카페")?.title == [6])
        #expect(kept.postings.documents(of: "year:2021")?.other == [5, 6])
        #expect(kept.postings.termCount == part.postings.termCount)
        #expect(kept.postings.hashes == part.postings.hashes)
        #expect(kept.postings.termsByBucket == part.postings.termsByBucket)
    }

    @Test func aPartOfOtherInputsIsNotRead() throws {
        let (part, digest, _) = try Self.indexed()
        let bytes = part.cacheBytes(digest: digest)
        var other = digest
        other[15] ^= 1
        #expect(SearchMonthPart(cacheBytes: bytes, digest: other, month: Self.month(start: 0), stamp: Self.stamp) == nil)
    }

    @Test func aPartCutShortOrLongerIsNotRead() throws {
        let (part, digest, _) = try Self.indexed()
        let bytes = part.cacheBytes(digest: digest)
        for cut in [1, 20, bytes.count / 2, bytes.count - 30] {
            #expect(SearchMonthPart(cacheBytes: Array(bytes.dropLast(cut)), digest: digest, month: Self.month(start: 0), stamp: Self.stamp) == nil)
        }
        #expect(SearchMonthPart(cacheBytes: bytes + [0x0A], digest: digest, month: Self.month(start: 0), stamp: Self.stamp) == nil)
    }

    /// A month that has fewer entries than the part's documents name.
    @Test func aPartNamingDocumentsPastTheMonthIsNotRead() throws {
        let (part, digest, _) = try Self.indexed()
        let bytes = part.cacheBytes(digest: digest)
        #expect(SearchMonthPart(cacheBytes: bytes, digest: digest, month: Self.month(start: 0, count: 1), stamp: Self.stamp) == nil)
    }

    /// The shards are published as they are kept: one whose strings were opened for code is not.
    @Test func aKeptShardWithCodeInItIsNotPublished() throws {
        let (part, digest, _) = try Self.indexed()
        var bytes = part.cacheBytes(digest: digest)
        let title = Array("Beach day".utf8), code = Array(#"ab"+f()+""#.utf8)
        #expect(title.count == code.count)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: title) })
        bytes.replaceSubrange(at..<(at + title.count), with: code)
        #expect(SearchMonthPart(cacheBytes: bytes, digest: digest, month: Self.month(start: 0), stamp: Self.stamp) == nil)
    }

    @Test func aDocumentShardIsStringsAndArraysOnly() {
        func check(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return dbk_is_document_shard(bytes, bytes.count) != 0
        }
        let stamp = #","0123456789abcdef");"# + "\n"
        #expect(check(#"daybookSearch("d","2021-11-0",[["a","b",[["t","../x"]],"caf\u00e9 \"q\" \\",[]]]"# + stamp))
        #expect(check(#"daybookSearch("d","2021-11-0",[]"# + stamp))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a"+f()]]"# + stamp))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a",1]]"# + stamp))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a\x"]]"# + stamp))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a\u00g9"]]"# + stamp))
        #expect(!check("daybookSearch(\"d\",\"2021-11-0\",[[\"a\nb\"]]" + stamp))
        #expect(!check(#"daybookSearch("d","2021-11-0",[[[[["deep"]]]]]"# + stamp))
        #expect(check(#"daybookSearch("d","2021-11-0",[[[["four"]]]]"# + stamp))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a"]]"# + #","0123456789ABCDEF");"# + "\n"))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a"]]"# + stamp + "alert(1)\n"))
        #expect(!check(#"daybookSearch("d","2021-11-0",[["a"]],1"# + stamp))
        #expect(!check(#"alert(1);daybookSearch("d","2021-11-0",[["a"]]"# + stamp))
    }

    /// Every field of an entry that its document or terms hold is in the digest.
    @Test func theDigestChangesWithEachFieldOfAnEntry() throws {
        let helpers = DiaryTests()
        func digest(_ change: (inout Entry) throws -> Void, html: String = "<p>x</p>") throws -> [UInt8] {
            var entry = try helpers.entry("T", "2021-11-02", tags: ["a"])
            try change(&entry)
            let diary = try helpers.diary([entry])
            var indexer = SearchMonthIndexer(month: 0, of: SearchIndex(diary: diary), prettyURLs: false)
            indexer.add(diary.entries[0], year: 2021, bodyHTML: html)
            return indexer.digest
        }
        let base = try digest { _ in }
        #expect(try digest { _ in } == base)
        var others: [[UInt8]] = [try digest({ _ in }, html: "<p>y</p>")]
        others.append(try digest { $0.title = "U" })
        others.append(try digest { $0.tags = ["b"] })
        others.append(try digest { $0.mood = "" })
        others.append(try digest { $0.mood = "glad" })
        others.append(try digest { $0.weather = "sun" })
        others.append(try digest { $0.location = "Park" })
        others.append(try digest { $0.photos = [EntryPhoto(path: "photos/a.png", caption: "c")] })
        others.append(try digest { $0.photos = [EntryPhoto(path: "photos/a.png", alt: "c")] })
        others.append(try digest { $0.date = try ISODate.parse("2021-11-02T10:00:00Z").get() })
        #expect(Set(others + [base]).count == others.count + 1)
    }

    /// The program is known by what a copy of it keeps: a release unpacked again in a fresh CI
    /// runner (a new inode and change time) reads the months its cache restored. (The inode and
    /// change time were part of it: no CI build ever read its restored months.)
    @Test func aCopyOfTheProgramKeepingItsTimeIsTheSameProgram() throws {
        let folder = try TempSite(files: ["daybook": "program bytes"])
        let original = folder.root + "/daybook", copy = folder.root + "/copy"
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        var info = stat()
        #expect(stat(original, &info) == 0)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, copy, &times, 0) == 0)
        #expect(FileFacts.ofProgram(copy) == FileFacts.ofProgram(original))
        #expect(FileFacts.ofProgram(copy) != nil)
        times[1].tv_sec += 1
        #expect(utimensat(AT_FDCWD, copy, &times, 0) == 0)
        #expect(FileFacts.ofProgram(copy) != FileFacts.ofProgram(original))
        #if os(Linux)
        #expect(SearchMonthPart.toolIdentity == FileFacts.ofProgram("/proc/self/exe"))
        #endif
    }
}

/// A build keeps each month's part of the index in its cache and reads it back while the month's
/// entries are the same.
@Suite struct SearchCacheBuildTests {
    static func build(_ site: TempSite) throws {
        try SiteBuildTests.build(site, into: site.root + "/out")
    }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    /// A site of one entry in May 2024, without photos.
    static func rainySite() throws -> TempSite {
        try TempSite(files: ["daybook.json": #"{"title": "T"}"#,
                             "diary.json": #"[{"title": "Walk", "date": "2024-05-02", "body": "Rain."}]"#])
    }

    static func build(_ site: TempSite, _ options: (inout BuildOptions) -> Void) throws -> BuildSummary {
        var chosen = BuildOptions(output: site.root + "/out", includeFuture: true, now: SiteBuildTests.now)
        options(&chosen)
        return try SiteBuilder(siteRoot: site.root, options: chosen).build()
    }

    @Test func onlyTheChangedMonthIsIndexedAgain() throws {
        let site = try SiteBuildTests.site()
        try Self.build(site)
        let cache = site.root + "/.daybook-cache/search/"
        let january = try #require(Self.inode(cache + "2022-01")), november = try #require(Self.inode(cache + "2021-11"))
        try site.write("diary.json", SiteBuildTests.diary.replacingOccurrences(of: "We walked.", with: "We ran."))
        try FileManager.default.removeItem(atPath: site.root + "/out")
        try Self.build(site)
        // January's part was read, not made again; November's was made again, with the new word.
        #expect(Self.inode(cache + "2022-01") == january)
        #expect(Self.inode(cache + "2021-11") != november)
        func shard(of term: String) throws -> String {
            try #require(site.read("out/" + SearchIndex.termShardPath(SearchIndex.bucket(of: term))))
        }
        #expect(try shard(of: "ran").contains(#""ran":[[],[1]]"#))
        #expect(!(try shard(of: "walked").contains(#""walked""#)))
        #expect(try shard(of: "snow").contains(#""snow":[[0],[]]"#))
        #expect(try #require(site.read("out/search/d-2021-11-0.js")).contains(#""We ran. km min"#))
    }

    /// The pages and index of a build from the cache are those of a build without one.
    @Test func aBuildFromTheCacheWritesTheSameIndex() throws {
        let site = try SiteBuildTests.site()
        try Self.build(site)
        let first = SiteBuildTests.files(in: site.root + "/out/search")
        try FileManager.default.removeItem(atPath: site.root + "/out")
        try Self.build(site)
        #expect(SiteBuildTests.files(in: site.root + "/out/search") == first)
        #expect(first.count == 1 + 64 + 1 + 2)
    }

    /// A kept month spoilt on disk is made again, and the index is whole.
    @Test func aSpoiltMonthIsMadeAgain() throws {
        let site = try SiteBuildTests.site()
        try Self.build(site)
        let first = SiteBuildTests.files(in: site.root + "/out/search")
        let path = site.root + "/.daybook-cache/search/2021-11"
        var bytes = try #require(FileManager.default.contents(atPath: path))
        bytes[bytes.count - 10] = UInt8(ascii: "\"")
        try bytes.write(to: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: site.root + "/out")
        try Self.build(site)
        #expect(SiteBuildTests.files(in: site.root + "/out/search") == first)
        #expect(FileManager.default.contents(atPath: path) != bytes)
    }

    /// A cache folder that cannot be made is said, and the index is whole all the same.
    @Test func aSearchCacheThatCannotBeWrittenIsWarnedAbout() throws {
        let site = try Self.rainySite()
        try site.write("afile", "x")
        let summary = try Self.build(site) { $0.cache = site.root + "/afile/cache" }
        #expect(summary.warnings.map(\.description) == [site.root + "/afile/cache/search: the search cache cannot be written "
            + "(cannot make the search cache folder: Not a directory): every build indexes every entry again; give --cache a folder it can write"])
        #expect(try #require(site.read("out/search/d-2024-05-0.js")).contains(#""Rain.""#))
    }

    /// The site's own `.daybook-cache/` that cannot be made (a read-only checkout) is no warning:
    /// a strict build of such a site still passes, and its index is whole.
    @Test func theDefaultSearchCacheThatCannotBeWrittenIsNoWarning() throws {
        let site = try Self.rainySite()
        try site.write(".daybook-cache", "x")
        let summary = try Self.build(site) { $0.warningsAreErrors = true }
        #expect(summary.warnings.isEmpty)
        #expect(try #require(site.read("out/search/d-2024-05-0.js")).contains(#""Rain.""#))
    }

    /// Months no longer in the diary leave the cache, and all of it goes with `"search": false`.
    @Test func monthsGoneLeaveTheCache() throws {
        let site = try SiteBuildTests.site()
        try Self.build(site)
        let cache = site.root + "/.daybook-cache/search"
        try site.write("diary.json", #"[{"title": "Snow", "date": "2021-12-31T23:59:59Z", "body": "First snow."}]"#)
        try Self.build(site)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == ["2022-01"])
        try site.write("daybook.json", #"{"title": "T", "timeZone": "Asia/Seoul", "search": false}"#)
        try Self.build(site)
        #expect(!FileManager.default.fileExists(atPath: cache))
    }
}
