import Foundation

/// The load stage: reads a site folder (`daybook.json`, `diary.json` or `diary/`,
/// `todos.json`, `templates/`) into a `SiteSource`, collecting every problem it finds.
public struct SiteLoader: Sendable {
    /// The site folder as the user named it; file names in messages start with it.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// A path inside the site as the user would type it (`site/diary.json`).
    public func displayPath(_ relative: String) -> String {
        if root == "." || root.isEmpty { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// Loads the whole site, or throws every error found (warnings ride along in the failure).
    public func load() throws(SiteLoadFailure) -> SiteSource {
        let loaded = try loadAll()
        if !loaded.errors.isEmpty { throw .invalid(SiteErrors(loaded.errors, warnings: loaded.source.warnings)) }
        return loaded.source
    }

    /// Everything that could be read, and every error found: entries and todos that did not
    /// decode are left out, so later checks (duplicate ids, templates) can still run and report
    /// theirs in the same run. Throws only when there is no site to read.
    public func loadAll() throws(SiteLoadFailure) -> (source: SiteSource, errors: [SiteError]) {
        let loaded = try loadAll(separatingPhotoErrors: false)
        return (loaded.source, loaded.errors)
    }

    /// The same; with `separatingPhotoErrors`, the errors of the entries' photos (one missing, or
    /// outside the site: the source's ``SiteSource/photos`` leave it out) apart from the others.
    func loadAll(separatingPhotoErrors: Bool) throws(SiteLoadFailure) -> (source: SiteSource, errors: [SiteError], photoErrors: [SiteError]) {
        var errors: [SiteError] = []
        var warnings: [SiteError] = []
        let config = loadConfig(try configBytes(), errors: &errors, warnings: &warnings)
        var undecoded: [Entry] = []
        let (entries, diaryFound) = loadDiaryFiles(errors: &errors, warnings: &warnings, undecoded: &undecoded)
        var todos: [Todo] = []
        let todoFile = readIfThere("todos.json", errors: &errors)
        if let bytes = todoFile {
            todos = TodoFile.decode(bytes, file: displayPath("todos.json"), errors: &errors, warnings: &warnings)
        }
        // The site's top, listed once, for names near the data files' and other tools' files.
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        warnings += misnamedData(diaryFound: diaryFound, todosFound: todoFile != nil, listing: listing)
        warnings += OtherToolsFiles.warnings(root: root, listing: listing, displayPath: displayPath)
        var photoErrors: [SiteError] = []
        let photos = checkPhotos(entries, errors: &photoErrors)
        if !separatingPhotoErrors {
            errors += photoErrors
            photoErrors = []
        }
        if !undecoded.isEmpty { _ = checkPhotos(undecoded, errors: &errors) }
        let overrides = readTree("templates", errors: &errors)
        var source = SiteSource(config: config ?? SiteConfig(title: ""), entries: entries, todos: todos,
                                themeOverrides: overrides, photos: photos)
        source.pages = loadPages(errors: &errors, warnings: &warnings)
        source.warnings = warnings
        return (source, errors, photoErrors)
    }

    /// `daybook.json` and the diary's files alone (`diary.json`, `diary/*.json`), for a command
    /// that reads the entries and nothing else (`daybook list`): the errors of those files, and
    /// their warnings in the source. The photos, todos, pages and templates are not read.
    public func loadDiary() throws(SiteLoadFailure) -> (source: SiteSource, errors: [SiteError]) {
        var errors: [SiteError] = []
        var warnings: [SiteError] = []
        let config = loadConfig(try configBytes(), errors: &errors, warnings: &warnings)
        var undecoded: [Entry] = []
        let (entries, diaryFound) = loadDiaryFiles(errors: &errors, warnings: &warnings, undecoded: &undecoded)
        warnings += misnamedData(diaryFound: diaryFound, todosFound: true)
        var source = SiteSource(config: config ?? SiteConfig(title: ""), entries: entries)
        source.warnings = warnings
        return (source, errors)
    }

    /// The entries of `diary.json` and of `diary/*.json`, in that order, and whether there is
    /// either; the entries that did not decode and name photos go to `undecoded`.
    private func loadDiaryFiles(errors: inout [SiteError], warnings: inout [SiteError],
                                undecoded: inout [Entry]) -> (entries: [Entry], found: Bool) {
        var entries: [Entry] = []
        let diaryFile = readIfThere("diary.json", errors: &errors)
        if let diary = diaryFile {
            entries = loadEntries(file: "diary.json", diary, errors: &errors, warnings: &warnings, undecoded: &undecoded)
        }
        let diaryFiles = listJSON(folder: "diary")
        let siteReal = diaryFiles.isEmpty ? "" : realRoot
        for name in diaryFiles {
            // A link out of the site is not read (found by a security audit: a cloned site's link to a
            // file elsewhere published it, or quoted its values in errors).
            let real = URL(fileURLWithPath: url("diary/" + name)).resolvingSymlinksInPath().path
            guard real.hasPrefix(siteReal + "/") else {
                errors.append(SiteError(file: displayPath("diary/" + name), reason: "leads outside the site folder, so it is not read: put the file itself in diary/"))
                continue
            }
            if let bytes = readIfThere("diary/" + name, errors: &errors) {
                let more = loadEntries(file: "diary/" + name, bytes, errors: &errors, warnings: &warnings, undecoded: &undecoded)
                if entries.isEmpty { entries = more } else { entries += more }
            }
        }
        return (entries, diaryFile != nil || !diaryFiles.isEmpty)
    }

    /// The objects of entries as their files hold them now (every key, values as written), and
    /// the line each starts on, by their origins; nil for one no longer there (its file changed).
    public func entryObjects(at origins: [SourceOrigin]) -> [(object: JSONNode, line: Int)?] {
        var found: [String: [Int: (object: JSONNode, line: Int)]] = [:]
        for file in Set(origins.map(\.file)) {
            guard let bytes = SiteLoader.readFile(file), let node = try? JSONParser.parse(bytes) else { continue }
            let wanted = Set(origins.filter { $0.file == file }.map(\.offset))
            var objects: [JSONNode] = []
            switch node.value {
            case .array(let items): objects = items.filter { wanted.contains($0.offset) }
            case .object where wanted.contains(node.offset): objects = [node]
            default: break
            }
            objects = objects.filter { if case .object = $0.value { true } else { false } }
            let positions = SourcePosition.positions(ofSorted: objects.map(\.offset), in: bytes)
            for (object, position) in zip(objects, positions) { found[file, default: [:]][object.offset] = (object, position.line) }
        }
        return origins.map { found[$0.file]?[$0.offset] }
    }

    /// A diary or todo list under a name near the one read (`Diary.json`, `dairy.json`, a folder
    /// `Diary/`, `todo.json`) when the one read is not there: a warning at it, since the site would
    /// build with no entries (or todos) and the published pages would go.
    /// `listing` is the names at the site's top, when read already.
    func misnamedData(diaryFound: Bool, todosFound: Bool, listing: [String]? = nil) -> [SiteError] {
        guard !(diaryFound && todosFound), let names = listing ?? (try? FileManager.default.contentsOfDirectory(atPath: root)) else { return [] }
        var found: [SiteError] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url(name), isDirectory: &isFolder) else { continue }
            let reason: String
            if isFolder.boolValue {
                guard !diaryFound, NearestName.suggestion(for: name, among: ["diary"]) != nil else { continue }
                reason = "not read: a diary's files are read from the folder diary/; rename it diary"
            } else if !diaryFound, NearestName.suggestion(for: name, among: ["diary.json"]) != nil {
                reason = "not read: the diary is read from diary.json (and the folder diary/); rename it diary.json"
            } else if !todosFound, NearestName.suggestion(for: name, among: ["todos.json"]) != nil {
                reason = "not read: the todo list is read from todos.json; rename it todos.json"
            } else {
                continue
            }
            found.append(SiteError(file: displayPath(name), reason: reason))
        }
        return found
    }

