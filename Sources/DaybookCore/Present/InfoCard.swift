/// One info card as a page shows it: a title, a value, a tint and an icon.
public struct InfoCard: Sendable, Encodable, Equatable {
    /// The kind's raw value, for a CSS class (`card-mood`).
    public var kind: String
    /// The display title: the kind's localized name upper-cased ("MOOD", "TODOS DONE").
    public var title: String
    /// The display value, or the localized "None" when the value is empty.
    public var value: String
    public var isEmpty: Bool
    /// The tint's name (`systemPink`); the stylesheet holds its light and dark values.
    public var tint: String
    /// Inline SVG markup from the theme.
    public var icon: String
    /// Links shown as the value instead of plain text (the TAGS card).
    public var links: NonEmptyList<LinkItem>?
    /// The value lists names (tags) as plain text, each in a first-strong isolate (U+2068 …
    /// U+2069): the list reads in the page's direction and each name in its own, so the template
    /// leaves out `dir="auto"`, which would give the whole list its first name's direction.
    public var isList: Bool
    /// The title's language where the theme shows its English strings on a page of another
    /// language: ``PageChrome/uiLang``, the same on every card, kept on the card since a
    /// template finds it there with one lookup (through `chrome` it walks up and descends).
    public var titleLang: String?
    /// The value's language where it is one of the theme's English strings on a page of another
    /// language ("None", "5 days"): ``PageChrome/uiLang``.
    public var valueLang: String?

    public init(kind: CardKind, title: String, value: String, isEmpty: Bool, icon: String, links: [LinkItem] = [],
                isList: Bool = false, titleLang: String? = nil, valueLang: String? = nil) {
        self.kind = kind.rawValue
        self.title = title
        self.value = value
        self.isEmpty = isEmpty
        self.tint = kind.tint.rawValue
        self.icon = icon
        self.links = NonEmptyList.of(links)
        self.isList = isList
        self.titleLang = titleLang
        self.valueLang = valueLang
    }
}

/// A label and where it leads.
public struct LinkItem: Sendable, Encodable, Equatable {
    public var label: String
    public var href: String

    public init(label: String, href: String) {
        self.label = label
        self.href = href
    }
}
