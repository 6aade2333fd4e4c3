import DaybookCore
import Foundation

/// "Now": of a build, `--now`, else `SOURCE_DATE_EPOCH`, else the clock (``resolve(_:environment:command:)``);
/// of the commands that write it into the data or show the present, `--now`, else the clock (``present(_:command:)``).
enum Now {
    /// A build's now (build, check, report): `SOURCE_DATE_EPOCH` makes it the same on every run.
    static func resolve(_ option: String?, environment: [String: String], command: CommandSpec) throws(UsageError) -> ISODate {
        if let option { return try parse(option, command: command) }
        guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return clock }
        // Set but empty is an error too (found by a CI audit: `$(git log -1 --format=%ct)` that
        // failed built as of the clock, without a word).
        guard let date = fromEpoch(epoch) else {
            throw UsageError(message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, of a time in the years 1 to 9999, found '\(epoch)'"
                             + (epoch.isEmpty ? " (set but empty: unset it for the clock's time)" : ""), command: command)
        }
        return date
    }

    /// Now for `add`, `todo` and `serve`: `--now`, else the clock. Not `SOURCE_DATE_EPOCH`: that is
    /// a build's fixed time, which shells set for builds of their own (nix-shell's is 1980-01-01),
    /// no time to date an entry or a done todo by, nor to preview a diary at.
    static func present(_ option: String?, command: CommandSpec) throws(UsageError) -> ISODate {
        if let option { return try parse(option, command: command) }
        return clock
    }

    private static func parse(_ option: String, command: CommandSpec) throws(UsageError) -> ISODate {
        switch ISODate.parse(TypedDigits.ascii(option)) {
        case .success(let date): return date
        case .failure(let error):
            throw UsageError(message: "--now must be an ISO 8601 date such as 2024-01-01T00:00:00Z (\(error.reason)), found '\(option)'", command: command)
        }
    }

    /// SOURCE_DATE_EPOCH, else the clock, also when SOURCE_DATE_EPOCH is bad: for a note that
    /// guesses what a build will take as now, which a bad value is no reason to stop.
    static func unlessBad(_ environment: [String: String]) -> ISODate {
        environment["SOURCE_DATE_EPOCH"].flatMap(fromEpoch) ?? clock
    }

    static var clock: ISODate { ISODate(epochSeconds: Int64(Date().timeIntervalSince1970)) }

    /// The time of `epoch`, seconds since 1970; nil when it is no such time.
    private static func fromEpoch(_ epoch: String) -> ISODate? {
        // Years 1 to 9999, as ISO 8601 dates are written (a later one was blamed on --date),
        // less a day at each end, so that every zone's wall-clock time is one of them too.
        guard let seconds = Int64(epoch), (-62_135_510_400...253_402_214_399).contains(seconds) else { return nil }
        return ISODate(epochSeconds: seconds)
    }
}
