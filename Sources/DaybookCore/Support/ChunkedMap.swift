import Dispatch
import Foundation

/// Maps an array in contiguous chunks, one chunk per core, in parallel; the results keep
/// the array's order. Each chunk's transform gets the whole chunk, so it can set up what it
/// needs once (a formatter) rather than once per element, and returns one result per element.
/// The chunks write their results straight into the returned array: nothing is copied after.
func chunkedMap<Element: Sendable, Result: Sendable>(
    _ items: [Element], chunks: Int = ProcessInfo.processInfo.activeProcessorCount,
    _ transform: @Sendable (ArraySlice<Element>) -> [Result]
) -> [Result] {
    let count = max(1, min(chunks, items.count / 256))
    if count == 1 { return transform(items[...]) }
    let size = (items.count + count - 1) / count
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let target = SendablePointer(base: buffer.baseAddress!)
        DispatchQueue.concurrentPerform(iterations: count) { c in
            let range = min(items.count, c * size)..<min(items.count, (c + 1) * size)
            let part = transform(items[range])
            precondition(part.count == range.count, "chunkedMap: a transform returns one result per element")
            part.withUnsafeBufferPointer { part in
                guard let first = part.baseAddress else { return }
                (target.base + range.lowerBound).initialize(from: first, count: part.count)
            }
        }
        initialized = items.count
    }
}
