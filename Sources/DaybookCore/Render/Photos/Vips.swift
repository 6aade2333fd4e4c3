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


    /// One photo's libvips calls (`work`), beside other photos'; when they fail, once more with no
    /// other photo's calls running. libvips keeps one error buffer for all threads, and a
    /// decoder's message names no file ("Corrupt JPEG data"): run alone, the failure's reason
    /// (``takeError()``) is this photo's, not another's that failed at the same time.
    static func ownReasons<T, Failure: Error>(_ work: () -> Result<T, Failure>) -> Result<T, Failure> {
        let first = calls.shared(work)
        guard case .failure = first else { return first }
        return calls.alone {
            daybook_vips_error_clear()
            return work()
        }
    }

    /// The photo decoded as ``daybook_vips_thumbnail`` does, shrunk on load to `width`; a failure
    /// when libvips fails or when, while it decoded, libjpeg said a JPEG is damaged (which
    /// libvips can let pass: the image then has a broken band). Run under ``ownReasons``: a
    /// warning another photo gave at the same time makes this one fail too, and the run alone
    /// tells whose it was.
    static func decode(_ path: String, width: Int) -> Result<OpaquePointer, PhotoProblem> {
        let (damage, warned) = (daybook_vips_damage_count(), daybook_vips_jpeg_warned_count())
        var anyWarningFails: Int32 = 0
        guard let image = daybook_vips_thumbnail(path, Int32(width), &anyWarningFails) else {
            return .failure(PhotoProblem("cannot be read as an image: \(takeError())"))
        }
        let saysDamaged = daybook_vips_damage_count() != damage
        let jpegWarned = anyWarningFails != 0 && daybook_vips_jpeg_warned_count() != warned
        guard saysDamaged || jpegWarned else { return .success(image) }
        daybook_vips_unref(image)
        guard saysDamaged else { return .failure(PhotoProblem("cannot be read as an image: libjpeg warned that the JPEG data is damaged")) }
        var message = [CChar](repeating: 0, count: 256)
        daybook_vips_damage_message(&message, message.count)
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return .failure(PhotoProblem("cannot be read as an image: \(reason)"))
    }

    /// The messages libvips collected since it was last asked, on one line, and clears them.
    static func takeError() -> String {
        let text = String(cString: daybook_vips_error_buffer())
        daybook_vips_error_clear()
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let unique = lines.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return unique.isEmpty ? "libvips gave no reason" : unique.joined(separator: "; ")
    }

    static let calls = SharedExclusiveLock()
}
