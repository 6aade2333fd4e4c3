import CCmarkGFM
import Foundation

/// A bump allocator for cmark-gfm, one per thread: a document's nodes, buffers and HTML
/// come from the thread's slab and are given back all at once by ``reset()`` when the
/// document is done, instead of one `calloc`/`free` pair per node and per string.
///
/// cmark's allocator callbacks receive no context, so the slab is found through a
/// thread-specific key. `free` does nothing; `realloc` grows the last allocation in
/// place when it can and copies otherwise. A document larger than the first slab
/// takes more slabs, which `reset()` returns to the system.
enum MarkdownArena {
    /// The allocator to hand to `cmark_parser_new_with_mem` and the `_with_mem` renderers.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let mem = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        mem.initialize(to: cmark_mem(calloc: arenaCalloc, realloc: arenaRealloc, free: arenaFree))
        return mem
    }()

    /// Makes every allocation since the last reset on this thread available again.
    static func reset() {
        guard let arena = pthread_getspecific(key)?.assumingMemoryBound(to: Arena.self) else { return }
        arena.pointee.reset()
    }

    fileprivate static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            // The thread is ending: give its slabs back.
            guard let arena = raw?.assumingMemoryBound(to: Arena.self) else { return }
            arena.pointee.reset()
            free(arena.pointee.first)
            arena.deallocate()
        }
        return key
    }()

    @inline(__always)
    fileprivate static var current: UnsafeMutablePointer<Arena> {
        if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Arena.self) }
        let arena = UnsafeMutablePointer<Arena>.allocate(capacity: 1)
        arena.initialize(to: Arena())
        pthread_setspecific(key, arena)
        return arena
    }
}

/// One thread's slabs. Each slab starts with a header that links it to the slab before it;
/// each allocation is preceded by its size (for `realloc`), 16-byte aligned.
fileprivate struct Arena {
    static let slabSize = 256 * 1024
    static let header = 16

    /// The first slab, kept across resets.
    var first: UnsafeMutableRawPointer?
    /// The slab allocations come from; its header holds the previous slab.
    var slab: UnsafeMutableRawPointer?
    var used = 0
    var capacity = 0
    /// Start of the last allocation's payload, the one `realloc` can grow in place.
    var last: UnsafeMutableRawPointer?

    mutating func reset() {
        // Extra slabs go back to the system; the first one stays for the next document.
        while let current = slab, current != first {
            slab = current.load(as: UnsafeMutableRawPointer?.self)
            free(current)
        }
        used = Arena.header
        capacity = first == nil ? 0 : Arena.slabSize
        last = nil
    }

    @inline(__always)
    static func rounded(_ size: Int) -> Int { (size + 15) & ~15 }

    mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let need = Arena.rounded(size) + Arena.header
        if used + need > capacity {
            guard addSlab(for: need) else { return nil }
        }
        let start = slab! + used
        start.storeBytes(of: size, as: Int.self)
        used += need
        last = start + Arena.header
        return last
    }

    private mutating func addSlab(for need: Int) -> Bool {
        let size = max(Arena.slabSize, need + Arena.header)
        guard let fresh = malloc(size) else { return false }
        if first == nil {
            first = fresh
            fresh.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        } else {
            fresh.storeBytes(of: slab, as: UnsafeMutableRawPointer?.self)
        }
        slab = fresh
        used = Arena.header
        capacity = size
        return true
    }

    mutating func grow(_ pointer: UnsafeMutableRawPointer, to size: Int) -> UnsafeMutableRawPointer? {
        let old = (pointer - Arena.header).load(as: Int.self)
        if size <= old {
            (pointer - Arena.header).storeBytes(of: size, as: Int.self)
            return pointer
        }
        if pointer == last, let slab {
            // The last allocation grows where it is when the slab has room.
            let end = pointer - slab + Arena.rounded(size)
            if end <= capacity {
                (pointer - Arena.header).storeBytes(of: size, as: Int.self)
                used = end
                return pointer
            }
        }
        guard let moved = allocate(size) else { return nil }
        moved.copyMemory(from: pointer, byteCount: old)
        return moved
    }
}

private func arenaCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    let (total, overflow) = count.multipliedReportingOverflow(by: size)
    guard !overflow, total < Int.max / 2 else { return nil }
    guard let memory = MarkdownArena.current.pointee.allocate(total) else { return nil }
    memset(memory, 0, total)
    return memory
}

private func arenaRealloc(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    guard size < Int.max / 2 else { return nil }
    guard let pointer else { return MarkdownArena.current.pointee.allocate(size) }
    return MarkdownArena.current.pointee.grow(pointer, to: size)
}

private func arenaFree(_ pointer: UnsafeMutableRawPointer?) {}
