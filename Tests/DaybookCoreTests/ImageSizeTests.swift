import Foundation
import Testing
@testable import DaybookCore

@Suite struct ImageSizeTests {
    @Test func png() {
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                               0, 0, 0x03, 0x20, 0, 0, 0x02, 0x58, 8, 6, 0, 0, 0]
        #expect(ImageSize(header: header) == ImageSize(width: 800, height: 600))
    }

    @Test func gif() {
        #expect(ImageSize(header: Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00]) == ImageSize(width: 16, height: 32))
    }

    @Test func jpegOfTheSampleSite() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("site/photos/first-day-home.jpg"))
        #expect(ImageSize(header: [UInt8](data)) == ImageSize(width: 800, height: 600))
    }

    @Test func notAnImage() {
        #expect(ImageSize(header: Array("hello, world".utf8)) == nil)
        #expect(ImageSize(header: [0xFF, 0xD8, 0xFF]) == nil)
        #expect(ImageSize(header: []) == nil)
        // Found by the fuzzer: a JPEG frame header that claims 0×0.
        #expect(ImageSize(header: [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x00, 0x00, 0x00, 0x03]) == nil)
    }
}
