import Foundation

/// What an Obsidian vault's settings (`.obsidian/`) say about reading its notes: whether a line
/// break inside a paragraph shows ("Strict line breaks", off by default), and the folders of its
/// templates, which are not notes.
struct ObsidianSettings: Equatable {
    /// Whether the folder is a vault: it has `.obsidian/`.
    var isVault = false
    /// Obsidian's "Strict line breaks": on, a single line break is a space, as Markdown has it.
    var strictLineBreaks = false
    /// The folders (relative, ending in `/`) its core Templates plugin and Templater take templates from.
    var templateFolders: [String] = []

    /// The vault's settings; Obsidian's defaults for settings it cannot read, and no vault for a
    /// folder without `.obsidian/` (a folder of Markdown written for a Markdown renderer may wrap
    /// its lines).
    static func of(_ export: ExportFolder) -> ObsidianSettings {
        var settings = ObsidianSettings(isVault: export.isFolder(".obsidian"))
        guard settings.isVault else { return settings }
        func object(_ path: String) -> [String: Any]? {
            guard let bytes = try? export.read(path, limit: 1 << 20) else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        }
        if let app = object(".obsidian/app.json"), let strict = app["strictLineBreaks"] as? Bool { settings.strictLineBreaks = strict }
        for (file, key) in [(".obsidian/templates.json", "folder"), (".obsidian/plugins/templater-obsidian/data.json", "templates_folder")] {
            guard let folder = object(file)?[key] as? String else { continue }
            let trimmed = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            guard !trimmed.isEmpty, !trimmed.split(separator: "/").contains(".."), !settings.templateFolders.contains(trimmed + "/") else { continue }
            settings.templateFolders.append(trimmed + "/")
        }
        return settings
    }

    /// Whether a line of a paragraph shows on a line of its own, as Obsidian shows it.
    var keepsLineBreaks: Bool { isVault && !strictLineBreaks }
}
