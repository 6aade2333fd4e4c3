import Dispatch
import Foundation
import Mustache

/// Strings the stages together: load → format → present → render → write.
public struct SiteBuilder: Sendable {
    public let siteRoot: String
    public let options: BuildOptions

    public init(siteRoot: String, options: BuildOptions) {
        self.siteRoot = siteRoot
        self.options = options
    }

    /// The output folder the build writes to.
    public var outputRoot: String {
        options.output ?? SiteLoader(root: siteRoot).displayPath("_site")
    }

    /// Everything up to rendering: loads, checks and presents the site, compiles the theme.
    /// Nothing is written. Every problem found is in the thrown `SiteErrors`.
    public func prepare() throws(BuildFailure) -> PageRenderer {
        var stages: [StageTime] = []
        var warnings: [SiteError] = []
        return try prepare(timing: &stages, warnings: &warnings).renderer
    }

    /// Like ``prepare()``, with the warnings found (misspelled keys, unknown theme files).
    public func prepare(warnings: inout [SiteError]) throws(BuildFailure) -> PageRenderer {
        var stages: [StageTime] = []
        return try prepare(timing: &stages, warnings: &warnings).renderer
    }

    /// The entries as a build places them, through the same load, format and present stages
    /// (their ids, days and order; drafts and entries after now as ``options`` says), with the
    /// warnings of the files read: for `daybook list`, which reads `daybook.json` and the diary's
    /// files alone. Their errors, and those of the entries' ids and aliases, are thrown; the
    /// photos, todos, pages and templates are not read.
    public func diary() throws(BuildFailure) -> (diary: Diary, warnings: [SiteError]) {
        let loaded: (source: SiteSource, errors: [SiteError])
        do {
            loaded = try SiteLoader(root: siteRoot).loadDiary()
        } catch {
            throw Self.failure(error)
        }
        let source = loaded.source
        var errors = loaded.errors
        let formats = DateFormats(locale: source.config.locale, timeZone: source.config.timeZone)
        var diary: Diary?
        do {
            diary = try Diary(source: source, formats: formats, now: formats.moment(options.now),
                              includeDrafts: options.includeDrafts, includeFuture: options.includeFuture)
        } catch {
            errors += error.errors
        }
        guard errors.isEmpty, let diary else { throw .invalid(SiteErrors(errors, warnings: source.warnings)) }
        return (diary, source.warnings)
    }

    /// The photo cache this build uses.
    var photoCache: PhotoCache {
        PhotoCache(root: options.cache ?? SiteLoader(root: siteRoot).displayPath(".daybook-cache"))
    }

    /// The search index's months kept between builds, in the same cache.
    var searchCache: SearchCache {
        SearchCache(root: photoCache.root)
    }

    /// A site ready to render: its pages' renderer and its photos.
    struct Prepared {
        var renderer: PageRenderer
        var photos: PhotoStage
        /// Whether the site has templates of its own (`templates/*.mustache`), whose names every build looks for.
        var hasOwnTemplates = false
        /// With ``BuildOptions/locatesEntryPages``: where each entry starts (`file:line:column`),
        /// by ``entryKey(_:)``.
        var entryLocations: [String: String] = [:]
        /// With ``BuildOptions/locatesEntryPages``: where each entry's body string starts, by ``entryKey(_:)``.
        var bodyOrigins: [String: SourceOrigin] = [:]
        /// With ``BuildOptions/buildsPastPhotoErrors``: the errors of the photos and images left
        /// out, and their paths in the site.
        var photoErrors: [SiteError] = []
        var photosLeftOut: Set<String> = []
        /// The files of `static/`, published as they are.
        var statics = StaticFolder()
        /// The theme the pages are rendered with, the site's own files laid over the built-in ones.
        var theme = Theme.builtIn
    }

    /// An entry's place in its file, which stays when its origin no longer holds the file's text.
    static func entryKey(_ origin: SourceOrigin) -> String { origin.file + "\u{0}" + String(origin.offset) }

