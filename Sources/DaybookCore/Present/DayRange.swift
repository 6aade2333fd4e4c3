/// The days from `first` to `last`, both included: a day, a month or a year as `daybook list`'s
/// `--from`, `--to` and `--on` name them.
public struct DayRange: Sendable, Equatable {
    public var first: CalendarDay
    public var last: CalendarDay

    public init(first: CalendarDay, last: CalendarDay) {
        self.first = first
        self.last = last
    }

    public func contains(_ day: CalendarDay) -> Bool { first <= day && day <= last }

    /// A day as typed: `2026-12-01`, a whole month `2026-12`, a whole year `2026`, `today` or
    /// `yesterday` (days of the site's calendar, read against today when they are resolved).
    public enum Named: Sendable, Equatable {
        case day(CalendarDay)
        case month(MonthKey)
        case year(Int)
        case today
        case yesterday

        /// Reads `text` (ASCII digits); the reason when it names no day, month or year.
        public static func parse(_ text: String) -> Result<Named, ISODateError> {
            switch text.lowercased() {
            case "today": return .success(.today)
            case "yesterday": return .success(.yesterday)
            default: break
            }
            let digits = text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
            if text.utf8.count == 4, digits, let year = Int(text), year > 0 { return .success(.year(year)) }
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].count == 4, parts[1].count == 2 {
                guard let month = MonthKey(text), month.year > 0 else {
                    return .failure(ISODateError(reason: "\(text) is not a month: a month is 01 to 12"))
                }
                return .success(.month(month))
            }
            switch ISODate.parse(text) {
            case .success(let date) where !date.hasTime: return .success(.day(date.day))
            case .success: return .failure(ISODateError(reason: "a day has no time"))
            case .failure(let error): return .failure(error)
            }
        }

        /// The days it names, `today` being the site's today.
        public func range(today: CalendarDay) -> DayRange {
            switch self {
            case .day(let day): DayRange(first: day, last: day)
            case .month(let month): DayRange(first: month.firstDay, last: month.firstDay.adding(days: month.dayCount - 1))
            case .year(let year): DayRange(first: CalendarDay(year: year, month: 1, day: 1), last: CalendarDay(year: year, month: 12, day: 31))
            case .today: DayRange(first: today, last: today)
            case .yesterday: DayRange(first: today.adding(days: -1), last: today.adding(days: -1))
            }
        }
    }
}
