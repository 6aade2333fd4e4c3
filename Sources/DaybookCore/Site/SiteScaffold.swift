/// The files of a small ready site that `daybook new` writes: a config, a few entries
/// and a todo list to start from.
public enum SiteScaffold {
    /// The files, with the site's `locale` and `timeZone` (the user's, for `daybook new`).
    public static func files(title: String, locale: String = "en_US", timeZone: String = "UTC") -> [String: [UInt8]] {
        let config = JSONWriter.write(.object([
            JSONMember(key: "title", keyOffset: 0, value: JSONNode(value: .string(title), offset: 0)),
            JSONMember(key: "description", keyOffset: 0, value: JSONNode(value: .string("A diary kept with Daybook."), offset: 0)),
            JSONMember(key: "locale", keyOffset: 0, value: JSONNode(value: .string(locale), offset: 0)),
            JSONMember(key: "timeZone", keyOffset: 0, value: JSONNode(value: .string(timeZone), offset: 0)),
            JSONMember(key: "pageSize", keyOffset: 0, value: JSONNode(value: .number("20"), offset: 0)),
        ]))
        return [
            "daybook.json": config,
            "diary.json": Array(diary.utf8),
            "todos.json": Array(todos.utf8),
            ".gitignore": Array("_site/\n.daybook-cache/\n.diary.json.lock\n.todos.json.lock\n".utf8),
        ]
    }

    static let diary = """
    [
      {
        "title": "Hello, Daybook",
        "date": "2026-01-01T09:00:00Z",
        "body": "This is the first entry. Write **Markdown** here: lists, tables, task lists.\\n\\n- [x] Make a site with `daybook new`\\n- [ ] Write an entry a day\\n\\nRun `daybook build` and open `_site/index.html`.",
        "tags": ["daybook"],
        "mood": "Curious",
        "weather": "Clear",
        "location": "Home"
      },
      {
        "title": "A second day",
        "date": "2026-01-02",
        "body": "| Day | Steps |\\n|---|---:|\\n| Thu | 8,042 |\\n| Fri | 10,311 |\\n\\nDates without a time stay on their day in every time zone.",
        "tags": ["daybook", "walk"],
        "mood": "Calm"
      }
    ]

    """

    static let todos = """
    [
      {"id": 1, "detail": "Read the README", "isDone": true, "isToday": true},
      {"id": 2, "detail": "Write today's entry", "isDone": false, "isToday": true},
      {"id": 3, "detail": "Set a baseURL in daybook.json to get a feed", "isDone": false, "isToday": false}
    ]

    """
}
