/// Relative links from one page of the site to another, so the output works from any
/// sub-path and straight from disk. Pages are folders (`entries/x/`) holding `index.html`.
public struct Links: Sendable {
    /// The folder of the page the links are written into: `""` for the home page, `"entries/x/"`.
    public let from: String
    /// false: links to pages end in `index.html`; true: they end in `/`.
    public let prettyURLs: Bool

    /// `from` percent-encoded, to match encoded targets against.
    private let urlFrom: String

    public init(from folder: String, prettyURLs: Bool) {
        from = folder
        urlFrom = Slug.urlPath(folder)
        self.prettyURLs = prettyURLs
    }

    /// A link to the page in `folder` (`""`, `"months/2021-11/"`).
    public func page(_ folder: String) -> String {
        relative(folder, encoded: false, page: true)
    }

    /// A link to the page in `folder` given already percent-encoded (``Slug/urlPath(_:)``).
    public func page(url folder: String) -> String {
        relative(folder, encoded: true, page: true)
    }

    /// A link to a file (`"assets/style.css"`, `"feed.xml"`).
    public func file(_ path: String) -> String {
        relative(path, encoded: false, page: false)
    }

    /// ``page(url:)`` appended to `out` as UTF-8, without a string made for it (the search index
    /// writes a link for each entry and each of its tags).
    public func appendPage(url folder: String, to out: inout [UInt8]) {
        var from = urlFrom
        var target = folder
        from.withUTF8 { f in
            target.withUTF8 { t in
                let (ups, shared) = Self.climb(from: f, to: t)
                let rest = UnsafeBufferPointer(rebasing: t[shared...])
                for _ in 0..<ups {
                    out.append(UInt8(ascii: "."))
                    out.append(UInt8(ascii: "."))
                    out.append(UInt8(ascii: "/"))
                }
                out.append(contentsOf: rest)
                suffix(ups: ups, rest: rest, page: true).withUTF8Buffer { out.append(contentsOf: $0) }
            }
        }
    }

    /// How many folders of `f` are below the part it shares with `t` (the `../` a link climbs),
    /// and where in `t` the rest starts.
    private static func climb(from f: UnsafeBufferPointer<UInt8>, to t: UnsafeBufferPointer<UInt8>) -> (ups: Int, shared: Int) {
        var i = 0, shared = 0
        while i < f.count, i < t.count, f[i] == t[i] {
            if f[i] == UInt8(ascii: "/") { shared = i + 1 }
            i += 1
        }
        var ups = 0
        for k in shared..<f.count where f[k] == UInt8(ascii: "/") { ups += 1 }
        return (ups, shared)
    }

    /// What a link ends with after its path: a page's `index.html`, or (pretty URLs) `./` for an empty link.
    private func suffix(ups: Int, rest: UnsafeBufferPointer<UInt8>, page: Bool) -> StaticString {
        !page ? "" : prettyURLs ? (ups == 0 && rest.isEmpty ? "./" : "") : "index.html"
    }

    /// `../` for each folder of `from` below the part it shares with `target`, then the
    /// rest of `target`, percent-encoded unless `encoded`; for a page, `index.html` or
    /// (pretty URLs) `./` for an empty link.
    private func relative(_ target: String, encoded: Bool, page: Bool) -> String {
        var from = encoded ? urlFrom : from
        var target = target
        return from.withUTF8 { f in
            target.withUTF8 { t in
                let (ups, shared) = Self.climb(from: f, to: t)
                let rest = UnsafeBufferPointer(rebasing: t[shared...])
                if encoded || rest.allSatisfy(Slug.isSafeInURL) { return link(ups: ups, rest: rest, page: page) }
                var escaped = Slug.urlPath(String(decoding: rest, as: UTF8.self))
                return escaped.withUTF8 { link(ups: ups, rest: $0, page: page) }
            }
        }
    }

    /// `ups` times `../`, then `rest` (already percent-encoded), then a page's ending.
    private func link(ups: Int, rest: UnsafeBufferPointer<UInt8>, page: Bool) -> String {
        let suffix = suffix(ups: ups, rest: rest, page: page)
        return String(unsafeUninitializedCapacity: ups * 3 + rest.count + suffix.utf8CodeUnitCount) { out in
            var n = 0
            for _ in 0..<ups {
                out[n] = UInt8(ascii: "."); out[n + 1] = UInt8(ascii: "."); out[n + 2] = UInt8(ascii: "/")
                n += 3
            }
            for byte in rest { out[n] = byte; n += 1 }
            suffix.withUTF8Buffer { for byte in $0 { out[n] = byte; n += 1 } }
            return n
        }
    }
}
