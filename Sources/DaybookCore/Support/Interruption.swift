import Foundation

/// A request to stop long work part way (Ctrl-C): a build's render jobs look at it before each
/// page and photo, an import between the chunks it unpacks and the files it copies. Each then
/// fails and removes what it had staged, so the output and the site stay as they were.
public final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    /// Asks the work to stop; safe from any thread (a signal handler's queue).
    public func request() { lock.withLock { requested = true } }

    public var isRequested: Bool { lock.withLock { requested } }
}
