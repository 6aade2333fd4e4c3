import Testing
@testable import DaybookCore

/// Found by a security audit: cmark-gfm 0.29.0.gfm.6 gives every row of a table the header's
/// cells, so a 21 KB body took 2.8 GB and crashed a build. Bodies whose tables are too large are
/// located errors before it reads them.
@Suite struct TableSizeTests {
    @Test func smallTablesAndTextWithPipesPass() {
        #expect(TableSize.problem(in: "| a | b |\n|---|:-:|\n| 1 | 2 |\n\nx | y\n--|--\n1|2\n") == nil)
        #expect(TableSize.problem(in: "a || b, and - a dash\n") == nil)
        #expect(TableSize.problem(in: "no table") == nil)
    }

    @Test func aWideRowIsRefused() {
        #expect(TableSize.problem(in: "| a |\n| --- |\n" + String(repeating: "|", count: 1_001))
            == "the body's line 3 is a table row of 1001 cells; a row may have at most 1000")
        #expect(TableSize.problem(in: String(repeating: "-|", count: 1_001))
            == "the body's line 1 is a table row of 1001 cells; a row may have at most 1000")
    }

    @Test func aTableOfTooManyCellsIsRefused() {
        let columns = 500
        let table = String(repeating: "x|", count: columns) + "\n" + String(repeating: "-|", count: columns) + "\n"
        #expect(TableSize.problem(in: table + String(repeating: "x\n", count: 197)) == nil)
        #expect(TableSize.problem(in: table + String(repeating: "x\n", count: 199))?.hasPrefix("the body's tables have more than 100,000 cells (columns × rows, by its line 201)") == true)
        // In a block quote, and with lone carriage returns, as cmark-gfm reads them (found by a review).
        let quoted = "> " + String(repeating: "a|", count: columns) + "\n> " + String(repeating: "-|", count: columns) + "\n" + String(repeating: "> x\n", count: 500)
        #expect(TableSize.problem(in: quoted)?.hasPrefix("the body's tables have more than 100,000 cells") == true)
        let returns = String(repeating: "a|", count: columns) + "\r" + String(repeating: "-|", count: columns) + "\r" + String(repeating: "x\r", count: 500)
        #expect(TableSize.problem(in: returns)?.hasPrefix("the body's tables have more than 100,000 cells") == true)
        #expect(TableSize.problem(in: "| a |\r\n|---|\r\n| 1 |\r\n") == nil)
        // A blank line ends a table: its rows after are text.
        #expect(TableSize.problem(in: table + String(repeating: "x\n", count: 100) + "\n" + String(repeating: "x\n", count: 500)) == nil)
    }
}
