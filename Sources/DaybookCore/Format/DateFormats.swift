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
    private let shortTime: DateFormatter
    private let numbers: NumberFormatter
    private let lock = NSLock()
    private var dayCache: [CalendarDay: String] = [:]
    /// `shortTime`'s text of each minute of the day once made.
    private var timeCache = [String?](repeating: nil, count: 24 * 60)
    /// How the locale joins a medium date and a short time (`mediumWithTime`), when its text is
    /// always the two with fixed text around them; nil otherwise, and `mediumWithTime` formats.
    let dateTimeJoin: DateTimeJoin?
    /// `number(n)` for 0 ≤ n < 100 once made (day numbers and counts, asked for again and again).
    private var smallNumbers = [String?](repeating: nil, count: 100)
    /// Entries' own zones (``moment(_:timeZone:)``), each with its date-and-time formatter.
    private var zoneFormats: [String: (zone: TimeZone, formatter: DateFormatter, name: String)] = [:]
    /// Formatters that also write the era, by template and zone, for days before year 1
    /// (ISO year 0 is 1 BC; without the era it would read as year 1).
    private var eraFormats: [String: DateFormatter] = [:]

    public init(locale identifier: String, timeZone zoneIdentifier: String) {
        let locale = LocaleTag.foundationLocale(identifier)
        self.locale = locale
        timeZone = TimeZone(identifier: zoneIdentifier) ?? DateFormats.utc
        let utc = DateFormats.utc
        let timeZone = self.timeZone
        func make(_ configure: (DateFormatter) -> Void, zone: TimeZone) -> DateFormatter {
            DateFormats.formatter(locale: locale, zone: zone, configure)
        }
        // Day-only texts are formatted at UTC midnight so no zone can move them to another day.
        medium = make({ $0.dateStyle = .medium; $0.timeStyle = .none }, zone: utc)
        mediumWithTime = make({ $0.dateStyle = .medium; $0.timeStyle = .short }, zone: timeZone)
        yearMonth = make({ $0.setLocalizedDateFormatFromTemplate("yMMMM") }, zone: utc)
        dayHeading = make({ $0.setLocalizedDateFormatFromTemplate("yMMMdEEEE") }, zone: utc)
        shortMonth = make({ $0.setLocalizedDateFormatFromTemplate("MMM") }, zone: utc)
        shortTime = make({ $0.dateStyle = .none; $0.timeStyle = .short }, zone: utc)
        dateTimeJoin = DateTimeJoin(joined: make({ $0.dateStyle = .medium; $0.timeStyle = .short }, zone: utc),
                                    date: medium, time: shortTime)
        numbers = NumberFormatter()
        numbers.locale = locale
        numbers.numberStyle = .decimal
        // Foundation's NumberFormatter on Linux groups every three digits whatever the locale; ICU's
        // own formatting (FormatStyle) has the locale's second size (hi_IN, en_IN: 12,34,567).
        let groups = 1_234_567.formatted(IntegerFormatStyle<Int>(locale: locale)).split { !$0.isNumber }
        if groups.count > 2, groups[groups.count - 2].count != groups[groups.count - 1].count {
            numbers.secondaryGroupingSize = groups[groups.count - 2].count
        }
    }

    /// A formatter of the Gregorian calendar in `zone`.
    private static func formatter(locale: Locale, zone: TimeZone, _ configure: (DateFormatter) -> Void) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = zone
        formatter.calendar = Calendar(identifier: .gregorian)
        // Proleptic Gregorian, as the data is: ICU's calendar is Julian before 1582-10-15 otherwise.
        formatter.gregorianStartDate = Date.distantPast
        configure(formatter)
        return formatter
    }

    /// The locale's form of `template` with the era (`G`) added, in `zone`; the lock is held.
    private func eraFormatter(_ template: String, zone: TimeZone) -> DateFormatter {
        let key = template + " " + zone.identifier
        if let known = eraFormats[key] { return known }
        let made = DateFormats.formatter(locale: locale, zone: zone) { $0.setLocalizedDateFormatFromTemplate(template + "G") }
        eraFormats[key] = made
        return made
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// A whole number in the locale's style: "10,000".
    public func number(_ value: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        if value >= 0 && value < smallNumbers.count, let known = smallNumbers[value] { return known }
        let text = numbers.string(from: NSNumber(value: value)) ?? String(value)
        if value >= 0 && value < smallNumbers.count { smallNumbers[value] = text }
        return text
    }

    /// A whole number in the locale's digits, not grouped, as a year is written: "2024", "٢٠٢٤".
    public func digits(_ value: Int) -> String {
        String(value).map { character in character.wholeNumberValue.map { number($0) } ?? String(character) }.joined()
    }

    /// A year as a heading shows it: ``digits(_:)`` from year 1 on, the locale's form with the
    /// era before it ("1 BC" for ISO year 0).
    public func year(_ value: Int) -> String {
        guard value < 1 else { return digits(value) }
        lock.lock()
        defer { lock.unlock() }
        return eraFormatter("y", zone: DateFormats.utc).string(from: utcMidnight(CalendarDay(year: value, month: 7, day: 1)))
    }

    /// How ``number(_:)`` writes numbers, for writing them elsewhere (the search page's count).
    public var numberShape: NumberShape { NumberShape { number($0) } }

    /// Resolves a date from the data in the site's zone.
    public func moment(_ date: ISODate) -> Moment {
        moment(date, in: timeZone)
    }

    /// Resolves a date in the zone named `zone` (an entry's own), or the site's when it is nil.
    public func moment(_ date: ISODate, timeZone zone: String?) -> Moment {
        guard let zone else { return moment(date, in: timeZone) }
        return moment(date, in: entryZone(zone).zone)
    }

    /// Medium date, with short time where the source had a time, shown in the zone named `zone`
    /// (an entry's own), or the site's when it is nil. A time whose zone's clocks read otherwise
    /// than the site's then is followed by the zone's name in the site's language (`Mar 14, 2026
    /// at 8:00 PM France Time`, `2026. 3. 14. 오후 8:00 프랑스 시간`): found by a native users'
    /// audit, a Paris evening on a Seoul site read as Seoul's.
    public func text(_ moment: Moment, timeZone zone: String?) -> String {
        guard let zone, moment.hasTime else { return text(moment) }
        let (timeZone, formatter, name) = entryZone(zone)
        lock.lock()
        defer { lock.unlock() }
        let date = Date(timeIntervalSince1970: TimeInterval(moment.seconds))
        let shown = moment.localDay.year < 1 ? eraFormatter("yMMMdjmm", zone: timeZone).string(from: date) : formatter.string(from: date)
        guard timeZone.secondsFromGMT(for: date) != self.timeZone.secondsFromGMT(for: date), !name.isEmpty else { return shown }
        return shown + " " + name
    }

    /// The zone named `identifier` (UTC when unknown) with its date-and-time formatter and its
    /// name (ICU's generic location form, `VVVV`: `France Time`), made once per zone: most entries
    /// have none, and a site's own entries few distinct ones.
    private func entryZone(_ identifier: String) -> (zone: TimeZone, formatter: DateFormatter, name: String) {
        lock.lock()
        defer { lock.unlock() }
        if let known = zoneFormats[identifier] { return known }
        let zone = TimeZone(identifier: identifier) ?? DateFormats.utc
        let formatter = DateFormats.formatter(locale: locale, zone: zone) { $0.dateStyle = .medium; $0.timeStyle = .short }
        let name = DateFormats.formatter(locale: locale, zone: zone) { $0.dateFormat = "VVVV" }.string(from: Date(timeIntervalSince1970: 0))
        zoneFormats[identifier] = (zone, formatter, name)
        return (zone, formatter, name)
    }

    private func moment(_ date: ISODate, in timeZone: TimeZone) -> Moment {
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
            func offset(at seconds: Int64) -> Int64 { Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))) }
            // The readings with the offsets a day either side: a time the clocks repeat (02:30 as
            // they go back from 03:00) is its first; a time they skip (02:30 as they go from 02:00
            // to 03:00) is as far after the change as after the hour skipped (03:30), as java.time
            // and Python's zoneinfo have it: the later reading, though neither gives the time back.
            let readings = [wall - offset(at: wall - 86_400), wall - offset(at: wall + 86_400)]
            instant = readings.filter { $0 + offset(at: $0) == wall }.min() ?? readings.max()!
        }
        return Moment(seconds: instant, nanoseconds: date.nanoseconds, localDay: localDay(of: instant, in: timeZone), hasTime: true)
    }

    /// The day an instant falls on in the site's zone.
    public func localDay(of seconds: Int64) -> CalendarDay {
        localDay(of: seconds, in: timeZone)
    }

    private func localDay(of seconds: Int64, in timeZone: TimeZone) -> CalendarDay {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        let local = seconds + offset
        return CalendarDay(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// Medium style: "Nov 13, 2021", "2021. 11. 13.".
    public func text(_ day: CalendarDay) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let cached = dayCache[day] { return cached }
        let text = (day.year < 1 ? eraFormatter("yMMMd", zone: DateFormats.utc) : medium).string(from: utcMidnight(day))
        dayCache[day] = text
        return text
    }

    /// Medium date, with short time where the source had a time: "Nov 13, 2021 at 9:30 AM".
    ///
    /// A date with a time is the day's text and the minute's, each made once and joined as the
    /// locale joins them (``DateTimeJoin``): ICU formatting a date and time costs about 19,000
    /// instructions, the whole of an entry's date 2 % of a build's. `mediumWithTime` formats it
    /// where the locale's joined form is not that.
    public func text(_ moment: Moment) -> String {
        guard moment.hasTime else { return text(moment.localDay) }
        let date = Date(timeIntervalSince1970: TimeInterval(moment.seconds))
        guard let dateTimeJoin else {
            lock.lock()
            defer { lock.unlock() }
            if moment.localDay.year < 1 { return eraFormatter("yMMMdjmm", zone: timeZone).string(from: date) }
            return mediumWithTime.string(from: date)
        }
        let local = moment.seconds + Int64(timeZone.secondsFromGMT(for: date))
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let minute = Int((local - day * 86_400) / 60)
        let dayText = text(CalendarDay(daysSinceEpoch: Int(day)))
        lock.lock()
        defer { lock.unlock() }
        let timeText: String
        if let known = timeCache[minute] {
            timeText = known
        } else {
            timeText = shortTime.string(from: Date(timeIntervalSince1970: TimeInterval(minute * 60)))
            timeCache[minute] = timeText
        }
        return dateTimeJoin.join(date: dayText, time: timeText)
    }

    /// ``text(_:)`` of a date with a time as `mediumWithTime` formats it, for tests of the join.
    func formattedWhole(_ moment: Moment) -> String {
        lock.lock()
        defer { lock.unlock() }
        return mediumWithTime.string(from: Date(timeIntervalSince1970: TimeInterval(moment.seconds)))
    }

    /// The locale's year-month form: "November 2021", "2021년 11월".
    public func text(_ month: MonthKey) -> String {
        lock.lock()
        defer { lock.unlock() }
        return (month.year < 1 ? eraFormatter("yMMMM", zone: DateFormats.utc) : yearMonth).string(from: utcMidnight(month.firstDay))
    }

    /// A day heading with the weekday: "Saturday, Nov 13, 2021", "2021년 11월 13일 토요일".
    public func heading(_ day: CalendarDay) -> String {
        lock.lock()
        defer { lock.unlock() }
        return (day.year < 1 ? eraFormatter("yMMMdEEEE", zone: DateFormats.utc) : dayHeading).string(from: utcMidnight(day))
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
