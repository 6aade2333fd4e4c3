import CVips

/// The SHA-256 of a photo's bytes (glib's), which names it in the photo cache.
public enum PhotoDigest {
    /// Nil when libvips (which brings glib's checksum) cannot be opened.
    public static func sha256(_ bytes: [UInt8]) -> String? {
        guard Vips.isReady else { return nil }
        var hex = [CChar](repeating: 0, count: 65)
        bytes.withUnsafeBytes { raw in
            hex.withUnsafeMutableBufferPointer { daybook_sha256(raw.baseAddress, raw.count, $0.baseAddress) }
        }
        return String(decoding: hex.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What besides the settings decides a variant's bytes: this pipeline's version and the libvips
    /// ABI it opens. Not libvips' exact version: asking for it would load libvips in every build,
    /// even one whose photos all come from the cache (docs/photos.md: clear the cache after
    /// upgrading libvips to have every photo made again).
    public static let processorVersion = "pipeline 4, libvips 42"
}
