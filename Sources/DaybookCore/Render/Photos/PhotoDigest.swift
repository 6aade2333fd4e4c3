import CVips

/// The SHA-256 of a photo's bytes (glib's), which names it in the photo cache.
public enum PhotoDigest {
    public static func sha256(_ bytes: [UInt8]) -> String {
        var hex = [CChar](repeating: 0, count: 65)
        bytes.withUnsafeBytes { raw in
            hex.withUnsafeMutableBufferPointer { daybook_sha256(raw.baseAddress, raw.count, $0.baseAddress) }
        }
        return String(cString: hex)
    }

    /// What besides the settings decides a variant's bytes: libvips' version and this pipeline's.
    public static var processorVersion: String { "vips \(Vips.version) pipeline 1" }
}
