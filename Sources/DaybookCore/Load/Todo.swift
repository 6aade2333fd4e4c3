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

    /// The tags its words do not hold already (`+garden`, `@phone`, `#home`): those shown after the
    /// words, so that none is said twice.
    public var tagsBesideWords: [String] {
        let words = detail.split(whereSeparator: \.isWhitespace)
        return tags.filter { tag in !["+", "@", "#"].contains { words.contains(Substring($0 + tag)) } }
    }

    public init(id: Int, detail: String) {
        self.id = id
        self.detail = detail
    }
}
