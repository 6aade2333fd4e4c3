/// A problem with a site's data or templates, located in the file that holds it.
///
/// Printed as `site/todos.json:14:7: "isDone" must be true or false, found "yes"`.
public struct SiteError: Error, Sendable, Hashable, Comparable, CustomStringConvertible, Encodable {
    /// The file as the user names it (the site folder joined with the file's relative path).
    public var file: String
    /// 1-based line; 0 when the problem is with the file as a whole.
    public var line: Int
    /// 1-based column in characters; 0 when the problem is with the file as a whole.
    public var column: Int
    public var reason: String

    public init(file: String, line: Int = 0, column: Int = 0, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        if file.isEmpty { return reason }
        return line > 0 ? "\(file):\(line):\(column): \(reason)" : "\(file): \(reason)"
    }

    public static func < (a: SiteError, b: SiteError) -> Bool {
        (a.file, a.line, a.column, a.reason) < (b.file, b.line, b.column, b.reason)
    }
}

/// Every problem found in one run, sorted by file and position.
public struct SiteErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [SiteError]
    /// Warnings found in the same run, printed before the errors.
    public var warnings: [SiteError]

    public init(_ errors: [SiteError], warnings: [SiteError] = []) {
        self.errors = Array(Set(errors)).sorted()
        self.warnings = Array(Set(warnings)).sorted()
    }

    /// The first `limit` errors, one a line, then a count of the rest.
    public func report(limit: Int = 20) -> String {
        var lines = errors.prefix(limit).map { "error: \($0)" }
        if errors.count > limit {
            lines.append("… and \(errors.count - limit) more errors (\(errors.count) in all)")
        }
        return lines.joined(separator: "\n")
    }

    public var description: String { report() }
}
