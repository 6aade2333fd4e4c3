/// The present stage's model of a whole site: entries newest first with slugs and display
/// dates, month and day sections, tags, todo sections and the numbers of the summary cards.
public struct Diary: Sendable {
    public var config: SiteConfig
    public var entries: [DiaryEntry]
    public var months: [MonthSection]
    public var tags: [TagSection]
    public var todos: [Todo]
    public var todoSections: TodoSections
    public var now: Moment
    public var photoCount: Int
    /// What is published of each photo, by its path in the site (set by the build once the
    /// photos are read).
    public var photoPlans: [String: PhotoPlan] = [:]
    /// Other files of the site that bodies link to, published at their paths (set by the build).
    public var linkedFiles: Set<String> = []
    /// The files of `static/` (their paths inside it, which are their paths in the output): a
    /// body's link or image naming one by its path in the site (`static/cv.pdf`) leads to the
    /// published file (`cv.pdf`), which is neither published again nor made a photo's variants.
    public var staticFiles: Set<String> = []
    public var wordCount: Int
    /// How many entries are dated after `now` and were left out (0 with `includeFuture`).
    public var futureCount: Int
    /// Every published entry's old addresses (``AliasPath``), by file.
    public var aliases: [DiaryAlias]
    /// The entries left out (drafts, and entries dated after `now`), by the month of their day.
    public var leftOut: [MonthKey: LeftOut] = [:]
    /// The site's own published pages (``DiaryPage``), in the order of their paths.
    public var pages: [DiaryPage] = []
    /// The pages the header's menu lists, as indices of ``pages``, in the menu's order.
    public var menu: [Int] = []

    /// Places the site's own pages (``DiaryPage/placed(_:headingTitles:includeDrafts:entryAliases:locale:)``),
    /// their aliases beside the entries'. `headingTitles`: each file's heading title as plain text;
    /// `images`: the first image each page shows, by its path in `pages/` (``DiaryPage/image``).
    public mutating func place(pages files: [PageFile], headingTitles: [String?], includeDrafts: Bool,
                               images: [String: String] = [:]) throws(SiteErrors) {
        (pages, aliases, menu) = try DiaryPage.placed(files, headingTitles: headingTitles, includeDrafts: includeDrafts,
                                                      entryAliases: aliases, locale: config.locale)
        for i in pages.indices { pages[i].image = images[pages[i].file.path] }
    }

    /// How many entries of a month the build leaves out, and why.
    public struct LeftOut: Sendable, Equatable {
        public var drafts = 0
        public var future = 0

        public init(drafts: Int = 0, future: Int = 0) {
            self.drafts = drafts
            self.future = future
        }
    }

