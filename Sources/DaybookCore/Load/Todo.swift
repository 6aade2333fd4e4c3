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
        guard !tags.isEmpty else { return [] }
        // Bytes, not Characters: the todos page runs it for every todo (a split of the words into
        // Strings cost a build of the bench corpus 210 M instructions).
        let words = Array(detail.utf8)
        return tags.filter { !Self.holds(words, tag: $0) }
    }

    /// Whether `words` hold `+tag`, `@tag` or `#tag` (a mark of `marks`) as a word of their own: after
    /// the start or a space, before the end or a space (ASCII white space, a no-break or an
    /// ideographic space).
    static func holds(_ words: [UInt8], tag: String, marks: StaticString = "+@#") -> Bool {
        let name = Array(tag.utf8)
        guard !name.isEmpty, words.count > name.count else { return false }
        func spaceEnds(at end: Int) -> Bool {
            let b = words[end - 1]
            if b == 0x20 || (0x09...0x0D).contains(b) { return true }
            if end >= 2, words[end - 2] == 0xC2, b == 0xA0 { return true }
            return end >= 3 && words[end - 3] == 0xE3 && words[end - 2] == 0x80 && b == 0x80
        }
        func spaceStarts(at start: Int) -> Bool {
            let b = words[start]
            if b == 0x20 || (0x09...0x0D).contains(b) { return true }
            if b == 0xC2, start + 1 < words.count, words[start + 1] == 0xA0 { return true }
            return b == 0xE3 && start + 2 < words.count && words[start + 1] == 0x80 && words[start + 2] == 0x80
        }
        var i = 0
        while i + name.count < words.count {
            let mark = words[i]
            if marks.withUTF8Buffer({ $0.contains(mark) }), i == 0 || spaceEnds(at: i),
               words[(i + 1)..<(i + 1 + name.count)].elementsEqual(name), i + 1 + name.count == words.count || spaceStarts(at: i + 1 + name.count) {
                return true
            }
            i += 1
        }
        return false
    }

    public init(id: Int, detail: String) {
        self.id = id
        self.detail = detail
    }
}
