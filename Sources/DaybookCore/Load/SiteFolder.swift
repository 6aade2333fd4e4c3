import Foundation

/// Why a path given as the site folder is not one: missing, or a file (`diary.json` given
/// for its folder), which is told the folder that holds it when that is a site.
public enum SiteFolder {
    /// "no such site folder", "a file, not a site folder …", or nil for a folder.
    public static func problem(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such site folder" }
        if isDirectory.boolValue { return nil }
        let parent = (path as NSString).deletingLastPathComponent
        let holder = parent.isEmpty ? "." : parent
        guard FileManager.default.fileExists(atPath: (holder as NSString).appendingPathComponent("daybook.json")) else {
            return "a file, not a site folder"
        }
        return "a file, not a site folder (give its folder, \"\(holder)\", which holds daybook.json)"
    }
}