    /// Places the entries (drafts only when `includeDrafts`, entries dated after `now` only when
    /// `includeFuture`), gives them slugs and sections them. Two entries with the same explicit
    /// `id` are an error. `bodyImages`: the first image each entry's text shows, by the entry's
    /// index in `source.entries`, for the thumbnail of an entry without `photos`;
    /// `textImageCounts`: how many other images each one's text shows, for the photo counts.
    public init(source: SiteSource, formats: DateFormats, now: Moment, includeDrafts: Bool,
                includeFuture: Bool = false, bodyImages: [Int: String] = [:],
                textImageCounts: [Int: Int] = [:]) throws(SiteErrors) {
        config = source.config
        self.now = now
        // Entries are large values: they are reached through indices and copied once, in parallel.
        let all = source.entries
        var unpublished = includeDrafts ? Array(all.indices) : all.indices.filter { !all[$0].draft }
        var dated: [Moment] = chunkedMap(unpublished) { chunk in chunk.map { formats.moment(all[$0].date, timeZone: all[$0].timeZone) } }
        func month(_ moment: Moment) -> MonthKey { moment.localDay.monthKey }
        if unpublished.count < all.count {
            // A draft dated after now needs --future too: it is counted for both.
            for i in all.indices where all[i].draft {
                let moment = formats.moment(all[i].date, timeZone: all[i].timeZone)
                leftOut[month(moment), default: LeftOut()].drafts += 1
                if !includeFuture, moment > now { leftOut[month(moment), default: LeftOut()].future += 1 }
            }
        }
        futureCount = 0
        if !includeFuture, dated.contains(where: { $0 > now }) {
            for moment in dated where moment > now { leftOut[month(moment), default: LeftOut()].future += 1 }
            let published = unpublished.indices.filter { dated[$0] <= now }
            futureCount = unpublished.count - published.count
            unpublished = published.map { unpublished[$0] }
            dated = published.map { dated[$0] }
        }
        let kept = unpublished, moments = dated
        let ranks = Diary.sourceRanks(all)
        // Newest day first, then newest first; of entries at one moment (a day alone, or the same
        // second), the one written later in the files first: it is the later one (found by a daily-use
        // audit: a report, oldest first, listed a day's entries in the reverse of their writing, and
        // "Older entry" led to the one written after). Each entry's day is its own
        // zone's: with entries written in several zones the order of the instants is not the order
        // of the days (a New Year's Eve in New York comes after midnight in Tokyo), and a month or a
        // day must be one run of entries.
        let order = kept.indices.sorted { a, b in
            if moments[a].localDay != moments[b].localDay { return moments[a].localDay > moments[b].localDay }
            if moments[a] < moments[b] || moments[b] < moments[a] { return moments[a] > moments[b] }
            return ranks[kept[a]] > ranks[kept[b]]
        }
        let shown = order.map { kept[$0] }
        let slugs = try Diary.slugs(for: all, shown: shown, ranks: ranks)
        aliases = try Diary.aliases(of: all, shown: shown, ranks: ranks)
        // Each chunk formats with formatters of its own: ICU formatters are not shared across threads.
        let locale = formats.locale.identifier, zone = formats.timeZone.identifier
        // Every entry's tags, drafts' and later ones' too: a tag's page keeps its name when they come out.
        let tagSlugs = TagSlugs(names: all.lazy.flatMap(\.tags))
        let entries: [DiaryEntry] = chunkedMap(Array(shown.indices)) { chunk in
            let own = DateFormats(locale: locale, timeZone: zone)
            var tagCache: [String: DiaryEntry.Tag?] = [:]
            return chunk.map { position in
                // Checked by now: the entry no longer needs its file's bytes for messages.
                var entry = all[shown[position]]
                entry.origin = entry.origin.detached
                entry.photoOrigins = []
                entry.aliasOrigins = []
                let moment = moments[order[position]]
                return DiaryEntry(entry: entry, moment: moment, slug: slugs[position], dateText: own.text(moment, timeZone: entry.timeZone),
                                  wordCount: WordCount.of(entry.body), bodyImage: bodyImages[shown[position]],
                                  textImageCount: textImageCounts[shown[position]] ?? 0,
                                  status: entry.draft ? .draft : includeFuture && moment > now ? .scheduled : nil, tagSlugs: tagSlugs,
                                  tagCache: &tagCache)
            }
        }
        self.entries = entries
        wordCount = entries.reduce(0) { $0 + $1.wordCount }
        photoCount = entries.reduce(0) { $0 + $1.photoCount }
        months = Diary.months(entries, formats: formats)
        tags = Diary.tags(entries)
        todos = source.todos
        todoSections = TodoSections(source.todos, today: now.localDay) { formats.moment($0).localDay }
    }

    /// The aliases of `entries[shown[0]]`, `entries[shown[1]]`, … with the position of their entry,
    /// by file. One file that two entries claim is an error at the second, in source order.
    static func aliases(of entries: [Entry], shown: [Int], ranks: [Int]) throws(SiteErrors) -> [DiaryAlias] {
        guard shown.contains(where: { !entries[$0].aliases.isEmpty }) else { return [] }
        var taken: [String: (position: Int, origin: SourceOrigin)] = [:]
        var problems: [(origin: SourceOrigin, first: SourceOrigin, file: String)] = []
        for position in shown.indices.sorted(by: { ranks[shown[$0]] < ranks[shown[$1]] }) {
            let entry = entries[shown[position]]
            for (k, file) in entry.aliases.enumerated() {
                let origin = k < entry.aliasOrigins.count ? entry.aliasOrigins[k] : entry.origin
                if let first = taken[file] {
                    problems.append((origin, first.origin, file))
                } else {
                    taken[file] = (position, origin)
                }
            }
        }
        if !problems.isEmpty {
            let positions = SourceOrigin.positions(of: problems.flatMap { [$0.origin, $0.first] })
            throw SiteErrors(problems.enumerated().map { k, problem in
                let at = positions[2 * k], first = positions[2 * k + 1]
                return SiteError(file: problem.origin.file, line: at.line, column: at.column,
                                 reason: "alias \"\(AliasPath.shown(problem.file))\" is another entry's alias too (first used at \(problem.first.file):\(first.line):\(first.column))")
            })
        }
        let sorted = taken.sorted { $0.key < $1.key }
        let positions = SourceOrigin.positions(of: sorted.map(\.value.origin))
        return zip(sorted, positions).map { alias, position in
            DiaryAlias(file: alias.key, target: .entry(alias.value.position), sourceFile: alias.value.origin.file, position: position)
        }
    }

