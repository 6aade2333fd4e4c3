import DaybookCore
import Foundation

/// `daybook new DIR`: a ready site to start from.
enum NewCommand {
    static let spec = CommandSpec(
        name: "new",
        abstract: "Make a new site folder with a config, two entries and a todo list.",
        positionals: [.init(name: "DIR", help: "The folder to create (it must not exist or be empty).", optional: false)],
        options: [.init(name: "title", value: "TITLE", help: "The site's title (default: the folder's name).")])

    static func run(_ args: ParsedArguments, terminal: Terminal) -> ExitCode {
        let folder = args.positionals[0]
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if !existing.isEmpty {
            terminal.err(UsageError(message: "\(folder) already exists and is not empty", command: spec).report)
            return .usage
        }
        let title = args.values["title"] ?? URL(fileURLWithPath: folder).lastPathComponent
        let files = SiteScaffold.files(title: title)
        let writer = OutputWriter(root: folder)
        do throws(WriteError) {
            try writer.prepareFolders(for: Array(files.keys))
            for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { _ = try writer.write(bytes, to: path) }
        } catch {
            terminal.error("error: \(error)")
            return .cannotCreate
        }
        terminal.err("Made a new site in \(folder). Next:\n  daybook build \(folder)\n  open \(folder)/_site/index.html\n")
        return .success
    }
}
