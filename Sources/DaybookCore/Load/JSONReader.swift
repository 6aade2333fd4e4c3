/// Reads typed fields out of a parsed JSON document and collects located errors
/// (`site/todos.json:14:7: "isDone" must be true or false, found "yes"`).
struct JSONReader {
    let file: String
    let bytes: [UInt8]
    private let text: SourceText
    /// Errors by offset, located all at once when read (``errors``), like the warnings.
    private(set) var pendingErrors: [PendingMessage] = []

    /// How many errors so far (without locating them).
    var errorCount: Int { pendingErrors.count }

    /// The errors, located, in file order.
    var errors: [SiteError] { located(pendingErrors) }
    /// Problems that do not stop a build (a misspelled key), by offset: their lines and columns
    /// are worked out all at once (``located(_:)``), so a warning in each of 10,000 entries costs
    /// one pass over the file, not one each.
    private(set) var pendingWarnings: [PendingMessage] = []
    /// The suggestion for each unknown key met so far (the same key in every entry is looked up once).
    private var suggestions: [SuggestionKey: String?] = [:]

    /// An unknown key and the list of known keys it was compared with.
    private struct SuggestionKey: Hashable {
        var key: String
        var listFirst: String
        var listCount: Int
    }

    /// A message at a byte offset, its line and column not yet worked out.
    struct PendingMessage: Sendable {
        var offset: Int
        var reason: String
    }

    /// Where each line starts, made the first time a message needs a position of its own.
    private var lineStarts: [Int]?

