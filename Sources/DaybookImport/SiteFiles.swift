import DaybookCore
import Foundation

/// The file operations of an import: the site's lock, reads, and atomic writes
/// (temp file in the same folder, fsync, rename, fsync of the folder), as `daybook todo` does them.
enum SiteFiles {
    /// Takes the lock `daybook todo` takes (`.todos.json.lock` in the site), waiting for it;
    /// `whenHeld` is called once first when another process holds it.
    static func lock(site: String, whenHeld: (() -> Void)? = nil) throws(ImportFailure) -> Int32 {
        // The lock `daybook todo` takes: beside the file todos.json leads to, when it is a link.
        let path = LockedFile(folder: site, name: "todos.json").lockPath
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io("cannot open \(path): \(lastError())") }
        var wait: Int32 = LOCK_NB
        while flock(fd, LOCK_EX | wait) != 0 {
            if wait != 0 && errno == EWOULDBLOCK {
                whenHeld?()
                wait = 0
                continue
            }
            guard errno == EINTR else {
                close(fd)
                throw .io("cannot lock \(path): \(lastError())")
            }
        }
        return fd
    }

    /// Where ``lock(site:whenHeld:)`` locks.
    static func lockPath(site: String) -> String { LockedFile(folder: site, name: "todos.json").lockPath }

    static func unlock(_ fd: Int32) {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// The whole file, or nil when it does not exist.
    static func contents(of path: String) throws(ImportFailure) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let bytes = SiteLoader.readFile(path) else { throw .io("cannot read \(path): it is not a readable regular file") }
        return bytes
    }

    static func makeFolder(_ path: String) throws(ImportFailure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot make \(path): \(SystemMessage.of(error))")
        }
    }

    /// Writes `bytes` to `target` unless `old`, its bytes now, are the same; returns whether it wrote (or, dry, would write).
    static func place(_ bytes: Data, at target: String, replacing old: Data?, dryRun: Bool) throws(ImportFailure) -> Bool {
        if let old, old == bytes { return false }
        if dryRun { return true }
        let folder = ParentFolder.of(target)
        try makeFolder(folder)
        try replace(target, with: [UInt8](bytes), site: folder)
        return true
    }

    /// Writes a temp file beside `path`, fsyncs it, renames it over `path` and fsyncs the folder; a
    /// read-only `path` (``LockedFile/readOnlyMode(of:)``) is refused.
    static func replace(_ path: String, with bytes: [UInt8], site: String) throws(ImportFailure) {
        // A read-only file (`chmod 444`) is not replaced: the rename would do it in silence.
        if let mode = LockedFile.readOnlyMode(of: path) {
            throw .io(LockedFile.readOnlyMessage(path, mode: mode, nothingWas: "written to it"))
        }
        let folder = ParentFolder.of(path)
        let temp = (folder as NSString).appendingPathComponent("." + (path as NSString).lastPathComponent + ".import.tmp")
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .io("cannot write \(temp): \(lastError())") }
        LockedFile.keepOwnership(of: path, on: fd)
        var written = 0
        var failure: String?
        while written < bytes.count, failure == nil {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n >= 0 { written += n } else if errno != EINTR { failure = lastError() }
        }
        if failure == nil, fsync(fd) != 0 { failure = lastError() }
        if close(fd) != 0, failure == nil { failure = lastError() }
        if failure == nil, rename(temp, path) != 0 { failure = lastError() }
        if let failure {
            unlink(temp)
            throw .io("cannot write \(path): \(failure)")
        }
        let dir = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
    }

    /// Removes the file at `path`, then its folders left empty, up to the site's own (`site`);
    /// the system's words when the file cannot be removed.
    static func remove(_ path: String, keeping site: String) -> String? {
        guard unlink(path) == 0 || errno == ENOENT else { return lastError() }
        var folder = ParentFolder.of(path)
        while folder.count > site.count, folder.hasPrefix(site), rmdir(folder) == 0 { folder = ParentFolder.of(folder) }
        return nil
    }

    /// The text of the files at `paths` in the site (a folder's files, at any depth; a link is not
    /// followed), each of at most 4 MB and the first 10,000 of them: what a page or a todo may say.
    static func texts(in site: String, of paths: [String]) -> [String] {
        var texts: [String] = []
        var files: [String] = []
        for relative in paths {
            let full = (site as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                files.append(full)
                continue
            }
            guard let walk = FileManager.default.enumerator(atPath: full) else { continue }
            for case let name as String in walk.prefix(10_000) { files.append((full as NSString).appendingPathComponent(name)) }
        }
        for file in files {
            var info = stat()
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 4 << 20,
                  let bytes = FileManager.default.contents(atPath: file) else { continue }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        return texts
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