    /// Checks paths found in entry bodies (Markdown images) as photos are checked: relative,
    /// inside the site, an existing file. Returns the problem, or nil when the path is fine.
    public func imageProblem(_ path: String) -> String? {
        if let problem = SiteLoader.photoPathProblem(path) { return problem.replacingOccurrences(of: "photo \"", with: "image \"") }
        let siteReal = realRoot
        let real = URL(fileURLWithPath: url(path)).resolvingSymlinksInPath().path
        if !FileManager.default.fileExists(atPath: url(path)) {
            return "image \"\(path)\" not found in the site folder" + NearFileName.note(for: path, in: root)
        }
        guard SiteLoader.isRegularFile(real), real.hasPrefix(siteReal + "/") else {
            return "image \"\(path)\" leads outside the site folder or is not a file"
        }
        return nil
    }

    /// The full path of a file inside the site, for libraries that open files themselves.
    public func fullPath(_ relative: String) -> String { url(relative) }

    /// A tag written decomposed (NFD, as a Mac writes names: `산책` as jamo, `café` with a combining
    /// accent) composed (NFC), so that it shows, sorts and is filed in the feed as one name with the
    /// same tag written composed (found by a Korean diarist's audit: the feed held 산책 twice, and a
    /// PDF's text was loose jamo). Only a tag holding a combining accent, a jamo or a kana's
    /// voicing mark is looked at again.
    static func composed(_ tag: String) -> String {
        var bytes = tag.utf8.makeIterator(), previous: UInt8 = 0
        var mayCompose = false
        while let byte = bytes.next() {
            if byte == 0xCC || byte == 0xCD || (previous == 0xE1 && byte >= 0x84 && byte <= 0x87)
                || (previous == 0xE3 && byte == 0x82) {
                mayCompose = true
                break
            }
            previous = byte
        }
        return mayCompose ? tag.precomposedStringWithCanonicalMapping : tag
    }

    /// The line and column of an origin the diary keeps without its file's bytes, the file (named
    /// as shown) read again: for a warning found once the site's input is freed. Nil when it cannot be read.
    static func position(of origin: SourceOrigin) -> SourcePosition? {
        if origin.line != 0 { return origin.position }
        guard let data = FileManager.default.contents(atPath: origin.file), origin.offset <= data.count else { return nil }
        return SourcePosition(offset: origin.offset, in: [UInt8](data))
    }

    /// The site's settings alone, or nil when daybook.json is missing or has errors
    /// (for commands that need only its locale and zone).
    public func settings() -> SiteConfig? {
        guard let bytes = read("daybook.json") else { return nil }
        var errors: [SiteError] = [], warnings: [SiteError] = []
        let config = loadConfig(bytes, errors: &errors, warnings: &warnings)
        return errors.isEmpty ? config : nil
    }

    /// The site's settings alone, for commands that need a real site but not its data
    /// (`daybook add`): the same failures as ``load()`` for the folder and daybook.json.
    public func loadSettings() throws(SiteLoadFailure) -> SiteConfig {
        var errors: [SiteError] = [], warnings: [SiteError] = []
        let config = loadConfig(try configBytes(), errors: &errors, warnings: &warnings)
        guard errors.isEmpty, let config else { throw .invalid(SiteErrors(errors)) }
        return config
    }

    /// Missing input when the site folder or its daybook.json is missing, as loading says it.
    public func checkSiteFolder() throws(SiteLoadFailure) {
        _ = try configBytes()
    }

    /// daybook.json's bytes; missing input when the site folder or the file is missing.
    private func configBytes() throws(SiteLoadFailure) -> [UInt8] {
        if let problem = SiteFolder.problem(root) { throw .missingInput("\(root): \(problem)") }
        var problems: [SiteError] = []
        guard let bytes = readIfThere("daybook.json", errors: &problems) else {
            if let problem = problems.first { throw .missingInput(problem.description) }
            // Run inside a site's folder (`mysite/diary`), as git finds its repository from below: the
            // site named (found by a jrnl user's audit: the message said only "not found").
            if let above = siteAbove() {
                throw .missingInput("\(displayPath("daybook.json")): not found; the site is \(above), a folder above this one: "
                                    + "run daybook there, or give it as the site folder")
            }
            // A Hugo or Jekyll site's folder, given to build as it is (found by a newcomer's audit): its posts are imported.
            if let kind = OtherToolsFiles.siteKind(root) {
                throw .missingInput("\(displayPath("daybook.json")): not found (a site folder holds daybook.json; `daybook new DIR` makes one); "
                                    + "\(root == "." ? "this folder" : root) holds \(kind): make a Daybook site with `daybook new DIR`, then bring its posts in "
                                    + "with `daybook import markdown \(root) --site DIR`")
            }
            throw .missingInput("\(displayPath("daybook.json")): not found (a site folder holds daybook.json; `daybook new DIR` makes one)")
        }
        return bytes
    }

