import Mustache

// Hand-written conversions for the view models of the pages a build renders by the
// thousand (entries and entry lists). `MustacheEncoder` converts any Encodable view model
// and serves the other pages; through Codable's containers an entry page took 37 µs
// against 18 µs here (`.build/release/daybook-bench render 10000`, one thread).
// The keys are the Encodable keys, so both paths give templates the same names.

extension LinkItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["label": .string(label), "href": .string(href)])
    }
}

extension NonEmptyList: MustacheConvertible where Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["items": .list(items.map(\.mustacheValue))])
    }
}

extension InfoCard: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "kind": .string(kind), "title": .string(title), "value": .string(value),
            "isEmpty": .bool(isEmpty), "tint": .string(tint), "icon": .string(icon),
            "links": links.mustacheValue,
        ])
    }
}

extension NavItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["label": .string(label), "href": .string(href), "current": .bool(current)])
    }
}

extension Crumb: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["label": .string(label), "href": href.mustacheValue])
    }
}

extension PageChrome: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "lang": .string(lang), "title": .string(title), "siteTitle": .string(siteTitle),
            "description": .string(description), "homeHref": .string(homeHref),
            "stylesheetHref": .string(stylesheetHref), "faviconHref": .string(faviconHref),
            "feedHref": feedHref.mustacheValue, "canonical": canonical.mustacheValue, "ogImage": ogImage.mustacheValue,
            "nav": .list(nav.map(\.mustacheValue)), "navLabel": .string(navLabel),
            "breadcrumbs": breadcrumbs.mustacheValue, "breadcrumbLabel": .string(breadcrumbLabel),
            "prevHref": prevHref.mustacheValue, "nextHref": nextHref.mustacheValue,
            "generated": .string(generated),
        ])
    }
}

extension EntryPage.Photo: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["src": .string(src), "alt": .string(alt), "width": width.mustacheValue, "height": height.mustacheValue])
    }
}

extension EntryPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "chrome": chrome.mustacheValue, "title": .string(title), "dateText": .string(dateText),
            "dateMachine": .string(dateMachine), "cards": cards.mustacheValue, "photos": photos.mustacheValue,
            "bodyHTML": .string(bodyHTML), "newer": newer.mustacheValue, "older": older.mustacheValue,
            "newerLabel": .string(newerLabel), "olderLabel": .string(olderLabel),
        ])
    }
}

extension EntryListPage.EntryItem: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "href": .string(href), "dateText": .string(dateText),
            "dateMachine": .string(dateMachine), "tags": tags.mustacheValue, "mood": mood.mustacheValue,
        ])
    }
}

extension EntryListPage.DayGroup: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["heading": heading.mustacheValue, "dateMachine": dateMachine.mustacheValue,
                 "entries": .list(entries.map(\.mustacheValue))])
    }
}

extension Pager.PageNumber: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["number": .int(number), "href": .string(href), "current": .bool(current), "isGap": .bool(isGap)])
    }
}

extension Pager: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["label": .string(label), "newer": newer.mustacheValue, "older": older.mustacheValue,
                 "pages": .list(pages.map(\.mustacheValue)), "ariaLabel": .string(ariaLabel)])
    }
}

extension TodoPage.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "detail": .string(detail), "isDone": .bool(isDone), "isOverdue": .bool(isOverdue),
            "dueText": dueText.mustacheValue, "dueMachine": dueMachine.mustacheValue,
            "status": status.mustacheValue, "tags": .list(tags.map(\.mustacheValue)),
        ])
    }
}

extension TodoPage.Section: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "id": .string(id), "items": items.mustacheValue,
                 "emptyText": .string(emptyText), "href": href.mustacheValue, "linkText": linkText.mustacheValue])
    }
}

extension SearchBox: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["label": .string(label), "placeholder": .string(placeholder), "noResults": .string(noResults),
                 "indexHref": .string(indexHref), "scriptHref": .string(scriptHref)])
    }
}

extension EntryListPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "chrome": chrome.mustacheValue, "heading": .string(heading), "subheading": subheading.mustacheValue,
            "cards": cards.mustacheValue, "todayTodos": todayTodos.mustacheValue,
            "days": .list(days.map(\.mustacheValue)), "pager": pager.mustacheValue, "emptyText": emptyText.mustacheValue,
            "search": search.mustacheValue,
        ])
    }
}

// Month reports: each holds a month of entries in full.

extension ReportPage.Weekday: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["x": .int(x), "y": .int(y), "name": .string(name)])
    }
}

extension ReportPage.Cell: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "x": .int(x), "y": .int(y), "size": .int(size), "textX": .int(textX), "textY": .int(textY),
            "number": .string(number), "level": .int(level), "label": .string(label),
        ])
    }
}

extension ReportPage.Calendar: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "heading": .string(heading), "ariaLabel": .string(ariaLabel), "width": .int(width), "height": .int(height),
            "weekdays": weekdays.mustacheValue, "cells": cells.mustacheValue,
        ])
    }
}

extension ReportPage.Entry: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "id": .string(id), "title": .string(title), "href": href.mustacheValue, "dateText": .string(dateText),
            "dateMachine": .string(dateMachine), "cards": cards.mustacheValue, "photos": photos.mustacheValue,
            "bodyHTML": .string(bodyHTML),
        ])
    }
}

extension ReportPage.Day: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["id": .string(id), "heading": .string(heading), "dateMachine": .string(dateMachine),
                 "entries": entries.mustacheValue])
    }
}

extension ReportPage.MonthLink: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["caption": .string(caption), "label": .string(label), "href": .string(href)])
    }
}

extension ReportPage.MonthNav: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["label": .string(label), "older": older.mustacheValue, "newer": newer.mustacheValue])
    }
}

extension ReportPage: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "chrome": chrome.mustacheValue, "printHref": .string(printHref), "paperSize": .string(paperSize),
            "heading": .string(heading), "subheading": .string(subheading), "cards": cards.mustacheValue,
            "calendar": calendar.mustacheValue, "days": days.mustacheValue, "todoSections": todoSections.mustacheValue,
            "monthNav": monthNav.mustacheValue,
        ])
    }
}

extension MarkdownDocument.Row: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "value": .string(value)])
    }
}

extension MarkdownDocument.Item: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "meta": .string(meta), "photos": photos.mustacheValue, "body": .string(body)])
    }
}

extension MarkdownDocument.Day: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["heading": .string(heading), "entries": entries.mustacheValue])
    }
}

extension MarkdownDocument.TodoList.Todo: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["mark": .string(mark), "text": .string(text)])
    }
}

extension MarkdownDocument.TodoList: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object(["title": .string(title), "items": items.mustacheValue, "emptyText": .string(emptyText)])
    }
}

extension MarkdownDocument: MustacheConvertible {
    public var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "subtitle": subtitle.mustacheValue, "cards": cards.mustacheValue,
            "cardHeader": cardHeader.mustacheValue, "days": days.mustacheValue, "todoSections": todoSections.mustacheValue,
        ])
    }
}
