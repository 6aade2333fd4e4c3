import Foundation
import Testing
@testable import DaybookCore

@Suite struct DateFormatsTests {
    let englishUTC = DateFormats(locale: "en_US", timeZone: "UTC")
    let koreanSeoul = DateFormats(locale: "ko_KR", timeZone: "Asia/Seoul")

    func text(_ formats: DateFormats, _ iso: String) throws -> String {
        formats.text(formats.moment(try ISODate.parse(iso).get()))
    }

    /// A number written by its shape is what the locale's formatter writes: digits, separator
    /// and groups (Spanish groups only from five digits, Arabic has digits of its own).
    @Test func numberShapesWriteWhatTheFormatterWrites() {
        let numbers = [0, 7, 42, 999, 1000, 1234, 9999, 12345, 123_456, 1_234_567, 10_000_000, 2_147_483_647]
        for locale in ["en_US", "de_DE", "fr_FR", "es_ES", "de_CH", "ar_EG", "fa_IR", "ko_KR", "ja_JP"] {
            let formats = DateFormats(locale: locale, timeZone: "UTC")
            let shape = formats.numberShape
            for n in numbers { #expect(shape.text(n) == formats.number(n), "\(locale) \(n)") }
        }
        let english = englishUTC.numberShape
        #expect(english.digits.joined() == "0123456789")
        #expect((english.separator, english.groupSize, english.secondaryGroupSize, english.groupingFrom) == (",", 3, 3, 4))
        let spanish = DateFormats(locale: "es_ES", timeZone: "UTC").numberShape
        #expect((spanish.separator, spanish.groupSize, spanish.groupingFrom) == (".", 3, 5))
        let indian = NumberShape { n in
            // 12,34,567: groups of two before the last three.
            let digits = Array(String(n))
            var out = ""
            for (k, d) in digits.enumerated() {
                out.append(d)
                let left = digits.count - k - 1
                if left > 0, left == 3 || (left > 3 && (left - 3) % 2 == 0) { out += "," }
            }
            return out
        }
        #expect((indian.groupSize, indian.secondaryGroupSize, indian.groupingFrom) == (3, 2, 4))
        #expect(indian.text(123_456_789) == "12,34,56,789")
    }

    @Test func englishMediumDate() throws {
        #expect(try text(englishUTC, "2021-11-13") == "Nov 13, 2021")
    }

    /// ICU puts a narrow no-break space (U+202F) before AM/PM.
    @Test func englishMediumWithShortTime() throws {
        #expect(try text(englishUTC, "2017-11-04T18:48:46.250Z") == "Nov 4, 2017 at 6:48\u{202F}PM")
    }

    @Test func koreanMediumDate() throws {
        #expect(try text(koreanSeoul, "2021-11-13") == "2021. 11. 13.")
    }

    @Test func koreanTimeIsShownInSeoul() throws {
        #expect(try text(koreanSeoul, "2021-11-13T00:30:00Z") == "2021. 11. 13. 오전 9:30")
    }

    @Test func dateOnlyIsNeverShiftedByTheZone() throws {
        let honolulu = DateFormats(locale: "en_US", timeZone: "Pacific/Honolulu")
        let moment = honolulu.moment(try ISODate.parse("2021-11-13").get())
        #expect(moment.localDay == CalendarDay(year: 2021, month: 11, day: 13))
        #expect(honolulu.text(moment) == "Nov 13, 2021")
    }

    @Test func instantFallsOnTheZonesDay() throws {
        let moment = koreanSeoul.moment(try ISODate.parse("2021-12-31T23:59:59Z").get())
        #expect(moment.localDay == CalendarDay(year: 2022, month: 1, day: 1))
    }

    @Test func wallClockTimeIsInTheSiteZone() throws {
        let moment = koreanSeoul.moment(try ISODate.parse("2021-11-13T09:30").get())
        #expect(moment.rfc3339 == "2021-11-13T00:30:00Z")
    }

    /// A time the clocks skip is as far after the change as after the hour skipped (as java.time
    /// and zoneinfo have it), never before it; a time the clocks repeat is its first.
    @Test(arguments: [
        ("America/New_York", "2026-03-08T02:30", "2026-03-08T07:30:00Z"),
        ("America/Santiago", "2026-09-06T00:30", "2026-09-06T04:30:00Z"),
        ("Europe/Berlin", "2026-03-29T02:30", "2026-03-29T01:30:00Z"),
        ("Australia/Lord_Howe", "2026-10-04T02:15", "2026-10-03T15:45:00Z"),
        ("America/New_York", "2026-11-01T01:30", "2026-11-01T05:30:00Z"),
        ("Europe/Berlin", "2026-10-25T02:30", "2026-10-25T00:30:00Z"),
        ("America/New_York", "2026-03-08T03:30", "2026-03-08T07:30:00Z"),
    ])
    func wallClockTimesAroundAChangeOfClocks(zone: String, wall: String, instant: String) throws {
        let formats = DateFormats(locale: "en_US", timeZone: zone)
        #expect(formats.moment(try ISODate.parse(wall).get()).rfc3339 == instant)
    }

    @Test(arguments: ["1969-12-31T23:59:59Z", "0999-01-02T03:04:05Z", "2000-02-29T12:00:00Z", "9999-12-31T23:59:59Z"])
    func instantsPrintInUTC(text: String) throws {
        #expect(englishUTC.moment(try ISODate.parse(text).get()).rfc3339 == text)
    }

    @Test func yearMonthHeadings() {
        let month = MonthKey(year: 2021, month: 11)
        #expect(englishUTC.text(month) == "November 2021")
        #expect(koreanSeoul.text(month) == "2021년 11월")
    }

    @Test func dayHeadingsHaveTheWeekday() {
        let day = CalendarDay(year: 2021, month: 11, day: 13)
        #expect(englishUTC.heading(day) == "Saturday, Nov 13, 2021")
        #expect(koreanSeoul.heading(day) == "2021년 11월 13일 토요일")
    }

    /// Found by a localization audit: a locale that asks for its digits (`hi-IN-u-nu-deva`,
    /// `th-TH-u-nu-thai`, even `en-u-nu-latn`) stopped every command ("Illegal instruction"):
    /// Foundation's date formatter could not be made of it as BCP 47 writes it.
    @Test func aLocaleThatAsksForItsDigitsFormats() throws {
        let day = CalendarDay(year: 2024, month: 3, day: 12)
        #expect(DateFormats(locale: "hi-IN-u-nu-deva", timeZone: "UTC").text(MonthKey(year: 2024, month: 3)) == "मार्च २०२४")
        #expect(DateFormats(locale: "th-TH-u-nu-thai", timeZone: "UTC").heading(day) == "วันอังคารที่ ๑๒ มี.ค. ๒๐๒๔")
        #expect(DateFormats(locale: "en-u-nu-latn", timeZone: "UTC").heading(day) == "Tuesday, Mar 12, 2024")
        #expect(DateFormats(locale: "ar-EG-u-nu-arab", timeZone: "UTC").number(1234) == "١٬٢٣٤")
        #expect(LocaleTag.foundationIdentifier("hi-IN-u-nu-deva") == "hi_IN@calendar=gregorian;numbers=deva")
        #expect(LocaleTag.foundationIdentifier("hi_IN@calendar=gregorian;numbers=deva") == "hi_IN@calendar=gregorian;numbers=deva")
        #expect(LocaleTag.foundationIdentifier("ko_KR") == "ko_KR@calendar=gregorian")
    }

    /// Found by a localization audit: where the locale's own calendar is another (Persian in
    /// fa_IR, Islamic in ar_SA), the month and day headings took that calendar's patterns: the
    /// year before the month, and an era mark.
    @Test func headingsTakeTheGregorianCalendarsPatterns() {
        let day = CalendarDay(year: 2024, month: 3, day: 12), month = MonthKey(year: 2024, month: 3)
        let persian = DateFormats(locale: "fa_IR", timeZone: "UTC"), saudi = DateFormats(locale: "ar-SA-u-nu-latn", timeZone: "UTC")
        #expect(persian.text(month) == "مارس ۲۰۲۴")
        #expect(persian.heading(day) == "سه‌شنبه ۱۲ مارس ۲۰۲۴")
        #expect(saudi.text(month) == "مارس 2024")
        #expect(saudi.heading(day) == "الثلاثاء، 12 مارس، 2024")
    }

    /// ISO year 0 is 1 BC: shown with the era, so it does not read as year 1; year 1 has none.
    @Test func yearZeroIsShownWithItsEra() throws {
        #expect(try text(englishUTC, "0000-03-01") == "Mar 1, 1 BC")
        #expect(try text(englishUTC, "0000-03-01T10:00:00Z") == "Mar 1, 1 BC at 10:00\u{202F}AM")
        #expect(try text(englishUTC, "0001-03-01") == "Mar 1, 1")
        #expect(try text(koreanSeoul, "0000-03-01") == "BC 1년 3월 1일")
        #expect(englishUTC.text(MonthKey(year: 0, month: 3)) == "March 1 BC")
        #expect(englishUTC.heading(CalendarDay(year: 0, month: 3, day: 1)) == "Wednesday, Mar 1, 1 BC")
        #expect([0, 1, 2024].map(englishUTC.year) == ["1 BC", "1", "2024"])
        let moment = englishUTC.moment(try ISODate.parse("0000-03-01T10:00:00Z").get())
        #expect(englishUTC.text(moment, timeZone: "Asia/Tokyo") == "Mar 1, 1 BC at 7:18\u{202F}PM Japan Time")
    }

    /// Found by a native users' audit: a Paris evening on a Seoul site read as Seoul's time. A time
    /// whose zone's clocks read otherwise than the site's is followed by the zone's name; Tokyo's,
    /// which read as Seoul's, is not.
    @Test func anEntrysZoneIsNamedWhenItsClocksDiffer() throws {
        let moment = koreanSeoul.moment(try ISODate.parse("2026-03-14T20:00:00").get(), timeZone: "Europe/Paris")
        #expect(koreanSeoul.text(moment, timeZone: "Europe/Paris") == "2026. 3. 14. 오후 8:00 프랑스 시간")
        let tokyo = koreanSeoul.moment(try ISODate.parse("2026-03-14T20:00:00").get(), timeZone: "Asia/Tokyo")
        #expect(koreanSeoul.text(tokyo, timeZone: "Asia/Tokyo") == "2026. 3. 14. 오후 8:00")
    }

    /// An entry's own zone keeps the proleptic Gregorian calendar, as the site's does.
    @Test func anEntrysZoneIsGregorianBefore1582() throws {
        let moment = englishUTC.moment(try ISODate.parse("1000-03-01T10:00:00Z").get())
        #expect(englishUTC.text(moment) == "Mar 1, 1000 at 10:00\u{202F}AM")
        #expect(englishUTC.text(moment, timeZone: "Europe/London") == "Mar 1, 1000 at 9:58\u{202F}AM United Kingdom Time")
    }

    @Test func numbersAreGrouped() {
        #expect(englishUTC.number(10_000) == "10,000")
        // Found by a localization audit: India's numbers group by two after the first three.
        #expect(DateFormats(locale: "hi_IN", timeZone: "UTC").number(123_456) == "1,23,456")
        #expect(DateFormats(locale: "en_IN", timeZone: "UTC").number(1_234_567) == "12,34,567")
        #expect(NumberShape(format: DateFormats(locale: "en_IN", timeZone: "UTC").number).secondaryGroupSize == 2)
        #expect(DateFormats(locale: "de_DE", timeZone: "UTC").number(1_234_567) == "1.234.567")
    }

    @Test func smallNumbersKeepTheLocalesDigitsWhenAskedAgain() {
        let arabic = DateFormats(locale: "ar_EG", timeZone: "UTC")
        let first = [0, 7, 31, 99, 100, -1].map(arabic.number)
        #expect(first == [0, 7, 31, 99, 100, -1].map(arabic.number))
        #expect(first[1] == "٧")
        #expect([7, 99, 100].map(englishUTC.number) == ["7", "99", "100"])
    }
}

/// ``DateFormats/text(_:)`` joins a day's text and a minute's (``DateTimeJoin``); held here to
/// what ICU's date-and-time formatter writes for the same moments.
@Suite struct DateTimeJoinTests {
    static let locales = ["en_US", "ko_KR", "ja_JP", "zh_Hans_CN", "de_DE", "fr_FR", "es_ES", "ar_EG",
                          "en_GB", "hi_IN", "fa_IR", "he_IL", "th_TH", "ru_RU", "pt_BR", "it_IT"]
    static let zones = ["UTC", "Asia/Seoul", "America/New_York", "Australia/Lord_Howe", "America/St_Johns", "Asia/Kathmandu",
                        "Pacific/Kiritimati", "America/Santiago"]

