/// A month of the diary, in the site's zone: its entries newest first, grouped by day.
public struct MonthSection: Sendable {
    public var key: MonthKey
    /// "November 2021", "2021년 11월".
    public var title: String
    /// Indices into `Diary.entries`, newest first.
    public var entries: [Int]
    public var days: [DaySection]

    public var folder: String { "months/\(key)/" }
}

/// One day of a month, with its entries newest first.
public struct DaySection: Sendable {
    public var day: CalendarDay
    /// "Saturday, Nov 13, 2021".
    public var heading: String
    public var entries: [Int]
}

/// A tag with its entries newest first. Tags that slug alike are one tag.
public struct TagSection: Sendable {
    public var name: String
    public var slug: String
    public var entries: [Int]

    public var folder: String { "tags/\(slug)/" }
}
