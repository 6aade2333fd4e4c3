/// Compiles template source bytes into a ``Program``.
///
/// Four passes, none recursive:
/// 1. tokenize (text, newline and tag tokens; set delimiters; section matching),
/// 2. group tokens into lines and classify standalone lines,
/// 3. compute block re-indentation (inheritance spec) per line,
/// 4. emit the flat operation array.
struct Compiler {
    enum TagKind: UInt8 {
        case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters
    }

    struct Token {
        enum Kind: UInt8 { case text, newline, tag }

        var kind: Kind
        /// Byte range of the text, or of the whole tag including delimiters.
        var start: Int
        var end: Int
        var tag: TagKind = .comment
        /// Tag name; for closers the canonical name (`*name` for dynamic ones).
        var name = ""
        var dynamic = false
        /// Token index of the matching opener or closer.
        var match = -1
        /// Index of the line holding the token's start.
        var line = 0
    }

    struct Line {
        /// Token range.
        var first: Int
        var end: Int
        /// Byte offset of the line's first byte.
        var start: Int
        /// Only whitespace and tags that may stand alone: the whole line disappears.
        var standalone = false
        /// Whitespace, then `{{$x}}{{/x}}`: the whitespace indents the block, the newline stays.
        var pair = false
        /// No tags and only whitespace.
        var blank = true
        /// Count of spaces and tabs the line starts with.
        var leadingWhitespace = 0
    }

    private struct Margin {
        var start = 0
        var length = 0
        var counted = false
    }

    private let templateName: String
    private let source: [UInt8]
    private var tokens: [Token] = []
    /// Variable tags whose name is no name (`{{ .Title }}`, `{{ }}`): each an error, read past so
    /// that one pass finds them all; at most ``maxSkipped``.
    private var skipped: [TemplateError] = []
    private static let maxSkipped = 50
    private var lines: [Line] = []

    private init(templateName: String, source: [UInt8]) {
        self.templateName = templateName
        self.source = source
    }

    /// Compiles valid UTF-8 source; throws ``TemplateError`` on syntax errors.
    static func compile(_ source: [UInt8], name: String) throws -> Program {
        var compiler = Compiler(templateName: name, source: source)
        do {
            try compiler.tokenize()
        } catch let error as TemplateError {
            throw Compiler.joined(compiler.skipped + [error])
        }
        if !compiler.skipped.isEmpty { throw Compiler.joined(compiler.skipped) }
        compiler.splitLines()
        let (strip, blockIndents) = compiler.computeIndentation()
        return compiler.build(strip: strip, blockIndents: blockIndents)
    }

    // MARK: - Errors

    /// The first of `errors`, holding the rest.
    private static func joined(_ errors: [TemplateError]) -> TemplateError {
        var first = errors[0]
        first.more = Array(errors.dropFirst())
        return first
    }

