/// Executes a ``Program`` against a context, appending UTF-8 bytes to a buffer.
///
/// The renderer is an iterative machine with an explicit frame stack, so
/// neither deeply nested sections nor long partial chains consume the thread's
/// call stack. A render is limited in partial, parent and block-override nesting
/// (``maxDepth``), in expansions (``maxExpansions``), in output (``maxOutput``)
/// and in work (``maxSteps``); at a limit it stops and returns a ``RenderLimit``.
/// Only runaway recursion reaches them: a 100,000-entry sitemap takes a few
/// million steps.
enum Renderer {
    /// Maximum nesting of partial, parent and block-override expansions.
    static let maxDepth = 100
    /// Maximum number of partial, parent and block-override expansions in one render.
    static let maxExpansions = 100_000
    /// No further expansions once one render has appended this many bytes.
    static let maxOutput = 256 << 20
    /// Maximum work in one render: one step per operation run and per context searched by a lookup.
    static let maxSteps = 20_000_000

    private struct Override {
        let hash: Int
        let name: String
        let program: Program
        let start: Int
        let end: Int
    }

    private enum FrameKind {
        case section, list, call
    }

    private struct Frame {
        var kind: FrameKind
        /// Program to return to (calls).
        var program: Program
        /// Operation index to continue at when the frame ends.
        var resume: Int
        /// Range end to restore when the frame ends.
        var end: Int
        // Lists: the items and the current index; the body starts at bodyStart.
        var items: [MustacheValue] = []
        var index = 0
        var bodyStart = 0
        /// Sections: whether a context value was pushed.
        var pushed = false
        // Calls: state to restore.
        var indentStart = 0
        var indentEnd = 0
        var overrideCount = 0
        var inline = false
        var countsDepth = false
    }

