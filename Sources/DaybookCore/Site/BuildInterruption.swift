import Foundation

/// A request to stop a build (Ctrl-C): the render jobs see it before each page and photo, and
/// the build then fails with ``BuildFailure/interrupted``, its staged files removed, so the
/// output stays as it was.
public final class BuildInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    public init() {}

    /// Asks the build to stop; safe from any thread.
    public func request() { lock.withLock { requested = true } }

    public var isRequested: Bool { lock.withLock { requested } }
}
