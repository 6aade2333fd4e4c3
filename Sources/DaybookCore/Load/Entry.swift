/// One diary entry, as loaded from `diary.json` or `diary/*.json`.
public struct Entry: Sendable, Equatable {
    /// The `id` as written (a string, or an integer's digits); nil when absent.
    public var id: String?
    public var title: String
    public var date: ISODate
    public var body: String = ""
    public var photos: [String] = []
    public var tags: [String] = []
    public var mood: String?
    public var weather: String?
    public var location: String?
    public var draft: Bool = false
    /// Where the entry's object starts, for messages about it.
    public var origin: SourceOrigin
    /// Where each photo path is written.
    public var photoOrigins: [SourceOrigin] = []

    public init(id: String? = nil, title: String, date: ISODate, origin: SourceOrigin) {
        self.id = id
        self.title = title
        self.date = date
        self.origin = origin
    }
}

/// A place in an input file: the file as the user names it and a byte offset into it.
public struct SourceOrigin: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public func error(_ reason: String) -> SiteError {
        SiteError(file: file, line: line, column: column, reason: reason)
    }
}
