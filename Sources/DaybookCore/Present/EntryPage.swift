/// `entries/<slug>/index.html`: one entry with its date, cards, photos and body.
public struct EntryPage: Sendable, Encodable {
    public var chrome: PageChrome
    public var title: String
    public var dateText: String
    public var dateMachine: String
    public var cards: NonEmptyList<InfoCard>?
    public var photos: NonEmptyList<Photo>?
    /// The body rendered by cmark-gfm (trusted HTML).
    public var bodyHTML: String
    public var newer: LinkItem?
    public var older: LinkItem?
    public var newerLabel: String
    public var olderLabel: String

    /// A photo of an entry.
    public struct Photo: Sendable, Encodable {
        public var src: String
        public var alt: String
        public var width: Int?
        public var height: Int?
    }
}
