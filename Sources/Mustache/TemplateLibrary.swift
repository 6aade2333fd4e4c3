/// A set of named templates that can include each other as partials (`{{>name}}`)
/// and parents (`{{<name}}`).
public struct TemplateLibrary: Sendable {
    private let templates: [String: Template]
    private let sortedNames: [String]
    /// The templates with their names' hash values, for lookups by a name hashed in advance.
    private let hashed: [(hash: Int, name: String, template: Template)]

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
        self.templates = templates
        self.sortedNames = templates.keys.sorted()
        hashed = sortedNames.map { ($0.hashValue, $0, templates[$0]!) }
    }

    /// The template stored under `name`, whose `hashValue` is `hash`: a scan of a few integers
    /// instead of hashing the name again for every partial a render includes.
    func template(named name: String, hash: Int) -> Template? {
        for entry in hashed where entry.hash == hash && entry.name == name { return entry.template }
        return nil
    }

    /// The template stored under `name`.
    public subscript(name: String) -> Template? {
        templates[name]
    }

    /// All template names, sorted.
    public var names: [String] { sortedNames }

    /// Appends the named template's rendering to `buffer`, with this library as its partials.
    /// Throws a ``TemplateError`` (line and column 0) when no template has that name or a render limit is reached.
    public func render(_ name: String, _ context: MustacheValue, into buffer: inout [UInt8]) throws(TemplateError) {
        guard let template = templates[name] else {
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
    /// tag in the referencing template (sorted by template name, then position). Rendering treats
    /// such references as empty, as the spec requires; a site build may want to report them instead.
    public func missingPartials() -> [TemplateError] {
        var errors: [TemplateError] = []
        for name in sortedNames {
            guard let template = templates[name] else { continue }
            for reference in template.program.references where templates[reference.name] == nil {
                errors.append(TemplateError(name: name, line: reference.line, column: reference.column,
                                            reason: "no template named \"\(reference.name)\""))
            }
        }
        return errors
    }
}
