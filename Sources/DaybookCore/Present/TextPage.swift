/// `about/index.html`: a page of the site's own (`pages/about.md`), its title and its body.
public struct TextPage: Sendable, Encodable {
    public var chrome: PageChrome
    public var title: String
    /// The body rendered by cmark-gfm (trusted HTML), as an entry's is.
    public var bodyHTML: String
    /// The page's language when it is not the site's (``TextLanguage``): `ko`, or nil.
    public var textLang: String?
    /// "Draft" for a draft page in a build that includes it (`--drafts`).
    public var statusLabel: StatusLabel? = nil
}
