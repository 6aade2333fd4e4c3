import Foundation

/// The system's time zone database, which Foundation reads to format any date (even in UTC)
/// and without which it stops the process. Checked first, so a machine without it gets a
/// message instead of a crash.
enum TimeZoneData {
    /// Why dates cannot be formatted here, or nil when the database is there.
    static func missingReason(folder: String = "/usr/share/zoneinfo") -> String? {
        #if os(Linux)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { return nil }
        return "\(folder) is missing: daybook needs the system's time zone data (Debian and Ubuntu: apt-get install tzdata)"
        #else
        return nil
        #endif
    }
}
