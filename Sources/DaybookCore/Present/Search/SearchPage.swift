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
    /// "{n} entry found" / "{n} entries found": `{n}` is the number.
    public var countOne: String
    public var countMany: String
    public var showMore: String
    public var loading: String
    public var resultsLabel: String
    /// `meta.js`, relative to the page: the index's first file.
    public var metaHref: String
    /// The number of term shards, so that the page loads a word's shard alongside `meta.js`.
    public var buckets: String
    /// How the count's number is written (``NumberShape``): the ten digits, the group separator,
    /// and "size,size of the groups before,fewest digits grouped".
    public var digits: String
    public var groupSeparator: String
    public var groupSizes: String
}
