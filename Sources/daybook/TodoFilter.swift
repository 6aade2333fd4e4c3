import DaybookCore
import Foundation

/// The terms of `daybook todo list`, as todo.sh's `ls` takes them: a todo is listed when it has
/// every term, and none of those written `-TERM`. A word is looked for in the todo's words (in any
/// case, with or without accents); `+garden` and `@phone` are a tag, or those words.
struct TodoFilter {
    private var wanted: [String] = []
    private var unwanted: [String] = []

    init(terms: [String]) {
        for term in terms where !term.isEmpty {
            if term.count > 1, term.hasPrefix("-") { unwanted.append(String(term.dropFirst())) } else { wanted.append(term) }
        }
    }

    func matches(_ todo: Todo) -> Bool {
        wanted.allSatisfy { Self.has(todo, $0) } && !unwanted.contains { Self.has(todo, $0) }
    }

    private static func has(_ todo: Todo, _ term: String) -> Bool {
        if let mark = term.first, mark == "+" || mark == "@", term.count > 1 {
            let tag = term.dropFirst()
            if todo.tags.contains(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return true }
        }
        return todo.detail.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
