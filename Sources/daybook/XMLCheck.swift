import DaybookCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `daybook check`'s look at the two XML files a build writes, `feed.xml` and `sitemap.xml`: a
/// template of the site's own can make them malformed (an unclosed `<b>` in a feed's title),
/// which feed readers and search engines refuse. Read with Foundation's XMLParser (libxml2);
/// only `check` does it, so a build's time is not spent on it.
enum XMLCheck {
    /// The XML files checked, each with the template that makes it and who reads it.
    static let files = [("feed.xml", "feed.xml.mustache", "feed readers"), ("sitemap.xml", "sitemap.xml.mustache", "search engines")]

    /// An error for each of the files in `output` (the check's temporary site) that is not
    /// well-formed XML, at its line and column in the file, naming the template that made it
    /// (the site's own, shown as `site/templates/feed.xml.mustache`, else the built-in theme's).
    static func errors(output: String, site: String) -> [SiteError] {
        files.compactMap { file, template, readers in
            guard let data = FileManager.default.contents(atPath: output + "/" + file) else { return nil }
            let parser = XMLParser(data: data)
            parser.shouldResolveExternalEntities = false
            let first = FirstError()
            parser.delegate = first
            // Foundation's parse() on Linux can say true for a document libxml2 found an error in.
            guard !parser.parse() || parser.parserError != nil else { return nil }
            let loader = SiteLoader(root: site)
            let own = FileManager.default.fileExists(atPath: loader.fullPath("templates/" + template))
            let maker = own ? loader.displayPath("templates/" + template) : "the built-in theme's \(template)"
            let place = first.place ?? (parser.lineNumber, parser.columnNumber)
            let problem = (first.error ?? parser.parserError).map(describe) ?? "the parser stopped"
            return SiteError(file: file, line: max(place.line, 1), column: max(place.column, 1),
                             reason: "not well-formed XML (\(problem)), as \(maker) made it: \(readers) refuse it")
        }
    }

    /// The parser's error in words, by libxml2's code (Foundation gives no message of its own on
    /// Linux, and its `XMLParser.ErrorCode` cases there are numbered otherwise than libxml2's codes).
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        return words[code] ?? "libxml2 error \(code)"
    }

    /// libxml2's codes (`xmlParserErrors`) a template's mistake most likely makes.
    static let words: [Int: String] = [
        4: "the document is empty",
        5: "the document ends early: an element is left open",
        9: "a character XML does not allow",
        22: "an & with no name after it (write &amp;)",
        23: "an entity without its ; (write &amp; for an &)",
        26: "an entity XML does not know (it has only &amp; &lt; &gt; &quot; &apos;)",
        38: "a < in an attribute's value",
        41: "an attribute without a value",
        42: "an attribute given twice",
        45: "a comment not closed",
        68: "a name expected (a bare & or <?)",
        73: "a > expected",
        76: "a closing tag that is not the open element's",
        77: "a tag not closed",
        85: "elements not well nested",
        86: "content after the document's element",
    ]

    /// Keeps the parser's first error and where it was: it stops at the end of the document, not there.
    final class FirstError: NSObject, XMLParserDelegate {
        var error: Error?
        var place: (line: Int, column: Int)?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard error == nil else { return }
            error = parseError
            place = (parser.lineNumber, parser.columnNumber)
        }
    }
}
