/// The safety limit that stopped a render early (see ``Renderer``); only runaway
/// recursion in templates reaches one.
enum RenderLimit: Equatable, Sendable {
    /// Expanding the named partial, parent or block would nest deeper than ``Renderer/maxDepth``.
    case depth(String)
    /// More than ``Renderer/maxExpansions`` expansions.
    case expansions
    /// More than ``Renderer/maxOutput`` bytes.
    case output
    /// More than ``Renderer/maxSteps`` steps of work.
    case steps

    /// The reason given in the ``TemplateError``.
    var reason: String {
        switch self {
        case .depth(let name):
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
