/// What a build did, for the one-line summary and `--json`.
public struct BuildSummary: Sendable, Equatable, Encodable {
    public var entries: Int = 0
    public var drafts: Int = 0
    /// Entries dated after "now", left out of the build (without `--future`).
    public var future: Int = 0
    public var pagesWritten: Int = 0
    public var pagesUnchanged: Int = 0
    public var filesRemoved: Int = 0
    public var photos: Int = 0
    /// Photos made by libvips in this build, and photos whose files came from the cache.
    public var photosProcessed: Int = 0
    public var photosReused: Int = 0
    public var output: String = ""
    /// True when nothing the build reads had changed, so nothing was rendered.
    public var skipped: Bool = false
    /// Wall time of each stage that ran, in order (`daybook build --timings`).
    public var stages: [StageTime] = []
    /// Problems that did not stop the build (misspelled keys, unknown theme files), sorted.
    public var warnings: [SiteError] = []
    /// With ``BuildOptions/locatesEntryPages``: each entry page's path in the output and where
    /// its entry starts (`diary.json:12:3`), for messages about the built pages.
    public var entryPages: [String: String] = [:]
    /// With ``BuildOptions/locatesEntryPages``: where the links of those pages' bodies are written.
    public var bodyLinks = BodyLinkPlaces()
    /// With ``BuildOptions/buildsPastPhotoErrors``: the errors of the photos the build left out,
    /// sorted, and the paths of the files it did not make of them (`photos/gone.jpg`,
    /// `photos/ab/red-480.webp`), to which its pages link.
    public var errors: [SiteError] = []
    public var unmade: Set<String> = []
    /// With ``BuildOptions/locatesEntryPages``: each page of the site's own's path in the output
    /// and its file (`site/pages/about.md`).
    public var sitePages: [String: String] = [:]
    /// The site's baseURL (from daybook.json or `--base-url`), if it has one.
    public var baseURL: String?
    /// Whether the site's links end in `/` (`prettyURLs`) rather than `index.html`.
    public var prettyURLs = false
    /// The files of `static/` the build copied, by their paths in the output.
    public var staticFiles: [String] = []

    public init() {}
}

/// How long one stage of a build took.
public struct StageTime: Sendable, Equatable, Encodable {
    /// "fingerprint", "load", "present", "theme", "folders", "render", "write".
    public var stage: String
    public var seconds: Double

    public init(stage: String, seconds: Double) {
        self.stage = stage
        self.seconds = seconds
    }
}

/// Why a build failed; the CLI maps each case to an exit status.
public enum BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The site folder or its config is missing (exit 66).
    case missingInput(String)
    /// The data or the templates have errors (exit 1).
    case invalid(SiteErrors)
    /// The output folder is not acceptable (exit 64).
    case badOutput(String)
    /// The output could not be written (exit 73).
    case cannotWrite(WriteError)
    /// ``BuildOptions/interruption`` was requested; nothing of the output was changed.
    case interrupted

    public var description: String {
        switch self {
        case .missingInput(let message), .badOutput(let message): return message
        case .invalid(let errors): return errors.report()
        case .cannotWrite(let error): return error.description
        case .interrupted: return "interrupted"
        }
    }
}
