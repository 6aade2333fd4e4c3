/// A located template problem: a syntax error found while compiling, or a
/// reference to a template that does not exist.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The template name as given to the compiler or library.
    public let name: String
    /// 1-based line of the problem (0 when it has no position).
    public let line: Int
    /// 1-based column, counted in Unicode scalars from the line start (0 when it has no position).
    public let column: Int
    /// Plain-English explanation, e.g. `unclosed section "entries"`.
    public let reason: String
    /// The template's other problems found in the same pass, after this one (a file of Hugo's
    /// `{{ .Title }}` tags has one a tag); each names its own line and column.
    public var more: [TemplateError] = []

    /// Creates an error.
    public init(name: String, line: Int, column: Int, reason: String) {
        self.name = name
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `name:line:column: reason`, e.g. `layout.mustache:12:5: unclosed section "entries"`;
    /// `name: reason` when the error has no position.
    public var description: String {
        line > 0 ? "\(name):\(line):\(column): \(reason)" : "\(name): \(reason)"
    }
}
