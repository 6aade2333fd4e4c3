import Foundation

/// The file a missing photo's path means but for the case of its letters (`IMG_1.JPG` for
/// `img_1.jpg`) or the way its letters are composed (a Korean or accented name copied from a Mac,
/// written decomposed, NFD, where the JSON has it composed): the note a "not found" ends with.
enum NearFileName {
    /// ": there is "photos/IMG_1.JPG" …", or "" when no file of the site is that near.
    static func note(for relative: String, in root: String) -> String {
        guard let disk = spelling(of: relative, in: root) else { return "" }
        if disk == relative {
            // Swift compares canonically: the two differ only in how their letters are composed.
            return ": the file there has its name written with decomposed letters (NFD, as a Mac copies names), another name to this system; rename the file, typing its name again"
        }
        return ": there is \"\(disk)\" (file names differ in case here)"
    }

    /// The path as the site's folders spell it, when it differs from `relative` only in case or
    /// composition; nil when a part of it is not there in any spelling, or is there as written.
    static func spelling(of relative: String, in root: String) -> String? {
        var folder = root
        var parts: [String] = []
        var near = false
        for part in relative.split(separator: "/").map(String.init) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
            let name: String
            if names.contains(where: { Array($0.utf8) == Array(part.utf8) }) {
                name = part
            } else if let other = names.sorted().first(where: { $0 == part || $0.lowercased() == part.lowercased() }) {
                name = other
                near = true
            } else {
                return nil
            }
            parts.append(name)
            folder = (folder as NSString).appendingPathComponent(name)
        }
        return near ? parts.joined(separator: "/") : nil
    }
}
