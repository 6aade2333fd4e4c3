import DaybookCore

/// jrnl's JSON export (`jrnl --export json`): entries with a title, a body, a wall-clock `date`
/// and `time` (taken in the site's zone), `@`/`#` tags and `starred`.
public struct JrnlImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        let file = try export.onlyFile(endingWith: ".json", writtenBy: "`jrnl --export json`")
        let bytes = try export.read(file)
        if let kind = Self.jrnlText(bytes) {
            throw .at(export.display(file), "is \(kind), not its JSON export: run `jrnl --export json > journal.json` and import that")
        }
        var document = try ExportDocument(file: export.display(file), bytes: bytes)
        if TaskwarriorImporter.isTaskList(document.root) {
            throw .at(document.file, "is Taskwarrior's export, not jrnl's: `daybook import taskwarrior` reads it")
        }
        guard let entries = document.root["entries"] else {
            throw .invalid(SiteErrors([SiteError(file: document.file, line: 1, column: 1,
                                                 reason: "expected jrnl's export: an object with \"entries\"")]))
        }
        if DayOneImporter.isDayOneExport(document.root) {
            throw .at(document.file, "is Day One's export, not jrnl's: `daybook import dayone` reads it (its zip or folder, for the photos)")
        }
        var batch = ImportBatch()
        let markdown = MarkdownRenderer()
        for node in document.elements(entries.value, "\"entries\"") ?? [] {
            guard document.members(node, "an entry") != nil else { continue }
            let before = document.errors.count
            let title = (document.string(node, "title") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            // A journal written on Windows keeps `\r\n`: lines end in `\n`, as the other formats' do.
            let body = (document.string(node, "body") ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            let dayText = document.string(node, "date")
            let timeText = document.string(node, "time")
            // jrnl keeps an entry's tags in a set, so each export lists them in another order:
            // they are put in the order the entry's text first has them, so a new export of the
            // same journal changes nothing.
            var tags = Self.inWrittenOrder(document.strings(node, "tags"), text: title + "\n" + body).map { tag -> String in
                var tag = tag
                while tag.hasPrefix("@") || tag.hasPrefix("#") { tag.removeFirst() }
                return tag
            }.filter { !$0.isEmpty }
            let starred = document.bool(node, "starred") ?? false
            if node["date"] == nil { document.fail(node, "entry is missing \"date\"") }
            // jrnl exports a dated line with no text as `"title": "\n"`: an entry of its own, `Untitled`
            // (as Day One's without text), not an error that stops the whole journal.
            if node["title"] == nil { document.fail(node, "entry is missing \"title\"") }
            var written: String?
            if let dayText {
                let text = timeText.map { "\(dayText)T\($0)" } ?? dayText
                switch ISODate.parse(text) {
                case .success(let date) where date.utcOffset == nil: written = text
                case .failure(let error) where error.reason.hasSuffix("is not a day of the calendar"):
                    document.fail(node["date"]!.value, "\"date\": \(error.reason)")
                default:
                    document.fail(node["date"]!.value, "\"date\" and \"time\" must be like 2024-01-02 and 08:30, found \"\(dayText)\""
                                  + (timeText.map { " and \"\($0)\"" } ?? ""))
                }
            }
            guard document.errors.count == before, let written, case .success(let date) = ISODate.parse(written) else { continue }
            if starred, !tags.contains("starred") { tags.append("starred") }
            // `source` keeps the title as jrnl wrote it: what an earlier import matched it by.
            var shown = title.isEmpty ? "Untitled" : Self.plainTitle(title, markdown: markdown)
            // A first sentence of a whole page (jrnl's title is the text up to the first `.`, `?` or `!`):
            // its first words are the title, and the body starts with it whole, as Day One's long first
            // line (found by a jrnl user's audit: a title over 4,096 bytes was imported, and every build then stopped at it).
            let longTitle = shown.count > DayOneText.maxTitleLength
            if longTitle { shown = DayOneText.shortened(shown) }
            if title.isEmpty {
                batch.warnings.append(document.warning(at: node["title"]?.value ?? node, "the entry of \(written) has no title; imported as \"Untitled\""))
            }
            var item = ImportedItem(source: "jrnl:\(written) \(title)", title: shown, day: date.day)
            item.set("title", .string(shown))
            item.set("date", .string(written))
            // A time the zone skips is shown later (warned about); one it has twice is taken as the first (a note).
            let clock = ImportDate.clockChange(of: "\(document.place(of: node["time"]?.value ?? node)): entry \"\(shown)\"", written: written, date: date, in: context.timeZone)
            if let warning = clock.warning { batch.warnings.append(ImportWarning(warning, source: item.source)) }
            if let note = clock.note { batch.itemNotes.append(ImportWarning(note, source: item.source)) }
            // jrnl shows each line as written: a line of a paragraph stays a line (found by a jrnl user's audit).
            if longTitle {
                // jrnl ends a title at a sentence's end or at the line's: the body goes on after a space, or on the next line.
                let endsSentence = title.last.map { ".?!…。？！".contains($0) } ?? false
                let whole = body.isEmpty ? title : title + (endsSentence ? " " : "\n") + body
                item.set("body", HardLineBreaks.applied(Self.literalBodyTags(whole)))
            } else {
                // The title's links lose their addresses in the plain title: the body starts with them.
                let links = DayOneText.keptOfTitle(title)
                let text = HardLineBreaks.applied(Self.literalBodyTags(body))
                item.set("body", links.isEmpty ? text : text.isEmpty ? links : links + "\n\n" + text)
            }
            item.set("tags", strings: tags)
            batch.items.append(item)
        }
        try document.check()
        return batch
    }

    /// `tags` (as jrnl exports them: lowercased, with their `@` or `#`) in the order `text` first
    /// has them (as jrnl finds one: after a space or at the start, case ignored); tags the text
    /// lacks follow, by name.
    static func inWrittenOrder(_ tags: [String], text: String) -> [String] {
        let lower = text.lowercased()
        func isTagCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || "-+*#/_".contains(character) }
        func firstPlace(_ tag: String) -> Int? {
            let tag = tag.lowercased()
            guard !tag.isEmpty else { return nil }
            var from = lower.startIndex
            while let found = lower.range(of: tag, range: from..<lower.endIndex) {
                let before = found.lowerBound == lower.startIndex ? nil : lower[lower.index(before: found.lowerBound)]
                let after = found.upperBound == lower.endIndex ? nil : lower[found.upperBound]
                if before?.isWhitespace != false, after.map(isTagCharacter) != true {
                    return lower.distance(from: lower.startIndex, to: found.lowerBound)
                }
                from = lower.index(after: found.lowerBound)
            }
            return nil
        }
        return tags.map { (tag: $0, place: firstPlace($0) ?? Int.max) }
            .sorted { ($0.place, $0.tag) < ($1.place, $1.tag) }.map(\.tag)
    }

    /// What other text of jrnl's `bytes` are: its journal file (`[2024-01-02 08:30] Title`, a time
    /// with seconds or `08:30 AM` too, a format only jrnl reads; `--export txt` too), what it prints (`jrnl -n 3`: `2024-01-02 08:30 …`) or its Markdown export (`# 2024`);
    /// nil for anything else (found by a jrnl user's audit: `jrnl -n 3 | daybook import jrnl -` got
    /// a JSON syntax error).
    static func jrnlText(_ bytes: [UInt8]) -> String? {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        let time = #"\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(:\d{2})?( ?[AaPp][Mm])?"#
        if head.range(of: #"^\["# + time + #"\] "#, options: .regularExpression) != nil { return "jrnl's own journal file" }
        if head.range(of: "^" + time + " ", options: .regularExpression) != nil { return "what jrnl prints of its entries" }
        if head.range(of: #"^# \d{4}[ \t]*\n"#, options: .regularExpression) != nil { return "jrnl's Markdown export" }
        return nil
    }

    /// A jrnl title (its entry's first sentence, in Markdown) as the text it shows
    /// (``MarkdownRenderer/inlineText(_:)``), or as written when none of it is text. A tag's
    /// `<` is text too (jrnl shows `<my-widget>` as typed; Markdown would drop it as HTML);
    /// autolinks (`<https://…>`) and code spans stay as they are.
    static func plainTitle(_ title: String, markdown: MarkdownRenderer) -> String {
        let plain = markdown.inlineText(MarkdownCode.outsideSpans(title, literalTags))
        return plain.isEmpty ? title : plain
    }

    /// Whether `text` (after a `<`) is the rest of an autolink: `scheme:…>` (a scheme of 2 to 32
    /// letters, digits, `+`, `.` or `-`, starting with a letter) or `name@host>`, with no space or `<` in it.
    static func startsAutolink(_ text: Substring) -> Bool {
        guard let end = text.firstIndex(of: ">") else { return false }
        let inside = text[..<end]
        guard !inside.isEmpty, !inside.contains(where: { $0.isWhitespace || $0 == "<" }) else { return false }
        if let colon = inside.firstIndex(of: ":") {
            let scheme = inside[..<colon]
            if (2...32).contains(scheme.count), let first = scheme.first, first.isASCII, first.isLetter,
               scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) {
                return true
            }
        }
        let parts = inside.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    /// A jrnl body with ``literalTags(_:)`` applied outside code (fenced blocks, lines indented
    /// as code, code spans): jrnl shows `<b>` and `<!-- -->` as typed, where Markdown would drop them.
    static func literalBodyTags(_ body: String) -> String {
        guard body.contains("<") else { return body }
        var inFence = false
        return body.components(separatedBy: "\n").map { line in
            if DayOneText.isFence(line.trimmingCharacters(in: .whitespaces)) { inFence.toggle(); return line }
            if inFence || line.hasPrefix("    ") || line.hasPrefix("\t") { return line }
            return MarkdownCode.outsideSpans(line, literalTags)
        }.joined(separator: "\n")
    }

    /// `text` with a backslash before each `<` that would start an HTML tag, comment or
    /// declaration, not an autolink.
    static func literalTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let isAutolink = Self.startsAutolink(after)
            if !isAutolink, let next = after.first, next.isLetter || next == "/" || next == "!" || next == "?" { out += "\\" }
            out += "<"
            rest = after
        }
        return out + rest
    }
}
