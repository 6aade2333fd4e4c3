import DaybookCore
import Foundation
import Mustache

/// `daybook render`: one Mustache file against JSON data, for theme authors.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render one Mustache template against JSON data and print the result.",
        positionals: [.init(name: "TEMPLATE", help: "The template file.", optional: false)],
        options: [
            .init(name: "data", value: "FILE", help: "JSON to render with: a file, a pipe such as <(jq . x.json), or - for standard input (default: no data)."),
            .init(name: "partials", value: "DIR", help: "Where {{>name}} finds DIR/name.mustache or DIR/partials/name.mustache before the template's own folder (which is searched the same way, as an exported theme keeps them), then the built-in theme; only the partials used are read."),
        ],
        discussion: "Numbers print as the JSON wrote them; null prints nothing. Errors go to stderr with their location.")

    static func run(_ args: ParsedArguments, terminal: Terminal) -> ExitCode {
        let path = args.positionals[0]
        guard let templateBytes = readWhole(path) else {
            terminal.error("error: \(path): cannot read the template: \(whyUnread(path))")
            return .inputMissing
        }
        var context = MustacheValue.null
        if let dataPath = args.values["data"] {
            // A file, a pipe or a process substitution (`--data <(jq … )`, /dev/fd/63), or `-` for stdin.
            guard let bytes = readWhole(dataPath == "-" ? "/dev/stdin" : dataPath) else {
                terminal.error("error: \(dataPath): cannot read the data: \(whyUnread(dataPath == "-" ? "/dev/stdin" : dataPath))")
                return .inputMissing
            }
            do {
                context = mustacheValue(try JSONParser.parse(bytes))
            } catch {
                let p = SourcePosition(offset: error.offset, in: bytes)
                terminal.error("error: \(dataPath == "-" ? "<stdin>" : dataPath):\(p.line):\(p.column): \(error.reason)")
                return .siteErrors
            }
        }
        let folders = (args.values["partials"].map { [$0] } ?? []) + [ParentFolder.of(path)]
        do {
            let template = try Template(bytes: templateBytes, name: path)
            var templates = try partials(of: template, in: folders)
            // The template itself, under a name no tag can give, so that its own references are checked too.
            let checked = TemplateLibrary(templates: templates.merging(["\u{0}": template]) { first, _ in first })
            let missing = checked.missingPartials().sorted { ($0.name, $0.line, $0.column) < ($1.name, $1.line, $1.column) }
            if !missing.isEmpty {
                for error in missing { terminal.error("error: \(error)") }
                return .siteErrors
            }
            templates.removeValue(forKey: "\u{0}")
            let library = TemplateLibrary(templates: templates)
            var buffer: [UInt8] = []
            try template.render(context, partials: library, into: &buffer)
            Terminal.write(buffer, to: STDOUT_FILENO)
            return .success
        } catch let error as TemplateError {
            // With the hint a build gives for Hugo's and Jekyll's tags (`{{ .Title }}`).
            for error in [error] + error.more {
                let hinted = TemplateError(name: error.name, line: error.line, column: error.column,
                                           reason: error.reason + OtherToolsTemplateNames.hint(forInvalidTag: error.reason))
                terminal.error("error: \(hinted)")
            }
            return .siteErrors
        } catch {
            terminal.error("error: \(error)")
            return .siteErrors
        }
    }

    /// The partials `template` uses, and those they use, from the first of `folders` that has
    /// them (`{{>card}}` is `folder/card.mustache` or `folder/partials/card.mustache`, as an
    /// exported theme keeps them), else the built-in theme; every template of the folders when one names its partial at
    /// render time (`{{>*name}}`). Other files are not read, so a broken one is no matter.
    static func partials(of template: Template, in folders: [String]) throws -> [String: Template] {
        func candidates(_ name: String) -> [String] {
            folders.flatMap { folder in
                [name + ".mustache", "partials/" + name + ".mustache"].map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
            }
        }
        func load(_ name: String) throws -> Template? {
            for file in candidates(name) {
                if let bytes = readWhole(file) { return try Template(bytes: bytes, name: file) }
            }
            // Last, the built-in theme's, as a build finds them (found by a theme audit: a site's copy
            // of entry.mustache could not be rendered without the layout and partials exported too).
            for key in [name + ".mustache", "partials/" + name + ".mustache"] {
                if let bytes = Theme.builtIn.files[key] { return try Template(bytes: bytes, name: "(built-in theme)/" + key) }
            }
            return nil
        }
        var templates: [String: Template] = [:]
        var pending = template.partialNames.map(\.name)
        var dynamic = template.hasDynamicPartials
        while let name = pending.popLast() {
            // `{{>partials/pager}}` is no name a build knows (a partial is named without `partials/`):
            // not found here either, so that what render takes, a build takes.
            guard templates[name] == nil, !name.split(separator: "/").contains(".."), !name.hasPrefix("partials/"),
                  let partial = try load(name) else { continue }
            templates[name] = partial
            pending += partial.partialNames.map(\.name)
            dynamic = dynamic || partial.hasDynamicPartials
        }
        if dynamic {
            for folder in folders {
                let base = folder.isEmpty ? "." : folder
                for sub in [base, (base as NSString).appendingPathComponent("partials")] {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: sub)) ?? []
                    for name in names where name.hasSuffix(".mustache") && templates[String(name.dropLast(".mustache".count))] == nil {
                        let key = String(name.dropLast(".mustache".count))
                        if let partial = try load(key) { templates[key] = partial }
                    }
                }
            }
        }
        return templates
    }

    /// All bytes of a file, pipe or character device, read to its end (at most 1 GiB); nil when it cannot be read.
    static func readWhole(_ path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // `read` gives nil at the end of the file: an empty file is no bytes, not a failure.
        guard case .success(let data) = Result(catching: { try handle.read(upToCount: 1 << 30) }) else { return nil }
        return [UInt8](data ?? Data())
    }

    /// Why ``readWhole(_:)`` gave nothing for `path`, for a person: no such file, a folder, or the
    /// system's reason (`Permission denied`).
    static func whyUnread(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
        if isDirectory.boolValue { return "it is a folder, not a file" }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        close(descriptor)
        return "it could not be read to its end"
    }

    /// JSON → Mustache: whole numbers as integers, other numbers as the text the JSON had.
    static func mustacheValue(_ node: JSONNode) -> MustacheValue {
        switch node.value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let text): return Int(text).map(MustacheValue.int) ?? .string(text)
        case .string(let s): return .string(s)
        case .array(let items): return .list(items.map(mustacheValue))
        case .object(let members):
            var object: [String: MustacheValue] = [:]
            for member in members where object[member.key] == nil { object[member.key] = mustacheValue(member.value) }
            return .object(MustacheObject(object))
        }
    }
}