    /// Slugs for `entries[shown[0]]`, `entries[shown[1]]`, … (display order): an explicit id's slug,
    /// else `yyyy-MM-dd-<title>`; a default slug that is taken gets `-2`, `-3`, … oldest first, and
    /// of entries at one moment in source order, so an entry added later never takes an older
    /// one's URL. `ranks`: ``sourceRanks(_:)`` of `entries`.
    static func slugs(for entries: [Entry], shown: [Int], ranks: [Int]) throws(SiteErrors) -> [String] {
        var errors: [SiteError] = []
        var taken: [String: SourceOrigin] = [:]
        taken.reserveCapacity(shown.count)
        var result = [String](repeating: "", count: shown.count)
        // Source order, so the second of two entries with one id is the one reported.
        let bySource = shown.indices.sorted { ranks[shown[$0]] < ranks[shown[$1]] }
        // The slug of each id, or the dated title slug of an entry without one, made in parallel.
        let made: [String] = chunkedMap(shown) { chunk in
            chunk.map { index in
                if let id = entries[index].id { return Slug.id(id) }
                return Slug.entry(day: entries[index].date.day, title: entries[index].title)
            }
        }
        // Problems are located together at the end: one pass over each file, not one a problem.
        var problems: [(origin: SourceOrigin, first: SourceOrigin?, reason: String)] = []
        for position in bySource {
            let index = shown[position]
            guard let id = entries[index].id else { continue }
            let slug = made[position]
            let origin = entries[index].origin
            if slug.isEmpty {
                problems.append((origin, nil, "\"id\" \"\(id)\" has no letters or digits to make a URL of"))
            } else if let first = taken[slug] {
                problems.append((origin, first, "duplicate entry id \"\(slug)\""))
            } else {
                taken[slug] = origin
                result[position] = slug
            }
        }
        if !problems.isEmpty {
            let positions = SourceOrigin.positions(of: problems.flatMap { [$0.origin, $0.first ?? $0.origin] })
            for (k, problem) in problems.enumerated() {
                let at = positions[2 * k], first = positions[2 * k + 1]
                var reason = problem.reason
                if let origin = problem.first { reason += " (first used at \(origin.file):\(first.line):\(first.column))" }
                errors.append(SiteError(file: problem.origin.file, line: at.line, column: at.column, reason: reason))
            }
        }
        if !errors.isEmpty { throw SiteErrors(errors) }
        // Oldest first (display order is newest first, and at one moment the later written first),
        // so an older entry keeps the plain slug when a newer one arrives.
        for position in shown.indices.reversed() where entries[shown[position]].id == nil {
            let base = made[position]
            var slug = base
            var n = 2
            while taken[slug] != nil {
                slug = "\(base)-\(n)"
                n += 1
            }
            taken[slug] = entries[shown[position]].origin
            result[position] = slug
        }
        return result
    }

    /// Each entry's place in source order: by file name, then by offset in the file. Sorting
    /// by these integers spares copying two origins for every comparison.
    static func sourceRanks(_ entries: [Entry]) -> [Int] {
        var fileRanks: [String: Int] = [:]
        for i in entries.indices where fileRanks[entries[i].origin.file] == nil { fileRanks[entries[i].origin.file] = 0 }
        for (rank, file) in fileRanks.keys.sorted().enumerated() { fileRanks[file] = rank }
        let keys = entries.indices.map { (fileRanks[entries[$0].origin.file]!, entries[$0].origin.offset) }
        var ranks = [Int](repeating: 0, count: entries.count)
        for (rank, index) in entries.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() { ranks[index] = rank }
        return ranks
    }

    static func months(_ entries: [DiaryEntry], formats: DateFormats) -> [MonthSection] {
        var sections: [MonthSection] = []
        var days: [CalendarDay] = []
        for (index, entry) in entries.enumerated() {
            let day = entry.moment.localDay
            if sections.last?.key != day.monthKey {
                sections.append(MonthSection(key: day.monthKey, title: formats.text(day.monthKey), entries: [], days: []))
            }
            sections[sections.count - 1].entries.append(index)
            if sections[sections.count - 1].days.last?.day != day {
                sections[sections.count - 1].days.append(DaySection(day: day, heading: "", entries: []))
                days.append(day)
            }
            let last = sections[sections.count - 1].days.count - 1
            sections[sections.count - 1].days[last].entries.append(index)
        }
        // Day headings through ICU, a few microseconds each, in parallel (formatters of each chunk's own).
        let locale = formats.locale.identifier, zone = formats.timeZone.identifier
        let headings: [String] = chunkedMap(days) { chunk in
            let own = DateFormats(locale: locale, timeZone: zone)
            return chunk.map(own.heading)
        }
        var next = 0
        for m in sections.indices {
            for d in sections[m].days.indices {
                sections[m].days[d].heading = headings[next]
                next += 1
            }
        }
        return sections
    }

    static func tags(_ entries: [DiaryEntry]) -> [TagSection] {
        var bySlug: [String: TagSection] = [:]
        for (index, entry) in entries.enumerated() {
            for tag in entry.tags {
                bySlug[tag.slug, default: TagSection(name: tag.name, slug: tag.slug, entries: [])].entries.append(index)
            }
        }
        return bySlug.values.sorted { $0.slug < $1.slug }
    }

    /// The most consecutive days with at least one entry.
    public static func longestStreak(_ days: [CalendarDay]) -> Int {
        let numbers = Set(days.map(\.daysSinceEpoch)).sorted()
        var best = 0
        var run = 0
        var previous = Int.min
        for n in numbers {
            run = n == previous + 1 ? run + 1 : 1
            best = max(best, run)
            previous = n
        }
        return best
    }
}
