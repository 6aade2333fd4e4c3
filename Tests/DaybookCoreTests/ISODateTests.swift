import Foundation
import Testing
@testable import DaybookCore

@Suite struct ISODateTests {
    @Test func dateOnly() throws {
        let date = try ISODate.parse("2021-11-13").get()
        #expect(date == ISODate(day: CalendarDay(year: 2021, month: 11, day: 13)))
        #expect(!date.hasTime)
    }

    @Test func utcWithZ() throws {
        #expect(try ISODate.parse("2021-11-13T09:30:00Z").get()
            == ISODate(day: CalendarDay(year: 2021, month: 11, day: 13), secondOfDay: 9 * 3600 + 30 * 60, utcOffset: 0))
    }

    @Test func positiveOffset() throws {
        #expect(try ISODate.parse("2021-11-13T09:30:00+09:00").get().utcOffset == 9 * 3600)
    }

    @Test func negativeCompactOffset() throws {
        #expect(try ISODate.parse("2021-11-13T09:30:00-0530").get().utcOffset == -(5 * 3600 + 30 * 60))
    }

    @Test(arguments: [("2017-11-04T18:48:46.250Z", 250_000_000), ("2017-11-04T18:48:46.5Z", 500_000_000),
                      ("2017-11-04T18:48:46.123456789Z", 123_456_789), ("2017-11-04T18:48:46.07+01:00", 70_000_000)])
    func fractionalSeconds(text: String, nanos: Int) throws {
        #expect(try ISODate.parse(text).get().nanoseconds == nanos)
    }

    @Test func withoutOffsetIsWallClock() throws {
        let date = try ISODate.parse("2021-11-13T09:30").get()
        #expect(date.utcOffset == nil)
        #expect(date.secondOfDay == 9 * 3600 + 30 * 60)
    }

    @Test(arguments: [
        ("13/11/2021", "expected a date like 2021-11-13"),
        ("2021-02-30", "2021-02-30 is not a day of the calendar"),
        ("2021-11-13T25:00:00Z", "the time is out of range"),
        ("2021-11-13T09:30:00.Z", "expected 1 to 9 digits of fractional seconds"),
        ("2021-11-13T09:30:00.1234567891Z", "expected 1 to 9 digits of fractional seconds"),
        ("2021-11-13T09:30:00 KST", "expected 'Z' or an offset like +09:00 after the time"),
        ("2021-11-13x", "expected 'T' and a time after the date"),
        ("", "expected a date like 2021-11-13"),
    ])
    func rejects(text: String, reason: String) {
        #expect(throws: ISODateError(reason: reason)) { try ISODate.parse(text).get() }
    }

    @Test func calendarDayRoundTrip() {
        for days in [-800_000, -1, 0, 1, 18_944, 2_932_896] {
            #expect(CalendarDay(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(CalendarDay(year: 2021, month: 11, day: 13).weekday == 6)
        #expect(CalendarDay(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
    }
}

/// The rest of ISO 8601: basic format, ordinal and week dates, short offsets, and days before
/// 1583 in the proleptic Gregorian calendar.
@Suite struct ISODateFormsTests {
    static func day(_ y: Int, _ m: Int, _ d: Int) -> CalendarDay { CalendarDay(year: y, month: m, day: d) }

    @Test(arguments: [
        ("20240305", ISODate(day: day(2024, 3, 5))),
        ("20240305T093000Z", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600 + 30 * 60, utcOffset: 0)),
        ("20240305T0930+0900", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600 + 30 * 60, utcOffset: 9 * 3600)),
        ("20240305T093000.5-05", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600 + 30 * 60, nanoseconds: 500_000_000, utcOffset: -5 * 3600)),
        ("2024-065", ISODate(day: day(2024, 3, 5))),
        ("2024065", ISODate(day: day(2024, 3, 5))),
        ("2023-365", ISODate(day: day(2023, 12, 31))),
        ("2024-366T12:00Z", ISODate(day: day(2024, 12, 31), secondOfDay: 12 * 3600, utcOffset: 0)),
        ("2024-W10-2", ISODate(day: day(2024, 3, 5))),
        ("2024W102", ISODate(day: day(2024, 3, 5))),
        ("2021-W01-1", ISODate(day: day(2021, 1, 4))),
        ("2020-W53-7", ISODate(day: day(2021, 1, 3))),
        ("2019-W01-1", ISODate(day: day(2018, 12, 31))),
        ("2024-03-05T09:30+09", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600 + 30 * 60, utcOffset: 9 * 3600)),
        ("2024-03-05T09:30:00+0900", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600 + 30 * 60, utcOffset: 9 * 3600)),
        ("2024-03-05 09:30:00Z", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600 + 30 * 60, utcOffset: 0)),
        ("2024-03-05T09", ISODate(day: day(2024, 3, 5), secondOfDay: 9 * 3600)),
        ("1582-10-10", ISODate(day: day(1582, 10, 10))),
        ("0800-02-29", ISODate(day: day(800, 2, 29))),
    ])
    func accepts(text: String, date: ISODate) throws {
        #expect(try ISODate.parse(text).get() == date)
    }

    @Test(arguments: [
        ("2024-06", "expected a date like 2021-11-13"),
        ("202403", "expected a date like 2021-11-13"),
        ("2023-366", "day 366 is not a day of 2023 (1 to 365)"),
        ("2024-000", "day 0 is not a day of 2024 (1 to 366)"),
        ("2021-W53-1", "2021 has weeks 1 to 52, found week 53"),
        ("2024-W10-8", "the day of the week must be 1 (Monday) to 7 (Sunday), found 8"),
        ("2024-W10", "expected a week date like 2021-W45-6"),
        ("20240305T09:30", "the date and the time must both be in the extended format (2021-11-13T09:30) or both in the basic one (20211113T0930)"),
        ("2024-03-05T0930", "the date and the time must both be in the extended format (2021-11-13T09:30) or both in the basic one (20211113T0930)"),
        ("2024-03-05T09:30+9", "expected an offset like +09:00"),
        ("2024-03-05T09:30+09:0", "expected an offset like +09:00"),
        ("20240230", "2024-02-30 is not a day of the calendar"),
        ("1900-02-29", "1900-02-29 is not a day of the calendar"),
    ])
    func rejects(text: String, reason: String) {
        #expect(throws: ISODateError(reason: reason)) { try ISODate.parse(text).get() }
    }

    @Test func daysBefore1583AreShownInTheProlepticGregorianCalendar() {
        let formats = DateFormats(locale: "en_US", timeZone: "Asia/Seoul")
        #expect(formats.text(Self.day(1582, 10, 10)) == "Oct 10, 1582")
        #expect(formats.text(MonthKey(year: 1000, month: 3)) == "March 1000")
        #expect(formats.heading(Self.day(1582, 10, 4)) == "Monday, Oct 4, 1582")
        // A time is shown in the zone's local mean time then (Seoul: +8:27:52).
        let moment = formats.moment(ISODate(day: Self.day(1582, 10, 10), secondOfDay: 12 * 3600, utcOffset: 0))
        #expect(formats.text(moment).replacingOccurrences(of: "\u{202F}", with: " ") == "Oct 10, 1582 at 8:27 PM")
    }
}
