import DaybookCore
import Foundation

/// "Now": `--now`, else `SOURCE_DATE_EPOCH`, else the clock.
enum Now {
    static func resolve(_ option: String?, environment: [String: String], command: CommandSpec) throws(UsageError) -> ISODate {
        if let option {
            switch ISODate.parse(option) {
            case .success(let date): return date
            case .failure(let error):
                throw UsageError(message: "--now must be an ISO 8601 date such as 2024-01-01T00:00:00Z (\(error.reason)), found '\(option)'", command: command)
            }
        }
        if let epoch = environment["SOURCE_DATE_EPOCH"], !epoch.isEmpty {
            // Years 1 to 9999, as ISO 8601 dates are written (a later one was blamed on --date),
            // less a day at each end, so that every zone's wall-clock time is one of them too.
            guard let seconds = Int64(epoch), (-62_135_510_400...253_402_214_399).contains(seconds) else {
                throw UsageError(message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, of a time in the years 1 to 9999, found '\(epoch)'", command: command)
            }
            return ISODate(epochSeconds: seconds)
        }
        return ISODate(epochSeconds: Int64(Date().timeIntervalSince1970))
    }
}
