import Foundation

/// The photos of a build, between the stages: which files the entries and their bodies name
/// (checked, with where each is first named), each one's size as shown (from the cache's index,
/// or read by libvips), and the plan of the files published for it. During the render, each
/// photo's files come from the cache or are made by libvips and kept there.
struct PhotoStage: Sendable {
    let loader: SiteLoader
    let cache: PhotoCache
    let processor: PhotoProcessor
    let plans: [String: PhotoPlan]
    /// Where each photo is first named, for messages.
    let origins: [String: SourceOrigin]
    /// Other files of the site that bodies link to, published as they are (sorted).
    let files: [String]
    /// Those of ``files`` that say where they were recorded in a way the build does not remove
    /// (``MediaLocation/Places/remainsWhenEmptied``); none with `keepPhotoMetadata`.
    let filesKeepingPlace: [String]
    /// `keepPhotoMetadata`: linked files are published as they are.
    let keepsMetadata: Bool
    /// The images of `static/` (paths in it, sorted), published as they are, that say where they
    /// were taken (``PhotoProbe/saysWhereTaken(ofFile:)``); none with `keepPhotoMetadata`.
    let staticImagesWithPlace: [String]
    /// What was learnt of the images of `static/` (their answers by file facts), for the cache,
    /// and whether it differs from what the cache had.
    let staticPlaces: [String: PhotoCache.StaticPlace]
    let staticPlacesChanged: Bool
    /// The first image the text of each entry without `photos` shows, by the entry's index in the
    /// site's entries (for its thumbnail).
    var bodyImages: [Int: String] = [:]
    /// The first image of the site each page of `pages/` shows (by its path in `pages/`), for its `og:image`.
    var pageImages: [String: String] = [:]
    /// How many images of the site each entry's text shows besides its `photos`, by index.
    var textImageCounts: [Int: Int] = [:]
    /// Images written with a space in their address, which Markdown shows as words: one warning each.
    var imagesAsText: [SiteError] = []
    /// The cache's index as read at the start, and the facts of each source now.
    let known: [String: PhotoCache.Known]
    let facts: [String: String]
    /// Part of every cache key: what besides the source decides the bytes.
    let settingsKey: String
    /// With `leavesOutUnreadable`: the errors of the photos left out of ``plans``, and those photos.
    var leftOut: [SiteError] = []
    var leftOutPaths: Set<String> = []

