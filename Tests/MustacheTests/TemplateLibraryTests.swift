import Foundation
@testable import Mustache
import Testing

/// Library lookups, missing-partial validation and concurrent rendering.
struct TemplateLibraryTests {
    @Test func namesAreSortedAndSubscriptFindsTemplates() throws {
        let library = try TemplateLibrary(sources: ["page": "p", "base": "b", "item": "i"])
        #expect(library.names == ["base", "item", "page"])
        #expect(try library["item"]?.render([:]) == "i")
        #expect(library["nope"] == nil)
    }

    @Test func initFromCompiledTemplatesUsesTheKeys() throws {
        let library = TemplateLibrary(templates: [
            "main": try Template("[{{>part}}]", name: "main.mustache"),
            "part": try Template("{{x}}", name: "part.mustache"),
        ])
        #expect(try library.render("main", ["x": "<y>"]) == "[&lt;y&gt;]")
    }

    @Test func renderingAnAbsentTemplateThrows() throws {
        let library = try TemplateLibrary(sources: ["a": "x"])
        #expect(throws: TemplateError(name: "missing", line: 0, column: 0, reason: "no template named \"missing\"")) {
            _ = try library.render("missing", [:])
        }
    }

    @Test func renderingAnAbsentTemplateIntoABufferThrowsAndAppendsNothing() throws {
        let library = try TemplateLibrary(sources: ["a": "x"])
        var buffer = Array("kept".utf8)
        #expect(throws: TemplateError(name: "gone", line: 0, column: 0, reason: "no template named \"gone\"")) {
            try library.render("gone", [:], into: &buffer)
        }
        #expect(buffer == Array("kept".utf8))
    }

    @Test func missingPartialsAreLocatedAtTheirTags() throws {
        let library = try TemplateLibrary(sources: [
            "page": "{{<layout}}\n{{$body}}\n  {{>card}} {{>footer}}\n{{/body}}\n{{/layout}}",
            "layout": "<main>{{$body}}{{/body}}</main>{{>*dynamic}}",
            "about": "é {{> nav }}",
            "footer": "f",
        ])
        #expect(library.missingPartials() == [
            TemplateError(name: "about", line: 1, column: 3, reason: "no template named \"nav\""),
            TemplateError(name: "page", line: 3, column: 3, reason: "no template named \"card\""),
        ])
        // Rendering still treats the missing partials as empty, per the spec; the block
        // content's common indentation is removed where it is defined.
        #expect(try library.render("page", [:]) == "<main> f\n</main>")
    }

    @Test func noMissingPartialsInACompleteLibrary() throws {
        let library = try TemplateLibrary(sources: ["a": "{{>b}}", "b": "{{<a}}{{/a}}"])
        #expect(library.missingPartials().isEmpty)
    }

    @Test func concurrentRenderingGivesIdenticalOutput() async throws {
        let library = try TemplateLibrary(sources: [
            "layout": "<ul>\n  {{$items}}{{/items}}\n</ul>\n",
            "page": "{{<layout}}{{$items}}\n{{#entries}}\n<li>{{>entry}}</li>\n{{/entries}}\n{{/items}}{{/layout}}",
            "entry": "{{title}} ({{score}})",
        ])
        var entries: [MustacheValue] = []
        for index in 0..<200 {
            entries.append(["title": .string("Entry <\(index)>"), "score": .double(Double(index) / 4)])
        }
        let context: MustacheValue = ["entries": .list(entries)]
        let reference = try library.render("page", context)
        #expect(reference.hasPrefix("<ul>\n  <li>Entry &lt;0&gt; (0)</li>\n  <li>Entry &lt;1&gt; (0.25)</li>\n"))

        let outputs = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var results: [String] = []
                    for _ in 0..<25 {
                        results.append(try library.render("page", context))
                    }
                    return results
                }
            }
            var all: [String] = []
            for try await batch in group {
                all += batch
            }
            return all
        }
        #expect(outputs.count == 400)
        #expect(outputs.allSatisfy { $0 == reference })
    }

    @Test func concurrentRenderingFromThreads() throws {
        let template = try Template("{{#list}}{{.}},{{/list}}")
        let context: MustacheValue = ["list": [1, "two", 3.5, true]]
        let results = ResultBox(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            var buffer: [UInt8] = []
            for _ in 0..<100 {
                buffer.removeAll(keepingCapacity: true)
                try? template.render(context, into: &buffer)
            }
            results.set(index, String(decoding: buffer, as: UTF8.self))
        }
        #expect(results.values == Array(repeating: "1,two,3.5,true,", count: 64))
    }

    /// Thread-safe result collection for the thread test.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String]

        init(count: Int) {
            storage = Array(repeating: "", count: count)
        }

        func set(_ index: Int, _ value: String) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }

        var values: [String] {
            lock.lock()
            defer { lock.unlock() }
            return storage
        }
    }
}

/// Blocks a template fills in a parent that has none of that name.
@Suite struct UnknownBlockTests {
    @Test func blocksOfTheParentItsParentsAndTheirPartialsAreKnown() throws {
        let library = try TemplateLibrary(sources: [
            "base": "<title>{{$title}}T{{/title}}</title>{{>footer}}",
            "footer": "{{$footer}}f{{/footer}}",
            "layout": "{{<base}}{{$title}}L{{/title}}{{/base}}{{$content}}{{/content}}",
            "page": "{{<layout}}{{$content}}c{{/content}}{{$title}}p{{/title}}{{$footer}}x{{/footer}}\n  {{$contnet}}y{{/contnet}}{{/layout}}",
            // Its own parent: its block is its parent's, and the walk ends.
            "loop": "{{<loop}}{{$a}}{{/a}}{{/loop}}",
        ])
        #expect(library.unknownBlocks() == [
            .init(template: "page", line: 2, column: 3, block: "contnet", parent: "layout", known: ["content", "footer", "title"]),
        ])
        #expect(try TemplateLibrary(sources: ["a": "{{<b}}{{$x}}{{/x}}{{/b}}", "b": "{{$x}}{{/x}}"]).unknownBlocks() == [])
    }
}

/// Found by a theming audit: a partial saved with a byte-order mark put U+FEFF in the middle of every page.
@Suite struct ByteOrderMarkTests {
    @Test func aByteOrderMarkAtTheStartIsNotText() throws {
        // Positions are the text's: line 2, column 1.
        do {
            _ = try Template(bytes: [0xEF, 0xBB, 0xBF] + Array("<p></p>\n{{y".utf8), name: "t")
            Issue.record("no error")
        } catch let error as TemplateError {
            #expect(error.line == 2 && error.column == 1)
        }
        #expect(try Template(bytes: [0xEF, 0xBB, 0xBF] + Array("<p>{{x}}</p>".utf8)).render(["x": "a"]) == "<p>a</p>")
        #expect(try Template(bytes: Array("a\u{FEFF}b".utf8)).render([:]) == "a\u{FEFF}b")
    }
}
