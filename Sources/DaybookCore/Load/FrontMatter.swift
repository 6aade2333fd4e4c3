import CYAML
import Foundation

/// A note's front matter: YAML between `---` lines at its top, parsed through libyaml, or TOML
/// between `+++` lines (``TOMLFrontMatter``), into a small tree. YAML aliases are refused (no
/// billion laughs), and in both nesting deeper than ``maxDepth``, more than ``maxNodes`` values
/// and front matter over ``maxBytes``. The site's pages (`pages/*.md`) and the Markdown importer read it.
public struct FrontMatter {
    /// A YAML value: a scalar's text (with whether it was written plain, unquoted), a list or a map.
    public indirect enum Value: Equatable, Sendable {
        case scalar(String, plain: Bool, line: Int, column: Int)
        case list([Value], line: Int, column: Int)
        /// `keyLines`: each key's line, where the front matter's parser gives them (YAML).
        case map([(key: String, value: Value)], line: Int, column: Int, keyLines: [Int] = [])

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case let (.scalar(x, p, _, _), .scalar(y, q, _, _)): return x == y && p == q
            case let (.list(x, _, _), .list(y, _, _)): return x == y
            case let (.map(x, _, _, _), .map(y, _, _, _)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
            default: return false
            }
        }

        /// Whether it is YAML's null written plain (`~`, `null`, nothing): a key left empty, taken as absent.
        public var isNull: Bool {
            guard case .scalar(let text, true, _, _) = self else { return false }
            return ["", "~", "null", "Null", "NULL"].contains(text)
        }

