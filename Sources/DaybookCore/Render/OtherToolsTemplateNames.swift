/// Hugo's and Jekyll's names in a template (`{{ .Title }}`, `{{ .Site.Params.author }}`, Jekyll's
/// `{{ content }}` and `{{ site.title }}`) with Daybook's for them, for the messages about a tag
/// the compiler refuses and about a name a page does not have (found by a newcomer's audit:
/// neither pointed anywhere).
public enum OtherToolsTemplateNames {
    /// Names as Hugo (without the leading dot) and Jekyll write them, with Daybook's.
    static let names: [String: String] = [
        "Title": "title", "Content": "bodyHTML", "Date": "dateText", "PublishDate": "dateText",
        "Description": "chrome.description", "Permalink": "chrome.canonical", "Site.Title": "chrome.siteTitle",
        "Site.Menus.main": "chrome.nav", "Site.LanguageCode": "chrome.lang", "Site.Language.Lang": "chrome.lang",
        "page.title": "title", "page.content": "bodyHTML", "page.date": "dateText",
        "site.title": "chrome.siteTitle", "site.description": "chrome.description", "content": "bodyHTML",
    ]

    /// Daybook's name for `written` (`chrome.params.author` for `.Site.Params.author`,
    /// `Params.author` or `params.author`), or nil.
    static func daybookName(for written: String) -> String? {
        let name = written.hasPrefix(".") ? String(written.dropFirst()) : written
        if let known = names[name] { return known }
        // Hugo reads the keys of its params in any case.
        for prefix in ["site.params.", "params."] where name.count > prefix.count && name.lowercased().hasPrefix(prefix) {
            return "chrome.params." + name.dropFirst(prefix.count)
        }
        return nil
    }

    /// A tag of Daybook's name: `{{title}}`, and `{{{bodyHTML}}}` for an HTML value.
    static func tag(_ name: String) -> String {
        Theme.htmlValuedNames.contains(name) ? "{{{\(name)}}}" : "{{\(name)}}"
    }

    /// What to add to the compiler's `invalid tag name "…"` for a Go template's or Liquid's tag
    /// (`.Site.Params.author`, `partial "footer.html" .`, `range .Pages`); "" for another.
    public static func hint(forInvalidTag reason: String) -> String {
        let opening = "invalid tag name \""
        guard reason.hasPrefix(opening), reason.hasSuffix("\"") else { return "" }
        let value = reason.dropFirst(opening.count).dropLast()
        // Hugo's `{{- .Title -}}` trims space with its dashes.
        guard let first = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).first(where: { $0 != "-" }).map(String.init) else { return "" }
        let lead = " (Daybook's templates are Mustache, not Hugo's or Jekyll's"
        if let name = daybookName(for: first) { return lead + ": did you mean \(tag(name))?)" }
        switch first {
        case "partial", "partialCached", "template", "include":
            return lead + ": a partial is included as {{> NAME}}, from templates/partials/NAME.mustache)"
        case "range", "with", "if", "for", "unless":
            return lead + ": a section, {{#NAME}}…{{/NAME}}, shows its text for each item of a list or once for a value that is there, and {{^NAME}}…{{/NAME}} when it is not)"
        default:
            guard first.hasPrefix(".") else { return "" }
            return lead + ": a name has no leading dot, as {{title}}; the theme's files, from daybook theme export SITE/templates, show each page's names)"
        }
    }

    /// What to add to `no value named "…" here` for a name of Hugo's or Jekyll's (`page.title`,
    /// `site.title`, Jekyll's `content`) whose Daybook name is at the tag; nil for another.
    /// `available` are the names at the tag; `template` is the template's path as messages name it.
    static func hint(forOtherToolsName name: String, available: [String], template: String) -> String? {
        // Jekyll's layout shows the page as `{{ content }}`; Daybook's fills the block.
        if name == "content", template.hasSuffix("layout.mustache") {
            return " (the layout holds a page where it has the block {{$content}}{{/content}}: Jekyll's {{ content }} is a value, not the block)"
        }
        guard let mapped = daybookName(for: name), let head = mapped.split(separator: ".").first.map(String.init),
              available.contains(head) else { return nil }
        return " (did you mean \"\(mapped)\"" + (Theme.htmlValuedNames.contains(mapped) ? ", written \(tag(mapped)) as it is HTML?)" : "?)")
    }

    /// What to add to `no value named "…" here` for a name of the page's frame outside it
    /// (`params.author`: `chrome.params.author`), an entry's card (`mood`), or a part of a name
    /// the page has (`date`: `dateText`); nil for none.
    static func hint(forMissing name: String, available: [String]) -> String? {
        let parts = name.split(separator: ".").map(String.init)
        // The page's frame (`rootHref`, `params.author`) is under `chrome`, outside the layout's `{{#chrome}}`.
        if available.contains("chrome"), let first = parts.first, PageChrome.mustacheNames.contains(first) {
            return " (did you mean \"chrome.\(name)\"?)"
        }
        // An entry's page shows its mood, weather, location and tags as cards.
        if parts.count == 1, ["mood", "weather", "location", "tags"].contains(name), available.contains("cards") {
            return " (the entry's \(name) is one of its \"cards\", as {{>cards}} shows them: each item has its \"kind\" (\"\(name)\"), \"title\" and \"value\")"
        }
        if parts.count == 1, let near = NearestName.containing(name, among: available) {
            return " (did you mean \"\(near)\"?)"
        }
        return nil
    }
}
