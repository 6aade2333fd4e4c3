import Foundation

/// The write stage: puts finished bytes at paths inside the output folder. A file whose
/// bytes are unchanged is left alone (its mtime stays); a changed one is written to a
/// temporary file beside it and renamed over the old, either at once (``write(_:to:)``)
/// or, for a whole build, only once every page is rendered (``stage(_:to:)`` then
/// ``commit(_:)``, or ``discard(_:)`` on failure). Safe to call from many threads for distinct paths.
public struct OutputWriter: Sendable {
    public let root: String
    /// Whether the output holds no earlier build, so that a file's folder is most likely missing:
    /// ``stage(_:to:madeFolders:)`` then makes the folder first, rather than after an open fails.
    public var expectsNewFolders = false
    /// An open descriptor of `root`, when the caller holds one: ``stage(_:to:madeFolders:)`` then
    /// resolves paths from it (`openat`, `mkdirat`), and the kernel no longer walks the root's
    /// own path for each of thousands of files. The caller closes it.
    public var rootDescriptor: Int32?

    public init(root: String) {
        self.root = root
    }

    /// What happened to one file.
    public enum Outcome: Sendable {
        /// Changed bytes went to a temporary file beside the target (``stage(_:to:)``), or were
        /// moved into place (``write(_:to:)``).
        case written
        /// The file did not exist; it was written in place (``stage(_:to:)`` only; undo with ``remove(_:)``).
        case created
        case unchanged
    }