    /// Photo sources of a site: `origins` maps each to where it is first named. Reads each
    /// source's size from the cache's index, or its header through libvips. A source libvips
    /// cannot read is an error, or with `leavesOutUnreadable` left out (``leftOut``). `statics`:
    /// the files of `static/`, whose images' headers are read for a place.
    init(origins: [String: SourceOrigin], files: Set<String> = [], statics: Set<String> = [], loader: SiteLoader, cache: PhotoCache,
         settings: PhotoSettings, social: Set<String>, leavesOutUnreadable: Bool = false) throws(SiteErrors) {
        self.loader = loader
        self.cache = cache
        self.origins = origins
        self.files = files.sorted()
        keepsMetadata = settings.keepMetadata
        filesKeepingPlace = settings.keepMetadata ? [] : self.files.filter { PhotoStage.keepsPlace(loader.fullPath($0)) }
        // Every file but a GIF (which holds no EXIF): one not named as an image is read only when its
        // first bytes say it is one (a JPEG saved as `.bin`).
        let images = settings.keepMetadata ? [] : statics.filter { !$0.lowercased().hasSuffix(".gif") }.sorted()
        // Each image's answer is kept in the cache by its file facts: libvips is opened (50 ms a
        // build) only for an image that is new or changed since.
        let checked = images.isEmpty ? [:] : cache.readStaticPlaces()
        let fullPaths = images.map { loader.fullPath(StaticFolder.name + "/" + $0) }
        let staticFacts = fullPaths.map(PhotoCache.facts(ofFile:))
        let taken: [Bool] = chunkedMap(Array(images.indices)) { chunk in
            chunk.map { k in
                if let known = checked[images[k]], let now = staticFacts[k], known.facts == now { return known.hasPlace }
                if !PhotoProbe.isImageName(images[k]), PhotoProbe.signatureKind(ofFile: fullPaths[k]).map({ $0 != "GIF" }) != true { return false }
                return PhotoProbe.saysWhereTaken(ofFile: fullPaths[k])
            }
        }
        staticImagesWithPlace = zip(images, taken).filter(\.1).map(\.0)
        var places: [String: PhotoCache.StaticPlace] = [:]
        for (k, path) in images.enumerated() {
            if let now = staticFacts[k] { places[path] = PhotoCache.StaticPlace(facts: now, hasPlace: taken[k]) }
        }
        staticPlaces = places
        staticPlacesChanged = places != checked
        processor = PhotoProcessor(settings: settings)
        var hash = FNV1a()
        hash.add(Array((settings.cacheKeyText + " " + PhotoDigest.processorVersion).utf8))
        settingsKey = hash.hex
        let index = origins.isEmpty ? [:] : cache.readIndex()
        known = index
        let sources = origins.keys.sorted()
        let found: [(facts: String?, size: Result<PhotoPlan.Size, PhotoProblem>)] = chunkedMap(sources) { chunk in
            chunk.map { source in
                let full = loader.fullPath(source)
                let facts = PhotoCache.facts(ofFile: full)
                if let facts, let k = index[source], k.facts == facts {
                    return (facts, .success(PhotoPlan.Size(width: k.width, height: k.height)))
                }
                return (facts, PhotoProbe.size(ofFile: full))
            }
        }
        var sizes: [String: PhotoPlan.Size] = [:], facts: [String: String] = [:], errors: [SiteError] = []
        for (source, result) in zip(sources, found) {
            facts[source] = result.facts
            switch result.size {
            case .success(let size): sizes[source] = size
            case .failure(let problem):
                errors.append(PhotoStage.error(problem, source: source, loader: loader, origins: origins))
                leftOutPaths.insert(source)
            }
        }
        if leavesOutUnreadable {
            leftOut = errors
        } else if !errors.isEmpty {
            throw SiteErrors(errors)
        }
        self.facts = facts
        plans = PhotoPlan.plans(sizes: sizes, settings: settings, social: social)
        let clashes = PhotoStage.clashes(plans, files: self.files).map { clash in
            origins[clash.source]?.error(clash.reason) ?? SiteError(file: clash.source, reason: clash.reason)
        }
        if !clashes.isEmpty { throw SiteErrors(clashes) }
    }

    /// Whether the file at `path` (read in parts with `pread`) says where it was recorded in a way
    /// ``publishedBytes(of:)`` does not remove.
    static func keepsPlace(_ path: String) -> Bool {
        FileParts.look(at: path) { MediaLocation.places(size: $0, read: $1).remainsWhenEmptied }
    }

    /// The bytes published for `file`, one of ``files``: its own, but for the boxes of a sound or
    /// video file that say where it was recorded, emptied (``MediaLocation/withoutPlace(_:)``)
    /// unless `keepPhotoMetadata`.
    func publishedBytes(of file: String) -> [UInt8] {
        let bytes = loader.read(file) ?? []
        return keepsMetadata ? bytes : MediaLocation.withoutPlace(bytes)
    }

    /// Output paths two files would be written to: a photo published as it is (`publishOriginals`)
    /// or a file a body links to, named like another photo's variant (`photos/red-480.jpg` beside
    /// `photos/red.jpg`). Each with the source it is told at.
    static func clashes(_ plans: [String: PhotoPlan], files: [String]) -> [(source: String, reason: String)] {
        var owner: [String: String] = [:]
        var found: [(source: String, reason: String)] = []
        var folded: [String: String] = [:]
        for source in plans.keys.sorted() {
            let plan = plans[source]!
            for variant in plan.outputs {
                let name = PhotoStage.name(of: variant, source: source)
                if let other = folded.updateValue(name, forKey: variant.path.lowercased()) {
                    found.append((source, "\(name) would be written where \(other) is; rename one of them"))
                }
                owner[variant.path] = name
            }
        }
        let published = plans.keys.sorted().filter { plans[$0]!.original != nil } + files
        for path in published {
            if let other = owner[path] {
                found.append((path, "\(path) is published as it is, and is also the name of \(other); rename one of them"))
            }
        }
        return found
    }

