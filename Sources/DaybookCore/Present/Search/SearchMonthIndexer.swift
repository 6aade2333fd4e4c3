import CSearchTerms

/// Indexes one month's entries as the month's render job makes their HTML: adds their terms
/// to a ``SearchTermTable`` and writes their documents (``SearchIndex``'s `d-` shards).
///
/// ``add(_:year:bodyHTML:)`` keeps each entry and adds what its part of the index is made from to
/// ``digest``; ``finish()`` makes the part. A build that finds a part of that digest in its
/// search cache (``SearchMonthPart/init(cacheBytes:digest:month:stamp:)``) does not finish.
public struct SearchMonthIndexer {
    private let table = SearchTermTable()
    /// The finished `d-` shards, in order.
    public private(set) var shards: [[UInt8]] = []
    private var tokenizer = SearchTokenizer()
    private var shard: [UInt8] = []
    private var shardDocs = 0
    private var next: Int32
    private let start: Int
    private let shardName: String
    private let stamp: String
    private let links: Links
    /// The `year:` term of the entries' year (one for a month's entries).
    private var termYear = Int.min
    private var yearTerm = ""
    private var added: [(item: DiaryEntry, year: Int, bodyHTML: String)] = []
    private var digestState = dbk_digest()

    /// `month` of `index`, for a site with `prettyURLs` or not.
    public init(month m: Int, of index: SearchIndex, prettyURLs: Bool) {
        next = Int32(index.months[m].start)
        start = index.months[m].start
        shardName = index.months[m].key
        stamp = index.stamp
        links = Links(from: "search/", prettyURLs: prettyURLs)
        shard.reserveCapacity(64 * 1024)
        dbk_digest_init(&digestState)
        digest(SearchMonthPart.formatVersion)
        digest(SearchMonthPart.toolIdentity)
        digest(shardName)
        digest(prettyURLs ? "pretty" : "files")
        digest(SearchIndex.docsPerShard)
    }

