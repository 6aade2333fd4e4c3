import DaybookCore
import Foundation

/// `daybook __complete KIND WORD…` (hidden): what a completion script offers that only the
/// site knows. WORDs are the command line after `daybook`, up to the word being completed;
/// they name the command and the site. Prints one value a line, a tab, and a description.
enum CompletionValues {
    static func lines(kind: String, words: [String], commands: [CommandSpec]) -> [String] {
        let words = Array(words.drop(while: { $0.hasPrefix("-") }))
        guard let name = words.first, let spec = commands.first(where: { $0.name == name }),
              let args = try? spec.parse(Array(words.dropFirst()), validating: false) else { return [] }
        let site = siteFolder(spec, args)
        switch kind {
        case "months": return months(site: site, args: args, spec: spec)
        case "todo-ids": return todoIDs(site: site, action: args.positionals.first ?? "", given: args.positionals.dropFirst())
        case "tags": return tags(site: site, args: args, spec: spec)
        case "at-tags": return tags(site: site, args: args, spec: spec).map { "@" + $0 }
        default: return []
        }
    }

    /// `--site DIR`, else the SITE argument, else the current folder.
    static func siteFolder(_ spec: CommandSpec, _ args: ParsedArguments) -> String {
        if let site = args.values["site"] { return site }
        if let index = spec.positionals.firstIndex(where: { $0.name == "SITE" }), index < args.positionals.count {
            return args.positionals[index]
        }
        return "."
    }

    /// The months with entries, newest first, with their titles ("2021-11\tNovember 2021"): those
    /// `report` would find with the line's `--now`, `--drafts` and `--future` (drafts and entries
    /// after now are left out without them).
    static func months(site: String, args: ParsedArguments, spec: CommandSpec) -> [String] {
        let now = (try? Now.resolve(args.values["now"], environment: ProcessInfo.processInfo.environment, command: spec))
            ?? ISODate(epochSeconds: Int64(Date().timeIntervalSince1970))
        let options = BuildOptions(includeDrafts: args.flag("drafts"), includeFuture: args.flag("future"), now: now)
        guard let builder = try? ReportBuilder(siteRoot: site, options: options) else { return [] }
        return builder.months.map { "\($0)\t\(description(builder.title(of: $0)))" }
    }

    /// The diary's tags, each as a command line takes it (``ListCommand/typed(tag:)``), with its
    /// count of entries: those `list` finds with the line's `--now`, `--drafts` and `--future`;
    /// for a command without them (`add`), of every entry.
    static func tags(site: String, args: ParsedArguments, spec: CommandSpec) -> [String] {
        let now = (try? Now.resolve(args.values["now"], environment: ProcessInfo.processInfo.environment, command: spec)) ?? Now.clock
        let every = !spec.options.contains { $0.name == "drafts" }
        let options = BuildOptions(includeDrafts: every || args.flag("drafts"), includeFuture: every || args.flag("future"), now: now)
        guard let diary = try? SiteBuilder(siteRoot: site, options: options).diary().diary else { return [] }
        return diary.tags.map { "\(ListCommand.typed(tag: $0.name))\t\(EnglishCount.text($0.entries.count, "entry", "entries"))" }
    }

    /// The ids an action can take: open todos for `done`, done ones for `undo`, those with a
    /// priority for `depri`, all for `rm` and `today` (todo.sh's names for them too); each takes
    /// several, so those `given` already on the line are left out.
    static func todoIDs(site: String, action: String, given: ArraySlice<String> = []) -> [String] {
        let wanted: (Todo) -> Bool
        switch TodoCommand.todoShNames[action] ?? action {
        case "done": wanted = { !$0.isDone }
        case "undo": wanted = { $0.isDone }
        case "depri": wanted = { $0.priority != nil }
        case "rm", "today": wanted = { _ in true }
        default: return []
        }
        guard let todos = try? TodoStore(site: site).list() else { return [] }
        let taken = Set(given.compactMap { Int($0) })
        return todos.filter { wanted($0) && !taken.contains($0.id) }.map { "\($0.id)\t\(description($0.detail))" }
    }

    /// One short line: no tabs or line breaks from the data, at most 60 characters.
    static func description(_ text: String) -> String {
        let line = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
