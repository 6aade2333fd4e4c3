import Foundation

/// Why a file operation failed, in the system's words (`Permission denied`, `No space left on
/// device`), for a message after a path; not Foundation's "The operation could not be completed.
/// The file doesn’t exist.", which reads oddly after "cannot make photos/x".
public enum SystemMessage {
    public static func of(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
            if let posix = underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
            let inner = underlying as NSError
            if inner.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(inner.code))) }
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
            case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
            case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
            case .fileWriteFileExists: return String(cString: strerror(EEXIST))
            case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
            default: break
            }
        }
        return ns.localizedDescription
    }
}
