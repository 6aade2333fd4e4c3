import Foundation

/// How a message names a folder given on the command line: as given, except the current folder
/// (`.`, the default of `--site`), which a message names by its path rather than a dot.
enum ShownPath {
    static func of(_ path: String, currentFolder: String = FileManager.default.currentDirectoryPath) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed == "." ? currentFolder : path
    }
}
