import Foundation

/// A site's `todos.json`, read and changed by `daybook todo`. The only code that writes it.
///
/// Every change takes the file's lock (``LockedFile``: `.todos.json.lock` beside it),
/// re-reads and validates the file, edits its JSON tree (so unknown keys and the key order
/// of every todo survive), and replaces the file atomically (temp file, fsync, rename)
/// before unlocking. So concurrent changes, from threads or processes, never lose one
/// another, and a crash leaves the old file or the new one.
///
/// Methods throw ``SiteErrors`` when the file has errors (it is then left untouched) and
/// ``TodoStoreError`` for anything else.
public struct TodoStore: Sendable {
    /// The site folder as the user named it.
    public let site: String

    public init(site: String) {
        self.site = site
    }

    /// Called once when another process holds `todos.json`'s lock, before a change waits for it:
    /// for the command to say why it waits.
    public var whenLockHeld: (@Sendable () -> Void)?

    /// `todos.json` as the user would type it (`site/todos.json`); also its path on disk.
    public var file: String { storage.path }

    /// The lock's file (`site/.todos.json.lock`), to name while waiting for it.
    public var lockFile: String { storage.lockPath }

    /// The file with its lock (`.todos.json.lock`) and temp file (`.todos.json.tmp`).
    private var storage: LockedFile { LockedFile(folder: site, name: "todos.json") }

    // MARK: Operations

    /// Every todo, in file order; a missing file is an empty list.
    public func list() throws -> [Todo] {
        try load().todos
    }

    /// What the build would warn about in the file (a misspelled key: `"isdone"`); none when it is
    /// missing or cannot be read.
    public func warnings() -> [SiteError] {
        guard let bytes = try? storage.read() else { return [] }
        var errors: [SiteError] = [], warnings: [SiteError] = []
        _ = TodoFile.decode(bytes, file: file, errors: &errors, warnings: &warnings)
        return warnings
    }

    /// Every todo with its object as `todos.json` has it (every key, the user's own too), in file order.
    public func listWithKeys() throws -> [(todo: Todo, object: JSONNode)] {
        let file = try load()
        return Array(zip(file.todos, file.items))
    }

    /// Appends a todo with the next id (the largest id + 1, or 1) and returns it; `more` are
    /// further keys written after these (`priority`, `tags`, `wait`), as `todos.json` has them.
    public func add(detail: String, isToday: Bool = false, due: CalendarDay? = nil, more: [JSONMember] = []) throws -> Todo {
        try change { items, todos in
            let last = todos.map(\.id).max() ?? 0
            let (id, overflow) = last.addingReportingOverflow(1)
            if overflow { throw TodoStoreError.noIDLeft(file: file) }
            let (item, todo) = newTodo(id: id, detail: detail, isToday: isToday, due: due, more: more)
            items.append(item)
            return todo
        }
    }

    /// A new todo's item, its keys in the order `add` writes them (`id`, `detail`, `isDone`,
    /// `isToday`, `due`, then `more`), and the todo as a build reads it (with its tags, priority
    /// and wait).
    private func newTodo(id: Int, detail: String, isToday: Bool, due: CalendarDay?, more: [JSONMember]) -> (item: JSONNode, todo: Todo) {
        var todo = Todo(id: id, detail: detail)
        todo.isToday = isToday
        todo.due = due
        var members = [
            JSONMember(key: "id", value: JSONNode(value: .number(String(id)))),
            JSONMember(key: "detail", value: JSONNode(value: .string(detail))),
            JSONMember(key: "isDone", value: JSONNode(value: .bool(false))),
            JSONMember(key: "isToday", value: JSONNode(value: .bool(isToday))),
        ]
        if let due { members.append(JSONMember(key: "due", value: JSONNode(value: .string(due.description)))) }
        let written = Set(members.map(\.key))
        members += more.filter { !written.contains($0.key) }
        let item = JSONNode(value: .object(members))
        if !more.isEmpty {
            var errors: [SiteError] = []
            todo = TodoFile.decode(JSONWriter.write(.array([item])), file: file, errors: &errors).first ?? todo
        }
        return (item, todo)
    }

