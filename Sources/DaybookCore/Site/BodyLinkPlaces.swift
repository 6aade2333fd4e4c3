import Foundation

/// Where the links of entries' bodies are written in the data, for `daybook check`: a link of an
/// entry's page is told at its destination in the entry's `body` string (`diary.json:4:20`)
/// when the body writes it as the page has it.
public struct BodyLinkPlaces: Sendable, Equatable {
    /// Each entry page's path in the output, and where its entry's `body` string starts.
    var bodies: [String: SourceOrigin] = [:]
    /// The site's `unsafeHTML`: whether a body's own HTML, and the links in it, are on its page.
    var unsafeHTML = false

    /// Occurrences of a destination looked at in one body, at most: each is rendered.
    static let candidateLimit = 100
    /// Problems of one body told at their place, at most; the rest at the body. Each place is a
    /// pass over the body (rendered once): a body with thousands of missing images took minutes.
    public static let placesPerBody = 20
    /// How many places each body (by its page) has been asked for.
    private let asked = AskedCounts()

    public init() {}

    public static func == (a: BodyLinkPlaces, b: BodyLinkPlaces) -> Bool {
        a.bodies == b.bodies && a.unsafeHTML == b.unsafeHTML
    }

    /// Counts of the places asked for, by page; shared by copies, safe from any thread.
    private final class AskedCounts: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        /// Whether `page` may be asked for one more place (``placesPerBody``).
        func allowsOneMore(_ page: String) -> Bool {
            lock.withLock {
                counts[page, default: 0] += 1
                return counts[page]! <= BodyLinkPlaces.placesPerBody
            }
        }
    }

    /// `file:line:column` of the first place where the body of `page`'s entry writes `target`
    /// as a link's or an image's destination, as the page has it; nil when the page is no
    /// entry's, or its body does not write it so (a link of the theme or of a photo, or one the
    /// Markdown renderer wrote otherwise, percent-escaped), and past ``placesPerBody`` of the page's.
    public func place(of target: String, on page: String) -> String? {
        guard let origin = bodies[page], asked.allowsOneMore(page), let at = Self.origin(of: target, inBody: origin, unsafeHTML: unsafeHTML) else { return nil }
        return "\(at.file):\(at.line):\(at.column)"
    }

    /// Where the body whose string starts at `body` first writes `target` as a link's or an
    /// image's destination (an image's error is told there); nil when it does not write it so.
    static func origin(of target: String, inBody body: SourceOrigin, unsafeHTML: Bool) -> SourceOrigin? {
        guard let file = body.fileBytes, !target.isEmpty, let text = JSONStringText(in: file, at: body.offset) else { return nil }
        let found = candidates(of: Array(target.utf8), in: text.bytes)
        guard !found.isEmpty, let first = firstDestination(found, length: target.utf8.count, in: text.bytes,
                                                           unsafeHTML: unsafeHTML) else { return nil }
        return body.moved(to: text.fileOffsets[first])
    }

    /// Where the byte at `offset` of the body whose string starts at `body` is written in its file.
    static func origin(atOffset offset: Int, inBody body: SourceOrigin) -> SourceOrigin? {
        guard let file = body.fileBytes, let text = JSONStringText(in: file, at: body.offset), offset >= 0,
              offset < text.fileOffsets.count else { return nil }
        return body.moved(to: text.fileOffsets[offset])
    }

    /// `file:line:column` of the first place where the page of `pages/` in `file` writes `target`
    /// as a link's or an image's destination, else where its text first has it (a link of a
    /// page's own HTML), else the file alone.
    public func place(of target: String, inPageFile file: String) -> String {
        guard asked.allowsOneMore(file), let data = FileManager.default.contents(atPath: file), data.count <= PageFile.maxBytes,
              let page = PageFile.read(Array(data), path: "", file: file).page else { return file }
        let at = Self.origin(of: target, inPage: page, unsafeHTML: unsafeHTML)
        return "\(at.file):\(at.line):\(at.column)"
    }

    /// Where `page` first writes `target` as a link's or an image's destination (not in a code
    /// span or a link's text before it), else ``PageFile/origin(of:)``.
    static func origin(of target: String, inPage page: PageFile, unsafeHTML: Bool) -> SourceOrigin {
        guard !target.isEmpty, let bytes = page.origin.fileBytes, page.bodyOffset <= bytes.count else { return page.origin(of: target) }
        let body = Array(bytes[page.bodyOffset...])
        let found = candidates(of: Array(target.utf8), in: body)
        guard !found.isEmpty, let first = firstDestination(found, length: target.utf8.count, in: body, unsafeHTML: unsafeHTML) else {
            return page.origin(of: target)
        }
        return page.origin.moved(to: page.bodyOffset + first)
    }

    /// The offsets where `target` is written between what may bound a destination: `](` or `](<`
    /// before, a reference definition's `]:` and white space, an attribute's `="`; the first
    /// ``candidateLimit``.
    static func candidates(of target: [UInt8], in text: [UInt8]) -> [Int] {
        let before = Set("(<:=\"' \t\n\r".utf8), after = Set(")>\"' \t\n\r".utf8)
        var found: [Int] = []
        var i = 0
        while i + target.count <= text.count, found.count < candidateLimit {
            if text[i] == target[0], i == 0 || before.contains(text[i - 1]),
               i + target.count == text.count || after.contains(text[i + target.count]),
               text[i..<(i + target.count)].elementsEqual(target) {
                found.append(i)
                i += target.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// The first of `candidates` (offsets of a destination `length` bytes long in `text`) that is a
    /// link's or an image's whole destination on the page: each is given a name of its own, and
    /// the text is rendered once; the first whose name is an `href`, a `src` or a `srcset` candidate is it.
    static func firstDestination(_ candidates: [Int], length: Int, in text: [UInt8], unsafeHTML: Bool) -> Int? {
        var stem = "daybook-probe-"
        while text.count >= stem.utf8.count, text.firstRange(of: Array(stem.utf8)) != nil { stem += "x" }
        var probed: [UInt8] = []
        probed.reserveCapacity(text.count + candidates.count * (stem.utf8.count + 3))
        var copied = 0
        for (n, at) in candidates.enumerated() {
            probed += text[copied..<at]
            probed += Array((stem + String(n)).utf8)
            copied = at + length
        }
        probed += text[copied...]
        let html = MarkdownRenderer(unsafeHTML: unsafeHTML).html(String(decoding: probed, as: UTF8.self))
        // A body's own HTML may name an image's candidates (`<img srcset="a.jpg 1x, b.jpg 2x">`).
        let inSrcset = html.contains("srcset=\"") ? Set(LinkChecker.srcsetLinks(in: html)) : []
        return candidates.indices.first { n in
            ["href", "src"].contains { html.contains(" \($0)=\"\(stem)\(n)\"") } || inSrcset.contains(stem + String(n))
        }.map { candidates[$0] }
    }
}

extension BodyLinkPlaces: Encodable {
    /// Each entry page's body's place (`"entries/walk/index.html": "diary.json:4:12"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bodies.mapValues { "\($0.file):\($0.line):\($0.column)" })
    }
}
