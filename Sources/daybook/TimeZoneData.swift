import Foundation

/// The system's time zone database, which Foundation reads to format any date (even in UTC)
/// and without which it stops the process. Checked first, so a machine without it gets a
/// message instead of a crash.
enum TimeZoneData {
    /// Why dates cannot be formatted here, or nil when the database is there.
    static func missingReason(folder: String = "/usr/share/zoneinfo") -> String? {
        #if os(Linux)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return "\(folder) is missing: daybook needs the system's time zone data (Debian and Ubuntu: apt-get install tzdata)"
        }
        // Foundation opens GMT's file too, and stops the process without it (a folder with only
        // UTC in it, found by an install audit).
        guard FileManager.default.fileExists(atPath: folder + "/GMT") else {
            return "\(folder) has no GMT: daybook needs the system's whole time zone data (Debian and Ubuntu: apt-get install --reinstall tzdata)"
        }
        return nil
        #else
        return nil
        #endif
    }
}
