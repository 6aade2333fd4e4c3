import Foundation

/// The write stage: puts finished bytes at paths inside the output folder. A file whose
/// bytes are unchanged is left alone (its mtime stays); a changed one is written to a
/// temporary file and renamed over the old. Safe to call from many threads for distinct paths.
public struct OutputWriter: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// What happened to one file.
    public enum Outcome: Sendable { case written, unchanged }

    /// Makes the output folder and every folder the given files need.
    public func prepareFolders(for paths: [String]) throws(WriteError) {
        var folders: Set<String> = [""]
        for path in paths {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                let folder = parts.joined(separator: "/")
                if !folders.insert(folder).inserted { break }
                parts = parts.dropLast()
            }
        }
        for folder in folders.sorted() {
            let full = folder.isEmpty ? root : root + "/" + folder
            if mkdir(full, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: full, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Writes `bytes` to `path` (relative to the root) unless the file already holds them.
    public func write(_ bytes: [UInt8], to path: String) throws(WriteError) -> Outcome {
        let full = root + "/" + path
        if matches(full, bytes) { return .unchanged }
        let temporary = full + ".daybook-tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(path: full, reason: String(cString: strerror(errno))) }
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
        close(fd)
        if failure == 0, rename(temporary, full) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WriteError(path: full, reason: String(cString: strerror(failure)))
        }
        return .written
    }

    /// Whether the file at `full` holds exactly `bytes`.
    private func matches(_ full: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(full, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        if bytes.isEmpty { return true }
        var existing = [UInt8](repeating: 0, count: bytes.count + 1)
        var total = 0
        let ok = existing.withUnsafeMutableBytes { raw -> Bool in
            while total < raw.count {
                let n = read(fd, raw.baseAddress! + total, raw.count - total)
                if n < 0 { if errno == EINTR { continue }; return false }
                if n == 0 { break }
                total += n
            }
            return true
        }
        guard ok, total == bytes.count else { return false }
        return existing.withUnsafeBytes { a in bytes.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, bytes.count) == 0 } }
    }

    /// Removes files that an earlier build wrote (as its manifest lists) and this one did not,
    /// then folders left empty by that. Files the build never wrote are never touched.
    public func removeStale(previous: [String], current: Set<String>) -> Int {
        var removed = 0
        var folders: Set<String> = []
        for path in previous where !current.contains(path) && OutputWriter.isSafeRelative(path) {
            if unlink(root + "/" + path) == 0 { removed += 1 }
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) {
            rmdir(root + "/" + folder)
        }
        return removed
    }

    /// A relative path with no `..`, `.` or empty parts.
    public static func isSafeRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The manifest of the previous build: the files it wrote, one a line.
    public static let manifestName = ".daybook-manifest"

    public func readManifest() -> [String] {
        guard let data = FileManager.default.contents(atPath: root + "/" + OutputWriter.manifestName) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    public func writeManifest(_ paths: [String]) throws(WriteError) {
        let text = paths.sorted().joined(separator: "\n") + "\n"
        _ = try write(Array(text.utf8), to: OutputWriter.manifestName)
    }
}

/// A file or folder of the output could not be written.
public struct WriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): cannot write: \(reason)" }
}