    /// Makes the output folder and every folder the given files need; returns the folders
    /// it created (full paths, parents first), for ``removeFolders(_:)`` after a failure.
    @discardableResult
    public func prepareFolders(for paths: [String]) throws(WriteError) -> [String] {
        var created: [String] = []
        do throws(WriteError) {
            // The output folder, and the folders above it that are missing (`--output public/diary`).
            var missing: [String] = []
            var folder = Substring(root)
            while !folder.isEmpty, folder != "/", access(String(folder), F_OK) != 0, errno == ENOENT {
                missing.append(String(folder))
                folder = folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)]
            }
            for folder in missing.dropFirst().reversed() { try makeFolder(folder, made: &created) }
            try makeFolder(root, made: &created)
            var seen: Set<Substring> = []
            for path in paths {
                guard let slash = path.lastIndex(of: "/"), seen.insert(path[..<slash]).inserted else { continue }
                let folder = root + "/" + path[..<slash]
                let made = created.count
                try makeFolder(folder, made: &created)
                // A file of the user's by the folder's name is found here, before any page moves into place.
                var info = stat()
                if created.count == made, stat(folder, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                    throw WriteError(path: folder, reason: "is a file of yours where the build writes a folder", joiner: " ")
                }
            }
        } catch {
            removeFolders(created)
            throw error
        }
        return created
    }

    /// Removes folders that ``prepareFolders(for:)`` or ``stage(_:to:madeFolders:)`` made, deepest
    /// first, where they are empty.
    public func removeFolders(_ created: [String]) {
        for folder in created.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(folder) }
    }

    /// Writes `bytes` to `path` (relative to the root) unless the file already holds them.
    public func write(_ bytes: [UInt8], to path: String) throws(WriteError) -> Outcome {
        var made: [String] = []
        switch try stage(bytes, to: path, madeFolders: &made) {
        case .written:
            try commit([path])
            return .written
        case .created: return .written
        case .unchanged: return .unchanged
        }
    }

    /// Puts `bytes` for `path` in a temporary file beside it unless the file already holds them
    /// (`.written`: staged for ``commit(_:)``). A file that does not exist yet is written in place
    /// (`.created`: ``remove(_:)`` undoes it), and the folders it needs that are missing are made
    /// and added to `madeFolders` (full paths, for ``removeFolders(_:)``). Nothing that was in the
    /// output changes until ``commit(_:)``.
    public func stage(_ bytes: [UInt8], to path: String, madeFolders: inout [String]) throws(WriteError) -> Outcome {
        let full = root + "/" + path
        // From the root's descriptor when there is one, else from the full path.
        let (directory, local) = rootDescriptor.map { ($0, path) } ?? (AT_FDCWD, full)
        let folder = local.lastIndex(of: "/").map { String(local[..<$0]) }
        if expectsNewFolders, let folder {
            try makeFolder(folder, in: directory, made: &madeFolders)
        }
        // A new file first (the usual case of a fresh output): one system call to find out.
        var fd = openat(directory, local, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 && errno == ENOENT, let folder {
            try makeFolder(folder, in: directory, made: &madeFolders)
            fd = openat(directory, local, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        if fd >= 0 {
            try finish(fd, bytes, written: full, removing: full)
            return .created
        }
        let existing = open(full, O_RDONLY | O_CLOEXEC)
        if existing >= 0 {
            defer { close(existing) }
            if matches(existing, bytes) { return .unchanged }
        }
        let temporary = full + OutputWriter.stagingSuffix
        let staging = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard staging >= 0 else { throw writeFailure(at: full) }
        try finish(staging, bytes, written: full, removing: temporary)
        return .written
    }

    /// Makes the folder at `path` and its missing parents inside the root (another thread may make
    /// one first); appends the full path of each folder it made to `made`, parents first. `path`
    /// is relative to `directory`: the root's descriptor, or `AT_FDCWD` for a full path.
    private func makeFolder(_ path: String, in directory: Int32 = AT_FDCWD, made: inout [String]) throws(WriteError) {
        let full = directory == AT_FDCWD ? path : root + "/" + path
        if mkdirat(directory, path, 0o755) == 0 {
            made.append(full)
            return
        }
        if errno == EEXIST { return }
        guard errno == ENOENT, full.utf8.count > root.utf8.count, let slash = path.lastIndex(of: "/") else {
            throw writeFailure(at: full)
        }
        try makeFolder(String(path[..<slash]), in: directory, made: &made)
        if mkdirat(directory, path, 0o755) == 0 {
            made.append(full)
        } else if errno != EEXIST {
            throw writeFailure(at: full)
        }
    }

    /// The error of a write to `full` that failed with `errno`: for ENOTDIR, the file that stands
    /// where the build makes a folder (`pf/entries is a file of yours where the build writes a
    /// folder`), as the system's words name neither; else the system's words.
    private func writeFailure(at full: String) -> WriteError {
        let code = errno
        if code == ENOTDIR, let file = fileOnTheWay(to: full) {
            return WriteError(path: file, reason: "is a file of yours where the build writes a folder", joiner: " ")
        }
        return WriteError(path: full, reason: String(cString: strerror(code)))
    }

    /// The first of `full`'s folders below the root that is not a folder (a link to one is), or nil.
    func fileOnTheWay(to full: String) -> String? {
        guard full.hasPrefix(root + "/") else { return nil }
        var folder = root
        for part in full.dropFirst(root.utf8.count + 1).split(separator: "/").dropLast() {
            folder += "/" + part
            var info = stat()
            guard stat(folder, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) != S_IFDIR { return folder }
        }
        return nil
    }

    /// Writes all of `bytes` to `fd` and closes it; on failure removes the file and throws for `full`.
    private func finish(_ fd: Int32, _ bytes: [UInt8], written full: String, removing file: String) throws(WriteError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(file)
            throw WriteError(path: full, reason: String(cString: strerror(failure)))
        }
    }

    /// Deletes files that ``stage(_:to:)`` created.
    public func remove(_ paths: [String]) {
        for path in paths { unlink(root + "/" + path) }
    }

    /// Moves staged files into place, in the order given.
    public func commit(_ paths: [String]) throws(WriteError) {
        for path in paths {
            let full = root + "/" + path
            if rename(full + OutputWriter.stagingSuffix, full) != 0 {
                throw writeFailure(at: full)
            }
        }
    }

    /// Deletes staged files; their targets stay as they were.
    public func discard(_ paths: [String]) {
        for path in paths { unlink(root + "/" + path + OutputWriter.stagingSuffix) }
    }

    /// Appended to a path for its staged bytes.
    static let stagingSuffix = ".daybook-tmp"

    /// In the output while a build stages and moves its files: found there, it says that a build
    /// was killed or failed part way (``markUnfinished()``).
    public static let unfinishedMarkerName = ".daybook-unfinished"

    /// Whether a build began writing here and did not finish.
    public var hasUnfinishedBuild: Bool { access(root + "/" + OutputWriter.unfinishedMarkerName, F_OK) == 0 }

    /// Leaves the marker that ``markFinished()`` removes.
    public func markUnfinished() throws(WriteError) {
        let path = root + "/" + OutputWriter.unfinishedMarkerName
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        close(fd)
    }

    public func markFinished() {
        unlink(root + "/" + OutputWriter.unfinishedMarkerName)
    }

    /// Whether something other than `bytes` is at `path` (relative to the root): a file that
    /// ``write(_:to:)`` would write over. For the few files not in the last build's manifest;
    /// `bytes` are made only when a file is there.
    public func holdsOther(than bytes: @autoclosure () -> [UInt8], at path: String) -> Bool {
        // Not blocking on a named pipe: it is not a file the build wrote, whatever it holds.
        let fd = open(root + "/" + path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return errno != ENOENT }
        defer { close(fd) }
        return !matches(fd, bytes())
    }

    /// Copies the file at `source` (a full path; a link there is not followed) to `path` (relative
    /// to the root) unless the file there holds its bytes already, in parts, so that a large file
    /// is never in memory whole. Changed bytes go to a temporary file beside the target, renamed over it.
    public func copy(from source: String, to path: String) throws(WriteError) -> Outcome {
        let full = root + "/" + path
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard input >= 0 else { throw WriteError(path: full, reason: "its source \(source) cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw WriteError(path: full, reason: "its source \(source) is not a file")
        }
        if holdsTheBytes(of: input, at: path) { return .unchanged }
        let temporary = full + OutputWriter.stagingSuffix
        let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw writeFailure(at: full) }
        var buffer = [UInt8](repeating: 0, count: OutputWriter.copyPart)
        var offset: off_t = 0
        var failure: String?
        copying: while failure == nil {
            let n = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress, $0.count, offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { failure = "its source \(source) cannot be read: \(String(cString: strerror(errno)))" }
            if n <= 0 { break }
            var done = 0
            while done < n {
                let m = buffer.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + done, n - done) }
                if m < 0 && errno == EINTR { continue }
                if m < 0 {
                    failure = String(cString: strerror(errno))
                    break copying
                }
                done += m
            }
            offset += off_t(n)
        }
        if close(output) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil && rename(temporary, full) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: full, reason: failure)
        }
        return .written
    }

    /// Whether something other than the file at `source` (a full path) is at `path`: a file that
    /// ``copy(from:to:)`` would write over. Compared in parts.
    public func holdsOther(thanFile source: String, at path: String) -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard input >= 0 else { return access(root + "/" + path, F_OK) == 0 }
        defer { close(input) }
        return access(root + "/" + path, F_OK) == 0 && !holdsTheBytes(of: input, at: path)
    }

    /// Whether the regular file at `path` holds what the open file `source` holds, read in parts from both.
    private func holdsTheBytes(of source: Int32, at path: String) -> Bool {
        let fd = open(root + "/" + path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var mine = stat(), theirs = stat()
        guard fstat(fd, &mine) == 0, fstat(source, &theirs) == 0, (mine.st_mode & S_IFMT) == S_IFREG,
              mine.st_size == theirs.st_size else { return false }
        let size = Int(mine.st_size)
        var a = [UInt8](repeating: 0, count: min(size, OutputWriter.copyPart))
        var b = a
        var offset = 0
        while offset < size {
            let count = min(a.count, size - offset)
            func readAll(_ file: Int32, into bytes: inout [UInt8]) -> Bool {
                var got = 0
                while got < count {
                    let n = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress! + got, count - got, off_t(offset + got)) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return false }
                    got += n
                }
                return true
            }
            guard readAll(fd, into: &a), readAll(source, into: &b),
                  memcmp(a, b, count) == 0 else { return false }
            offset += count
        }
        return true
    }

    /// The size of the parts ``copy(from:to:)`` reads and writes.
    static let copyPart = 1 << 20

    /// Whether the open file `fd` holds exactly `bytes`.
    private func matches(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        // Read into memory not zeroed first (a rebuild compares every page it makes): one byte
        // more than expected, to see a file that grew.
        let room = bytes.count + 1
        let existing = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 16)
        defer { existing.deallocate() }
        var total = 0
        while total < room {
            let n = read(fd, existing + total, room - total)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            if n == 0 { break }
            total += n
        }
        guard total == bytes.count else { return false }
        return bytes.withUnsafeBytes { memcmp(existing, $0.baseAddress!, bytes.count) == 0 }
    }

    /// Removes files that an earlier build wrote (as its manifest lists) and this one did not,
    /// then folders left empty by that. Files the build never wrote are never touched, nor any
    /// behind a symbolic link in the output (``isBehindLink(_:seen:)``): those are added to `left`.
    /// A file the system does not let go (a folder made read-only) is added to `kept`, with why.
    public func removeStale(previous: [String], current: Set<String>, leftBehindLinks left: inout [String],
                            kept: inout [(path: String, reason: String)]) -> Int {
        var removed = 0
        var folders: Set<String> = []
        var seen: [Substring: Bool] = [:]
        var currentFolders: Set<Substring>?
        for path in previous where !current.contains(path) && OutputWriter.isSafeRelative(path) {
            if isBehindLink(Substring(path), seen: &seen) {
                left.append(path)
                continue
            }
            if unlink(root + "/" + path) == 0 {
                removed += 1
            } else if errno != ENOENT, case let reason = String(cString: strerror(errno)), !isThisBuilds(path, current: current, folders: &currentFolders) {
                kept.append((path, reason))
            }
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) where !isBehindLink(Substring(folder), seen: &seen) {
            rmdir(root + "/" + folder)
        }
        return removed
    }

    /// Whether an old file's `path` that could not be removed is now this build's: a folder of
    /// its files, or under one of them. The old file was moved aside and removed then, as
    /// ``setAside(previous:current:)`` does (found by a rebuild audit: `notes` turned from a file
    /// into a folder was called "not removed (Is a directory): notes; remove it by hand").
    private func isThisBuilds(_ path: String, current: Set<String>, folders: inout Set<Substring>?) -> Bool {
        if folders == nil { folders = OutputWriter.folders(of: Array(current)) }
        if folders!.contains(Substring(path)) { return true }
        var rest = Substring(path)
        while let slash = rest.lastIndex(of: "/") {
            rest = rest[..<slash]
            if current.contains(String(rest)) { return true }
        }
        return false
    }

    /// Whether a folder on the way from the root to `path` (relative to it) is a symbolic link,
    /// as `photos` in `photos/ab/red.jpg` after `ln -s ../photos _site/photos`: removing or moving
    /// the file would reach into what the link leads to. One `lstat` for each folder not in `seen`,
    /// which keeps the answers for the next paths; for the few files a build removes, never for those it writes.
    func isBehindLink(_ path: Substring, seen: inout [Substring: Bool]) -> Bool {
        var rest = path
        while let slash = rest.firstIndex(of: "/") {
            let folder = path[..<slash]
            let isLink: Bool
            if let known = seen[folder] {
                isLink = known
            } else {
                var info = stat()
                isLink = lstat(root + "/" + folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
                seen[folder] = isLink
            }
            if isLink { return true }
            rest = path[path.index(after: slash)...]
        }
        return false
    }

    /// Moves aside what an earlier build wrote (`previous`: its manifest's files) that this one
    /// does not write (`current`) and that stands in its way: a file where it needs a folder
    /// (`old/a.html` before `old/a.html/index.html`), or a folder of such files where it writes a
    /// file. Returns the paths moved, for ``restore(setAside:)`` after a failed build and
    /// ``remove(setAside:previous:)`` after one that succeeded.
    public func setAside(previous: [String], current: [String]) throws(WriteError) -> [String] {
        guard !previous.isEmpty else { return [] }
        let currentFiles = Set(current)
        let stale = previous.filter { !currentFiles.contains($0) && OutputWriter.isSafeRelative($0) }
        guard !stale.isEmpty else { return [] }
        let folders = OutputWriter.folders(of: current)
        var blocking: Set<String> = []
        for path in stale {
            if folders.contains(Substring(path)) { blocking.insert(path) }
            var rest = Substring(path)
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                if currentFiles.contains(String(rest)) { blocking.insert(String(rest)) }
            }
        }
        var moved: [String] = [], movedSet: Set<Substring> = []
        var seen: [Substring: Bool] = [:]
        // Outer paths first: a folder moved aside takes the stale files inside it along.
        for path in blocking.sorted(by: { $0.utf8.count < $1.utf8.count }) {
            if OutputWriter.outermostFolder(of: path, in: movedSet) != nil || isBehindLink(Substring(path), seen: &seen) { continue }
            let full = root + "/" + path
            if rename(full, full + OutputWriter.setAsideSuffix) == 0 {
                moved.append(path)
                movedSet.insert(Substring(path))
            } else if errno != ENOENT {
                let reason = String(cString: strerror(errno))
                restore(setAside: moved)
                throw WriteError(path: full, reason: reason)
            }
        }
        return moved
    }

    /// Every folder the files at `paths` are in, and the folders above those: `a/b/c.html` is in `a/b` and `a`.
    static func folders(of paths: [String]) -> Set<Substring> {
        var folders: Set<Substring> = []
        for path in paths {
            var rest = Substring(path)
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                if !folders.insert(rest).inserted { break }
            }
        }
        return folders
    }

    /// Puts back what ``setAside(previous:current:)`` moved.
    public func restore(setAside moved: [String]) {
        for path in moved.reversed() {
            let full = root + "/" + path
            rmdir(full)
            rename(full + OutputWriter.setAsideSuffix, full)
        }
    }

    /// Deletes what ``setAside(previous:current:)`` moved: the files, and the earlier build's files
    /// inside a folder moved aside, then that folder's folders where they are left empty.
    /// Those behind a symbolic link (``isBehindLink(_:seen:)``) stay, added to `left`.
    /// Returns how many files went.
    public func remove(setAside moved: [String], previous: [String], leftBehindLinks left: inout [String]) -> Int {
        guard !moved.isEmpty else { return 0 }
        var removed = 0
        let movedSet = Set(moved.map { Substring($0) })
        var folders: Set<String> = []
        var seen: [Substring: Bool] = [:]
        for path in moved where unlink(root + "/" + path + OutputWriter.setAsideSuffix) == 0 { removed += 1 }
        // The earlier build's files inside a folder moved aside, found by their folders.
        for file in previous where OutputWriter.isSafeRelative(file) {
            guard let folder = OutputWriter.outermostFolder(of: file, in: movedSet) else { continue }
            let aside = String(folder) + OutputWriter.setAsideSuffix
            let inside = file.dropFirst(folder.count)
            if isBehindLink(Substring(aside + inside), seen: &seen) {
                left.append(file)
                continue
            }
            if unlink(root + "/" + aside + inside) == 0 { removed += 1 }
            folders.insert(aside)
            var rest = inside
            while let slash = rest.lastIndex(of: "/"), slash != rest.startIndex {
                rest = rest[..<slash]
                folders.insert(aside + rest)
            }
        }
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(root + "/" + folder) }
        return removed
    }

    /// The outermost of `folders` that `path` is inside, if any.
    static func outermostFolder(of path: String, in folders: Set<Substring>) -> Substring? {
        guard !folders.isEmpty else { return nil }
        var found: Substring?
        var rest = Substring(path)
        while let slash = rest.lastIndex(of: "/") {
            rest = rest[..<slash]
            if folders.contains(rest) { found = rest }
        }
        return found
    }

    /// After a build that was cut (killed) part way: deletes what it moved aside
    /// (``setAside(previous:current:)``) of the files of the build before it (`previous`) and did
    /// not put back. Returns how many files went; those behind a symbolic link stay, added to `left`.
    public func removeLeftOverSetAside(previous: [String], leftBehindLinks left: inout [String]) -> Int {
        let candidates = previous.filter(OutputWriter.isSafeRelative) + OutputWriter.folders(of: previous).map(String.init)
        var seen: [Substring: Bool] = [:]
        let found = candidates.filter {
            !isBehindLink(Substring($0), seen: &seen) && access(root + "/" + $0 + OutputWriter.setAsideSuffix, F_OK) == 0
        }
        return remove(setAside: found, previous: previous, leftBehindLinks: &left)
    }

    /// Appended to a path that ``setAside(previous:current:)`` moved.
    static let setAsideSuffix = ".daybook-old"

    /// A relative path with no `..`, `.` or empty parts.
    public static func isSafeRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The manifest of the previous build: the files it wrote, one a line.
    public static let manifestName = ".daybook-manifest"

    /// Whether the output has a manifest: without one, ``readManifest()`` is empty whether or not
    /// a build wrote here before.
    public var hasManifest: Bool { access(root + "/" + OutputWriter.manifestName, F_OK) == 0 }

    public func readManifest() -> Manifest {
        guard let data = FileManager.default.contents(atPath: root + "/" + OutputWriter.manifestName) else { return Manifest() }
        var manifest = Manifest()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("# photo ") {
                manifest.photos.append(String(line.dropFirst("# photo ".count)))
            } else if line.hasPrefix(Manifest.writtenOverPrefix) {
                manifest.writtenOver.append(String(line.dropFirst(Manifest.writtenOverPrefix.count)))
            } else if line.hasPrefix("# ") {
                let parts = line.dropFirst(2).split(separator: " ", maxSplits: 1)
                if parts.count == 2 { manifest.notes[String(parts[0])] = String(parts[1]) }
            } else {
                manifest.paths.append(String(line))
            }
        }
        return manifest
    }

    /// Whether every listed file is there as the last build left it: none changed after the
    /// manifest, which a build touches when it has written everything (``touchManifest()``).
    public func allAsWritten(_ paths: [String]) -> Bool {
        func modified(_ path: String) -> timespec? {
            var info = stat()
            guard stat(root + "/" + path, &info) == 0 else { return nil }
            #if canImport(Darwin)
            return info.st_mtimespec
            #else
            return info.st_mtim
            #endif
        }
        guard let written = modified(OutputWriter.manifestName) else { return false }
        return paths.allSatisfy { path in
            guard let changed = modified(path) else { return false }
            return changed.tv_sec < written.tv_sec || (changed.tv_sec == written.tv_sec && changed.tv_nsec <= written.tv_nsec)
        }
    }

    /// Sets the manifest's time to now: every file the build wrote is older.
    public func touchManifest() {
        _ = utimensat(AT_FDCWD, root + "/" + OutputWriter.manifestName, nil, 0)
    }

    /// What a build wrote: its files, and notes such as the input fingerprint.
    public struct Manifest: Sendable, Equatable {
        public var paths: [String] = []
        public var notes: [String: String] = [:]
        /// The photos the build copied (their paths in the site and in the output).
        public var photos: [String] = []
        /// Files of `paths` that were in the output before a build first wrote them, and not an
        /// earlier build's: the user's (a `sitemap.xml`, a `404.html` of a gh-pages folder). A build
        /// writes over them as over its own pages, but never removes them.
        public var writtenOver: [String] = []

        public init(paths: [String] = [], notes: [String: String] = [:], photos: [String] = [], writtenOver: [String] = []) {
            self.paths = paths
            self.notes = notes
            self.photos = photos
            self.writtenOver = writtenOver
        }

        /// The files a later build may remove when it no longer writes them: those the builds made.
        public var removable: [String] {
            guard !writtenOver.isEmpty else { return paths }
            let theirs = Set(writtenOver)
            return paths.filter { !theirs.contains($0) }
        }

        static let writtenOverPrefix = "# written-over "

        /// The lines of ``writtenOver``, sorted, which end the manifest's text: a build adds them to
        /// the text it made while rendering, once it knows what it wrote over.
        public static func lines(writtenOver paths: [String]) -> [UInt8] {
            Array(paths.sorted().map { writtenOverPrefix + $0 + "\n" }.joined().utf8)
        }

        /// The manifest file's bytes: the notes, the photos, the paths, then the files written over, each sorted.
        public var text: [UInt8] {
            var text = notes.sorted { $0.key < $1.key }.map { "# \($0.key) \($0.value)\n" }.joined()
            // A path with a line break would read back as two (the second a file the build never
            // wrote, which the next build would remove): left out, it is never removed, as a user's file.
            func isOneLine(_ path: String) -> Bool {
                var path = path
                return path.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else { return true }
                    return memchr(base, 10, bytes.count) == nil && memchr(base, 13, bytes.count) == nil
                }
            }
            text += photos.sorted().filter(isOneLine).map { "# photo \($0)\n" }.joined()
            var bytes = Array(text.utf8)
            bytes.reserveCapacity(bytes.count + paths.reduce(0) { $0 + $1.utf8.count + 1 })
            for path in paths.sorted() where isOneLine(path) {
                bytes.append(contentsOf: path.utf8)
                bytes.append(10)
            }
            if paths.isEmpty { bytes.append(10) }
            return bytes + Manifest.lines(writtenOver: writtenOver)
        }
    }
}

/// A file or folder of the output could not be written.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// Between the path and the reason: `: cannot write: `, or a space for a reason that is the
    /// rest of a sentence (`pf/entries is a file of yours where the build writes a folder`).
    public var joiner = ": cannot write: "
    public var description: String { path + joiner + reason }
}
