import Foundation

/// A site folder in a fresh temporary directory, removed when the value is dropped.
final class TempSite {
    let root: String

    /// `photos` are real JPEGs, each told apart by its text after the image's end (which
    /// decoders ignore): ``photoTag(_:)`` reads it back.
    init(files: [String: String] = [:], photos: [String: String] = [:]) throws {
        root = NSTemporaryDirectory() + "daybook-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
        for (path, tag) in photos { try write(path, TempSite.jpeg + Data(tag.utf8)) }
    }

    /// Tests/Fixtures/photos/landscape.jpg.
    static let jpeg = FileManager.default.contents(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Fixtures/photos/landscape.jpg") ?? Data()

    /// The text a photo of ``init(files:photos:)`` was told apart by, nil for another file.
    func photoTag(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: root + "/" + path), data.starts(with: TempSite.jpeg) else { return nil }
        return String(decoding: data.dropFirst(TempSite.jpeg.count), as: UTF8.self)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}
