import Foundation

/// A site's `diary.json`, as `daybook add` changes it: entries are appended, nothing else moves.
///
/// A change takes the file's lock (``LockedFile``: `.diary.json.lock` beside it), re-reads
/// the file, appends the entry to its JSON tree (so every other entry keeps its keys, their
/// order, unknown keys and the digits of its numbers), and replaces the file atomically
/// before unlocking — the same cycle as ``TodoStore``. A missing `diary.json` is created;
/// `diary/*.json` files are never written here (importers own theirs, and the loader reads
/// `diary.json` beside them).
///
/// Methods throw ``SiteErrors`` when `diary.json` cannot be read as an array (it is then left
/// untouched) and ``DiaryStoreError`` for anything else. Nothing is written when they throw.
public struct DiaryStore: Sendable {
    /// The site folder as the user named it.
    public let site: String

    public init(site: String) {
        self.site = site
    }

    /// Called once when another process holds `diary.json`'s lock, before ``add(_:)`` waits for
    /// it: for the command to say why it waits.
    public var whenLockHeld: (@Sendable () -> Void)?

    /// `diary.json` as the user would type it (`site/diary.json`); also its path on disk.
    public var file: String { storage.path }

    /// The lock's file (`site/.diary.json.lock`), to name while waiting for it.
    public var lockFile: String { storage.lockPath }

    private var storage: LockedFile { LockedFile(folder: site, name: "diary.json") }

    /// A photo that ``add(_:)`` copied into the site.
    public struct CopiedPhoto: Sendable, Equatable {
        /// The file as the user named it.
        public var source: String
        /// Where the copy is, relative to the site folder (`photos/IMG_1-2.jpg`).
        public var path: String
        /// True when `photos/` held the same bytes under that name already (added before), so
        /// nothing was copied.
        public var wasThere: Bool = false
    }

    /// What ``add(_:)`` wrote.
    public struct Added: Sendable, Equatable {
        /// The entry's object, as appended to the file.
        public var entry: JSONValue
        /// The photos copied into `photos/`, in the order given.
        public var copied: [CopiedPhoto]
        /// Whether `diary.json` was made for it (there was none).
        public var created: Bool
    }

    /// Checks the entry, copies its photos from outside `photos/` into it (never over a file:
    /// a clash gets `-2`, `-3` … before the extension, unless the file there has the same bytes),
    /// and appends the entry to `diary.json`. A photo named twice is added once.
    public func add(_ new: NewEntry) throws -> Added {
        try Self.check(new)
        var new = new
        var seen: Set<String> = []
        new.photos = new.photos.filter { seen.insert(RealPath.of($0) ?? $0).inserted }
        if let problem = SiteFolder.problem(site) { throw DiaryStoreError.noSite(site, problem) }
        let plans = try new.photos.map(plan)
        do {
            return try storage.withLock(whenHeld: whenLockHeld) {
                let existing = try load()
                // Before any photo is copied: a rename would replace a read-only file in silence.
                if let mode = storage.readOnlyMode() { throw DiaryStoreError.readOnly(file, mode: mode) }
                var items = existing ?? []
                var copied: [CopiedPhoto] = []
                do {
                    var paths: [String] = []
                    for (source, plan) in zip(new.photos, plans) {
                        if let path = plan {
                            paths.append(path)
                        } else {
                            let photo = try copyIntoPhotos(source)
                            copied.append(photo)
                            paths.append(photo.path)
                        }
                    }
                    // Two files of the same bytes are one photo of the site.
                    var kept: Set<String> = []
                    let entry = Self.object(new, photos: paths.filter { kept.insert($0).inserted })
                    items.append(JSONNode(value: entry))
                    try storage.replace(with: JSONWriter.write(.array(items)))
                    return Added(entry: entry, copied: copied, created: existing == nil)
                } catch {
                    for photo in copied where !photo.wasThere { unlink(SiteLoader(root: site).displayPath(photo.path)) }
                    throw error
                }
            }
        } catch let error as FileAccessError {
            throw DiaryStoreError.io(error.message)
        }
    }

