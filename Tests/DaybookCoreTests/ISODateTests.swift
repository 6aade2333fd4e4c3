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
