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

    /// Parses `2021-11-13`, `2021-11-13T09:30`, `2021-11-13T09:30:00Z`,
    /// `2021-11-13T09:30:00+09:00` (or `+0900`), with 1–9 fraction digits after the seconds.
    /// A space may stand for the `T`. Returns the reason on failure.
    public static func parse(_ text: String) -> Result<ISODate, ISODateError> {
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
        guard let year = number(4), expect(45), let month = number(2), expect(45), let dayNumber = number(2) else {
            return .failure(.init(reason: "expected a date like 2021-11-13"))
        }
        let day = CalendarDay(year: year, month: month, day: dayNumber)
        guard day.isValid else { return .failure(.init(reason: "\(day) is not a day of the calendar")) }
        if i == b.count { return .success(ISODate(day: day)) }
        guard b[i] == 84 || b[i] == 116 || b[i] == 32 else {
            return .failure(.init(reason: "expected 'T' and a time after the date"))
        }
        i += 1
        guard let hour = number(2), expect(58), let minute = number(2) else {
            return .failure(.init(reason: "expected a time like 09:30 after 'T'"))
        }
        var second = 0
        var nanos = 0
        if expect(58) {
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
                guard let oh = number(2) else { return .failure(.init(reason: "expected an offset like +09:00")) }
                _ = expect(58)
                guard let om = number(2), oh <= 18, om < 60 else {
                    return .failure(.init(reason: "expected an offset like +09:00"))
                }
                offset = sign * (oh * 3600 + om * 60)
            default:
                return .failure(.init(reason: "expected 'Z' or an offset like +09:00 after the time"))
            }
        }
        guard i == b.count else { return .failure(.init(reason: "unexpected text after the date")) }
        return .success(ISODate(day: day, secondOfDay: hour * 3600 + minute * 60 + second,
                                nanoseconds: nanos, utcOffset: offset))
    }
}

/// Why a string is not an ISO 8601 date.
public struct ISODateError: Error, Sendable, Equatable {
    public var reason: String
}
