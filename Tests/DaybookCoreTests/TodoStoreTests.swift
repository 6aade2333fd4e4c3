import Foundation
import Testing
import DaybookCore

@Suite struct TodoStoreTests {
    @Test func addToAMissingFileStartsAtOne() throws {
        let site = try TempSite()
        let store = TodoStore(site: site.root)
        #expect(try store.list().isEmpty)
        let todo = try store.add(detail: "Walk the puppy", isToday: true)
        #expect(todo.id == 1)
        #expect(todo.isToday)
        #expect(site.read("todos.json") == """
        [
          {
            "id": 1,
            "detail": "Walk the puppy",
            "isDone": false,
            "isToday": true
          }
        ]

        """)
        #expect(try store.list() == [todo])
        #expect(site.exists(".todos.json.lock"))
        #expect(!site.exists(".todos.json.tmp"))
    }

    /// A todo list kept elsewhere (a synced folder) and linked into the site: the file it
    /// leads to is changed and the link stays; a link to nothing is an error, not a new list.
    @Test func aLinkedListIsWrittenThroughAndALinkToNothingRefused() throws {
        let site = try TempSite(files: ["synced/todos.json": "[]"])
        try FileManager.default.createSymbolicLink(atPath: site.root + "/todos.json", withDestinationPath: "synced/todos.json")
        let store = TodoStore(site: site.root)
        _ = try store.add(detail: "Walk the puppy")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.root + "/todos.json") == "synced/todos.json")
        #expect(site.read("synced/todos.json")?.contains("\"detail\": \"Walk the puppy\"") == true)
        #expect(!site.exists("synced/.todos.json.tmp"))
        try FileManager.default.removeItem(atPath: site.root + "/synced/todos.json")
        #expect(throws: TodoStoreError.io("cannot read \(site.root)/todos.json: it is a link to nothing")) { try store.add(detail: "Lost") }
        #expect(!site.exists("synced/todos.json"))
    }

    @Test func addToAnEmptyArray() throws {
        let site = try TempSite(files: ["todos.json": "[]"])
        let todo = try TodoStore(site: site.root).add(detail: "Buy food", due: CalendarDay(year: 2021, month: 11, day: 13))
        #expect(todo.id == 1)
        #expect(todo.due == CalendarDay(year: 2021, month: 11, day: 13))
        #expect(site.read("todos.json") == """
        [
          {
            "id": 1,
            "detail": "Buy food",
            "isDone": false,
            "isToday": false,
            "due": "2021-11-13"
          }
        ]

        """)
    }

    @Test func newIDIsTheLargestPlusOne() throws {
        let site = try TempSite(files: ["todos.json": #"[{"id": 4, "detail": "a"}, {"id": 9, "detail": "b"}, {"id": 2, "detail": "c"}]"#])
        let store = TodoStore(site: site.root)
        #expect(try store.add(detail: "d").id == 10)
        #expect(try store.add(detail: "e").id == 11)
        try store.remove(id: 11)
        #expect(try store.add(detail: "f").id == 11)
        #expect(try store.list().map(\.id) == [4, 9, 2, 10, 11])
    }

    /// Found by a CLI audit: with the largest id `Int.max` there is no next one, and the error
    /// named no file.
    @Test func noIDLeftNamesTheFile() throws {
        let site = try TempSite(files: ["todos.json": #"[{"id": 9223372036854775807, "detail": "a"}]"#])
        let store = TodoStore(site: site.root)
        #expect(throws: TodoStoreError.noIDLeft(file: store.file)) { try store.add(detail: "b") }
        #expect(TodoStoreError.noIDLeft(file: "s/todos.json").description
            == "s/todos.json: no id left after 9223372036854775807, the largest id in it; give that todo a smaller one")
    }

    /// Found by an audit of the daily commands: `done` on a todo done already without a
    /// `doneAt` (an imported todo.txt line, `daybook new`'s sample) wrote now as its `doneAt`,
    /// and said it was done then. It is left as it is, and the file is not written.
    @Test func doneOnATodoDoneWithoutADateChangesNothing() throws {
        let text = #"[{"id": 1, "detail": "Read", "isDone": true}]"# + "\n"
        let site = try TempSite(files: ["todos.json": text])
        let (todo, wasDone) = try TodoStore(site: site.root).done(id: 1, now: "2026-12-05T10:00:00Z")
        #expect(wasDone && todo.doneAt == nil)
        #expect(site.read("todos.json") == text)
    }

    /// Found by a todo.txt user's audit: done, a todo with `rec:1w` did not come again, as it does
    /// in Simpletask and topydo. A new todo takes its words, tags and priority, due a week on.
    @Test func aRecurringTodoComesAgainWhenDone() throws {
        let text = #"[{"id": 4, "detail": "Pay rent +home rec:+1m", "isDone": false, "due": "2026-01-31", "wait": "2026-01-25", "#
            + #""tags": ["home"], "priority": "B", "source": "todo.txt:abc"}, {"id": 2, "detail": "Water plants rec:1w", "isDone": false}]"#
        let site = try TempSite(files: ["todos.json": text])
        let done = try TodoStore(site: site.root).done(ids: [4, 2, 4], now: "2026-01-30T09:00:00+09:00")
        #expect(done.map { "\($0.todo.id) \($0.wasDone) \($0.next?.id ?? 0) \($0.next?.due?.description ?? "-") \($0.next?.wait?.description ?? "-")" }
            == ["4 false 5 2026-02-28 2026-02-22", "2 false 6 2026-02-06 -"])
        // Its import `source` stays the done one's: the next is the site's own.
        #expect(site.read("todos.json")?.hasSuffix("""
          {
            "id": 5,
            "detail": "Pay rent +home rec:+1m",
            "isDone": false,
            "isToday": false,
            "due": "2026-02-28",
            "wait": "2026-02-22",
            "tags": [
              "home"
            ],
            "priority": "B"
          },
          {
            "id": 6,
            "detail": "Water plants rec:1w",
            "isDone": false,
            "isToday": false,
            "due": "2026-02-06"
          }
        ]

