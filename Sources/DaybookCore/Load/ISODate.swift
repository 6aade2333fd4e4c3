/// An ISO 8601 date as written in the data: a calendar day, optionally a time of day,
/// optionally an offset from UTC. Which instant and which local day it means is decided
/// by the format stage, in the site's time zone.
public struct ISODate: Sendable, Hashable {
    public var day: CalendarDay
    /// Seconds since midnight as written, or nil for a date-only value.
    public var secondOfDay: Int?
    public var nanoseconds: Int
    /// Seconds east of UTC as written (`Z` is 0), or nil when the time has no offset
    /// (then it is a wall-clock time in the site's zone).
    public var utcOffset: Int?

    public init(day: CalendarDay, secondOfDay: Int? = nil, nanoseconds: Int = 0, utcOffset: Int? = nil) {
        self.day = day
        self.secondOfDay = secondOfDay
        self.nanoseconds = nanoseconds
        self.utcOffset = utcOffset
    }

    /// The UTC date and time `seconds` after 1970-01-01T00:00:00Z.
    public init(epochSeconds seconds: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.init(day: CalendarDay(daysSinceEpoch: Int(days)), secondOfDay: Int(seconds - days * 86_400), utcOffset: 0)
    }

    public var hasTime: Bool { secondOfDay != nil }

