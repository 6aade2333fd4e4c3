/// The exit statuses of `daybook`, after BSD's sysexits.
enum ExitCode: Int32 {
    case success = 0
    /// The site has errors: bad data, a missing photo, a broken template.
    case siteErrors = 1
    case usage = 64
    case dataError = 65
    case inputMissing = 66
    case unavailable = 69
    case cannotCreate = 73
    case ioError = 74
    /// Stopped by SIGINT or SIGTERM (128 + SIGINT, as shells report it).
    case interrupted = 130
}
