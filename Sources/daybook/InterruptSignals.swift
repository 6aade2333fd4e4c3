import Dispatch
import Foundation

/// SIGINT and SIGTERM handed to a closure instead of ending the process, while a command wants
/// to stop cleanly; a second signal ends the process as usual, unless it comes within
/// half a second of the first (``Requests``): GNU `timeout` sends its SIGTERM to the process and again to its
/// group, one request, which ended the process before it had cleaned up. A signal the process
/// was started ignoring (`nohup`, a job started with `&` by a script) stays ignored. ``stop()``
/// restores the defaults. `daybook serve` takes SIGHUP too (its terminal closed).
final class InterruptSignals: @unchecked Sendable {
    private let numbers: [Int32]
    private var sources: [DispatchSourceSignal] = []
    /// The signals so far; read and written on the signals' queue only.
    private var requests = Requests()

    /// What each signal asks for, by when it comes.
    struct Requests {
        enum Answer: Equatable { case stop, sameRequest, end }
        /// Signals this close after the first (in nanoseconds) are the same request.
        static let sameRequest: UInt64 = 500_000_000
        private var first: UInt64?

        /// The first signal stops the command cleanly; one within ``sameRequest`` of it is the same
        /// request; a later one ends the process.
        mutating func answer(at nanoseconds: UInt64) -> Answer {
            guard let first else {
                first = nanoseconds
                return .stop
            }
            return nanoseconds - first > Self.sameRequest ? .end : .sameRequest
        }
    }

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
            source.setEventHandler { [weak self] in
                guard let self else { return }
                switch requests.answer(at: DispatchTime.now().uptimeNanoseconds) {
                case .stop: handler()
                case .sameRequest: break
                case .end:
                    for number in numbers { signal(number, SIG_DFL) }
                    raise(number)
                }
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
