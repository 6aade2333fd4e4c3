import Dispatch

/// Measures consecutive stages of a build: each ``lap(_:)`` is the time since the last one.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ stage: String) -> StageTime {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return StageTime(stage: stage, seconds: Double(now - last) / 1e9)
    }
}
