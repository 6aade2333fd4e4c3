import DaybookCore
import Foundation

/// `daybook new DIR`: a ready site to start from.
enum NewCommand {
    static let spec = CommandSpec(
        name: "new",
        abstract: "Make a new site folder with a config, two entries, a todo list and an about page.",
        positionals: [.init(name: "DIR", help: "The folder to create (it must not exist or be empty).", optional: false)],
        options: [.init(name: "title", value: "TITLE", help: "The site's title (default: the folder's name)."),
                  .init(name: "now", value: "ISO", help: "The date and time to take as now (default: the clock).")],
        discussion: """
        The site's locale comes from LC_ALL, LC_MESSAGES or LANG (ko_KR.UTF-8 gives ko_KR; else en_US),
        its time zone from TZ, else the system's (/etc/localtime, /etc/timezone; else UTC); a TZ that
        names no zone (Seoul) is said so, with the one meant (Asia/Seoul).
        The starter entries, todos and about page (pages/about.md) are in the locale's language
        when the theme has it. The two entries are dated yesterday at 09:00 and today, in the
        site's time zone (--now, else the clock), so the new site opens on this month.

        DIR may be a folder that holds only hidden files (a fresh clone's .git).
        Exit status: 0 made, 64 bad usage (an empty title, or a folder that is a file or is
        not empty: nothing in it is touched), 73 cannot write.
        """)

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String] = [:]) -> ExitCode {
        let folder = args.positionals[0]
        let title = args.values["title"] ?? URL(fileURLWithPath: folder).lastPathComponent
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // daybook.json's title must not be empty: the site would not build.
            terminal.err(UsageError(message: "The title must not be empty", command: spec).report)
            return .usage
        }
        let now: ISODate
        do throws(UsageError) {
            now = try Now.present(args.values["now"], command: spec)
        } catch {
            terminal.err(error.report)
            return .usage
        }
        let locale = SystemSettings.locale(environment: environment)
        let zone = SystemSettings.timeZone(environment: environment)
        if let tz = SystemSettings.unknownTZ(environment: environment) {
            terminal.error("warning: TZ: \(SiteLoader.unknownZone(tz)); the new site's time zone is \(zone), "
                           + "which \"timeZone\" in daybook.json changes")
        }
        let today = (DiaryStore.localDate(now, timeZone: zone) ?? now).day
        let files = SiteScaffold.files(title: title, locale: locale, timeZone: zone, today: today)
        if let failed = writeNewFolder(folder, files: files, command: spec, terminal: terminal) { return failed }
        let page = (folder as NSString).appendingPathComponent("_site/index.html")
        let openLine: String
        if let opener = SystemSettings.opener(environment: environment) {
            openLine = "\(opener) \(SystemSettings.shellQuoted(page))"
        } else {
            openLine = "then open " + URL(fileURLWithPath: page).standardizedFileURL.absoluteString + " in a browser"
        }
        // A site made inside another (`daybook new en` run in the site `en`) is its own: say so.
        let parent = URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent().path
        if FileManager.default.fileExists(atPath: (parent as NSString).appendingPathComponent("daybook.json")) {
            terminal.error("note: \(parent) is a site already; \(folder) is a new site inside it, built on its own (the outer site does not read it)")
        }
        terminal.err("Made a new site in \(SystemSettings.shellQuoted(folder)) (locale \(locale), time zone \(zone)). Next:\n"
                     + "  daybook build \(SystemSettings.shellQuoted(folder))\n  \(openLine)\n")
        return .success
    }

    /// What to give instead of `folder`, which is not empty: a site's `templates/` for its theme,
    /// a folder in it for a new site, but never a site inside a site.
    private static func instead(_ folder: String, command: CommandSpec) -> String {
        let isSite = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("daybook.json"))
        let inside = { (name: String) in SystemSettings.shellQuoted((folder as NSString).appendingPathComponent(name)) }
        if command.name == ThemeCommand.spec.name {
            return isSite ? "it is a site: give its templates folder, \(inside("templates"))" : "give a new or empty folder"
        }
        // The command in double quotes: the folder in it may be in single ones ('my site').
        return isSite ? "it is a site already: build it with \"daybook build \(SystemSettings.shellQuoted(folder))\", or give a new folder"
            : "give a new folder, such as \(inside("site"))"
    }

    /// Writes `files` into `folder`, which must not exist or be empty but for hidden files; the exit status of a failure, else nil.
    static func writeNewFolder(_ folder: String, files: [String: [UInt8]], command: CommandSpec, terminal: Terminal) -> ExitCode? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            terminal.err(UsageError(message: "\(SystemSettings.shellQuoted(ShownPath.of(folder))) is a file, not a folder", command: command).report)
            return .usage
        }
        // A folder holding only hidden things (a fresh clone's `.git`, `.github`) is as good as
        // empty, unless one of them is a file to write.
        let tops = Set(files.keys.map { String($0.split(separator: "/").first ?? "") })
        let existing = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") || tops.contains($0) }
        if !existing.isEmpty {
            terminal.err(UsageError(message: "\(SystemSettings.shellQuoted(ShownPath.of(folder))) already exists and is not empty (its hidden files alone, such as .git, are let be); "
                + instead(folder, command: command), command: command).report)
            return .usage
        }
        let writer = OutputWriter(root: folder)
        do throws(WriteError) {
            try writer.prepareFolders(for: Array(files.keys))
            for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { _ = try writer.write(bytes, to: path) }
        } catch {
            terminal.error("error: \(error)")
            return .cannotCreate
        }
        return nil
    }
}
