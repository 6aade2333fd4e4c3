/// `entries/<slug>/index.html`: one entry with its date, cards, photos and body.
public struct EntryPage: Sendable, Encodable {
    public var chrome: PageChrome
    public var title: String
    public var dateText: String
    public var dateMachine: String
    public var cards: NonEmptyList<InfoCard>?
    public var photos: NonEmptyList<Photo>?
    /// The body rendered by cmark-gfm (trusted HTML).
    public var bodyHTML: String
    /// The entry's language when it is not the site's (``TextLanguage``): `ko`, or nil.
    public var textLang: String?
    public var newer: LinkItem?
    public var older: LinkItem?
    public var newerLabel: String
    public var olderLabel: String
    /// The newer and older links' `aria-label` ("Newer and older entries").
    public var navLabel: String = ""
    /// "Draft" or "Scheduled" (``DiaryEntry/status``), beside the date.
    public var statusLabel: StatusLabel? = nil

    /// A photo of an entry, as an `<img>` with its variants.
    public struct Photo: Sendable, Encodable {
        public var src: String
        /// `photos/a-480.webp 480w, …` (print: the widest alone); nil without a plan.
        public var srcset: String?
        public var sizes: String?
        public var alt: String
        public var caption: String?
        /// The displayed (upright) size of the `src` file.
        public var width: Int?
        public var height: Int?
        /// `eager` for a page's first photo, `lazy` for the rest.
        public var loading: String = "lazy"
        /// In a report on its own, `#photo-1` for an image it shows more than once: the page
        /// holds it once (``ReportPage/embeddedPhotos``) and shows it with an SVG `<use>`.
        public var symbol: String?

        /// How wide a photo is shown: the page's column (100vw − 2rem, up to 44rem), less the
        /// entry's padding (1.25rem each side).
        public static let sizesAttribute = "(max-width: 46rem) calc(100vw - 4.5rem), 41.5rem"

        /// How wide each of an entry's `count` photos is shown. style.css lays two or more out in
        /// a grid of columns at least 14rem wide with .75rem gaps (`.photos`) in that width: one
        /// column below a viewport of 33.25rem, two above (three would need 43.5rem). Browsers
        /// then fetch the variant a grid cell needs, not one for the whole column.
        public static func sizesAttribute(photos count: Int) -> String {
            count <= 1 ? sizesAttribute : "(max-width: 33.25rem) calc(100vw - 4.5rem), (max-width: 46rem) calc(50vw - 2.625rem), 20.375rem"
        }
        /// How wide a list's thumbnail is shown.
        public static let thumbnailSizes = "3rem"

        /// The text for photo `n` of `entry` that gives none: the entry's title, with the photo's
        /// place ("Walk (2/3)") when it has several. The Markdown report uses it too.
        /// `number` writes the "(2/3)" in the page's digits (`(٢/٣)` in Arabic).
        public static func defaultAlt(of entry: Entry, photo n: Int, number: (Int) -> String = { String($0) }) -> String {
            entry.photos.count == 1 ? entry.title : "\(entry.title) (\(number(n + 1))/\(number(entry.photos.count)))"
        }

        /// The `<img>` of each of an entry's photos. `href` makes a link to an output file;
        /// `firstIsEager`: the page's first photo is loaded at once; `print`: the widest variant
        /// alone, for paper.
        public static func views(of entry: Entry, plans: [String: PhotoPlan], href: (String) -> String,
                                 firstIsEager: Bool, print: Bool, number: (Int) -> String = { String($0) }) -> [Photo] {
            entry.photos.enumerated().map { n, photo in
                let alt = photo.alt ?? defaultAlt(of: entry, photo: n, number: number)
                var view = Photo(src: href(photo.path), alt: alt, caption: photo.caption,
                                 loading: firstIsEager && n == 0 ? "eager" : "lazy")
                if let plan = plans[photo.path] {
                    view.show(plan, href: href, print: print, sizes: sizesAttribute(photos: entry.photos.count))
                }
                return view
            }
        }

        /// A list item's thumbnail: the photo at `path` (``DiaryEntry/thumbnail``), its narrowest variants.
        public static func thumbnail(_ path: String, plans: [String: PhotoPlan], href: (String) -> String) -> Photo? {
            guard let plan = plans[path] else { return nil }
            var view = Photo(src: "", alt: "", loading: "lazy")
            view.show(plan, href: href, print: false, sizes: thumbnailSizes)
            view.src = href(plan.variants[0].path)
            view.width = plan.variants[0].width
            view.height = plan.variants[0].height
            return view
        }

        private mutating func show(_ plan: PhotoPlan, href: (String) -> String, print: Bool, sizes: String) {
            let shown = print ? plan.widest : plan.display
            src = href(shown.path)
            width = shown.width
            height = shown.height
            // Print names the widest alone.
            let offered = print ? [plan.widest] : plan.variants
            srcset = offered.map { href($0.path) + " \($0.width)w" }.joined(separator: ", ")
            self.sizes = sizes
        }
    }
}
