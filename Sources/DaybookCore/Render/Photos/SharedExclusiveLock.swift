import Foundation

/// A lock that many holders share or one holds alone; one waiting to hold it alone goes before
/// any new sharer, so that it is never kept waiting for long. Not reentrant.
final class SharedExclusiveLock: @unchecked Sendable {
    private let condition = NSCondition()
    private var sharers = 0
    private var exclusive = false
    private var waitingAlone = 0

    func shared<T>(_ body: () -> T) -> T {
        condition.lock()
        while exclusive || waitingAlone > 0 { condition.wait() }
        sharers += 1
        condition.unlock()
        defer {
            condition.lock()
            sharers -= 1
            if sharers == 0 { condition.broadcast() }
            condition.unlock()
        }
        return body()
    }

    func alone<T>(_ body: () -> T) -> T {
        condition.lock()
        waitingAlone += 1
        while exclusive || sharers > 0 { condition.wait() }
        waitingAlone -= 1
        exclusive = true
        condition.unlock()
        defer {
            condition.lock()
            exclusive = false
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
