import Mustache

// Hand-written conversions for every view model a build renders. `MustacheEncoder` converts
// any Encodable view model the same way (tests compare the two), but through Codable's
// containers an entry page took 37 µs against 18 µs here (`.build/release/daybook-bench
// render 10000`, one thread), and the todo page, the archives and the sitemap — thousands of
// items each — cost a build of 10,000 entries 2 % of its instructions that way.
// The keys are the Encodable keys, so both paths give templates the same names.

// The names of each kind of object (its shape, made once), in the order its values are listed below.
private let linkItemShape = MustacheShape("label", "href")
private let nonEmptyListShape = MustacheShape("items")
private let statusLabelShape = MustacheShape("kind", "text", "lang")
private let infoCardShape = MustacheShape("kind", "title", "value", "isEmpty", "tint", "icon", "links", "isList", "titleLang", "valueLang")
private let navItemShape = MustacheShape("label", "href", "current", "labelLang", "statusLabel")
private let crumbShape = MustacheShape("label", "href", "labelLang")
private let pageChromeShape = MustacheShape(PageChrome.mustacheNames)
private let searchFormShape = MustacheShape("action", "label", "placeholder", "submitLabel", "scriptHref")
private let searchPageShape = MustacheShape(
    "chrome", "heading", "hint", "noscript", "noResults", "stale", "counts", "plural", "showMore", "loading", "resultsLabel",
    "metaHref", "stamp", "buckets", "digits", "groupSeparator", "groupSizes", "queryTitle", "fieldLabels", "statusLabels")
private let countFormShape = MustacheShape("category", "text")
private let entryPagePhotoShape = MustacheShape("src", "srcset", "sizes", "alt", "caption", "width", "height", "loading", "symbol")
private let entryPageShape = MustacheShape(
    "chrome", "title", "dateText", "dateMachine", "cards", "photos", "bodyHTML", "textLang", "newer", "older", "newerLabel", "navLabel",
    "olderLabel", "statusLabel")
private let entryListPageEntryItemShape = MustacheShape(
    "title", "href", "dateText", "dateMachine", "tags", "mood", "photo", "textLang", "statusLabel")
private let entryListPageDayGroupShape = MustacheShape("heading", "dateMachine", "entries")
private let pagerPageNumberShape = MustacheShape("number", "href", "current", "isGap")
private let pagerShape = MustacheShape("label", "newer", "older", "pages", "ariaLabel")
private let todoPageItemShape = MustacheShape(
    "detail", "isDone", "isOverdue", "dueText", "dueMachine", "status", "tags", "priority", "priorityLabel", "notes")
private let todoPageSectionShape = MustacheShape("title", "id", "items", "emptyText", "href", "linkText")
private let entryListPageShape = MustacheShape(
    "chrome", "heading", "headingLang", "subheading", "cards", "todayTodos", "days", "entriesHeading", "pager", "emptyText")
private let reportPageWeekdayShape = MustacheShape("x", "y", "name")
private let reportPageCellShape = MustacheShape("x", "y", "size", "textX", "textY", "number", "level", "label")
private let reportPageCalendarShape = MustacheShape("heading", "ariaLabel", "width", "height", "weekdays", "cells")
private let reportPageEntryShape = MustacheShape(
    "id", "title", "href", "dateText", "dateMachine", "cards", "photos", "bodyHTML", "textLang", "textDir", "statusLabel")
private let reportPageDayShape = MustacheShape("id", "heading", "dateMachine", "entries")
private let reportPageMonthLinkShape = MustacheShape("caption", "label", "href")
private let reportPageMonthNavShape = MustacheShape("label", "older", "newer")
private let reportPageShape = MustacheShape(
    "chrome", "printHref", "paperSize", "pageNumberRule", "heading", "subheading", "siteTitle", "entryCount", "cards", "calendar", "days", "todoSections",
    "monthNav", "embeddedPhotos")