    /// The id a new entry needs so that no entry's URL moves: when an entry of the site has the new
    /// one's day and title (`2026-12-05-hello-daybook`), the build would number the two by their
    /// time, and a new entry dated earlier in the day would take the other's URL (found by a
    /// newcomer's audit); and when that one has an id (an imported entry), a later import of one
    /// more of that day and title would take the new one's `-2` (found by a jrnl user's audit).
    /// The id is then the first `-2`, `-3` … that no entry of `source` (drafts and later ones
    /// included) has; nil when the new entry's URL is its own.
    public static func idKeepingURLs(for new: NewEntry, in source: SiteSource) -> String? {
        guard case .success(let date) = ISODate.parse(new.date) else { return nil }
        let base = Slug.entry(day: date.day, title: new.title)
        // An entry of that day and title whose page has that name: by default, or by an id of it (an imported entry's).
        guard source.entries.contains(where: { ($0.id.map(Slug.id) ?? Slug.entry(day: $0.date.day, title: $0.title)) == base }) else { return nil }
        let formats = DateFormats(locale: source.config.locale, timeZone: source.config.timeZone)
        guard let diary = try? Diary(source: source, formats: formats, now: formats.moment(date), includeDrafts: true, includeFuture: true) else { return nil }
        let taken = Set(diary.entries.map(\.slug))
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }

    /// Throws ``DiaryStoreError/photoNotFound(_:)`` or ``DiaryStoreError/photoNotAFile(_:)``
    /// for the first photo that ``add(_:)`` would refuse (to ask before anything else is done).
    public func checkPhotos(_ photos: [String]) throws {
        for photo in photos { _ = try plan(photo) }
    }

