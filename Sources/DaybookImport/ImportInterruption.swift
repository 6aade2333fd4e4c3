import Foundation

/// An interrupted import (Ctrl-C): ``request()`` asks it to stop. Unpacking a zip and copying
/// files look at it between chunks and files and fail with ``ImportFailure/interrupted``, whose
/// way out removes their temporary files; the site's files are replaced by renames, so each
/// is as it was or whole.
public enum ImportInterruption {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var requested = false

    /// Safe from any thread (a signal handler's queue).
    public static func request() { lock.withLock { requested = true } }

    static var isRequested: Bool { lock.withLock { requested } }

    /// Throws ``ImportFailure/interrupted`` once asked to stop.
    static func check() throws(ImportFailure) {
        if isRequested { throw .interrupted }
    }
}
