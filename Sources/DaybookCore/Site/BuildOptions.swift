/// How to build a site: what the CLI read from argv and the environment, as values.
public struct BuildOptions: Sendable {
    /// The output folder; nil means `<site>/_site`.
    public var output: String?
    /// Drafts, entries and pages, are built only when true (`--drafts`), each labelled "Draft"; the
    /// feed and the sitemap leave them out all the same.
    public var includeDrafts: Bool = false
    /// Entries dated after "now" are left out (pages, feed, sitemap, search, reports) unless true (`--future`).
    public var includeFuture: Bool = false
    /// "Now", for Today, overdue and the generated-at line.
    public var now: ISODate
    /// Overrides the config's `baseURL`.
    public var baseURL: String?
    /// What built the output (the tool's version and binary), part of the input fingerprint.
    public var tool: String
    /// For a process that ends with the build (`daybook build`): the site's model (entries, pages,
    /// templates) is left to the system to take back at exit, all at once, instead of being freed
    /// object by object (~50 ms of a 10,000-entry build). A process that goes on (`daybook serve`) keeps
    /// the default, false.
    public var keepsModelUntilExit = false
    /// The photo cache folder; nil means `<site>/.daybook-cache`.
    public var cache: String?
    /// `--strict`: warnings fail the build as errors do.
    public var warningsAreErrors = false
    /// `daybook check`: a name that a template looks up and no page has (`{{titel}}`) is a warning.
    public var reportsUnknownTemplateNames = false
    /// `daybook check`: the summary tells where each entry page's entry is written
    /// (``BuildSummary/entryPages``).
    public var locatesEntryPages = false
    /// `daybook check`: a photo the build cannot publish (one missing, not an image, damaged; an
    /// image of a body that is not there) does not stop it: the site is built without it, and the
    /// summary has the errors (``BuildSummary/errors``) and the files left out (``BuildSummary/unmade``),
    /// so that the links are checked in the same run. Other errors stop it as they stop a build.
    public var buildsPastPhotoErrors = false
    /// Set by the caller to stop the build part way (``Interruption``).
    public var interruption: Interruption?
    /// Called once when another build holds the output folder, before this one waits for it
    /// (``OutputLock``): the CLI says so.
    public var waitingForOutput: (@Sendable () -> Void)?

    public init(output: String? = nil, includeDrafts: Bool = false, includeFuture: Bool = false, now: ISODate,
                baseURL: String? = nil, tool: String = "") {
        self.output = output
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
        self.baseURL = baseURL
        self.tool = tool
    }
}
