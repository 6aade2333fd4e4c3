/// A photo of an entry as written in its `photos` list: a path relative to the site folder
/// (`"photos/beach.jpg"`), or an object `{"src", "alt", "caption"}`.
public struct EntryPhoto: Sendable, Equatable, Hashable {
    public var path: String
    /// Text for readers who cannot see the photo; nil: the entry's title stands for it.
    public var alt: String?
    /// Shown under the photo (`<figcaption>`).
    public var caption: String?

    public init(path: String, alt: String? = nil, caption: String? = nil) {
        self.path = path
        self.alt = alt
        self.caption = caption
    }
}

extension EntryPhoto: ExpressibleByStringLiteral {
    /// A photo given by its path alone.
    public init(stringLiteral path: String) {
        self.init(path: path)
    }
}