private let reportPageEmbeddedPhotoShape = MustacheShape("id", "href", "width", "height")
private let markdownDocumentRowShape = MustacheShape("title", "value")
private let markdownDocumentItemShape = MustacheShape("title", "meta", "photos", "body")
private let markdownDocumentPhotoShape = MustacheShape("alt", "src", "caption")
private let markdownDocumentDayShape = MustacheShape("heading", "entries")
private let markdownDocumentTodoListTodoShape = MustacheShape("mark", "text")
private let markdownDocumentTodoListShape = MustacheShape("title", "items", "emptyText")
private let markdownDocumentShape = MustacheShape("title", "subtitle", "cards", "cardHeader", "days", "todoSections")
private let todoPageShape = MustacheShape("chrome", "heading", "sections", "cards")
private let archivePageItemShape = MustacheShape("label", "href", "count", "countText", "weight")
private let archivePageShape = MustacheShape("chrome", "heading", "items", "heatMap", "isCloud")
private let heatMapCellShape = MustacheShape("x", "y", "level", "className", "label")
private let heatMapMonthLabelShape = MustacheShape("x", "text")
private let heatMapLegendItemShape = MustacheShape("level")
private let heatMapYearShape = MustacheShape("label", "width", "height", "ariaLabel", "cells", "monthLabels")
private let heatMapShape = MustacheShape("years", "legend", "legendLabel", "lessText", "moreText", "labelAnchor")
private let feedDocumentItemShape = MustacheShape("title", "url", "updated", "summary", "summaryHTML", "dir", "textLang", "categories")
private let feedDocumentShape = MustacheShape("title", "subtitle", "siteURL", "feedURL", "updated", "lang", "entries")
private let sitemapDocumentShape = MustacheShape("urls")
private let textPageShape = MustacheShape("chrome", "title", "bodyHTML", "textLang", "statusLabel")
private let aliasPageShape = MustacheShape("lang", "dir", "title", "href", "canonical", "movedText")
private let reportIndexPageItemShape = MustacheShape("label", "countText", "href", "markdownHref")
private let reportIndexPageShape = MustacheShape("chrome", "printHref", "heading", "items", "markdownLabel", "emptyText")

extension LinkItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(linkItemShape, [
            .string(label), .string(href),
        ]))
    }
}

extension NonEmptyList: MustacheConvertible where Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(nonEmptyListShape, [
            .list(items.map { $0.mustacheValue }),
        ]))
    }
}

extension StatusLabel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(statusLabelShape, [.string(kind), .string(text), lang.mustacheValue]))
    }
}

extension InfoCard: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(infoCardShape, [
            .string(kind), .string(title), .string(value), .bool(isEmpty), .string(tint), .string(icon),
            links.mustacheValue, .bool(isList), titleLang.mustacheValue, valueLang.mustacheValue,
        ]))
    }
}

extension NavItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(navItemShape, [
            .string(label), .string(href), .bool(current), labelLang.mustacheValue, statusLabel.mustacheValue,
        ]))
    }
}

extension Crumb: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(crumbShape, [
            .string(label), href.mustacheValue, labelLang.mustacheValue,
        ]))
    }
}

extension PageChrome: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(pageChromeShape, [
            .string(lang), .string(dir), .string(title), .string(siteTitle), .string(description), .string(homeHref),
            .string(stylesheetHref), .string(faviconHref), feedHref.mustacheValue, canonical.mustacheValue,
            ogImage.mustacheValue, .string(ogType), publishedTime.mustacheValue, .list(nav.map { $0.mustacheValue }), .string(navLabel), breadcrumbs.mustacheValue,
            .string(breadcrumbLabel), prevHref.mustacheValue, nextHref.mustacheValue, .string(generated),
            .string(skipLabel), search.mustacheValue, .string(rootHref), uiLang.mustacheValue, uiDir.mustacheValue, params.mustacheValue,
        ]))
    }
}

extension SiteParams: MustacheConvertible {
    public var mustacheValue: MustacheValue { Self.mustacheValue(of: .object(members)) }

    private static func mustacheValue(of value: JSONValue) -> MustacheValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .string(let text): .string(text)
        case .number(let literal): .string(literal)
        case .array(let items): .list(items.map { mustacheValue(of: $0.value) })
        case .object(let members): .object(MustacheObject(members: members.map { ($0.key, mustacheValue(of: $0.value.value)) }))
        }
    }
}

extension SearchForm: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(searchFormShape, [
            .string(action), .string(label), .string(placeholder), .string(submitLabel), .string(scriptHref),
        ]))
    }
}

extension AliasPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(aliasPageShape, [
            .string(lang), .string(dir), .string(title), .string(href), canonical.mustacheValue, .string(movedText),
        ]))
    }
}

extension TextPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(textPageShape, [
            chrome.mustacheValue, .string(title), .string(bodyHTML), textLang.mustacheValue, statusLabel.mustacheValue,
        ]))
    }
}

extension SearchPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(searchPageShape, [
            chrome.mustacheValue, .string(heading), .string(hint), .string(noscript), .string(noResults), .string(stale),
            .list(counts.map(\.mustacheValue)), .string(plural), .string(showMore), .string(loading), .string(resultsLabel),
            .string(metaHref), .string(stamp), .string(buckets), .string(digits), .string(groupSeparator), .string(groupSizes),
            .string(queryTitle), .string(fieldLabels), .list(statusLabels.map(\.mustacheValue)),
        ]))
    }
}

