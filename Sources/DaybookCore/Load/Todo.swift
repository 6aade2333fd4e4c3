/// One item of `todos.json`: the seed app's `Todo` (`id`, `detail`, `isDone`, `isToday`), extended.
public struct Todo: Sendable, Equatable {
    public var id: Int
    public var detail: String
    public var isDone: Bool = false
    public var isToday: Bool = false
    public var due: CalendarDay?
    /// Not listed in Today or Upcoming before this day: todo.txt's threshold (`t:`), Taskwarrior's `wait`.
    public var wait: CalendarDay?
    public var doneAt: ISODate?
    public var tags: [String] = []
    /// todo.txt's `(A)`, Taskwarrior's `H`, `M`, `L`: shown beside the words.
    public var priority: String?
    /// Taskwarrior's annotations: notes shown under the words.
    public var annotations: [String] = []

    public init(id: Int, detail: String) {
        self.id = id
        self.detail = detail
    }
}
