/// `months/index.html` and `tags/index.html`: every month or tag with its count;
/// the months page also has a calendar heat map.
public struct ArchivePage: Sendable, Encodable {
    public var chrome: PageChrome
    public var heading: String
    public var items: [Item]
    public var heatMap: HeatMap?
    public var isCloud: Bool

    public struct Item: Sendable, Encodable {
        public var label: String
        public var href: String
        public var count: Int
        public var countText: String
        /// 1…5, how large a tag stands in the cloud.
        public var weight: Int
    }
}