        """) == true)
        // A next day past the year 9999: no new one (its date could not be written).
        let far = try TempSite(files: ["todos.json": #"[{"id": 1, "detail": "Renew rec:9000y", "isDone": false, "due": "2026-01-01"}]"#])
        #expect(try TodoStore(site: far.root).done(ids: [1], now: "2026-01-01T09:00:00Z").map { $0.next?.id } == [nil])
        // Done already: no new one.
        #expect(try TodoStore(site: site.root).done(ids: [4], now: "2026-02-01T09:00:00Z").map { $0.next?.id } == [nil])
    }

    @Test func recurrencesAsSimpletaskReadsThem() {
        let day = CalendarDay(year: 2026, month: 1, day: 30)  // a Friday
        func next(_ detail: String, due: CalendarDay? = nil, wait: CalendarDay? = nil) -> String {
            guard let rec = TodoRecurrence(detail: detail) else { return "none" }
            let found = rec.next(due: due, wait: wait, doneOn: day)
            return "\(found.due?.description ?? "-") \(found.wait?.description ?? "-")"
        }
        #expect(next("a rec:3d") == "2026-02-02 -")
        #expect(next("a rec:2b") == "2026-02-03 -")  // Monday, Tuesday
        #expect(next("a rec:1y", due: CalendarDay(year: 2024, month: 2, day: 29)) == "2027-01-30 -")
        #expect(next("a rec:+1y", due: CalendarDay(year: 2024, month: 2, day: 29)) == "2025-02-28 -")
        #expect(next("a rec:+2w", wait: CalendarDay(year: 2026, month: 1, day: 1)) == "- 2026-01-15")
        #expect(next("a rec:1M rec:2d") == "2026-02-01 -")  // the last one read
        #expect(next("a rec:1x") == "none")
        #expect(next("a rec:0d") == "none")
        #expect(next("arec:1d") == "none")
    }

    @Test func doneUndoTodayRemove() throws {
        let site = try TempSite()
        let store = TodoStore(site: site.root)
        _ = try store.add(detail: "one")
        _ = try store.add(detail: "two")

        let (done, wasDone) = try store.done(id: 2, now: "2021-11-13T09:30:00Z")
        #expect(!wasDone)
        #expect(done.isDone)
        #expect(done.doneAt == ISODate(day: CalendarDay(year: 2021, month: 11, day: 13), secondOfDay: 34_200, utcOffset: 0))
        #expect(site.read("todos.json") == """
        [
          {
            "id": 1,
            "detail": "one",
            "isDone": false,
            "isToday": false
          },
          {
            "id": 2,
            "detail": "two",
            "isDone": true,
            "isToday": false,
            "doneAt": "2021-11-13T09:30:00Z"
          }
        ]

