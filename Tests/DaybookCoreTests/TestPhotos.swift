import Foundation

/// The photo fixtures in `Tests/Fixtures/photos/` (see its README).
enum TestPhotos {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/photos").path

    /// The bytes of a fixture (`landscape.jpg`, `rotated.jpg`, …).
    static func data(_ name: String) -> Data {
        FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
    }
}