    /// Every check runs, whatever an earlier one found, so one run reports every error: data,
    /// photos, duplicate ids, UI strings and templates. With `warningsAreErrors`, warnings count as errors,
    /// unless `defersWarnings` and there is no error: the build then renders, to find every problem, and fails after.
    /// `listsStatic`: whether the files of `static/` are listed and checked (a build publishes them, a report does not).
    func prepare(timing stages: inout [StageTime], warnings: inout [SiteError],
                 defersWarnings: Bool = false, listsStatic: Bool = false) throws(BuildFailure) -> Prepared {
        var clock = StageClock()
        var (source, errors, photoErrors) = try load()
        warnings += source.warnings
        var photosLeftOut = options.buildsPastPhotoErrors
            ? Set(source.entries.flatMap { $0.photos.map(\.path) }).subtracting(source.photos) : []
        var entryLocations: [String: String] = [:]
        var bodyOrigins: [String: SourceOrigin] = [:]
        if options.locatesEntryPages {
            let origins = source.entries.map(\.origin)
            for (origin, at) in zip(origins, SourceOrigin.positions(of: origins)) {
                entryLocations[Self.entryKey(origin)] = "\(origin.file):\(at.line):\(at.column)"
            }
            for entry in source.entries { bodyOrigins[Self.entryKey(entry.origin)] = entry.bodyOrigin }
        }
        let statics = listsStatic ? StaticFolder(siteRoot: siteRoot) : StaticFolder()
        errors += statics.errors
        if let warning = statics.linksWarning { warnings.append(warning) }
        stages.append(clock.lap("load"))
        try stopIfInterrupted()
        if let baseURL = options.baseURL {
            guard let normalized = SiteLoader.normalizedBaseURL(baseURL) else {
                throw .badOutput(SiteLoader.baseURLReason("--base-url", baseURL))
            }
            source.config.baseURL = normalized
        }
        let config = source.config
        let theme = Theme.builtIn(overriddenBy: source.themeOverrides)
        warnings += theme.unusedOverrides(siteRoot: siteRoot, usedNames: Self.partialNames(in: theme))
        warnings += theme.escapedHTMLWarnings(siteRoot: siteRoot)
        // The feed and the sitemap are made only with a baseURL: a site's changed copy of their
        // template is neither used nor checked (its names looked up) without one.
        if config.baseURL == nil {
            for path in ["feed.xml.mustache", "sitemap.xml.mustache"]
            where theme.overridden.contains(path) && theme.files[path] != Theme.builtIn.files[path] {
                warnings.append(SiteError(file: SiteLoader(root: siteRoot).displayPath("templates/" + path),
                                          reason: "is not used: the \(path.hasPrefix("feed") ? "feed" : "sitemap") is made only for a site with a \"baseURL\" in daybook.json (or --base-url)"))
            }
        }
        let formats = DateFormats(locale: config.locale, timeZone: config.timeZone)
        let now = formats.moment(options.now)
        // The photos; a renderer of its own finds the images in bodies (the pages' has the site's strings).
        let publishedPages = source.pages.filter { options.includeDrafts || !$0.draft }
        var photos: PhotoStage?
        do {
            photos = try photoStage(source, pages: publishedPages, markdown: MarkdownRenderer(unsafeHTML: config.unsafeHTML),
                                    statics: Set(statics.files)) { entry in
                (options.includeDrafts || !entry.draft)
                    && (options.includeFuture || formats.moment(entry.date, timeZone: entry.timeZone) <= now)
            }
        } catch {
            guard case .invalid(let found) = error else { throw error }
            errors += found.errors
            warnings += found.warnings
        }
        if !config.unsafeHTML {
            warnings += RawHTMLWarnings.of(entries: source.entries, isPublished: { entry in
                (options.includeDrafts || !entry.draft) && (options.includeFuture || formats.moment(entry.date, timeZone: entry.timeZone) <= now)
            }, pages: publishedPages, markdown: MarkdownRenderer())
        }
        photoErrors += photos?.leftOut ?? []
        photosLeftOut.formUnion(photos?.leftOutPaths ?? [])
        // Named as from where daybook runs, so that the exiftool command works as it is.
        warnings += (photos?.filesKeepingPlace ?? []).map { file in
            let shown = SiteLoader(root: siteRoot).displayPath(file)
            return SiteError(file: shown, reason: "says where it was recorded (GPS) outside the metadata boxes the build empties, and is published with it: "
                + "remove the place (exiftool -GPSCoordinates= -XMP:GPS*= -overwrite_original \"\(shown)\"), or set \"keepPhotoMetadata\": true to publish it so")
        }
        warnings += photos?.imagesAsText ?? []
        warnings += (photos?.staticImagesWithPlace ?? []).map { path in
            Self.placeWarning(SiteLoader(root: siteRoot).displayPath(StaticFolder.name + "/" + path), made: "taken",
                              publishedAs: "a file of static/", tags: "-GPS:all= -XMP:GPS*=",
                              instead: "move it to photos/ and show it in an entry or a page (the copies the build makes of a photo leave the place out), or ")
        }
        // A build would publish into the folder it reads the photos from (`--output photos`).
        if let photos, let inside = outputFolderInSite(),
           let source = (photos.plans.keys.sorted() + photos.files).first(where: { $0.hasPrefix(inside + "/") }) {
            throw .badOutput("refusing to write the site into \(outputRoot): it holds \(source), which the site publishes; choose another folder, such as _site")
        }
        stages.append(clock.lap("photos"))
        var strings: UIStrings?
        do {
            strings = try UIStrings(theme: theme, locale: config.locale, siteRoot: siteRoot)
            warnings += strings?.warnings ?? []
        } catch {
            errors += error.errors
        }
        var diary: Diary?
        do {
            diary = try Diary(source: source, formats: formats, now: now, includeDrafts: options.includeDrafts,
                              includeFuture: options.includeFuture, bodyImages: photos?.bodyImages ?? [:],
                              textImageCounts: photos?.textImageCounts ?? [:])
        } catch {
            errors += error.errors
            // An empty diary, so that the templates are still checked.
            diary = try? Diary(source: SiteSource(config: config), formats: formats, now: now, includeDrafts: false)
        }
        diary?.photoPlans = photos?.plans ?? [:]
        diary?.linkedFiles = Set(photos?.files ?? [])
        diary?.staticFiles = Set(statics.files)
        if !source.pages.isEmpty {
            // A page titled by its first heading is shown by the heading's text, its Markdown read.
            let titles = MarkdownRenderer(unsafeHTML: config.unsafeHTML)
            do {
                try diary?.place(pages: source.pages, headingTitles: source.pages.map { $0.headingTitle.map(titles.inlineText) },
                                 includeDrafts: options.includeDrafts, images: photos?.pageImages ?? [:])
            } catch {
                errors += error.errors
            }
        }
        warnings += AliasUnderSitePath.warnings(diary?.aliases ?? [], baseURL: config.baseURL)
        // The diary holds copies of what it needs from the loaded entries.
        BackgroundRelease.drop(&source, leaving: SiteSource(config: config, entries: [], todos: []))
        var renderer: PageRenderer?
        if let diary {
            let shownStrings = strings ?? UIStrings(table: [:], language: "en")
            let presenter = PagePresenter(diary: diary, strings: shownStrings, formats: formats, theme: theme)
            stages.append(clock.lap("present"))
            do {
                renderer = try PageRenderer(theme: theme, siteRoot: siteRoot, presenter: presenter,
                                            markdown: MarkdownRenderer(unsafeHTML: config.unsafeHTML,
                                                                       footnoteBackLabel: shownStrings["footnote.back"]))
            } catch {
                errors += error.errors
            }
        }
        // A block the site's template fills in a parent that has none of that name (`{{$contents}}`
        // for `{{$content}}`): its text is never shown. The built-in theme has none.
        if let renderer, theme.overridden.contains(where: { $0.hasSuffix(".mustache") }) {
            warnings += renderer.library.unknownBlocks().map(SiteBuilder.warning)
        }
        if !options.buildsPastPhotoErrors {
            errors += photoErrors
            photoErrors = []
        }
        if options.warningsAreErrors && !(defersWarnings && errors.isEmpty) { errors += warnings }
        guard errors.isEmpty, let renderer, let photos else {
            throw .invalid(SiteErrors(errors + photoErrors, warnings: options.warningsAreErrors ? [] : warnings))
        }
        stages.append(clock.lap("theme"))
        return Prepared(renderer: renderer, photos: photos, hasOwnTemplates: theme.overridden.contains { $0.hasSuffix(".mustache") },
                        entryLocations: entryLocations, bodyOrigins: bodyOrigins, photoErrors: photoErrors,
                        photosLeftOut: photosLeftOut, statics: statics, theme: theme)
    }

    /// Ends the build between its stages once ``BuildOptions/interruption`` is requested: loading
    /// or presenting a big site takes seconds, and the render jobs look at it only as they run.
    private func stopIfInterrupted() throws(BuildFailure) {
        if options.interruption?.isRequested == true { throw .interrupted }
    }

    /// One warning a tag: a dynamic partial that named no template for many values (one an
    /// entry) is one warning that names a few of them, not one a value.
    static func warnings(_ misses: [MissingNames.Miss]) -> [SiteError] {
        var out: [SiteError] = []
        var index = 0
        while index < misses.count {
            let miss = misses[index]
            var end = index + 1
            while end < misses.count, miss.partial != nil, misses[end].partial != nil, misses[end].template == miss.template,
                  misses[end].line == miss.line, misses[end].column == miss.column, misses[end].name == miss.name { end += 1 }
            out.append(end - index == 1 ? warning(miss) : partialWarning(Array(misses[index..<end])))
            index = end
        }
        return out
    }

    /// `the partial "*kind" names no template for 7 values here: "vidoe" (did you mean "video"?), …`.
    private static func partialWarning(_ misses: [MissingNames.Miss]) -> SiteError {
        let shownCount = 5
        var values = misses.prefix(shownCount).map { miss in
            "\"\(miss.partial ?? "")\"" + (NearestName.suggestion(for: miss.partial ?? "", among: miss.available).map { " (did you mean \"\($0)\"?)" } ?? "")
        }
        if misses.count > shownCount { values.append("\(misses.count - shownCount) more") }
        let listed = values.count == 1 ? values[0] : values.dropLast().joined(separator: ", ") + " and " + values[values.count - 1]
        let first = misses[0]
        return SiteError(file: first.template, line: first.line, column: first.column,
                         reason: "the partial \"*\(first.name)\" names no template for \(misses.count) values here: \(listed)")
    }