    /// Appends the rendering to `buffer`; returns the limit that stopped it early, or nil.
    static func render(_ root: Program, context: MustacheValue, library: TemplateLibrary?,
                       into output: inout [UInt8]) -> RenderLimit? {
        // As large as the caller's buffer already is: a page rendered after another of its size
        // never grows the sink (callers keep one buffer's capacity from page to page).
        var buffer = ByteSink(capacity: max(2 * root.poolBytes.count + 1024, output.capacity - output.count))
        defer { buffer.copy(to: &output) }
        var stack = ContextStack(context)
        var frames: [Frame] = []
        frames.reserveCapacity(16)
        var overrides: [Override] = []
        // The current indentation is indentBuffer[indentStart...].
        var indentBuffer: [UInt8] = []
        var indentStart = 0
        // True at the start of an output line: the next output is preceded by the indentation.
        var pending = true
        var depth = 0
        var expansions = 0
        var steps = 0

        let misses = library?.missingNames
        var program = root
        var ops = root.ops
        var pool = UnsafeBufferPointer(root.poolBytes)
        var pc = 0
        var end = ops.count

        while true {
            if pc >= end {
                let top = frames.count - 1
                guard top >= 0 else { return nil }
                switch frames[top].kind {
                case .list:
                    stack.pop()
                    let next = frames[top].index + 1
                    // Lists nested without partials multiply the output too: it is checked at each item.
                    if buffer.count >= maxOutput { return .output }
                    if next < frames[top].items.count {
                        frames[top].index = next
                        stack.push(frames[top].items[next])
                        pc = frames[top].bodyStart
                        continue
                    }
                    pc = frames[top].resume
                    end = frames[top].end
                case .section:
                    if frames[top].pushed { stack.pop() }
                    pc = frames[top].resume
                    end = frames[top].end
                case .call:
                    if program !== frames[top].program {
                        program = frames[top].program
                        ops = program.ops
                        pool = UnsafeBufferPointer(program.poolBytes)
                    }
                    pc = frames[top].resume
                    end = frames[top].end
                    let indentEnd = frames[top].indentEnd
                    if indentBuffer.count > indentEnd {
                        indentBuffer.removeSubrange(indentEnd...)
                    }
                    indentStart = frames[top].indentStart
                    let overrideCount = frames[top].overrideCount
                    if overrides.count > overrideCount {
                        overrides.removeSubrange(overrideCount...)
                    }
                    if frames[top].inline { pending = false }
                    if frames[top].countsDepth { depth -= 1 }
                }
                frames.removeLast()
                continue
            }

            steps += 1
            if steps > maxSteps { return .steps }
            let op = ops[pc]
            switch op.kind {
            case .text:
                pc += 1
                if indentBuffer.count == indentStart {
                    buffer.append(pool.baseAddress! + op.a, count: op.b - op.a)
                } else {
                    appendIndented(pool, op.a, op.b, indent: indentBuffer, from: indentStart,
                                   pending: &pending, to: &buffer)
                }

            case .variable:
                pc += 1
                guard let value = resolve(op.a, of: program, in: stack, steps: &steps) else {
                    misses?.add(program, op: pc - 1, stack: stack)
                    continue
                }
                switch value {
                case .string(let text):
                    if text.isEmpty { continue }
                    if pending { flushIndent(indentBuffer, from: indentStart, pending: &pending, to: &buffer) }
                    if op.flag {
                        Output.appendEscaped(text, to: &buffer)
                    } else {
                        Output.appendRaw(text, to: &buffer)
                    }
                case .int(let number):
                    if pending { flushIndent(indentBuffer, from: indentStart, pending: &pending, to: &buffer) }
                    Output.appendInt(number, to: &buffer)
                case .double(let number):
                    if pending { flushIndent(indentBuffer, from: indentStart, pending: &pending, to: &buffer) }
                    Output.appendDouble(number, to: &buffer)
                case .bool(let flag):
                    if pending { flushIndent(indentBuffer, from: indentStart, pending: &pending, to: &buffer) }
                    Output.appendRaw(flag ? "true" : "false", to: &buffer)
                case .null, .list, .object:
                    continue
                }
                pending = false

            case .section:
                let bodyEnd = op.b
                guard let value = resolve(op.a, of: program, in: stack, steps: &steps) else {
                    misses?.add(program, op: pc, stack: stack)
                    pc = bodyEnd
                    continue
                }
                guard value.isTruthy else {
                    pc = bodyEnd
                    continue
                }
                if case .list(let items) = value {
                    frames.append(Frame(kind: .list, program: program, resume: bodyEnd, end: end,
                                        items: items, index: 0, bodyStart: pc + 1))
                    stack.push(items[0])
                } else {
                    frames.append(Frame(kind: .section, program: program, resume: bodyEnd, end: end, pushed: true))
                    stack.push(value)
                }
                pc += 1
                end = bodyEnd

            case .inverted:
                let bodyEnd = op.b
                if let value = resolve(op.a, of: program, in: stack, steps: &steps) {
                    if value.isTruthy {
                        pc = bodyEnd
                        continue
                    }
                } else {
                    misses?.add(program, op: pc, stack: stack)
                }
                frames.append(Frame(kind: .section, program: program, resume: bodyEnd, end: end, pushed: false))
                pc += 1
                end = bodyEnd

            case .partial, .parent:
                let resume = op.kind == .partial ? pc + 1 : op.b
                guard let library else {
                    pc = resume
                    continue
                }
                let name: String?
                let target: Template?
                if op.flag {
                    let value = resolve(op.a, of: program, in: stack, steps: &steps)
                    name = value.flatMap(Output.text(of:))
                    target = name.flatMap { library[$0] }
                    if let misses {
                        // A value no context has, or a name no template has: said at the tag (`check`).
                        if value == nil {
                            misses.add(program, op: pc, stack: stack)
                        } else if let name, !name.isEmpty, target == nil {
                            misses.add(program, op: pc, partial: name, available: library.names)
                        }
                    }
                } else {
                    // A static name was hashed when compiled.
                    let staticName = program.strings[op.a]
                    name = staticName
                    target = library.template(named: staticName, hash: program.stringHashes[op.a])
                }
                guard let name, let target else {
                    pc = resume
                    continue
                }
                if let limit = limit(depth: depth, expansions: expansions, output: buffer.count,
                                     deeper: .depth(name, at: op.flag ? nil : program.references.first { $0.name == name }, in: program)) {
                    return limit
                }
                frames.append(Frame(kind: .call, program: program, resume: resume, end: end,
                                    indentStart: indentStart, indentEnd: indentBuffer.count,
                                    overrideCount: overrides.count, inline: op.c < 0, countsDepth: true))
                depth += 1
                expansions += 1
                if op.c >= 0 {
                    indentBuffer.append(contentsOf: program.indents[op.c])
                    pending = true
                } else {
                    if pending { flushIndent(indentBuffer, from: indentStart, pending: &pending, to: &buffer) }
                    pending = false
                    indentStart = indentBuffer.count
                }
                if op.kind == .parent {
                    for blockIndex in program.blockLists[op.d] {
                        let block = ops[blockIndex]
                        overrides.append(Override(hash: program.stringHashes[block.a],
                                                  name: program.strings[block.a], program: program,
                                                  start: blockIndex + 1, end: block.b))
                    }
                }
                program = target.program
                ops = program.ops
                pool = UnsafeBufferPointer(program.poolBytes)
                pc = 0
                end = ops.count

            case .block:
                var found: Override?
                if !overrides.isEmpty {
                    let hash = program.stringHashes[op.a]
                    let name = program.strings[op.a]
                    for candidate in overrides where candidate.hash == hash && candidate.name == name {
                        found = candidate
                        break
                    }
                }
                if found != nil, let limit = limit(depth: depth, expansions: expansions,
                                                   output: buffer.count,
                                                   deeper: .depth("$" + program.strings[op.a], at: program.inheritanceTags[pc], in: program)) {
                    return limit
                }
                frames.append(Frame(kind: .call, program: program, resume: op.b, end: end,
                                    indentStart: indentStart, indentEnd: indentBuffer.count,
                                    overrideCount: overrides.count, countsDepth: found != nil))
                if op.c >= 0 {
                    indentBuffer.append(contentsOf: program.indents[op.c])
                    pending = true
                }
                if let found {
                    depth += 1
                    expansions += 1
                    if program !== found.program {
                        program = found.program
                        ops = program.ops
                        pool = UnsafeBufferPointer(program.poolBytes)
                    }
                    pc = found.start
                    end = found.end
                } else {
                    pc += 1
                    end = op.b
                }
            }
        }
    }