    /// What the month's part of the index is made from: the code that makes it, the month, its
    /// entries as added so far (everything of them the part holds), 16 bytes.
    public var digest: [UInt8] {
        var bytes: [UInt8] = []
        for word in [digestState.a, digestState.b] {
            for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(k)))) }
        }
        return bytes
    }

    private mutating func digest(_ number: Int) {
        var value = UInt64(bitPattern: Int64(number)).littleEndian
        withUnsafeBytes(of: &value) { dbk_digest_add(&digestState, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 8) }
    }

    private mutating func digest(_ text: String?) {
        guard var text else {
            // A byte no UTF-8 string is: apart from any text.
            var none: UInt8 = 0xFF
            dbk_digest_add(&digestState, &none, 1)
            return
        }
        text.withUTF8 { dbk_digest_add(&digestState, $0.baseAddress, $0.count) }
    }

    /// Adds the month's next entry (in the month's order) with its body as HTML.
    public mutating func add(_ item: DiaryEntry, year: Int, bodyHTML: String) {
        added.append((item, year, bodyHTML))
        let entry = item.entry
        digest(year)
        digest(entry.title)
        digest(item.dateText)
        digest(item.urlFolder)
        digest(item.tags.count)
        for tag in item.tags {
            digest(tag.name)
            digest(tag.urlFolder)
            digest(tag.slug)
        }
        digest(entry.tags.count)
        for tag in entry.tags { digest(tag) }
        digest(bodyHTML)
        digest(entry.photos.count)
        for photo in entry.photos {
            digest(photo.caption)
            digest(photo.alt)
        }
        digest(entry.mood)
        digest(entry.weather)
        digest(entry.location)
        if let status = item.status { digest(status.rawValue) }
    }

    /// The month's postings and document shards, from every entry added.
    public mutating func finish() -> SearchMonthPart {
        for (item, year, bodyHTML) in added { index(item, year: year, bodyHTML: bodyHTML) }
        added = []
        if shardDocs > 0 { endShard() }
        return SearchMonthPart(postings: table.postings(), shards: shards, start: start)
    }

    private mutating func index(_ item: DiaryEntry, year: Int, bodyHTML: String) {
        let doc = next
        next += 1
        let entry = item.entry
        func words(_ value: String?, inTitle: Bool) {
            guard var value, !value.isEmpty else { return }
            value.withUTF8 { table.addWords($0, doc: doc, inTitle: inTitle, tokenizer: &tokenizer) }
        }
        words(entry.title, inTitle: true)

        // The document: [title, date, link, [[tag, link]…], text, [mood, weather, location]] (the
        // last three when one of them is given, else []), and for a draft or a later entry in a
        // build that has them its ``DiaryEntry/status`` (`"draft"`), written into its shard's file.
        if shardDocs == 0 {
            shard += #"daybookSearch("d","#.utf8
            SearchIndex.appendString("\(shardName)-\(shards.count)", to: &shard)
            shard += ",[".utf8
        } else {
            shard.append(UInt8(ascii: ","))
        }
        shard.append(UInt8(ascii: "["))
        SearchIndex.appendString(entry.title, to: &shard)
        shard.append(UInt8(ascii: ","))
        SearchIndex.appendString(item.dateText, to: &shard)
        shard.append(UInt8(ascii: ","))
        appendLink(item.urlFolder)
        shard += ",[".utf8
        for (t, tag) in item.tags.enumerated() {
            shard += (t == 0 ? "[" : ",[").utf8
            SearchIndex.appendString(tag.name, to: &shard)
            shard.append(UInt8(ascii: ","))
            appendLink(tag.urlFolder)
            shard.append(UInt8(ascii: "]"))
        }
        shard += "],\"".utf8
        // The text, escaped for the JSON string as it is written (the escapes split no word), and
        // its terms read from there.
        let textStart = shard.count
        var html = bodyHTML
        html.withUTF8 { SearchText.jsonText(fromHTML: $0, into: &shard, startsWithText: false) }
        // The photos' captions and texts are words of the entry too, after its body.
        for photo in entry.photos {
            for text in [photo.caption, photo.alt] {
                guard let text, !text.isEmpty else { continue }
                if shard.count > textStart { shard.append(0x20) }
                // Escaped as the body's text is: `"` and `\` with a backslash, control characters as spaces.
                for byte in text.utf8 {
                    if byte == 0x22 || byte == 0x5C { shard.append(0x5C) }
                    shard.append(byte < 0x20 ? 0x20 : byte)
                }
            }
        }
        shard.withUnsafeBufferPointer { all in
            table.addWords(UnsafeBufferPointer(rebasing: all[textStart...]), doc: doc, tokenizer: &tokenizer)
        }
        shard += "\",[".utf8
        // A phrase is looked for in each of them too (`"road trip"`, `stratford-upon-avon`). All
        // three in their places when one is given, "" for none, so that the results page can say
        // which it shows ("Weather: Sunny").
        let fields = [entry.mood, entry.weather, entry.location]
        if fields.contains(where: { $0?.isEmpty == false }) {
            for (f, field) in fields.enumerated() {
                if f > 0 { shard.append(UInt8(ascii: ",")) }
                SearchIndex.appendString(field ?? "", to: &shard)
            }
        }
        shard.append(UInt8(ascii: "]"))
        if let status = item.status { shard += ",\"\(status.rawValue)\"".utf8 }
        shard.append(UInt8(ascii: "]"))
        for tag in entry.tags { words(tag, inTitle: false) }
        words(entry.mood, inTitle: false)
        words(entry.weather, inTitle: false)
        words(entry.location, inTitle: false)
        if year != termYear {
            termYear = year
            yearTerm = "year:\(year)"
        }
        table.add(yearTerm, doc: doc, inTitle: false)
        for tag in item.tags { table.add("tag:" + tag.slug, doc: doc, inTitle: false) }
        shardDocs += 1
        if shardDocs == SearchIndex.docsPerShard { endShard() }
    }

    /// A link to the page in `folder` (percent-encoded, so nothing in it needs escaping) as a string.
    private mutating func appendLink(_ folder: String) {
        shard.append(UInt8(ascii: "\""))
        links.appendPage(url: folder, to: &shard)
        shard.append(UInt8(ascii: "\""))
    }

    private mutating func endShard() {
        shard += "],".utf8
        SearchIndex.appendString(stamp, to: &shard)
        shard += ");\n".utf8
        shards.append(shard)
        shard = []
        shard.reserveCapacity(64 * 1024)
        shardDocs = 0
    }
}
