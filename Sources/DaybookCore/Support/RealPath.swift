import Foundation

/// A path with every link, `.` and `..` resolved (`realpath(3)`); nil when it leads to nothing.
public enum RealPath {
    public static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