    /// Marks a todo done at `now` (ISO 8601 text, stored as `doneAt`) and returns it, with whether
    /// it was done already. A todo that is done already is left as it is: its `doneAt`, or none
    /// (an imported one may have no date; it was done then, not now).
    public func done(id: Int, now: String) throws -> (todo: Todo, wasDone: Bool) {
        let done = try done(ids: [id], now: now)[0]
        return (done.todo, done.wasDone)
    }

    /// Marks several todos done at once (`daybook todo done 3 5`), each as ``done(id:now:)`` does;
    /// none when one of the ids has no todo. A todo with a `rec:` word (``TodoRecurrence``) comes
    /// again: a new todo with its words, tags and priority, due on the next day (`next`), counted
    /// from `day`: the day it is done in the site's zone (`now`'s own day when nil).
    public func done(ids: [Int], now: String, day: CalendarDay? = nil) throws -> [(todo: Todo, wasDone: Bool, next: Todo?)] {
        let doneAt: ISODate
        switch ISODate.parse(now) {
        case .success(let date): doneAt = date
        case .failure(let error): throw TodoStoreError.invalidDate(now, reason: error.reason)
        }
        return try change { items, todos in
            var done: [(todo: Todo, wasDone: Bool, next: Todo?)] = []
            var lastID = todos.map(\.id).max() ?? 0
            for index in try Self.indices(of: ids, in: todos) {
                var todo = todos[index]
                // Done already: as it is, with its doneAt or none (when it was done is not known; it was not now).
                if todo.isDone {
                    done.append((todo, true, nil))
                    continue
                }
                Self.set("isDone", .bool(true), in: &items[index])
                Self.set("doneAt", .string(now), in: &items[index])
                todo.isDone = true
                todo.doneAt = doneAt
                var next: Todo?
                let days = TodoRecurrence(detail: todo.detail)?.next(due: todo.due, wait: todo.wait, doneOn: day ?? doneAt.day)
                // A next day past the year 9999 (`rec:9999y`) is none an ISO 8601 date writes.
                if let days, (days.due ?? days.wait).map({ $0.year <= 9999 }) ?? true {
                    let (id, overflow) = lastID.addingReportingOverflow(1)
                    if overflow { throw TodoStoreError.noIDLeft(file: file) }
                    lastID = id
                    var more: [JSONMember] = []
                    if let wait = days.wait { more.append(JSONMember(key: "wait", value: JSONNode(value: .string(wait.description)))) }
                    if !todo.tags.isEmpty { more.append(JSONMember(key: "tags", value: JSONNode(value: .array(todo.tags.map { JSONNode(value: .string($0)) })))) }
                    if let priority = todo.priority { more.append(JSONMember(key: "priority", value: JSONNode(value: .string(priority)))) }
                    let made = newTodo(id: id, detail: todo.detail, isToday: false, due: days.due, more: more)
                    items.append(made.item)
                    next = made.todo
                }
                done.append((todo, false, next))
            }
            return done
        }
    }

    /// Marks a todo not done (removing `doneAt`) and returns it, with whether it was done.
    public func undo(id: Int) throws -> (todo: Todo, wasDone: Bool) {
        try undo(ids: [id])[0]
    }

    /// Marks several todos not done at once; none when one of the ids has no todo.
    public func undo(ids: [Int]) throws -> [(todo: Todo, wasDone: Bool)] {
        var wasDone: [Bool] = []
        let todos = try update(ids) { node, todo in
            wasDone.append(todo.isDone)
            // A todo not done is left as it is, `isDone` or none.
            guard todo.isDone || todo.doneAt != nil else { return }
            Self.set("isDone", .bool(false), in: &node)
            Self.remove("doneAt", from: &node)
            todo.isDone = false
            todo.doneAt = nil
        }
        return Array(zip(todos, wasDone))
    }

    /// Replaces a todo's `detail` (every other key stays as it is) and returns it, with whether
    /// the words were others.
    public func edit(id: Int, detail: String) throws -> (todo: Todo, changed: Bool) {
        try edit(id: id, detail: detail, due: nil)
    }

    /// A change of a todo's due day: a day, or none.
    public enum DueChange: Sendable, Equatable {
        case day(CalendarDay)
        case none
    }

    /// What new words for a todo say beside them, read as todo.txt's (`daybook todo edit 4 "(A) Pay
    /// rent +home t:2026-12-08"`): a priority or a wait day to set (nil keeps the todo's), and the
    /// tags of the words (`+home`, `@phone`).
    public struct EditedWords: Sendable {
        public var priority: String?
        public var wait: CalendarDay?
        public var tags: [String]