    /// The limit one more expansion would pass, if any; `deeper`, made only when it is the
    /// depth limit, says what the expansion is and where.
    private static func limit(depth: Int, expansions: Int, output: Int, deeper: @autoclosure () -> RenderLimit) -> RenderLimit? {
        if depth >= maxDepth { return deeper() }
        if expansions >= maxExpansions { return .expansions }
        if output >= maxOutput { return .output }
        return nil
    }

    /// Looks the program's name `id` (dotted or not) up in the context stack (top first); nil
    /// when missing. Adds one step per context searched. Contexts and the name are read in place.
    @inline(__always)
    private static func resolve(_ id: Int, of program: Program, in stack: borrowing ContextStack,
                                steps: inout Int) -> MustacheValue? {
        let span = program.nameSpans[id]
        guard span.count > 0 else { return stack[stack.count - 1] }
        let first = span.start
        // Every context walked is a step, not only objects: sections opened on `true` or a string
        // nest contexts too (found by a hostile-input audit: 200,000 of them ran for half a minute,
        // past the step limit uncounted). Added once, when the walk ends.
        var index = stack.count - 1
        while index >= 0 {
            if let value = stack.member(at: index, program.components[first], program.componentKeys[first]) {
                steps += stack.count - index
                return span.count == 1 ? value : descend(value, span, of: program)
            }
            index -= 1
        }
        steps += stack.count
        return nil
    }

    /// The rest of a dotted name looked up from the value its first component found.
    private static func descend(_ found: MustacheValue, _ span: Program.NameSpan, of program: Program) -> MustacheValue? {
        var value = found
        var position = span.start + 1
        while position < span.start + span.count {
            guard let next = value.member(program.components[position], program.componentKeys[position]) else { return nil }
            value = next
            position += 1
        }
        return value
    }

    @inline(__always)
    private static func flushIndent(_ indent: [UInt8], from start: Int, pending: inout Bool, to buffer: inout ByteSink) {
        if indent.count > start {
            indent.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[start...])) }
        }
        pending = false
    }

    /// Appends template text, putting the indentation before each non-empty line.
    private static func appendIndented(_ pool: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, indent: [UInt8], from indentStart: Int,
                                       pending: inout Bool, to buffer: inout ByteSink) {
        var segment = start
        var index = start
        while index < end {
            if pool[index] == 0x0A {
                var content = index - segment
                if content > 0 && pool[index - 1] == 0x0D { content -= 1 }
                if pending && content > 0 {
                    indent.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[indentStart...])) }
                }
                buffer.append(UnsafeBufferPointer(rebasing: pool[segment...index]))
                pending = true
                segment = index + 1
            }
            index += 1
        }
        if segment < end {
            if pending {
                indent.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[indentStart...])) }
                pending = false
            }
            buffer.append(UnsafeBufferPointer(rebasing: pool[segment..<end]))
        }
    }
}
