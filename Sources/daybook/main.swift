import Foundation
#if canImport(CMimalloc)
import CMimalloc
#endif

let status = Daybook.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status.rawValue)
