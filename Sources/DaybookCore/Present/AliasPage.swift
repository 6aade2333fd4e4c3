/// A page at an entry's old address (`aliases`): it sends the reader on to the entry's page.
public struct AliasPage: Sendable, Encodable {
    public var lang: String
    public var dir: String
    /// The entry's title.
    public var title: String
    /// The entry's page, relative to this one.
    public var href: String
    /// The entry page's full URL, when the site has a `baseURL`.
    public var canonical: String?
    /// "This page has moved:", before the link.
    public var movedText: String
}