    /// `no value named "titel" here (did you mean "title"?)`, at the tag.
    static func warning(_ miss: MissingNames.Miss) -> SiteError {
        if let partial = miss.partial {
            let near = NearestName.suggestion(for: partial, among: miss.available).map { " (did you mean \"\($0)\"?)" } ?? ""
            return SiteError(file: miss.template, line: miss.line, column: miss.column,
                             reason: "the partial \"*\(miss.name)\" is \"\(partial)\" here, and no template has that name\(near)")
        }
        var reason = "no value named \"\(miss.name)\" here"
        // A dotted name is suggested whole, with the part that was near one changed (`chrome.siteTitle`
        // for `chrome.sitTitle`, not `siteTitle`, which is no name there).
        let parts = miss.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let hint = OtherToolsTemplateNames.hint(forOtherToolsName: miss.name, available: miss.available, template: miss.template) {
            // Hugo's and Jekyll's names (`page.title`, `site.title`, `content`), before a near name of another page's.
            reason += hint
        } else if let near = NearestName.suggestion(for: parts[parts.count - 1], among: miss.available) {
            reason += " (did you mean \"\((parts.dropLast() + [near]).joined(separator: "."))\"?)"
        } else if parts.count > 1, let near = NearestName.suggestion(for: parts[0], among: miss.available) {
            reason += " (did you mean \"\(([near] + parts.dropFirst()).joined(separator: "."))\"?)"
        } else if let hint = OtherToolsTemplateNames.hint(forMissing: miss.name, available: miss.available) {
            // The frame's names outside `{{#chrome}}`, an entry's cards, a part of a name.
            reason += hint
        }
        return SiteError(file: miss.template, line: miss.line, column: miss.column, reason: reason)
    }

    /// `the parent "layout" has no block "contents" (did you mean "content"?), …`, at the block's tag.
    static func warning(_ unknown: TemplateLibrary.UnknownBlock) -> SiteError {
        var reason = "the parent \"\(unknown.parent)\" has no block \"\(unknown.block)\""
        if let near = NearestName.suggestion(for: unknown.block, among: unknown.known) {
            reason += " (did you mean \"\(near)\"?)"
        } else if !unknown.known.isEmpty {
            reason += " (it has " + unknown.known.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        }
        // A layout of the site's without the pages' block (found by a theme audit: Jekyll's `{{ content }}`
        // left every page empty, with warnings only at the built-in templates).
        let hint = unknown.parent == "layout" && unknown.block == "content"
            ? "; the layout holds a page where it has the block {{$content}}{{/content}} (Jekyll's {{ content }} is a value, not the block)" : ""
        return SiteError(file: unknown.template, line: unknown.line, column: unknown.column,
                         reason: reason + ", so what this block holds is never shown" + hint)
    }

    /// The names of the partials and parents the pages can reach: those included by the theme's
    /// templates (or the site's copies of them), then by what those include, and so on. A site
    /// template that only an unused one includes is unused too. A reachable dynamic partial
    /// (`{{>*name}}`) can include any template, so then every name counts as used.
    static func partialNames(in theme: Theme) -> Set<String> {
        let builtIn = Theme.builtIn.files
        var names: Set<String> = []
        // Only the site's templates of names the theme lacks are ever asked about.
        guard theme.overridden.contains(where: { $0.hasSuffix(".mustache") && builtIn[$0] == nil }) else { return names }
        var pending = builtIn.keys.filter { $0.hasSuffix(".mustache") }.sorted()
        var visited = Set(pending)
        while let path = pending.popLast() {
            guard let bytes = theme.files[path], let template = try? Template(bytes: bytes, name: path) else { continue }
            if template.hasDynamicPartials {
                return names.union(theme.overridden.map { path in
                    let name = String(path.dropLast(path.hasSuffix(".mustache") ? ".mustache".count : 0))
                    return name.hasPrefix("partials/") ? String(name.dropFirst("partials/".count)) : name
                })
            }
            for reference in template.partialNames where names.insert(reference.name).inserted {
                for next in [reference.name + ".mustache", "partials/" + reference.name + ".mustache"]
                where theme.overridden.contains(next) && visited.insert(next).inserted {
                    pending.append(next)
                }
            }
        }
        return names
    }

    /// The photos the built entries name, in their `photos` and as images in their bodies, and the
    /// images the site's own `pages` show, each checked (inside the site, a file, an image libvips
    /// reads, within the pixel limit) and planned; and the other files of the site their bodies link
    /// to (`[Audio](photos/a.m4a)`), published as they are. A file of `static/` (`statics`, its
    /// paths inside it) is published as it is, and a body naming one leads there: it is neither.
    /// `isPublished`: whether the build shows an entry (drafts and entries dated after now are
    /// left out unless asked for, and so are their photos).
    private func photoStage(_ source: SiteSource, pages: [PageFile], markdown: MarkdownRenderer, statics: Set<String>,
                            isPublished: (Entry) -> Bool) throws(BuildFailure) -> PhotoStage {
        let loader = SiteLoader(root: siteRoot)
        var origins: [String: SourceOrigin] = [:]
        var social: Set<String> = []
        var errors: [SiteError] = []
        var leftOut: Set<String> = []
        var files: Set<String> = []
        var bodyImages: [Int: String] = [:]
        var textImageCounts: [Int: Int] = [:]
        var imagesAsText: [SiteError] = []
        // Only photos the loader found in the site (a missing one is its error already).
        let checked = Set(source.photos)
        // Most bodies hold no image and link to no file: they are told apart in parallel, and
        // only the others are parsed.
        let entries = source.entries
        let mayName: [Bool] = chunkedMap(Array(entries.indices)) { chunk in
            chunk.map { BodyImages.mayHold(entries[$0].body) || BodyImages.mayLink(entries[$0].body) }
        }
        /// The images of the site a body shows, in order, each checked (a problem is an error at
        /// `problemOrigin`, else `origin`, of its address); the images and other files of the site
        /// it links to are published too.
        func named(in body: String, origin: (String) -> SourceOrigin,
                   problemOrigin: ((String) -> SourceOrigin)? = nil) -> [String] {
            let found = markdown.destinations(body)
            for destination in found.asText where PhotoProbe.isImageName(destination) {
                imagesAsText.append((problemOrigin?(destination) ?? origin(destination)).error(
                    "image \"\(destination)\" is shown as words, since its address holds a space: write it in angle brackets, ![…](<\(destination)>), or with %20 for each space"))
            }
            var images: [String] = []
            for destination in found.images {
                guard let path = BodyImages.sitePath(destination), BodyImages.staticPath(path, in: statics) == nil else { continue }
                if let problem = loader.imageProblem(path) {
                    errors.append((problemOrigin?(destination) ?? origin(destination)).error(problem))
                    leftOut.insert(path)
                    continue
                }
                if origins[path] == nil { origins[path] = origin(destination) }
                images.append(path)
            }
            // A link to a file of the site (not a page: those are in folders the build makes).
            for destination in found.links {
                guard let path = BodyImages.sitePath(destination), BodyImages.staticPath(path, in: statics) == nil else { continue }
                if let problem = Self.linkedFileProblem(path) {
                    errors.append((problemOrigin?(destination) ?? origin(destination)).error(problem))
                    continue
                }
                guard SiteLoader.photoPathProblem(path) == nil, loader.imageProblem(path) == nil else { continue }
                if PhotoProbe.isImageName(path) {
                    if origins[path] == nil { origins[path] = origin(destination) }
                } else {
                    files.insert(path)
                }
            }
            return images
        }
        let hasBaseURL = source.config.baseURL != nil || options.baseURL != nil
        for (index, entry) in entries.enumerated() where isPublished(entry) {
            for (n, photo) in entry.photos.enumerated() where origins[photo.path] == nil && checked.contains(photo.path) {
                origins[photo.path] = n < entry.photoOrigins.count ? entry.photoOrigins[n] : entry.origin
            }
            if hasBaseURL, let first = entry.photos.first, checked.contains(first.path) { social.insert(first.path) }
            guard mayName[index] else { continue }
            let origin = entry.bodyOrigin ?? entry.origin
            var textImages: Set<String> = []
            // A body's image that is not there is told at the image, when the body writes it as it is
            // read; past the first few of one body, at the body (each is a pass over it: thousands
            // of missing images took minutes).
            var located = 0
            let images = named(in: entry.body, origin: { _ in origin }, problemOrigin: { destination in
                located += 1
                guard located <= BodyLinkPlaces.placesPerBody else { return origin }
                return entry.bodyOrigin.flatMap { BodyLinkPlaces.origin(of: destination, inBody: $0, unsafeHTML: source.config.unsafeHTML) } ?? origin
            })
            for path in images {
                textImages.insert(path)
                // An entry without `photos` is shown in lists (and shared) by the first image of its text.
                if entry.photos.isEmpty, bodyImages[index] == nil {
                    bodyImages[index] = path
                    if hasBaseURL { social.insert(path) }
                }
            }
            let extra = textImages.subtracting(entry.photos.map(\.path)).count
            if extra > 0 { textImageCounts[index] = extra }
        }
        // A page's image is located where it is written; its first is the page's when shared.
        var pageImages: [String: String] = [:]
        for page in pages where BodyImages.mayHold(page.body) || BodyImages.mayLink(page.body) {
            var located = 0
            let problemOrigin = { (destination: String) -> SourceOrigin in
                located += 1
                guard located <= BodyLinkPlaces.placesPerBody else { return page.origin }
                return BodyLinkPlaces.origin(of: destination, inPage: page, unsafeHTML: source.config.unsafeHTML)
            }
            guard let first = named(in: page.body, origin: page.origin(of:), problemOrigin: problemOrigin).first else { continue }
            pageImages[page.path] = first
            if hasBaseURL { social.insert(first) }
        }
        var stage: PhotoStage
        do {
            stage = try PhotoStage(origins: origins, files: files, statics: statics, loader: loader, cache: photoCache,
                                   settings: source.config.photos, social: social, leavesOutUnreadable: options.buildsPastPhotoErrors)
        } catch {
            throw .invalid(SiteErrors(errors + error.errors, warnings: imagesAsText))
        }
        if !errors.isEmpty {
            guard options.buildsPastPhotoErrors else { throw .invalid(SiteErrors(errors, warnings: imagesAsText)) }
            stage.leftOut += errors
            stage.leftOutPaths.formUnion(leftOut)
        }
        stage.bodyImages = bodyImages
        stage.pageImages = pageImages
        stage.textImageCounts = textImageCounts
        stage.imagesAsText = imagesAsText
        return stage
    }

