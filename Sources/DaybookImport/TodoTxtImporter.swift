import DaybookCore
import Foundation

/// A todo.txt file: one task a line (`x DONE CREATED text`, `(A) CREATED text +project @context due:DAY key:value`).
public struct TodoTxtImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        let files = try Self.files(of: export)
        var batch = ImportBatch()
        var errors: [SiteError] = []
        // Each line's source as versions before tabs parted words wrote it, numbered as they
        // numbered a source given twice (``ImportBatch/makeSourcesDistinct()``).
        var formerCounts: [String: Int] = [:]
        for file in files {
            let display = export.display(file)
            let bytes = try export.read(file)
            let read: String
            switch TextFile.decoded(bytes, file: display) {
            case .success(let text): read = text
            case .failure(let error):
                errors.append(error)
                continue
            }
            let text = TextFile.normalized(read)
            try Self.refuseJSON(text, bytes: bytes, file: display)
            var hidden = 0
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                // A line longer than any task (found by a todo.txt user's audit: one of 20 MB was a todo,
                // its words in the site's files twice) is no todo.txt's.
                if line.utf8.count > Self.maxLineBytes {
                    errors.append(SiteError(file: display, line: index + 1, column: 1,
                                            reason: "a line of \(line.utf8.count) bytes, longer than a task is (\(Self.maxLineBytes) at most): is this a todo.txt file?"))
                    continue
                }
                switch Self.task(String(line)) {
                case .success(let task):
                    let former = line.contains("\t") ? (try? Self.task(String(line), tabsPartWords: false).get())?.item?.source : task.item?.source
                    var formerSource: String?
                    if let former {
                        let n = (formerCounts[former] ?? 0) + 1
                        formerCounts[former] = n
                        formerSource = n > 1 ? former + " #\(n)" : former
                    }
                    if var item = task.item {
                        item.formerSource = formerSource
                        batch.items.append(item)
                    } else {
                        hidden += 1
                    }
                    batch.warnings += task.warnings.map { ImportWarning("\(display):\(index + 1):\($0.column): \($0.reason)") }
                case .failure(let problem):
                    errors.append(SiteError(file: display, line: index + 1, column: problem.column, reason: problem.reason))
                }
            }
            if hidden > 0 {
                batch.notes.append("\(display): \(hidden) hidden task\(hidden == 1 ? "" : "s") (h:1) left out")
            }
        }
        if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
        if files.count > 1 {
            batch.notes.append("read " + files.map(export.display).joined(separator: " and ") + " as one list")
        }
        return batch
    }

    /// The most bytes a line of todo.txt may have.
    static let maxLineBytes = 16 * 1024

    /// The files to read: the one named, or the folder's `todo.txt` (or its one `.txt`); with a
    /// `todo.txt` or `done.txt`, the other of the two beside it too, todo.txt first. The two are
    /// one list, as todo.sh keeps it: a chore done before and written again is two todos, and a
    /// task moved to done.txt is the todo it was, now done.
    static func files(of export: ExportFolder) throws(ImportFailure) -> [String] {
        let candidates = export.namedFile.map { [$0] } ?? export.files().filter { $0.lowercased().hasSuffix(".txt") }
        let named = candidates.count == 1 ? candidates[0] : candidates.first { ($0 as NSString).lastPathComponent.lowercased() == "todo.txt" }
        guard let named else { throw .at(export.label, "no todo.txt in it") }
        let folder = (named as NSString).deletingLastPathComponent
        func beside(_ name: String) -> String? {
            let path = folder.isEmpty ? name : folder + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: export.path(path), isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
            return path
        }
        switch (named as NSString).lastPathComponent.lowercased() {
        case "todo.txt": return [named] + (beside("done.txt").map { [$0] } ?? [])
        case "done.txt": return (beside("todo.txt").map { [$0] } ?? []) + [named]
        default: return [named]
        }
    }

    /// A JSON file, or JSON lines, is some other tool's export, never a todo list of "[" and "{" lines.
    static func refuseJSON(_ text: String, bytes: [UInt8], file: String) throws(ImportFailure) {
        guard let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{" else { return }
        let firstLine = text.split(separator: "\n").first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? ""
        let isJSON = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
        let isJSONLines = first == "{" && (try? JSONSerialization.jsonObject(with: Data(firstLine.utf8))) != nil
        guard isJSON || isJSONLines else { return }
        let taskwarrior = text.contains("\"uuid\"") && text.contains("\"description\"")
        throw .at(file, "is JSON, not todo.txt" + (taskwarrior ? ": a Taskwarrior export, which `daybook import taskwarrior` reads" : ""))
    }

    struct Problem: Error {
        var column: Int
        var reason: String
    }

    /// A line read: its todo, nil for a hidden one, and what was noticed on the way (a key given
    /// twice, its last value kept), each at its column.
    struct Task {
        var item: ImportedItem?
        var warnings: [Problem] = []
    }

    /// One line as a todo; no todo for a hidden one (`h:1`, which todo.txt apps keep to hold a
    /// project or context in their lists). Words are parted by a space or a tab, as todo.txt apps
    /// part them; the detail has a space where the line has either. `tabsPartWords: false` reads
    /// it as versions before did, a tab inside a word, for the source they wrote. `asAdded` reads
    /// the words of `daybook todo add`: a first `x` is a word (`x marks the spot`), and so is a
    /// `key:value` other than `due:`, `t:`, `pri:` and `h:` (`chapter:3`), as todo.sh shows it.
    static func task(_ line: String, tabsPartWords: Bool = true, asAdded: Bool = false) -> Result<Task, Problem> {
        var words = line.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || (tabsPartWords && $0 == "\t") }).map(String.init)
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
        /// `2023-02-30` where a date goes: a mistake, not the task's first word.
        func badDay(_ what: String) -> Problem? {
            guard let word = words.first, !isDay(word), Self.looksLikeDay(word) else { return nil }
            return Problem(column: column, reason: "the \(what) must be a day of the calendar like 2024-03-01, found \"\(word)\"")
        }
        var done = false, doneAt: String?, created: String?, priority: String?
        if !asAdded, words.first == "x" {
            done = true
            _ = take()
            if let problem = badDay("completion date") { return .failure(problem) }
            if let first = words.first, isDay(first) { doneAt = take() }
        }
        if let first = words.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
           let letter = first.dropFirst().first, letter.isUppercase, letter.isASCII {
            priority = String(letter)
            _ = take()
        }
        if let problem = badDay("creation date") { return .failure(problem) }
        if let first = words.first, isDay(first) { created = take() }
        // The words of the text, each a project or context (`+garden`, `@phone`) or not.
        var text: [(word: String, isTag: Bool)] = [], tags: [String] = [], keys: [JSONMember] = []
        var due: String?, wait: String?
        var warnings: [Problem] = []
        /// A key given again (`rec:+1m … rec:2w`): the later value wins, as todo.txt apps read it.
        func replacing(_ key: String, _ earlier: String?, by value: String, at column: Int) {
            guard let earlier else { return }
            warnings.append(Problem(column: column, reason: "\"\(key):\" given twice: its earlier value \"\(earlier)\" is replaced by \"\(value)\""))
        }
        for word in words {
            let start = column
            column += word.count + 1
            if word.count > 1, word.hasPrefix("+") || word.hasPrefix("@") {
                let tag = String(word.dropFirst())
                if !tags.contains(tag) { tags.append(tag) }
                text.append((word, true))
                continue
            }
            // `key:value` as todo.txt has it: neither holds a colon, and a key starts with a letter,
            // so `10:30` and `3:16` stay words of the text; so do links (`https://…`, `mailto:…`).
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex,
               word[word.startIndex].isLetter, !word[word.index(after: colon)...].contains(":"),
               word[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
               !Self.isLink(word, colon: colon) {
                let key = String(word[..<colon]), value = String(word[word.index(after: colon)...])
                // A day written otherwise (`due:2024-3-1`, `due:tomorrow`) keeps the task, without that day: one
                // hand-typed value stopped the import of a long-kept list (found by an import audit).
                if key == "due" || key == "t", !isDay(value) {
                    warnings.append(Problem(column: start, reason: "\"\(key):\" must be a day like 2024-03-01, found \"\(value)\": the task is imported without its "
                                            + (key == "due" ? "due day" : "start day (t:)") + ", the value kept in its \"keys\""))
                    if !keys.contains(where: { $0.key == key }) { keys.append(JSONMember(key: key, value: JSONNode(value: .string(value)))) }
                } else if key == "due" || key == "t" {
                    if key == "due" {
                        replacing(key, due, by: value, at: start)
                        due = value
                    } else {
                        replacing(key, wait, by: value, at: start)
                        wait = value
                    }
                } else if key == "pri", priority == nil {
                    priority = value
                } else if key == "pri", asAdded, let priority {
                    // `todo add "(A) Call pri:A"` says it twice; `(A) … pri:B` is not read as meant.
                    if value.uppercased() != priority.uppercased() {
                        warnings.append(Problem(column: start, reason: "\"\(word)\" disagrees with the priority (\(priority)) at the line's start"))
                    }
                } else if key == "h", value == "1" {
                    return .success(Task(item: nil))
                } else if asAdded {
                    text.append((word, false))
                } else if let index = keys.firstIndex(where: { $0.key == key }) {
                    if case .string(let earlier) = keys[index].value.value { replacing(key, earlier, by: value, at: start) }
                    keys[index].value = JSONNode(value: .string(value))
                } else {
                    keys.append(JSONMember(key: key, value: JSONNode(value: .string(value))))
                }
                continue
            }
            text.append((word, false))
        }
        // Every project and context stays in the words as written, as todo.sh and todo.txt apps
        // show the line (`Call Mom with @Bob`): a word at the end may be the sentence's own.
        let detail = text.map(\.word).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !detail.isEmpty else { return .failure(Problem(column: 1, reason: "the task has no text")) }
        // The source is the text without its projects and contexts (their names, when it has only
        // those), as versions that kept the end's out of the words wrote it, so a list imported then is matched now.
        let plain = text.filter { !$0.isTag }.map(\.word).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        // The same task once done, or with another priority or due day, is the same source.
        var item = ImportedItem(source: "todotxt:" + ((created.map { $0 + " " }) ?? "") + (plain.isEmpty ? tags.joined(separator: " ") : plain), title: detail)
        item.set("detail", .string(detail))
        item.set("isDone", .bool(done))
        item.set("doneAt", doneAt)
        item.set("due", due)
        item.set("wait", wait)
        item.set("tags", strings: tags)
        item.set("priority", priority)
        item.set("created", created)
        if !keys.isEmpty { item.set("keys", .object(keys)) }
        return .success(Task(item: item, warnings: warnings))
    }

    /// Whether `word` is written as a day (`2023-02-30`, `2024-13-01`), whether or not the calendar has it.
    static func looksLikeDay(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (0x30...0x39).contains($0.element) }
    }

    /// Schemes of links written without `//` (`mailto:me@example.org`).
    private static let schemesWithoutSlashes: Set<String> = ["mailto", "tel", "sms", "urn", "magnet", "geo", "xmpp", "news"]

    /// Whether `word` (a colon at `colon`) is a link: a scheme and `//` (`https://…`, `obsidian://…`) or a scheme
    /// that takes none.
    private static func isLink(_ word: String, colon: String.Index) -> Bool {
        word[word.index(after: colon)...].hasPrefix("//") || schemesWithoutSlashes.contains(word[..<colon].lowercased())
    }
}
