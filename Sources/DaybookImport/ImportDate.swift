import DaybookCore
import Foundation

/// Dates as the importers read and write them.
enum ImportDate {
    /// Seconds since 1970 of a date with a time and an offset; nil for a wall-clock time or a day.
    static func instant(_ date: ISODate) -> Int64? {
        guard let second = date.secondOfDay, let offset = date.utcOffset else { return nil }
        return Int64(date.day.daysSinceEpoch) * 86_400 + Int64(second) - Int64(offset)
    }

    /// The instant as a wall-clock time in `zone`, with that zone's offset then:
    /// `2024-04-19T22:48:36+01:00`, and the day it is on there.
    static func local(_ instant: Int64, in zone: TimeZone) -> (text: String, day: CalendarDay) {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        let local = instant + Int64(offset)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let day = CalendarDay(daysSinceEpoch: Int(days))
        let rest = Int(local - days * 86_400)
        let sign = offset < 0 ? "-" : "+"
        let text = "\(day)T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))\(sign)\(two(abs(offset) / 3600)):\(two(abs(offset) / 60 % 60))"
        return (text, day)
    }

    /// For a wall-clock time that `zone` skips, the time the site shows for it (``SkippedTime``).
    static func skipped(_ date: ISODate, in zone: TimeZone) -> String? {
        SkippedTime.shown(for: date, in: zone)
    }

    /// What to say of a wall-clock time `written` (read as `date`) of `what` (`x.json: entry "Walk"`)
    /// in `zone`: a warning when the zone skips it (the clocks went forward past it: the site shows
    /// it an hour later), a note when the zone has it twice (the site takes the first).
    static func clockChange(of what: String, written: String, date: ISODate, in zone: TimeZone) -> (warning: String?, note: String?) {
        if let later = skipped(date, in: zone), let second = date.secondOfDay {
            return ("\(what) (\(written)): the clocks of \(zone.identifier) went forward past \(two(second / 3600)):\(two(second / 60 % 60)) that night, "
                + "so the site shows it at \(later); give it a \"timeZone\" where it was written, or another time", nil)
        }
        if let offsets = RepeatedTime.offsets(for: date, in: zone) {
            return (nil, "\(what) (\(written)) is a time \(zone.identifier) has twice (the clocks went back over it that night): "
                + "the site takes the first, \(written)\(offsets.first)")
        }
        return (nil, nil)
    }

    /// The day an instant is on in `zone`.
    static func day(_ instant: Int64, in zone: TimeZone) -> CalendarDay {
        local(instant, in: zone).day
    }

    /// Taskwarrior's `20240229T160000Z`.
    static func compactUTC(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
        func n(_ from: Int, _ width: Int) -> Int? {
            var value = 0
            for k in from..<(from + width) {
                guard b[k] >= 48, b[k] <= 57 else { return nil }
                value = value * 10 + Int(b[k] - 48)
            }
            return value
        }
        guard let y = n(0, 4), let mo = n(4, 2), let d = n(6, 2), let h = n(9, 2), let mi = n(11, 2), let s = n(13, 2) else { return nil }
        let day = CalendarDay(year: y, month: mo, day: d)
        guard day.isValid, h < 24, mi < 60, s < 61 else { return nil }
        return Int64(day.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + s)
    }

    /// The UTC time of an instant, ISO 8601: `2026-12-01T07:26:44Z`.
    static func utcText(_ instant: Int64) -> String {
        local(instant, in: TimeZone(identifier: "UTC")!).text.replacingOccurrences(of: "+00:00", with: "Z")
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
