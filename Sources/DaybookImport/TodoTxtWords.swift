import DaybookCore

/// The words of `daybook todo add`, read as a todo.txt line is (`(A) Call Mom +family @phone
/// due:2026-12-10`): for a todo.txt user, the syntax their fingers know. A todo added is open,
/// so a first `x` is a word; so is a `key:value` Daybook has no key for (`rec:1w`, `chapter:3`),
/// which stays in the words as todo.sh shows it.
public struct TodoTxtWords: Sendable, Equatable {
    /// The todo's words: the line without its priority, creation day, `due:`, `t:` and `pri:` (one
    /// after an `(A)` says it again; another letter is a ``Problem``); projects and contexts stay
    /// in it as written, as the importer keeps them.
    public var detail: String
    /// `due:DAY`.
    public var due: CalendarDay?
    /// The other keys the line gave, in `todos.json`'s names: `priority`, `tags` (the projects and
    /// contexts), `wait` (`t:DAY`), `created` (a day before the words).
    public var members: [JSONMember]

    public init(detail: String, due: CalendarDay? = nil, members: [JSONMember] = []) {
        self.detail = detail
        self.due = due
        self.members = members
    }

    /// A line that is not read as its user meant (`due:tomorrow`, a key given twice), with the
    /// column of the word.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var column: Int
        public var reason: String

        public init(column: Int, reason: String) {
            self.column = column
            self.reason = reason
        }

        public var description: String { "column \(column): \(reason)" }
    }

    /// Reads `line`; a word a todo.txt app would read otherwise than Daybook keeps it is a problem,
    /// not a warning, since nothing is written yet and the user can type it again.
    public static func read(_ line: String) throws(Problem) -> TodoTxtWords {
        let task: TodoTxtImporter.Task
        switch TodoTxtImporter.task(line, asAdded: true) {
        case .success(let read): task = read
        case .failure(let problem): throw Problem(column: problem.column, reason: problem.reason)
        }
        if let first = task.warnings.first {
            throw Problem(column: first.column, reason: first.reason.components(separatedBy: ": the task is imported").first ?? first.reason)
        }
        // A hidden task (`h:1`) is a todo.txt app's holder of a project name: no todo to add.
        guard let item = task.item else { throw Problem(column: 1, reason: "\"h:1\" marks a hidden task, which todo.txt apps keep to hold a project or context, not a todo") }
        var words = TodoTxtWords(detail: "", members: [])
        for member in item.members {
            switch (member.key, member.value.value) {
            case ("detail", .string(let text)): words.detail = text
            case ("isDone", _): break
            case ("due", .string(let text)):
                if case .success(let date) = ISODate.parse(text) { words.due = date.day }
            default: words.members.append(member)
            }
        }
        return words
    }
}
