import Foundation

/// Where a site's template writes a link, for a message about it: the first template that
/// writes `target` as an attribute's whole value, as it is (`="target"`) or after a tag
/// (`="{{chrome.rootHref}}assets/a.png"` for `../../assets/a.png`: the tag may have written the `../`).
public enum TemplatePlace {
    /// The file (as `templates` names it), line and column of the first such place in
    /// `templates`, in their order; nil when none writes it so (a value wrote it).
    public static func of(_ target: String, in templates: [(file: String, text: String)]) -> (file: String, line: Int, column: Int)? {
        var written = [target]
        while let last = written.last, last.hasPrefix("../") { written.append(String(last.dropFirst(3))) }
        for template in templates {
            for quote in ["\"", "'"] {
                for (ups, text) in written.enumerated() {
                    var from = template.text.startIndex
                    while let range = template.text.range(of: text + quote, range: from..<template.text.endIndex) {
                        from = template.text.index(after: range.lowerBound)
                        let before = template.text[..<range.lowerBound]
                        guard (ups == 0 && before.hasSuffix("=" + quote)) || before.hasSuffix("}}") else { continue }
                        let offset = template.text.utf8.distance(from: template.text.startIndex, to: range.lowerBound)
                        let place = SourcePosition(offset: offset, in: Array(template.text.utf8))
                        return (template.file, place.line, place.column)
                    }
                }
            }
        }
        return nil
    }
}
