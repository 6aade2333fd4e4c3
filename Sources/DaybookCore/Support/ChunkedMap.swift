import Dispatch
import Foundation

/// Maps an array in contiguous chunks, one chunk per core, in parallel; the results keep
/// the array's order. Each chunk's transform gets the whole chunk, so it can set up what it
/// needs once (a formatter) rather than once per element.
func chunkedMap<Element: Sendable, Result: Sendable>(
    _ items: [Element], chunks: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ transform: @Sendable (ArraySlice<Element>) -> [Result]
) -> [Result] {
    let count = max(1, min(chunks, items.count / 256))
    if count == 1 { return transform(items[...]) }
    let size = (items.count + count - 1) / count
    let parts = ChunkParts<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { c in
        parts.set(c, transform(items[(c * size)..<min(items.count, (c + 1) * size)]))
    }
    return parts.joined()
}

/// The results of `chunkedMap`, one slot per chunk.
private final class ChunkParts<Result: Sendable>: @unchecked Sendable {
    private var parts: [[Result]]
    private let lock = NSLock()

    init(count: Int) {
        parts = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ part: [Result]) {
        lock.withLock { parts[index] = part }
    }

    func joined() -> [Result] {
        lock.withLock { parts.flatMap { $0 } }
    }
}
