/// The calendar grid of one month: whole weeks of seven cells, the first column on the
/// locale's first weekday, each day of the month with its number of entries and a shade.
/// Pure: no formatter, no locale; the report's view model turns it into text and an SVG.
public struct MonthCalendar: Sendable, Equatable {
    public let month: MonthKey
    /// The weekday of the first column, as Foundation counts it: 1 = Sunday … 7 = Saturday.
    public let firstWeekday: Int
    /// The weekday of each column, 0 = Sunday … 6 = Saturday (`CalendarDay.weekday`).
    public let columns: [Int]
    /// Each week holds seven cells; a cell outside the month is nil.
    public let weeks: [[Day?]]

    /// A day of the month in the grid.
    public struct Day: Sendable, Equatable {
        public var date: CalendarDay
        /// Entries on that day.
        public var count: Int
        /// 0 (no entry) … 4 (the month's busiest day).
        public var level: Int
    }

    /// The grid of `month`; `counts` holds the entries per day (other months' days are ignored).
    public init(month: MonthKey, firstWeekday: Int, counts: [CalendarDay: Int]) {
        self.month = month
        let first = (1...7).contains(firstWeekday) ? firstWeekday : 1
        self.firstWeekday = first
        columns = (0..<7).map { (first - 1 + $0) % 7 }
        let maximum = (1...month.dayCount).map { counts[CalendarDay(year: month.year, month: month.month, day: $0)] ?? 0 }.max() ?? 0
        let lead = (month.firstDay.weekday - (first - 1) + 7) % 7
        let cellCount = (lead + month.dayCount + 6) / 7 * 7
        var cells: [Day?] = []
        cells.reserveCapacity(cellCount)
        for n in 0..<cellCount {
            let number = n - lead + 1
            guard (1...month.dayCount).contains(number) else {
                cells.append(nil)
                continue
            }
            let date = CalendarDay(year: month.year, month: month.month, day: number)
            let count = counts[date] ?? 0
            cells.append(Day(date: date, count: count, level: MonthCalendar.level(count, maximum: maximum)))
        }
        weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The shade of a day: 0 without entries, else 1…4 in proportion to the busiest day
    /// (rounded up, so the busiest day is always 4).
    public static func level(_ count: Int, maximum: Int) -> Int {
        guard count > 0, maximum > 0 else { return 0 }
        return min(4, max(1, (count * 4 + maximum - 1) / maximum))
    }
}
