import Foundation

/// A wall-clock time that a zone skips: the clocks went forward past it (02:30 on a spring night
/// in New York), so no instant has it there.
public enum SkippedTime {
    /// The time the site shows for such a `date` in `zone`, `03:30` (read with the offset before
    /// the change, as Foundation reads it); nil for a time that exists, a day, or a time with an offset.
    public static func shown(for date: ISODate, in zone: TimeZone) -> String? {
        guard let second = date.secondOfDay, date.utcOffset == nil else { return nil }
        let wall = Int64(date.day.daysSinceEpoch) * 86_400 + Int64(second)
        func offset(_ instant: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))) }
        let before = offset(wall - 86_400), after = offset(wall + 86_400)
        for guess in [before, after] where offset(wall - guess) + wall - guess == wall { return nil }
        let shown = wall - before + offset(wall - before)
        let rest = Int(((shown % 86_400) + 86_400) % 86_400)
        return two(rest / 3600) + ":" + two(rest / 60 % 60)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
