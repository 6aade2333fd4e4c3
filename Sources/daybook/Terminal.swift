import Foundation

/// The terminal: stdout for results, stderr for messages, colour unless `NO_COLOR` is set to
/// something (no-color.org: an empty one is not set) or stderr is not a terminal.
struct Terminal: Sendable {
    let errorIsTerminal: Bool
    let useColor: Bool
    /// A progress bar is drawn: on a terminal that moves its cursor (not `TERM=dumb`).
    let drawsProgress: Bool
    private let progressLine = ProgressLine()

    init(environment: [String: String]) {
        errorIsTerminal = isatty(2) == 1
        useColor = errorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        drawsProgress = errorIsTerminal && environment["TERM"] != "dumb"
    }

    /// Whether a progress bar is on the screen, shared by the copies of a ``Terminal``.
    private final class ProgressLine: @unchecked Sendable {
        private let lock = NSLock()
        private var shown = false

        func drawn() { lock.withLock { shown = true } }

        /// Whether one was drawn since the last call.
        func taken() -> Bool {
            lock.withLock {
                defer { shown = false }
                return shown
            }
        }
    }

    func out(_ text: String) {
        Self.write(Array(text.utf8), to: STDOUT_FILENO)
    }

    func err(_ text: String) {
        Self.write(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes all of `bytes` to `descriptor`, through `write(2)`: when the reader is gone
    /// (`daybook serve 2>&1 | tee log`, Ctrl-C stopping both; `serve` ignores SIGPIPE) the text is
    /// lost, where Foundation's `FileHandle.write` stopped the process before it cleaned up.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// A message line on stderr, `error:` in red and `warning:` in yellow where colour is on; the
    /// control characters of its text (a file's or a zip member's name) shown, not run (``visible(_:)``).
    func error(_ line: String) {
        let line = Self.visible(line)
        if useColor, line.hasPrefix("error: ") {
            err("\u{1B}[1;31merror:\u{1B}[0m" + line.dropFirst("error:".count) + "\n")
        } else if useColor, line.hasPrefix("warning: ") {
            err("\u{1B}[1;33mwarning:\u{1B}[0m" + line.dropFirst("warning:".count) + "\n")
        } else {
            err(line + "\n")
        }
    }

    /// `text` with its control characters but line breaks and tabs written out (`\u{1B}`), C1's
    /// (U+0080 to U+009F) and the bidirectional controls too: a name with an escape sequence in it would otherwise colour the
    /// terminal, set its title or write to its clipboard (found by a security audit).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text of the data as a terminal shows it: its control characters written out (``visible(_:)``),
    /// a carriage return (alone or before a line feed) and Unicode's line and paragraph separators
    /// as line breaks, and no bidirectional embedding, override or isolate (U+202A–U+202E,
    /// U+2066–U+2069), which a terminal that reads them would let turn the rest of the line
    /// around. `oneLine`: its line breaks and tabs as spaces.
    static func shown(_ text: String, oneLine: Bool) -> String {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0x202A...0x202E, 0x2066...0x2069: continue
            case 0x0A where previous == "\r": continue
            case 0x0A, 0x0D, 0x2028, 0x2029, 0x85: out.append(oneLine ? " " : "\n")
            case 0x09 where oneLine: out.append(" ")
            default: out.append(scalar)
            }
        }
        return visible(String(out))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
            // Bidirectional embeddings, overrides and isolates: a terminal that reads them turns the rest of
            // the line around (found by a todo.txt user's audit: `Added todo 5: Pay ‮evil`).
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// A one-line progress bar on stderr (only on a terminal), redrawn in place.
    func progress(_ label: String, _ done: Int, _ total: Int) {
        guard drawsProgress, total > 0 else { return }
        let width = 24
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        err("\r\u{1B}[2K\(label) \(bar) \(done)/\(total)")
        progressLine.drawn()
    }

    /// Clears the progress bar's line, when one was drawn (found by a CI audit: Emacs' `M-x compile`,
    /// a terminal of `TERM=dumb`, showed the escape before every message).
    func clearProgress() {
        guard progressLine.taken() else { return }
        err("\r\u{1B}[2K")
    }
}