    /// The line and column of `offset`, through the file's line starts (found once): the same as
    /// ``SourcePosition/init(offset:in:)``, for messages that name another place of the file.
    mutating func position(of offset: Int) -> SourcePosition {
        if lineStarts == nil {
            var starts = [0]
            bytes.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count {
                    let byte = buffer[i]
                    if byte == 0x0A || (byte == 0x0D && (i + 1 >= buffer.count || buffer[i + 1] != 0x0A)) { starts.append(i + 1) }
                    i += 1
                }
            }
            lineStarts = starts
        }
        let starts = lineStarts ?? [0]
        let target = min(max(offset, 0), bytes.count)
        // The last line start at or before the target (a line start equal to the target begins its line).
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= target { low = middle } else { high = middle - 1 }
        }
        // A line ending in "\r\n" starts after the "\n"; an offset on the "\n" belongs to the line before.
        let line = low + 1
        let start = starts[low]
        // The column, counted on the line alone (the first line keeps its BOM, which counts as none).
        let column = SourcePosition(offset: target - start, in: Array(bytes[start..<target])).column
        return SourcePosition(line: line, column: column)
    }

    /// The pending warnings, located.
    var warnings: [SiteError] { located(pendingWarnings) }

    /// Messages of this file, located in one pass, in file order.
    func located(_ pending: [PendingMessage]) -> [SiteError] {
        guard !pending.isEmpty else { return [] }
        let sorted = pending.sorted { $0.offset < $1.offset }
        let positions = SourcePosition.positions(ofSorted: sorted.map(\.offset), in: bytes)
        return zip(sorted, positions).map { SiteError(file: file, line: $1.line, column: $1.column, reason: $0.reason) }
    }

    /// Whether ``string(_:allowNull:)`` and ``strings(_:)`` replace the characters HTML and XML
    /// pages cannot hold (``JSONParser/isControl(_:)``) by U+FFFD, each string with a warning.
    /// Set when the parse found one; the search costs nothing otherwise.
    let cleansControls: Bool

    init(file: String, bytes: [UInt8], cleansControls: Bool = false) {
        self.file = file
        self.bytes = bytes
        self.cleansControls = cleansControls
        text = SourceText(bytes)
    }

    /// `s` with its control characters replaced, and a warning at `offset`, when it has any.
    private mutating func cleaned(_ s: String, key: String, offset: Int) -> String {
        guard cleansControls, let (kept, reason) = JSONReader.withoutControls(s, key: key) else { return s }
        warn(offset, reason)
        return kept
    }

    /// `text` with the bidirectional overrides it leaves open closed at its end (``BidiControls``), and a
    /// warning at `offset` when it leaves any.
    mutating func closingBidi(_ text: String, key: String, offset: Int) -> String {
        guard let (closed, open) = BidiControls.closed(text) else { return text }
        warn(offset, BidiControls.reason(key: key, open: open))
        return closed
    }

    /// `s` with its ``JSONParser/isControl(_:)`` characters shown as U+FFFD, and the warning's reason
    /// for the value of `key`; nil when it has none.
    static func withoutControls(_ s: String, key: String) -> (text: String, reason: String)? {
        guard s.unicodeScalars.contains(where: { JSONParser.isControl($0.value) }) else { return nil }
        var kept = String.UnicodeScalarView()
        var found: [String] = []
        for scalar in s.unicodeScalars {
            if JSONParser.isControl(scalar.value) {
                let name = JSONParser.codePoint(scalar.value)
                if !found.contains(name) { found.append(name) }
                kept.append("\u{FFFD}")
            } else {
                kept.append(scalar)
            }
        }
        return (String(kept), "\"\(key)\" holds \(found.count == 1 ? "a control character" : "control characters") (\(found.joined(separator: ", "))) that web pages and feeds cannot show; each is shown as \u{FFFD}")
    }

    /// Parses a whole file, or appends its located syntax error and returns nil; a file of
    /// nothing but white space is "empty", and `expected` says what it should have held.
    static func parse(_ bytes: [UInt8], file: String, expected: String, inParallel: Bool = false,
                      errors: inout [SiteError]) -> JSONNode? {
        var controls = false
        return parse(bytes, file: file, expected: expected, inParallel: inParallel, errors: &errors, controls: &controls)
    }

    /// The same, with `controls` set when a string holds a character no page can carry
    /// (``JSONParser/isControl(_:)``): a reader made with ``cleansControls`` then replaces it.
    static func parse(_ bytes: [UInt8], file: String, expected: String, inParallel: Bool = false,
                      errors: inout [SiteError], controls: inout Bool) -> JSONNode? {
        do {
            return try inParallel ? JSONParser.parseInParallel(bytes, controls: &controls) : JSONParser.parse(bytes, controls: &controls)
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
        pendingErrors.append(PendingMessage(offset: offset, reason: reason))
    }

    /// A warning at `offset`: the value is valid, but probably not what was meant.
    mutating func warn(_ offset: Int, _ reason: String) {
        pendingWarnings.append(PendingMessage(offset: offset, reason: reason))
    }

    /// A key the decoder does not know: a warning when it is near a known one
    /// (`unknown key "tgas" (did you mean "tags"?)`), else nothing (it is the user's own).
    /// Called only for unknown keys, so the known ones cost nothing more.
    mutating func unknownKey(_ member: JSONMember, known: [String]) {
        guard !known.contains(member.key) else { return }
        let near: String?
        let cacheKey = SuggestionKey(key: member.key, listFirst: known.first ?? "", listCount: known.count)
        if let seen = suggestions[cacheKey] {
            near = seen
        } else {
            near = NearestName.suggestion(for: member.key, among: known)
            suggestions[cacheKey] = near
        }
        guard let near else { return }
        pendingWarnings.append(PendingMessage(offset: member.keyOffset, reason: "unknown key \"\(member.key)\" (did you mean \"\(near)\"?)"))
    }

    /// An error at the second and every further use of a key in one object, for the keys of
    /// `known` (which value would count is unclear). Other keys are the user's own: the build
    /// ignores them and the todo CLI keeps them as they are, repeats and all.
    mutating func checkDuplicateKeys(_ members: [JSONMember], known: [String]) {
        guard members.count > 1 else { return }
        if members.count <= 24 {
            for j in 1..<members.count {
                for i in 0..<j where members[i].key == members[j].key {
                    if known.contains(members[j].key) { duplicateKey(members[j], first: members[i]) }
                    break
                }
            }
        } else {
            var first: [String: Int] = [:]
            for (j, member) in members.enumerated() {
                if let i = first[member.key] {
                    if known.contains(member.key) { duplicateKey(member, first: members[i]) }
                } else {
                    first[member.key] = j
                }
            }
        }
    }

    private mutating func duplicateKey(_ member: JSONMember, first: JSONMember) {
        let at = position(of: first.keyOffset)
        fail(member.keyOffset, "duplicate key \"\(member.key)\" in one object (first at line \(at.line), column \(at.column))")
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
        case .string(let s): return cleansControls ? cleaned(s, key: member.key, offset: member.value.offset) : s
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
        // A whole number too large for 64 bits is out of range, not "no whole number".
        if case .number(let text) = member.value.value, Self.isWholeNumber(text) {
            let bounds = range ?? Int.min...Int.max
            fail(member.value.offset, "\"\(member.key)\" must be from \(bounds.lowerBound) to \(bounds.upperBound), found \(text)")
            return nil
        }
        fail(member.value.offset, "\"\(member.key)\" must be a whole number, found \(Self.found(member.value))")
        return nil
    }

    /// Whether a JSON number's text is a whole number, of any size (`-12`, not `1.5` or `1e3`).
    static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
        return !digits.isEmpty && digits.count + 1 >= text.utf8.count && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    mutating func strings(_ member: JSONMember) -> [String] {
        switch member.value.value {
        case .null: return []
        case .array(let items):
            var result: [String] = []
            result.reserveCapacity(items.count)
            for item in items {
                if case .string(let s) = item.value {
                    result.append(cleansControls ? cleaned(s, key: member.key, offset: item.offset) : s)
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
                var sawSource = false, sourceIsText = true
                checkDuplicateKeys(fields, known: SiteLoader.photoKeys)
                for field in fields {
                    switch field.key {
                    case "src":
                        sawSource = true
                        // A "src" that is not text has its own error, and no path to check besides.
                        let path = string(field, allowNull: false)
                        sourceIsText = path != nil
                        photo.path = path ?? ""
                    case "alt": photo.alt = string(field)
                    case "caption": photo.caption = string(field)
                    default: unknownKey(field, known: SiteLoader.photoKeys)
                    }
                }
                if !sawSource {
                    fail(item.offset, "a photo object must have \"src\", the photo's path")
                } else if sourceIsText {
                    photos.append(photo)
                    nodes.append(item)
                }
            default:
                fail(item.offset, "\"photos\" must hold paths or {\"src\", \"alt\", \"caption\"} objects, found \(Self.found(item))")
            }
        }
        // The same photo twice is shown twice: more often a slip than meant.
        var seen: Set<String> = []
        for (photo, node) in zip(photos, nodes) where !photo.path.isEmpty && !seen.insert(photo.path).inserted {
            warn(node.offset, "photo \"\(photo.path)\" is listed twice in this entry's \"photos\", and is shown twice")
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
