import DaybookCore
import Foundation

/// The files an import copied for entries that `--prune` removed, which nothing left in the site
/// names: they go with the entries, so that a photo of an entry deleted in the journal leaves the
/// site's folder too (and a repository the site is published from), not only its pages.
///
/// Only files in the import's own folders (`photos/dayone/`, `photos/markdown/`) are looked at,
/// and a file stays when an entry of any diary file names it (its `photos`, an image or link of
/// its body) or a page or `todos.json` mentions its path.
struct PrunedFiles {
    /// The folders the import copies into, each ending in `/`.
    let folders: [String]
    private let markdown = MarkdownRenderer()

    /// The files of `gone` (the entries removed) in ``folders`` that neither `remaining` (the
    /// site's entries left, of every diary file) nor `texts` (pages, `todos.json`) name; sorted.
    /// `realPath` gives the file a site path leads to (through links), nil for none: a file
    /// reached by a link that something uses is used (found by a review).
    func unused(gone: [JSONNode], remaining: [JSONNode], texts: [String], realPath: (String) -> String?) -> [String] {
        let candidates = Set(gone.flatMap(named)).filter { path in
            folders.contains { path.hasPrefix($0) } && !path.split(separator: "/").contains("..")
        }
        guard !candidates.isEmpty else { return [] }
        // A page's links as the build reads them (any percent escapes decoded), and its text as
        // written and decoded, for an address in raw HTML or one written otherwise.
        var used = Set(remaining.flatMap(named))
        var decodedTexts: [String] = []
        for text in texts {
            if BodyImages.mayHold(text) || BodyImages.mayLink(text) {
                let found = markdown.destinations(text)
                used.formUnion((found.images + found.links).compactMap(BodyImages.sitePath))
            }
            decodedTexts.append(text.removingPercentEncoding ?? text)
        }
        let usedFiles = Set(used.compactMap(realPath))
        return candidates.filter { path in
            !used.contains(path) && !(realPath(path).map(usedFiles.contains) ?? false)
                && !texts.contains(where: { $0.contains(path) || $0.contains(Slug.urlPath(path)) })
                && !decodedTexts.contains(where: { $0.contains(path) })
        }.sorted()
    }

    /// The site paths an entry names: its `photos` (a path, or an object's `src`) and its body's
    /// images and links to files of the site.
    func named(_ entry: JSONNode) -> [String] {
        var paths: [String] = []
        if case .array(let photos)? = entry["photos"]?.value.value {
            for photo in photos {
                if case .string(let path) = photo.value { paths.append(path) }
                if case .string(let path)? = photo["src"]?.value.value { paths.append(path) }
            }
        }
        if case .string(let body)? = entry["body"]?.value.value, BodyImages.mayHold(body) || BodyImages.mayLink(body) {
            let found = markdown.destinations(body)
            paths += (found.images + found.links).compactMap(BodyImages.sitePath)
        }
        return paths
    }

    /// The import's folders for `format` (the media folder of a Markdown import `--into NAME`
    /// is `photos/NAME/`); none for formats that copy no files.
    static func folders(of format: ImportFormat, into name: String?) -> [String] {
        switch format {
        case .dayone: [DayOneImporter.mediaFolder + "/"]
        case .markdown: [(name.map { "photos/" + $0 } ?? MarkdownNotesImporter.mediaFolder) + "/"]
        case .jrnl, .todotxt, .taskwarrior: []
        }
    }
}
