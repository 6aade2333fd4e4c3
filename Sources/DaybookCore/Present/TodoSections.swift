/// The todo list split as the seed app showed it (open todos waiting for a later day left out):
/// Today (`isToday`, due today, or open past its due day; by priority, then in id order)
/// and Upcoming (the rest). Done items are in Today, struck through, on the day they were done.
/// Those done on an earlier day are Done, newest first: a daily `--today` todo done a
/// month ago stayed in Today for ever (found by a daily-use audit). A done item the file gives no
/// day for (todo.txt's `x Buy bread`) stays in Today when it is marked for today, and is otherwise
/// Done, after those with a day: an import audit found them listed as Upcoming.
public struct TodoSections: Sendable {
    public var today: [Todo]
    public var upcoming: [Todo]
    /// Todos done before today (by `doneAt`, in the site's zone), the latest day first (then the
    /// later id first), then those done on no day given, not for today, the later id first.
    public var doneEarlier: [Todo]
    /// The day "today" is, in the site's zone.
    public var day: CalendarDay

    /// `dayOf`: the day of a moment in the site's zone (by default the day it writes).
    public init(_ todos: [Todo], today day: CalendarDay, dayOf: (ISODate) -> CalendarDay = { $0.day }) {
        // An open todo past its due day is for today too, as todo apps list it (found by a daily-use
        // audit: the home page, which shows Today, left out the rent a week overdue, and the todos
        // page listed it as "upcoming"). Done today, it stays there, struck through.
        // Done today, a todo is one of the day's too, wherever it was listed (found by a todo.txt user's
        // audit: one ticked today that was due next week stayed in Upcoming, struck through).
        // Done on a later day (a build whose now is before it), a todo is Upcoming's, as the done
        // ones after now's day are (found by a rebuild audit: one due today, done later, was in Today).
        func isForToday(_ todo: Todo) -> Bool {
            let doneOn = todo.isDone ? todo.doneAt.map(dayOf) : nil
            if let doneOn, doneOn > day { return false }
            return todo.isToday || todo.due == day || doneOn == day
                || ((todo.due.map { $0 < day } ?? false) && !todo.isDone)
        }
        let doneDays = todos.map { todo in todo.isDone ? todo.doneAt.map(dayOf) : nil }
        let undated = todos.filter { $0.isDone && $0.doneAt == nil && !isForToday($0) }.sorted { $0.id > $1.id }
        doneEarlier = todos.indices.filter { doneDays[$0].map { $0 < day } ?? false }.sorted { a, b in
            doneDays[a]! != doneDays[b]! ? doneDays[a]! > doneDays[b]! : todos[a].id > todos[b].id
        }.map { todos[$0] } + undated
        let earlierIDs = Set(doneEarlier.map(\.id))
        // An open todo waiting for a later day (`wait`) is not listed until then.
        let sorted = todos.filter { !earlierIDs.contains($0.id) && ($0.isDone || !($0.wait.map { $0 > day } ?? false)) }.sorted { $0.id < $1.id }
        // By priority, as todo.sh and Taskwarrior list them (found by a todo.txt user's audit: `(A) Pay
        // rent` came after every todo with a lower id).
        let rank = Self.priorityRank(in: todos)
        today = sorted.filter(isForToday).enumerated().sorted { a, b in
            let x = rank(a.element), y = rank(b.element)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        // Upcoming: the open ones, then the done ones; each by due day, then those without one;
        // each by priority, then in id order.
        upcoming = sorted.filter { !isForToday($0) }.enumerated().sorted { a, b in
            if a.element.isDone != b.element.isDone { return !a.element.isDone }
            switch (a.element.due, b.element.due) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default:
                let x = rank(a.element), y = rank(b.element)
                return x != y ? x < y : a.offset < b.offset
            }
        }.map(\.element)
        self.day = day
    }

    /// Where a todo's priority puts it, the smallest first: A to Z in order (todo.txt's); of a list
    /// whose priorities are only H, M and L, high, medium, low (Taskwarrior's); after them those
    /// without one.
    static func priorityRank(in todos: [Todo]) -> (Todo) -> Int {
        let letters = Set(todos.compactMap(\.priority))
        let order = !letters.isEmpty && letters.isSubset(of: ["H", "M", "L"]) ? ["H", "M", "L"] : (65...90).map { String(UnicodeScalar(UInt8($0))) }
        let ranks = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        return { todo in todo.priority.flatMap { ranks[$0] } ?? order.count }
    }

    public func isOverdue(_ todo: Todo) -> Bool {
        guard !todo.isDone, let due = todo.due else { return false }
        return due < day
    }
}