    /// A warning that `file`, published as it is, says where it was `made` (GPS): what to do
    /// `instead`, else how to remove the place (exiftool's `tags`), or to publish it so.
    static func placeWarning(_ file: String, made: String, publishedAs: String, tags: String, instead: String = "") -> SiteError {
        SiteError(file: file, reason: "says where it was \(made) (GPS), and \(publishedAs) is published as it is: \(instead)"
            + "remove the place (exiftool \(tags) -overwrite_original \"\(file)\"), or set \"keepPhotoMetadata\": true to publish it so")
    }

    /// A warning when the site has neither diary.json nor diary/ though the last build had entries.
    private func diaryGone(hadEntries before: Int) -> SiteError? {
        let loader = SiteLoader(root: siteRoot)
        let file = loader.displayPath("diary.json")
        guard !FileManager.default.fileExists(atPath: file), !FileManager.default.fileExists(atPath: loader.displayPath("diary")) else { return nil }
        let entries = before == 1 ? "1 entry" : "\(before) entries"
        return SiteError(file: file, reason: "not found (nor diary/), and the last build into \(outputRoot) had \(entries): "
            + "the site now has none, and their pages are removed")
    }

    /// A load failure as the build's.
    private static func failure(_ error: SiteLoadFailure) -> BuildFailure {
        switch error {
        case .missingInput(let message): .missingInput(message)
        case .invalid(let errors): .invalid(errors)
        }
    }

    /// The load stage, its failures as build failures; the errors of the entries' photos apart.
    private func load() throws(BuildFailure) -> (source: SiteSource, errors: [SiteError], photoErrors: [SiteError]) {
        do {
            return try SiteLoader(root: siteRoot).loadAll(separatingPhotoErrors: true)
        } catch {
            throw Self.failure(error)
        }
    }

    /// Entry bodies a month job renders to HTML together (``MarkdownRenderer/html(ofAll:)``).
    static let markdownGroup = 32

    /// Builds the site. A build that fails, in checking or in rendering, changes nothing in the
    /// output: pages are staged beside their targets and moved into place only when all rendered.
    /// One build at a time writes an output folder: another waits for it (``OutputLock``).
    public func build(progress: (@Sendable (Int, Int) -> Void)? = nil) throws(BuildFailure) -> BuildSummary {
        try stopIfInterrupted()
        try checkOutputFolder()
        // Said before the lock makes the output folder: no folder is made in a site that is not there.
        do {
            try SiteLoader(root: siteRoot).checkSiteFolder()
        } catch {
            throw Self.failure(error)
        }
        let lock = try OutputLock.acquire(outputRoot, interruption: options.interruption, waiting: options.waitingForOutput)
        do {
            let summary = try buildHoldingOutput(progress: progress)
            lock.release(removingMadeFolders: false)
            return summary
        } catch {
            lock.release(removingMadeFolders: true)
            throw error
        }
    }

