/// Memory handed to parallel workers that each fill their own, disjoint part of it.
struct SendablePointer<Pointee>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Pointee>
}
