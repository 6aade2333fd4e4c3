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
        switch TodoTxtImporter.task(asciiMarks(line), asAdded: true) {
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

    /// `line` with the todo.txt marks a Chinese or Japanese input method types in full width read
    /// as ASCII: `（Ａ）`, `＋買い物`, `＠駅前`, `due：２０２６－１２－１０`; an ideographic space
    /// beside such a word parts it as a space does. Other words stay as typed, and each character
    /// stays one, so a problem's column is the typed line's.
    static func asciiMarks(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { $0.value >= 0xFF01 && $0.value <= 0xFF5E }) else { return line }
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\u{3000}" }
        var words: [(word: String, mark: Bool)] = [], separators: [String] = [""]
        var current = ""
        for character in line {
            if isSpace(character) {
                if !current.isEmpty { words.append((current, false)); separators.append(""); current = "" }
                separators[separators.count - 1].append(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append((current, false)); separators.append("") }
        for (k, entry) in words.enumerated() {
            guard let marked = asciiMark(entry.word, first: k == 0) else { continue }
            words[k] = (marked, true)
        }
        var out = ""
        for (k, entry) in words.enumerated() {
            let before = separators[k], beside = entry.mark || (k > 0 && words[k - 1].mark)
            out += beside ? before.replacingOccurrences(of: "\u{3000}", with: " ") : before
            out += entry.word
        }
        let last = separators[words.count]
        return out + (words.last?.mark == true ? last.replacingOccurrences(of: "\u{3000}", with: " ") : last)
    }

    /// A word typed in full width that is a todo.txt mark, as ASCII; nil for any other word.
    private static func asciiMark(_ word: String, first: Bool) -> String? {
        let scalars = Array(word.unicodeScalars)
        guard let lead = scalars.first, scalars.contains(where: { $0.value >= 0xFF01 && $0.value <= 0xFF5E }) else { return nil }
        func ascii(_ s: Unicode.Scalar) -> Unicode.Scalar {
            s.value >= 0xFF01 && s.value <= 0xFF5E ? Unicode.Scalar(s.value - 0xFEE0)! : s
        }
        // `＋project`, `＠context`: the mark alone, the name as typed.
        if (lead == "＋" || lead == "＠"), scalars.count > 1 {
            return String(Character(ascii(lead))) + String(String.UnicodeScalarView(scalars.dropFirst()))
        }
        // A first `（Ａ）`, and `due：`, `t：`, `pri：` and `rec：` with their values: every character ASCII once read so.
        let folded = String(String.UnicodeScalarView(scalars.map(ascii)))
        guard folded.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        if first, folded.count == 3, folded.first == "(", folded.last == ")", folded.dropFirst().first!.isUppercase { return folded }
        guard let colon = folded.firstIndex(of: ":"), ["due", "t", "pri", "rec"].contains(folded[..<colon]),
              folded.index(after: colon) != folded.endIndex else { return nil }
        return folded
    }
}