extension SearchPage.CountForm: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(countFormShape, [.string(category), .string(text)]))
    }
}

extension EntryPage.Photo: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(entryPagePhotoShape, [
            .string(src), srcset.mustacheValue, sizes.mustacheValue, .string(alt), caption.mustacheValue,
            width.mustacheValue, height.mustacheValue, .string(loading), symbol.mustacheValue,
        ]))
    }
}

extension EntryPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(entryPageShape, [
            chrome.mustacheValue, .string(title), .string(dateText), .string(dateMachine), cards.mustacheValue,
            photos.mustacheValue, .string(bodyHTML), textLang.mustacheValue, newer.mustacheValue, older.mustacheValue, .string(newerLabel),
            .string(navLabel), .string(olderLabel), statusLabel.mustacheValue,
        ]))
    }
}

extension EntryListPage.EntryItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(entryListPageEntryItemShape, [
            .string(title), .string(href), .string(dateText), .string(dateMachine), tags.mustacheValue,
            mood.mustacheValue, photo.mustacheValue, textLang.mustacheValue, statusLabel.mustacheValue,
        ]))
    }
}

extension EntryListPage.DayGroup: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(entryListPageDayGroupShape, [
            heading.mustacheValue, dateMachine.mustacheValue, .list(entries.map { $0.mustacheValue }),
        ]))
    }
}

extension Pager.PageNumber: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(pagerPageNumberShape, [
            .string(number), .string(href), .bool(current), .bool(isGap),
        ]))
    }
}

extension Pager: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(pagerShape, [
            .string(label), newer.mustacheValue, older.mustacheValue, .list(pages.map { $0.mustacheValue }),
            .string(ariaLabel),
        ]))
    }
}

extension TodoPage.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(todoPageItemShape, [
            .string(detail), .bool(isDone), .bool(isOverdue), dueText.mustacheValue, dueMachine.mustacheValue,
            status.mustacheValue, .list(tags.map { $0.mustacheValue }), priority.mustacheValue, priorityLabel.mustacheValue,
            .list(notes.map { $0.mustacheValue }),
        ]))
    }
}

extension TodoPage.Section: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(todoPageSectionShape, [
            .string(title), .string(id), items.mustacheValue, .string(emptyText), href.mustacheValue,
            linkText.mustacheValue,
        ]))
    }
}

extension PageChrome {
    /// The names a page's `chrome` has, in the order of its values.
    static let mustacheNames = [
        "lang", "dir", "title", "siteTitle", "description", "homeHref", "stylesheetHref", "faviconHref", "feedHref",
        "canonical", "ogImage", "ogType", "publishedTime", "nav", "navLabel", "breadcrumbs", "breadcrumbLabel", "prevHref", "nextHref",
        "generated", "skipLabel", "search", "rootHref", "uiLang", "uiDir", "params",
    ]
}

extension EntryListPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(entryListPageShape, [
            chrome.mustacheValue, .string(heading), headingLang.mustacheValue, subheading.mustacheValue, cards.mustacheValue,
            todayTodos.mustacheValue, .list(days.map { $0.mustacheValue }), entriesHeading.mustacheValue, pager.mustacheValue,
            emptyText.mustacheValue,
        ]))
    }
}

// Month reports: each holds a month of entries in full.

extension ReportPage.Weekday: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageWeekdayShape, [
            .int(x), .int(y), .string(name),
        ]))
    }
}

extension ReportPage.Cell: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageCellShape, [
            .int(x), .int(y), .int(size), .int(textX), .int(textY), .string(number), .int(level), .string(label),
        ]))
    }
}

extension ReportPage.Calendar: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageCalendarShape, [
            .string(heading), .string(ariaLabel), .int(width), .int(height), weekdays.mustacheValue,
            cells.mustacheValue,
        ]))
    }
}

extension ReportPage.Entry: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageEntryShape, [
            .string(id), .string(title), href.mustacheValue, .string(dateText), .string(dateMachine),
            cards.mustacheValue, photos.mustacheValue, .string(bodyHTML), textLang.mustacheValue, textDir.mustacheValue,
            statusLabel.mustacheValue,
        ]))
    }
}

extension ReportPage.Day: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageDayShape, [
            .string(id), .string(heading), .string(dateMachine), entries.mustacheValue,
        ]))
    }
}