    /// `the 480 px variant of photos/red.jpg`, `the social image of photos/red.jpg`.
    static func name(of variant: PhotoPlan.Variant, source: String) -> String {
        "the \(variant.path.hasSuffix("-social.jpg") ? "social image" : "\(variant.width) px variant") of \(source)"
    }

    /// A problem with `source` placed where it is named, libvips' full paths told as the site's.
    func error(_ problem: PhotoProblem, source: String) -> SiteError {
        PhotoStage.error(problem, source: source, loader: loader, origins: origins)
    }

    private static func error(_ problem: PhotoProblem, source: String, loader: SiteLoader,
                              origins: [String: SourceOrigin]) -> SiteError {
        let reason = problem.reason.replacingOccurrences(of: loader.fullPath(source), with: source)
        return origins[source]?.error("\(source) \(reason)") ?? SiteError(file: source, reason: reason)
    }

    /// What one photo's render gave.
    enum Made {
        /// The files to write (output path and bytes); whether libvips made them (else the cache
        /// had them); the source's entry for the cache's index.
        case files([(path: String, bytes: [UInt8])], processed: Bool, known: PhotoCache.Known)
        case failed(SiteError)
    }

    /// The name of each output in the cache folder of its photo: `960.webp`, and the social
    /// image's with its size, `social-1200x630.jpg` (an older Daybook's `social.jpg`, the whole
    /// photo scaled, is not taken for the crop).
    static func cacheNames(_ plan: PhotoPlan) -> [String] {
        plan.variants.map { String($0.path[$0.path.index(after: $0.path.lastIndex(of: "-")!)...]) }
            + (plan.social.map { ["social-\($0.width)x\($0.height).jpg"] } ?? [])
    }

    /// The files of `source`: from the cache when it has them, else made by libvips and kept there.
    func make(_ source: String) -> Made {
        guard let plan = plans[source] else { return .failed(SiteError(file: source, reason: "no plan for this photo")) }
        let full = loader.fullPath(source)
        var bytes: [UInt8]?
        let digest: String
        if let facts = facts[source], let k = known[source], k.facts == facts {
            digest = k.digest
        } else {
            guard let read = SiteLoader.readFile(full) else {
                return .failed(error(PhotoProblem("cannot be read"), source: source))
            }
            guard let made = PhotoDigest.sha256(read) else {
                return .failed(error(PhotoProblem("cannot be processed: libvips is not ready: \(Vips.problem)"), source: source))
            }
            digest = made
            bytes = read
        }
        let key = digest + "-" + settingsKey
        let names = PhotoStage.cacheNames(plan)
        let entry = PhotoCache.Known(facts: facts[source] ?? "", digest: digest, width: plan.size.width, height: plan.size.height)
        var files: [(path: String, bytes: [UInt8])] = []
        if let original = plan.original {
            guard let data = bytes ?? SiteLoader.readFile(full) else {
                return .failed(error(PhotoProblem("cannot be read"), source: source))
            }
            files.append((original, data))
        }
        if let cached = cache.files(key, names: names) {
            files += zip(plan.outputs, cached).map { ($0.path, $1) }
            return .files(files, processed: false, known: entry)
        }
        do {
            let made = try processor.make(plan, file: full)
            // A cache that cannot be written costs the next build time, not this one its photos.
            try? cache.store(key, names: names, files: made)
            files += zip(plan.outputs, made).map { ($0.path, $1) }
            return .files(files, processed: true, known: entry)
        } catch {
            return .failed(self.error(error, source: source))
        }
    }
}
