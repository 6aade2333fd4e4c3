// libFuzzer target over TOML front matter (built by scripts/fuzz from Sources/DaybookCore/Load's
// FrontMatter.swift and TOMLFrontMatter.swift, with Sources/CTOML's toml++ compiled for coverage
// and AddressSanitizer).
//
// Each input is parsed as TOML front matter, on its own and as a note's `+++` block. A result is
// a map whose values sit at 1-based places, no deeper than `FrontMatter.maxDepth` and no more
// than `FrontMatter.maxNodes`; a refusal has a place and a reason. Nothing may trap.

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("TOMLFuzz: invariant failed: \(message())") }
}

/// The values of `value` (itself included) and how deep it goes below `depth`.
private func walk(_ value: FrontMatter.Value, depth: Int, count: inout Int) -> Int {
    count += 1
    let (line, column) = value.position
    check(line >= 1 && column >= 1, "a value at \(line):\(column)")
    switch value {
    case .scalar: return depth
    case .list(let items, _, _): return items.map { walk($0, depth: depth + 1, count: &count) }.max() ?? depth
    case .map(let pairs, _, _, _): return pairs.map { walk($0.value, depth: depth + 1, count: &count) }.max() ?? depth
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    switch TOMLFrontMatter.parse(text) {
    case .success(let value?):
        guard case .map = value else { check(false, "the root is not a map"); return 0 }
        var count = 0
        let depth = walk(value, depth: 0, count: &count)
        check(depth <= FrontMatter.maxDepth, "nested \(depth) deep")
        check(count <= FrontMatter.maxNodes, "\(count) values")
    case .success(nil):
        break
    case .failure(let problem):
        check(problem.line >= 1 && problem.column >= 1 && !problem.reason.isEmpty, "a problem without a place or reason: \(problem)")
    }
    let split = FrontMatter.split("+++\n" + text + "\n+++\nbody")
    if split.text != nil {
        check(split.syntax == .toml, "a +++ block read as YAML")
        _ = FrontMatter.parse(split.text!, as: .toml)
    }
    return 0
}
