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
            guard let seconds = Int64(epoch) else {
                throw UsageError(message: "SOURCE_DATE_EPOCH must be whole seconds since 1970, found '\(epoch)'", command: command)
            }
            return ISODate(epochSeconds: seconds)
        }
        return ISODate(epochSeconds: Int64(Date().timeIntervalSince1970))
    }
}
