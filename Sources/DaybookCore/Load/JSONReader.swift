/// Reads typed fields out of a parsed JSON document and collects located errors
/// (`site/todos.json:14:7: "isDone" must be true or false, found "yes"`).
struct JSONReader {
    let file: String
    let bytes: [UInt8]
    private let text: SourceText
    private(set) var errors: [SiteError] = []

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        text = SourceText(bytes)
    }

    /// Parses a whole file, or appends its located syntax error and returns nil; a file of
    /// nothing but white space is "empty", and `expected` says what it should have held.
    static func parse(_ bytes: [UInt8], file: String, expected: String, inParallel: Bool = false,
                      errors: inout [SiteError]) -> JSONNode? {
        do {
            return try inParallel ? JSONParser.parseInParallel(bytes) : JSONParser.parse(bytes)
        } catch {
            if bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) {
                errors.append(SiteError(file: file, reason: "the file is empty; expected \(expected)"))
            } else {
                let position = SourcePosition(offset: error.offset, in: bytes)
                errors.append(SiteError(file: file, line: position.line, column: position.column, reason: error.reason))
            }
            return nil
        }
    }

    func origin(_ offset: Int) -> SourceOrigin {
        SourceOrigin(file: file, offset: offset, text: text)
    }

    mutating func fail(_ offset: Int, _ reason: String) {
        errors.append(origin(offset).error(reason))
    }

    /// A short description of what a value is, for "found …".
    static func found(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let s):
            let shown = s.count > 40 ? String(s.prefix(40)) + "…" : s
            return "\"\(shown)\""
        case .number(let text): return text
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The members of an object, or nil (with an error) when `node` is not one.
    mutating func members(_ node: JSONNode, what: String) -> [JSONMember]? {
        guard case .object(let members) = node.value else {
            fail(node.offset, "\(what) must be an object, found \(Self.found(node))")
            return nil
        }
        return members
    }

    mutating func string(_ member: JSONMember, allowNull: Bool = true) -> String? {
        switch member.value.value {
        case .string(let s): return s
        case .null where allowNull: return nil
        default:
            fail(member.value.offset, "\"\(member.key)\" must be a string, found \(Self.found(member.value))")
            return nil
        }
    }

    mutating func bool(_ member: JSONMember) -> Bool? {
        switch member.value.value {
        case .bool(let b): return b
        case .null: return nil
        default:
            fail(member.value.offset, "\"\(member.key)\" must be true or false, found \(Self.found(member.value))")
            return nil
        }
    }

    mutating func integer(_ member: JSONMember, range: ClosedRange<Int>? = nil) -> Int? {
        if case .number(let text) = member.value.value, let value = Int(text) {
            if let range, !range.contains(value) {
                fail(member.value.offset, "\"\(member.key)\" must be from \(range.lowerBound) to \(range.upperBound), found \(text)")
                return nil
            }
            return value
        }
        fail(member.value.offset, "\"\(member.key)\" must be a whole number, found \(Self.found(member.value))")
        return nil
    }

    mutating func strings(_ member: JSONMember) -> [String] {
        switch member.value.value {
        case .null: return []
        case .array(let items):
            var result: [String] = []
            result.reserveCapacity(items.count)
            for item in items {
                if case .string(let s) = item.value {
                    result.append(s)
                } else {
                    fail(item.offset, "\"\(member.key)\" must hold strings, found \(Self.found(item))")
                }
            }
            return result
        default:
            fail(member.value.offset, "\"\(member.key)\" must be an array of strings, found \(Self.found(member.value))")
            return []
        }
    }

    /// Whole numbers in `range`, each wrong item reported.
    mutating func integers(_ member: JSONMember, range: ClosedRange<Int>) -> [Int] {
        guard case .array(let items) = member.value.value else {
            fail(member.value.offset, "\"\(member.key)\" must be an array of whole numbers, found \(Self.found(member.value))")
            return []
        }
        var result: [Int] = []
        for item in items {
            if case .number(let text) = item.value, let value = Int(text), range.contains(value) {
                result.append(value)
            } else {
                fail(item.offset, "\"\(member.key)\" must hold whole numbers from \(range.lowerBound) to \(range.upperBound), found \(Self.found(item))")
            }
        }
        return result
    }

    /// An entry's `photos`: each a path, or `{"src", "alt", "caption"}`; with the node of each.
    mutating func photos(_ member: JSONMember) -> ([EntryPhoto], [JSONNode]) {
        guard case .array(let items) = member.value.value else {
            if case .null = member.value.value { return ([], []) }
            fail(member.value.offset, "\"photos\" must be an array of paths or {\"src\", \"alt\", \"caption\"} objects, found \(Self.found(member.value))")
            return ([], [])
        }
        var photos: [EntryPhoto] = [], nodes: [JSONNode] = []
        for item in items {
            switch item.value {
            case .string(let path):
                photos.append(EntryPhoto(path: path))
                nodes.append(item)
            case .object(let fields):
                var photo = EntryPhoto(path: "")
                var sawSource = false
                for field in fields {
                    switch field.key {
                    case "src":
                        sawSource = true
                        photo.path = string(field, allowNull: false) ?? ""
                    case "alt": photo.alt = string(field)
                    case "caption": photo.caption = string(field)
                    default: break
                    }
                }
                if !sawSource {
                    fail(item.offset, "a photo object must have \"src\", the photo's path")
                } else {
                    photos.append(photo)
                    nodes.append(item)
                }
            default:
                fail(item.offset, "\"photos\" must hold paths or {\"src\", \"alt\", \"caption\"} objects, found \(Self.found(item))")
            }
        }
        return (photos, nodes)
    }

    mutating func date(_ member: JSONMember) -> ISODate? {
        guard case .string(let text) = member.value.value else {
            fail(member.value.offset, "\"\(member.key)\" must be an ISO 8601 date string, found \(Self.found(member.value))")
            return nil
        }
        switch ISODate.parse(text) {
        case .success(let date): return date
        case .failure(let error):
            fail(member.value.offset, "\"\(member.key)\" is not an ISO 8601 date (\(error.reason)), found \"\(text)\"")
            return nil
        }
    }
}
