import DaybookCore

/// Why an import wrote nothing.
public enum ImportFailure: Error, Sendable, CustomStringConvertible {
    /// The export or the site folder is not there.
    case missingInput(String)
    /// The export or the site's file has errors, each located (`Export.zip:Journal.json:12:5: …`).
    case invalid(SiteErrors)
    /// A file could not be read, locked or written.
    case io(String)
    /// The export named is the wrong folder to import (a Hugo site's `content/`, not the site):
    /// the command line is what to change.
    case wrongExport(String)
    /// The import's ``Interruption`` was requested; its temporary files are removed.
    case interrupted

    public var description: String {
        switch self {
        case .missingInput(let message), .io(let message), .wrongExport(let message): return message
        case .invalid(let errors): return errors.report()
        case .interrupted: return "interrupted"
        }
    }

    static func at(_ file: String, _ reason: String) -> ImportFailure {
        .invalid(SiteErrors([SiteError(file: file, reason: reason)]))
    }
}
