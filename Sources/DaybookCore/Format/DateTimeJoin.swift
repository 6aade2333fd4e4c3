import Foundation

/// How a locale writes a date and a time together: the date's text and the time's text with
/// fixed text before, between and after them, in the locale's order ("Nov 13, 2021 at 9:30 AM",
/// "2021. 11. 13. 오전 9:30"). ICU builds its date-and-time pattern from the two patterns and a
/// joining one, so the joined text of any moment is its two parts joined.
struct DateTimeJoin: Sendable, Equatable {
    var timeFirst: Bool
    var before: String
    var between: String
    var after: String

    func join(date: String, time: String) -> String {
        timeFirst ? before + time + between + date + after : before + date + between + time + after
    }

    /// Days and minutes (of UTC) the join is learnt from and checked against: months of short
    /// and long names, one- and two-digit days, morning and afternoon, noon and midnight.
    static let probes: [(day: CalendarDay, minute: Int)] = [
        (CalendarDay(year: 2021, month: 11, day: 13), 9 * 60 + 30),
        (CalendarDay(year: 2019, month: 1, day: 1), 0),
        (CalendarDay(year: 2024, month: 2, day: 29), 12 * 60),
        (CalendarDay(year: 1999, month: 12, day: 31), 23 * 60 + 59),
        (CalendarDay(year: 2030, month: 5, day: 4), 13 * 60 + 5),
        (CalendarDay(year: 2026, month: 9, day: 20), 4 * 60 + 49),
        (CalendarDay(year: 1969, month: 7, day: 21), 2 * 60 + 56),
    ]

    /// The join `joined` (a medium date with a short time, in UTC) makes of `date`'s and `time`'s
    /// texts (the same locale, in UTC), learnt from the first probe and held to every other; nil
    /// when some probe's joined text is not its parts joined that way.
    init?(joined: DateFormatter, date: DateFormatter, time: DateFormatter) {
        func texts(_ probe: (day: CalendarDay, minute: Int)) -> (joined: String, date: String, time: String) {
            let midnight = TimeInterval(probe.day.daysSinceEpoch) * 86_400
            return (joined.string(from: Date(timeIntervalSince1970: midnight + TimeInterval(probe.minute * 60))),
                    date.string(from: Date(timeIntervalSince1970: midnight)),
                    time.string(from: Date(timeIntervalSince1970: TimeInterval(probe.minute * 60))))
        }
        let first = texts(Self.probes[0])
        guard !first.date.isEmpty, !first.time.isEmpty,
              let d = first.joined.range(of: first.date), let t = first.joined.range(of: first.time) else { return nil }
        let text = first.joined
        if d.upperBound <= t.lowerBound {
            self.init(timeFirst: false, before: String(text[..<d.lowerBound]), between: String(text[d.upperBound..<t.lowerBound]),
                      after: String(text[t.upperBound...]))
        } else if t.upperBound <= d.lowerBound {
            self.init(timeFirst: true, before: String(text[..<t.lowerBound]), between: String(text[t.upperBound..<d.lowerBound]),
                      after: String(text[d.upperBound...]))
        } else {
            return nil
        }
        for probe in Self.probes {
            let (whole, dateText, timeText) = texts(probe)
            guard join(date: dateText, time: timeText) == whole else { return nil }
        }
    }

    init(timeFirst: Bool, before: String, between: String, after: String) {
        self.timeFirst = timeFirst
        self.before = before
        self.between = between
        self.after = after
    }
}
