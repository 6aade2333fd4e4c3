import Foundation

/// A file of a build's cache (`.daybook-cache/`): written aside, then renamed, so a reader sees
/// a whole file or none; read only when it is a regular file within a size limit.
enum CacheFile {
    /// Writes `bytes` at `path`, making its folder; `cache` names the cache in errors.
    static func write(_ bytes: [UInt8], at path: String, cache: String) throws(WriteError) {
        let folder = ParentFolder.of(path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: folder, reason: "cannot make the \(cache) folder: \(SystemMessage.of(error))")
        }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: temporary, reason: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                throw WriteError(path: path, reason: reason)
            }
            offset += n
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// The bytes of the regular file at `path` (not through a symbolic link), or nil when there is
    /// none, it cannot be read, or it is larger than `limit`.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0, Int(info.st_size) <= limit else { return nil }
        let size = Int(info.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let n = Glibc.read(fd, buffer.baseAddress! + offset, size - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                offset += n
            }
            count = offset
            complete = offset == size
        }
        return complete ? bytes : nil
    }
}
