/// Warnings about the output folder's own files, each one warning at the folder naming the files
/// (the first five): what a build wrote over that was not its own, and what it left behind a link.
enum OutputWarnings {
    /// `gh2: 1 file of yours written over: sitemap.xml (the build writes it)`: files that were in
    /// the output, not an earlier build's, and that the build wrote; nil when there are none.
    static func writtenOver(_ paths: [String], output: String) -> SiteError? {
        guard !paths.isEmpty else { return nil }
        let one = paths.count == 1
        return SiteError(file: output, reason: "\(paths.count) \(one ? "file" : "files") of yours written over: \(named(paths)) "
                         + "(the build writes \(one ? "it" : "them"); \(one ? "it is" : "they are") never removed)")
    }

    /// For a build into an output whose manifest was lost, where files carrying Daybook's mark
    /// showed an earlier build: the files it wrote over that carry none, taken for an earlier
    /// build's (not the user's, which are never removed), and how to be sure nothing stale stays.
    static func writtenOverWithoutManifest(_ paths: [String], output: String) -> SiteError? {
        guard !paths.isEmpty else { return nil }
        let one = paths.count == 1
        return SiteError(file: output, reason: "no \(OutputWriter.manifestName) (the record of what the builds wrote): "
                         + "\(paths.count) \(one ? "file" : "files") without Daybook's mark written over: \(named(paths)) "
                         + "(taken for an earlier build's, as the output holds its pages); files of an earlier build "
                         + "without the mark may be left (photos, Markdown reports): to start clean, build once into an empty folder")
    }

    /// `_site: no .daybook-manifest: 2 files an earlier build made here (they carry Daybook's mark),
    /// which this one does not make, removed: entries/old/index.html, …`; nil when there are none.
    static func removedWithoutManifest(_ paths: [String], output: String) -> SiteError? {
        guard !paths.isEmpty else { return nil }
        let one = paths.count == 1
        return SiteError(file: output, reason: "no \(OutputWriter.manifestName) (the record of what the builds wrote): \(paths.count) "
                         + "\(one ? "file" : "files") an earlier build made here (with Daybook's mark), which this one does not make, removed: \(named(paths))")
    }

    /// `_site: 1 file not removed, as it is behind a symbolic link in the output: photos/ab/red.jpg`:
    /// files an earlier build wrote that this one does not, left where a folder on their way is a
    /// link (removing them would remove what the link leads to); nil when there are none.
    static func behindLinks(_ paths: [String], output: String) -> SiteError? {
        guard !paths.isEmpty else { return nil }
        let one = paths.count == 1
        return SiteError(file: output, reason: "\(paths.count) \(one ? "file" : "files") not removed, as \(one ? "it is" : "they are") "
                         + "behind a symbolic link in the output: \(named(paths))")
    }

    /// `_site: 1 file of an earlier build not removed (Permission denied): entries/a/index.html;
    /// remove it by hand`: files this build does not make that the system kept (a folder made
    /// read-only), which the next build's manifest no longer lists; nil when there are none.
    static func notRemoved(_ kept: [(path: String, reason: String)], output: String) -> SiteError? {
        guard let first = kept.first else { return nil }
        let one = kept.count == 1
        return SiteError(file: output, reason: "\(kept.count) \(one ? "file" : "files") of an earlier build not removed (\(first.reason)): "
                         + "\(named(kept.map(\.path))); remove \(one ? "it" : "them") by hand")
    }

    /// The first five paths, sorted, then `…` when there are more.
    static func named(_ paths: [String]) -> String {
        ShortList.of(paths)
    }
}
