/// What the build publishes of one photo: its resized variants (paths in the output, sizes),
/// the Open Graph JPEG of an entry's first photo, and the original when asked. Planned from the
/// photo's size as shown (EXIF orientation applied) before any pixel is processed, so pages can
/// name every file while the photos are made alongside them.
public struct PhotoPlan: Sendable, Equatable {
    /// A photo's size in pixels, as shown (a portrait shot stored landscape is taller than wide).
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// One file made from the photo.
    public struct Variant: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// The file's path in the output (and its name in the cache, after the last `/`).
        public var path: String
    }

    /// The photo's path in the site folder.
    public var source: String
    public var size: Size
    /// Narrowest first; none wider than the photo.
    public var variants: [Variant]
    /// The Open Graph image (a JPEG), for an entry's first photo when the site has a baseURL.
    public var social: Variant?
    /// The original's path in the output, when originals are published.
    public var original: String?

    /// The variant a page's `src` names: the first at least 960 px wide, else the widest.
    public var display: Variant { variants.first { $0.width >= 960 } ?? variants[variants.count - 1] }
    /// The widest variant, for print.
    public var widest: Variant { variants[variants.count - 1] }

    /// Every file of the plan (variants, then the social image).
    public var outputs: [Variant] { variants + (social.map { [$0] } ?? []) }
    /// The paths of every file published of the photo: the original, when it is, and the outputs.
    public var publishedPaths: [String] { (original.map { [$0] } ?? []) + outputs.map(\.path) }

    /// Plans for photos of the given sizes. Variant files go beside where the photo is in the
    /// site, named `<name>-<width>.<ext>` (`photos/beach-960.webp`); two photos of one name with
    /// other extensions in one folder are told apart by theirs (`beach-png-960.webp`), and names
    /// that would still meet (`case.JPG` and `case.jpg`, `a.png` and `a-png.webp`), compared
    /// without case as macOS' disks do, get `-2`, `-3`… in path order.
    /// `social`: the photos that get an Open Graph JPEG.
    public static func plans(sizes: [String: Size], settings: PhotoSettings, social: Set<String>) -> [String: PhotoPlan] {
        let bases = variantBases(Array(sizes.keys))
        var plans: [String: PhotoPlan] = [:]
        plans.reserveCapacity(sizes.count)
        for (path, size) in sizes {
            let base = bases[path]!
            func variant(_ width: Int, suffix: String, ext: String) -> Variant {
                let height = max(1, Int((Double(size.height) * Double(width) / Double(size.width)).rounded()))
                return Variant(width: width, height: height, path: "\(base)-\(suffix).\(ext)")
            }
            let widths = Array(Set(settings.widths.map { min($0, size.width) })).sorted()
            let variants = widths.map { variant($0, suffix: String($0), ext: settings.format.fileExtension) }
            let socialSize = socialSize(of: size)
            let socialVariant = social.contains(path)
                ? Variant(width: socialSize.width, height: socialSize.height, path: "\(base)-social.jpg") : nil
            plans[path] = PhotoPlan(source: path, size: size, variants: variants, social: socialVariant,
                                    original: settings.publishOriginals ? path : nil)
        }
        return plans
    }

    /// The Open Graph image's size: the largest part of the photo at 1200:630 (a tall
    /// screenshot's or a panorama's middle, where libvips finds the most to look at), shrunk to
    /// 1200 × 630 when larger, never enlarged.
    static func socialSize(of size: Size) -> Size {
        let (width, height) = (PhotoSettings.socialWidth, PhotoSettings.socialHeight)
        var crop = size
        if size.width * height > size.height * width {
            crop.width = max(1, Int((Double(size.height * width) / Double(height)).rounded()))
        } else {
            crop.height = max(1, Int((Double(size.width * height) / Double(width)).rounded()))
        }
        return crop.width > width ? Size(width: width, height: height) : crop
    }

    /// The width to decode the photo at for every output: the widest variant's, or for the
    /// Open Graph image of a wide photo, the width at which the photo is as tall as it.
    public var decodeWidth: Int {
        var widest = variants.map(\.width).max() ?? 0
        if let social {
            let scale = max(Double(social.width) / Double(size.width), Double(social.height) / Double(size.height))
            widest = max(widest, min(size.width, Int((Double(size.width) * scale).rounded(.up))))
        }
        return widest
    }

    /// Each photo's variant name without the `-<width>.<ext>`, unique among them without case.
    static func variantBases(_ paths: [String]) -> [String: String] {
        var stems: [String: Int] = [:]
        for path in paths { stems[stem(path), default: 0] += 1 }
        var wanted: [String: String] = [:]
        for path in paths {
            var base = stem(path)
            if stems[base, default: 0] > 1, let ext = fileExtension(path) { base += "-" + ext }
            wanted[path] = base
        }
        var wanters: [String: Int] = [:]
        for base in wanted.values { wanters[base.lowercased(), default: 0] += 1 }
        var taken = Set(wanted.values.map { $0.lowercased() }.filter { wanters[$0] == 1 })
        var bases: [String: String] = [:]
        for path in paths.sorted() {
            let base = wanted[path]!
            guard wanters[base.lowercased()]! > 1 else { bases[path] = base; continue }
            var chosen = base
            var number = 2
            while taken.contains(chosen.lowercased()) {
                chosen = "\(base)-\(number)"
                number += 1
            }
            taken.insert(chosen.lowercased())
            bases[path] = chosen
        }
        return bases
    }

    /// The path without its extension.
    static func stem(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/"), dot > (path.lastIndex(of: "/") ?? path.startIndex) else { return path }
        return String(path[..<dot])
    }

    static func fileExtension(_ path: String) -> String? {
        let base = stem(path)
        return base.count < path.count ? String(path.dropFirst(base.count + 1)).lowercased() : nil
    }
}