        /// 1-based line and column in the YAML text.
        public var position: (line: Int, column: Int) {
            switch self {
            case .scalar(_, _, let line, let column), .list(_, let line, let column), .map(_, let line, let column, _): return (line, column)
            }
        }
    }

    public static let maxDepth = 32
    public static let maxNodes = 10_000
    public static let maxBytes = 256 * 1024

    /// A problem at a 1-based line and column of the YAML text.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var reason: String

        public init(line: Int, column: Int, reason: String) {
            self.line = line
            self.column = column
            self.reason = reason
        }
    }

    /// How front matter is written: YAML between `---` lines (Jekyll, Obsidian, Hugo), TOML
    /// between `+++` lines (Hugo).
    public enum Syntax: Equatable, Sendable {
        case yaml, toml
    }

    /// A note split at its front matter.
    public struct Parts: Sendable {
        public var syntax: Syntax
        /// The front matter's text; nil when the note has none.
        public var text: String?
        /// The note's line the text starts on (1-based).
        public var firstLine: Int
        public var body: String
        /// The note opens TOML front matter (`+++`) that no `+++` line closes, as Hugo refuses.
        /// (An unclosed `---` is the note's text: a Markdown rule.)
        public var unclosed = false
        /// A `---` followed by a `key: value` line and never closed: read as text, with a warning.
        public var looksUnclosed = false
    }

    /// Splits a note into its front matter and the rest. The fences may have spaces after them.
    public static func split(_ text: String) -> Parts {
        let normalized = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let lines = normalized.split(separator: "\n", omittingEmptySubsequences: false)
        func fence(_ line: Substring) -> String { line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\r", with: "") }
        let syntax: Syntax, fences: Set<String>
        switch lines.first.map(fence) {
        case "---": (syntax, fences) = (.yaml, ["---", "..."])
        case "+++": (syntax, fences) = (.toml, ["+++"])
        default: return Parts(syntax: .yaml, text: nil, firstLine: 1, body: text)
        }
        guard !lines[0].hasPrefix(" ") else { return Parts(syntax: .yaml, text: nil, firstLine: 1, body: text) }
        for index in 1..<lines.count where fences.contains(fence(lines[index])) {
            let matter = lines[1..<index].joined(separator: "\n")
            let body = lines[(index + 1)...].joined(separator: "\n")
            return Parts(syntax: syntax, text: matter, firstLine: 2, body: body)
        }
        // A `---` with a `key: value` line after it and no closing line looks like front matter left open.
        let keyLike = lines.count > 1 && lines[1].range(of: #"^[A-Za-z_][A-Za-z0-9_-]*:(\s|$)"#, options: .regularExpression) != nil
        return Parts(syntax: .yaml, text: nil, firstLine: 1, body: text, unclosed: syntax == .toml, looksUnclosed: syntax == .yaml && keyLike)
    }

    /// The front matter's value (nil when empty YAML), read as `syntax`; `firstLine` is the note's
    /// line it starts on, for messages that name another line.
    public static func parse(_ text: String, as syntax: Syntax, firstLine: Int = 1) -> Result<Value?, Problem> {
        switch syntax {
        case .yaml: parse(text, firstLine: firstLine)
        case .toml: TOMLFrontMatter.parse(text)
        }
    }

    /// The YAML's one document (nil when empty); `firstLine` as above.
    public static func parse(_ yaml: String, firstLine: Int = 1) -> Result<Value?, Problem> {
        let bytes = Array(yaml.utf8)
        guard bytes.count <= maxBytes else { return .failure(Problem(line: 1, column: 1, reason: "front matter larger than \(maxBytes / 1024) KB")) }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .failure(Problem(line: 1, column: 1, reason: "cannot start libyaml")) }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder(firstLine: firstLine)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let mark = parser.problem_mark
                    let reason = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
                    // A tab where YAML indents is told where the tab is.
                    if reason.contains("tab character") {
                        return .failure(Problem(line: Int(mark.line) + 1, column: Int(mark.column) + 1,
                                                reason: "YAML: \(reason) (YAML indents with spaces, not tabs)"))
                    }
                    // What libyaml was reading names where the mistake is when it is a quoted text or a
                    // bracket never closed, and its problem where it noticed: located at the first,
                    // with the second said. A block mapping starts at its first key, lines before the
                    // mistake (found by an audit: `title: "Garden: "tomatoes""` was told at column 1).
                    let context = parser.context.map { String(cString: $0) }
                    if let context, context.hasPrefix("while scanning") || context.contains("flow") {
                        let start = parser.context_mark
                        return .failure(Problem(line: Int(start.line) + 1, column: Int(start.column) + 1,
                                                reason: "YAML: \(context) that starts here: \(reason) at line \(Int(mark.line) + firstLine), column \(Int(mark.column) + 1)"))
                    }
                    // Words right after a closing quote: the quote was meant as part of the text.
                    // libyaml counts characters, not bytes: the byte is found from the line and column.
                    var at = 0, line = 0, column = 0
                    while at < bytes.count && line < Int(mark.line) {
                        if bytes[at] == 0x0A { line += 1 }
                        at += 1
                    }
                    while at < bytes.count && column < Int(mark.column) {
                        at += 1
                        while at < bytes.count && bytes[at] & 0xC0 == 0x80 { at += 1 }
                        column += 1
                    }
                    let afterQuote = at > 0 && at <= bytes.count && (bytes[at - 1] == UInt8(ascii: "\"") || bytes[at - 1] == UInt8(ascii: "'"))
                    let hint = afterQuote ? #" (after a closing quote: a text that holds quotes is written in the other kind, 'a "b" c')"# : ""
                    return .failure(Problem(line: Int(mark.line) + 1, column: Int(mark.column) + 1,
                                            reason: "YAML: \(reason)\(context.map { ", " + $0 } ?? "")\(hint)"))
                }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return .success(builder.root)
                case YAML_ALIAS_EVENT:
                    return .failure(Problem(line: line, column: column, reason: "YAML aliases (*name) are not allowed in front matter"))
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
                    if let problem = builder.add(.scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, line: line, column: column)) { return .failure(problem) }
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if let problem = builder.open(isMap: event.type == YAML_MAPPING_START_EVENT, line: line, column: column) { return .failure(problem) }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    if let problem = builder.close() { return .failure(problem) }
                default:
                    break
                }
            }
        }
    }

    /// Builds the tree from libyaml's events.
    private struct Builder {
        struct Open {
            var isMap: Bool
            var line: Int
            var column: Int
            var items: [Value] = []
        }

        let firstLine: Int
        var stack: [Open] = []
        var root: Value?
        var nodes = 0

        mutating func open(isMap: Bool, line: Int, column: Int) -> Problem? {
            guard stack.count < FrontMatter.maxDepth else { return Problem(line: line, column: column, reason: "front matter nested deeper than \(FrontMatter.maxDepth)") }
            stack.append(Open(isMap: isMap, line: line, column: column))
            return nil
        }

        mutating func close() -> Problem? {
            guard let done = stack.popLast() else { return nil }
            if done.isMap {
                var pairs: [(key: String, value: Value)] = []
                var firstLines: [String: Int] = [:]
                var keyLines: [Int] = []
                var k = 0
                while k + 1 < done.items.count {
                    guard case .scalar(let key, _, let line, let column) = done.items[k] else {
                        let p = done.items[k].position
                        return Problem(line: p.line, column: p.column, reason: "front matter keys must be plain text")
                    }
                    // As YAML says, and Hugo's parser does: which of two values was meant is not known.
                    if let first = firstLines[key] {
                        return Problem(line: line, column: column, reason: "key \"\(key)\" is given twice (first on line \(first + firstLine - 1))")
                    }
                    firstLines[key] = line
                    keyLines.append(line)
                    pairs.append((key, done.items[k + 1]))
                    k += 2
                }
                return add(.map(pairs, line: done.line, column: done.column, keyLines: keyLines))
            }
            return add(.list(done.items, line: done.line, column: done.column))
        }

        mutating func add(_ value: Value) -> Problem? {
            nodes += 1
            if nodes > FrontMatter.maxNodes {
                let p = value.position
                return Problem(line: p.line, column: p.column, reason: "front matter has more than \(FrontMatter.maxNodes) values")
            }
            if stack.isEmpty { root = value } else { stack[stack.count - 1].items.append(value) }
            return nil
        }
    }
}
