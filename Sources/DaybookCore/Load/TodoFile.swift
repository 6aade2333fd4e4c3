/// Reads `todos.json`: a JSON array of todos with the seed app's field names.
public enum TodoFile {
    /// The keys of a todo, for "did you mean".
    public static let keys = ["id", "detail", "isDone", "isToday", "due", "wait", "doneAt", "tags", "priority", "annotations"]

    /// Decodes every todo, appending located errors (wrong types, missing fields, duplicate ids).
    public static func decode(_ bytes: [UInt8], file: String, errors: inout [SiteError]) -> [Todo] {
        var warnings: [SiteError] = []
        return decode(bytes, file: file, errors: &errors, warnings: &warnings)
    }

    /// Decodes every todo, appending located errors and warnings (a misspelled key).
    public static func decode(_ bytes: [UInt8], file: String, errors: inout [SiteError], warnings: inout [SiteError]) -> [Todo] {
        var controls = false
        guard let node = JSONReader.parse(bytes, file: file, expected: "a JSON array of todos", errors: &errors,
                                          controls: &controls) else { return [] }
        var reader = JSONReader(file: file, bytes: bytes, cleansControls: controls)
        defer { errors += reader.errors; warnings += reader.warnings }
        guard case .array(let items) = node.value else {
            reader.fail(node.offset, "expected an array of todos, found \(JSONReader.found(node))")
            return []
        }
        var todos: [Todo] = []
        var firstOffset: [Int: Int] = [:]
        for item in items {
            guard let members = reader.members(item, what: "a todo") else { continue }
            let before = reader.errorCount
            reader.checkDuplicateKeys(members, known: keys)
            var id: Int?
            var detail: String?
            var todo = Todo(id: 0, detail: "")
            for member in members {
                switch member.key {
                case "id":
                    id = reader.integer(member)
                    if let id {
                        if let first = firstOffset[id] {
                            let line = reader.position(of: first).line
                            reader.fail(member.value.offset, "duplicate todo id \(id) (first used on line \(line))")
                        } else {
                            firstOffset[id] = member.value.offset
                        }
                    }
                case "detail":
                    // A todo's words share its line with its due day (found by a review: a bidirectional override left open turned it around).
                    detail = reader.string(member, allowNull: false).map { reader.closingBidi($0, key: "detail", offset: member.value.offset) }
                case "isDone": todo.isDone = reader.bool(member) ?? false
                case "isToday": todo.isToday = reader.bool(member) ?? false
                case "due", "wait":
                    if let date = reader.date(member) {
                        if date.hasTime {
                            reader.fail(member.value.offset, "\"\(member.key)\" must be a day like 2021-11-13, without a time")
                        }
                        if member.key == "due" { todo.due = date.day } else { todo.wait = date.day }
                    }
                case "doneAt": todo.doneAt = reader.date(member)
                case "tags": todo.tags = reader.strings(member).map { reader.closingBidi($0, key: "tags", offset: member.value.offset) }
                case "priority": todo.priority = reader.string(member, allowNull: true).flatMap { $0.isEmpty ? nil : $0 }
                case "annotations": todo.annotations = reader.strings(member)
                default: reader.unknownKey(member, known: keys)
                }
            }
            if members.first(where: { $0.key == "id" }) == nil { reader.fail(item.offset, "todo is missing \"id\"") }
            if members.first(where: { $0.key == "detail" }) == nil { reader.fail(item.offset, "todo is missing \"detail\"") }
            guard reader.errorCount == before, let id, let detail else { continue }
            todo.id = id
            todo.detail = detail
            todos.append(todo)
        }
        return todos
    }
}
