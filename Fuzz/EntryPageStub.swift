// Fuzz build only: stands in for the entry page's view model, of which the import target's
// BodyImages (read by `import --prune`'s PrunedFiles) needs the photos' `sizes` alone.
enum EntryPage {
    enum Photo {
        static let sizesAttribute = ""
    }
}
