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

    @Test func numbersAreGrouped() {
        #expect(englishUTC.number(10_000) == "10,000")
    }

    @Test func smallNumbersKeepTheLocalesDigitsWhenAskedAgain() {
        let arabic = DateFormats(locale: "ar_EG", timeZone: "UTC")
        let first = [0, 7, 31, 99, 100, -1].map(arabic.number)
        #expect(first == [0, 7, 31, 99, 100, -1].map(arabic.number))
        #expect(first[1] == "٧")
        #expect([7, 99, 100].map(englishUTC.number) == ["7", "99", "100"])
    }
}
