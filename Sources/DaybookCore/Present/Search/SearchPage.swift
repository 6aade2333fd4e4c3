/// The search results page. The browser fills in the results (`assets/search.js`); every
/// string it shows comes from here, through the template's `data-` attributes.
public struct SearchPage: Sendable, Encodable {
    public var chrome: PageChrome
    public var heading: String
    /// How to search: words, phrases, filters, the `/` key.
    public var hint: String
    /// Shown without JavaScript.
    public var noscript: String
    public var noResults: String
    /// Said when the index's files do not agree (the site was published again while it was
    /// searched, and a cache kept some of the old ones).
    public var stale: String
    /// "{n} entries found" in each plural form of the language (`{n}` is the number), for
    /// `data-count-<category>`.
    public var counts: [CountForm]
    /// The plural category of each count from 0 to 199, by its initial (`z`ero, `o`ne, `t`wo,
    /// `f`ew, `m`any, `x` other), for ``PluralRule`` in the browser: a larger count is read as
    /// 100 + its last two digits, which no rule of the shipped languages tells apart below a million.
    public var plural: String
    public var showMore: String
    public var loading: String
    public var resultsLabel: String
    /// `meta.js`, relative to the page: the index's first file.
    public var metaHref: String
    /// ``SearchIndex/stamp``: the index's files are loaded with it (`t-05.js?v=…`), so a cache
    /// holds no file of another build under that name, and each file says it, so that a mix shows.
    public var stamp: String
    /// The number of term shards, so that the page loads a word's shard alongside `meta.js`.
    public var buckets: String
    /// How the count's number is written (``NumberShape``): the ten digits, the group separator,
    /// and "size,size of the groups before,fewest digits grouped".
    public var digits: String
    public var groupSeparator: String
    public var groupSizes: String
    /// The page's title while it shows a search, `{query}` standing for the query
    /// (`“{query}” · Search · Site`), so that a tab or a window says which search it holds.
    public var queryTitle: String
    /// What a result found by its mood, weather or location says before it ("Weather: "), the
    /// three in that order, one a line.
    public var fieldLabels: String
    /// The labels of the kinds of ``DiaryEntry/status`` the diary's entries have ("Draft"), for
    /// `data-status-<kind>`; none in a build without drafts or later entries.
    public var statusLabels: [StatusLabel] = []

    /// One plural form of the count.
    public struct CountForm: Sendable, Encodable {
        public var category: String
        public var text: String
    }
}
