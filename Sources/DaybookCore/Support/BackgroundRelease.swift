import Dispatch

/// Frees a large value on another thread: the parsed JSON of 10,000 entries, or the loaded
/// entries once the diary holds its own copies, take ~10–30 ms to free object by object, time
/// the build's serial stages need not wait for.
enum BackgroundRelease {
    /// Takes `value` (the caller's last reference, handed over with `consume`) and drops it on a
    /// utility thread.
    static func drop<T: Sendable>(_ value: consuming T) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { _ = box }
    }

    /// Takes the value out of `variable` (leaving `placeholder`, something small) and drops it
    /// on a utility thread.
    static func drop<T: Sendable>(_ variable: inout T, leaving placeholder: T) {
        var taken = placeholder
        swap(&variable, &taken)
        drop(taken)
    }

    private final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
