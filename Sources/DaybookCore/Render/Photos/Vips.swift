import Foundation
import CVips

/// libvips, opened and started the first time a photo needs it (a build whose photos all come
/// from the cache never loads it): only loaders safe for untrusted data, one worker thread per
/// image (the build runs photos in parallel itself), no operation cache.
enum Vips {
    /// Whether libvips could start; checked before every use.
    static let isReady: Bool = daybook_vips_start() == 0

    /// Why libvips is not ready (not installed, too old).
    static var problem: String { String(cString: daybook_vips_problem()) }


    /// The messages libvips collected for the call on the file at `path` that failed, on one line,
    /// and clears them. libvips keeps one buffer for all threads: lines naming another file are
    /// another photo's, kept for it when its own call asks.
    static func takeError(about path: String) -> String {
        let lines: [String] = errorLock.withLock {
            let text = String(cString: daybook_vips_error_buffer())
            daybook_vips_error_clear()
            let all = Self.otherPhotosLines + text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let own = all.filter { $0.contains(path) || !$0.contains("/") }
            // Another photo's lines wait for it (at most a few hundred, should it never ask).
            Self.otherPhotosLines = Array(all.filter { !$0.contains(path) && $0.contains("/") }.suffix(256))
            return own
        }
        let unique = lines.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return unique.isEmpty ? "libvips gave no reason" : unique.joined(separator: "; ")
    }

    private static let errorLock = NSLock()
    nonisolated(unsafe) private static var otherPhotosLines: [String] = []
}