extension ReportPage.MonthLink: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageMonthLinkShape, [
            .string(caption), .string(label), .string(href),
        ]))
    }
}

extension ReportPage.MonthNav: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageMonthNavShape, [
            .string(label), older.mustacheValue, newer.mustacheValue,
        ]))
    }
}

extension ReportPage.EmbeddedPhoto: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageEmbeddedPhotoShape, [
            .string(id), .string(href), .int(width), .int(height),
        ]))
    }
}

extension ReportPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportPageShape, [
            chrome.mustacheValue, .string(printHref), .string(paperSize), pageNumberRule.mustacheValue, .string(heading), .string(subheading),
            .string(siteTitle), .string(entryCount), cards.mustacheValue, calendar.mustacheValue, days.mustacheValue, todoSections.mustacheValue,
            monthNav.mustacheValue, embeddedPhotos.mustacheValue,
        ]))
    }
}

extension MarkdownDocument.Row: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentRowShape, [
            .string(title), .string(value),
        ]))
    }
}

extension MarkdownDocument.Photo: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentPhotoShape, [
            .string(alt), .string(src), caption.mustacheValue,
        ]))
    }
}

extension MarkdownDocument.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentItemShape, [
            .string(title), .string(meta), photos.mustacheValue, .string(body),
        ]))
    }
}

extension MarkdownDocument.Day: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentDayShape, [
            .string(heading), entries.mustacheValue,
        ]))
    }
}

extension MarkdownDocument.TodoList.Todo: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentTodoListTodoShape, [
            .string(mark), .string(text),
        ]))
    }
}

extension MarkdownDocument.TodoList: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentTodoListShape, [
            .string(title), items.mustacheValue, .string(emptyText),
        ]))
    }
}

extension MarkdownDocument: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(markdownDocumentShape, [
            .string(title), subtitle.mustacheValue, cards.mustacheValue, cardHeader.mustacheValue,
            days.mustacheValue, todoSections.mustacheValue,
        ]))
    }
}

// Pages made once a build: the todo page, the archives, the feed, the sitemap, the report index.

extension TodoPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(todoPageShape, [
            chrome.mustacheValue, .string(heading), .list(sections.map { $0.mustacheValue }), cards.mustacheValue,
        ]))
    }
}

extension ArchivePage.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(archivePageItemShape, [
            .string(label), .string(href), .int(count), .string(countText), .int(weight),
        ]))
    }
}

extension ArchivePage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(archivePageShape, [
            chrome.mustacheValue, .string(heading), .list(items.map { $0.mustacheValue }), heatMap.mustacheValue,
            .bool(isCloud),
        ]))
    }
}

extension HeatMap.Cell: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(heatMapCellShape, [.int(x), .int(y), .int(level), .string(className), .string(label)]))
    }
}

extension HeatMap.MonthLabel: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(heatMapMonthLabelShape, [.int(x), .string(text)]))
    }
}

extension HeatMap.LegendItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(heatMapLegendItemShape, [.int(level)]))
    }
}

extension HeatMap.Year: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(heatMapYearShape, [
            .string(label), .int(width), .int(height), .string(ariaLabel), .list(cells.map { $0.mustacheValue }),
            .list(monthLabels.map { $0.mustacheValue }),
        ]))
    }
}

extension HeatMap: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(heatMapShape, [
            .list(years.map { $0.mustacheValue }), .list(legend.map { $0.mustacheValue }), .string(legendLabel),
            .string(lessText), .string(moreText), labelAnchor.mustacheValue,
        ]))
    }
}

extension FeedDocument.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(feedDocumentItemShape, [
            .string(title), .string(url), .string(updated), .string(summary), .string(summaryHTML), .string(dir),
            textLang.mustacheValue, .list(categories.map { .string($0) }),
        ]))
    }
}

extension FeedDocument: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(feedDocumentShape, [
            .string(title), subtitle.mustacheValue, .string(siteURL), .string(feedURL), .string(updated), .string(lang),
            .list(entries.map { $0.mustacheValue }),
        ]))
    }
}

extension SitemapDocument: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(sitemapDocumentShape, [.list(urls.map { .string($0) })]))
    }
}

extension ReportIndexPage.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportIndexPageItemShape, [
            .string(label), .string(countText), .string(href), .string(markdownHref),
        ]))
    }
}

extension ReportIndexPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(MustacheObject(reportIndexPageShape, [
            chrome.mustacheValue, .string(printHref), .string(heading), items.mustacheValue, .string(markdownLabel),
            emptyText.mustacheValue,
        ]))
    }
}
