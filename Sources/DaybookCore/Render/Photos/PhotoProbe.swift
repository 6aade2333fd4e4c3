import CVips
import Foundation

/// Reads a photo's header through libvips (no pixels are decoded): its kind, its size as shown
/// (EXIF orientation applied), and whether it is within the pixel limit.
public enum PhotoProbe {
    /// The kinds accepted, by libvips loader: JPEG, PNG, WebP, HEIC/HEIF and AVIF, TIFF, GIF.
    static let acceptedLoaders = ["jpeg", "png", "webp", "heif", "tiff", "gif"]

    /// Whether a file's name says it is an image of an accepted kind (`.jpg`, `.HEIC`, Windows'
    /// `.jfif`, …).
    public static func isImageName(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ["jpg", "jpeg", "jfif", "jpe", "jif", "png", "webp", "heic", "heif", "avif", "tif", "tiff", "gif"].contains(ext)
    }

    /// Whether the image in the file at `path` says where it was taken: a GPS position in its
    /// EXIF, as libvips reads it from a JPEG, PNG, WebP, HEIC or AVIF file, or as ``TIFFPlace``
    /// reads a TIFF's (libvips 8.14 reads none), or in its XMP (any of these kinds). False for a
    /// file libvips cannot read.
    public static func saysWhereTaken(ofFile path: String) -> Bool {
        guard Vips.isReady else { return false }
        guard let image = daybook_vips_header(path) else {
            daybook_vips_error_clear()
            return false
        }
        defer { daybook_vips_unref(image) }
        return daybook_vips_has_field(image, "exif-ifd3-GPSLatitude") != 0 || daybook_vips_xmp_holds(image, "GPSLatitude") != 0
            || (signatureKind(ofFile: path) == "TIFF" && FileParts.look(at: path, TIFFPlace.holdsPosition))
    }

    /// The size of the image in the file at `path` as it is shown.
    public static func size(ofFile path: String) -> Result<PhotoPlan.Size, PhotoProblem> {
        Vips.ownReasons { probe(path) }
    }

    /// The same, once every pixel is read as the build reads them: a cut-short or damaged file,
    /// whose header is whole, fails here (for `daybook add`, which refuses a photo no build could show).
    public static func checkedSize(ofFile path: String) -> Result<PhotoPlan.Size, PhotoProblem> {
        Vips.ownReasons {
            probe(path).flatMap { size in
                Vips.decode(path, width: 64).map { image in
                    daybook_vips_unref(image)
                    return size
                }
            }
        }
    }

    private static func probe(_ path: String) -> Result<PhotoPlan.Size, PhotoProblem> {
        guard Vips.isReady else { return .failure(PhotoProblem("cannot be read: libvips is not ready: \(Vips.problem)")) }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > PhotoSettings.byteLimit {
            return .failure(PhotoProblem("is \(Int(info.st_size) >> 20) MB; photo files over \(PhotoSettings.byteLimit >> 20) MB are refused"))
        }
        guard let loaderName = daybook_vips_loader(path) else {
            return .failure(PhotoProblem("cannot be read as an image: \(Vips.takeError())"))
        }
        let loader = String(cString: loaderName).lowercased()
        guard acceptedLoaders.contains(where: { loader.contains($0) }) else {
            if let kind = signatureKind(ofFile: path) {
                return .failure(PhotoProblem("starts as a \(kind) image but cannot be read as one: it is damaged or cut short"))
            }
            return .failure(PhotoProblem("is not a JPEG, PNG, WebP, HEIC, AVIF, TIFF or GIF image (libvips reads it as \(kind(ofLoader: String(cString: loaderName))))"))
        }
        guard let image = daybook_vips_header(path) else {
            return .failure(PhotoProblem("cannot be read as an image: \(Vips.takeError())"))
        }
        defer { daybook_vips_unref(image) }
        let width = Int(daybook_vips_width(image)), height = Int(daybook_vips_height(image))
        guard width > 0, height > 0 else { return .failure(PhotoProblem("cannot be read as an image: it has no pixels")) }
        if width * height > PhotoSettings.pixelLimit {
            return .failure(PhotoProblem("is \(width) × \(height) pixels (\(width * height / 1_000_000) MP); photos over \(PhotoSettings.pixelLimit / 1_000_000) MP are refused"))
        }
        let turned = (5...8).contains(daybook_vips_orientation(image))
        return .success(turned ? PhotoPlan.Size(width: height, height: width) : PhotoPlan.Size(width: width, height: height))
    }

    /// A loader's kind as a person says it: `VipsForeignLoadPpmFile` is "ppm".
    static func kind(ofLoader name: String) -> String {
        var kind = Substring(name)
        if kind.hasPrefix("VipsForeignLoad") { kind = kind.dropFirst("VipsForeignLoad".count) }
        for suffix in ["File", "Buffer", "Source"] where kind.hasSuffix(suffix) && kind.count > suffix.count {
            kind = kind.dropLast(suffix.count)
            break
        }
        return kind.lowercased()
    }

    /// The accepted kind a file's first bytes say it is, whatever its loader: a TIFF cut short
    /// fails libvips' TIFF check and is offered to another loader.
    static func signatureKind(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 12)) ?? Data())
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<(offset + bytes.count)]) == bytes
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
        if starts(Array("GIF8".utf8)) { return "GIF" }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return "WebP" }
        if starts(Array("ftyp".utf8), at: 4) { return "HEIC or AVIF" }
        return nil
    }
}
