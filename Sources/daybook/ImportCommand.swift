import DaybookCore
import DaybookImport
import Foundation

/// `daybook import FORMAT SOURCE`: another tool's export into the site's JSON (through DaybookImport).
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Import a journal or todo list from Day One, jrnl, Markdown notes, todo.txt or Taskwarrior.",
        positionals: [
            .init(name: "FORMAT", help: "dayone, jrnl, markdown, todotxt or taskwarrior.", optional: false,
                  completion: .choices(ImportFormat.allCases.map { Choice($0.rawValue, ImportCommand.formatHelp($0)) }),
                  hint: { ImportCommand.exportHint($0) }),
            .init(name: "SOURCE", help: "The export: a file, a folder, a zip, or - for stdin.", optional: false),
        ],
        options: [
            .init(name: "site", value: "DIR", help: "The site folder (default: the current folder)."),
            .init(name: "dry-run", value: nil, help: "Show what would change and write nothing."),
            .init(name: "prune", value: nil, help: "Remove the entries or todos of this format that the export no longer has."),
            .init(name: "replace-edits", value: nil, help: "Give entries edited in the site since the last import the export's version (kept by default)."),
            .init(name: "into", value: "NAME", help: "Keep the entries in diary/NAME.json (a Markdown import's files in photos/NAME/), apart from other imports of the format."),
            .init(name: "json", value: nil, help: "Print the summary as JSON."),
        ],
        discussion: """
        Entries go to diary/<FORMAT>.json, todos into todos.json (new ids after the last one),
        photos and other files to photos/<FORMAT>/. A second journal of the same tool (jrnl's
        work journal, another vault) goes --into a name of its own: diary/work.json, and
        --prune then removes only its entries. Every item keeps where it came from in
        "source", so importing the same export again changes nothing and a newer export updates
        its items in place (same id, so URLs stay; a todo done in the site that the export still
        has open stays done). Items written by hand or by another importer are never touched;
        unknown keys are kept. An entry edited in the site since the last import keeps the
        edit (diary/.<FORMAT>.imported.json records what each import wrote), and the import
        names it; --replace-edits gives it the export's version. markdown reads a folder of notes (an Obsidian vault) or a Hugo,
        Zola or Jekyll site's folder (its posts only), with YAML or TOML front matter. See
        docs/import.md for each tool.

        A Day One journal with errors is left out, with its errors, and the export's other
        journals are imported (exit 1).

        Exit status: 0 done, 1 the export or the site's files have errors (nothing is written;
        or a Day One journal of several was left out, and the others were imported; or --prune
        refused an export that has none of the file's entries, likely another journal's: give it
        --into NAME, or import it without --prune first), 64 bad usage, 66 no such export or site folder, 74 cannot read or write, 130 interrupted
        (Ctrl-C: the unpacked export is removed).
        """)

    /// What a format reads, for completion.
    static func formatHelp(_ format: ImportFormat) -> String {
        switch format {
        case .dayone: "Day One's JSON export (zip or folder), with its photos."
        case .jrnl: "jrnl's export (jrnl --export json)."
        case .markdown: "A folder of Markdown notes: an Obsidian vault, a Hugo, Zola or Jekyll site."
        case .todotxt: "todo.txt, with done.txt."
        case .taskwarrior: "Taskwarrior's export (task export)."
        }
    }

    /// For an export's path given where the format goes (`daybook import ~/Export.zip`): the
    /// command with the format first, the format named when the export tells it or is given after.
    static func exportHint(_ word: String, format: ImportFormat? = nil) -> String? {
        guard word != "-", FileManager.default.fileExists(atPath: word) else { return nil }
        let named = (format ?? ImportFormat.guess(at: word))?.rawValue ?? "FORMAT"
        return ". It is an export; the format comes first: daybook import \(named) \(SystemSettings.shellQuoted(word))"
    }

    static func run(_ args: ParsedArguments, terminal: Terminal) throws(UsageError) -> ExitCode {
        guard let format = ImportFormat(rawValue: args.positionals[0]) else {
            let formats = ImportFormat.allCases.map(\.rawValue)
            let hint = exportHint(args.positionals[0], format: ImportFormat(rawValue: args.positionals[1]))
            throw UsageError(message: "Unknown format '\(args.positionals[0])' (expected \(formats.joined(separator: ", ")))"
                             + (hint ?? CommandSpec.didYouMean(args.positionals[0], among: formats)), command: spec)
        }
        let into = args.values["into"]
        if let into {
            if format.importsTodos {
                throw UsageError(message: "--into is for entries; \(format.rawValue) imports todos into todos.json", command: spec)
            }
            guard Self.isIntoName(into) else {
                throw UsageError(message: "--into must be a name of letters, digits, '-' and '_' (at most 64), found '\(into)'", command: spec)
            }
        }
        let sourcePath = args.positionals[1]
        let site = args.values["site"] ?? "."
        /// A failure before anything is read, with --json on stdout too.
        func failed(_ errors: [SiteError], status: ExitCode) -> ExitCode {
            if args.flag("json") { terminal.out(BuildCommand.jsonFailure(errors: errors, warnings: []) + "\n") }
            for line in SiteErrors(errors).report().split(separator: "\n") { terminal.error(String(line)) }
            return status
        }
        if let problem = SiteFolder.problem(site) {
            return failed([SiteError(file: ShownPath.of(site), reason: problem)], status: .inputMissing)
        }
        // As `add` and `todo` do: a folder without `daybook.json` is not a site to write into,
        // and its zone and locale are what the import reads times and units by.
        let settings: SiteConfig
        do {
            settings = try SiteLoader(root: site).loadSettings()
        } catch {
            switch error {
            case .missingInput(let message): return failed([SiteError(file: "", reason: message)], status: .inputMissing)
            case .invalid(let found): return failed(found.errors, status: .siteErrors)
            }
        }
        var context = ImportContext(timeZone: settings.timeZone, locale: settings.locale)
        if format == .dayone { context.siteMedia = DayOneImporter.siteMedia(site: site) }
        if let into, format == .markdown { context.mediaFolder = "photos/" + into }
        // Ctrl-C stops unpacking and copying; a second one ends the process.
        let interruption = Interruption()
        let signals = InterruptSignals { interruption.request() }
        defer { signals.stop() }
        do {
            let export = try ExportFolder.open(sourcePath, stdinName: format.stdinName, interruption: interruption)
            let batch = try Importer.read(format, export, context: context)
            var importer = SiteImporter(site: site, format: format)
            importer.prune = args.flag("prune")
            importer.replaceEdits = args.flag("replace-edits")
            importer.fileName = into
            importer.dryRun = args.flag("dry-run")
            importer.interruption = interruption
            let lockFile = importer.lockFile
            importer.whenLockHeld = {
                terminal.error("note: waiting for \(lockFile): another process holds the site's lock "
                               + "(daybook todo and import take it while they change the site's files)…")
            }
            importer.photoProblem = { path in
                if case .failure(let problem) = PhotoProbe.checkedSize(ofFile: path) { return problem.reason }
                return nil
            }
            let summary = try importer.write(batch)
            for note in batch.notes + summary.shown(batch.itemNotes).map(\.message) + summary.notes + Self.notes(batch, added: summary.added, format: format, settings: settings, site: site) { terminal.error("note: \(note)") }
            for warning in summary.shown(batch.warnings) + summary.warnings { terminal.error("warning: \(warning)") }
            for errors in summary.notImported {
                for line in errors.report().split(separator: "\n") { terminal.error(String(line)) }
            }
            terminal.out((args.flag("json") ? summary.json : summary.line) + "\n")
            return summary.notImported.isEmpty ? .success : .siteErrors
        } catch {
            // The argument is wrong, not the data (found by a Hugo user's audit: it exited 1); the
            // usage error's JSON is written where usage errors are.
            if case .wrongExport(let message) = error { throw UsageError(message: message, command: spec) }
            if args.flag("json") {
                let errors: [SiteError]
                switch error {
                case .invalid(let found): errors = found.errors
                default: errors = [SiteError(file: "", reason: error.description)]
                }
                terminal.out(BuildCommand.jsonFailure(errors: errors, warnings: []) + "\n")
            }
            switch error {
            case .wrongExport(let message):
                throw UsageError(message: message, command: spec)
            case .missingInput(let message):
                terminal.error("error: \(message)")
                return .inputMissing
            case .invalid(let errors):
                for line in errors.report().split(separator: "\n") { terminal.error(String(line)) }
                return .siteErrors
            case .io(let message):
                terminal.error("error: \(message)")
                return .ioError
            case .interrupted:
                terminal.err("Interrupted: the unpacked export is removed; each file of the site is as it was or whole.\n")
                return .interrupted
            }
        }
    }
}

