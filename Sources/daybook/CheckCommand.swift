import DaybookCore
import Foundation

/// `daybook check`: validates data and templates, builds into a temporary folder and
/// checks every internal link. Changes nothing.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate the data and templates, build to a temporary folder and check internal links.",
        positionals: [.init(name: "SITE", help: "The site folder (default: the current folder).")],
        options: [
            .init(name: "drafts", value: nil, help: "Check entries and pages (pages/*.md) marked draft: true too."),
            BuildCommand.futureOption,
            BuildCommand.cacheOption,
            .init(name: "now", value: "ISO", help: "The date and time to check as (default: SOURCE_DATE_EPOCH, else the clock)."),
            BuildCommand.baseURLOption,
            .init(name: "strict", value: nil, help: "Treat warnings (a misspelled key, an unused theme file, an unknown name in a template) as errors."),
        ],
        discussion: """
        A broken link written in an entry's body is told at its destination there (diary.json:4:20), others
        at the entry or at the template that writes them. A photo that is missing or cannot be read does
        not stop the link check; other data errors and template errors do.
        Every href, src and srcset candidate of the built pages is followed.
        feed.xml and sitemap.xml must be well-formed XML: a template of the site's own that makes
        one malformed (an unclosed <b>) is an error at its line and column in the file, naming the template.
        Warnings: a key near a known one ("tgas" for "tags"), a file in templates/ that matches no theme
        file, a name in a template that no page has ({{titel}}), a link to a part of a page (#a-walk)
        that the page has no heading or id for, a link from the host's root (/about/) outside the
        path of a baseURL such as https://example.org/diary/, a link to a folder (../walk/) on a
        site without prettyURLs, which opens as a listing from disk.
        Exit status: 0 no problem, 1 the site has errors or broken links (or warnings, with --strict),
        64 bad usage, 66 no site, 130 interrupted (Ctrl-C; the temporary site is removed).
        """)

    static func run(_ args: ParsedArguments, terminal: Terminal, environment: [String: String]) throws(UsageError) -> ExitCode {
        let site = args.positionals.first ?? "."
        let now = try Now.resolve(args.values["now"], environment: environment, command: spec)
        let temporary = NSTemporaryDirectory() + "daybook-check-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        var options = BuildOptions(output: temporary, includeDrafts: args.flag("drafts"), includeFuture: args.flag("future"), now: now,
                                   baseURL: args.values["base-url"])
        // Strict, the build's warnings are errors too, but the site is built and its links checked
        // all the same, so that one run lists every problem.
        let strict = args.flag("strict")
        // Photos are made to check them, into the cache a build then reuses.
        options.cache = args.values["cache"]
        options.reportsUnknownTemplateNames = true
        options.locatesEntryPages = true
        options.buildsPastPhotoErrors = true
        // Ctrl-C (or a TERM) stops the build or the link check; the temporary site is removed.
        let interruption = Interruption()
        options.interruption = interruption
        let signals = InterruptSignals { interruption.request() }
        defer { signals.stop() }
        let builder = SiteBuilder(siteRoot: site, options: options)
        let shown = ShownPath.of(site)
        do throws(BuildFailure) {
            let summary = try builder.build()
            // The data's errors that left the rest buildable (a missing photo): the site was built
            // without what they name, so that its links are checked too.
            // A feed or sitemap a template of the site's own made malformed: an error, as readers refuse it.
            let xmlErrors = XMLCheck.errors(output: temporary, site: site)
            if strict {
                printErrors(SiteErrors(summary.errors + xmlErrors + summary.warnings).errors, terminal: terminal, environment: environment)
            } else {
                BuildCommand.printWarnings(summary.warnings, terminal: terminal, environment: environment)
                printErrors(summary.errors + xmlErrors, terminal: terminal, environment: environment)
            }
            // A page of static/ is the user's as it is: links to it are checked, not its own.
            let checker = LinkChecker(root: temporary, baseURL: summary.baseURL, skipping: Set(summary.staticFiles),
                                      worksFromDisk: !summary.prettyURLs)
            var findings = checker.findings(interruption: interruption)
            if interruption.isRequested { throw BuildFailure.interrupted }
            // A link to a photo left out for its error is that error's, told already.
            findings.broken.removeAll { Self.leadsToUnmade($0, summary.unmade) }
            let broken = reported(findings.broken, entryPages: summary.entryPages, sitePages: summary.sitePages, bodyLinks: summary.bodyLinks,
                                  templates: Self.siteTemplates(site),
                                  leftOut: findings.broken.isEmpty ? [:] : Self.leftOutPages(site, options: options))
            // Each problem of the links on stderr, and on GitHub Actions as an annotation too, at its
            // place in the data when it has one (found by a publishing audit: only the data's were).
            let annotates = environment["GITHUB_ACTIONS"] == "true"
            func say(_ kind: String, _ line: String) {
                terminal.error("\(kind): " + line)
                if annotates { terminal.err(BuildCommand.annotation(Self.located(line), kind: kind) + "\n") }
            }
            for line in broken.prefix(20) { say("error", line) }
            if broken.count > 20 { terminal.err("… and \(broken.count - 20) more broken links\n") }
            let kind = strict ? "error" : "warning"
            if let first = findings.fromHostRoot.first {
                let count = Set(findings.fromHostRoot.map(\.path)).count
                say(kind, "\(Self.place(first, summary)) links to \"\(first.target)\" from the host's root"
                    + (count > 1 ? " (and \(EnglishCount.text(count - 1, "more such link", "more such links")))" : "")
                    + ": it works where the site is served, not from disk; a relative link works in both")
            }
            var seen: Set<String> = []
            let outside = findings.outsideSitePath.filter { seen.insert($0.path).inserted }
            for link in outside.prefix(20) {
                say(kind, "\(Self.place(link, summary)) links to \"\(link.target)\", outside the site's path \(checker.sitePath) (its baseURL): "
                    + "served there, it leads elsewhere; the site's page is \(checker.sitePath)\(link.path)\(link.target.hasSuffix("/") ? "/" : "")")
            }
            let offSite = Self.reportedOffSite(findings.offSite, summary: summary, sitePath: checker.sitePath)
            for line in offSite.prefix(20) { say(kind, line) }
            if offSite.count > 20 { terminal.err("… and \(offSite.count - 20) more links outside the site's path\n") }
            let fragments = reportedFragments(findings.missingFragments, entryPages: summary.entryPages, sitePages: summary.sitePages,
                                              bodyLinks: summary.bodyLinks)
            for line in fragments.prefix(20) { say(kind, line) }
            if fragments.count > 20 { terminal.err("… and \(fragments.count - 20) more links to no part of a page\n") }
            // A report repeats its entries' bodies: a link there to a folder an entry links to is the entry's.
            let foldersOnEntries = Set(findings.folderLinks.filter { !$0.page.hasPrefix("reports/") }.map(\.path))
            var seenFolders: Set<String> = []
            let folders = findings.folderLinks.filter {
                !($0.page.hasPrefix("reports/") && foldersOnEntries.contains($0.path)) && seenFolders.insert($0.page + " " + $0.target).inserted
            }
            for link in folders.prefix(20) {
                say(kind, "\(Self.place(link, summary)) links to \"\(link.target)\", a folder: served, it opens the folder's page; "
                    + "from disk (the site has no prettyURLs) it opens the folder itself. Link to \"\(Self.pageLink(ofFolderLink: link.target))\"")
            }
            if folders.count > 20 { terminal.err("… and \(folders.count - 20) more links to folders\n") }
            if summary.future > 0 {
                terminal.err("\(shown): " + EnglishCount.futureNote(summary.future) + "\n")
            }
            let warnings = summary.warnings.count + (findings.fromHostRoot.isEmpty ? 0 : 1) + outside.count + offSite.count + fragments.count
                + folders.count
            let errors = summary.errors.count + xmlErrors.count + broken.count + (strict ? warnings : 0)
            if !summary.errors.isEmpty || !xmlErrors.isEmpty || (strict && errors > 0) {
                terminal.err("Check failed: \(EnglishCount.text(errors, "error", "errors")).\n")
                return .siteErrors
            }
            if !broken.isEmpty {
                terminal.err("\(shown): \(EnglishCount.text(broken.count, "broken link", "broken links"))\n")
                return .siteErrors
            }
            let counts = "\(EnglishCount.text(summary.entries, "entry", "entries")), "
                + "\(EnglishCount.text(summary.pagesWritten, "file", "files")), links checked"
            if warnings > 0 {
                terminal.err("\(shown): \(EnglishCount.text(warnings, "warning", "warnings")) (\(counts))\n")
                return .success
            }
            terminal.err("\(shown): no problems found (\(counts))\n")
            return .success
        } catch {
            if case .interrupted = error {
                terminal.err("Interrupted: the check was stopped; the site was not changed.\n")
                return .interrupted
            }
            if strict, case .invalid(let errors) = error {
                return BuildCommand.report(.invalid(SiteErrors(errors.errors + errors.warnings)), terminal: terminal,
                                           environment: environment, verb: "Check", command: spec)
            }
            return BuildCommand.report(error, terminal: terminal, environment: environment, verb: "Check", command: spec)
        }
    }

    /// One line for each link from the host's root outside the site's path that names no page of
    /// the site (``LinkChecker/Findings/offSite``), at its first place, with the number of other
    /// pages that have it (a report's copy of an entry's body not counted), and the link written
    /// whole, as one that is meant to leave the site is best written.
    static func reportedOffSite(_ links: [LinkChecker.PageLink], summary: BuildSummary, sitePath: String) -> [String] {
        var byTarget: [String: [LinkChecker.PageLink]] = [:]
        var order: [String] = []
        for link in links {
            if byTarget[link.target] == nil { order.append(link.target) }
            byTarget[link.target, default: []].append(link)
        }
        // The host of the baseURL, before which such a link is written whole.
        var host = summary.baseURL.flatMap { URLComponents(string: $0) }
        host?.path = ""
        host?.query = nil
        host?.fragment = nil
        return order.map { target in
            // A report repeats its entries' bodies: their links are counted on the entries.
            let all = byTarget[target]!
            let links = all.contains { !$0.page.hasPrefix("reports/") } ? all.filter { !$0.page.hasPrefix("reports/") } : all
            let pages = Set(links.map(\.page)).count
            let more = pages > 1 ? " (and on \(EnglishCount.text(pages - 1, "more page", "more pages")))" : ""
            let whole = host?.string.map { " (\($0)\(target))" } ?? ""
            return "\(Self.place(links[0], summary)) links to \"\(target)\"\(more), outside the site's path \(sitePath) (its baseURL), "
                + "where the site has no page: it leaves the site, and leads nowhere from disk or in daybook serve; "
                + "a link meant to leave the site is best written whole" + whole
        }
    }

    /// A problem's line (`site/diary.json:4:20: the entry's page …`, or a page's `entries/a/index.html
    /// links to …`) as an error at its place, for an annotation: the place when the line starts with one.
    static func located(_ line: String) -> SiteError {
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        if parts.count == 4, let row = Int(parts[1]), let column = Int(parts[2]), parts[3].hasPrefix(" "), !parts[0].contains(" ") {
            return SiteError(file: String(parts[0]), line: row, column: column, reason: String(parts[3].dropFirst()))
        }
        return SiteError(file: "", reason: line)
    }

    /// Errors of the build that did not stop it, and its warnings with `--strict`: the first 20,
    /// then a count; on GitHub Actions each as an error annotation too.
    static func printErrors(_ errors: [SiteError], terminal: Terminal, environment: [String: String]) {
        for error in errors.prefix(20) { terminal.error("error: \(error)") }
        if errors.count > 20 { terminal.err("… and \(errors.count - 20) more errors (\(errors.count) in all)\n") }
        if environment["GITHUB_ACTIONS"] == "true" {
            for error in errors { terminal.err(BuildCommand.annotation(error) + "\n") }
        }
    }

    /// Whether a link leads to a file the build did not make for an error (``BuildSummary/unmade``):
    /// `photos/gone.jpg` as the page links to it from the site's top, or as a body writes an image.
    static func leadsToUnmade(_ link: LinkChecker.PageLink, _ unmade: Set<String>) -> Bool {
        !unmade.isEmpty && (unmade.contains(link.path) || unmade.contains(link.target.removingPercentEncoding ?? link.target))
    }

    /// A link to a folder (`../walk/`, `../walk?x#top`) written to the folder's page (`../walk/index.html?x#top`).
    static func pageLink(ofFolderLink target: String) -> String {
        let end = target.firstIndex { $0 == "?" || $0 == "#" } ?? target.endIndex
        let path = target[..<end]
        return path + (path.isEmpty || path.hasSuffix("/") ? "" : "/") + "index.html" + target[end...]
    }

    /// Where a link is, for a message: its place in the data (in its entry's body, else the
    /// entry) and its page, a page's file of `pages/` and its page, or the page.
    static func place(_ link: LinkChecker.PageLink, _ summary: BuildSummary) -> String {
        written(link, entryPages: summary.entryPages, bodyLinks: summary.bodyLinks).map { "\($0): the entry's page \(link.page)" }
            ?? summary.sitePages[link.page].map { "\(summary.bodyLinks.place(of: link.target, inPageFile: $0)): the page \(link.page)" } ?? link.page
    }

    /// Where the data writes a link of an entry's page: its destination in the entry's body when
    /// the body has it as written, else the entry; nil on a page that is no entry's.
    static func written(_ link: LinkChecker.PageLink, entryPages: [String: String], bodyLinks: BodyLinkPlaces) -> String? {
        guard let entry = entryPages[link.page] else { return nil }
        return bodyLinks.place(of: link.target, on: link.page) ?? entry
    }

    /// The pages of the entries the build left out (`entries/<id>`), each with why: a draft, or
    /// dated after now; and the draft pages of the site's own (`about`). Read again from the data,
    /// only when a link is broken.
    static func leftOutPages(_ site: String, options: BuildOptions) -> [String: String] {
        guard let source = try? SiteLoader(root: site).loadAll().source else { return [:] }
        var pages: [String: String] = [:]
        for page in source.pages where page.draft && !options.includeDrafts {
            if let folder = DiaryPage.folder(ofPath: page.path) {
                pages[String(folder.dropLast())] = "a draft page, which a build leaves out: --drafts includes it"
            }
        }
        let formats = DateFormats(locale: source.config.locale, timeZone: source.config.timeZone)
        let now = formats.moment(options.now)
        for entry in source.entries {
            let reason = entry.draft && !options.includeDrafts ? "a draft's page, which a build leaves out: --drafts includes it"
                : !options.includeFuture && formats.moment(entry.date, timeZone: entry.timeZone) > now
                ? "the page of an entry dated after now, which a build leaves out: --future includes it" : nil
            guard let reason else { continue }
            pages["entries/" + (entry.id ?? Slug.entry(day: entry.date.day, title: entry.title))] = reason
        }
        return pages
    }

    /// `entries/<id>` of a link's output path (`entries/<id>/index.html`, `entries/<id>.html`, `entries/<id>/`).
    static func entryPage(_ path: String) -> String {
        var page = path
        for suffix in ["/index.html", ".html", "/"] where page.hasSuffix(suffix) {
            page.removeLast(suffix.count)
            break
        }
        return page
    }

    /// One line for each broken link, an entry's page's at its place in the data
    /// (``written(_:entryPages:bodyLinks:)``), a page of the site's own's at its file (`sitePages`).
    /// A link that another page repeats (a report shows the entry's body) is reported once, where
    /// it was written; one that every entry page has, or a page that is no entry's or report's has
    /// (the theme's), once, with the number of pages.
    static func reported(_ broken: [LinkChecker.PageLink], entryPages: [String: String], sitePages: [String: String] = [:],
                         bodyLinks: BodyLinkPlaces = BodyLinkPlaces(),
                         templates: [(file: String, text: String)] = [], leftOut: [String: String] = [:]) -> [String] {
        // Why a link to an entry's page leads to no file, when the build left that entry out.
        func why(_ link: LinkChecker.PageLink) -> String { leftOut[Self.entryPage(link.path)].map { " (\($0))" } ?? "" }
        var unique: [LinkChecker.PageLink] = []
        var seenLinks: Set<String> = []
        for link in broken where seenLinks.insert(link.page + "\u{0}" + link.target).inserted { unique.append(link) }
        var lines: [String] = []
        // A link a site template writes (`{{chrome.rootHref}}assets/logo.png`) is the template's,
        // wherever it leads from each page: one line at the template, not one at each entry's data.
        var byTemplate: [String: (place: String, links: [LinkChecker.PageLink])] = [:]
        var templateOrder: [String] = []
        unique.removeAll { link in
            if byTemplate[link.target] == nil {
                // The template that makes the page first (found by a theme audit: the first by name that
                // held the link's text was named, 404.mustache for a link entry.mustache wrote).
                let maker = Self.template(making: link.page)
                let ordered = templates.filter { ($0.file as NSString).lastPathComponent == maker }
                    + templates.filter { ($0.file as NSString).lastPathComponent != maker }
                guard let place = Self.place(of: link.target, in: ordered) else { return false }
                byTemplate[link.target] = (place, [])
                templateOrder.append(link.target)
            }
            byTemplate[link.target]!.links.append(link)
            return true
        }
        for target in templateOrder {
            let (place, links) = byTemplate[target]!
            let others = links.count > 1 ? " and \(EnglishCount.text(links.count - 1, "more page", "more pages"))" : ""
            lines.append("\(place): link to \"\(target)\" leads to no file (on \(links[0].page)\(others))")
        }
        var groups: [String: [LinkChecker.PageLink]] = [:]
        var order: [String] = []
        for link in unique {
            if groups[link.path] == nil { order.append(link.path) }
            groups[link.path, default: []].append(link)
        }
        for path in order {
            let links = groups[path]!
            if links.allSatisfy({ sitePages[$0.page] != nil }) {
                for link in links {
                    lines.append("\(bodyLinks.place(of: link.target, inPageFile: sitePages[link.page]!)): the page \(link.page) links to \"\(link.target)\", which leads to no file" + why(link))
                }
                continue
            }
            let onEntries = links.filter { entryPages[$0.page] != nil }
            let onOthers = links.filter { entryPages[$0.page] == nil && !$0.page.hasPrefix("reports/") }
            let everyEntry = onEntries.count > 1 && onEntries.count == entryPages.count
            if onEntries.isEmpty || everyEntry || !onOthers.isEmpty {
                let first = onOthers.first ?? links[0]
                let more = links.count > 1 ? " (and on \(EnglishCount.text(links.count - 1, "more page", "more pages")))" : ""
                if let place = Self.place(of: first.target, in: templates) {
                    // Written in a template of the site's: the page is in a temporary folder, the template is the user's.
                    let others = links.count > 1 ? " and \(EnglishCount.text(links.count - 1, "more page", "more pages"))" : ""
                    lines.append("\(place): link to \"\(first.target)\" leads to no file (on \(first.page)\(others))")
                } else {
                    lines.append(first.description + why(first) + more)
                }
            } else {
                for link in onEntries {
                    lines.append("\(written(link, entryPages: entryPages, bodyLinks: bodyLinks)!): the entry's page \(link.page) links to \"\(link.target)\", which leads to no file" + why(link))
                }
            }
        }
        return lines
    }

    /// One line for each link to a part of a page (`#a-walk`) that is not there, an entry's page's
    /// at its place in the data, a page of the site's own's at its file. A report repeats its entries' bodies: a link it has from one
    /// (the same fragment missing from an entry's page) is reported at the entry only. A link
    /// on several pages that are not all entries' (the theme's) is one line with their number.
    static func reportedFragments(_ missing: [LinkChecker.MissingFragment], entryPages: [String: String],
                                  sitePages: [String: String] = [:], bodyLinks: BodyLinkPlaces = BodyLinkPlaces()) -> [String] {
        let onEntries = Set(missing.filter { entryPages[$0.link.page] != nil }.map(\.fragment))
        var groups: [String: [LinkChecker.MissingFragment]] = [:]
        var order: [String] = []
        var seen: Set<String> = []
        for found in missing where seen.insert(found.link.page + "\u{0}" + found.link.target).inserted {
            if found.link.page.hasPrefix("reports/"), onEntries.contains(found.fragment) { continue }
            let key = found.link.target + "\u{0}" + (found.link.target.hasPrefix("#") ? "" : found.link.path)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(found)
        }
        func line(_ found: LinkChecker.MissingFragment) -> String {
            let link = found.link
            let there = link.target.hasPrefix("#") ? "there" : "on \(link.path)"
            return "links to \"\(link.target)\", but no heading or other element \(there) has the id \"\(found.fragment)\""
        }
        var lines: [String] = []
        for key in order {
            let links = groups[key]!
            if links.allSatisfy({ sitePages[$0.link.page] != nil }) {
                for found in links {
                    lines.append("\(bodyLinks.place(of: found.link.target, inPageFile: sitePages[found.link.page]!)): the page \(found.link.page) " + line(found))
                }
            } else if links.allSatisfy({ entryPages[$0.link.page] != nil }), links.count == 1 || links.count < entryPages.count {
                for found in links {
                    lines.append("\(written(found.link, entryPages: entryPages, bodyLinks: bodyLinks)!): the entry's page \(found.link.page) " + line(found))
                }
            } else {
                let more = links.count > 1 ? " (and on \(EnglishCount.text(links.count - 1, "more page", "more pages")))" : ""
                lines.append("\(links[0].link.page) " + line(links[0]) + more)
            }
        }
        return lines
    }

    /// The site's own templates (`templates/**/*.mustache`) as messages name them, with their text.
    static func siteTemplates(_ site: String) -> [(file: String, text: String)] {
        let root = site + "/templates"
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: root) else { return [] }
        return names.filter { $0.hasSuffix(".mustache") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: root + "/" + name), data.count < 1 << 20 else { return nil }
            return (SiteLoader(root: site).displayPath("templates/" + name), String(decoding: data, as: UTF8.self))
        }
    }

    /// The name of the theme's template that makes the output's page `page` (`entries/a/index.html`:
    /// `entry.mustache`), by its folder; `page.mustache` for a page of the site's own.
    static func template(making page: String) -> String {
        let first = page.split(separator: "/").first.map(String.init) ?? page
        switch first {
        case "entries": return "entry.mustache"
        case "index.html", "page": return "list.mustache"
        case "months", "tags": return page == first + "/index.html" ? "archive.mustache" : "list.mustache"
        case "todos": return "todos.mustache"
        case "search": return "search.mustache"
        case "reports": return page == "reports/index.html" ? "reports.mustache" : "report.mustache"
        case "404.html": return "404.mustache"
        default: return "page.mustache"
        }
    }

    /// `file:line:column` of the first template that writes `target` as an attribute's whole value (``TemplatePlace``).
    static func place(of target: String, in templates: [(file: String, text: String)]) -> String? {
        TemplatePlace.of(target, in: templates).map { "\($0.file):\($0.line):\($0.column)" }
    }
}
