/// The todo list split as the seed app showed it: Today (`isToday`, or due today) and
/// Upcoming (the rest), each in id order. Done items stay where they are.
public struct TodoSections: Sendable {
    public var today: [Todo]
    public var upcoming: [Todo]
    /// The day "today" is, in the site's zone.
    public var day: CalendarDay

    public init(_ todos: [Todo], today day: CalendarDay) {
        let sorted = todos.sorted { $0.id < $1.id }
        today = sorted.filter { $0.isToday || $0.due == day }
        upcoming = sorted.filter { !($0.isToday || $0.due == day) }
        self.day = day
    }

    public func isOverdue(_ todo: Todo) -> Bool {
        guard !todo.isDone, let due = todo.due else { return false }
        return due < day
    }
}
