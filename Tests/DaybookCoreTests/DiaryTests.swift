import Testing
@testable import DaybookCore

@Suite struct DiaryTests {
    let formats = DateFormats(locale: "en_US", timeZone: "Asia/Seoul")
    let origin = SourceOrigin(file: "diary.json", line: 1, column: 1)

    func entry(_ title: String, _ date: String, id: String? = nil, line: Int = 1, tags: [String] = []) throws -> Entry {
        var e = Entry(id: id, title: title, date: try ISODate.parse(date).get(),
                      origin: SourceOrigin(file: "diary.json", line: line, column: 3))
        e.tags = tags
        return e
    }

    func diary(_ entries: [Entry], todos: [Todo] = [], now: String = "2021-11-15T00:00:00Z") throws -> Diary {
        var config = SiteConfig(title: "T")
        config.timeZone = "Asia/Seoul"
        let source = SiteSource(config: config, entries: entries, todos: todos)
        return try Diary(source: source, formats: formats, now: formats.moment(try ISODate.parse(now).get()), includeDrafts: false)
    }

    @Test func renderJobsStartWithTheSiteWidePagesThenTheLargestMonth() throws {
        var entries: [Entry] = []
        for (n, date) in ["2021-10-01", "2021-11-01", "2021-11-02", "2021-11-03"].enumerated() {
            entries.append(try entry("E\(n)", date, line: n + 1))
        }
        let d = try diary(entries)
        let pages: [SitePage] = [.home(page: 1), .entry(0), .entry(1), .entry(2), .entry(3), .report(0), .report(1),
                                 .monthArchive, .todos, .notFound, .search, .sitemap]
        #expect(RenderJob.plan(pages, diary: d) == [
            .pages([8]), .pages([11]), .pages([7]),
            .month(0, entryPages: [1, 2, 3], reportPage: 5),
            .month(1, entryPages: [4], reportPage: 6),
            .pages([0, 9, 10]),
        ])
    }

    @Test func monthsAreGroupedInTheSiteZone() throws {
        let d = try diary([try entry("Late", "2021-12-31T23:59:59Z"), try entry("Early", "2021-12-31T10:00:00Z", line: 2)],
                          now: "2022-01-15T00:00:00Z")
        #expect(d.months.map(\.key.description) == ["2022-01", "2021-12"])
        #expect(d.months.map(\.title) == ["January 2022", "December 2021"])
    }

    @Test func newestFirstWithDayGroups() throws {
        let d = try diary([
            try entry("A", "2021-11-01", line: 1),
            try entry("B", "2021-11-02T08:00:00+09:00", line: 2),
            try entry("C", "2021-11-02T20:00:00+09:00", line: 3),
        ])
        #expect(d.entries.map(\.entry.title) == ["C", "B", "A"])
        #expect(d.months[0].days.map(\.heading) == ["Tuesday, Nov 2, 2021", "Monday, Nov 1, 2021"])
        #expect(d.months[0].days[0].entries == [0, 1])
    }

    @Test func defaultSlugsAreDatedAndUniqueOldestFirst() throws {
        let d = try diary([
            try entry("Walk", "2021-11-01T08:00:00+09:00", line: 1),
            try entry("Walk", "2021-11-01T18:00:00+09:00", line: 2),
            try entry("Own", "2021-11-03", id: "my-id", line: 3),
        ])
        #expect(d.entries.map(\.slug) == ["my-id", "2021-11-01-walk-2", "2021-11-01-walk"])
    }

    /// Two entries of one title on one day without a time: the one written first keeps the URL
    /// it was published at, the one added after it gets `-2`. The one written later is the later
    /// one (newest first, it comes first: found by a daily-use audit, a report listed them backwards).
    @Test func anEntryAddedLaterOnTheSameDayGetsTheNumberedSlug() throws {
        let d = try diary([
            try entry("Walk", "2021-11-01", line: 1),
            try entry("Walk", "2021-11-01", line: 2),
            try entry("Walk", "2021-11-01", line: 3),
        ])
        #expect(d.entries.map(\.entry.origin.line) == [3, 2, 1])
        #expect(d.entries.map(\.slug) == ["2021-11-01-walk-3", "2021-11-01-walk-2", "2021-11-01-walk"])
    }

    @Test func duplicateExplicitIdsAreAnError() throws {
        #expect(throws: SiteErrors.self) {
            try diary([try entry("A", "2021-11-01", id: "x", line: 4), try entry("B", "2021-11-02", id: "X", line: 9)])
        }
    }

    @Test func draftsAreLeftOut() throws {
        var draft = try entry("Draft", "2021-11-01")
        draft.draft = true
        #expect(try diary([draft, try entry("Kept", "2021-11-02", line: 2)]).entries.map(\.entry.title) == ["Kept"])
    }

    @Test func tagsThatSlugAlikeAreOneTag() throws {
        let d = try diary([try entry("A", "2021-11-01", tags: ["Road Trip"]), try entry("B", "2021-11-02", line: 2, tags: ["road-trip", "산책"])])
        #expect(d.tags.map(\.slug) == ["road-trip", "산책"])
        #expect(d.tags[0].entries == [0, 1])
    }

    /// Found by a native users' audit: Arabic tags that differ by their optional vowel marks were
    /// two tags with two pages. One tag; a name that differs by a letter (`نزهه`) is another.
    @Test func arabicTagsWithAndWithoutHarakatAreOneTag() throws {
        let d = try diary([try entry("A", "2021-11-01", tags: ["نزهة"]), try entry("B", "2021-11-02", line: 2, tags: ["نُزهة", "نزهه"])])
        // The page keeps a name a spelling had (a tag of one spelling keeps its URL).
        #expect(d.tags.map(\.slug).sorted() == ["نزهه", "نُزهة"])
        #expect(d.tags.first { $0.slug == "نُزهة" }?.entries == [0, 1])
    }

    @Test func longestStreak() {
        let days = [1, 2, 3, 5, 6, 6, 10].map { CalendarDay(year: 2021, month: 11, day: $0) }
        #expect(Diary.longestStreak(days) == 3)
        #expect(Diary.longestStreak([]) == 0)
    }

    @Test func todaysTodosIncludeDueToday() {
        var a = Todo(id: 2, detail: "due today")
        a.due = CalendarDay(year: 2021, month: 11, day: 15)
        var b = Todo(id: 1, detail: "flagged")
        b.isToday = true
        var c = Todo(id: 3, detail: "late")
        c.due = CalendarDay(year: 2021, month: 11, day: 1)
        var d = Todo(id: 4, detail: "late but done")
        d.due = CalendarDay(year: 2021, month: 11, day: 1)
        d.isDone = true
        var e = Todo(id: 0, detail: "done long ago")
        e.due = CalendarDay(year: 2020, month: 1, day: 1)
        e.isDone = true
        let f = Todo(id: 5, detail: "some day")
        let sections = TodoSections([a, b, c, d, e, f], today: CalendarDay(year: 2021, month: 11, day: 15))
        // An open one past its due day is for today too (a daily-use audit found it "upcoming").
        #expect(sections.today.map(\.id) == [1, 2, 3])
        // Open ones by due day; done ones the file gives no day for are Done, the later id first
        // (an import audit found todo.txt's `x Buy bread` listed as Upcoming).
        #expect(sections.upcoming.map(\.id) == [5])
        #expect(sections.doneEarlier.map(\.id) == [4, 0])
        // An open todo waiting for a later day is not listed until that day; a done one is.
        var waiting = Todo(id: 6, detail: "renew passport")
        waiting.wait = CalendarDay(year: 2021, month: 11, day: 16)
        var doneWaiting = waiting
        doneWaiting.id = 7
        doneWaiting.isDone = true
        let later = TodoSections([a, waiting, doneWaiting], today: CalendarDay(year: 2021, month: 11, day: 15))
        #expect((later.today + later.upcoming).map(\.id) == [2])
        #expect(later.doneEarlier.map(\.id) == [7])
        let thatDay = TodoSections([a, waiting], today: CalendarDay(year: 2021, month: 11, day: 16))
        #expect(thatDay.today.map(\.id) == [2])  // overdue by then
        #expect(thatDay.upcoming.map(\.id) == [6])
        // Done today, an overdue one stays in Today (found by a review: it went to Upcoming).
        var paid = c
        paid.isDone = true
        paid.doneAt = ISODate(day: CalendarDay(year: 2021, month: 11, day: 15), secondOfDay: 36_000, utcOffset: 0)
        #expect(TodoSections([b, paid], today: CalendarDay(year: 2021, month: 11, day: 15)).today.map(\.id) == [1, 3])
        // Done on a later day than now's, one due today is Upcoming's, as docs/todo.md says of those.
        var doneLater = a
        doneLater.isDone = true
        doneLater.doneAt = ISODate(day: CalendarDay(year: 2021, month: 11, day: 17), secondOfDay: 36_000, utcOffset: 0)
        let early = TodoSections([b, doneLater], today: CalendarDay(year: 2021, month: 11, day: 15))
        #expect(early.today.map(\.id) == [1])
        #expect(early.upcoming.map(\.id) == [2])
        #expect(sections.isOverdue(c))
        #expect(!sections.isOverdue(d))
    }

    /// Found by a daily-use audit: a `--today` todo done a month ago stayed in Today for ever,
    /// and one done past its due day stayed "upcoming". Done on an earlier day (by `doneAt`, in
    /// the site's zone), it is Done, the latest first; done today, it is in Today; without a `doneAt` and for today, it stays.
    /// Found by a todo.txt user's audit: `(A) Pay rent` came after every todo with a lower id.
    /// Today and each due day of Upcoming go by priority (A to Z, then none), then by id.
    @Test func todosGoByPriorityWithinTheirDay() {
        let day = CalendarDay(year: 2021, month: 11, day: 15)
        func todo(_ id: Int, _ priority: String?, due: CalendarDay? = nil, today: Bool = false) -> Todo {
            var t = Todo(id: id, detail: "t\(id)")
            t.priority = priority
            t.due = due
            t.isToday = today
            return t
        }
        let next = CalendarDay(year: 2021, month: 11, day: 20)
        let list = [todo(1, nil, today: true), todo(2, "B", today: true), todo(3, "A", today: true),
                    todo(4, nil), todo(5, "C"), todo(6, "A"), todo(7, nil, due: next), todo(8, "B", due: next), todo(9, "B")]
        let sections = TodoSections(list, today: day)
        #expect(sections.today.map(\.id) == [3, 2, 1])
        // The due day first, then the priority.
        #expect(sections.upcoming.map(\.id) == [8, 7, 6, 9, 5, 4])
        // Only H, M and L: Taskwarrior's high, medium and low.
        let task = TodoSections([todo(1, "L"), todo(2, "M"), todo(3, nil), todo(4, "H")], today: day)
        #expect(task.upcoming.map(\.id) == [4, 2, 1, 3])
        // With another letter among them, todo.txt's: H, L, M in order.
        let txt = TodoSections([todo(1, "L"), todo(2, "M"), todo(3, "A"), todo(4, "H")], today: day)
        #expect(txt.upcoming.map(\.id) == [3, 4, 1, 2])
    }

    @Test func todosDoneOnAnEarlierDayAreDone() throws {
        func todo(_ id: Int, today: Bool = false, due: CalendarDay? = nil, doneAt: String? = nil) throws -> Todo {
            var todo = Todo(id: id, detail: "t\(id)")
            todo.isToday = today
            todo.due = due
            if let doneAt {
                todo.isDone = true
                todo.doneAt = try ISODate.parse(doneAt).get()
            }
            return todo
        }
        let todos = [try todo(1, today: true, doneAt: "2021-11-01T20:00:00Z"), try todo(2, today: true, doneAt: "2021-11-15T08:00:00Z"),
                     try todo(3, today: true), try todo(4, due: CalendarDay(year: 2021, month: 11, day: 2), doneAt: "2021-11-02"),
                     try todo(5, today: true, doneAt: nil), try todo(6, doneAt: "2021-11-14T23:30:00-05:00")]
        var done5 = todos[4]
        done5.isDone = true
        let all = Array(todos[0..<4]) + [done5, todos[5]]
        // In Seoul, 6's 23:30 in New York on the 14th is the 15th: today.
        let seoul = DateFormats(locale: "en_US", timeZone: "Asia/Seoul")
        let sections = TodoSections(all, today: CalendarDay(year: 2021, month: 11, day: 15)) { seoul.moment($0).localDay }
        // 6, not for today, is done today: one of the day's (found by a todo.txt user's audit: it stayed in Upcoming).
        #expect(sections.today.map(\.id) == [2, 3, 5, 6])
        #expect(sections.upcoming.map(\.id) == [])
        #expect(sections.doneEarlier.map(\.id) == [4, 1])
    }

    @Test func pagerWindow() {
        #expect(Pager.window(page: 1, total: 1) == [1])
        #expect(Pager.window(page: 1, total: 5) == [1, 2, 3, 4, 5])
        #expect(Pager.window(page: 10, total: 500) == [1, nil, 8, 9, 10, 11, 12, nil, 500])
        #expect(Pager.window(page: 4, total: 20) == [1, 2, 3, 4, 5, 6, nil, 20])
        // Against a plain reading: every page from 1 to the last, kept when it is the first, the
        // last or within two of the current one; a gap of one page shown as that page.
        for total in 1...40 {
            for page in 1...total {
                var plain: [Int?] = []
                var previous = 0
                for n in 1...total where n == 1 || n == total || abs(n - page) <= 2 {
                    if n - previous == 2 { plain.append(n - 1) } else if n - previous > 2 { plain.append(nil) }
                    plain.append(n)
                    previous = n
                }
                #expect(Pager.window(page: page, total: total) == plain, "page \(page) of \(total)")
            }
        }
    }

    /// The count sixty-four bytes at a time against the byte-by-byte one: every piece of a text of
    /// words, white space and runs of marks, and long texts of them made at random (a seeded
    /// generator), where runs of marks cross the blocks' ends.
    @Test func theFastWordCountIsTheSimpleOne() {
        let text = "Hello **world**, this is\n- a list\n\n| a | b |\r\n**a**-b [c](d) `e` -x- -- y ### Head >quote ``code`` [[link]]\té Ж — end ไทย ề हि"
        let bytes = Array(text.utf8)
        for start in 0..<bytes.count {
            for end in start...bytes.count {
                let piece = String(decoding: bytes[start..<end], as: UTF8.self)
                let fast = WordCount.of(piece), simple = WordCount.of(piece, bytewise: true)
                if fast != simple { Issue.record("\(piece.debugDescription): \(fast) against \(simple)") }
            }
        }
        let pieces = ["a", "bc", " ", "\n", "\t", "\r", "-", "*", "#", ">", "|", "`", "[", "]", "---", "**", "é", "words", "ไทย", "ề", "हि", "ខ្មែរ"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<300 {
            var piece = ""
            for _ in 0..<200 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                piece += pieces[Int(state >> 33) % pieces.count]
            }
            #expect(WordCount.of(piece) == WordCount.of(piece, bytewise: true), "\(piece.debugDescription)")
        }
        #expect(WordCount.of(String(repeating: "-", count: 100) + "x") == 1)
        #expect(WordCount.of("x" + String(repeating: "-", count: 100) + "y") == 1)
        #expect(WordCount.of(String(repeating: "a ", count: 100)) == 100)
    }

    @Test func wordCount() {
        #expect(WordCount.of("Hello **world**, this is\n- a list\n\n| a | b |") == 8)
        #expect(WordCount.of("") == 0)
        #expect(WordCount.of("   \n\t ") == 0)
        #expect(WordCount.of("- * # > | ` [ ]") == 0)
        #expect(WordCount.of("one") == 1)
        #expect(WordCount.of("  오늘은 한강에서\r\n산책을 했다. ") == 4)
        #expect(WordCount.of("**a**-b [c](d) `e`") == 3)
        #expect(WordCount.of("-x- -- y") == 2)
        // Found by a report audit: a Chinese month of about 2,900 characters said 431 words (字数),
        // runs between spaces. A Han character or a kana is a word; their punctuation parts words.
        #expect(WordCount.of("今天下雨了，但我们玩得很开心。") == 13)
        #expect(WordCount.of("今日は雨でした。東京tower 2") == 11)
        // Found by a Japanese diarist's audit: ・ counted as a character, and a kana written with its
        // voicing mark apart (half width, or decomposed as a Mac writes it) counted two.
        #expect(WordCount.of("コーヒー・ガッコウ") == 8)
        #expect(WordCount.of("ｺｰﾋｰ・ｶﾞｯｺｳ") == 8)
        #expect(WordCount.of("コーヒー・カ\u{3099}ッコウ") == 8)
        #expect(WordCount.of("café naïve — über\u{00A0}alles") == 4)
        #expect(WordCount.of("Hôm nay tôi đi chợ, नमस्ते दुनिया") == 7)
    }

    /// Found by a search audit: Thai, Lao, Khmer and Burmese put no spaces between words, so a
    /// Thai entry of a dozen words counted two. Their runs count the words of ICU's dictionaries.
    @Test func wordsOfScriptsWrittenWithoutSpacesAreTheDictionarys() {
        #expect(WordCount.of("วันนี้ฉันไปเดินเล่นที่ทะเลสาบกับเพื่อน 12 คน") == 12)
        #expect(WordCount.of("ថ្ងៃនេះខ្ញុំទៅដើរលេង។ Hello world") == 6)
        #expect(WordCount.of("ມື້ນີ້ຂ້ອຍໄປຕະຫຼາດ") == 4)
        #expect(WordCount.of("ဒီနေ့ ကျွန်တော် စျေးသွားတယ်") == 6)
        #expect(WordCount.of("**วันนี้**ฉัน\n\n- ไป") == 4)
        #expect(WordCount.hasUnspacedScript("ทะเล") && WordCount.hasUnspacedScript("a ខ្មែរ") && WordCount.hasUnspacedScript("မြန်မာ"))
        #expect(!WordCount.hasUnspacedScript("Hôm nay tôi đi chợ") && !WordCount.hasUnspacedScript("नमस्ते") && !WordCount.hasUnspacedScript("今日"))
        // Any other text is counted as the bytes are.
        for text in ["Hello **world**, this is\n- a list\n\n| a | b |", "**a**-b [c](d) `e`", "-x- -- y", "  a\r\nb\tc  ", "x"] {
            #expect(WordCount.ofAnyScript(text) == WordCount.of(text), "\(text.debugDescription)")
        }
    }

    /// Places in source order: by file name first, then by offset, whatever the array order.
    @Test func sourceRanksOrderByFileThenOffset() {
        let date = ISODate(day: CalendarDay(year: 2021, month: 1, day: 1), secondOfDay: nil, utcOffset: nil)
        let origins = [("diary/b.json", 1, 5), ("diary.json", 9, 1), ("diary/b.json", 1, 2), ("diary.json", 2, 3)]
        let entries = origins.map { Entry(title: "t", date: date, origin: SourceOrigin(file: $0.0, line: $0.1, column: $0.2)) }
        #expect(Diary.sourceRanks(entries) == [3, 1, 2, 0])
        #expect(Diary.sourceRanks([]) == [])
    }
}

