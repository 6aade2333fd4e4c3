import Foundation

/// A data file of a site that the CLI changes (`todos.json`, `diary.json`): read and
/// replaced under an exclusive lock, in one step.
///
/// The lock is a `flock` on `.NAME.lock` beside the file. A new version is written to
/// `.NAME.tmp` in the same folder, fsynced, renamed over the file, and the folder is
/// fsynced. So changes made at the same time, from threads or processes, never lose one
/// another, and a crash leaves the old file or the new one. Reading needs no lock: the
/// rename swaps the file in one step.
public struct LockedFile: Sendable {
    /// The folder that holds the file, as the user named it.
    public let folder: String
    /// The file's name inside `folder` (`todos.json`).
    public let name: String

    public init(folder: String, name: String) {
        self.folder = folder
        self.name = name
    }

    /// The file as the user would type it (`site/todos.json`); also its path on disk.
    public var path: String { SiteLoader(root: folder).displayPath(name) }

    /// `.NAME.lock` beside the file, or beside the file it leads to when it is a link: two sites
    /// that share one `todos.json` through links take one lock (each its own, they would both
    /// write the one temp file beside it at once).
    public var lockPath: String {
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let target = RealPath.of(path) {
            return Self.beside(target, suffix: ".lock")
        }
        return SiteLoader(root: folder).displayPath("." + name + ".lock")
    }

    /// `.BASE<suffix>` in the folder of `target`.
    private static func beside(_ target: String, suffix: String) -> String {
        let targetFolder = ParentFolder.of(target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        return (targetFolder == "/" ? "/." : targetFolder + "/.") + base + suffix
    }

    var tempPath: String { SiteLoader(root: folder).displayPath("." + name + ".tmp") }

    /// Runs `body` while holding the file's lock; the lock is released however `body` ends. When
    /// another process holds the lock, `whenHeld` is called once (for the command to say it waits),
    /// and then the lock is waited for.
    public func withLock<T>(whenHeld: (() -> Void)? = nil, _ body: () throws -> T) throws -> T {
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else { throw FileAccessError("cannot open \(lockPath): \(Self.lastError())") }
        defer { close(lock) }  // closing the descriptor also releases the lock
        var held = false
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK {
                held = true
                break
            }
            guard errno == EINTR else { throw FileAccessError("cannot lock \(lockPath): \(Self.lastError())") }
        }
        if held { whenHeld?() }
        while held, flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FileAccessError("cannot lock \(lockPath): \(Self.lastError())") }
        }
        defer { flock(lock, LOCK_UN) }
        return try body()
    }

    /// The whole file, or nil when it does not exist.
    public func read() throws -> [UInt8]? {
        // Non-blocking, and refused unless a regular file: a FIFO would wait for ever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT {
                // A link to nothing is not a missing file: writing a new one would cut the link.
                var info = stat()
                if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                    throw FileAccessError("cannot read \(path): it is a link to nothing")
                }
                return nil
            }
            throw FileAccessError("cannot read \(path): \(Self.lastError())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileAccessError("cannot read \(path): it is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return bytes }
            if n > 0 {
                bytes += chunk[0..<n]
            } else if errno != EINTR {
                throw FileAccessError("cannot read \(path): \(Self.lastError())")
            }
        }
    }

    /// The permission bits of the file (or of the file its link leads to) when it exists and is
    /// read-only to this user: `access(W_OK)` refuses it, or no one has a write bit (`chmod 444`; root
    /// may write any file, but the mode says it is not to be written). Nil when it may be written or
    /// is missing. A rename would replace such a file in silence, as the folder is writable.
    public func readOnlyMode() -> mode_t? {
        Self.readOnlyMode(of: path)
    }

    /// ``readOnlyMode()`` of any path.
    public static func readOnlyMode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = info.st_mode & 0o7777
        if access(path, W_OK) != 0, errno == EACCES || errno == EROFS { return mode }
        return mode & 0o222 == 0 ? mode : nil
    }

    /// `FILE is read-only (mode 444): nothing was VERB; make it writable (chmod u+w FILE)`.
    public static func readOnlyMessage(_ path: String, mode: mode_t, nothingWas verb: String) -> String {
        "\(path) is read-only (mode \(String(mode, radix: 8))): nothing was \(verb); make it writable (chmod u+w \(path)) and run the command again"
    }

    /// Writes the temp file, fsyncs it, renames it over the file (keeping the file's group and
    /// permissions) and fsyncs the folder. Call it while holding the lock. When the file is a
    /// link (a diary kept in a synced folder), the file it leads to is replaced, and the link stays.
    public func replace(with bytes: [UInt8]) throws {
        let (path, tempPath, folder) = try target()
        let fd = open(tempPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileAccessError("cannot write \(tempPath): \(Self.lastError())") }
        Self.keepOwnership(of: path, on: fd)
        var failure = Self.writeAll(bytes, to: fd)
        if failure == nil, fsync(fd) != 0 { failure = Self.lastError() }
        if close(fd) != 0, failure == nil { failure = Self.lastError() }
        if failure == nil, rename(tempPath, path) != 0 { failure = Self.lastError() }
        if let failure {
            unlink(tempPath)
            throw FileAccessError("cannot write \(path): \(failure)")
        }
        Self.syncFolder(folder)
    }

    /// The file to replace, its temp file beside it and their folder: the link's target when
    /// the file is a link.
    private func target() throws -> (path: String, temp: String, folder: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return (path, tempPath, folder) }
        guard let target = RealPath.of(path) else { throw FileAccessError("cannot write \(path): it is a link to nothing") }
        return (target, Self.beside(target, suffix: ".tmp"), ParentFolder.of(target))
    }

    // MARK: Helpers for other synced writes

    /// Gives the open file `fd`, which is to replace the file at `path`, that file's group and
    /// permissions, when there is one: its group first (a diary shared through a group stays the
    /// group's; a group the user is not in stays the user's), then its permissions, which a change
    /// of group may clear.
    public static func keepOwnership(of path: String, on fd: Int32) {
        var old = stat()
        guard stat(path, &old) == 0 else { return }
        _ = fchown(fd, uid_t.max, old.st_gid)
        _ = fchmod(fd, old.st_mode & 0o7777)
    }

    /// Writes every byte to `fd`, retrying short writes; the reason on failure.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n >= 0 { written += n } else if errno != EINTR { return lastError() }
        }
        return nil
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Fsyncs a folder, so a rename or a new name in it survives a crash.
    static func syncFolder(_ folder: String) {
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// A file or folder that could not be read, locked or written; the message names it.
public struct FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
