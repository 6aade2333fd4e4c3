/// An ISO 8601 date resolved in the site's time zone: the instant it names and the local
/// calendar day it falls on there. A date-only value stays on its own day.
public struct Moment: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z (for a date-only value: its midnight in the site's zone).
    public var seconds: Int64
    public var nanoseconds: Int
    /// The day it is in the site's zone.
    public var localDay: CalendarDay
    /// Whether the source gave a time of day.
    public var hasTime: Bool

    public init(seconds: Int64, nanoseconds: Int = 0, localDay: CalendarDay, hasTime: Bool) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.localDay = localDay
        self.hasTime = hasTime
    }

    public static func < (a: Moment, b: Moment) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    /// RFC 3339 in UTC, to the second (`2021-11-13T00:30:00Z`), for feeds and `datetime`.
    public var rfc3339: String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let day = CalendarDay(daysSinceEpoch: days)
        let hour = rest / 3600, minute = rest / 60 % 60, second = rest % 60
        guard (0...9999).contains(day.year) else {
            return "\(day)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
        }
        // yyyy-MM-ddTHH:mm:ssZ written into the string's bytes: this runs for every entry.
        return String(unsafeUninitializedCapacity: 20) { bytes in
            func put(_ value: Int, _ width: Int, at end: Int) {
                var value = value
                for i in stride(from: end - 1, through: end - width, by: -1) {
                    bytes[i] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(day.year, 4, at: 4)
            put(day.month, 2, at: 7)
            put(day.day, 2, at: 10)
            put(hour, 2, at: 13)
            put(minute, 2, at: 16)
            put(second, 2, at: 19)
            bytes[4] = UInt8(ascii: "-")
            bytes[7] = UInt8(ascii: "-")
            bytes[10] = UInt8(ascii: "T")
            bytes[13] = UInt8(ascii: ":")
            bytes[16] = UInt8(ascii: ":")
            bytes[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// What `<time datetime>` should say: the day for a date-only value, else the UTC instant.
    public var machineText: String { hasTime ? rfc3339 : localDay.description }
}