extension ImportCommand {
    /// What a newcomer moving a journal in would want said: `daybook new`'s sample entries are
    /// still in diary.json, and entries without mood, weather or location show those cards as
    /// "None" unless the site hides empty cards (said when the import adds entries: a re-import's
    /// entries may have been given them since, by hand).
    static func notes(_ batch: ImportBatch, added: Int, format: ImportFormat, settings: SiteConfig, site: String) -> [String] {
        guard !format.importsTodos, !batch.items.isEmpty else { return [] }
        var notes: [String] = []
        let diary = SiteLoader(root: site).displayPath("diary.json")
        if let data = FileManager.default.contents(atPath: diary),
           let node = try? JSONParser.parse(Array(data)), case .array(let entries) = node.value,
           entries.contains(where: { if case .string(let title)? = $0["title"]?.value.value { return SiteScaffold.isSampleTitle(title) } else { return false } }) {
            notes.append("\(diary) still holds the sample entries `daybook new` wrote; delete them (and todos.json's samples) when you are done with them")
        }
        if !settings.hideEmptyCards, added > 0, batch.items.allSatisfy({ $0["mood"] == nil && $0["weather"] == nil && $0["location"] == nil }) {
            notes.append("the imported entries have no mood, weather or location, which their pages show as \"None\"; \"hideEmptyCards\": true in daybook.json leaves those cards out")
        }
        return notes
    }

    /// A name for `--into`: a file name of its own in `diary/` and a folder in `photos/`.
    static func isIntoName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix("-")
            && name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
    }
}

extension ImportFormat {
    /// The name a stdin export is read under.
    var stdinName: String {
        switch self {
        case .todotxt: return "todo.txt"
        case .markdown: return "note.md"
        default: return "export.json"
        }
    }
}
