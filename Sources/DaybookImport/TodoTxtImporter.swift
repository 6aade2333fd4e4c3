import DaybookCore
import Foundation

/// A todo.txt file: one task a line (`x DONE CREATED text`, `(A) CREATED text +project @context due:DAY key:value`).
public struct TodoTxtImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        // A file given is read whatever its name (`todo`, `tasks.md`); in a folder, the one .txt or todo.txt.
        let files = export.namedFile.map { [$0] } ?? export.files().filter { $0.lowercased().hasSuffix(".txt") }
        let file = files.count == 1 ? files[0] : files.first { ($0 as NSString).lastPathComponent == "todo.txt" }
        guard let file else { throw .at(export.label, "no todo.txt in it") }
        let display = export.display(file)
        let bytes = try export.read(file)
        guard let read = String(validating: bytes, as: UTF8.self) else { throw .at(display, "not UTF-8 text") }
        let text = ImportText.normalized(read)
        // A JSON file is some other tool's export, never a todo list of "[" and "{" lines.
        if let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{",
           (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil {
            let taskwarrior = text.contains("\"uuid\"") && text.contains("\"description\"")
            throw .at(display, "is JSON, not todo.txt" + (taskwarrior ? ": a Taskwarrior export, which `daybook import taskwarrior` reads" : ""))
        }
        var batch = ImportBatch()
        var errors: [SiteError] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            switch Self.task(String(line)) {
            case .success(let task):
                batch.items.append(task)
            case .failure(let problem):
                errors.append(SiteError(file: display, line: index + 1, column: problem.column, reason: problem.reason))
            }
        }
        if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
        return batch
    }

    struct Problem: Error {
        var column: Int
        var reason: String
    }

    /// One line as a todo.
    static func task(_ line: String) -> Result<ImportedItem, Problem> {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var column = 1
        func take() -> String {
            let word = words.removeFirst()
            column += word.count + 1
            return word
        }
        func isDay(_ word: String) -> Bool {
            if case .success(let date) = ISODate.parse(word), !date.hasTime, word.count == 10 { return true }
            return false
        }
        var done = false, doneAt: String?, created: String?, priority: String?
        if words.first == "x" {
            done = true
            _ = take()
            if let first = words.first, isDay(first) { doneAt = take() }
        }
        if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
           let letter = first.dropFirst().first, letter.isUppercase, letter.isASCII {
            priority = String(letter)
            _ = take()
        }
        if let first = words.first, isDay(first) { created = take() }
        var text: [String] = [], tags: [String] = [], keys: [JSONMember] = []
        var due: String?
        for word in words {
            let start = column
            column += word.count + 1
            if word.count > 1, word.hasPrefix("+") || word.hasPrefix("@") {
                let tag = String(word.dropFirst())
                if !tags.contains(tag) { tags.append(tag) }
                continue
            }
            // `key:value` as todo.txt has it: neither holds a colon, and a key starts with a letter,
            // so `10:30` and `3:16` stay words of the text; so do links (`https://…`, `mailto:…`).
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex,
               word[word.startIndex].isLetter, !word[word.index(after: colon)...].contains(":"),
               word[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
               !Self.isLink(word, colon: colon) {
                let key = String(word[..<colon]), value = String(word[word.index(after: colon)...])
                if key == "due" {
                    guard isDay(value) else { return .failure(Problem(column: start, reason: "\"due:\" must be a day like 2024-03-01, found \"\(value)\"")) }
                    due = value
                } else if key == "pri", priority == nil {
                    priority = value
                } else {
                    keys.append(JSONMember(key: key, value: JSONNode(value: .string(value))))
                }
                continue
            }
            text.append(word)
        }
        let detail = text.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !detail.isEmpty || !tags.isEmpty else { return .failure(Problem(column: 1, reason: "the task has no text")) }
        let shown = detail.isEmpty ? tags.joined(separator: " ") : detail
        // The same task once done, or with another priority or due day, is the same source.
        var item = ImportedItem(source: "todotxt:" + ((created.map { $0 + " " }) ?? "") + shown, title: shown)
        item.set("detail", .string(shown))
        item.set("isDone", .bool(done))
        item.set("doneAt", doneAt)
        item.set("due", due)
        item.set("tags", strings: tags)
        item.set("priority", priority)
        item.set("created", created)
        if !keys.isEmpty { item.set("keys", .object(keys)) }
        return .success(item)
    }

    /// Schemes of links written without `//` (`mailto:me@example.org`).
    private static let schemesWithoutSlashes: Set<String> = ["mailto", "tel", "sms", "urn", "magnet", "geo", "xmpp", "news"]

    /// Whether `word` (a colon at `colon`) is a link: a scheme and `//` (`https://…`, `obsidian://…`) or a scheme
    /// that takes none.
    private static func isLink(_ word: String, colon: String.Index) -> Bool {
        word[word.index(after: colon)...].hasPrefix("//") || schemesWithoutSlashes.contains(word[..<colon].lowercased())
    }
}
