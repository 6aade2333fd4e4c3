import Foundation

/// A wall-clock time that a zone has twice: the clocks went back over it (01:30 on an autumn
/// night in New York), so two instants have it there, an hour apart.
public enum RepeatedTime {
    /// For such a `date` in `zone`: the offsets of its two readings, the first (the one the site
    /// takes, as ``DateFormats`` reads it) and the second, as ISO 8601 writes them (`-04:00`,
    /// `-05:00`); nil for a time the zone has once, a day, or a time with an offset.
    public static func offsets(for date: ISODate, in zone: TimeZone) -> (first: String, second: String)? {
        guard let second = date.secondOfDay, date.utcOffset == nil else { return nil }
        let wall = Int64(date.day.daysSinceEpoch) * 86_400 + Int64(second)
        func offset(_ instant: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))) }
        let before = offset(wall - 86_400), after = offset(wall + 86_400)
        guard before != after else { return nil }
        let readings = [wall - before, wall - after].filter { offset($0) + $0 == wall }
        guard readings.count == 2, let first = readings.min(), let last = readings.max(), first != last else { return nil }
        return (text(wall - first), text(wall - last))
    }

    /// `+09:00`, `-04:00`, `+05:45`.
    private static func text(_ seconds: Int64) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }

    private static func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
