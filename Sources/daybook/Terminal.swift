import Foundation

/// The terminal: stdout for results, stderr for messages, colour unless `NO_COLOR` is set
/// or stderr is not a terminal.
struct Terminal: Sendable {
    let errorIsTerminal: Bool
    let useColor: Bool

    init(environment: [String: String]) {
        errorIsTerminal = isatty(2) == 1
        useColor = errorIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// A message line on stderr, `error:` in red and `warning:` in yellow where colour is on.
    func error(_ line: String) {
        if useColor, line.hasPrefix("error: ") {
            err("\u{1B}[1;31merror:\u{1B}[0m" + line.dropFirst("error:".count) + "\n")
        } else if useColor, line.hasPrefix("warning: ") {
            err("\u{1B}[1;33mwarning:\u{1B}[0m" + line.dropFirst("warning:".count) + "\n")
        } else {
            err(line + "\n")
        }
    }

    /// A one-line progress bar on stderr (only on a terminal), redrawn in place.
    func progress(_ label: String, _ done: Int, _ total: Int) {
        guard errorIsTerminal, total > 0 else { return }
        let width = 24
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        err("\r\u{1B}[2K\(label) \(bar) \(done)/\(total)")
    }

    func clearProgress() {
        if errorIsTerminal { err("\r\u{1B}[2K") }
    }
}