    private func buildHoldingOutput(progress: (@Sendable (Int, Int) -> Void)?) throws(BuildFailure) -> BuildSummary {
        var clock = StageClock()
        var writer = OutputWriter(root: outputRoot)
        var last = writer.readManifest()
        // A manifest lost (deleted, or the output copied without it) would make every page an
        // earlier build wrote the user's, never removed: the files that carry Daybook's mark are
        // taken for the last build's (docs/publishing.md).
        let lostManifest = !writer.hasManifest && last.paths.isEmpty
        if lostManifest { last.paths = OwnFileMarks.files(in: outputRoot) }
        let recovered = lostManifest && !last.paths.isEmpty
        writer.expectsNewFolders = last.paths.isEmpty
        // Without an earlier build there is nothing to compare with: the fingerprint is taken once, at the end.
        let fingerprint = last.paths.isEmpty ? nil : inputFingerprint(photos: last.photos)
        // A build with warnings is never skipped, so that they are shown (and fail a strict build) again.
        // A build that was killed or could not move its pages into place may have left staged files.
        let wasCut = writer.hasUnfinishedBuild
        // A build that looks for template names no page has is skipped only after one that looked and found none.
        if !wasCut, let fingerprint, last.notes["fingerprint"] == fingerprint, (last.notes["warnings"] ?? "0") == "0",
           !options.reportsUnknownTemplateNames || last.notes["names"] == "checked",
           writer.allAsWritten(last.paths) {
            // Nothing the build reads has changed since the output was made.
            var summary = BuildSummary()
            summary.pagesUnchanged = last.paths.count
            summary.entries = Int(last.notes["entries"] ?? "") ?? 0
            summary.future = Int(last.notes["future"] ?? "") ?? 0
            summary.photos = Int(last.notes["photos"] ?? "") ?? 0
            summary.photosReused = summary.photos
            summary.output = outputRoot
            summary.skipped = true
            summary.stages = [clock.lap("fingerprint")]
            return summary
        }
        var stages = [clock.lap("fingerprint")]
        var warnings: [SiteError] = []
        // A strict build that looks for template names renders despite other warnings, so that it lists them all.
        let defersWarnings = options.warningsAreErrors && options.reportsUnknownTemplateNames
        var prepared = try prepare(timing: &stages, warnings: &warnings, defersWarnings: defersWarnings, listsStatic: true)
        // A diary gone since the last build (moved, renamed, not synced yet) takes every entry's page
        // with it: said, not done without a word (found by a daily-use audit).
        if let before = Int(last.notes["entries"] ?? ""), before > 0, let gone = diaryGone(hadEntries: before) { warnings.append(gone) }
        // Before anything is written.
        try stopIfInterrupted()
        // Names no page has are looked for in a site's own templates by every build (the built-in
        // theme's are tested), and in the built-in theme's by `check` and `--strict`.
        let missingNames = options.reportsUnknownTemplateNames || prepared.hasOwnTemplates ? MissingNames() : nil
        prepared.renderer.library.missingNames = missingNames
        let renderer = prepared.renderer, photoStage = prepared.photos
        let warningCount = warnings.count
        clock = StageClock()
        let presenter = renderer.presenter
        let pages = presenter.pages
        let pagePaths: [String] = chunkedMap(pages) { chunk in chunk.map(presenter.path) }
        var entryPages: [String: String] = [:]
        var bodyLinks = BodyLinkPlaces()
        bodyLinks.unsafeHTML = presenter.diary.config.unsafeHTML
        if !prepared.entryLocations.isEmpty {
            for (k, page) in pages.enumerated() {
                guard case .entry(let i) = page else { continue }
                let key = Self.entryKey(presenter.diary.entries[i].entry.origin)
                entryPages[pagePaths[k]] = prepared.entryLocations[key]
                bodyLinks.bodies[pagePaths[k]] = prepared.bodyOrigins[key]
            }
        }
        var sitePages: [String: String] = [:]
        if options.locatesEntryPages {
            for (k, page) in pages.enumerated() {
                if case .page(let i) = page { sitePages[pagePaths[k]] = presenter.diary.pages[i].file.file }
            }
        }
        let assets = renderer.assets
        // The sources (for the fingerprint) and the files published of them.
        let photoPaths = photoStage.plans.keys.sorted()
        let photoOutputs = photoPaths.flatMap { photoStage.plans[$0]!.publishedPaths } + photoStage.files
        // Every file of the site the build reads besides the data, for the fingerprint.
        let readFiles = photoPaths + photoStage.files
        let searchIndex = presenter.searchIndex()
        let searchCache = self.searchCache
        let builtPaths = pagePaths + assets.map(\.path) + photoOutputs + (searchIndex?.paths ?? [])
        let staticFiles = prepared.statics.files
        let allPaths = builtPaths + staticFiles
        let clashes = AliasClashes.errors(of: presenter.diary.aliases, pages: presenter.diary.pages, in: builtPaths)
            + StaticClashes.errors(of: prepared.statics, in: builtPaths) {
                StaticClashes.name(of: $0, pages: pages, pagePaths: pagePaths, presenter: presenter, photos: photoStage)
            }
        if !clashes.isEmpty {
            // With the warnings found so far (a link in static/), as any other error.
            let strict = options.warningsAreErrors ? warnings : []
            throw .invalid(SiteErrors(clashes + strict, warnings: options.warningsAreErrors ? [] : warnings))
        }
        let createdFolders: [String]
        // What the last build wrote where this one needs a folder, or the other way round.
        var setAside: [String] = []
        do {
            setAside = try writer.setAside(previous: last.removable, current: allPaths)
            // Page folders are made by the render jobs as they write; these are the rest.
            createdFolders = try writer.prepareFolders(for: assets.map(\.path) + photoOutputs + staticFiles + [OutputWriter.manifestName])
            try writer.markUnfinished()
        } catch {
            writer.restore(setAside: setAside)
            throw .cannotWrite(error)
        }
        stages.append(clock.lap("folders"))

        let results = ChunkResults(months: presenter.diary.months.count)
        // Pages are opened relative to the output folder, which exists by now.
        let rootDescriptor = open(outputRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if rootDescriptor >= 0 { close(rootDescriptor) } }
        let jobs = RenderJob.plan(pages, diary: presenter.diary)
        // The fingerprint was taken with the last build's photos; a build without one, or with other
        // photos, takes it (reading only the inputs) while the pages render, with the manifest's text.
        let reusedFingerprint = fingerprint.flatMap { readFiles.sorted() == last.photos.sorted() ? $0 : nil }
        let entryCount = presenter.diary.entries.count
        let futureCount = presenter.diary.futureCount
        var renderWriter = writer
        if rootDescriptor >= 0 { renderWriter.rootDescriptor = rootDescriptor }
        let pageWriter = renderWriter
        let checksNames = missingNames != nil
        @Sendable func manifest(fingerprint: String, warnings: Int) -> [UInt8] {
            OutputWriter.Manifest(paths: allPaths, notes: [
                "fingerprint": fingerprint, "entries": String(entryCount), "photos": String(photoPaths.count),
                "future": String(futureCount),
                "warnings": String(warnings),
                "names": checksNames ? "checked" : "unchecked",
            ], photos: readFiles).text
        }
        // Photos first: each takes longer than a month of pages.
        let photoJobs = photoPaths.count
        let interruption = options.interruption
        @Sendable func isInterrupted() -> Bool {
            guard let interruption, interruption.isRequested else { return false }
            results.fail(.interrupted)
            return true
        }
        DispatchQueue.concurrentPerform(iterations: photoJobs + jobs.count + 1) { j in
            if j >= 1, j <= photoJobs {
                if results.failed || isInterrupted() { return }
                switch photoStage.make(photoPaths[j - 1]) {
                case .failed(let error): results.addPhoto(error: error)
                case .files(let files, let processed, let known):
                    var staged: [String] = [], created: [String] = [], madeFolders: [String] = []
                    var unchanged = 0
                    do throws(WriteError) {
                        for file in files {
                            switch try pageWriter.stage(file.bytes, to: file.path, madeFolders: &madeFolders) {
                            case .written: staged.append(file.path)
                            case .created: created.append(file.path)
                            case .unchanged: unchanged += 1
                            }
                        }
                    } catch {
                        results.fail(.cannotWrite(error))
                    }
                    results.add(staged: staged, created: created, madeFolders: madeFolders, unchanged: unchanged)
                    results.addPhoto(source: photoPaths[j - 1], known: known, processed: processed)
                }
                return
            }
            let j = j > photoJobs ? j - photoJobs : j
            if j == 0 {
                let print = reusedFingerprint ?? inputFingerprint(photos: readFiles)
                results.setManifest(manifest(fingerprint: print, warnings: warningCount), fingerprint: print)
                return
            }
            var staged: [String] = [], created: [String] = [], madeFolders: [String] = []
            var unchanged = 0
            var buffer: [UInt8] = []
            buffer.reserveCapacity(64 * 1024)
            defer {
                results.add(staged: staged, created: created, madeFolders: madeFolders, unchanged: unchanged)
                // The files a job writes besides its pages (the search index's) are counted too: at most all.
                progress?(min(results.done, pages.count), pages.count)
            }
            func put(_ k: Int, _ render: (inout [UInt8]) throws -> Void) -> Bool {
                if results.failed || isInterrupted() { return false }
                buffer.removeAll(keepingCapacity: true)
                do {
                    try render(&buffer)
                    return try stage(buffer, pagePaths[k])
                } catch let error as WriteError {
                    results.fail(.cannotWrite(error))
                } catch let error as TemplateError {
                    results.fail(.invalid(SiteErrors([SiteError(file: error.name, line: error.line, column: error.column,
                                                                reason: error.reason)])))
                } catch {
                    results.fail(.invalid(SiteErrors([SiteError(file: presenter.template(pages[k]), reason: "\(error)")])))
                }
                return false
            }
            func stage(_ bytes: [UInt8], _ path: String) throws(WriteError) -> Bool {
                switch try pageWriter.stage(bytes, to: path, madeFolders: &madeFolders) {
                case .written: staged.append(path)
                case .created: created.append(path)
                case .unchanged: unchanged += 1
                }
                return true
            }
            switch jobs[j - 1] {
            case .month(let month, let entryPages, let reportPage):
                // The month's part of the search index is made from the same HTML.
                var indexer = searchIndex.map { SearchMonthIndexer(month: month, of: $0, prettyURLs: presenter.diary.config.prettyURLs) }
                let year = presenter.diary.months[month].key.year
                // Each body is rendered once, for its entry page and again (headings pushed) for the report.
                var reportBodies: [Int: String] = [:]
                reportBodies.reserveCapacity(entryPages.count)
                let entries: [(page: Int, entry: Int)] = entryPages.compactMap { k in
                    if case .entry(let i) = pages[k] { return (k, i) } else { return nil }
                }
                // Bodies in groups (a month can be any size; a group's Markdown stays in memory until done).
                for start in stride(from: 0, to: entries.count, by: SiteBuilder.markdownGroup) {
                    let group = entries[start..<min(entries.count, start + SiteBuilder.markdownGroup)]
                    let bodies = renderer.markdown.html(ofAll: group.map { presenter.diary.entries[$0.entry].entry.body },
                                                        headingTop: PagePresenter.entryHeadingTop)
                    for (rendered, (k, i)) in zip(bodies, group) {
                        let html = renderer.bodyHTML(i, rendered: rendered)
                        guard put(k, { try renderer.renderEntry(i, bodyHTML: html, into: &$0) }) else { return }
                        indexer?.add(presenter.diary.entries[i], year: year, bodyHTML: html)
                        if reportPage != nil {
                            // On paper a body's photos are their widest variants, loaded at once.
                            let shown = renderer.bodyShowsPhotos(i) ? renderer.bodyHTML(i, rendered: rendered, forPrint: true) : html
                            reportBodies[i] = PageRenderer.reportBody(fromEntryHTML: shown, of: presenter.diary.entries[i])
                        }
                    }
                }
                if let k = reportPage {
                    guard put(k, { buffer in
                        try renderer.renderReport(month, bodyHTML: { reportBodies[$0] ?? renderer.reportBodyHTML($0) }, into: &buffer)
                    }) else { return }
                }
                if let searchIndex, var indexer {
                    // The month's part as an earlier build made it, when its entries are the same.
                    let key = searchIndex.months[month].key, digest = indexer.digest
                    let part: SearchMonthPart
                    if let bytes = searchCache.month(key),
                       let kept = SearchMonthPart(cacheBytes: bytes, digest: digest, month: searchIndex.months[month], stamp: searchIndex.stamp) {
                        part = kept
                    } else {
                        part = indexer.finish()
                        do throws(WriteError) { try searchCache.keep(part.cacheBytes(digest: digest), month: key) } catch {
                            results.setSearchCacheProblem(error)
                        }
                    }
                    do throws(WriteError) {
                        for (n, shard) in part.shards.enumerated() { _ = try stage(shard, searchIndex.docShardPath(month: month, shard: n)) }
                    } catch {
                        results.fail(.cannotWrite(error))
                    }
                    results.setSearchPostings(part.postings, month: month)
                }
            case .pages(let indices):
                for k in indices {
                    guard put(k, { try renderer.render(pages[k], into: &$0) }) else { return }
                }
            }
        }
        if let searchIndex, results.failure == nil, results.photoErrors.isEmpty || options.buildsPastPhotoErrors {
            // The term shards, each merged from every month's table (docs/search.md).
            let postings = results.searchPostings
            DispatchQueue.concurrentPerform(iterations: SearchIndex.buckets + 1) { b in
                var staged: [String] = [], created: [String] = [], madeFolders: [String] = []
                var unchanged = 0
                let path = b == 0 ? "search/meta.js" : SearchIndex.termShardPath(b - 1)
                let bytes = b == 0 ? searchIndex.meta() : SearchIndex.termShard(b - 1, from: postings, stamp: searchIndex.stamp)
                do throws(WriteError) {
                    switch try pageWriter.stage(bytes, to: path, madeFolders: &madeFolders) {
                    case .written: staged.append(path)
                    case .created: created.append(path)
                    case .unchanged: unchanged += 1
                    }
                } catch {
                    results.fail(.cannotWrite(error))
                }
                results.add(staged: staged, created: created, madeFolders: madeFolders, unchanged: unchanged)
            }
        }
        let cache = photoCache
        // A cache that cannot be written costs the next builds their time, not this one its photos: a warning.
        var cacheProblem: WriteError?
        if !photoPaths.isEmpty {
            // What was learnt of the sources is kept even when the build fails.
            var index = photoStage.known
            for (source, known) in results.photosKnown { index[source] = known }
            if index != photoStage.known {
                do throws(WriteError) { try cache.writeIndex(index) } catch { cacheProblem = error }
            }
        }
        if photoStage.staticPlacesChanged {
            do throws(WriteError) { try cache.writeStaticPlaces(photoStage.staticPlaces) } catch { cacheProblem = cacheProblem ?? error }
        }
        if let cacheProblem {
            warnings.append(SiteError(file: cacheProblem.path, reason: "the photo cache cannot be written (\(cacheProblem.reason)): "
                                      + "every build makes its photos again; give --cache a folder it can write"))
        }
        // One warning for one folder: the photos' says what to do for both. The search cache's own is
        // said only for a folder given with --cache: in a site folder that cannot be written (a
        // read-only checkout, which `--strict` builds), indexing every month again costs a build
        // about a tenth more time, which is no reason to stop it.
        if cacheProblem == nil, options.cache != nil, let problem = results.searchCacheProblem {
            warnings.append(SiteError(file: problem.path, reason: "the search cache cannot be written (\(problem.reason)): "
                                      + "every build indexes every entry again; give --cache a folder it can write"))
        }
        // What this build writes over that no earlier one wrote: the user's files, named in a warning,
        // listed in the manifest and never removed. Pages and photos found out as they were staged (a
        // file that was there already, with other bytes); the rest, a few, are looked at here.
        let lastPaths = Set(last.paths)
        lazy var madePaths = Set(allPaths)
        let loader = SiteLoader(root: siteRoot)
        let newlyWrittenOver = results.staged.filter { !lastPaths.contains($0) }
            + assets.filter { !lastPaths.contains($0.path) && writer.holdsOther(than: $0.bytes, at: $0.path) }.map(\.path)
            + photoStage.files.filter { !lastPaths.contains($0) && writer.holdsOther(than: photoStage.publishedBytes(of: $0), at: $0) }
            + staticFiles.filter { !lastPaths.contains($0) && writer.holdsOther(thanFile: loader.fullPath(StaticFolder.name + "/" + $0), at: $0) }
        let writtenOver: [String]
        if recovered {
            // An earlier build wrote here: a file without the mark it wrote over (a Markdown report)
            // is most likely its own too. Said, and taken for this build's, so not kept for ever.
            if let warning = OutputWarnings.writtenOverWithoutManifest(newlyWrittenOver, output: outputRoot) { warnings.append(warning) }
            // What goes is named (found by a review: the files of another site copied into the output went without a word).
            let made = madePaths
            if let warning = OutputWarnings.removedWithoutManifest(last.paths.filter { !made.contains($0) }, output: outputRoot) { warnings.append(warning) }
            writtenOver = []
        } else {
            if let warning = OutputWarnings.writtenOver(newlyWrittenOver, output: outputRoot) { warnings.append(warning) }
            if !lastPaths.isEmpty {
                warnings += MovedEntryPages.warnings(previous: lastPaths, made: madePaths, entries: presenter.diary.entries,
                                                     position: SiteLoader.position(of:))
            }
            writtenOver = newlyWrittenOver + (last.writtenOver.isEmpty ? [] : last.writtenOver.filter(madePaths.contains))
        }
        let unknownNames = SiteBuilder.warnings(missingNames?.misses ?? [])
        if !unknownNames.isEmpty, let print = results.fingerprint {
            // They are warnings too: the next build is not skipped, so that it shows them again.
            results.setManifest(manifest(fingerprint: print, warnings: warningCount + unknownNames.count), fingerprint: print)
        }
        // A strict build fails on them (and on the warnings it went on despite: any other stopped it) before anything is moved into place.
        let strictErrors = options.warningsAreErrors ? warnings + unknownNames : []
        let strictFailure = !strictErrors.isEmpty
        if results.failure != nil || (!results.photoErrors.isEmpty && !options.buildsPastPhotoErrors) || strictFailure {
            writer.discard(results.staged)
            writer.remove(results.created)
            if !wasCut { writer.markFinished() }
            writer.removeFolders(createdFolders + results.madeFolders)
            writer.restore(setAside: setAside)
            // The run's warnings come with its photos' errors, as with any other error: one run lists every problem.
            if !results.photoErrors.isEmpty {
                throw .invalid(SiteErrors(results.photoErrors + strictErrors,
                                          warnings: options.warningsAreErrors ? [] : warnings + unknownNames))
            }
            if let failure = results.failure { throw failure }
            throw .invalid(SiteErrors(strictErrors))
        }
        if !photoPaths.isEmpty || FileManager.default.fileExists(atPath: cache.root + "/photos") {
            var kept = Set(results.photosKnown.values.map { $0.digest + "-" + photoStage.settingsKey })
            // The photos of entries this build leaves out (drafts, entries after --now) stay
            // cached while their file is unchanged: only what no photo of the site uses goes.
            for (source, known) in photoPaths.isEmpty ? cache.readIndex() : photoStage.known
            where results.photosKnown[source] == nil && PhotoCache.facts(ofFile: loader.fullPath(source)) == known.facts {
                kept.insert(known.digest + "-" + photoStage.settingsKey)
            }
            cache.prune(keeping: kept)
        }
        searchCache.prune(keeping: Set(searchIndex?.months.map(\.key) ?? []))

        stages.append(clock.lap("render"))
        var summary = BuildSummary()
        summary.entryPages = entryPages
        summary.bodyLinks = bodyLinks
        if options.buildsPastPhotoErrors {
            summary.errors = SiteErrors(prepared.photoErrors + results.photoErrors).errors
            // A photo libvips failed on is linked by its variants' paths.
            let failed = photoPaths.filter { results.photosKnown[$0] == nil }
            summary.unmade = prepared.photosLeftOut.union(failed.flatMap { photoStage.plans[$0]!.publishedPaths })
        }
        summary.sitePages = sitePages
        summary.baseURL = presenter.diary.config.baseURL
        summary.prettyURLs = presenter.diary.config.prettyURLs
        summary.pagesWritten = results.staged.count + results.created.count
        summary.pagesUnchanged = results.unchanged
        // What an earlier build wrote and this one does not, left where a folder on its way is a link.
        var leftBehindLinks: [String] = []
        var keptStale: [(path: String, reason: String)] = []
        do {
            try writer.commit(results.staged)
            for asset in assets {
                switch try writer.write(asset.bytes, to: asset.path) {
                case .written, .created: summary.pagesWritten += 1
                case .unchanged: summary.pagesUnchanged += 1
                }
            }
            for file in photoStage.files {
                switch try writer.write(photoStage.publishedBytes(of: file), to: file) {
                case .written, .created: summary.pagesWritten += 1
                case .unchanged: summary.pagesUnchanged += 1
                }
            }
            for file in staticFiles {
                switch try writer.copy(from: loader.fullPath(StaticFolder.name + "/" + file), to: file) {
                case .written, .created: summary.pagesWritten += 1
                case .unchanged: summary.pagesUnchanged += 1
                }
            }
            if !last.paths.isEmpty {
                summary.filesRemoved = writer.remove(setAside: setAside, previous: last.removable, leftBehindLinks: &leftBehindLinks)
                    + writer.removeStale(previous: last.removable, current: madePaths, leftBehindLinks: &leftBehindLinks, kept: &keptStale)
            }
            _ = try writer.write(results.manifest + OutputWriter.Manifest.lines(writtenOver: writtenOver), to: OutputWriter.manifestName)
            writer.touchManifest()
        } catch {
            // Some pages may be in place and some not: the staged rest goes, and a manifest without
            // a fingerprint lists every page of both builds, so that the next build is not skipped
            // and removes what it does not make.
            writer.discard(results.staged)
            writer.restore(setAside: setAside)
            let known = Array(Set(last.paths).union(allPaths)).sorted()
            let theirs = Array(Set(last.writtenOver).union(writtenOver))
            if (try? writer.write(OutputWriter.Manifest(paths: known, photos: last.photos, writtenOver: theirs).text,
                                  to: OutputWriter.manifestName)) != nil {
                writer.markFinished()
            }
            throw .cannotWrite(error)
        }
        if wasCut {
            // Whatever the cut build staged beside a page it did not move into place, or moved aside.
            writer.discard(Array(Set(last.paths).union(allPaths)))
            summary.filesRemoved += writer.removeLeftOverSetAside(previous: last.removable, leftBehindLinks: &leftBehindLinks)
        }
        writer.markFinished()
        summary.entries = presenter.diary.entries.count
        summary.future = presenter.diary.futureCount
        summary.photos = photoPaths.count
        summary.photosProcessed = results.photosProcessed
        summary.photosReused = photoPaths.count - results.photosProcessed
        summary.output = outputRoot
        summary.staticFiles = staticFiles
        stages.append(clock.lap("write"))
        summary.stages = stages
        if let warning = OutputWarnings.behindLinks(leftBehindLinks, output: outputRoot) { warnings.append(warning) }
        if let warning = OutputWarnings.notRemoved(keptStale, output: outputRoot) { warnings.append(warning) }
        summary.warnings = SiteErrors([], warnings: warnings + unknownNames).warnings
        if options.keepsModelUntilExit {
            // Deliberately never released: see BuildOptions.keepsModelUntilExit.
            _ = Unmanaged.passRetained(KeptUntilExit((renderer, pages, pagePaths, allPaths, jobs, results)))
        }
        return summary
    }

