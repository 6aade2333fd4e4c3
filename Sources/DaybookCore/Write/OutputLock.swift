import Foundation

/// An exclusive `flock` on the output folder itself, held while a build writes it: two builds into
/// one folder (two terminals, `serve --output _site` beside `build`) take turns instead of moving
/// each other's staged pages away. The folder is made first when it is not there; a build that
/// fails leaves no folder it made for its lock (``release(removingMadeFolders:)``).
final class OutputLock {
    private var descriptor: Int32
    /// The folders made for the lock, deepest last.
    private let made: [String]

    private init(descriptor: Int32, made: [String]) {
        self.descriptor = descriptor
        self.made = made
    }

    /// Takes the lock on `folder`, making it (and its missing parents) first. When another build
    /// holds it, calls `waiting` once and tries again every 50 ms until it is free or
    /// `interruption` is requested.
    static func acquire(_ folder: String, interruption: Interruption?, waiting: (@Sendable () -> Void)?) throws(BuildFailure) -> OutputLock {
        var made: [String] = []
        var toMake: [String] = []
        var path = folder
        while !path.isEmpty, path != "/", access(path, F_OK) != 0 {
            toMake.insert(path, at: 0)
            path = ParentFolder.of(path)
        }
        for path in toMake {
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                let reason = String(cString: strerror(errno))
                for folder in made.reversed() { rmdir(folder) }
                throw .cannotWrite(WriteError(path: path, reason: reason))
            }
            made.append(path)
        }
        var saidWaiting = false
        while true {
            let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                for folder in made.reversed() { rmdir(folder) }
                throw .cannotWrite(WriteError(path: folder, reason: reason))
            }
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else {
                    // A file system without locks (some network ones): the build goes on as it did.
                    return OutputLock(descriptor: fd, made: made)
                }
                if interruption?.isRequested == true {
                    close(fd)
                    for folder in made.reversed() { rmdir(folder) }
                    throw .interrupted
                }
                if !saidWaiting {
                    saidWaiting = true
                    waiting?()
                }
                usleep(50_000)
            }
            // The build that held it may have removed the folder (one it made, and failed): make it again.
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, stat(folder, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                return OutputLock(descriptor: fd, made: made)
            }
            close(fd)
            if mkdir(folder, 0o755) == 0 { made.append(folder) }
        }
    }

    /// Lets the next build in; with `removingMadeFolders`, the folders made for the lock go when empty.
    func release(removingMadeFolders: Bool) {
        if removingMadeFolders {
            for folder in made.reversed() { rmdir(folder) }
        }
        if descriptor >= 0 {
            close(descriptor)  // closing the descriptor releases the lock
            descriptor = -1
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