    /// The nearest of up to four folders above the site folder that holds daybook.json, as a path
    /// from it (`..`, `../..`); nil for none.
    private func siteAbove() -> String? {
        var up = ""
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        let parts = root.split(separator: "/", omittingEmptySubsequences: false)
        for level in 1...4 {
            up += up.isEmpty ? ".." : "/.."
            let path = (root == "." ? "" : root + "/") + up
            guard FileManager.default.fileExists(atPath: path + "/daybook.json") else { continue }
            if root == "." { return up }
            // `notes/site/diary` and one up is `notes/site`, when the parts taken off are folders' names
            // and that folder is the one found (not so through a link: `..` of a link is its target's).
            guard parts.count >= level, parts.suffix(level).allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return path }
            let kept = parts.dropLast(level).joined(separator: "/")
            let named = kept.isEmpty ? (root.hasPrefix("/") ? "/" : ".") : kept
            return FileManager.default.fileExists(atPath: named + "/daybook.json") ? named : path
        }
        return nil
    }

    // MARK: Files

    private func url(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    /// The site folder with its links resolved, which every file the site publishes must lie inside.
    private var realRoot: String {
        (URL(fileURLWithPath: root).resolvingSymlinksInPath().path as NSString).standardizingPath
    }

    func read(_ relative: String) -> [UInt8]? {
        SiteLoader.readFile(url(relative))
    }

    /// A file of the site that may be missing: its bytes, or nil. A file that is there but cannot
    /// be read (a folder by that name, no permission, a link to nothing) is an error, not a
    /// missing file: a site built without its diary would lose its pages.
    func readIfThere(_ relative: String, errors: inout [SiteError]) -> [UInt8]? {
        if let bytes = read(relative) { return bytes }
        if let problem = SiteLoader.unreadable(url(relative)) {
            errors.append(SiteError(file: displayPath(relative), reason: problem))
        }
        return nil
    }

    /// Why `path` cannot be read as a file; nil when nothing is there.
    static func unreadable(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? nil : "cannot be read: \(String(cString: strerror(errno)))" }
        if (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 { return "is a link to nothing" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return "is a folder, not a file"
        case S_IFREG:
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if fd < 0 { return "cannot be read: \(String(cString: strerror(errno)))" }
            close(fd)
            return "cannot be read"
        default: return "is not a regular file"
        }
    }

    /// Whether `path` (followed if a link) is a regular file: not a folder, a FIFO or a device,
    /// which would block or never end when read.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// A regular file's bytes, read straight into the array (not zeroed first); nil when it cannot be read.
    public static func readFile(_ path: String) -> [UInt8]? {
        // Non-blocking, so that opening a FIFO returns at once (it is then refused as no regular file).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        if size >= 1 << 22, let whole = readInParallel(fd, size: size) { return whole }
        var bytes: [UInt8] = []
        // One spare byte, so that a file read whole is known to have ended without growing.
        var chunk = size + 1
        while true {
            var failed = false, ended = false
            let part = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in
                count = 0
                while count < chunk {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, chunk - count)
                    if n < 0 { if errno == EINTR { continue }; failed = true; return }
                    if n == 0 { ended = true; return }
                    count += n
                }
            }
            if failed { return nil }
            if bytes.isEmpty { bytes = part } else { bytes += part }
            if ended { return bytes }
            chunk = max(4096, bytes.count / 2)
        }
    }

    /// A large regular file of `size` bytes read by one `pread` per core into its part of the
    /// array (copying 16 MB from the page cache takes ~20 ms on one core); nil when any read fails
    /// or comes up short (the file changed), for the caller to read it the plain way.
    private static func readInParallel(_ fd: Int32, size: Int) -> [UInt8]? {
        let parts = ProcessInfo.processInfo.activeProcessorCount
        guard parts > 1 else { return nil }
        let step = (size + parts - 1) / parts
        let failed = Flag()
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let target = SendablePointer(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var offset = part * step
                let end = min(size, offset + step)
                while offset < end {
                    let n = pread(fd, target.base + offset, end - offset, off_t(offset))
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { failed.set(); return }
                    offset += n
                }
            }
            // Bytes a failed part left unwritten are never read: the array is dropped below.
            count = size
        }
        if failed.isSet { return nil }
        // The file may have grown after fstat: then it is read again whole.
        var probe: UInt8 = 0
        if pread(fd, &probe, 1, off_t(size)) != 0 { return nil }
        return bytes
    }

    /// The diary's files in `diary/` as a build reads them (at any depth, `.json` in any case,
    /// hidden ones left out), each as `diary/<path>`, in the build's order.
    public func diaryFolderFiles() -> [String] {
        listJSON(folder: "diary").map { "diary/" + $0 }
    }

    /// The JSON files anywhere below `folder` (`2026/03.json`; `.json` in any case), hidden
    /// files and folders skipped, sorted by path so that the order on disk never matters.
    private func listJSON(folder: String) -> [String] {
        let names = FileManager.default.subpaths(atPath: url(folder)) ?? []
        return names.filter { name in
            name.lowercased().hasSuffix(".json") && !name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Every regular file below `folder`, keyed by its path inside it; hidden files skipped.
    /// A file there that leads outside the site (a link: a theme could publish /etc/passwd as an
    /// asset), or that cannot be read (a FIFO, no permission), is an error, not left out in silence.
    private func readTree(_ folder: String, errors: inout [SiteError]) -> [String: [UInt8]] {
        let base = url(folder)
        guard let names = FileManager.default.subpaths(atPath: base) else { return [:] }
        let siteReal = realRoot
        var files: [String: [UInt8]] = [:]
        for name in names.sorted() where !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let path = (base as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(SiteError(file: displayPath(folder + "/" + name), reason: "is a link to nothing"))
                continue
            }
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard real.hasPrefix(siteReal + "/") else {
                errors.append(SiteError(file: displayPath(folder + "/" + name), reason: "leads outside the site folder"))
                continue
            }
            if isDirectory.boolValue { continue }
            if let bytes = readIfThere(folder + "/" + name, errors: &errors) { files[name] = bytes }
        }
        return files
    }

    /// The site's own pages: the Markdown files (`.md`, `.markdown`) anywhere below `pages/`, in
    /// the order of their paths, hidden files and folders skipped. A symbolic link there is not
    /// followed (it could lead out of the site): a warning names it.
    private func loadPages(errors: inout [SiteError], warnings: inout [SiteError]) -> [PageFile] {
        var found: [(path: String, size: Int)] = []
        func isPage(_ name: String) -> Bool {
            let lower = name.lowercased()
            return lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
        }
        func walk(_ folder: String, depth: Int) {
            let full = url(folder)
            var info = stat()
            guard lstat(full, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard depth < 32 else {
                    errors.append(SiteError(file: displayPath(folder), reason: "is more than 32 folders deep in pages/; not read"))
                    return
                }
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else {
                    errors.append(SiteError(file: displayPath(folder), reason: "cannot be read"))
                    return
                }
                for name in names where !name.hasPrefix(".") { walk(folder + "/" + name, depth: depth + 1) }
            case S_IFLNK:
                var target = stat()
                if isPage(folder) || (stat(full, &target) == 0 && (target.st_mode & S_IFMT) == S_IFDIR) {
                    warnings.append(SiteError(file: displayPath(folder), reason: "is a symbolic link, which is not followed (it could lead out of the site folder): put the page itself in pages/"))
                }
            case S_IFREG where isPage(folder):
                found.append((String(folder.dropFirst("pages/".count)), Int(info.st_size)))
            default:
                if isPage(folder), depth > 0 { errors.append(SiteError(file: displayPath(folder), reason: "is not a regular file")) }
                if depth == 0 { errors.append(SiteError(file: displayPath(folder), reason: "is not a folder (a site's own pages are the Markdown files in pages/)")) }
            }
        }
        walk("pages", depth: 0)
        var pages: [PageFile] = []
        for (path, size) in found.sorted(by: { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }) {
            let file = displayPath("pages/" + path)
            if size > PageFile.maxBytes {
                errors.append(SiteError(file: file, reason: "is larger than \(PageFile.maxBytes >> 20) MB, the most a page may be"))
                continue
            }
            guard let bytes = readIfThere("pages/" + path, errors: &errors) else { continue }
            let read = PageFile.read(bytes, path: path, file: file)
            errors += read.errors
            warnings += read.warnings
            if let page = read.page { pages.append(page) }
        }
        return pages
    }

    // MARK: Documents

    /// The keys of `daybook.json` (some read by other parts of the build), for "did you mean".
    public static let configKeys = ["title", "description", "baseURL", "locale", "timeZone", "pageSize", "prettyURLs",
                                    "unsafeHTML", "hideEmptyCards", "feedLimit", "photoWidths", "photoFormat",
                                    "photoQuality", "keepPhotoMetadata", "publishOriginals", "search", "params"]
    /// Keys of Hugo's and Jekyll's configuration that someone moving a site writes here, and
    /// what Daybook has instead: a warning, since the build would quietly do without them.
    static let otherToolsKeys: [String: String] = [
        "languageCode": "Hugo's; Daybook's is \"locale\" (such as \"de_DE\")",
        "defaultContentLanguage": "Hugo's; Daybook's is \"locale\" (such as \"de_DE\")",
        "lang": "Jekyll's; Daybook's is \"locale\" (such as \"de_DE\")",
        "paginate": "Hugo's and Jekyll's; Daybook's is \"pageSize\"",
        "pagination": "Hugo's; Daybook's is \"pageSize\"",
        "url": "Jekyll's; Daybook's is \"baseURL\" (the whole address, such as \"https://example.org/diary/\")",
        "baseurl": "Jekyll's; Daybook's is \"baseURL\" (the whole address, such as \"https://example.org/diary/\")",
        "publishDir": "Hugo's; Daybook writes where --output says (default: _site in the site folder)",
        "destination": "Jekyll's; Daybook writes where --output says (default: _site in the site folder)",
        "theme": "Hugo's and Jekyll's; Daybook takes templates from the site's templates/ folder (daybook theme export SITE/templates starts one)",
        "menu": "Hugo's; Daybook's menu lists the site's own pages (pages/*.md, ordered by their \"weight\"); another link goes into your layout template",
        "menus": "Hugo's; Daybook's menu lists the site's own pages (pages/*.md, ordered by their \"weight\"); another link goes into your layout template",
        "dateFormat": "Hugo's; Daybook writes dates as the \"locale\" does (such as \"de_DE\": 13.11.2021)",
        "date_format": "Jekyll's; Daybook writes dates as the \"locale\" does (such as \"de_DE\": 13.11.2021)",
        "permalinks": "Hugo's; Daybook's pages are entries/<id>/ (an entry's \"aliases\" keep old addresses)",
        "permalink": "Jekyll's; Daybook's pages are entries/<id>/ (an entry's \"aliases\" keep old addresses)",
    ]

    /// ``otherToolsKeys``' hint for `key`, with the site's own value where it says Daybook's:
    /// Hugo's `"languageCode": "de-de"` is `"locale": "de_DE"`, Jekyll's `url` and `baseurl` are
    /// one `baseURL`. Nil for a key of neither.
    static func otherToolsHint(_ key: String, in members: [JSONMember]) -> String? {
        guard let hint = otherToolsKeys[key] else { return nil }
        func text(_ name: String) -> String? {
            if case .string(let value)? = members.last(where: { $0.key == name })?.value.value { value } else { nil }
        }
        switch key {
        case "languageCode", "defaultContentLanguage", "lang":
            let parts = (text(key) ?? "").split(whereSeparator: { $0 == "-" || $0 == "_" })
            guard (1...2).contains(parts.count), (2...3).contains(parts[0].count), parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isLetter) }),
                  parts.count == 1 || parts[1].count == 2 else { return hint }
            let locale = parts[0].lowercased() + (parts.count == 2 ? "_" + parts[1].uppercased() : "")
            guard localeProblem(locale) == nil else { return hint }
            return hint.prefix(while: { $0 != ";" }) + "; Daybook's is \"locale\": \"\(locale)\" here"
        case "url", "baseurl":
            guard let url = text("url"), url.hasPrefix("http://") || url.hasPrefix("https://") else { return hint }
            let path = (text("baseurl") ?? "").split(separator: "/").joined(separator: "/")
            let whole = (url.hasSuffix("/") ? String(url.dropLast()) : url) + "/" + (path.isEmpty ? "" : path + "/")
            return hint.prefix(while: { $0 != ";" }) + "; Daybook's is \"baseURL\", the whole address: \"\(whole)\" here"
        default:
            return hint
        }
    }

    /// The keys of an entry.
    public static let entryKeys = ["id", "title", "date", "body", "photos", "tags", "mood", "weather", "location",
                                   "draft", "source", "timeZone", "aliases", "journal"]
    /// Keys of Hugo's and Jekyll's front matter that someone moving posts into the diary writes,
    /// each for a key Daybook has under another name (or a value it makes itself), with what that
    /// is; by the key in lower case, as Hugo reads any case. Other keys are the user's own.
    static let entryOtherToolsKeys: [String: String] = [
        "slug": "Hugo's and Jekyll's; Daybook's is \"id\" (the entry's page is entries/<id>/); an old address goes in \"aliases\"",
        "url": "Hugo's; Daybook's is \"id\" (the entry's page is entries/<id>/); an old address goes in \"aliases\"",
        "permalink": "Jekyll's; Daybook's is \"id\" (the entry's page is entries/<id>/); an old address goes in \"aliases\"",
        "redirect_from": "Jekyll's; Daybook's is \"aliases\"",
        "categories": "Hugo's and Jekyll's; Daybook's is \"tags\"",
        "category": "Jekyll's; Daybook's is \"tags\"",
        "summary": "Hugo's; an entry's page is described by its body's opening 160 characters",
        "excerpt": "Jekyll's; an entry's page is described by its body's opening 160 characters",
        "lastmod": "Hugo's; an entry has one \"date\", which its page shows",
        "weight": "Hugo's; entries are in the order of their \"date\" (at one moment, as they are written)",
    ]
    /// The keys of a photo written as an object (`{"src": …, "alt": …, "caption": …}`).
    public static let photoKeys = ["src", "alt", "caption"]

    /// The most tags one entry may have.
    public static let maxTagsPerEntry = 500
    /// The longest tag name, in UTF-8 bytes (85 Han characters, 256 Latin letters).
    public static let maxTagBytes = 256
    /// The longest entry title, in UTF-8 bytes.
    public static let maxTitleBytes = 4_096

    private func loadConfig(_ bytes: [UInt8], errors: inout [SiteError], warnings: inout [SiteError]) -> SiteConfig? {
        let file = displayPath("daybook.json")
        var controls = false
        guard let node = JSONReader.parse(bytes, file: file, expected: "the site's settings as a JSON object", errors: &errors,
                                          controls: &controls) else { return nil }
        var reader = JSONReader(file: file, bytes: bytes, cleansControls: controls)
        defer { errors += reader.errors; warnings += reader.warnings }
        guard let members = reader.members(node, what: "daybook.json") else { return nil }
        reader.checkDuplicateKeys(members, known: SiteLoader.configKeys)
        var config = SiteConfig(title: "")
        var sawTitle = false
        var originalsAt: Int?
        for member in members {
            switch member.key {
            case "title":
                sawTitle = true
                if let title = reader.string(member, allowNull: false) {
                    if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                        reader.fail(member.value.offset, "\"title\" must not be empty")
                    }
                    config.title = title
                }
            case "description": config.description = reader.string(member) ?? ""
            case "baseURL":
                if let text = reader.string(member) {
                    if let base = SiteLoader.normalizedBaseURL(text) {
                        config.baseURL = base
                    } else {
                        reader.fail(member.value.offset, SiteLoader.baseURLReason("\"baseURL\"", text))
                    }
                }
            case "locale":
                if let text = reader.string(member) {
                    if let reason = SiteLoader.localeProblem(text) {
                        reader.fail(member.value.offset, reason)
                    } else {
                        config.locale = text
                    }
                }
            case "timeZone":
                if let text = reader.string(member) {
                    if TimeZone(identifier: text) != nil {
                        config.timeZone = text
                    } else {
                        reader.fail(member.value.offset, SiteLoader.unknownZone(text))
                    }
                }
            case "pageSize": config.pageSize = reader.integer(member, range: 1...10_000) ?? config.pageSize
            case "feedLimit": config.feedLimit = reader.integer(member, range: 0...100_000) ?? config.feedLimit
            case "prettyURLs": config.prettyURLs = reader.bool(member) ?? false
            case "unsafeHTML": config.unsafeHTML = reader.bool(member) ?? false
            case "hideEmptyCards": config.hideEmptyCards = reader.bool(member) ?? false
            case "search": config.search = reader.bool(member) ?? true
            case "params":
                if let problem = SiteConfig.paramsProblem(member.value.value) {
                    reader.fail(member.value.offset, problem)
                } else if case .object(let values) = member.value.value {
                    config.params = values
                }
            case "photoWidths":
                let widths = reader.integers(member, range: 16...8192)
                if case .array(let items) = member.value.value, items.isEmpty {
                    reader.fail(member.value.offset, "\"photoWidths\" must list at least one width")
                } else if !widths.isEmpty {
                    config.photos.widths = Array(Set(widths)).sorted()
                }
            case "photoFormat":
                if let text = reader.string(member) {
                    if let format = PhotoSettings.Format(rawValue: text.lowercased()) {
                        config.photos.format = format
                    } else {
                        reader.fail(member.value.offset, "\"photoFormat\" must be \"webp\", \"jpeg\" or \"avif\", found \"\(text)\"")
                    }
                }
            case "photoQuality": config.photos.quality = reader.integer(member, range: 1...100) ?? config.photos.quality
            case "keepPhotoMetadata": config.photos.keepMetadata = reader.bool(member) ?? false
            case "publishOriginals":
                config.photos.publishOriginals = reader.bool(member) ?? false
                originalsAt = member.keyOffset
            default:
                if let hint = SiteLoader.otherToolsHint(member.key, in: members) {
                    reader.warn(member.keyOffset, "\"\(member.key)\" is \(hint)")
                } else {
                    reader.unknownKey(member, known: SiteLoader.configKeys)
                }
            }
        }
        if !sawTitle { reader.fail(node.offset, "daybook.json is missing \"title\"") }
        if config.photos.publishOriginals, !config.photos.keepMetadata, let originalsAt {
            // The variants are stripped; the originals are the files as they are.
            reader.warn(originalsAt, "\"publishOriginals\" publishes the photos as they are, with their location (GPS) and camera metadata, whatever \"keepPhotoMetadata\" says")
        }
        return config
    }

    /// Top-level folders that the build writes or reads itself; photos are copied to the
    /// same path in the output, so none may live there.
    static let generatedFolders: Set<String> = ["_site", ".daybook-cache", "templates", "diary", "entries", "months", "tags", "todos", "page", "reports", "assets"]
    /// The folders of the output that the build writes pages and files into (the site's own
    /// `diary/` or `templates/` is not one: an old address may be there).
    static let writtenFolders: Set<String> = ["entries", "months", "tags", "todos", "page", "reports", "assets", "search"]

    static func normalizedBaseURL(_ text: String) -> String? {
        // No query or fragment: page paths are put after it (`…/?a=1/feed.xml` would be no URL of the site).
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil,
              !text.contains(where: { $0 == "\"" || $0 == "<" || $0 == ">" || $0 == " " || $0 == "?" || $0 == "#" }) else { return nil }
        guard baseURLFolder(text) == nil, baseURLWithCleanPath(text) == nil else { return nil }
        let base = escapingPath(of: text)
        return base.hasSuffix("/") ? base : base + "/"
    }

    /// `text` with its path's letters outside ASCII percent-encoded (`/일기/` is `/%EC%9D%BC%EA%B8%B0/`),
    /// as the site's own addresses are: the feed's and sitemap's URLs must be URIs, and the 404
    /// page's links must match what a browser asks for. The scheme and host are kept as written.
    static func escapingPath(of text: String) -> String {
        guard let scheme = text.range(of: "://"), let slash = text[scheme.upperBound...].firstIndex(of: "/") else { return text }
        var path = ""
        for scalar in text[slash...].unicodeScalars {
            if scalar.isASCII { path.unicodeScalars.append(scalar); continue }
            for byte in String(scalar).utf8 { path += "%" + String(byte, radix: 16, uppercase: true) }
        }
        return text[..<slash] + path
    }

    /// For a URL of a page (`https://example.org/blog/index.html`), which cannot be the site's
    /// base (`…/index.html/feed.xml` would follow), the folder it is in; else nil.
    static func baseURLFolder(_ text: String) -> String? {
        guard let slash = text.lastIndex(of: "/"), text[..<slash].contains("//"), !text[..<slash].hasSuffix("/") else { return nil }
        let last = text[text.index(after: slash)...].lowercased()
        let pages = [".html", ".htm", ".xhtml", ".php", ".asp", ".aspx", ".xml", ".json"]
        guard pages.contains(where: { last.hasSuffix($0) }) else { return nil }
        return String(text[...slash])
    }

    /// For a URL whose path has an empty segment (`https://x.org//diary/`: the site's links would
    /// be `//diary/…`, another host's) or a dot segment (`/a/../diary/`, `%2E` too), the URL with
    /// them resolved as a browser resolves them, ending in `/` (`https://x.org/diary/`); else nil.
    static func baseURLWithCleanPath(_ text: String) -> String? {
        guard let scheme = text.range(of: "://"), let slash = text[scheme.upperBound...].firstIndex(of: "/") else { return nil }
        let segments = text[text.index(after: slash)...].split(separator: "/", omittingEmptySubsequences: false)
        var kept: [Substring] = []
        var changed = false
        for (index, segment) in segments.enumerated() {
            switch segment.lowercased().replacingOccurrences(of: "%2e", with: ".") {
            // The one empty segment a path may have is its last, after the folder's `/`.
            case "" where index == segments.count - 1: continue
            case "", ".": changed = true
            case "..": changed = true; _ = kept.popLast()
            default: kept.append(segment)
            }
        }
        guard changed else { return nil }
        return String(text[...slash]) + kept.map { $0 + "/" }.joined()
    }

    /// What is wrong with `text` as the site's baseURL, after `name` ("\"baseURL\"", "--base-url"),
    /// naming the URL to write instead when there is one.
    static func baseURLReason(_ name: String, _ text: String) -> String {
        let found = ", found \"\(text)\""
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed != text, !trimmed.isEmpty {
            let place = text.first == " " && text.last == " " ? "start and end" : text.first == " " ? "start" : "end"
            return "\(name) has a space at its \(place); remove it" + use(text) + found
        }
        if text.contains(" ") {
            return "\(name) holds a space; write it as %20" + use(text) + found
        }
        if baseURLFolder(text) != nil {
            return "\(name) names a page, not the site's folder" + use(text) + found
        }
        if baseURLWithCleanPath(text) != nil, case let fixed = use(text), !fixed.isEmpty {
            let path = text.range(of: "://").map { text[$0.upperBound...] } ?? ""
            let segment = path.contains("//") ? "an empty segment (//), which makes the site's links lead to another host"
                : "a dot segment (/./ or /../), which browsers resolve away"
            return "\(name)'s path has \(segment)" + fixed + found
        }
        return "\(name) must be an absolute http or https URL without a query or fragment" + found
    }

    /// `: use "URL"` for `text` made right (no space around it, %20 for one inside, a page's
    /// folder, its path's segments resolved), when that is a baseURL Daybook takes; else nothing.
    private static func use(_ text: String) -> String {
        var fixed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "%20")
        fixed = baseURLFolder(fixed) ?? fixed
        fixed = baseURLWithCleanPath(fixed) ?? fixed
        return normalizedBaseURL(fixed) != nil ? ": use \"\(fixed)\"" : ""
    }

    public static func isKnownLocale(_ identifier: String) -> Bool {
        let canonical = identifier.replacingOccurrences(of: "-", with: "_")
        return knownLocales.contains(canonical)
    }

    /// Why `identifier` cannot be the site's locale; nil when it can. An ICU locale (`en_US`,
    /// `ko-KR`) may have BCP 47 Unicode extensions (`ar-SA-u-nu-latn`: Latin digits; `-fw-mon`:
    /// weeks from Monday), but not a calendar (`-ca-`): Daybook's days and months are Gregorian.
    static func localeProblem(_ identifier: String) -> String? {
        let unknown = "unknown locale \"\(identifier)\"; expected an ICU locale such as \"en_US\" or \"ko_KR\""
        if identifier.contains("@") {
            return unknown + ", with Unicode extensions written as BCP 47 (\"ar-SA-u-nu-latn\", not \"ar_SA@numbers=latn\")"
        }
        let base = LocaleTag.base(identifier)
        guard isKnownLocale(base) else {
            // `de_DE.UTF-8` as $LANG writes it, `EN_us` in another case.
            let parts = identifier.split(separator: ".").first.map(String.init)?.replacingOccurrences(of: "-", with: "_").split(separator: "_") ?? []
            let cased = parts.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : $0.element.count == 4
                ? $0.element.prefix(1).uppercased() + $0.element.dropFirst().lowercased() : $0.element.uppercased() }.joined(separator: "_")
            return unknown + (cased != identifier && isKnownLocale(cased) ? " (did you mean \"\(cased)\"?)" : "")
        }
        let extensions = LocaleTag.unicodeExtensions(identifier)
        guard let extensions else {
            return unknown + "; after the locale, only Unicode extensions (\"-u-nu-latn\") are taken"
        }
        if let calendar = extensions["ca"], calendar != "gregory" {
            return "locale \"\(identifier)\" asks for the \(calendar) calendar; Daybook's days and months are Gregorian: use \"\(base)\""
        }
        return nil
    }

    /// ICU's locales, and each `language_Script_REGION` also as `language_REGION` (`zh_CN` for `zh_Hans_CN`).
    private static let knownLocales: Set<String> = {
        var known = Set(Locale.availableIdentifiers)
        for identifier in known {
            let parts = identifier.split(separator: "_")
            if parts.count == 3, parts[1].count == 4 { known.insert("\(parts[0])_\(parts[2])") }
        }
        return known
    }()

    /// Whether `identifier` names an IANA zone; asked once per distinct name (an imported
    /// journal repeats a few zones over thousands of entries).
    static func isKnownZone(_ identifier: String) -> Bool {
        zoneNames.isKnown(identifier)
    }

    private static let zoneNames = ZoneNames()

    /// The reason for a zone name that is none, with the one probably meant: the same name in
    /// another case (`europe/paris`, `utc`), a city's zone (`Seoul`, `new york`), an abbreviation's
    /// (`KST`) or a near name (`Asia/Seol`).
    public static func unknownZone(_ text: String) -> String {
        let known = ["UTC"] + TimeZone.knownTimeZoneIdentifiers
        let city = { (name: String) in name.lowercased().replacingOccurrences(of: " ", with: "_") }
        let isAbbreviation = (2...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
        let near = known.first { $0.lowercased() == text.lowercased() }
            ?? (isAbbreviation ? TimeZone(abbreviation: text.uppercased())?.identifier : nil)
            ?? known.first { !text.contains("/") && city(($0 as NSString).lastPathComponent) == city(text) }
            ?? NearestName.suggestion(for: text, among: known.filter { $0.contains("/") == text.contains("/") })
        return "unknown time zone \"\(text)\"; expected an IANA name such as \"UTC\" or \"Asia/Seoul\""
            + (near.map { " (did you mean \"\($0)\"?)" } ?? "")
    }

    /// The entries of one file. Those that do not decode (a bad date) are left out, but the ones
    /// that name photos go to `undecoded`, so that their photos are checked in the same run.
    private func loadEntries(file relative: String, _ bytes: [UInt8], errors: inout [SiteError], warnings: inout [SiteError],
                             undecoded: inout [Entry]) -> [Entry] {
        let file = displayPath(relative)
        var controls = false
        guard let node = JSONReader.parse(bytes, file: file, expected: relative.hasPrefix("diary/") ? "an entry or an array of entries" : "a JSON array of entries",
                                          inParallel: true, errors: &errors, controls: &controls) else { return [] }
        let cleansControls = controls
        var reader = JSONReader(file: file, bytes: bytes, cleansControls: controls)
        defer { errors += reader.errors; warnings += reader.warnings }
        var result: [Entry] = []
        switch node.value {
        case .array(let items):
            // Entries decode in parallel chunks, each with a reader of its own, straight into the
            // result (an entry is a large value: copying 10,000 of them afterwards costs ~20 ms).
            // An entry that does not decode leaves a stand-in, removed below with its errors kept.
            let problems = EntryProblems()
            result = chunkedMap(items) { [self] chunk in
                var own = JSONReader(file: file, bytes: bytes, cleansControls: cleansControls)
                return chunk.indices.map { k in
                    let before = own.errorCount, warnedBefore = own.pendingWarnings.count
                    let entry = decodeEntry(chunk[k], reader: &own)
                    if entry == nil || own.errorCount > before || own.pendingWarnings.count > warnedBefore {
                        problems.add(k, failed: entry == nil, errors: Array(own.pendingErrors[before...]),
                                     warnings: Array(own.pendingWarnings[warnedBefore...]))
                    }
                    return entry ?? standIn(chunk[k], file: file, bytes: bytes, origin: own.origin(chunk[k].offset))
                }
            }
            let found = problems.sorted
            if !found.isEmpty {
                errors += reader.located(found.flatMap(\.errors))
                warnings += reader.located(found.flatMap(\.warnings))
                let failed = Set(found.filter(\.failed).map(\.index))
                undecoded += failed.sorted().map { result[$0] }.filter { !$0.photos.isEmpty }
                result = result.indices.filter { !failed.contains($0) }.map { result[$0] }
            }
        case .object where relative.hasPrefix("diary/"):
            if let entry = decodeEntry(node, reader: &reader) {
                result.append(entry)
            } else {
                undecoded.append(standIn(node, file: file, bytes: bytes, origin: reader.origin(node.offset)))
            }
        default:
            reader.fail(node.offset, "expected an array of entries, found \(JSONReader.found(node))")
        }
        BackgroundRelease.drop(consume node)
        return result
    }

    /// What stands for an entry that did not decode: its photos (those whose paths are fine),
    /// for the photo check; its other problems are reported already.
    private func standIn(_ node: JSONNode, file: String, bytes: [UInt8], origin: SourceOrigin) -> Entry {
        var entry = Entry(title: "", date: ISODate(day: CalendarDay(year: 1970, month: 1, day: 1)), origin: origin)
        guard case .object(let members) = node.value, let member = members.last(where: { $0.key == "photos" }) else { return entry }
        var scratch = JSONReader(file: file, bytes: bytes)  // its errors were reported by the entry's reader
        let (photos, nodes) = scratch.photos(member)
        for (photo, node) in zip(photos, nodes) where SiteLoader.photoPathProblem(photo.path) == nil {
            entry.photos.append(photo)
            entry.photoOrigins.append(scratch.origin(node.offset))
        }
        return entry
    }

    private func decodeEntry(_ node: JSONNode, reader: inout JSONReader) -> Entry? {
        guard let members = reader.members(node, what: "an entry") else { return nil }
        var id: String?
        var title: String?
        var date: ISODate?
        var body = "", photos: [EntryPhoto] = [], tags: [String] = []
        var bodyOffset: Int?
        var mood: String?, weather: String?, location: String?
        var draft = false
        var source: String?, timeZone: String?
        var aliases: [String] = [], aliasOrigins: [SourceOrigin] = []
        let errorCount = reader.errorCount
        reader.checkDuplicateKeys(members, known: SiteLoader.entryKeys)
        var photoNodes: [JSONNode] = []
        for member in members {
            switch member.key {
            case "id":
                switch member.value.value {
                case .string(let s) where !s.isEmpty: id = s
                case .number(let text) where JSONReader.isWholeNumber(text): id = text
                case .null: break
                default: reader.fail(member.value.offset, "\"id\" must be a non-empty string or a whole number, found \(JSONReader.found(member.value))")
                }
            case "title":
                title = reader.string(member, allowNull: false)
                if let t = title, t.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                    reader.fail(member.value.offset, "\"title\" must not be empty")
                } else if let t = title, t.utf8.count > SiteLoader.maxTitleBytes {
                    // Every list and tag page repeats it (found by a security audit: a 2 MB title wrote gigabytes).
                    reader.fail(member.value.offset, "\"title\" may be at most \(SiteLoader.maxTitleBytes) bytes long, found \(t.utf8.count): put the rest in the body")
                    title = String(decoding: t.utf8.prefix(SiteLoader.maxTitleBytes), as: UTF8.self)
                }
                title = title.map { reader.closingBidi($0, key: "title", offset: member.value.offset) }
            case "date": date = reader.date(member)
            case "body":
                body = reader.string(member) ?? ""
                bodyOffset = member.value.offset
                if let problem = TableSize.problem(in: body) {
                    reader.fail(member.value.offset, problem)
                    body = ""
                }
            case "photos":
                (photos, photoNodes) = reader.photos(member)
            case "tags":
                // White space around a tag is not part of it: `" nature "` is `nature` (it sorted first and
                // was shown “ nature ”: found by a daily-use audit).
                tags = reader.strings(member).map { tag in
                    // Most tags start and end with an ASCII letter: looked at by their bytes (reading
                    // Unicode's properties of each took 16 M instructions a build of 10,000 entries).
                    guard let first = tag.utf8.first, let last = tag.utf8.last,
                          first <= 0x20 || first >= 0x80 || last <= 0x20 || last >= 0x80 else { return tag }
                    guard tag.unicodeScalars.first?.properties.isWhitespace == true || tag.unicodeScalars.last?.properties.isWhitespace == true else { return tag }
                    return tag.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                // Each tag's page lists its entries with all their tags: the output grows with the
                // square of one entry's tags (100,000 of them would be hundreds of gigabytes).
                if tags.count > SiteLoader.maxTagsPerEntry {
                    reader.fail(member.value.offset, "an entry has at most \(SiteLoader.maxTagsPerEntry) tags, found \(tags.count)")
                    tags = []
                }
                // A tag's name is on every page of its entries and of its own (found by a security
                // audit: 500 tags of 2,000 letters made 529 MB of pages from 1 MB).
                if let long = tags.first(where: { $0.utf8.count > SiteLoader.maxTagBytes }) {
                    reader.fail(member.value.offset, "a tag may be at most \(SiteLoader.maxTagBytes) bytes long, found one of \(long.utf8.count) (\"\(long.prefix(20))…\")")
                    tags = []
                }
                tags = tags.map { reader.closingBidi(SiteLoader.composed($0), key: "tags", offset: member.value.offset) }
            case "mood": mood = reader.string(member).map { reader.closingBidi($0, key: "mood", offset: member.value.offset) }
            case "weather": weather = reader.string(member).map { reader.closingBidi($0, key: "weather", offset: member.value.offset) }
            case "location": location = reader.string(member).map { reader.closingBidi($0, key: "location", offset: member.value.offset) }
            case "draft": draft = reader.bool(member) ?? false
            case "source": source = reader.string(member)
            case "aliases":
                let written = reader.strings(member)
                guard case .array(let items) = member.value.value, items.count == written.count else { break }
                if items.count > AliasPath.maxPerEntry {
                    reader.fail(member.value.offset, "an entry has at most \(AliasPath.maxPerEntry) aliases, found \(items.count)")
                    break
                }
                for (item, text) in zip(items, written) {
                    switch AliasPath.file(for: text) {
                    case .success(let file):
                        if !aliases.contains(file) {
                            aliases.append(file)
                            aliasOrigins.append(reader.origin(item.offset))
                        }
                    case .failure(let problem): reader.fail(item.offset, problem.reason)
                    }
                }
            case "timeZone":
                timeZone = reader.string(member)
                if let zone = timeZone, !SiteLoader.isKnownZone(zone) {
                    reader.fail(member.value.offset, SiteLoader.unknownZone(zone))
                }
            default:
                if let hint = SiteLoader.entryOtherToolsKeys[member.key.lowercased()] {
                    reader.warn(member.keyOffset, "\"\(member.key)\" is \(hint)")
                } else {
                    reader.unknownKey(member, known: SiteLoader.entryKeys)
                }
            }
        }
        if members.first(where: { $0.key == "title" }) == nil { reader.fail(node.offset, "entry is missing \"title\"") }
        if members.first(where: { $0.key == "date" }) == nil { reader.fail(node.offset, "entry is missing \"date\"") }
        for (index, photo) in photos.enumerated() where index < photoNodes.count {
            if let problem = SiteLoader.photoPathProblem(photo.path) {
                reader.fail(photoNodes[index].offset, problem)
            }
        }
        guard reader.errorCount == errorCount, let title, let date else { return nil }
        var entry = Entry(id: id, title: title, date: date, origin: reader.origin(node.offset))
        entry.body = body
        entry.photos = photos
        entry.tags = tags
        entry.mood = mood
        entry.weather = weather
        entry.location = location
        entry.draft = draft
        entry.source = source
        entry.timeZone = timeZone
        entry.aliases = aliases
        entry.aliasOrigins = aliasOrigins
        entry.photoOrigins = photoNodes.prefix(photos.count).map { reader.origin($0.offset) }
        entry.bodyOrigin = bodyOffset.map { reader.origin($0) }
        return entry
    }

    /// Why a photo path may not be used, or nil: it must be relative and stay inside the site.
    static func photoPathProblem(_ path: String) -> String? {
        if path.isEmpty { return "a photo path must not be empty" }
        if path.hasPrefix("/") || path.hasPrefix("~") {
            return "photo \"\(path)\" must be a path relative to the site folder"
        }
        if path.contains("\\") || path.contains(":") {
            // A URL (`https://…`), a Windows path, or a name no page address can carry as written.
            return "photo \"\(path)\" must be a path relative to the site folder, without ':' or '\\'"
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            return "photo \"\(path)\" must stay inside the site folder (no '..', '.' or empty parts)"
        }
        if parts.count < 2 {
            // Variants are published beside the photo: at the top they would mix with the site's pages.
            let example = (path as NSString).pathExtension.isEmpty ? "photos/beach.jpg" : "photos/" + path
            return "photo \"\(path)\" must be a file in a folder of the site (such as \(example)), not at its top"
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            // A line break in a published file's name would also break the output's manifest, one path a line.
            return "photo \"\(path.debugDescription.dropFirst().dropLast())\" must not hold a control character (a line break, a tab): rename the file"
        }
        if SiteLoader.generatedFolders.contains(String(parts[0])) {
            return "photo \"\(path)\" must be in a folder of its own (such as photos/), not in one the build writes or reads (\(SiteLoader.generatedFolders.sorted().joined(separator: ", ")))"
        }
        if parts.contains(where: { $0.hasPrefix(".") }) {
            // Hidden files and folders (.git, .env, .ssh) are never published (found by a security audit).
            return "photo \"\(path)\" must not be hidden or in a hidden folder (a name starting with '.'), which the build never publishes"
        }
        return nil
    }

    /// Checks that every referenced photo is a regular file whose real path is inside the site.
    private func checkPhotos(_ entries: [Entry], errors: inout [SiteError]) -> [String] {
        let siteReal = realRoot
        var checked: [String: Bool] = [:]
        var problems: [(origin: SourceOrigin, reason: String)] = []
        for i in entries.indices where !entries[i].photos.isEmpty {
            let entry = entries[i]
            for (index, photo) in entry.photos.lazy.map(\.path).enumerated() {
                let ok: Bool
                if let known = checked[photo] {
                    ok = known
                } else {
                    let real = URL(fileURLWithPath: url(photo)).resolvingSymlinksInPath().path
                    let exists = SiteLoader.isRegularFile(real)
                    let inside = real.hasPrefix(siteReal + "/")
                    ok = exists && inside
                    checked[photo] = ok
                }
                if !ok, index < entry.photoOrigins.count {
                    let exists = FileManager.default.fileExists(atPath: url(photo))
                    problems.append((entry.photoOrigins[index], exists
                        ? "photo \"\(photo)\" leads outside the site folder or is not a file"
                        : "photo \"\(photo)\" not found in the site folder" + NearFileName.note(for: photo, in: root)))
                }
            }
        }
        // Located together: one pass over each file, not one a missing photo.
        for (problem, at) in zip(problems, SourceOrigin.positions(of: problems.map(\.origin))) {
            errors.append(SiteError(file: problem.origin.file, line: at.line, column: at.column, reason: problem.reason))
        }
        return checked.filter { $0.value }.keys.sorted()
    }
}

