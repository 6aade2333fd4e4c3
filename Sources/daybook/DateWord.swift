import DaybookCore

/// A day of `add --date` in words, as `list --on` takes `today` and `yesterday`: `today`,
/// `yesterday` or `tomorrow`, with a wall-clock time after it or not (`yesterday 18:00`,
/// `today 07:30:15`). Days of the site's calendar (or the `--time-zone`'s), read against now.
struct DateWord: Equatable {
    /// Days from today: -1 yesterday, 0 today, 1 tomorrow.
    var days: Int
    /// The time as typed (`18:00`), nil for the day alone.
    var time: String?

    /// Reads `text`; nil when it starts with no day word (an ISO date, or a mistake for ISO's message).
    init?(_ text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count) else { return nil }
        switch words[0].lowercased() {
        case "today": days = 0
        case "yesterday": days = -1
        case "tomorrow": days = 1
        default: return nil
        }
        guard words.count == 2 else {
            time = nil
            return
        }
        // HH:MM or HH:MM:SS, as ISO 8601 writes them after the T.
        let parts = words[1].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && Int($0) != nil }),
              let hour = Int(parts[0]), hour < 24, let minute = Int(parts[1]), minute < 60, parts.count == 2 || Int(parts[2])! < 60 else {
            return nil
        }
        time = String(words[1])
    }

    /// The ISO text of the day `days` from `today`, with the time when there is one (no offset: the
    /// zone's wall clock, as `--date 2026-11-30T18:00`): `2026-11-30`, `2026-11-30T18:00`.
    func isoText(today: CalendarDay) -> String {
        let day = today.adding(days: days).description
        return time.map { day + "T" + $0 } ?? day
    }
}
