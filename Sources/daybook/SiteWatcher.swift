#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DaybookCore
import Dispatch
import Foundation

/// Watches a site folder by polling: every `interval` it lists the files under the folder
/// (leaving out hidden files and folders and the excluded folders, such as the output) with
/// their modification times and sizes, and calls back once the listing has changed and then
/// held still for one more poll (a debounce, so an editor's save or a `git checkout` that
/// touches many files makes one rebuild). Portable: no inotify or FSEvents.
final class SiteWatcher: @unchecked Sendable {
    /// What is compared between two polls for one file.
    struct FileStamp: Equatable, Sendable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    let root: String
    let excluded: [String]
    let interval: Double

    private let lock = NSLock()
    private var last: [String: FileStamp]
    private var started = false
    private var stopping = false
    private let loopDone = DispatchSemaphore(value: 0)

    /// Takes the first listing now, so a change made between `init` and `start` is seen.
    init(root: String, excluding excluded: [String] = [], interval: Double = 0.3) {
        self.root = root
        self.excluded = excluded
        self.interval = interval
        last = SiteWatcher.snapshot(root: root, excluding: excluded)
    }

    /// Starts polling. `onChange` gets the changed paths, relative to the root, sorted; it
    /// runs on the watcher's own thread, and the next poll waits for it to return.
    func start(onChange: @escaping @Sendable ([String]) -> Void) {
        let go: Bool = lock.withLock {
            guard !started else { return false }
            started = true
            return true
        }
        guard go else { return }
        let thread = Thread { [self] in loop(onChange) }
        thread.name = "daybook-serve-watch"
        thread.start()
    }

    /// Stops polling; returns once a callback in progress has finished.
    func stop() {
        let wasRunning: Bool = lock.withLock {
            guard started, !stopping else { return false }
            stopping = true
            return true
        }
        if wasRunning { loopDone.wait() }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func loop(_ onChange: @Sendable ([String]) -> Void) {
        defer { loopDone.signal() }
        var pending: Set<String> = []
        while !isStopping {
            // Sleep in short steps so `stop()` does not wait a whole interval.
            let wake = DispatchTime.now().uptimeNanoseconds + UInt64(interval * 1e9)
            while !isStopping, DispatchTime.now().uptimeNanoseconds < wake { usleep(20_000) }
            if isStopping { return }
            let current = SiteWatcher.snapshot(root: root, excluding: excluded)
            let changes = SiteWatcher.difference(last, current)
            last = current
            if !changes.isEmpty {
                pending.formUnion(changes)
                continue
            }
            if !pending.isEmpty {
                let paths = pending.sorted()
                pending = []
                onChange(paths)
            }
        }
    }

    /// The paths added, removed or changed between two listings.
    static func difference(_ old: [String: FileStamp], _ new: [String: FileStamp]) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in new where old[path] != stamp { changed.insert(path) }
        for path in old.keys where new[path] == nil { changed.insert(path) }
        return changed
    }

    /// Every file under `root` with its stamp, keyed by its path relative to the root.
    /// Hidden names are skipped (but in `static/`, whose dot files are published), as are the
    /// `excluding` folders (matched by identity, so another spelling or a symlink to them is
    /// skipped too). Symlinks are followed, each real folder visited once.
    static func snapshot(root: String, excluding: [String] = []) -> [String: FileStamp] {
        var skip: Set<FolderID> = []
        for folder in excluding {
            var info = stat()
            if stat(folder, &info) == 0 { skip.insert(FolderID(info)) }
        }
        var result: [String: FileStamp] = [:]
        var visited: Set<FolderID> = []
        var rootInfo = stat()
        guard stat(root, &rootInfo) == 0, (rootInfo.st_mode & S_IFMT) == S_IFDIR else { return [:] }
        walk(root, relative: "", info: rootInfo, depth: 0, skip: skip, visited: &visited, into: &result)
        return result
    }

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private static func walk(_ folder: String, relative: String, info: stat, depth: Int, skip: Set<FolderID>,
                             visited: inout Set<FolderID>, into result: inout [String: FileStamp]) {
        let id = FolderID(info)
        guard depth < 64, !skip.contains(id), visited.insert(id).inserted else { return }
        guard let dir = opendir(folder) else { return }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            // In static/ dot files are published (`.nojekyll`), and litter (`.DS_Store`) is not.
            let isStatic = depth > 0 && (relative == StaticFolder.name || relative.hasPrefix(StaticFolder.name + "/"))
            if isStatic ? StaticFolder.isLitter(Substring(name)) || name == "." || name == ".." : name.hasPrefix(".") { continue }
            names.append(name)
        }
        closedir(dir)
        for name in names {
            let path = folder + "/" + name
            let key = relative.isEmpty ? name : relative + "/" + name
            var child = stat()
            guard stat(path, &child) == 0 else { continue }
            switch child.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, relative: key, info: child, depth: depth + 1, skip: skip, visited: &visited, into: &result)
            case S_IFREG:
                result[key] = stamp(child)
            default:
                continue
            }
        }
    }

    private static func stamp(_ info: stat) -> FileStamp {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileStamp(seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec), size: Int64(info.st_size), inode: UInt64(info.st_ino))
    }
}
