import DaybookCore
import Testing
import DaybookImport

/// `daybook todo add`'s words read as a todo.txt line.
@Suite struct TodoTxtWordsTests {
    static func text(_ members: [JSONMember]) -> String {
        String(decoding: JSONWriter.write(.object(members)), as: UTF8.self)
    }

    @Test func aTaskWithEveryPart() throws {
        let words = try TodoTxtWords.read("(A) Call Mom +family @phone due:2026-12-10 t:2026-12-08")
        #expect(words.detail == "Call Mom +family @phone")
        #expect(words.due == CalendarDay(year: 2026, month: 12, day: 10))
        #expect(Self.text(words.members) == """
        {
          "wait": "2026-12-08",
          "tags": [
            "family",
            "phone"
          ],
          "priority": "A"
        }

        """)
    }

    @Test func plainWordsStayWords() throws {
        // A first x is no tick, and keys Daybook has none for stay in the words, as todo.sh shows them.
        let words = try TodoTxtWords.read("x marks the spot chapter:3 at 10:30 https://example.org/a")
        #expect(words == TodoTxtWords(detail: "x marks the spot chapter:3 at 10:30 https://example.org/a", due: nil, members: []))
    }

    @Test func aDueDayThatIsNoDayIsAProblem() {
        #expect(throws: TodoTxtWords.Problem(column: 10, reason: "\"due:\" must be a day like 2024-03-01, found \"tomorrow\"")) {
            try TodoTxtWords.read("buy milk due:tomorrow")
        }
    }

    @Test func aKeyGivenTwiceIsAProblem() {
        #expect(throws: TodoTxtWords.Problem(column: 22, reason: "\"due:\" given twice: its earlier value \"2026-12-10\" is replaced by \"2026-12-11\"")) {
            try TodoTxtWords.read("pay due:2026-12-10 x due:2026-12-11")
        }
    }
    /// Found by a Japanese diarist's audit: an input method in full width types `＋`, `＠`, `due：`
    /// and an ideographic space, and none was read. They are read as ASCII; other words stay as typed.
    @Test func marksTypedInFullWidthAreRead() throws {
        let words = try TodoTxtWords.read("（Ａ）　牛乳を買う　＋買い物　＠駅前　ＡＢＣ　due：２０２６－１２－１０ t：2026-12-08")
        #expect(words.detail == "牛乳を買う +買い物 @駅前 ＡＢＣ")
        #expect(words.due == CalendarDay(year: 2026, month: 12, day: 10))
        #expect(Self.text(words.members) == "{\n  \"wait\": \"2026-12-08\",\n  \"tags\": [\n    \"買い物\",\n    \"駅前\"\n  ],\n  \"priority\": \"A\"\n}\n")
        #expect(try TodoTxtWords.read("牛乳　ＡＢＣ：ｘ　（ａ）").detail == "牛乳　ＡＢＣ：ｘ　（ａ）")
        #expect(throws: TodoTxtWords.Problem(column: 4, reason: "\"due:\" must be a day like 2024-03-01, found \"asa\"")) {
            try TodoTxtWords.read("牛乳　due：ａｓａ")
        }
    }

    /// `(A) … pri:A` says the priority twice: the `pri:` goes, as it does without `(A)`.
    @Test func aPriorityGivenTwiceAlikeIsOne() throws {
        let words = try TodoTxtWords.read("(A) Call Mom pri:a")
        #expect(words.detail == "Call Mom")
        #expect(Self.text(words.members) == "{\n  \"priority\": \"A\"\n}\n")
    }

    /// `(A) … pri:B` was added with "pri:B" among the words; it is not read as meant.
    @Test func aPriorityThatDisagreesIsAProblem() {
        #expect(throws: TodoTxtWords.Problem(column: 14, reason: "\"pri:B\" disagrees with the priority (A) at the line's start")) {
            try TodoTxtWords.read("(A) Call Mom pri:B")
        }
    }
}
