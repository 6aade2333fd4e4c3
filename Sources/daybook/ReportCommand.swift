import DaybookCore
import Foundation

/// `daybook report YYYY-MM`: one month's report as a standalone HTML page, Markdown, or a PDF
/// printed by headless Chromium.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Write one month's report as HTML, Markdown or PDF.",
        positionals: [
            .init(name: "YYYY-MM", help: "The month, like 2021-11.", optional: false, completion: .months),
            .init(name: "SITE", help: "The site folder (default: the current folder)."),
        ],
        options: [
            .init(name: "format", value: "FORMAT", help: "html, md or pdf (default: as the output file is named, else html).", completion: .choices([
                .init("html", "One HTML file that works on its own."), .init("md", "GitHub-flavoured Markdown."),
                .init("pdf", "A PDF, printed by Chromium.")])),
            .init(name: "output", value: "FILE", help: "Where to write it (default: YYYY-MM.html, .md or .pdf here; - for stdout)."),
            .init(name: "now", value: "ISO", help: "The date and time to report as (default: SOURCE_DATE_EPOCH, else the clock)."),
            BuildCommand.draftsOption,
            BuildCommand.futureOption,
            BuildCommand.cacheOption,
        ],
        discussion: """
        The HTML file works on its own: the stylesheets and the photos are inside it, each photo
        once however often the month shows it, and so are the files of templates/assets/ and
        static/ that the site's templates link (a link that cannot be held is left out, with a
        warning); other files, such as audio, are linked from the site folder. It prints on A4,
        or on US Letter where the site's locale uses it.
        PDF needs Chromium or Chrome (chromium, chromium-browser or google-chrome on PATH, or
        DAYBOOK_BROWSER) and the Noto CJK and colour emoji fonts:
          apt-get install chromium fonts-noto-cjk fonts-noto-color-emoji
        DAYBOOK_BROWSER_TIMEOUT sets how many seconds the browser may take (default: 60).
        Exit status: 0 written, 1 the site has errors or the month has no entries, 64 bad usage,
        66 no site, 69 no browser or the browser failed, 73 cannot write.
        """)

    enum Format: String {
        case html, md, pdf
    }

    /// The format a file name asks for by its extension (`.md`, `.markdown`, `.pdf`, `.html`, `.htm`).
    static func formatOfName(_ name: String) -> String? {
        switch (name as NSString).pathExtension.lowercased() {
        case "md", "markdown": return "md"
        case "pdf": return "pdf"
        case "html", "htm": return "html"
        default: return nil
        }
    }

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let monthText = TypedDigits.ascii(args.positionals[0])
        guard let month = MonthKey(monthText) else {
            let isWrittenSo = monthText.count == 7 && monthText.enumerated().allSatisfy { $0.offset == 4 ? $0.element == "-" : $0.element.isASCII && $0.element.isNumber }
            throw UsageError(message: isWrittenSo ? "'\(monthText)' is not a month: a month is 01 to 12, like 2021-11"
                             : "The month must be written YYYY-MM, like 2021-11, found '\(monthText)'", command: spec)
        }
        let site = args.positionals.count > 1 ? args.positionals[1] : "."
        let formatText = args.values["format"] ?? args.values["output"].flatMap(formatOfName) ?? "html"
        guard let format = Format(rawValue: formatText == "markdown" ? "md" : formatText.lowercased()) else {
            throw UsageError(message: "--format must be html, md or pdf, found '\(formatText)'", command: spec)
        }
        let output = args.values["output"] ?? "\(month).\(format.rawValue)"
        if output.isEmpty { throw UsageError(message: "--output needs a file name, or - for stdout", command: spec) }
        if output != "-" {
            // Said before the work (a PDF takes seconds), in words, not as Foundation's error.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), isDirectory.boolValue {
                throw UsageError(message: "--output \(output) is a folder; name a file, such as \((output as NSString).appendingPathComponent("\(month).\(format.rawValue)"))", command: spec)
            }
            if let file = siteFile(output, site: site) {
                throw UsageError(message: "--output \(output) is the site's \(file), which the build reads; name another file, such as \(month).\(format.rawValue)", command: spec)
            }
            if args.values["format"] != nil, let named = args.values["output"].flatMap(formatOfName), named != format.rawValue {
                let suggested = String(output.dropLast((output as NSString).pathExtension.count)) + format.rawValue
                func shown(_ name: String) -> String { name == "md" ? "Markdown" : name.uppercased() }
                throw UsageError(message: "--format \(format.rawValue) writes \(shown(format.rawValue)), but --output \(output) is named as \(shown(named)); name it \(suggested), or leave --format out", command: spec)
            }
            let parent = ParentFolder.of(output)
            if !parent.isEmpty, !(FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) && isDirectory.boolValue) {
                let exists = FileManager.default.fileExists(atPath: parent)
                terminal.error("error: \(output): cannot write: " + (exists ? "\(parent) is a file, not a folder" : "there is no folder \(parent)"))
                return .cannotCreate
            }
        }
        let now = try Now.resolve(args.values["now"], environment: environment, command: spec)
        var timeout = 60.0
        if let text = environment["DAYBOOK_BROWSER_TIMEOUT"], !text.isEmpty {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw UsageError(message: "DAYBOOK_BROWSER_TIMEOUT must be a number of seconds, found '\(text)'", command: spec)
            }
            timeout = seconds
        }

        // Find the browser before the work, so a missing one is said at once.
        var printer: BrowserPrinter?
        if format == .pdf {
            do throws(BrowserPrinter.Failure) {
                printer = try BrowserPrinter.find(environment: environment)
                printer?.timeout = timeout
            } catch {
                terminal.error("error: " + error.message)
                return .unavailable
            }
        }

        let builder: ReportBuilder
        do throws(BuildFailure) {
            var options = BuildOptions(includeDrafts: args.flag("drafts"), includeFuture: args.flag("future"), now: now)
            options.cache = args.values["cache"]
            builder = try ReportBuilder(siteRoot: site, options: options)
        } catch {
            return BuildCommand.report(error, terminal: terminal, environment: environment)
        }
        let leftOut = builder.leftOut(of: month)
        guard let index = builder.monthIndex(of: month) else {
            let months = builder.months.map(\.description)
            terminal.error("error: \(ShownPath.of(site)): no entries in \(builder.title(of: month)) (\(month)); "
                + (months.isEmpty ? "the diary has no entries" : "months with entries: " + months.joined(separator: ", ")))
            for line in EnglishCount.leftOutNotes(leftOut) { terminal.error("note: " + line) }
            return .siteErrors
        }

        let toStdout = output == "-"
        let cwd = FileManager.default.currentDirectoryPath
        let folder = toStdout ? cwd : ParentFolder.of(absolute(output, cwd: cwd))
        let bytes: [UInt8]
        // About the links of the site's templates that the page could not hold.
        var warnings: [SiteError] = []
        var copies: [(path: String, bytes: [UInt8])] = []
        let copiesName = copiesFolder(of: output)
        do throws(BuildFailure) {
            switch format {
            case .html: (bytes, warnings) = try builder.html(month: index, placedIn: folder)
            case .md:
                let written = try builder.markdown(month: index, placedIn: folder, copiesFolder: toStdout ? nil : copiesName)
                bytes = written.bytes
                copies = written.copies
            case .pdf:
                guard let printer else { return .unavailable }
                switch printPDF(builder, month: index, printer: printer) {
                case .success(let printed): (bytes, warnings) = printed
                case .failure(let failure):
                    switch failure {
                    case .browser(let error):
                        terminal.error("error: " + error.message)
                        return .unavailable
                    case .build(let error):
                        return BuildCommand.report(error, terminal: terminal, environment: environment)
                    }
                }
            }
        } catch {
            return BuildCommand.report(error, terminal: terminal, environment: environment)
        }

        BuildCommand.printWarnings(warnings, terminal: terminal, environment: environment)
        if toStdout {
            Terminal.write(bytes, to: STDOUT_FILENO)
            if format == .md, case let unviewable = builder.unviewablePhotos(month: index), !unviewable.isEmpty {
                let one = unviewable.count == 1
                terminal.error("note: \(EnglishCount.text(unviewable.count, "photo", "photos")) \(one ? "is" : "are") in a format Markdown viewers "
                    + "do not show (\(unviewable.joined(separator: ", "))); written to a file (--output FILE), the report links "
                    + (one ? "a JPEG copy" : "JPEG copies") + " beside it")
            }
            for line in EnglishCount.leftOutNotes(leftOut) { terminal.error("note: " + line) }
            return .success
        }
        // As the user named the output's folder: `out/nov-photos/…`.
        func shownBesideOutput(_ path: String) -> String {
            ParentFolder.of(output).isEmpty ? path : (ParentFolder.of(output) as NSString).appendingPathComponent(path)
        }
        for copy in copies {
            let path = (folder as NSString).appendingPathComponent(copy.path)
            try? FileManager.default.createDirectory(atPath: ParentFolder.of(path), withIntermediateDirectories: true)
            if let problem = write(copy.bytes, to: path) {
                terminal.error("error: \(shownBesideOutput(copy.path)): cannot write: \(problem)")
                return .cannotCreate
            }
        }
        if let problem = write(bytes, to: output) {
            terminal.error("error: \(output): cannot write: \(problem)")
            return .cannotCreate
        }
        // The command line speaks English: the month is named so too, whatever the site's language.
        terminal.err("Wrote the report of \(DateFormats(locale: "en_US", timeZone: "UTC").text(month)) to \(output)\n")
        if !copies.isEmpty {
            terminal.err("Wrote JPEG copies of \(EnglishCount.text(copies.count, "photo", "photos")) that Markdown viewers do not show (HEIC, TIFF) to \(shownBesideOutput(copiesName))/\n")
        }
        for line in EnglishCount.leftOutNotes(leftOut) { terminal.error("note: " + line) }
        return .success
    }

    /// The folder, beside the Markdown report, for its photos' JPEG copies: `2021-11-photos` for `2021-11.md`.
    static func copiesFolder(of output: String) -> String {
        let name = (output as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return (stem.isEmpty ? name : stem) + "-photos"
    }

    /// Writes the report to `path`: through a link to the file it leads to, straight into a pipe or
    /// a device (`/dev/stdout`, `>(lpr)`), and a regular file whole or not at all (a temp file
    /// renamed over it). Nil when written, else why not.
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        let target = RealPath.of(path) ?? path
        var info = stat()
        if stat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return String(cString: strerror(errno)) }
            defer { close(fd) }
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, bytes.count - done) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return String(cString: strerror(errno)) }
                done += n
            }
            return nil
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: target), options: .atomic)
            return nil
        } catch {
            let folder = ParentFolder.of(target)
            return access(folder.isEmpty ? "." : folder, W_OK) != 0 ? "its folder cannot be written (\(String(cString: strerror(errno))))" : SystemMessage.of(error)
        }
    }

    /// The file of the site that `output` would replace (`diary.json`, `photos/a.jpg`: what
    /// the build reads), if it is one. Links are followed, to the file or its folder.
    static func siteFile(_ output: String, site: String) -> String? {
        func real(_ path: String) -> String? { RealPath.of(path.isEmpty ? "." : path) }
        guard let root = real(site) else { return nil }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard let target = real(output) ?? real(ParentFolder.of(output)).map({ $0 == "/" ? "/" + name : $0 + "/" + name }),
              target.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        let relative = String(target.dropFirst(root == "/" ? 1 : root.count + 1))
        let read = ["daybook.json", "diary.json", "todos.json"].contains(relative)
            || ["diary/", "photos/", "templates/", "pages/", "static/"].contains { relative.hasPrefix($0) }
        return read ? relative : nil
    }

    enum PrintFailure: Error {
        case browser(BrowserPrinter.Failure)
        case build(BuildFailure)
    }

    /// Writes the page and its photos into a temporary folder, prints it there and returns the PDF,
    /// with the warnings about the page's links to files of the site that it could not hold.
    static func printPDF(_ builder: ReportBuilder, month index: Int, printer: BrowserPrinter) -> Result<([UInt8], [SiteError]), PrintFailure> {
        let work = NSTemporaryDirectory() + "daybook-report-" + UUID().uuidString
        // The diary's text and photos are in it: only for its owner, and gone on Ctrl-C too.
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return .failure(.browser(BrowserPrinter.Failure(message: "cannot make a folder to print in: \(SystemMessage.of(error))")))
        }
        let signals = InterruptSignals {
            BrowserPrinter.stopRunning()
            try? FileManager.default.removeItem(atPath: work)
            exit(130)
        }
        defer {
            signals.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
        let page: String, warnings: [SiteError]
        do throws(BuildFailure) {
            (page, warnings) = try builder.writePrintFolder(month: index, into: work)
        } catch {
            return .failure(.build(error))
        }
        let pdf = work + "/report.pdf"
        do throws(BrowserPrinter.Failure) {
            try printer.print(page: page, to: pdf, work: work)
        } catch {
            return .failure(.browser(error))
        }
        guard let data = FileManager.default.contents(atPath: pdf) else {
            return .failure(.browser(BrowserPrinter.Failure(message: "cannot read the PDF the browser wrote")))
        }
        return .success(([UInt8](data), warnings))
    }

    private static func absolute(_ path: String, cwd: String) -> String {
        path.hasPrefix("/") ? path : (cwd as NSString).appendingPathComponent(path)
    }
}
