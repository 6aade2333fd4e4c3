/// One of a published entry's or page's old addresses (``AliasPath``): the file its page is
/// written to, the entry or page it leads to and where the alias is written, for messages.
public struct DiaryAlias: Sendable, Equatable {
    /// The page's path in the output, such as `posts/walk/index.html`.
    public var file: String
    /// What it leads to.
    public var target: Target
    /// The data file the alias is written in, and its place there.
    public var sourceFile: String
    public var position: SourcePosition

    /// An entry (its index in ``Diary/entries``) or a page of the site's own (in ``Diary/pages``).
    public enum Target: Sendable, Equatable {
        case entry(Int)
        case page(Int)
    }

    /// An error about this alias, at its place in the data.
    func error(_ reason: String) -> SiteError {
        SiteError(file: sourceFile, line: position.line, column: position.column, reason: reason)
    }
}
