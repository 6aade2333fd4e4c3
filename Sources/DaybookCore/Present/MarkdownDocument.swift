/// A Markdown output (`todos.md`, `reports/<yyyy-MM>.md`): its view model holds text already
/// escaped for Markdown, bound with triple mustaches.
public struct MarkdownDocument: Sendable, Encodable {
    public var title: String
    public var subtitle: String?
    public var cards: [Row]
    public var cardHeader: Row?
    public var days: [Day]
    public var todoSections: [TodoList]

    public struct Row: Sendable, Encodable {
        public var title: String
        public var value: String
    }

    public struct Day: Sendable, Encodable {
        public var heading: String
        public var entries: [Item]
    }

    public struct Item: Sendable, Encodable {
        public var title: String
        public var meta: String
        public var photos: [Photo]
        public var body: String
        /// The entry page's folder (`entries/<slug>/`): the body's relative links are written for
        /// it. For the renderer; not a value of the template.
        public var entryFolder: String

        enum CodingKeys: String, CodingKey {
            case title, meta, photos, body
        }
    }

    /// An image line: its alt text, where it is, and the caption written under it.
    public struct Photo: Sendable, Encodable {
        public var alt: String
        public var src: String
        public var caption: String?
    }

    public struct TodoList: Sendable, Encodable {
        public var title: String
        public var items: [Todo]
        public var emptyText: String

        public struct Todo: Sendable, Encodable {
            public var mark: String
            public var text: String
        }
    }
}
