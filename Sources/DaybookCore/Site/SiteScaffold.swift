import Foundation

/// The files of a small ready site that `daybook new` writes: a config, a few entries,
/// a todo list and an about page (`pages/about.md`) to start from, written in the site's language when the theme has it
/// (``Starter``), else in English.
public enum SiteScaffold {
    /// Whether `title` is one of the sample entries' titles `daybook new` writes, in any of its
    /// languages ("Hello, Daybook", "안녕, Daybook").
    public static func isSampleTitle(_ title: String) -> Bool {
        Starter.all.values.contains { $0.firstTitle == title || $0.secondTitle == title }
    }

    /// The files, with the site's `locale` and `timeZone` (the user's, for `daybook new`); the
    /// sample entries are dated the day before `today` at 09:00 and `today`, days in `timeZone`.
    public static func files(title: String, locale: String = "en_US", timeZone: String = "UTC",
                             today: CalendarDay) -> [String: [UInt8]] {
        let words = Starter.of(language: UIStrings.language(ofLocale: locale))
        let config = JSONWriter.write(.object([
            JSONMember(key: "title", keyOffset: 0, value: JSONNode(value: .string(title), offset: 0)),
            JSONMember(key: "description", keyOffset: 0, value: JSONNode(value: .string(words.description), offset: 0)),
            JSONMember(key: "locale", keyOffset: 0, value: JSONNode(value: .string(locale), offset: 0)),
            JSONMember(key: "timeZone", keyOffset: 0, value: JSONNode(value: .string(timeZone), offset: 0)),
            JSONMember(key: "pageSize", keyOffset: 0, value: JSONNode(value: .number("20"), offset: 0)),
        ]))
        return [
            "daybook.json": config,
            "diary.json": Array(diary(words, today: today, timeZone: timeZone).utf8),
            "todos.json": Array(todos(words).utf8),
            "pages/about.md": Array("---\ntitle: \(json(words.aboutTitle))\n---\n\(words.aboutBody)\n".utf8),
            ".gitignore": Array("_site/\n.daybook-cache/\n.diary.json.lock\n.todos.json.lock\n".utf8),
        ]
    }

    static func diary(_ w: Starter, today: CalendarDay, timeZone: String) -> String {
        let yesterday = CalendarDay(daysSinceEpoch: today.daysSinceEpoch - 1)
        return """
        [
          {
            "title": \(json(w.firstTitle)),
            "date": "\(morning(of: yesterday, timeZone: timeZone).isoText)",
            "body": \(json(w.firstBody)),
            "tags": ["daybook"],
            "mood": \(json(w.firstMood)),
            "weather": \(json(w.firstWeather)),
            "location": \(json(w.firstLocation))
          },
          {
            "title": \(json(w.secondTitle)),
            "date": "\(today)",
            "body": \(json(w.secondBody)),
            "tags": ["daybook", \(json(w.walkTag))],
            "mood": \(json(w.secondMood))
          }
        ]

        """
    }

    static func todos(_ w: Starter) -> String {
        """
        [
          {"id": 1, "detail": \(json(w.todos[0])), "isDone": true, "isToday": true},
          {"id": 2, "detail": \(json(w.todos[1])), "isDone": false, "isToday": true},
          {"id": 3, "detail": \(json(w.todos[2])), "isDone": false, "isToday": false}
        ]

        """
    }

    /// 09:00 on `day` in `timeZone`, with the zone's offset then (UTC's when the zone is unknown).
    static func morning(of day: CalendarDay, timeZone: String) -> ISODate {
        let wallClock = Int64(day.daysSinceEpoch) * 86_400 + 9 * 3600
        var offset = 0
        if let zone = TimeZone(identifier: timeZone) {
            // The offset at the instant the wall clock shows 09:00: guessed, then read again there.
            let guess = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wallClock)))
            offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wallClock - Int64(guess))))
        }
        return ISODate(day: day, secondOfDay: 9 * 3600, utcOffset: offset)
    }

    /// A JSON string literal.
    private static func json(_ text: String) -> String {
        var out: [UInt8] = []
        var copy = text
        copy.withUTF8 { JSONWriter.appendString(bytes: $0, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}