        """)

        // Done again later: it keeps the first doneAt, and the file does not change.
        let before = site.read("todos.json")
        let again = try store.done(id: 2, now: "2021-11-20T10:00:00Z")
        #expect(again.wasDone)
        #expect(again.todo.doneAt == done.doneAt)
        #expect(site.read("todos.json") == before)

        let today = try store.toggleToday(id: 1)
        #expect(today.isToday)
        #expect(try !store.toggleToday(id: 1).isToday)
        #expect(try store.toggleToday(id: 1).isToday)

        let (undone, wasDoneBefore) = try store.undo(id: 2)
        #expect(wasDoneBefore)
        #expect(!undone.isDone)
        #expect(undone.doneAt == nil)
        #expect(try !store.undo(id: 2).wasDone)

        let removed = try store.remove(id: 1)
        #expect(removed.detail == "one")
        #expect(site.read("todos.json") == """
        [
          {
            "id": 2,
            "detail": "two",
            "isDone": false,
            "isToday": false
          }
        ]

        """)
    }

    @Test func unknownIDIsAnError() throws {
        let site = try TempSite(files: ["todos.json": #"[{"id": 1, "detail": "a"}]"#])
        let store = TodoStore(site: site.root)
        let operations: [() throws -> Void] = [{ _ = try store.done(id: 7, now: "2021-11-13") }, { _ = try store.undo(id: 7) },
                          { _ = try store.toggleToday(id: 7) }, { _ = try store.remove(id: 7) },
                          { _ = try store.edit(id: 7, detail: "b") }]
        for operation in operations {
            #expect(throws: TodoStoreError.noSuchTodo(7)) { try operation() }
        }
        #expect(TodoStoreError.noSuchTodo(7).description == "no todo with id 7")
        #expect(site.read("todos.json") == #"[{"id": 1, "detail": "a"}]"#)
    }

    @Test func editChangesOnlyTheDetail() throws {
        let original = """
        [
          {
            "detail": "Vet",
            "id": 3,
            "color": "systemPink",
            "due": "2021-11-13"
          }
        ]

        """
        let site = try TempSite(files: ["todos.json": original])
        let store = TodoStore(site: site.root)
        let (todo, changed) = try store.edit(id: 3, detail: "Vet visit at 10 🐶")
        #expect(changed)
        #expect(todo.detail == "Vet visit at 10 🐶")
        #expect(todo.due == CalendarDay(year: 2021, month: 11, day: 13))
        #expect(site.read("todos.json") == original.replacingOccurrences(of: #""Vet""#, with: #""Vet visit at 10 🐶""#))
        #expect(throws: TodoStoreError.noSuchTodo(4)) { try store.edit(id: 4, detail: "x") }
    }

    /// An edit, undo or today that changes nothing leaves the file as it was, its bytes and inode.
    @Test func aChangeThatChangesNothingWritesNothing() throws {
        let original = "[{\"id\": 1,  \"detail\": \"a\", \"isDone\": false}]"
        let site = try TempSite(files: ["todos.json": original])
        let store = TodoStore(site: site.root)
        func inode() throws -> UInt64 {
            try #require(FileManager.default.attributesOfItem(atPath: site.root + "/todos.json")[.systemFileNumber] as? UInt64)
        }
        let before = try inode()
        #expect(try !store.edit(id: 1, detail: "a").changed)
        #expect(try !store.undo(id: 1).wasDone)
        #expect(site.read("todos.json") == original)
        #expect(try inode() == before)
        #expect(try store.edit(id: 1, detail: "b").changed)
        #expect(site.read("todos.json") != original)
        // Found by a review: a todo without `isDone` is not done, and undo leaves it so.
        let bare = #"[{"id":1,"detail":"x","isToday":true}]"#
        try site.write("todos.json", bare)
        #expect(try !store.undo(id: 1).wasDone)
        #expect(site.read("todos.json") == bare)
    }

    @Test func badDoneAtIsRefused() throws {
        let site = try TempSite(files: ["todos.json": #"[{"id": 1, "detail": "a"}]"#])
        #expect(throws: TodoStoreError.self) { try TodoStore(site: site.root).done(id: 1, now: "yesterday") }
        #expect(site.read("todos.json") == #"[{"id": 1, "detail": "a"}]"#)
    }

    @Test func unknownKeysAndKeyOrderAreKept() throws {
        // Written by another app: its own key order, extra keys, nested values, a duplicate key.
        let original = """
        [
          {
            "isToday": true,
            "detail": "Vet visit 🐶",
            "id": 3,
            "color": "systemPink",
            "isDone": false,
            "meta": {
              "createdBy": "seed app",
              "priority": 1.50
            }
          },
          {
            "id": 5,
            "tags": [
              "walk"
            ],
            "detail": "Long walk",
            "due": "2021-11-13",
            "x": null,
            "x": [],
            "isDone": true,
            "doneAt": "2021-11-12T08:00:00+09:00"
          }
        ]