        public init(priority: String?, wait: CalendarDay?, tags: [String]) {
            self.priority = priority
            self.wait = wait
            self.tags = tags
        }
    }

    /// Changes a todo's words and, or, its due day (nil leaves each as it is); whether anything changed.
    /// With `read`, the words' priority and wait day are set, and the todo's tags follow its words: a
    /// tag the old words had and the new ones do not goes, one of the new words comes, and one not
    /// of its words (given in todos.json, or by Taskwarrior) stays.
    public func edit(id: Int, detail: String?, due: DueChange?, read: EditedWords? = nil) throws -> (todo: Todo, changed: Bool) {
        try edit(id: id, words: detail.map { detail in { _ in (detail, read) } }, due: due)
    }

    /// The same, the new words (and what they say) made from the todo's words as they are in the
    /// locked file: todo.sh's `append` and `prepend`.
    public func edit(id: Int, words: ((String) -> (String, EditedWords?))?, due: DueChange?) throws -> (todo: Todo, changed: Bool) {
        var changed = false
        let todo = try update([id]) { node, todo in
            if let (detail, read) = words?(todo.detail) {
                changed = changed || todo.detail != detail
                if let read {
                    // A tag goes when the old words held it (`+home`, `@phone`) and the new ones do not.
                    let (old, new) = (Array(todo.detail.utf8), Array(detail.utf8))
                    let gone = Set(todo.tags.filter { Todo.holds(old, tag: $0, marks: "+@") && !Todo.holds(new, tag: $0, marks: "+@") })
                    var tags = todo.tags.filter { !gone.contains($0) }
                    for tag in read.tags where !tags.contains(tag) { tags.append(tag) }
                    if tags != todo.tags {
                        changed = true
                        if tags.isEmpty { Self.remove("tags", from: &node) } else { Self.set("tags", .array(tags.map { JSONNode(value: .string($0)) }), in: &node) }
                        todo.tags = tags
                    }
                    if let priority = read.priority, priority != todo.priority {
                        changed = true
                        Self.set("priority", .string(priority), in: &node)
                        todo.priority = priority
                    }
                    if let wait = read.wait, wait != todo.wait {
                        changed = true
                        Self.set("wait", .string(wait.description), in: &node)
                        todo.wait = wait
                    }
                }
                Self.set("detail", .string(detail), in: &node)
                todo.detail = detail
            }
            switch due {
            case .day(let day)?:
                changed = changed || todo.due != day
                Self.set("due", .string(day.description), in: &node)
                todo.due = day
            case .none?:
                changed = changed || todo.due != nil
                Self.remove("due", from: &node)
                todo.due = nil
            case nil:
                break
            }
        }[0]
        return (todo, changed)
    }

    /// Gives todos a priority (`A` to `Z`), or takes it away (nil): todo.sh's `pri` and `depri`.
    /// Whether each changed.
    public func setPriority(ids: [Int], _ letter: String?) throws -> [(todo: Todo, changed: Bool)] {
        var changed: [Bool] = []
        let todos = try update(ids) { node, todo in
            changed.append(todo.priority != letter)
            if let letter { Self.set("priority", .string(letter), in: &node) } else { Self.remove("priority", from: &node) }
            todo.priority = letter
        }
        return Array(zip(todos, changed))
    }

    /// Flips a todo's `isToday` and returns it.
    public func toggleToday(id: Int) throws -> Todo {
        try toggleToday(ids: [id])[0]
    }

    /// Flips several todos' `isToday` at once; none when one of the ids has no todo.
    public func toggleToday(ids: [Int]) throws -> [Todo] {
        try update(ids) { node, todo in
            todo.isToday.toggle()
            Self.set("isToday", .bool(todo.isToday), in: &node)
        }
    }

    /// Deletes a todo and returns it as it was.
    @discardableResult
    public func remove(id: Int) throws -> Todo {
        try remove(ids: [id])[0]
    }

    /// Deletes several todos at once and returns them as they were; none when one of the ids has no todo.
    @discardableResult
    public func remove(ids: [Int]) throws -> [Todo] {
        try change { items, todos in
            let indices = try Self.indices(of: ids, in: todos)
            for index in indices.sorted(by: >) { items.remove(at: index) }
            return indices.map { todos[$0] }
        }
    }

