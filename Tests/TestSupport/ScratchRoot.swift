import Foundation

/// One folder per test process for the folders tests make, removed when the process exits,
/// so a test that keeps its folder for the next step leaves nothing behind.
public enum ScratchRoot {
    public static let path: String = {
        let path = NSTemporaryDirectory() + "daybook-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchRoot.path) }
        return path
    }()

    /// A new empty folder below the root, its name starting with `prefix`.
    public static func folder(_ prefix: String) throws -> String {
        let folder = path + "/" + prefix + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