        """
        let site = try TempSite(files: ["todos.json": original])
        let store = TodoStore(site: site.root)

        _ = try store.add(detail: "new")
        #expect(site.read("todos.json") == String(original.dropLast(3)) + ",\n" + """
          {
            "id": 6,
            "detail": "new",
            "isDone": false,
            "isToday": false
          }
        ]

        """)

        try store.remove(id: 6)
        #expect(site.read("todos.json") == original)

        // Changes edit members in place; a new member goes last; doneAt leaves on undo.
        _ = try store.toggleToday(id: 3)
        _ = try store.done(id: 3, now: "2021-11-14")
        _ = try store.undo(id: 5)
        #expect(site.read("todos.json") == """
        [
          {
            "isToday": false,
            "detail": "Vet visit 🐶",
            "id": 3,
            "color": "systemPink",
            "isDone": true,
            "meta": {
              "createdBy": "seed app",
              "priority": 1.50
            },
            "doneAt": "2021-11-14"
          },
          {
            "id": 5,
            "tags": [
              "walk"
            ],
            "detail": "Long walk",
            "due": "2021-11-13",
            "x": null,
            "x": [],
            "isDone": false
          }
        ]

        """)
    }

    @Test func compactFilesAreRewrittenInTheStoredStyle() throws {
        let site = try TempSite(files: ["todos.json": #"[{"id":1,"isDone":false,"detail":"a\u00e9\n","isToday":false,"z":{}}]"#])
        _ = try TodoStore(site: site.root).toggleToday(id: 1)
        #expect(site.read("todos.json") == """
        [
          {
            "id": 1,
            "isDone": false,
            "detail": "aé\\n",
            "isToday": true,
            "z": {}
          }
        ]

        """)
    }

    @Test func aCorruptFileGivesLocatedErrorsAndIsLeftAlone() throws {
        let corrupt = """
        [
          {"id": 1, "detail": "a", "isDone": "yes"},
          {"id": 2, "detail": "b",}
        ]
        """
        let site = try TempSite(files: ["todos.json": corrupt])
        let store = TodoStore(site: site.root)
        do {
            _ = try store.add(detail: "c")
            Issue.record("expected an error")
        } catch let errors as SiteErrors {
            #expect(errors.errors.map(\.description) == [site.root + "/todos.json:3:26: trailing comma before '}'"])
        }
        #expect(site.read("todos.json") == corrupt)

        try site.write("todos.json", #"[{"id": 1, "detail": "a", "isDone": "yes"}, {"id": 1, "detail": "b"}]"#)
        let invalid = #expect(throws: SiteErrors.self) { try store.done(id: 1, now: "2021-11-13") }
        #expect(invalid?.errors.map(\.description) == [
            site.root + #"/todos.json:1:37: "isDone" must be true or false, found "yes""#,
            site.root + "/todos.json:1:52: duplicate todo id 1 (first used on line 1)",
        ])
        #expect(throws: SiteErrors.self) { try store.list() }
        #expect(site.read("todos.json") == #"[{"id": 1, "detail": "a", "isDone": "yes"}, {"id": 1, "detail": "b"}]"#)
        #expect(!site.exists(".todos.json.tmp"))
    }

    @Test func aMissingSiteFolderIsAnIOError() throws {
        let store = TodoStore(site: "/nonexistent/daybook-site")
        #expect(try store.list().isEmpty)
        #expect(throws: TodoStoreError.self) { try store.add(detail: "x") }
    }

    @Test func theFileKeepsItsPermissions() throws {
        let site = try TempSite(files: ["todos.json": "[]"])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: site.root + "/todos.json")
        _ = try TodoStore(site: site.root).add(detail: "private")
        let attributes = try FileManager.default.attributesOfItem(atPath: site.root + "/todos.json")
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    /// Found by an audit of the daily loop: a todos.json (or diary.json) of a group, shared with
    /// it (`chgrp family todos.json; chmod 660`), became the user's own group's at the first add.
    @Test(.enabled(if: geteuid() == 0, "giving a file any group takes root"))
    func theFileKeepsItsGroup() throws {
        let site = try TempSite(files: ["todos.json": "[]"])
        #expect(chown(site.root + "/todos.json", uid_t.max, 4242) == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o660], ofItemAtPath: site.root + "/todos.json")
        _ = try TodoStore(site: site.root).add(detail: "shared")
        var info = stat()
        #expect(stat(site.root + "/todos.json", &info) == 0)
        #expect(info.st_gid == 4242)
        #expect(info.st_mode & 0o7777 == 0o660)
    }

    /// Twenty threads add at once, each through its own store, lock descriptor and file
    /// descriptors: every add survives and the ids are 1…20.
    @Test func concurrentAddsLoseNothing() throws {
        let site = try TempSite()
        let results = Self.addAtOnce(20, sites: [site.root])
        #expect(results.failures == [])
        #expect(results.ids.sorted() == Array(1...20))
        let todos = try TodoStore(site: site.root).list()
        #expect(todos.map(\.id) == Array(1...20))
        #expect(Set(todos.map(\.detail)) == Set((1...20).map { "todo \($0)" }))
    }

    /// Found by an audit of the daily commands: two sites whose todos.json are links to one
    /// file (the synced folder todo.md suggests) each locked their own `.todos.json.lock`, and
    /// both wrote the one temp file beside the target: a broken file, or adds lost. The lock is
    /// beside the file the link leads to.
    @Test func twoSitesLinkedToOneListLoseNothing() throws {
        let root = try TempSite(files: ["sync/todos.json": "[]"])
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: root.root + "/" + name, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root.root + "/\(name)/todos.json", withDestinationPath: "../sync/todos.json")
        }
        #expect(LockedFile(folder: root.root + "/a", name: "todos.json").lockPath == root.root + "/sync/.todos.json.lock")
        let results = Self.addAtOnce(20, sites: [root.root + "/a", root.root + "/b"])
        #expect(results.failures == [])
        #expect(results.ids.sorted() == Array(1...20))
        #expect(try TodoStore(site: root.root + "/a").list().count == 20)
        #expect(!root.exists("a/.todos.json.lock") && root.exists("sync/.todos.json.lock"))
    }

    /// `count` threads, started together, each adding one todo through its own store, of the
    /// sites in turn.
    static func addAtOnce(_ count: Int, sites: [String]) -> Results {
        let ready = DispatchGroup()
        let finished = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let results = Results()
        for n in 1...count {
            ready.enter()
            finished.enter()
            let root = sites[n % sites.count]
            let thread = Thread {
                ready.leave()
                start.wait()
                do {
                    results.append(.success(try TodoStore(site: root).add(detail: "todo \(n)").id))
                } catch {
                    results.append(.failure(String(describing: error)))
                }
                finished.leave()
            }
            thread.start()
        }
        ready.wait()
        for _ in 1...count { start.signal() }
        finished.wait()
        return results
    }
}

/// Results gathered from several threads.
final class Results: @unchecked Sendable {
    enum Outcome { case success(Int), failure(String) }
    private let lock = NSLock()
    private var outcomes: [Outcome] = []

    func append(_ outcome: Outcome) {
        lock.lock()
        outcomes.append(outcome)
        lock.unlock()
    }

    var ids: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { if case .success(let id) = $0 { id } else { nil } }
    }

    var failures: [String] {
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { if case .failure(let message) = $0 { message } else { nil } }
    }
}

/// ``Todo/tagsBesideWords``, read on bytes, against the words split as Characters (the simple reading).
@Suite struct TodoTagsBesideWordsTests {
    static func simple(_ todo: Todo) -> [String] {
        let words = todo.detail.split(whereSeparator: \.isWhitespace)
        return todo.tags.filter { tag in !["+", "@", "#"].contains { words.contains(Substring($0 + tag)) } }
    }

    @Test func agreesWithTheWordsSplit() {
        let details = ["Call Mom +family @phone", "+family", "Call Mom+family", "Call +familyfirst", "Buy #home\u{3000}now", "x\u{00A0}@phone",
                       "Pay +home\trent", "", "+", "Tee +Café", "@phone@phone", "a +family\n", "Ünïcödé +family\u{2003}"]
        let tags = [["family", "phone"], ["family"], ["home"], ["Café"], ["phone"], [], ["fam"]]
        for detail in details {
            for tagSet in tags {
                var todo = Todo(id: 1, detail: detail)
                todo.tags = tagSet
                if detail.contains("\u{2003}") { continue }  // an em space: a word's end to Characters, not to the byte reading
                #expect(todo.tagsBesideWords == Self.simple(todo), "\(detail) \(tagSet)")
            }
        }
        var todo = Todo(id: 1, detail: "Call Mom +family @phone")
        todo.tags = ["family", "phone", "health"]
        #expect(todo.tagsBesideWords == ["health"])
    }
}
