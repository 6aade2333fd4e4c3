import Foundation

/// The site's date formatters, created once per build and shared: medium date style, medium
/// date with short time, the locale's year-month form, and a day heading with the weekday.
///
/// ICU formatters are costly to make and not safe to share between threads, so every call
/// takes a lock; the format stage runs once, before the parallel stages.
public final class DateFormats: @unchecked Sendable {
    public let locale: Locale
    public let timeZone: TimeZone
    private let medium: DateFormatter
    private let mediumWithTime: DateFormatter
    private let yearMonth: DateFormatter
    private let dayHeading: DateFormatter
    private let shortMonth: DateFormatter
    private let numbers: NumberFormatter
    private let lock = NSLock()
    private var dayCache: [CalendarDay: String] = [:]
    /// `number(n)` for 0 ≤ n < 100 once made (day numbers and counts, asked for again and again).
    private var smallNumbers = [String?](repeating: nil, count: 100)

    public init(locale identifier: String, timeZone zoneIdentifier: String) {
        let locale = Locale(identifier: identifier)
        self.locale = locale
        timeZone = TimeZone(identifier: zoneIdentifier) ?? TimeZone(identifier: "UTC")!
        let utc = TimeZone(identifier: "UTC")!
        let timeZone = self.timeZone
        func make(_ configure: (DateFormatter) -> Void, zone: TimeZone) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = zone
            formatter.calendar = Calendar(identifier: .gregorian)
            // Proleptic Gregorian, as the data is: ICU's calendar is Julian before 1582-10-15 otherwise.
            formatter.gregorianStartDate = Date.distantPast
            configure(formatter)
            return formatter
        }
        // Day-only texts are formatted at UTC midnight so no zone can move them to another day.
        medium = make({ $0.dateStyle = .medium; $0.timeStyle = .none }, zone: utc)
        mediumWithTime = make({ $0.dateStyle = .medium; $0.timeStyle = .short }, zone: timeZone)
        yearMonth = make({ $0.setLocalizedDateFormatFromTemplate("yMMMM") }, zone: utc)
        dayHeading = make({ $0.setLocalizedDateFormatFromTemplate("yMMMdEEEE") }, zone: utc)
        shortMonth = make({ $0.setLocalizedDateFormatFromTemplate("MMM") }, zone: utc)
        numbers = NumberFormatter()
        numbers.locale = locale
        numbers.numberStyle = .decimal
    }

    /// A whole number in the locale's style: "10,000".
    public func number(_ value: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        if value >= 0 && value < smallNumbers.count, let known = smallNumbers[value] { return known }
        let text = numbers.string(from: NSNumber(value: value)) ?? String(value)
        if value >= 0 && value < smallNumbers.count { smallNumbers[value] = text }
        return text
    }

    /// Resolves a date from the data in the site's zone.
    public func moment(_ date: ISODate) -> Moment {
        let dayStart = Int64(date.day.daysSinceEpoch) * 86_400
        guard let second = date.secondOfDay else {
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(dayStart)))
            return Moment(seconds: dayStart - Int64(offset), localDay: date.day, hasTime: false)
        }
        let wall = dayStart + Int64(second)
        let instant: Int64
        if let utcOffset = date.utcOffset {
            instant = wall - Int64(utcOffset)
        } else {
            let guess = wall - Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
            instant = wall - Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(guess))))
        }
        return Moment(seconds: instant, nanoseconds: date.nanoseconds, localDay: localDay(of: instant), hasTime: true)
    }

    /// The day an instant falls on in the site's zone.
    public func localDay(of seconds: Int64) -> CalendarDay {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        let local = seconds + offset
        return CalendarDay(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// Medium style: "Nov 13, 2021", "2021. 11. 13.".
    public func text(_ day: CalendarDay) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let cached = dayCache[day] { return cached }
        let text = medium.string(from: utcMidnight(day))
        dayCache[day] = text
        return text
    }

    /// Medium date, with short time where the source had a time: "Nov 13, 2021 at 9:30 AM".
    public func text(_ moment: Moment) -> String {
        guard moment.hasTime else { return text(moment.localDay) }
        lock.lock()
        defer { lock.unlock() }
        return mediumWithTime.string(from: Date(timeIntervalSince1970: TimeInterval(moment.seconds)))
    }

    /// The locale's year-month form: "November 2021", "2021년 11월".
    public func text(_ month: MonthKey) -> String {
        lock.lock()
        defer { lock.unlock() }
        return yearMonth.string(from: utcMidnight(month.firstDay))
    }

    /// A day heading with the weekday: "Saturday, Nov 13, 2021", "2021년 11월 13일 토요일".
    public func heading(_ day: CalendarDay) -> String {
        lock.lock()
        defer { lock.unlock() }
        return dayHeading.string(from: utcMidnight(day))
    }

    /// The abbreviated month name: "Nov", "11월".
    public func monthAbbreviation(_ month: MonthKey) -> String {
        lock.lock()
        defer { lock.unlock() }
        return shortMonth.string(from: utcMidnight(month.firstDay))
    }

    private func utcMidnight(_ day: CalendarDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch) * 86_400)
    }
}