    /// The fingerprint of the inputs and options, for skipping a build that would change nothing.
    func inputFingerprint(photos: [String]) -> String {
        let now = options.now
        let optionText = "\(options.tool)|\(options.includeDrafts)|\(options.includeFuture)|\(options.baseURL ?? "")|\(now.day) \(now.secondOfDay ?? -1) \(now.nanoseconds) \(now.utcOffset ?? -1)"
        return InputFingerprint.of(siteRoot: siteRoot, photos: photos, options: optionText)
    }

    /// The site's folders the build reads besides its photos: the theme's overrides, the diary's
    /// files, the site's own pages, the photo cache, the files published as they are.
    static let foldersTheBuildReads: Set<String> = ["templates", "diary", "pages", ".daybook-cache", StaticFolder.name]

    /// The output folder's path inside the site folder (`_site`), or nil when it is elsewhere.
    func outputFolderInSite() -> String? {
        SiteBuilder.folder(SiteBuilder.resolved(outputRoot), inside: SiteBuilder.resolved(siteRoot))
    }

    /// `path` absolute, its links followed.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `folder`'s path relative to `root`, or nil when it is not inside it (both resolved).
    static func folder(_ folder: String, inside root: String) -> String? {
        folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : nil
    }

    /// What `--output ""` is told (build, check's aside, serve).
    public static let emptyOutputReason = "--output is empty: name the folder to write the site into, or leave the option out"

