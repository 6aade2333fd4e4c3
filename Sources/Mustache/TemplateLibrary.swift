/// A set of named templates that can include each other as partials (`{{>name}}`)
/// and parents (`{{<name}}`).
public struct TemplateLibrary: Sendable {
    /// The templates in name order, with each name's hash value in `hashes`: a library holds a
    /// few dozen, found by comparing integers (not by hashing a name for every partial, and not
    /// by copying entries while searching).
    private let entries: [(name: String, template: Template)]
    private let hashes: [Int]
    /// When set, renders with this library record the names they find in no context.
    public var missingNames: MissingNames?

    /// Compiles every source once; keys are the names partial and parent tags use.
    /// Throws the first ``TemplateError`` in name order.
    public init(sources: [String: String]) throws {
        var templates: [String: Template] = [:]
        templates.reserveCapacity(sources.count)
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try Template(source, name: name)
        }
        self.init(templates: templates)
    }

    /// Wraps already compiled templates; keys are the names partial and parent tags use.
    public init(templates: [String: Template]) {
        entries = templates.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        hashes = entries.map(\.name.hashValue)
    }

    /// The template stored under `name`, whose `hashValue` is `hash` (for names hashed when compiled).
    func template(named name: String, hash: Int) -> Template? {
        var index = 0
        while index < hashes.count {
            if hashes[index] == hash && entries[index].name == name { return entries[index].template }
            index += 1
        }
        return nil
    }

    /// The template stored under `name`.
    public subscript(name: String) -> Template? {
        template(named: name, hash: name.hashValue)
    }

    /// All template names, sorted.
    public var names: [String] { entries.map(\.name) }

    /// Appends the named template's rendering to `buffer`, with this library as its partials.
    /// Throws a ``TemplateError`` (line and column 0) when no template has that name or a render limit is reached.
    public func render(_ name: String, _ context: MustacheValue, into buffer: inout [UInt8]) throws(TemplateError) {
        guard let template = self[name] else {
            throw TemplateError(name: name, line: 0, column: 0, reason: "no template named \"\(name)\"")
        }
        try template.render(context, partials: self, into: &buffer)
    }

    /// Renders the named template to a String, with this library as its partials.
    /// Throws a ``TemplateError`` (line and column 0) when no template has that name or a render limit is reached.
    public func render(_ name: String, _ context: MustacheValue) throws(TemplateError) -> String {
        var buffer: [UInt8] = []
        try render(name, context, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Static `{{>x}}` and `{{<x}}` references to templates not in this library, each located at its
    /// tag in the referencing template, named as that template is (its file), sorted by the
    /// library's names, then position. Rendering treats such references as empty, as the spec
    /// requires; a site build may want to report them instead. `unreadable`: names of templates
    /// that are there but did not parse (their own error says so), not reported again here.
    /// `suggestion` names the template probably meant, from the missing name and the library's names.
    public func missingPartials(ignoring unreadable: Set<String> = [],
                                suggestion: (String, [String]) -> String? = { _, _ in nil }) -> [TemplateError] {
        var errors: [TemplateError] = []
        for (_, template) in entries {
            for reference in template.program.references where self[reference.name] == nil && !unreadable.contains(reference.name) {
                let near = suggestion(reference.name, names).map { " (did you mean \"\($0)\"?)" } ?? ""
                errors.append(TemplateError(name: template.name, line: reference.line, column: reference.column,
                                            reason: "no template named \"\(reference.name)\"" + near))
            }
        }
        return errors
    }
}

extension TemplateLibrary {
    /// A block a template fills in a parent (`{{<layout}}{{$contents}}…`) that the parent
    /// has not (nor its own parents, nor the partials they include): its text is never shown.
    public struct UnknownBlock: Sendable, Equatable {
        /// The template's name (its file), and where the block tag is in it.
        public var template: String
        public var line: Int
        public var column: Int
        public var block: String
        public var parent: String
        /// The blocks the parent has, sorted.
        public var known: [String]
    }

    /// Every ``UnknownBlock`` of the library's templates, by the library's names, then position.
    public func unknownBlocks() -> [UnknownBlock] {
        var declared: [String: Set<String>] = [:]
        func blocks(of name: String, visiting: inout Set<String>) -> Set<String> {
            if let known = declared[name] { return known }
            guard let program = self[name]?.program, visiting.insert(name).inserted else { return [] }
            var names: Set<String> = []
            for op in program.ops {
                switch op.kind {
                case .block: names.insert(program.strings[op.a])
                case .parent where !op.flag, .partial where !op.flag: names.formUnion(blocks(of: program.strings[op.a], visiting: &visiting))
                default: break
                }
            }
            declared[name] = names
            return names
        }
        var found: [UnknownBlock] = []
        for (_, template) in entries {
            let program = template.program
            for op in program.ops where op.kind == .parent && !op.flag && op.d >= 0 {
                let parent = program.strings[op.a]
                guard self[parent] != nil else { continue }
                var visiting: Set<String> = []
                let known = blocks(of: parent, visiting: &visiting)
                for index in program.blockLists[op.d] {
                    let name = program.strings[program.ops[index].a]
                    guard !known.contains(name), let tag = program.inheritanceTags[index] else { continue }
                    found.append(UnknownBlock(template: template.name, line: tag.line, column: tag.column, block: name,
                                              parent: parent, known: known.sorted()))
                }
            }
        }
        return found
    }
}
