import DaybookCore

/// A JSON file of an export, parsed, with located errors for what it holds
/// (`Export.zip:Journal.json:12:5: "text" must be a string, found an object`).
struct ExportDocument {
    /// The file as messages name it.
    let file: String
    let bytes: [UInt8]
    let root: JSONNode
    private(set) var errors: [SiteError] = []

    /// Parses the bytes, or throws the located syntax error.
    init(file: String, bytes: [UInt8]) throws(ImportFailure) {
        self.file = file
        self.bytes = bytes
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .invalid(SiteErrors([Self.error(file, bytes, error.offset, error.reason)]))
        }
    }

    private static func error(_ file: String, _ bytes: [UInt8], _ offset: Int, _ reason: String) -> SiteError {
        let position = SourcePosition(offset: offset, in: bytes)
        return SiteError(file: file, line: position.line, column: position.column, reason: reason)
    }

    mutating func fail(_ node: JSONNode, _ reason: String) {
        errors.append(Self.error(file, bytes, node.offset, reason))
    }

    /// Where `node` starts, as errors name it: `export.json:41:16`.
    func place(of node: JSONNode) -> String {
        let located = Self.error(file, bytes, node.offset, "")
        return "\(located.file):\(located.line):\(located.column)"
    }

    /// A warning at where `node` starts, located as errors are (`export.json:41:16: …`).
    func warning(at node: JSONNode, _ reason: String) -> ImportWarning {
        ImportWarning(Self.error(file, bytes, node.offset, reason).description)
    }

    /// Throws the errors found so far, if any.
    func check() throws(ImportFailure) {
        if !errors.isEmpty { throw .invalid(SiteErrors(errors)) }
    }

    static func found(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let s): return "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .number(let n): return n
        case .bool(let b): return b ? "true" : "false"
        default: return node.typeName
        }
    }

    /// The members of an object, or nil with an error.
    mutating func members(_ node: JSONNode, _ what: String) -> [JSONMember]? {
        guard case .object(let members) = node.value else {
            fail(node, "\(what) must be an object, found \(Self.found(node))")
            return nil
        }
        return members
    }

    /// The elements of an array, or nil with an error.
    mutating func elements(_ node: JSONNode, _ what: String) -> [JSONNode]? {
        guard case .array(let items) = node.value else {
            fail(node, "\(what) must be an array, found \(Self.found(node))")
            return nil
        }
        return items
    }

    /// A member's string (nil when absent or null; an error when it is something else).
    mutating func string(_ object: JSONNode, _ key: String) -> String? {
        guard let member = object[key] else { return nil }
        switch member.value.value {
        case .string(let s): return s
        case .null: return nil
        default:
            fail(member.value, "\"\(key)\" must be a string, found \(Self.found(member.value))")
            return nil
        }
    }

    mutating func bool(_ object: JSONNode, _ key: String) -> Bool? {
        guard let member = object[key] else { return nil }
        switch member.value.value {
        case .bool(let b): return b
        case .null: return nil
        default:
            fail(member.value, "\"\(key)\" must be true or false, found \(Self.found(member.value))")
            return nil
        }
    }

    mutating func number(_ object: JSONNode, _ key: String) -> Double? {
        guard let member = object[key] else { return nil }
        switch member.value.value {
        case .number(let text): return Double(text)
        case .null: return nil
        default:
            fail(member.value, "\"\(key)\" must be a number, found \(Self.found(member.value))")
            return nil
        }
    }

    /// An array of strings (empty when absent), an error for anything else.
    mutating func strings(_ object: JSONNode, _ key: String) -> [String] {
        guard let member = object[key] else { return [] }
        if case .null = member.value.value { return [] }
        guard let items = elements(member.value, "\"\(key)\"") else { return [] }
        var result: [String] = []
        for item in items {
            if case .string(let s) = item.value { result.append(s) } else { fail(item, "\"\(key)\" must hold strings, found \(Self.found(item))") }
        }
        return result
    }

    /// An array of objects (empty when absent).
    mutating func objects(_ object: JSONNode, _ key: String) -> [JSONNode] {
        guard let member = object[key] else { return [] }
        if case .null = member.value.value { return [] }
        guard let items = elements(member.value, "\"\(key)\"") else { return [] }
        return items.filter { members($0, "an item of \"\(key)\"") != nil }
    }
}
