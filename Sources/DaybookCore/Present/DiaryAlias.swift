/// One of a published entry's old addresses (``AliasPath``): the file its page is written to,
/// the entry it leads to and where the alias is written in the data, for messages.
public struct DiaryAlias: Sendable, Equatable {
    /// The page's path in the output, such as `posts/walk/index.html`.
    public var file: String
    /// The entry's index in ``Diary/entries``.
    public var entry: Int
    /// The data file the alias is written in, and its place there.
    public var sourceFile: String
    public var position: SourcePosition

    /// An error about this alias, at its place in the data.
    func error(_ reason: String) -> SiteError {
        SiteError(file: sourceFile, line: position.line, column: position.column, reason: reason)
    }
}