    /// The date as ISO 8601 text: `2021-11-13`, `2021-11-13T09:30:00Z`, `…T09:30:00.25+09:00`
    /// (a time without an offset is written without one).
    public var isoText: String {
        var text = day.description
        guard let second = secondOfDay else { return text }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        text += "T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
        if nanoseconds > 0 {
            var digits = String(nanoseconds)
            digits = String(repeating: "0", count: max(0, 9 - digits.count)) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        if let offset = utcOffset {
            text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + two(abs(offset) / 3600) + ":" + two(abs(offset) / 60 % 60)
        }
        return text
    }

    /// Parses an ISO 8601 date or date and time: calendar (`2021-11-13`), ordinal (`2021-317`) or
    /// week dates (`2021-W45-6`), in the extended or the basic format (`20211113`, `2021317`,
    /// `2021W456`); then optionally `T` (or a space) and a time, `09`, `09:30` or `09:30:00` with
    /// 1–9 fraction digits after the seconds (`0930`, `093000` in the basic format), and an offset:
    /// `Z`, `+09`, `+09:00` or `+0900`. The date and the time use one format, extended or basic.
    /// Days are of the proleptic Gregorian calendar. Returns the reason on failure.
    public static func parse(_ text: String) -> Result<ISODate, ISODateError> {
        if let result = text.utf8.withContiguousStorageIfAvailable({ parse($0) }) { return result }
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Result<ISODate, ISODateError> {
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= b.count else { return nil }
            var value = 0
            for k in i..<(i + width) {
                let c = b[k]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            i += width
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        func isDigit(at k: Int) -> Bool { k < b.count && b[k] >= 48 && b[k] <= 57 }
        let dateExample = ISODateError(reason: "expected a date like 2021-11-13")
        guard let year = number(4) else { return .failure(dateExample) }
        let day: CalendarDay
        let extended: Bool
        // The common case first: yyyy-MM-dd.
        if expect(45) {
            extended = true
            if let month = number(2) {
                if expect(45) {
                    guard let dayNumber = number(2) else { return .failure(dateExample) }
                    day = CalendarDay(year: year, month: month, day: dayNumber)
                    guard day.isValid else { return .failure(.init(reason: "\(day) is not a day of the calendar")) }
                } else if isDigit(at: i) {
                    let ordinal = month * 10 + Int(b[i] - 48)
                    i += 1
                    switch ordinalDay(year: year, ordinal) {
                    case .success(let found): day = found
                    case .failure(let error): return .failure(error)
                    }
                } else {
                    return .failure(dateExample)
                }
            } else if expect(87) {
                guard let week = number(2), expect(45), let weekday = number(1) else {
                    return .failure(.init(reason: "expected a week date like 2021-W45-6"))
                }
                switch weekDay(year: year, week: week, weekday: weekday) {
                case .success(let found): day = found
                case .failure(let error): return .failure(error)
                }
            } else {
                return .failure(dateExample)
            }
        } else {
            extended = false
            if expect(87) {
                guard let week = number(2), let weekday = number(1) else {
                    return .failure(.init(reason: "expected a week date like 2021W456"))
                }
                switch weekDay(year: year, week: week, weekday: weekday) {
                case .success(let found): day = found
                case .failure(let error): return .failure(error)
                }
            } else {
                var digits = 0
                while isDigit(at: i + digits) { digits += 1 }
                if digits == 4, let month = number(2), let dayNumber = number(2) {
                    day = CalendarDay(year: year, month: month, day: dayNumber)
                    guard day.isValid else { return .failure(.init(reason: "\(day) is not a day of the calendar")) }
                } else if digits == 3, let ordinal = number(3) {
                    switch ordinalDay(year: year, ordinal) {
                    case .success(let found): day = found
                    case .failure(let error): return .failure(error)
                    }
                } else {
                    return .failure(dateExample)
                }
            }
        }
        if i == b.count { return .success(ISODate(day: day)) }
        guard b[i] == 84 || b[i] == 116 || b[i] == 32 else {
            return .failure(.init(reason: "expected 'T' and a time after the date"))
        }
        i += 1
        let timeExample = ISODateError(reason: extended ? "expected a time like 09:30 after 'T'" : "expected a time like 0930 after 'T'")
        guard let hour = number(2) else { return .failure(timeExample) }
        var minute = 0
        var second = 0
        var nanos = 0
        // Extended: `:mm`, `:mm:ss`; basic: `mm`, `mmss` (the format of the date).
        let hasMinutes = extended ? expect(58) : isDigit(at: i)
        if hasMinutes {
            guard let m = number(2) else { return .failure(timeExample) }
            minute = m
            if extended ? expect(58) : isDigit(at: i) {
                guard let s = number(2) else { return .failure(.init(reason: "expected two digits of seconds")) }
                second = s
                if i < b.count, b[i] == 46 || b[i] == 44 {
                    i += 1
                    var digits = 0
                    while i < b.count, b[i] >= 48, b[i] <= 57 {
                        if digits < 9 { nanos = nanos * 10 + Int(b[i] - 48) }
                        digits += 1
                        i += 1
                    }
                    guard (1...9).contains(digits) else {
                        return .failure(.init(reason: "expected 1 to 9 digits of fractional seconds"))
                    }
                    for _ in digits..<9 { nanos *= 10 }
                }
            }
        } else if i < b.count, b[i] == 58 || (b[i] >= 48 && b[i] <= 57) {
            // `:` after a basic date's hour, or a digit after an extended date's hour.
            return .failure(.init(reason: "the date and the time must both be in the extended format (2021-11-13T09:30) or both in the basic one (20211113T0930)"))
        }
        guard hour < 24, minute < 60, second < 60 else {
            return .failure(.init(reason: "the time is out of range"))
        }
        var offset: Int?
        if i < b.count {
            switch b[i] {
            case 90, 122:
                i += 1
                offset = 0
            case 43, 45:
                let sign = b[i] == 45 ? -1 : 1
                i += 1
                let offsetExample = ISODateError(reason: "expected an offset like +09:00")
                guard let oh = number(2) else { return .failure(offsetExample) }
                var om = 0
                if i < b.count {
                    _ = expect(58)
                    guard let m = number(2) else { return .failure(offsetExample) }
                    om = m
                }
                guard oh <= 18, om < 60 else { return .failure(offsetExample) }
                offset = sign * (oh * 3600 + om * 60)
            default:
                return .failure(.init(reason: "expected 'Z' or an offset like +09:00 after the time"))
            }
        }
        guard i == b.count else { return .failure(.init(reason: "unexpected text after the date")) }
        return .success(ISODate(day: day, secondOfDay: hour * 3600 + minute * 60 + second,
                                nanoseconds: nanos, utcOffset: offset))
    }

    /// Day `ordinal` (1 = January 1) of `year`.
    static func ordinalDay(year: Int, _ ordinal: Int) -> Result<CalendarDay, ISODateError> {
        let length = CalendarDay.daysIn(year: year, month: 2) == 29 ? 366 : 365
        guard (1...length).contains(ordinal) else {
            return .failure(.init(reason: "day \(ordinal) is not a day of \(year) (1 to \(length))"))
        }
        return .success(CalendarDay(year: year, month: 1, day: 1).adding(days: ordinal - 1))
    }

    /// The day of ISO week `week` (week 1 holds the year's first Thursday) and `weekday` (1 = Monday … 7 = Sunday).
    static func weekDay(year: Int, week: Int, weekday: Int) -> Result<CalendarDay, ISODateError> {
        guard (1...7).contains(weekday) else {
            return .failure(.init(reason: "the day of the week must be 1 (Monday) to 7 (Sunday), found \(weekday)"))
        }
        let firstMonday = mondayOfWeekOne(year)
        let weeks = (mondayOfWeekOne(year + 1).daysSinceEpoch - firstMonday.daysSinceEpoch) / 7
        guard (1...weeks).contains(week) else {
            return .failure(.init(reason: "\(year) has weeks 1 to \(weeks), found week \(week)"))
        }
        return .success(firstMonday.adding(days: (week - 1) * 7 + weekday - 1))
    }

    /// The Monday that starts ISO week 1 of `year`: the week holding January 4.
    private static func mondayOfWeekOne(_ year: Int) -> CalendarDay {
        let january4 = CalendarDay(year: year, month: 1, day: 4)
        let daysSinceMonday = (january4.weekday + 6) % 7
        return january4.adding(days: -daysSinceMonday)
    }
}

/// Why a string is not an ISO 8601 date.
public struct ISODateError: Error, Sendable, Equatable {
    public var reason: String
}