    // MARK: The locked read-change-write cycle

    /// Edits the todos with these ids (each once, in the order given), in the tree and as values.
    private func update(_ ids: [Int], _ edit: (inout JSONNode, inout Todo) -> Void) throws -> [Todo] {
        try change { items, todos in
            try Self.indices(of: ids, in: todos).map { index in
                var todo = todos[index]
                edit(&items[index], &todo)
                return todo
            }
        }
    }

    /// Where each id's todo is, each id once in the order given; throws for the first id without one,
    /// before anything is changed.
    private static func indices(of ids: [Int], in todos: [Todo]) throws -> [Int] {
        var seen = Set<Int>()
        return try ids.filter { seen.insert($0).inserted }.map { id in
            guard let index = todos.firstIndex(where: { $0.id == id }) else { throw TodoStoreError.noSuchTodo(id) }
            return index
        }
    }

    /// Runs `body` on the file's items (and their decoded todos, index for index) under the
    /// lock, then replaces the file with the changed items. Nothing is written if it throws, or
    /// when the items are as they were (the file keeps its bytes, inode and time).
    private func change<T>(_ body: (inout [JSONNode], [Todo]) throws -> T) throws -> T {
        do {
            return try storage.withLock(whenHeld: whenLockHeld) {
                let current = try load()
                var items = current.items
                let result = try body(&items, current.todos)
                let bytes = JSONWriter.write(.array(items))
                if !current.exists || bytes != JSONWriter.write(.array(current.items)) {
                    // A rename would replace a read-only file in silence.
                    if let mode = storage.readOnlyMode() { throw TodoStoreError.readOnly(file, mode: mode) }
                    try storage.replace(with: bytes)
                }
                return result
            }
        } catch let error as FileAccessError {
            throw TodoStoreError.io(error.message)
        }
    }

    /// The file's items and todos; empty when the file is missing, `SiteErrors` when it has errors.
    private func load() throws -> (items: [JSONNode], todos: [Todo], exists: Bool) {
        guard let bytes = try storage.read() else { return ([], [], false) }
        var errors: [SiteError] = []
        let todos = TodoFile.decode(bytes, file: file, errors: &errors)
        guard errors.isEmpty, case .array(let items) = try JSONParser.parse(bytes).value else {
            throw SiteErrors(errors)
        }
        return (items, todos, true)  // no errors, so one todo per item, in order
    }

    // MARK: Helpers

    /// Sets every member named `key` (so duplicates agree), or appends one.
    private static func set(_ key: String, _ value: JSONValue, in node: inout JSONNode) {
        guard case .object(var members) = node.value else { return }
        var found = false
        for i in members.indices where members[i].key == key {
            members[i].value = JSONNode(value: value)
            found = true
        }
        if !found { members.append(JSONMember(key: key, value: JSONNode(value: value))) }
        node.value = .object(members)
    }

    /// Removes every member named `key`.
    private static func remove(_ key: String, from node: inout JSONNode) {
        guard case .object(let members) = node.value else { return }
        node.value = .object(members.filter { $0.key != key })
    }
}

/// Why a ``TodoStore`` operation failed, when it is not an error in the file's data.
public enum TodoStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No todo has this id.
    case noSuchTodo(Int)
    /// A `doneAt` text that is not ISO 8601.
    case invalidDate(String, reason: String)
    /// The largest id in the file is `Int.max`, so there is no next one.
    case noIDLeft(file: String)
    /// The file or its folder could not be read, locked or written.
    case io(String)
    /// `todos.json` (as the user names it) exists and is read-only (``LockedFile/readOnlyMode()``): its mode.
    case readOnly(String, mode: mode_t)

    public var description: String {
        switch self {
        case .noSuchTodo(let id): return "no todo with id \(id)"
        case .invalidDate(let text, let reason): return "\"doneAt\" must be an ISO 8601 date (\(reason)), found '\(text)'"
        case .noIDLeft(let file): return "\(file): no id left after \(Int.max), the largest id in it; give that todo a smaller one"
        case .io(let message): return message
        case .readOnly(let file, let mode): return LockedFile.readOnlyMessage(file, mode: mode, nothingWas: "changed")
        }
    }
}