    /// Throws the first problem of the entry's own values (title, date, tags, cards); the
    /// photos are checked by ``add(_:)``.
    public static func check(_ new: NewEntry) throws(DiaryStoreError) {
        if new.title.unicodeScalars.allSatisfy(\.properties.isWhitespace) { throw .emptyTitle }
        if case .failure(let error) = ISODate.parse(new.date) { throw .invalidDate(new.date, reason: error.reason) }
        func isBlank(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
        if new.tags.contains(where: isBlank) { throw .emptyField("tags") }
        if let zone = new.timeZone, !SiteLoader.isKnownZone(zone) { throw .unknownZone(zone) }
        // The loader's limit, checked before the entry is written (found by a daily-use audit: the next build failed on it).
        if new.tags.count > SiteLoader.maxTagsPerEntry { throw .tooManyTags(new.tags.count) }
        if new.title.utf8.count > SiteLoader.maxTitleBytes { throw .tooLong("title", new.title.utf8.count, SiteLoader.maxTitleBytes) }
        if let tag = new.tags.first(where: { $0.utf8.count > SiteLoader.maxTagBytes }) { throw .tooLong("tag", tag.utf8.count, SiteLoader.maxTagBytes) }
        for (key, value) in [("mood", new.mood), ("weather", new.weather), ("location", new.location)] where value.map(isBlank) == true {
            throw .emptyField(key)
        }
        // One-line values: a line break would make two lines of a list (and a terminal escape would run).
        for (key, value) in [("title", new.title), ("mood", new.mood ?? ""), ("weather", new.weather ?? ""), ("location", new.location ?? "")]
            + new.tags.map({ ("tag", $0) }) {
            if let scalar = DiaryStoreError.controlCharacter(in: value) { throw .controlCharacter(key, scalar) }
        }
    }

    /// The wall-clock time in `timeZone` of the instant `date` names, with the zone's offset
    /// then (`2026-12-01T09:30:00+09:00`); nil when the zone is unknown or `date` has no time
    /// and offset.
    public static func localDate(_ date: ISODate, timeZone: String) -> ISODate? {
        guard let zone = TimeZone(identifier: timeZone), let second = date.secondOfDay, let offset = date.utcOffset else { return nil }
        let instant = Int64(date.day.daysSinceEpoch) * 86_400 + Int64(second - offset)
        let local = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
        var result = ISODate(epochSeconds: instant + Int64(local))
        result.nanoseconds = date.nanoseconds
        result.utcOffset = local
        return result
    }

    // MARK: The file

    /// The file's entries as nodes; nil when the file is missing.
    private func load() throws -> [JSONNode]? {
        guard let bytes = try storage.read() else { return nil }
        var errors: [SiteError] = []
        guard let node = JSONReader.parse(bytes, file: file, expected: "a JSON array of entries", errors: &errors) else {
            throw SiteErrors(errors)
        }
        guard case .array(let items) = node.value else {
            var reader = JSONReader(file: file, bytes: bytes)
            reader.fail(node.offset, "expected an array of entries, found \(JSONReader.found(node))")
            throw SiteErrors(reader.errors)
        }
        return items
    }

    /// The entry's members in the order hand-written entries use: title, date, body, tags,
    /// mood, weather, location, timeZone, photos; empty and absent values are left out, repeated tags once.
    static func object(_ new: NewEntry, photos: [String]) -> JSONValue {
        func string(_ text: String) -> JSONNode { JSONNode(value: .string(text)) }
        var members = [JSONMember(key: "title", value: string(new.title)), JSONMember(key: "date", value: string(new.date))]
        if let id = new.id { members.insert(JSONMember(key: "id", value: string(id)), at: 0) }
        if !new.body.isEmpty { members.append(JSONMember(key: "body", value: string(new.body))) }
        var seen: Set<String> = []
        let tags = new.tags.filter { seen.insert($0).inserted }
        if !tags.isEmpty { members.append(JSONMember(key: "tags", value: JSONNode(value: .array(tags.map(string))))) }
        for (key, value) in [("mood", new.mood), ("weather", new.weather), ("location", new.location)] {
            if let value { members.append(JSONMember(key: key, value: string(value))) }
        }
        if let zone = new.timeZone { members.append(JSONMember(key: "timeZone", value: string(zone))) }
        if !photos.isEmpty { members.append(JSONMember(key: "photos", value: JSONNode(value: .array(photos.map(string))))) }
        if new.draft { members.append(JSONMember(key: "draft", value: JSONNode(value: .bool(true)))) }
        return .object(members)
    }

    // MARK: Photos

    /// The photo's path in the site when it already lies inside `photos/` (its real path, so a
    /// link that leads out is copied instead), nil when it must be copied; throws when the file
    /// is missing or not a regular file.
    private func plan(_ source: String) throws -> String? {
        var info = stat()
        guard stat(source, &info) == 0 else { throw DiaryStoreError.photoNotFound(source) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw DiaryStoreError.photoNotAFile(source) }
        // Read whole, as the build reads it: a file no build could show is refused before anything is written.
        if case .failure(let problem) = PhotoProbe.checkedSize(ofFile: source) { throw DiaryStoreError.photoNotAnImage(source, reason: problem.reason) }
        guard let real = RealPath.of(source), let siteReal = RealPath.of(site) else { return nil }
        // A photos/ that links out (to ~/Pictures): the photo copied there, or used where it is, would
        // still be outside, and the next build would fail on the entry (found by a daily-use audit).
        if let folder = RealPath.of(SiteLoader(root: site).displayPath("photos")), !folder.hasPrefix((siteReal == "/" ? "" : siteReal) + "/") {
            throw DiaryStoreError.photosFolderOutside(folder)
        }
        let photos = (siteReal == "/" ? "" : siteReal) + "/photos/"
        guard real.hasPrefix(photos) else { return nil }
        let relative = "photos/" + real.dropFirst(photos.count)
        return SiteLoader.photoPathProblem(relative) == nil ? relative : nil
    }

    /// Copies a file into `photos/` under its own name, or the first free `name-N.ext`, unless
    /// one of those names holds the same bytes already. An existing file is never opened for writing.
    private func copyIntoPhotos(_ source: String) throws -> CopiedPhoto {
        let folder = SiteLoader(root: site).displayPath("photos")
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw DiaryStoreError.io("cannot make \(folder): \(LockedFile.lastError())")
        }
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw DiaryStoreError.io("cannot read \(source): \(LockedFile.lastError())") }
        defer { close(input) }
        let (stem, suffix) = Self.split(Self.fileName(source))
        // The bytes compared are the file's, not a link's (FileManager compares a link as a link).
        let sourceFile = RealPath.of(source) ?? source
        for n in 1...10_000 {
            let name = n == 1 ? stem + suffix : "\(stem)-\(n)\(suffix)"
            let target = folder + "/" + name
            let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if output < 0 {
                if errno == EEXIST {
                    // A link there (the photo itself, leading out of the site) is no file of the site to use.
                    var info = stat()
                    if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                       FileManager.default.contentsEqual(atPath: sourceFile, andPath: target) {
                        return CopiedPhoto(source: source, path: "photos/" + name, wasThere: true)
                    }
                    continue
                }
                throw DiaryStoreError.io("cannot write \(target): \(LockedFile.lastError())")
            }
            var failure = Self.copy(input, to: output)
            if failure == nil, fsync(output) != 0 { failure = LockedFile.lastError() }
            if close(output) != 0, failure == nil { failure = LockedFile.lastError() }
            if let failure {
                unlink(target)
                throw DiaryStoreError.io("cannot copy \(source) to \(target): \(failure)")
            }
            LockedFile.syncFolder(folder)
            return CopiedPhoto(source: source, path: "photos/" + name)
        }
        throw DiaryStoreError.io("no free name for \(stem)\(suffix) in \(folder)")
    }

    /// Copies the rest of `input` to `output`; the reason on failure.
    private static func copy(_ input: Int32, to output: Int32) -> String? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { return nil }
            if n < 0 {
                if errno == EINTR { continue }
                return LockedFile.lastError()
            }
            if let failure = chunk.withUnsafeBytes({ LockedFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<n]), to: output) }) {
                return failure
            }
        }
    }

    /// The last part of a path, made a safe photo name: no leading dots, and `-` for `\`,
    /// `:` and control characters (which the loader refuses in photo paths).
    static func fileName(_ path: String) -> String {
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        let cleaned = String(last.drop(while: { $0 == "." }).map { c -> Character in
            c == "\\" || c == ":" || c.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) ? "-" : c
        })
        return cleaned.isEmpty ? "photo" : cleaned
    }

    /// `IMG_1.jpg` → (`IMG_1`, `.jpg`); a name without a dot has no suffix.
    static func split(_ name: String) -> (stem: String, suffix: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}

