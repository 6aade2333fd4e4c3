import Dispatch
import Foundation

/// SIGINT and SIGTERM handed to a closure instead of ending the process, while a command wants
/// to stop cleanly; a second signal ends the process as usual. A signal the process was started
/// ignoring (`nohup`, a job started with `&` by a script) stays ignored. ``stop()`` restores the defaults.
/// `daybook serve` takes SIGHUP too (its terminal closed).
final class InterruptSignals: @unchecked Sendable {
    private let numbers: [Int32]
    private let sources: [DispatchSourceSignal]

    init(_ signals: [Int32] = [SIGINT, SIGTERM], _ handler: @escaping @Sendable () -> Void) {
        // A queue of its own: the build's jobs may hold every thread of the global queues.
        let queue = DispatchQueue(label: "daybook.signals")
        let numbers = signals.filter { number in
            let previous = signal(number, SIG_IGN)
            return unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
        }
        self.numbers = numbers
        sources = numbers.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                handler()
                for number in numbers { signal(number, SIG_DFL) }
            }
            source.resume()
            return source
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
    }
}
