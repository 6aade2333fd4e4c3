/// The safety limit that stopped a render early (see ``Renderer``); only runaway
/// recursion in templates reaches one.
enum RenderLimit: Equatable, Sendable {
    /// Expanding the named partial, parent or block would nest deeper than ``Renderer/maxDepth``;
    /// the tag that would, in its template (line 0 when not known: a dynamic partial's).
    case depth(String, template: String = "", line: Int = 0, column: Int = 0)
    /// More than ``Renderer/maxExpansions`` expansions.
    case expansions
    /// More than ``Renderer/maxOutput`` bytes.
    case output
    /// More than ``Renderer/maxSteps`` steps of work.
    case steps

    /// The depth limit met expanding `name` at the tag `tag` of `program` (nil: not known).
    static func depth(_ name: String, at tag: Program.Reference?, in program: Program) -> RenderLimit {
        .depth(name, template: program.templateName, line: tag?.line ?? 0, column: tag?.column ?? 0)
    }

    /// The error a render of the template `name` stopped by this limit throws: at the tag that
    /// recursed when it is known (`partials/entry.mustache:3:5`), else at the template rendered.
    func error(rendering name: String) -> TemplateError {
        if case .depth(_, let template, let line, let column) = self, line > 0 {
            return TemplateError(name: template, line: line, column: column, reason: reason)
        }
        return TemplateError(name: name, line: 0, column: 0, reason: reason)
    }

    /// The reason given in the ``TemplateError``.
    var reason: String {
        switch self {
        case .depth(let name, _, _, _):
            "rendering stopped: \"\(name)\" would nest more than \(Renderer.maxDepth) partials deep (does a partial include itself without an end?)"
        case .expansions:
            "rendering stopped after \(Renderer.maxExpansions) partial expansions (does a partial include itself?)"
        case .output:
            "rendering stopped: the output passed \(Renderer.maxOutput >> 20) MiB"
        case .steps:
            "rendering stopped after \(Renderer.maxSteps) steps (a partial that includes itself, sections nested over long lists, or a page of very many items)"
        }
    }
}
