/// A compiled Mustache template. Compile once, render many times from any thread.
public struct Template: Sendable {
    /// The name given at compile time; used in errors.
    public let name: String
    let program: Program

    /// Compiles `source`; throws ``TemplateError`` (located in `name`) on syntax errors.
    public init(_ source: String, name: String = "template") throws {
        self.name = name
        self.program = try Compiler.compile(Array(source.utf8), name: name)
    }

    /// Compiles UTF-8 bytes; invalid UTF-8 throws a ``TemplateError`` located at the first bad byte.
    /// A byte-order mark at its start is not the template's text (an editor's, it would be
    /// written into the middle of a page).
    public init(bytes: [UInt8], name: String = "template") throws {
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let offset = SourceText.firstInvalidUTF8(bytes) {
            let position = SourceText.position(of: offset, in: bytes)
            throw TemplateError(name: name, line: position.line, column: position.column, reason: "invalid UTF-8")
        }
        self.name = name
        self.program = try Compiler.compile(bytes, name: name)
    }

    /// Renders to a String. Partials and parents are looked up in `partials`; missing ones render as nothing.
    /// Throws a ``TemplateError`` when runaway recursion reaches a render limit.
    public func render(_ context: MustacheValue, partials: TemplateLibrary? = nil) throws(TemplateError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(program.poolBytes.count + 256)
        try render(context, partials: partials, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends the rendered UTF-8 bytes to `buffer`. Partials and parents are looked up in `partials`.
    /// Runaway recursion stops at a limit (nesting 100 deep, 100,000 expansions, 256 MiB of output,
    /// 20 million steps) with a ``TemplateError`` (line and column 0); `buffer` then holds the partial output.
    public func render(_ context: MustacheValue, partials: TemplateLibrary? = nil,
                       into buffer: inout [UInt8]) throws(TemplateError) {
        if let limit = Renderer.render(program, context: context, library: partials, into: &buffer) {
            throw limit.error(rendering: name)
        }
    }

    /// Static partial (`{{>x}}`) and parent (`{{<x}}`) names this template references, with the
    /// 1-based position of each tag, in source order. Dynamic names (`{{>*x}}`) are not included.
    public var partialNames: [(name: String, line: Int, column: Int)] {
        program.references.map { ($0.name, $0.line, $0.column) }
    }

    /// Whether the template has a dynamic partial or parent (`{{>*name}}`), whose target is known only when rendering.
    public var hasDynamicPartials: Bool {
        program.ops.contains { ($0.kind == .partial || $0.kind == .parent) && $0.flag }
    }
}
