/// The compiled, immutable form of one template: a flat array of operations
/// whose nested bodies are index ranges, plus the tables they refer to.
final class Program: @unchecked Sendable {
    /// One operation. Field meaning depends on `kind`:
    /// - `text`: `a..<b` is a range of `poolBytes`.
    /// - `variable`: `a` indexes `nameSpans`; `flag` = HTML-escape.
    /// - `section`/`inverted`: `a` indexes `nameSpans`; body is `index+1..<b`.
    /// - `partial`: `a` indexes `strings` (static) or `nameSpans` (`flag` = dynamic);
    ///   `c` indexes `indents` when standalone, -1 when inline.
    /// - `parent`: like `partial`; body is `index+1..<b`; `d` indexes `blockLists`.
    /// - `block`: `a` indexes `strings`; body (default content) is `index+1..<b`;
    ///   `c` indexes `indents` when the block re-indents its content, else -1.
    struct Op: Sendable {
        enum Kind: UInt8, Sendable {
            case text, variable, section, inverted, partial, parent, block
        }

        var kind: Kind
        var flag = false
        var a = 0
        var b = 0
        var c = -1
        var d = -1
    }

    /// A static partial or parent reference and where it appears.
    struct Reference: Sendable {
        let name: String
        let line: Int
        let column: Int
    }

    let ops: [Op]
    /// The template's text runs, in memory the program owns (immutable after init, so the program
    /// stays safe to share): text is appended from it without retaining an array for every run.
    let poolBytes: UnsafeMutableBufferPointer<UInt8>
    /// The components of all dotted names, one after another, with their keys, in memory the
    /// program owns; `nameSpans[i]` is where the components of name `i` are (none for the
    /// implicit iterator `.`). A lookup reads them in place.
    let components: UnsafeMutableBufferPointer<String>
    let componentKeys: UnsafeMutableBufferPointer<NameKey>
    let nameSpans: UnsafeMutableBufferPointer<NameSpan>

    /// Where a name's components are in ``components``.
    struct NameSpan {
        let start: Int
        let count: Int
    }
    let strings: [String]
    /// `strings[i].hashValue`, to compare block names cheaply.
    let stringHashes: [Int]
    let indents: [[UInt8]]
    /// Op indices of the blocks directly inside each parent tag.
    let blockLists: [[Int]]
    let references: [Reference]
    /// The template's name, for messages.
    let templateName: String
    /// The name and position of each variable, section and inverted tag, by op index (for ``MissingNames``).
    let nameTags: [Int: Reference]
    /// The name and position of each static parent tag and each block tag, by op index (for
    /// ``TemplateLibrary/unknownBlocks()``).
    let inheritanceTags: [Int: Reference]

    /// `names`: the dotted names split into components, `[]` for the implicit iterator `.`.
    init(ops: [Op], pool: [UInt8], names: [[String]], strings: [String],
         indents: [[UInt8]], blockLists: [[Int]], references: [Reference],
         templateName: String = "template", nameTags: [Int: Reference] = [:], inheritanceTags: [Int: Reference] = [:]) {
        self.ops = ops
        poolBytes = .allocate(capacity: max(1, pool.count))
        _ = poolBytes.initialize(from: pool)
        let flat = names.flatMap { $0 }
        components = .allocate(capacity: flat.count)
        _ = components.initialize(from: flat)
        componentKeys = .allocate(capacity: flat.count)
        _ = componentKeys.initialize(from: flat.lazy.map(NameKey.init))
        var start = 0
        nameSpans = .allocate(capacity: names.count)
        _ = nameSpans.initialize(from: names.map { name in
            defer { start += name.count }
            return NameSpan(start: start, count: name.count)
        })
        self.strings = strings
        self.stringHashes = strings.map(\.hashValue)
        self.indents = indents
        self.blockLists = blockLists
        self.references = references
        self.templateName = templateName
        self.nameTags = nameTags
        self.inheritanceTags = inheritanceTags
    }

    deinit {
        poolBytes.deallocate()
        _ = components.deinitialize()
        components.deallocate()
        componentKeys.deallocate()
        nameSpans.deallocate()
    }
}