/// Why a site could not be loaded: the folder or its config is missing, or the data has errors.
public enum SiteLoadFailure: Error, Sendable {
    case missingInput(String)
    case invalid(SiteErrors)
}

/// Entries of one file that did not decode cleanly, noted from the decoding threads.
private final class EntryProblems: @unchecked Sendable {
    struct Problem {
        /// The entry's place in its file's array.
        var index: Int
        /// Whether no entry came of it (else it decoded, with errors or warnings).
        var failed: Bool
        var errors: [JSONReader.PendingMessage]
        var warnings: [JSONReader.PendingMessage]
    }

    private let lock = NSLock()
    private var problems: [Problem] = []

    func add(_ index: Int, failed: Bool, errors: [JSONReader.PendingMessage], warnings: [JSONReader.PendingMessage]) {
        lock.withLock { problems.append(Problem(index: index, failed: failed, errors: errors, warnings: warnings)) }
    }

    /// In the file's order.
    var sorted: [Problem] {
        lock.withLock { problems.sorted { $0.index < $1.index } }
    }
}

/// Which zone names are known, each looked up once, from any thread.
private final class ZoneNames: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: Bool] = [:]

    func isKnown(_ identifier: String) -> Bool {
        lock.withLock {
            if let answer = known[identifier] { return answer }
            let answer = TimeZone(identifier: identifier) != nil
            known[identifier] = answer
            return answer
        }
    }
}

/// A flag any thread may raise.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func set() { lock.withLock { raised = true } }
    var isSet: Bool { lock.withLock { raised } }
}
