/// The word a page shows beside an entry or page that a build includes only when asked:
/// "Draft" (`--drafts`) or "Scheduled" (dated after now, `--future`), in the site's language.
public struct StatusLabel: Sendable, Encodable, Equatable {
    /// The kind's raw value, for a CSS class (`status-draft`).
    public var kind: String
    public var text: String
    /// The text's language where the theme shows its English strings on a page of another
    /// language (``PageChrome/uiLang``).
    public var lang: String?

    /// Why a build includes an entry or page only when asked.
    public enum Kind: String, Sendable, CaseIterable {
        case draft
        /// Dated after now: the first build after its time publishes it.
        case scheduled
    }

    public init(_ kind: Kind, strings: UIStrings, lang: String?) {
        self.kind = kind.rawValue
        text = strings["status." + kind.rawValue]
        self.lang = lang
    }
}
