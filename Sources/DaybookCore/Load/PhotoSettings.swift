/// How photos are published (`photoWidths`, `photoFormat`, `photoQuality`, `keepPhotoMetadata`,
/// `publishOriginals` in daybook.json).
public struct PhotoSettings: Sendable, Equatable {
    /// The file format of the resized variants.
    public enum Format: String, Sendable, CaseIterable {
        case webp, jpeg, avif

        /// The file name extension of a variant.
        public var fileExtension: String {
            switch self {
            case .webp: "webp"
            case .jpeg: "jpg"
            case .avif: "avif"
            }
        }

        /// The MIME type, for `<source type>` and the like.
        public var mimeType: String { "image/\(rawValue)" }
    }

    /// Widths of the variants made of each photo, ascending; a photo is never made wider than it is.
    public var widths: [Int] = [480, 960, 1600]
    public var format: Format = .webp
    /// Encoder quality, 1–100.
    public var quality: Int = 75
    /// Keep EXIF and XMP (camera, GPS) in the published variants.
    public var keepMetadata: Bool = false
    /// Publish the original files beside the variants, at their paths in the site.
    public var publishOriginals: Bool = false

    /// The largest size of the JPEG made for an entry's first photo as its Open Graph image
    /// (1.91:1, what Facebook, X and LinkedIn show a shared link's image at).
    public static let socialWidth = 1200
    public static let socialHeight = 630
    /// Photos larger than this many pixels are refused before they are decoded.
    public static let pixelLimit = 100_000_000
    /// Photo files larger than this are refused before they are read.
    public static let byteLimit = 256 << 20

    public init() {}

    /// What decides the bytes of a photo's variants, for the cache key.
    public var cacheKeyText: String {
        "widths=\(widths.map(String.init).joined(separator: ",")) format=\(format.rawValue) q=\(quality) keep=\(keepMetadata)"
    }
}
