import CVips

/// Makes a photo's variants through libvips: decoded once, shrunk on load to the widest size
/// needed, turned upright, converted to sRGB, then each variant resized from that and encoded,
/// metadata stripped unless the settings keep it.
public struct PhotoProcessor: Sendable {
    public let settings: PhotoSettings

    public init(settings: PhotoSettings) {
        self.settings = settings
    }

    /// Quality of the Open Graph JPEG.
    static let socialQuality = 82

    /// The bytes of each of `plan.outputs`, in that order, from the photo in the file at `path`.
    public func make(_ plan: PhotoPlan, file path: String) throws(PhotoProblem) -> [[UInt8]] {
        try Vips.ownReasons { Result { () throws(PhotoProblem) in try makeOnce(plan, file: path) } }.get()
    }

    private func makeOnce(_ plan: PhotoPlan, file path: String) throws(PhotoProblem) -> [[UInt8]] {
        guard Vips.isReady else { throw PhotoProblem("cannot be processed: libvips is not ready: \(Vips.problem)") }
        let outputs = plan.outputs
        guard !outputs.isEmpty else { return [] }
        let decoded = try Vips.decode(path, width: plan.decodeWidth).get()
        defer { daybook_vips_unref(decoded) }
        var results: [[UInt8]] = []
        for (n, output) in outputs.enumerated() {
            let isSocial = plan.social != nil && n == outputs.count - 1
            let format = isSocial ? "jpeg" : settings.format.rawValue
            let quality = isSocial ? PhotoProcessor.socialQuality : settings.quality
            var image = decoded
            var resized: OpaquePointer?
            if isSocial {
                guard let made = daybook_vips_fill(decoded, Int32(output.width), Int32(output.height)) else {
                    throw PhotoProblem("cannot be cropped: \(Vips.takeError())")
                }
                resized = made
                image = made
            } else if Int(daybook_vips_width(decoded)) > output.width {
                guard let made = daybook_vips_resize(decoded, Int32(output.width)) else {
                    throw PhotoProblem("cannot be resized: \(Vips.takeError())")
                }
                resized = made
                image = made
            }
            defer { if let resized { daybook_vips_unref(resized) } }
            results.append(try encode(image, format: format, quality: quality, path: path))
        }
        return results
    }

    private func encode(_ image: OpaquePointer, format: String, quality: Int, path: String) throws(PhotoProblem) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let strip: Int32 = settings.keepMetadata ? 0 : 1
        guard daybook_vips_save(image, format, Int32(quality), strip, &buffer, &length) == 0, let buffer else {
            throw PhotoProblem("cannot be saved as \(format): \(Vips.takeError())")
        }
        defer { daybook_vips_free(buffer) }
        if format == "webp", !settings.keepMetadata {
            // libvips 8.14.1 keeps EXIF (GPS included) in WebP files whatever `strip` says.
            var stripped: UnsafeMutablePointer<UInt8>?
            var strippedLength = 0
            guard daybook_webp_strip(buffer, length, &stripped, &strippedLength) == 0, let stripped else {
                throw PhotoProblem("its WebP metadata could not be removed")
            }
            defer { daybook_webp_free(stripped) }
            return Array(UnsafeBufferPointer(start: stripped, count: strippedLength))
        }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
