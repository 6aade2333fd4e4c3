import Foundation

/// What the importers need to know about the site they import into.
public struct ImportContext: Sendable {
    /// The site's zone: wall-clock times without a zone are in it, and due days are taken in it.
    public var timeZone: TimeZone
    /// The site's locale: the unit of temperatures (°F for en_US).
    public var locale: String
    /// Files an earlier import put in the site, by their name without its extension, lower-cased
    /// (Day One's md5: `31c8…` → `photos/dayone/31c8….jpeg`). A link to a file the export lacks
    /// (a journal's `.json` imported again without its folders) keeps pointing at the site's copy.
    public var siteMedia: [String: String] = [:]
    /// Where a Markdown import copies its images and files (`photos/markdown`, or
    /// `photos/<name>` for `--into NAME`, so that two vaults' `attachments/a.png` stay apart).
    public var mediaFolder: String?
    /// Now, for what a site published only from or until a moment (Hugo's `publishDate`, `expiryDate`).
    public var now = Date()

    public init(timeZone: String = "UTC", locale: String = "en_US") {
        self.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!
        self.locale = locale
    }

    /// Whether the locale's language writes a place from its largest part (Korean).
    var writesPlacesLargestFirst: Bool {
        Locale(identifier: locale).language.languageCode?.identifier == "ko"
    }

    /// Whether the locale measures temperature in °F.
    var usesFahrenheit: Bool {
        let region = Locale(identifier: locale).region?.identifier ?? ""
        return ["US", "LR", "MM", "BS", "BZ", "KY", "PW", "FM", "MH"].contains(region)
    }
}
