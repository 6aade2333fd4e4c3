/// What `daybook add` puts into a new diary entry, before ``DiaryStore`` checks and writes it.
public struct NewEntry: Sendable, Equatable {
    /// Required; not empty or only white space.
    public var title: String
    /// ISO 8601 text, written as given (so `2021-11-13` stays a day without a time).
    public var date: String
    /// Markdown; left out of the entry when empty.
    public var body: String = ""
    public var tags: [String] = []
    public var mood: String?
    public var weather: String?
    public var location: String?
    /// The IANA zone it was written in (`Asia/Tokyo`, away from home): its `"timeZone"`, so that
    /// it shows that zone's time and stays on that day.
    public var timeZone: String?
    /// Files as the user named them (relative to the current folder, or absolute). One inside
    /// the site's `photos/` is referenced where it is; any other is copied into `photos/`.
    public var photos: [String] = []
    /// Written as `"draft": true`: the build leaves it out unless `--drafts`.
    public var draft = false
    /// Written as the entry's `"id"` (its URL) when given: ``DiaryStore/idKeepingURLs(for:in:)``.
    public var id: String?

    public init(title: String, date: String) {
        self.title = title
        self.date = date
    }
}