    /// Refuses an output folder that is the site folder, holds it, is one the build reads
    /// (`templates/`), is in a `.git` folder (or another version control system's), or is `/` or
    /// the home folder.
    func checkOutputFolder() throws(BuildFailure) {
        // "" would be the current folder (`--output "$OUT"` with OUT unset): no folder was named.
        if options.output == "" {
            throw .badOutput(Self.emptyOutputReason)
        }
        let output = SiteBuilder.resolved(outputRoot), site = SiteBuilder.resolved(siteRoot)
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
        if output == "/" || output == home {
            throw .badOutput("refusing to write the site into \(outputRoot): choose an empty or generated folder with --output")
        }
        if output == site || site.hasPrefix(output + "/") {
            throw .badOutput("refusing to write the site into \(outputRoot): it is or holds the site folder \(siteRoot)")
        }
        if let inside = SiteBuilder.folder(output, inside: site), let first = inside.split(separator: "/").first,
           SiteBuilder.foldersTheBuildReads.contains(String(first)) {
            throw .badOutput("refusing to write the site into \(outputRoot): the build reads \(first)/ of the site folder; choose another folder, such as _site")
        }
        // A version control system's own folder (found by a CI audit: `--output site/.git` wrote the
        // pages among the repository's objects).
        if let control = output.split(separator: "/").first(where: { [".git", ".hg", ".svn", ".jj", ".bzr"].contains($0) }) {
            throw .badOutput("refusing to write the site into \(outputRoot): it is in \(control)/, a version control system's own folder; choose another folder, such as _site")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
            // The default folder (no --output typed) is no mistake of usage: the file is in the way.
            guard options.output != nil else {
                throw .cannotWrite(WriteError(path: outputRoot, reason: "it is a file, where the build makes its default output folder; move it, or give another folder with --output"))
            }
            throw .badOutput("--output \(outputRoot) is a file, not a folder")
        }
        // Another site's folder (a second diary beside this one) is no place for this one's pages.
        if FileManager.default.fileExists(atPath: output + "/daybook.json") {
            throw .badOutput("refusing to write the site into \(outputRoot): it is a site's folder (it has daybook.json); choose another folder, such as _site")
        }
        if let cache = options.cache, FileManager.default.fileExists(atPath: cache, isDirectory: &isDirectory), !isDirectory.boolValue {
            // A mistyped cache path would have every photo processed again at each build, without a word.
            throw .badOutput("--cache \(cache) is a file, not a folder")
        }
        if let cache = options.cache.map(SiteBuilder.resolved) {
            // The cache's folders would be mixed with the site's photos or published with the pages.
            let reads = SiteBuilder.folder(cache, inside: site).flatMap { $0.split(separator: "/").first }.map(String.init)
            if cache == site || site.hasPrefix(cache + "/") || reads.map(["templates", "diary", "pages", "photos", StaticFolder.name].contains) == true
                || cache == output || cache.hasPrefix(output + "/") || output.hasPrefix(cache + "/") {
                throw .badOutput("refusing --cache \(options.cache ?? cache): it is, holds or is inside the site folder's own files or the output; "
                                 + "choose a folder of its own (the default is .daybook-cache in the site folder)")
            }
        }
    }
}

