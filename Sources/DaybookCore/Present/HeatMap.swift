/// A calendar heat map (one square per day, shaded by entries), as an inline SVG's parts.
public struct HeatMap: Sendable, Encodable {
    public var years: [Year]
    public var legend: [LegendItem]
    public var legendLabel: String
    public var lessText: String
    public var moreText: String
    /// `end` on a right-to-left site, whose month labels end at their month's first week (its
    /// right edge); nil elsewhere, the SVG's own `start`.
    public var labelAnchor: String?

    /// One year's grid: 53 weeks across, 7 days down.
    public struct Year: Sendable, Encodable {
        public var label: String
        public var width: Int
        public var height: Int
        public var ariaLabel: String
        public var cells: [Cell]
        public var monthLabels: [MonthLabel]
    }

    public struct Cell: Sendable, Encodable {
        public var x: Int
        public var y: Int
        /// 0 (no entry) … 4 (most).
        public var level: Int
        /// "l0" … "l4"; "later" for a day after now without an entry.
        public var className: String
        /// "Nov 13, 2021: 2 entries"; a day after now without an entry, its date alone.
        public var label: String
    }

    public struct MonthLabel: Sendable, Encodable {
        public var x: Int
        public var text: String
    }

    public struct LegendItem: Sendable, Encodable {
        public var level: Int
    }

    static let cell = 12
    static let gap = 2
    static let top = 16

    /// The heat map of every year that has entries, newest first; its rows start on the locale's
    /// first day of the week (`firstWeekday`: 1 Sunday, 2 Monday, … as Foundation counts), as the
    /// report's calendar does. Days after `today` without entries are drawn, for the year's
    /// shape, but not counted: a day to come has no "0 entries". `rightToLeft` mirrors the
    /// weeks, January at the right, as the report's calendar is mirrored for such a language.
    public init(counts: [CalendarDay: Int], formats: DateFormats, strings: UIStrings, firstWeekday: Int = 1,
                today: CalendarDay? = nil, rightToLeft: Bool = false) {
        let shift = (1...7).contains(firstWeekday) ? firstWeekday - 1 : 0
        func row(_ day: CalendarDay) -> Int { (day.weekday - shift + 7) % 7 }
        let maximum = max(counts.values.max() ?? 0, 1)
        let years = Set(counts.keys.map(\.year)).sorted(by: >)
        let entries = strings.plural("count.entries"), yearEntries = strings.plural("heatmap.year")
        let step = HeatMap.cell + HeatMap.gap, width = 54 * step
        // The coordinates are mirrored rather than the drawing (a transform would mirror the labels' letters too).
        func cellX(_ column: Int) -> Int { rightToLeft ? width - HeatMap.cell - column * step : column * step }
        func labelX(_ column: Int) -> Int { rightToLeft ? width - column * step : column * step }
        self.years = years.map { year in
            let first = CalendarDay(year: year, month: 1, day: 1)
            let startOffset = row(first)
            let dayCount = CalendarDay.daysIn(year: year, month: 2) == 29 ? 366 : 365
            var cells: [Cell] = []
            cells.reserveCapacity(dayCount)
            for n in 0..<dayCount {
                let day = first.adding(days: n)
                let column = (n + startOffset) / 7
                let count = counts[day] ?? 0
                let level = count == 0 ? 0 : min(4, 1 + (count - 1) * 4 / maximum)
                let isLater = count == 0 && today.map { day > $0 } == true
                cells.append(Cell(x: cellX(column), y: HeatMap.top + row(day) * step,
                                  level: level, className: isLater ? "later" : "l\(level)",
                                  label: isLater ? formats.text(day) : "\(formats.text(day)): " + entries(count, number: formats.number(count))))
            }
            let labels = (1...12).map { month -> MonthLabel in
                let day = CalendarDay(year: year, month: month, day: 1)
                let column = (day.daysSinceEpoch - first.daysSinceEpoch + startOffset) / 7
                return MonthLabel(x: labelX(column), text: formats.monthAbbreviation(day.monthKey))
            }
            let total = counts.filter { $0.key.year == year }.values.reduce(0, +)
            return Year(label: formats.year(year), width: width, height: HeatMap.top + 7 * step,
                        ariaLabel: yearEntries(total, number: formats.number(total), ["year": formats.year(year)]),
                        cells: cells, monthLabels: labels)
        }
        legend = (0...4).map { LegendItem(level: $0) }
        legendLabel = strings["heatmap.legend"]
        lessText = strings["heatmap.less"]
        moreText = strings["heatmap.more"]
        labelAnchor = rightToLeft ? "end" : nil
    }
}