    /// Instants every 997 hours and 13 minutes from 1961 to 2040, and a minute either side of
    /// New York's and Lord Howe's clock changes in 2021.
    static let instants: [Int64] = {
        var out: [Int64] = []
        var t: Int64 = -283_996_800
        while t < 2_208_988_800 { out.append(t); t += 997 * 3600 + 13 * 60 }
        for change: Int64 in [1_615_705_200, 1_636_264_800, 1_617_460_200, 1_633_185_000] {
            out += [change - 60, change - 1, change, change + 59, change + 60]
        }
        return out
    }()

    @Test func joinedTextIsWhatTheFormatterWrites() {
        var checked = 0
        for locale in Self.locales {
            for zone in Self.zones {
                let formats = DateFormats(locale: locale, timeZone: zone)
                for seconds in Self.instants {
                    let moment = Moment(seconds: seconds, localDay: formats.localDay(of: seconds), hasTime: true)
                    #expect(formats.text(moment) == formats.formattedWhole(moment), "\(locale) \(zone) \(seconds)")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.locales.count * Self.zones.count * Self.instants.count)
    }

    /// The join is learnt for every language of the built-in theme, so the fast path is the one taken.
    @Test func everyThemeLanguageHasAJoin() {
        for locale in ["en_US", "ko_KR", "ja_JP", "zh_Hans_CN", "de_DE", "fr_FR", "es_ES", "ar_EG"] {
            #expect(DateFormats(locale: locale, timeZone: "UTC").dateTimeJoin != nil, "\(locale)")
        }
        let english = DateFormats(locale: "en_US", timeZone: "UTC").dateTimeJoin
        #expect(english == DateTimeJoin(timeFirst: false, before: "", between: " at ", after: ""))
    }

    /// A joined form that is not the two parts (here a day-first pattern against a month-first
    /// date) gives no join, and the formatter is used.
    @Test func aJoinedFormThatIsNotThePartsGivesNone() {
        func formatter(_ pattern: String) -> DateFormatter {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = pattern
            return f
        }
        #expect(DateTimeJoin(joined: formatter("d MMM y HH:mm"), date: formatter("MMM d, y"), time: formatter("HH:mm")) == nil)
        #expect(DateTimeJoin(joined: formatter("HH:mm 'on' MMM d, y"), date: formatter("MMM d, y"), time: formatter("HH:mm"))
                == DateTimeJoin(timeFirst: true, before: "", between: " on ", after: ""))
        // Learnt from the first probe ("Nov 13, 2021 09:30" read as the date, " 0" and "9:30"), right for
        // midnight too, wrong at noon ("12:00" has no 0 before it): the probes after the first catch it.
        #expect(DateTimeJoin(joined: formatter("MMM d, y HH:mm"), date: formatter("MMM d, y"), time: formatter("H:mm")) == nil)
    }
}

/// Times the clocks skip or repeat, for `daybook add`'s notes.
@Suite struct ClockChangeTests {
    private func date(_ text: String) throws -> ISODate { try ISODate.parse(text).get() }

    @Test func aTimeTheClocksGoBackOverIsTwice() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(RepeatedTime.offsets(for: try date("2027-11-07T01:30"), in: newYork).map { [$0.first, $0.second] } == ["-04:00", "-05:00"])
        #expect(RepeatedTime.offsets(for: try date("2027-11-07T00:59"), in: newYork) == nil)
        #expect(RepeatedTime.offsets(for: try date("2027-11-07T02:00"), in: newYork) == nil)
        #expect(RepeatedTime.offsets(for: try date("2027-11-07T01:30-05:00"), in: newYork) == nil)
        #expect(RepeatedTime.offsets(for: try date("2027-11-07"), in: newYork) == nil)
        // The spring night's gap is skipped, not repeated.
        #expect(RepeatedTime.offsets(for: try date("2027-03-14T02:30"), in: newYork) == nil)
        #expect(SkippedTime.shown(for: try date("2027-03-14T02:30"), in: newYork) == "03:30")
        // Lord Howe Island moves its clocks by half an hour.
        let lordHowe = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
        #expect(RepeatedTime.offsets(for: try date("2027-04-04T01:45"), in: lordHowe).map { [$0.first, $0.second] } == ["+11:00", "+10:30"])
        #expect(RepeatedTime.offsets(for: try date("2027-04-04T02:15"), in: lordHowe) == nil)
    }
}
