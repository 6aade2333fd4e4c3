import Testing
@testable import DaybookCore

/// Found by an RTL audit: an Arabic site's heat map ran January at the left, where the same
/// site's report calendar (and an Arabic reader) starts at the right.
@Suite struct HeatMapDirectionTests {
    let day = CalendarDay(year: 2021, month: 1, day: 1)  // a Friday: the first week has 2 days, Sunday first

    func map(locale: String, rightToLeft: Bool) throws -> HeatMap {
        HeatMap(counts: [day: 1], formats: DateFormats(locale: locale, timeZone: "UTC"),
                strings: try UIStrings(theme: .builtIn, locale: locale), firstWeekday: 1, rightToLeft: rightToLeft)
    }

    @Test func rightToLeftStartsTheFirstWeekAtTheRight() throws {
        let year = try #require(try map(locale: "ar", rightToLeft: true).years.first)
        #expect(year.width == 756)
        #expect(year.cells[0].x == 744)  // Friday 1 January: the first column, flush with the right edge
        #expect(year.cells[1].x == 744)
        #expect(year.cells[2].x == 730)  // Sunday 3 January: the second week
        #expect(year.cells[364].x == 16)  // Friday 31 December: the 53rd week
        #expect(year.cells[2].y == HeatMap.top)
        #expect(year.monthLabels.prefix(2).map(\.x) == [756, 686])  // January, and February's first week (1 February a Monday)
        #expect(try map(locale: "ar", rightToLeft: true).labelAnchor == "end")
    }

    @Test func leftToRightIsUnchanged() throws {
        let map = try map(locale: "en_US", rightToLeft: false)
        let year = try #require(map.years.first)
        #expect(year.cells[0].x == 0)
        #expect(year.cells[2].x == 14)
        #expect(year.cells[364].x == 728)
        #expect(year.monthLabels.prefix(2).map(\.x) == [0, 70])
        #expect(map.labelAnchor == nil)
    }

    @Test func theMonthsPageOfAnArabicSiteIsMirrored() throws {
        for (locale, mirrored) in [("ar", true), ("he", true), ("en_US", false)] {
            let site = try TempSite(files: [
                "daybook.json": #"{"title": "Log", "locale": "\#(locale)", "timeZone": "UTC"}"#,
                "diary.json": #"[{"title": "A", "date": "2021-01-01"}]"#,
            ])
            _ = try SiteBuilder(siteRoot: site.root, options: BuildOptions(output: site.root + "/out", now: SiteBuildTests.now)).build()
            let archive = try #require(site.read("out/months/index.html"))
            #expect(archive.contains(#"height="114" text-anchor="end">"#) == mirrored, "\(locale)")
            #expect(archive.contains(#"<rect class="l1" x="744" "#) == mirrored, "\(locale)")  // 1 January, the first week
            #expect(archive.contains(#"<rect class="l1" x="0" "#) == !mirrored, "\(locale)")
        }
    }
}