/// Per-chunk results of the parallel render-and-stage, gathered under a lock.
private final class ChunkResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var staged: [String] = []
    private(set) var created: [String] = []
    private(set) var madeFolders: [String] = []
    private(set) var unchanged = 0
    private(set) var failure: BuildFailure?
    /// The text of the build's manifest, made alongside the pages.
    private(set) var manifest: [UInt8] = []
    /// Each month's part of the search index, in the diary's month order.
    private var postings: [SearchPostings?]

    init(months: Int) {
        postings = Array(repeating: nil, count: months)
    }

    var searchPostings: [SearchPostings] { lock.withLock { postings.compactMap { $0 } } }

    func setSearchPostings(_ monthPostings: SearchPostings, month: Int) {
        lock.withLock { postings[month] = monthPostings }
    }

    /// The first error writing the search cache.
    private(set) var searchCacheProblem: WriteError?

    func setSearchCacheProblem(_ error: WriteError) {
        lock.withLock { searchCacheProblem = searchCacheProblem ?? error }
    }

    var done: Int { lock.withLock { staged.count + created.count + unchanged } }
    var failed: Bool { lock.withLock { failure != nil } }

    func add(staged: [String], created: [String], madeFolders: [String], unchanged: Int) {
        lock.withLock {
            self.staged += staged
            self.created += created
            self.madeFolders += madeFolders
            self.unchanged += unchanged
        }
    }

    /// The inputs' fingerprint the manifest has.
    private(set) var fingerprint: String?

    func setManifest(_ text: [UInt8], fingerprint: String) {
        lock.withLock {
            manifest = text
            self.fingerprint = fingerprint
        }
    }

    /// Photos that could not be used, every one of the run.
    private(set) var photoErrors: [SiteError] = []
    /// What the build learnt of each photo source, for the cache's index.
    private(set) var photosKnown: [String: PhotoCache.Known] = [:]
    private(set) var photosProcessed = 0

    func addPhoto(error: SiteError) {
        lock.withLock { photoErrors.append(error) }
    }

    func addPhoto(source: String, known: PhotoCache.Known, processed: Bool) {
        lock.withLock {
            photosKnown[source] = known
            if processed { photosProcessed += 1 }
        }
    }

    func fail(_ failure: BuildFailure) {
        lock.withLock { if self.failure == nil { self.failure = failure } }
    }
}

/// Values a build leaves to the system to free at exit (``BuildOptions/keepsModelUntilExit``).
private final class KeptUntilExit: @unchecked Sendable {
    let values: Any
    init(_ values: Any) { self.values = values }
}

extension SiteBuilder {
    /// Why a body's link to the site's file at `path` may not publish it, nil when it may: a hidden
    /// file or folder (`.git/config`, `.env`: found by a security audit, a link in an imported entry
    /// published them), a page's source in `pages/` (a draft's too), or a file of `diary/`.
    static func linkedFileProblem(_ path: String) -> String? {
        let parts = path.split(separator: "/")
        if parts.contains(where: { $0.hasPrefix(".") && $0 != "." && $0 != ".." }) {
            return "link to \"\(path)\" leads to a hidden file or folder (a name starting with '.'), which the build never publishes: take the link out"
        }
        // In any case: a disk that ignores it (macOS', Windows') finds `Pages/draft.md` too.
        let first = parts.count > 1 ? parts[0].lowercased() : ""
        let lower = path.lowercased()
        if first == "pages", lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
            return "link to \"\(path)\" leads to a page's source, which the build does not publish: link to the page itself (its folder, such as \(Self.pageLinkExample(path)))"
        }
        if first == "diary" {
            return "link to \"\(path)\" leads into diary/, the diary's data, which the build does not publish: take the link out"
        }
        return nil
    }

    /// `about/` for `pages/about.md`.
    private static func pageLinkExample(_ path: String) -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return (name.isEmpty ? "about" : name) + "/"
    }
}
