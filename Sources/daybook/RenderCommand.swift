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
            .init(name: "data", value: "FILE", help: "A JSON file to render with, or - for standard input (default: no data)."),
            .init(name: "partials", value: "DIR", help: "Where {{>name}} finds DIR/name.mustache (default: the template's folder)."),
        ],
        discussion: "Numbers print as the JSON wrote them; null prints nothing. Errors go to stderr with their location.")

    static func run(_ args: ParsedArguments, terminal: Terminal) -> ExitCode {
        let path = args.positionals[0]
        guard let templateData = FileManager.default.contents(atPath: path) else {
            terminal.error("error: \(path): cannot read the template")
            return .inputMissing
        }
        var context = MustacheValue.null
        if let dataPath = args.values["data"] {
            let bytes: [UInt8]
            if dataPath == "-" {
                bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            } else if let data = FileManager.default.contents(atPath: dataPath) {
                bytes = [UInt8](data)
            } else {
                terminal.error("error: \(dataPath): cannot read the data")
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
        let folder = args.values["partials"] ?? (path as NSString).deletingLastPathComponent
        var templates: [String: Template] = [:]
        do {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            for name in names where name.hasSuffix(".mustache") {
                let file = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
                if let data = FileManager.default.contents(atPath: file) {
                    templates[String(name.dropLast(".mustache".count))] = try Template(bytes: [UInt8](data), name: file)
                }
            }
            let template = try Template(bytes: [UInt8](templateData), name: path)
            let library = TemplateLibrary(templates: templates)
            for error in library.missingPartials() where error.name == path {
                terminal.error("error: \(error)")
                return .siteErrors
            }
            var buffer: [UInt8] = []
            try template.render(context, partials: library, into: &buffer)
            FileHandle.standardOutput.write(Data(buffer))
            return .success
        } catch {
            terminal.error("error: \(error)")
            return .siteErrors
        }
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
