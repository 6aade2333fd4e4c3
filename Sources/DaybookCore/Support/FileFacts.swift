import Foundation

/// The facts of a file that change whenever its bytes do (size, modification and change times,
/// inode), as one string: how the photo cache tells a changed photo and the input fingerprint a
/// changed photo or static file, without reading them.
public enum FileFacts {
    /// The facts of the file at `path` (a link followed); nil when it cannot be read.
    static func of(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return "\(info.st_size):\(modified.tv_sec).\(modified.tv_nsec):\(changed.tv_sec).\(changed.tv_nsec):\(info.st_ino)"
    }

    /// The facts of a program's file that a copy of it keeps: its size and modification time.
    /// A release unpacked again, or the same binary installed in a fresh CI runner, keeps them
    /// (a new inode and change time each time); a build of other code changes its time.
    static func ofProgram(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return "\(info.st_size):\(modified.tv_sec).\(modified.tv_nsec)"
    }

    /// ``ofProgram(_:)`` of the running program (its path through ``runningProgram``, else
    /// Foundation's, when that file is gone or elsewhere than Linux).
    public static var ofRunningProgram: String? {
        runningProgram.flatMap(ofProgram) ?? Bundle.main.executablePath.flatMap(ofProgram)
    }

    /// The running program's path, as Linux's `/proc/self/exe` names it (nil elsewhere): read
    /// as a link, not followed by `stat`, so that a tool running the program (valgrind) gives
    /// the program's.
    static var runningProgram: String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { room in
            room.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}
