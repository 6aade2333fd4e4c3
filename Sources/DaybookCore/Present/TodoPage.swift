/// `todos/index.html`: the Today and Upcoming sections.
public struct TodoPage: Sendable, Encodable {
    public var chrome: PageChrome
    public var heading: String
    public var sections: [Section]
    public var cards: NonEmptyList<InfoCard>?

    /// A titled list of todos.
    public struct Section: Sendable, Encodable {
        public var title: String
        public var id: String
        public var items: NonEmptyList<Item>?
        public var emptyText: String
        public var href: String?
        public var linkText: String?
    }

    public struct Item: Sendable, Encodable {
        public var detail: String
        public var isDone: Bool
        public var isOverdue: Bool
        public var dueText: String?
        public var dueMachine: String?
        /// "Done", "Overdue", or nil.
        public var status: String?
        public var tags: [String]
        public var priority: String?
        /// "Priority A", for screen readers.
        public var priorityLabel: String?
        public var notes: [String] = []
    }
}
