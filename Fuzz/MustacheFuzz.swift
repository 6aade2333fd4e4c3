// libFuzzer target over the Mustache compiler and renderer (Sources/Mustache/*.swift).
//
// Built by scripts/fuzz into one module with those sources. The input is split at its first two
// 0x00 bytes into the templates "main", "a" and "b" (missing parts are simply absent), each
// compiled with `Template(bytes:name:)`; the ones that compile form a `TemplateLibrary`, "main"
// is rendered against a fixed nested context (so dotted names, lists, falsey values and dynamic
// partial names `{{>*n}}` all resolve), "a" through the library, and `missingPartials()` runs.
// Nothing may trap; the `check`s are documented contracts (error positions are 1-based, valid
// UTF-8 sources render to valid UTF-8).

private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("MustacheFuzz: invariant failed: \(message())")
    }
}

private let context: MustacheValue = [
    "a": "A & <b> \"q\" 'x'",
    "b": true,
    "c": ["a": 1, "b": ["c": 2.5, "d": "deep"], "list": [1, 2, 3]],
    "n": "a",                      // {{>*n}} -> partial "a"
    "p": "b",                      // {{>*p}} -> partial "b"
    "m": "main",                   // {{>*m}} -> itself
    "list": [1, "two", ["a": "in list", "b": false], [], nil, 3.25, ["c": ["a": "x"]]],
    "empty": [],
    "obj": [:],
    "zero": 0,
    "neg": -12,
    "big": .int(Int.max),
    "small": .int(Int.min),
    "d": 1e300,
    "nan": .double(.nan),
    "inf": .double(-.infinity),
    "f": false,
    "s": "",
    "nil": nil,
    "u": "é€😀\r\n\tline2",
    "x": ["y": ["z": ["n": "b"]]],
    "title": "Title <1>",
    "items": [["title": "one", "href": "/1/"], ["title": "two", "href": nil]],
]

private let names = ["main", "a", "b"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = bytes.split(separator: 0, maxSplits: names.count - 1, omittingEmptySubsequences: false)

    var templates: [String: Template] = [:]
    for (name, part) in zip(names, parts) {
        let source = Array(part)
        do {
            let template = try Template(bytes: source, name: name)
            for reference in template.partialNames {
                check(reference.line >= 1 && reference.column >= 1, "partial reference position \(reference)")
            }
            templates[name] = template
        } catch let error as TemplateError {
            check(error.name == name, "error names \(error.name), not \(name)")
            check(error.line >= 1 && error.column >= 1, "error position \(error)")
            check(error.line <= source.count(where: { $0 == 0x0A }) + 1, "error line past the end: \(error)")
            check(!error.reason.isEmpty, "error without reason")
        } catch {
            check(false, "Template(bytes:) threw a non-TemplateError: \(error)")
        }
    }

    let library = TemplateLibrary(templates: templates)
    for missing in library.missingPartials() {
        check(templates[missing.name] != nil, "missing partial reported in unknown template \(missing.name)")
        check(missing.line >= 1 && missing.column >= 1, "missing partial position \(missing)")
    }

    if let main = templates["main"] {
        var buffer: [UInt8] = []
        do {
            try main.render(context, partials: library, into: &buffer)
        } catch {
            // At the tag that recursed, in whichever template holds it, or at "main" itself.
            check(templates[error.name] != nil && !error.reason.isEmpty, "render limit error \(error)")
            if error.line > 0, let i = names.firstIndex(of: error.name), i < parts.count {
                check(error.line <= parts[i].count(where: { $0 == 0x0A }) + 1, "render limit error past the end: \(error)")
            }
        }
        check(String(validating: buffer, as: UTF8.self) != nil, "rendered invalid UTF-8 (\(buffer.count) bytes)")
        _ = try? main.render(.null)
    }
    if templates["a"] != nil {
        var buffer: [UInt8] = []
        try? library.render("a", ["list": context, "a": "b"], into: &buffer)
        check(String(validating: buffer, as: UTF8.self) != nil, "rendered invalid UTF-8 from \"a\"")
    }
    return 0
}
