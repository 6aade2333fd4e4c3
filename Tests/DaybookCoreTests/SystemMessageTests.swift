import Foundation
import Testing
@testable import DaybookCore

/// Found by an audit: Foundation's "The operation could not be completed. The file doesn’t
/// exist." after "cannot make …"; the system's words instead.
@Suite struct SystemMessageTests {
    @Test func foundationsErrorsAreSaidInTheSystemsWords() throws {
        let site = try TempSite(files: ["a-file": "x"])
        let missing = #expect(throws: (any Error).self) { try FileManager.default.removeItem(atPath: site.root + "/nothing-here") }
        #expect(missing.map(SystemMessage.of) == "No such file or directory")
        let inFile = #expect(throws: (any Error).self) {
            try FileManager.default.createDirectory(atPath: site.root + "/a-file/inside", withIntermediateDirectories: true)
        }
        #expect(inFile.map(SystemMessage.of) == "Not a directory")
        #expect(SystemMessage.of(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))) == "No space left on device")
    }
}
