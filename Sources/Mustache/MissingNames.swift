import Foundation

/// Names that a render looked up and found in no context (`{{titel}}` where every context has
/// fixed members, so a miss is a typo), each at its tag, with the nearest name the contexts had.
/// Set ``TemplateLibrary/missingNames`` to collect them; renders on many threads may share one.
public final class MissingNames: @unchecked Sendable {
    /// One missing name: where its tag is and which name of the contexts was nearest.
    public struct Miss: Sendable, Hashable, Comparable {
        public var template: String
        public var line: Int
        public var column: Int
        public var name: String
        /// The contexts' names at the tag (the nearest is the caller's to choose), sorted; for a
        /// partial, the library's templates.
        public var available: [String]
        /// For a dynamic partial (`{{>*kind}}`): the name its value gave, which no template has.
        public var partial: String?

        public static func < (a: Miss, b: Miss) -> Bool {
            (a.template, a.line, a.column, a.name, a.partial ?? "") < (b.template, b.line, b.column, b.name, b.partial ?? "")
        }
    }

    /// A miss without the names around it: a tag reached in many contexts (a partial that every
    /// kind of page includes) is one miss, with the names of all of them.
    private struct Tag: Hashable {
        var template: String
        var line: Int
        var column: Int
        var name: String
        var partial: String?
    }

    private let lock = NSLock()
    private var seen: [Tag: Set<String>] = [:]

    public init() {}

    /// Every miss, once per tag, sorted by template and position.
    public var misses: [Miss] {
        lock.withLock {
            seen.map { tag, available in
                Miss(template: tag.template, line: tag.line, column: tag.column, name: tag.name,
                     available: available.sorted(), partial: tag.partial)
            }.sorted()
        }
    }

    private func record(_ tag: Tag, available: some Sequence<String>) {
        lock.withLock { seen[tag, default: []].formUnion(available) }
    }

    /// Records that the dynamic partial at op `index` of `program` named `partial`, which no
    /// template of `available` is.
    func add(_ program: Program, op index: Int, partial: String, available: [String]) {
        guard let tag = program.nameTags[index] else { return }
        record(Tag(template: program.templateName, line: tag.line, column: tag.column, name: tag.name, partial: partial),
               available: available)
    }

    /// Records the miss of the name tag at op `index` of `program`, with the names of `stack`'s objects.
    func add(_ program: Program, op index: Int, stack: borrowing ContextStack) {
        guard let tag = program.nameTags[index] else { return }
        var names: Set<String> = []
        let parts = tag.name.split(separator: ".").map(String.init)
        // A dotted name whose first part is found: the names of the deepest object its parts reach.
        var reached: MustacheObject?
        for level in stride(from: stack.count - 1, through: 0, by: -1) where parts.count > 1 {
            guard case .object(let object) = stack[level], case .object(var current)? = object[parts[0]] else { continue }
            for part in parts.dropFirst().dropLast() {
                guard case .object(let next)? = current[part] else { break }
                current = next
            }
            reached = current
            break
        }
        if let reached {
            names.formUnion(reached.shape.names)
        } else {
            for level in 0..<stack.count {
                if case .object(let object) = stack[level] { names.formUnion(object.shape.names) }
            }
        }
        record(Tag(template: program.templateName, line: tag.line, column: tag.column, name: tag.name, partial: nil),
               available: names)
    }
}
