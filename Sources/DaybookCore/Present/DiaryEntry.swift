/// An entry placed in the site: its resolved date, its slug and its display date.
public struct DiaryEntry: Sendable {
    public var entry: Entry
    public var moment: Moment
    public var slug: String
    /// Medium date style, with short time where the source had one.
    public var dateText: String
    public var wordCount: Int

    /// The entry page's folder: `entries/<slug>/`.
    public var folder: String { "entries/\(slug)/" }
}
