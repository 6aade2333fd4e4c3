import DaybookCore
import Foundation

/// Day One's JSON export (`File → Export → JSON`): a zip, or its folder, of `Journal.json` files
/// with `photos/`, `videos/`, `audios/` and `pdfs/` named by md5; or one `.json` file.
public struct DayOneImporter: Sendable {
    public let context: ImportContext

    public init(context: ImportContext) {
        self.context = context
    }

    /// The site folder where the export's media go.
    static let mediaFolder = "photos/dayone"

    /// Whether `root` (an export's top object) is Day One's: entries with a `uuid` or a
    /// `creationDate` and no `title` or `time`, which jrnl's have. For the importers that are
    /// given Day One's journal by mistake.
    static func isDayOneExport(_ root: JSONNode) -> Bool {
        // An export of no entries is known by its `metadata` (jrnl's has `tags` instead).
        guard let entries = root["entries"], case .array(let nodes) = entries.value.value else { return false }
        guard let first = nodes.first else { return root["metadata"] != nil && root["tags"] == nil }
        return first["title"] == nil && first["time"] == nil && (first["uuid"] != nil || first["creationDate"] != nil)
    }

    /// The files an earlier import left in `site`'s media folder, for ``ImportContext/siteMedia``.
    public static func siteMedia(site: String) -> [String: String] {
        let folder = (site as NSString).appendingPathComponent(mediaFolder)
        var found: [String: String] = [:]
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where !name.hasPrefix(".") {
            var info = stat()
            guard lstat((folder as NSString).appendingPathComponent(name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let key = (name as NSString).deletingPathExtension.lowercased()
            if found[key] == nil { found[key] = mediaFolder + "/" + name }
        }
        return found
    }

    public func read(_ export: ExportFolder) throws(ImportFailure) -> ImportBatch {
        let all = export.files()
        let journals = all.filter { $0.lowercased().hasSuffix(".json") && !$0.contains("/") || all.count == 1 && $0.lowercased().hasSuffix(".json") }
        guard !journals.isEmpty else {
            // One file that is not JSON (found by a Day One user's audit: a photo, or a text file named .zip, got "no Journal.json").
            if all.count == 1, let only = all.first, !export.isFolder("photos") {
                let what = only.lowercased().hasSuffix(".zip") ? "is named .zip but is not a zip archive (a download that did not finish?)" : "is not Day One's export"
                throw .at(export.label, what + ": expected Day One's JSON export, its .zip (Journal.json with photos/), its folder or a journal's .json")
            }
            throw .at(export.label, "no Journal.json in the export (expected Day One's JSON export: its .zip, its folder or a journal's .json)")
        }
        // Media files by folder and md5 (the name without its extension), also beside one .json given alone.
        var media: [String: String] = [:]
        for folder in ["photos", "videos", "audios", "pdfs"] where export.isFolder(folder) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: export.path(folder))) ?? []
            for name in names.sorted() where !name.hasPrefix(".") && export.isFile(folder + "/" + name) {
                media["\(folder)/\((name as NSString).deletingPathExtension.lowercased())"] = folder + "/" + name
            }
        }
        var batch = ImportBatch()
        batch.journals = []
        // Each journal on its own: an invalid one is left out with its errors, and the others are imported.
        for journal in journals {
            let journalName = ((journal as NSString).lastPathComponent as NSString).deletingPathExtension
            var part = ImportBatch()
            do throws(ImportFailure) {
                try read(journal, named: journalName, of: export, media: media, into: &part)
            } catch {
                guard case .invalid(let errors) = error else { throw error }
                batch.notImported.append(errors)
                continue
            }
            batch.journals?.insert(journalName)
            batch.items += part.items
            batch.files += part.files
            batch.warnings += part.warnings
            batch.missingLinks += part.missingLinks
        }
        // Nothing read: the export is what failed.
        if batch.journals?.isEmpty == true { throw .invalid(SiteErrors(batch.notImported.flatMap(\.errors))) }
        return batch
    }

    /// The entries of one journal's file, each with its journal's name, into `batch`; throws
    /// the journal's errors.
    private func read(_ journal: String, named journalName: String, of export: ExportFolder, media: [String: String],
                      into batch: inout ImportBatch) throws(ImportFailure) {
        var document = try ExportDocument(file: export.display(journal), bytes: try export.read(journal))
        guard let entries = document.root["entries"] else {
            throw .invalid(SiteErrors([SiteError(file: document.file, line: 1, column: 1,
                                                 reason: "expected Day One's export: an object with \"entries\"")]))
        }
        if case .array(let nodes) = entries.value.value, let first = nodes.first, first["uuid"] == nil, first["creationDate"] == nil,
           first["title"] != nil, first["time"] != nil {
            throw .at(document.file, "is jrnl's export, not Day One's: `daybook import jrnl` reads it")
        }
        for node in document.elements(entries.value, "\"entries\"") ?? [] {
            if var item = entry(node, in: &document, export: export, media: media, batch: &batch) {
                // Its journal: an export of one journal, pruned, leaves the others' entries alone.
                item.set("journal", .string(journalName))
                batch.items.append(item)
            }
        }
        try document.check()
    }

    private func entry(_ node: JSONNode, in document: inout ExportDocument, export: ExportFolder,
                       media: [String: String], batch: inout ImportBatch) -> ImportedItem? {
        guard document.members(node, "an entry") != nil else { return nil }
        let before = document.errors.count
        let uuid = document.string(node, "uuid")
        if node["uuid"] == nil {
            document.fail(node, "entry is missing \"uuid\"")
        } else if uuid?.isEmpty == true, let member = node["uuid"] {
            document.fail(member.value, "\"uuid\" must not be empty")
        }
        let created = document.string(node, "creationDate")
        var instant: Int64?
        if let created {
            if case .success(let date) = ISODate.parse(created), let value = ImportDate.instant(date) {
                instant = value
            } else if let member = node["creationDate"] {
                document.fail(member.value, "\"creationDate\" must be a UTC date and time like 2024-04-19T21:48:36Z, found \"\(created)\"")
            }
        } else if node["creationDate"] == nil {
            document.fail(node, "entry is missing \"creationDate\"")
        }
        let zoneName = document.string(node, "timeZone")
        var zone = context.timeZone
        if let zoneName {
            if let known = TimeZone(identifier: zoneName) { zone = known } else if let member = node["timeZone"] {
                document.fail(member.value, "unknown time zone \"\(zoneName)\"")
            }
        }
        // U+0001 marks the photos' texts below (and links between entries); the export's own go.
        let text = (document.string(node, "text") ?? "").replacingOccurrences(of: "\u{1}", with: "")
        let isAllDay = document.bool(node, "isAllDay") ?? false
        let starred = document.bool(node, "starred") ?? false
        var tags = document.strings(node, "tags")
        // Media by identifier: the export folder and the md5.
        // Two media with one identifier (seen in exports): the text's link is the first's; the
        // entry's photos keep both, each by its own md5.
        var files: [String: (folder: String, md5: String, type: String)] = [:]
        var gallery: [(id: String, order: Double, md5: String)] = []
        // Sound, video and PDFs, in the export's order.
        var attachments: [String] = []
        for (key, folder) in [("photos", "photos"), ("videos", "videos"), ("audios", "audios"), ("pdfAttachments", "pdfs")] {
            for item in document.objects(node, key) {
                guard let id = document.string(item, "identifier") else { continue }
                let md5 = (document.string(item, "md5") ?? "").lowercased()
                if files[id] == nil { files[id] = (folder, md5, document.string(item, "type") ?? "") }
                if key == "photos" {
                    gallery.append((id, document.number(item, "orderInEntry") ?? Double(gallery.count), md5))
                } else if !attachments.contains(id) {
                    attachments.append(id)
                }
            }
        }
        // Day One's order of the entry's photos (`orderInEntry`), which its export need not keep.
        let photoOrder = gallery.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
        let location = node["location"].flatMap { member -> String? in
            let object = member.value
            guard document.members(object, "\"location\"") != nil else { return nil }
            var parts: [String] = []
            for key in ["placeName", "localityName", "administrativeArea", "country"] {
                if let part = document.string(object, key)?.trimmingCharacters(in: .whitespaces), !part.isEmpty, !parts.contains(part) {
                    parts.append(part)
                }
            }
            guard !parts.isEmpty else { return nil }
            // Korean writes a place from the largest part, with spaces (대한민국 경상북도 경주시 불국사:
            // found by a Korean diarist's audit, who read "불국사, 경주시, 경상북도, 대한민국").
            return context.writesPlacesLargestFirst ? parts.reversed().joined(separator: " ") : parts.joined(separator: ", ")
        }
        let weather = node["weather"].flatMap { member -> String? in
            let object = member.value
            guard document.members(object, "\"weather\"") != nil else { return nil }
            var parts: [String] = []
            if let conditions = document.string(object, "conditionsDescription"), !conditions.isEmpty { parts.append(conditions) }
            if let celsius = document.number(object, "temperatureCelsius") {
                parts.append(context.usesFahrenheit ? "\(Int((celsius * 9 / 5 + 32).rounded()))°F" : "\(Int(celsius.rounded()))°C")
            }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
        guard document.errors.count == before, let uuid, let instant else { return nil }

        // The text, with each moment replaced by its copied file (or dropped when the export lacks it).
        var missing: [String] = []
        var photos: [String] = [], placed: [String] = []
        // The file's place in the site, and where to copy it from (nil: the site has it already).
        func target(_ id: String, md5: String? = nil) -> (site: String, from: String?, folder: String)? {
            guard let file = md5.map({ ("photos", $0, "") }) ?? files[id], !file.md5.isEmpty, file.md5.allSatisfy(\.isHexDigit) else { return nil }
            guard let path = media["\(file.folder)/\(file.md5)"] else {
                return context.siteMedia[file.md5].map { ($0, nil, file.folder) }
            }
            let ext = (path as NSString).pathExtension.lowercased().filter { $0.isLetter || $0.isNumber }
            return ("\(Self.mediaFolder)/\(file.md5)" + (ext.isEmpty ? "" : "." + ext), export.path(path), file.folder)
        }
        // What the export would have named a missing moment's file, for the warning: the file to
        // look for in the export, else the moment's identifier in the text.
        func exportName(_ id: String) -> String {
            guard let file = files[id], !file.md5.isEmpty else { return "dayone-moment \(id) (no file listed in the entry)" }
            // Day One's sound has a `format` (`aac`), not a type: its files are `.m4a`.
            let type = file.folder == "audios" && file.type.isEmpty ? "m4a" : file.type.filter { $0.isLetter || $0.isNumber }
            return "\(file.folder)/\(file.md5)" + (type.isEmpty ? "" : "." + type.lowercased())
        }
        var copies: [FileCopy] = []
        var missingPhotos: [String] = [], missingAttachments: [String] = []
        var inlinePhotos = 0
        var linked: Set<String> = []
        func link(to found: (site: String, from: String?, folder: String)) -> String {
            let href = Slug.urlPath(found.site)
            switch found.folder {
            case "videos": return "[Video](\(href))"
            case "audios": return "[Audio](\(href))"
            default: return "[PDF](\(href))"
            }
        }
        let (title, splitBody) = DayOneText.split(text) { moment in
            guard let found = target(moment.identifier) else {
                missing.append(moment.identifier)
                return nil
            }
            if let from = found.from { copies.append(FileCopy(from: from, to: found.site)) }
            // A path in the site: the build publishes what a body shows or links to.
            let href = Slug.urlPath(found.site)
            if found.folder == "photos" {
                if !placed.contains(found.site) { placed.append(found.site) }
                inlinePhotos += 1
                // Its text, once the title is known: Day One has none of its own.
                return "![\u{1}\(inlinePhotos)\u{1}](\(href))"
            }
            linked.insert(moment.identifier)
            return link(to: found)
        }
        // Sound, video and PDFs of the entry that the text does not link to: linked after it, as Day
        // One shows them with the entry.
        var unlinked: [String] = []
        for id in attachments where !linked.contains(id) && !missing.contains(id) {
            guard let found = target(id) else {
                missingAttachments.append(id)
                continue
            }
            if let from = found.from { copies.append(FileCopy(from: from, to: found.site)) }
            unlinked.append(link(to: found))
        }
        // Photos of the entry that the text does not show are still the entry's.
        for photo in photoOrder {
            let id = photo.id
            guard let found = target(id, md5: photo.md5) else {
                if !missing.contains(id), !missingPhotos.contains(id) { missingPhotos.append(id) }
                continue
            }
            if !placed.contains(found.site), !photos.contains(found.site) {
                photos.append(found.site)
                if let from = found.from { copies.append(FileCopy(from: from, to: found.site)) }
            }
        }
        let local = ImportDate.local(instant, in: zone)
        let shownTitle = title.isEmpty ? "Untitled" : title
        // A photo in the text is described as one in `photos` is: by the entry's title, with its
        // place when there are several ("Walk (2/3)"), for screen readers (an empty one is skipped as decoration).
        var body = splitBody
        if !unlinked.isEmpty { body += (body.isEmpty ? "" : "\n\n") + unlinked.joined(separator: "\n\n") }
        for n in stride(from: inlinePhotos, through: 1, by: -1) {
            let alt = inlinePhotos == 1 ? shownTitle : "\(shownTitle) (\(n)/\(inlinePhotos))"
            body = body.replacingOccurrences(of: "\u{1}\(n)\u{1}", with: Self.markdownText(alt))
        }
        if !missing.isEmpty {
            batch.missingLinks += missing.count
            batch.warnings.append(ImportWarning("\(document.file): entry \"\(shownTitle)\" (\(local.day)): "
                + "\(missing.count) linked \(missing.count == 1 ? "file is" : "files are") not in the export; "
                + "\(missing.count == 1 ? "its link was" : "their links were") dropped: " + missing.map(exportName).joined(separator: ", ")))
        }
        // What the entry lists but its text does not show, and the export lacks: counted and named.
        for (ids, kind) in [(missingPhotos, "photos"), (missingAttachments, "attached files")] where !ids.isEmpty {
            batch.missingLinks += ids.count
            batch.warnings.append(ImportWarning("\(document.file): entry \"\(shownTitle)\" (\(local.day)): "
                + "\(ids.count) of its \(kind) \(ids.count == 1 ? "is" : "are") not in the export; "
                + "left out: " + ids.map(exportName).joined(separator: ", ")))
        }
        batch.files += copies
        if starred, !tags.contains("starred") { tags.append("starred") }

        var item = ImportedItem(source: "dayone:" + uuid, title: shownTitle, day: local.day)
        item.set("title", .string(shownTitle))
        item.set("date", .string(isAllDay ? local.day.description : local.text))
        item.set("timeZone", zoneName.map { TimeZone(identifier: $0) != nil ? $0 : nil } ?? nil)
        // Day One shows each line as written: a line of a paragraph stays a line (found by a journal user's audit).
        item.set("body", Self.linkingEntries(HardLineBreaks.applied(body)))
        item.set("photos", strings: photos)
        item.set("tags", strings: tags)
        item.set("weather", weather)
        item.set("location", location)
        return item
    }

    /// A link's address `dayone://view?entryId=<uuid>` (Day One's link to another entry, `dayone2:`
    /// too) as the link to that entry's page once imported (``ImportedItem/link(to:)``).
    static func linkingEntries(_ body: String) -> String {
        guard body.contains("://view?entryId=") else { return body }
        let range = NSRange(body.startIndex..., in: body)
        var out = "", last = body.startIndex
        for match in entryLinkPattern.matches(in: body, range: range) {
            guard let whole = Range(match.range, in: body), let uuid = Range(match.range(at: 1), in: body) else { continue }
            out += body[last..<whole.lowerBound] + "](" + ImportedItem.link(to: "dayone:" + body[uuid]) + ")"
            last = whole.upperBound
        }
        return out + body[last...]
    }

    private static let entryLinkPattern = try! NSRegularExpression(pattern: #"\]\(\s*<?dayone2?://view\?entryId=([A-Za-z0-9-]{1,64})[^)\s>]*>?\s*\)"#)

    /// `text` as a Markdown image's text that shows it as written: the marks that could end it or
    /// make markup in it escaped.
    static func markdownText(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>&~".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
