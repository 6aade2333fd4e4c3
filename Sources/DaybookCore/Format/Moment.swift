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
        return "\(day)T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))Z"
    }

    /// What `<time datetime>` should say: the day for a date-only value, else the UTC instant.
    public var machineText: String { hasTime ? rfc3339 : localDay.description }
}
