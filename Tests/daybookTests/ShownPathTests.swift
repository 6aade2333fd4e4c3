@testable import daybook
import Testing

@Suite struct ShownPathTests {
    @Test func theCurrentFolderIsNamedByItsPath() {
        #expect(ShownPath.of(".", currentFolder: "/home/me/diary") == "/home/me/diary")
        #expect(ShownPath.of("./", currentFolder: "/home/me/diary") == "/home/me/diary")
    }

    @Test func anyOtherPathIsShownAsGiven() {
        #expect(ShownPath.of("site", currentFolder: "/x") == "site")
        #expect(ShownPath.of("./site", currentFolder: "/x") == "./site")
        #expect(ShownPath.of("..", currentFolder: "/x") == "..")
        #expect(ShownPath.of("/", currentFolder: "/x") == "/")
    }
}
