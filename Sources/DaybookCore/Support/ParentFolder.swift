/// The folder part of a path, as `NSString.deletingLastPathComponent` gives it (`a/b/c` → `a/b`,
/// `a/b/` → `a`, `/a` → `/`, `a` → ``), without Foundation: on Linux that one crashed on some
/// one-character names (`daybook report … --output x`).
public enum ParentFolder {
    public static func of(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var parent = text[..<slash]
        while parent.count > 1, parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }
}
