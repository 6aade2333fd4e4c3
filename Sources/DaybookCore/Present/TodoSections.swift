/// The todo list split as the seed app showed it (open todos waiting for a later day left out):
/// Today (`isToday`, or due today, in id order)
/// and Upcoming (the rest). Done items stay in their section; in Upcoming they come after the
/// open ones, so a long done.txt imported does not push what is still to do down the page.
public struct TodoSections: Sendable {
    public var today: [Todo]
    public var upcoming: [Todo]
    /// The day "today" is, in the site's zone.
    public var day: CalendarDay

    public init(_ todos: [Todo], today day: CalendarDay) {
        // An open todo waiting for a later day (`wait`) is not listed until then.
        let sorted = todos.filter { $0.isDone || !($0.wait.map { $0 > day } ?? false) }.sorted { $0.id < $1.id }
        today = sorted.filter { $0.isToday || $0.due == day }
        // Upcoming: the open ones, then the done ones; each by due day (so overdue ones first),
        // then those without one, each in id order.
        upcoming = sorted.filter { !($0.isToday || $0.due == day) }.enumerated().sorted { a, b in
            if a.element.isDone != b.element.isDone { return !a.element.isDone }
            switch (a.element.due, b.element.due) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
        self.day = day
    }

    public func isOverdue(_ todo: Todo) -> Bool {
        guard !todo.isDone, let due = todo.due else { return false }
        return due < day
    }
}