    private func error(at offset: Int, _ reason: String) -> TemplateError {
        let position = SourceText.position(of: offset, in: source)
        return TemplateError(name: templateName, line: position.line, column: position.column, reason: reason)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: source[start..<end], as: UTF8.self)
    }

    private static func noun(_ kind: TagKind) -> String {
        switch kind {
        case .parent: return "parent"
        case .block: return "block"
        default: return "section"
        }
    }

    // MARK: - Byte helpers

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= source.count else { return false }
        var index = 0
        while index < pattern.count {
            if source[offset + index] != pattern[index] { return false }
            index += 1
        }
        return true
    }

    private func find(_ pattern: [UInt8], from offset: Int) -> Int? {
        let first = pattern[0]
        var index = offset
        let last = source.count - pattern.count
        while index <= last {
            if source[index] == first && matches(pattern, at: index) {
                return index
            }
            index += 1
        }
        return nil
    }

    private func trimmed(_ start: Int, _ end: Int) -> (Int, Int) {
        var low = start
        var high = end
        while low < high && Compiler.isWhitespace(source[low]) { low += 1 }
        while high > low && Compiler.isWhitespace(source[high - 1]) { high -= 1 }
        return (low, high)
    }

    /// Validates a tag name: non-empty, no whitespace, and for dotted names
    /// either `.` or non-empty components separated by single dots.
    private func name(_ start: Int, _ end: Int, tagStart: Int, dotted: Bool) throws -> String {
        guard start < end else {
            throw error(at: tagStart, "empty tag name")
        }
        let value = text(start, end)
        if let newline = value.firstIndex(of: "\n") {
            // A name running over a line end is almost always a tag whose closer is mistyped.
            throw error(at: tagStart, "tag \"\(value[..<newline])\" is not closed before the end of its line")
        }
        for offset in start..<end where Compiler.isWhitespace(source[offset]) {
            throw error(at: tagStart, "invalid tag name \"\(value)\"")
        }
        if dotted && value != "." {
            var previous: UInt8 = 0x2E
            for offset in start..<end {
                let byte = source[offset]
                if byte == 0x2E && previous == 0x2E {
                    throw error(at: tagStart, "invalid tag name \"\(value)\"")
                }
                previous = byte
            }
            if previous == 0x2E {
                throw error(at: tagStart, "invalid tag name \"\(value)\"")
            }
        }
        return value
    }

    // MARK: - Pass 1: tokens

    private mutating func tokenize() throws {
        let count = source.count
        var openDelimiter: [UInt8] = [0x7B, 0x7B]
        var closeDelimiter: [UInt8] = [0x7D, 0x7D]
        var openTags: [Int] = []
        var index = 0
        var textStart = 0
        tokens.reserveCapacity(count / 16 + 4)

        while index < count {
            let byte = source[index]
            if byte == 0x0A {
                var textEnd = index
                if textEnd > textStart && source[textEnd - 1] == 0x0D {
                    textEnd -= 1
                }
                if textEnd > textStart {
                    tokens.append(Token(kind: .text, start: textStart, end: textEnd))
                }
                tokens.append(Token(kind: .newline, start: textEnd, end: index + 1))
                index += 1
                textStart = index
                continue
            }
            guard byte == openDelimiter[0], matches(openDelimiter, at: index) else {
                index += 1
                continue
            }
            if index > textStart {
                tokens.append(Token(kind: .text, start: textStart, end: index))
            }
            let tagStart = index
            var sigil = index + openDelimiter.count
            while sigil < count && Compiler.isWhitespace(source[sigil]) { sigil += 1 }
            var kind = TagKind.variable
            var closing = closeDelimiter
            var contentStart = sigil + 1
            if sigil < count {
                switch source[sigil] {
                case 0x7B: kind = .unescaped; closing = [0x7D] + closeDelimiter   // {
                case 0x3D: kind = .delimiters; closing = [0x3D] + closeDelimiter  // =
                case 0x21: kind = .comment      // !
                case 0x26: kind = .unescaped    // &
                case 0x23: kind = .section      // #
                case 0x5E: kind = .inverted     // ^
                case 0x2F: kind = .close        // /
                case 0x3E: kind = .partial      // >
                case 0x3C: kind = .parent       // <
                case 0x24: kind = .block        // $
                default: contentStart = sigil
                }
            } else {
                contentStart = sigil
            }
            guard let contentEnd = find(closing, from: min(contentStart, count)) else {
                throw error(at: tagStart, "unclosed tag, expected \"\(String(decoding: closing, as: UTF8.self))\"")
            }
            var token = Token(kind: .tag, start: tagStart, end: contentEnd + closing.count, tag: kind)
            let (low, high) = trimmed(contentStart, contentEnd)
            // `{{title}</h1>{{/x}}`: a tag whose closer is mistyped runs into the next tag.
            if kind != .comment, kind != .delimiters, high - low >= openDelimiter.count,
               let inner = (low...(high - openDelimiter.count)).first(where: { matches(openDelimiter, at: $0) }),
               !source[low..<inner].contains(0x0A) {   // one running over a line end is told so below
                throw error(at: tagStart, "tag \"\(text(low, trimmed(low, inner).1))\" runs into the next tag: its \"\(String(decoding: closing, as: UTF8.self))\" is missing or mistyped")
            }

            switch kind {
            case .comment:
                break
            case .delimiters:
                var parts: [[UInt8]] = []
                var offset = low
                while offset < high {
                    while offset < high && Compiler.isWhitespace(source[offset]) { offset += 1 }
                    let partStart = offset
                    while offset < high && !Compiler.isWhitespace(source[offset]) { offset += 1 }
                    if offset > partStart {
                        parts.append(Array(source[partStart..<offset]))
                    }
                }
                guard parts.count == 2 else {
                    throw error(at: tagStart, "invalid set-delimiter tag")
                }
                openDelimiter = parts[0]
                closeDelimiter = parts[1]
            case .variable, .unescaped:
                do {
                    token.name = try name(low, high, tagStart: tagStart, dotted: true)
                } catch let problem as TemplateError where problem.reason.hasPrefix("invalid tag name") || problem.reason == "empty tag name" {
                    // A tag that opens or closes nothing: the rest of the template still reads the same.
                    guard skipped.count < Compiler.maxSkipped else { throw problem }
                    skipped.append(problem)
                    token.name = "."
                }
            case .section, .inverted:
                token.name = try name(low, high, tagStart: tagStart, dotted: true)
            case .block:
                token.name = try name(low, high, tagStart: tagStart, dotted: false)
            case .partial, .parent:
                if low < high && source[low] == 0x2A {   // *
                    let (nameLow, nameHigh) = trimmed(low + 1, high)
                    token.dynamic = true
                    token.name = try name(nameLow, nameHigh, tagStart: tagStart, dotted: true)
                } else {
                    token.name = try name(low, high, tagStart: tagStart, dotted: false)
                }
            case .close:
                if low < high && source[low] == 0x2A {
                    let (nameLow, nameHigh) = trimmed(low + 1, high)
                    token.name = "*" + (try name(nameLow, nameHigh, tagStart: tagStart, dotted: false))
                } else {
                    token.name = try name(low, high, tagStart: tagStart, dotted: false)
                }
            }

            switch kind {
            case .section, .inverted, .parent, .block:
                openTags.append(tokens.count)
            case .close:
                guard let opener = openTags.last else {
                    throw error(at: tagStart, "unexpected closing tag \"\(token.name)\"")
                }
                let open = tokens[opener]
                let openName = open.dynamic ? "*" + open.name : open.name
                guard openName == token.name else {
                    let opened = SourceText.position(of: open.start, in: source)
                    throw error(at: tagStart, "closing tag \"\(token.name)\" does not match open \(Compiler.noun(open.tag)) \"\(openName)\""
                                + " (opened at \(opened.line):\(opened.column))")
                }
                token.match = opener
                tokens[opener].match = tokens.count
                openTags.removeLast()
            default:
                break
            }
            tokens.append(token)
            index = token.end
            textStart = index
        }
        if count > textStart {
            tokens.append(Token(kind: .text, start: textStart, end: count))
        }
        if let opener = openTags.last {
            let open = tokens[opener]
            let openName = open.dynamic ? "*" + open.name : open.name
            throw error(at: open.start, "unclosed \(Compiler.noun(open.tag)) \"\(openName)\"")
        }
    }

    // MARK: - Pass 2: lines

    private mutating func splitLines() {
        var first = 0
        for index in tokens.indices where tokens[index].kind == .newline {
            appendLine(first, index + 1)
            first = index + 1
        }
        if first < tokens.count {
            appendLine(first, tokens.count)
        }
    }

    private mutating func appendLine(_ first: Int, _ end: Int) {
        var line = Line(first: first, end: end, start: tokens[first].start)
        let lineIndex = lines.count
        var tagCount = 0
        var firstTag = -1
        var lastTag = -1
        var eligible = true
        var inheritanceOnly = true
        var hasText = false
        for index in first..<end {
            tokens[index].line = lineIndex
            let token = tokens[index]
            switch token.kind {
            case .newline:
                break
            case .text:
                if !hasText {
                    for offset in token.start..<token.end where !Compiler.isBlank(source[offset]) {
                        hasText = true
                        break
                    }
                }
            case .tag:
                tagCount += 1
                if firstTag < 0 { firstTag = index }
                lastTag = index
                switch token.tag {
                case .variable, .unescaped:
                    eligible = false
                case .parent, .block:
                    break
                case .close:
                    let opener = tokens[token.match].tag
                    if opener != .parent && opener != .block { inheritanceOnly = false }
                default:
                    inheritanceOnly = false
                }
            }
        }
        if tokens[first].kind == .text {
            var offset = tokens[first].start
            while offset < tokens[first].end && Compiler.isBlank(source[offset]) { offset += 1 }
            line.leadingWhitespace = offset - tokens[first].start
        }
        line.blank = !hasText && tagCount == 0
        if !hasText && tagCount == 2 && lastTag == firstTag + 1
            && tokens[firstTag].tag == .block && tokens[firstTag].match == lastTag {
            line.pair = true
        } else {
            line.standalone = !hasText && tagCount > 0 && eligible && (tagCount == 1 || inheritanceOnly)
        }
        lines.append(line)
    }

    // MARK: - Pass 3: block re-indentation

    /// Whether line `line` starts inside the content of the block opened by token `opener`.
    private func blockContains(_ opener: Int, line: Int) -> Bool {
        let closeLine = tokens[tokens[opener].match].line
        return line < closeLine || (line == closeLine && !lines[closeLine].standalone)
    }

    private func commonPrefix(_ a: Margin, _ b: Margin) -> Int {
        var length = 0
        let limit = min(a.length, b.length)
        while length < limit && source[a.start + length] == source[b.start + length] {
            length += 1
        }
        return length
    }

    private func fold(_ child: Margin, into parent: inout Margin) {
        guard child.counted else { return }
        if parent.counted {
            parent.length = commonPrefix(parent, child)
        } else {
            parent = child
        }
    }

    /// Block content whose opening tag stands alone is de-indented by its common
    /// leading whitespace (relative to enclosing such blocks) and re-indented where
    /// it is rendered. Returns the bytes to strip from each line's start and the
    /// indentation of each re-indenting block (keyed by opener token index).
    private func computeIndentation() -> ([Int], [Int: [UInt8]]) {
        var margins: [Int: Margin] = [:]
        var stack: [(opener: Int, margin: Margin)] = []

        func popFinished(before line: Int) {
            while let top = stack.last, !blockContains(top.opener, line: line) {
                stack.removeLast()
                margins[top.opener] = top.margin
                if !stack.isEmpty {
                    fold(top.margin, into: &stack[stack.count - 1].margin)
                }
            }
        }

        for lineIndex in lines.indices {
            popFinished(before: lineIndex)
            let line = lines[lineIndex]
            if !line.blank && !stack.isEmpty {
                fold(Margin(start: line.start, length: line.leadingWhitespace, counted: true),
                     into: &stack[stack.count - 1].margin)
            }
            if line.standalone {
                for index in line.first..<line.end where tokens[index].kind == .tag && tokens[index].tag == .block {
                    stack.append((index, Margin()))
                }
            }
        }
        popFinished(before: lines.count)

        var strip = [Int](repeating: 0, count: lines.count)
        var indents: [Int: [UInt8]] = [:]
        var active: [(opener: Int, strip: Int)] = []
        for lineIndex in lines.indices {
            while let top = active.last, !blockContains(top.opener, line: lineIndex) {
                active.removeLast()
            }
            let line = lines[lineIndex]
            let lineStrip = active.last?.strip ?? 0
            strip[lineIndex] = lineStrip
            if line.standalone {
                let before = leadingWhitespace(of: line, strip: lineStrip)
                var enclosing = lineStrip
                for index in line.first..<line.end where tokens[index].kind == .tag && tokens[index].tag == .block {
                    let margin = margins[index] ?? Margin()
                    if margin.counted && margin.length > enclosing {
                        indents[index] = Array(source[(margin.start + enclosing)..<(margin.start + margin.length)])
                        enclosing = margin.length
                    } else {
                        indents[index] = before
                    }
                    active.append((index, enclosing))
                }
            } else if line.pair {
                let before = leadingWhitespace(of: line, strip: lineStrip)
                for index in line.first..<line.end where tokens[index].kind == .tag && tokens[index].tag == .block {
                    indents[index] = before
                }
            }
        }
        return (strip, indents)
    }

    /// The whitespace a line starts with, after removing `strip` bytes of block de-indentation.
    private func leadingWhitespace(of line: Line, strip: Int) -> [UInt8] {
        Array(source[(line.start + min(strip, line.leadingWhitespace))..<(line.start + line.leadingWhitespace)])
    }

    // MARK: - Pass 4: operations

    private func build(strip: [Int], blockIndents: [Int: [UInt8]]) -> Program {
        var ops: [Program.Op] = []
        var pool: [UInt8] = []
        pool.reserveCapacity(source.count)
        var names: [[String]] = []
        var nameIndex: [String: Int] = [:]
        var strings: [String] = []
        var stringIndex: [String: Int] = [:]
        var indents: [[UInt8]] = []
        var blockLists: [[Int]] = []
        var references: [Program.Reference] = []
        var nameTags: [Int: Program.Reference] = [:]
        var inheritanceTags: [Int: Program.Reference] = [:]
        var open: [(op: Int, kind: TagKind, blocks: [Int])] = []
        var mergeable = -1
        var tracker = SourceText.PositionTracker()

        func nameID(_ name: String) -> Int {
            if let id = nameIndex[name] { return id }
            let id = names.count
            names.append(name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
            nameIndex[name] = id
            return id
        }

        func stringID(_ string: String) -> Int {
            if let id = stringIndex[string] { return id }
            let id = strings.count
            strings.append(string)
            stringIndex[string] = id
            return id
        }

        func indentID(_ bytes: [UInt8]) -> Int {
            indents.append(bytes)
            return indents.count - 1
        }

        func appendText(_ start: Int, _ end: Int) {
            guard end > start, open.last?.kind != .parent else { return }
            if mergeable >= 0 {
                pool.append(contentsOf: source[start..<end])
                ops[mergeable].b = pool.count
            } else {
                let poolStart = pool.count
                pool.append(contentsOf: source[start..<end])
                mergeable = ops.count
                ops.append(Program.Op(kind: .text, a: poolStart, b: pool.count))
            }
        }

        for lineIndex in lines.indices {
            let line = lines[lineIndex]
            let lineStrip = strip[lineIndex]
            for index in line.first..<line.end {
                let token = tokens[index]
                switch token.kind {
                case .text, .newline:
                    if line.standalone || (line.pair && index == line.first) { continue }
                    var start = token.start
                    if index == line.first && token.kind == .text {
                        start += min(lineStrip, line.leadingWhitespace)
                    }
                    appendText(start, token.end)
                case .tag:
                    switch token.tag {
                    case .comment, .delimiters:
                        continue
                    case .variable, .unescaped:
                        let position = tracker.position(of: token.start, in: source)
                        nameTags[ops.count] = Program.Reference(name: token.name, line: position.line, column: position.column)
                        ops.append(Program.Op(kind: .variable, flag: token.tag == .variable, a: nameID(token.name)))
                    case .section, .inverted:
                        let position = tracker.position(of: token.start, in: source)
                        nameTags[ops.count] = Program.Reference(name: token.name, line: position.line, column: position.column)
                        open.append((ops.count, token.tag, []))
                        ops.append(Program.Op(kind: token.tag == .section ? .section : .inverted, a: nameID(token.name)))
                    case .close:
                        let closed = open.removeLast()
                        ops[closed.op].b = ops.count
                        if closed.kind == .parent {
                            ops[closed.op].d = blockLists.count
                            blockLists.append(closed.blocks)
                        }
                    case .partial, .parent:
                        let indent = line.standalone ? indentID(leadingWhitespace(of: line, strip: lineStrip)) : -1
                        let id: Int
                        if token.dynamic {
                            id = nameID(token.name)
                            let position = tracker.position(of: token.start, in: source)
                            nameTags[ops.count] = Program.Reference(name: token.name, line: position.line, column: position.column)
                        } else {
                            id = stringID(token.name)
                            let position = tracker.position(of: token.start, in: source)
                            let reference = Program.Reference(name: token.name, line: position.line, column: position.column)
                            references.append(reference)
                            if token.tag == .parent { inheritanceTags[ops.count] = reference }
                        }
                        if token.tag == .parent {
                            open.append((ops.count, .parent, []))
                        }
                        ops.append(Program.Op(kind: token.tag == .partial ? .partial : .parent,
                                              flag: token.dynamic, a: id, c: indent))
                    case .block:
                        if let last = open.last, last.kind == .parent {
                            open[open.count - 1].blocks.append(ops.count)
                        }
                        let indent = blockIndents[index].map(indentID) ?? -1
                        let position = tracker.position(of: token.start, in: source)
                        inheritanceTags[ops.count] = Program.Reference(name: token.name, line: position.line, column: position.column)
                        open.append((ops.count, .block, []))
                        ops.append(Program.Op(kind: .block, a: stringID(token.name), c: indent))
                    }
                    mergeable = -1
                }
            }
        }
        return Program(ops: ops, pool: pool, names: names, strings: strings, indents: indents,
                       blockLists: blockLists, references: references, templateName: templateName, nameTags: nameTags,
                       inheritanceTags: inheritanceTags)
    }
}