/// Why ``DiaryStore`` refused an entry, when it is not an error in `diary.json`'s data.
public enum DiaryStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The title is empty or only white space.
    case emptyTitle
    /// The date is not ISO 8601.
    case invalidDate(String, reason: String)
    /// An empty tag (`tags`) or an empty mood, weather or location (the key).
    case emptyField(String)
    /// A one-line value (the title, a tag, mood, weather, location) holds a line break or another
    /// control character: the key and the character.
    case controlCharacter(String, Unicode.Scalar)
    /// The path given as the site, and why it is not one (SiteFolder's problem).
    case noSite(String, String)
    /// A photo file that does not exist.
    case photoNotFound(String)
    /// A photo path that names a folder or another kind of non-file.
    case photoNotAFile(String)
    /// The file is no image the build can read (a text file, a truncated JPEG, too many pixels).
    case photoNotAnImage(String, reason: String)
    /// A file or folder could not be read, locked or written.
    case io(String)
    /// More tags than an entry may have.
    case tooManyTags(Int)
    /// The site's `photos/` is a link to a folder outside the site (its real path), which no build takes photos from.
    case photosFolderOutside(String)
    /// The zone given (`--time-zone`) is no IANA zone.
    case unknownZone(String)
    /// `diary.json` (as the user names it) exists and is read-only (``LockedFile/readOnlyMode()``): its mode.
    case readOnly(String, mode: mode_t)
    /// The title or a tag (the key) is longer than the loader takes: its length and the most, in bytes.
    case tooLong(String, Int, Int)

    /// `a line break`, `a tab`, `U+001B`.
    public static func named(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": return "a line break"
        case "\t": return "a tab"
        default: return "a control character (U+" + String(format: "%04X", scalar.value) + ")"
        }
    }

    /// The first line break or control character of a one-line value, nil when it has none.
    public static func controlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    public var description: String {
        switch self {
        case .emptyTitle: return "the title must not be empty"
        case .invalidDate(let text, let reason):
            return "the date must be ISO 8601, like 2021-11-13 or 2021-11-13T09:30:00+09:00 (\(reason)), found '\(text)'"
        case .emptyField("tags"): return "a tag must not be empty"
        case .emptyField(let key): return "the \(key) must not be empty"
        case .controlCharacter(let key, let scalar): return "the \(key) must be one line of text, found \(DiaryStoreError.named(scalar))"
        case .noSite(let site, let problem): return "\(site): \(problem)"
        case .photoNotFound(let path): return "photo '\(path)' not found"
        case .photoNotAFile(let path): return "photo '\(path)' is not a file"
        case .photoNotAnImage(let path, let reason): return "photo '\(path)' \(reason)"
        case .io(let message): return message
        case .readOnly(let file, let mode): return LockedFile.readOnlyMessage(file, mode: mode, nothingWas: "added")
        case .tooManyTags(let count): return "an entry has at most \(SiteLoader.maxTagsPerEntry) tags, found \(count)"
        case .photosFolderOutside(let real):
            return "photos/ leads outside the site folder (to \(real)), and a build takes no photo from outside it: make photos/ a folder of the site"
        case .unknownZone(let text): return SiteLoader.unknownZone(text)
        case .tooLong(let key, let count, let most): return "the \(key) may be at most \(most) bytes long, found \(count)"
        }
    }
}
