import Testing
@testable import daybook

/// What a command makes of SIGINT and SIGTERM, by when each comes.
@Suite struct InterruptSignalsTests {
    /// GNU `timeout` sends its SIGTERM to the process and again to its group: one request. Taken
    /// as a second one, it ended the process before it had cleaned up (a newcomer's audit found
    /// `serve`'s temporary folder left behind, one run in twelve). A signal within half a second
    /// of the first is the same request; a later one ends the process, as a second Ctrl-C does.
    @Test func aSignalRightAfterTheFirstIsTheSameRequest() {
        var requests = InterruptSignals.Requests()
        #expect(requests.answer(at: 1_000_000_000) == .stop)
        #expect(requests.answer(at: 1_000_050_000) == .sameRequest)
        #expect(requests.answer(at: 1_500_000_000) == .sameRequest)
        #expect(requests.answer(at: 1_500_000_001) == .end)
    }
}
