import Foundation

/// The site's `static/` folder: files the build publishes as they are, each at its path in the
/// folder under the output's root (`static/CNAME` → `CNAME`, `static/.well-known/security.txt` →
/// `.well-known/security.txt`), as Hugo's `static/` is. Dot files are published too; the litter
/// systems and editors leave in folders (``isLitter(_:)``) is not. Symbolic links are not followed (one could
/// lead out of the site): they are named in a warning. The folder is only listed here; the write
/// stage copies each file in parts, so the files are never in memory.
public struct StaticFolder: Sendable, Equatable {
    /// The folder's name in the site.
    public static let name = "static"
    /// At most this many files, and this many bytes in all: each build reads every one (its
    /// fingerprint), and a host takes a site of limited size (GitHub Pages: 1 GB).
    public static let maxFiles = 10_000
    public static let maxBytes: Int64 = 1 << 30

    /// The files' paths inside the folder, which are their paths in the output, sorted by their bytes.
    public private(set) var files: [String] = []
    /// The symbolic links found, not followed, sorted (`static` itself when the folder is one).
    public private(set) var links: [String] = []
    /// What stops the build: a name no address can carry, a file that is none or cannot be read,
    /// a limit passed.
    public private(set) var errors: [SiteError] = []
    /// The folder as messages name it (`site/static`).
    public private(set) var shown = StaticFolder.name

    /// No folder: nothing to publish.
    public init() {}

    /// Lists the `static/` folder of the site at `siteRoot`; none is fine.
    public init(siteRoot: String, maxFiles: Int = StaticFolder.maxFiles, maxBytes: Int64 = StaticFolder.maxBytes) {
        let loader = SiteLoader(root: siteRoot)
        shown = loader.displayPath(StaticFolder.name)
        let top = loader.fullPath(StaticFolder.name)
        var info = stat()
        guard lstat(top, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            links = [StaticFolder.name]
            return
        default:
            errors.append(SiteError(file: shown, reason: "is not a folder; the files to publish as they are go in a folder static/"))
            return
        }
        var total: Int64 = 0
        // Folders to read, relative to the top ("" is the top), deepest last.
        var pending = [""]
        while let folder = pending.popLast() {
            let full = folder.isEmpty ? top : top + "/" + folder
            guard let names = StaticFolder.names(in: full) else {
                errors.append(SiteError(file: display(folder), reason: "cannot be read: \(String(cString: strerror(errno)))"))
                continue
            }
            listing: for name in names {
                let path = folder.isEmpty ? name.text : folder + "/" + name.text
                if StaticFolder.isLitter(Substring(name.text)) { continue }
                if !name.isUTF8 || name.text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    errors.append(SiteError(file: display(path), reason: "has a name that no web address can carry as written "
                                            + "(\(name.isUTF8 ? "a control character" : "bytes that are not UTF-8")); rename it"))
                    continue
                }
                guard lstat(top + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFLNK: links.append(path)
                case S_IFREG:
                    let fd = open(top + "/" + path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
                    guard fd >= 0 else {
                        errors.append(SiteError(file: display(path), reason: "cannot be read: \(String(cString: strerror(errno)))"))
                        continue
                    }
                    close(fd)
                    files.append(path)
                    total += Int64(info.st_size)
                    if files.count > maxFiles { break listing }
                default:
                    errors.append(SiteError(file: display(path), reason: "is not a file (a named pipe, a socket or a device), so it cannot be published"))
                }
            }
            if files.count > maxFiles { break }
        }
        if files.count > maxFiles {
            errors.append(SiteError(file: shown, reason: "holds more than \(maxFiles) files, the most a site's static/ may hold; "
                                    + "publish the rest some other way"))
        } else if total > maxBytes {
            errors.append(SiteError(file: shown, reason: "holds \(StaticFolder.size(total)) in all, more than the "
                                    + "\(StaticFolder.size(maxBytes)) a site's static/ may hold; publish the large files some other way"))
        }
        files.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        links.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// `site/static/a/b.txt` for `a/b.txt`.
    private func display(_ path: String) -> String {
        path.isEmpty ? shown : shown + "/" + path
    }

    /// Whether a file or folder of this name is what a system or an editor leaves in folders, never
    /// published: macOS's `.DS_Store` and `._` files (a file's resource fork on a disk that has none),
    /// Windows' `Thumbs.db` and `desktop.ini` (in any case), vim's swap files (`.about.txt.swp`, then
    /// `.swo` … `.swa` while one is taken) and `4913` (the file it makes to try the folder), Emacs'
    /// backups (`notes.txt~`), locks (`.#notes.txt`) and auto-saves (`#notes.txt#`).
    public static func isLitter(_ name: Substring) -> Bool {
        if name == ".DS_Store" || name.hasPrefix("._") { return true }
        if name == "4913" || isVimSwap(name) { return true }
        if name.hasSuffix("~") || name.hasPrefix(".#") || (name.count > 2 && name.hasPrefix("#") && name.hasSuffix("#")) { return true }
        let lower = name.lowercased()
        return lower == "thumbs.db" || lower == "desktop.ini"
    }

    /// `.about.txt.swp`, `.x.swo`: a dot name ending `.swa` to `.swp`.
    private static func isVimSwap(_ name: Substring) -> Bool {
        guard name.hasPrefix("."), name.count > 4, let last = name.last, ("a"..."p").contains(last) else { return false }
        return name.dropLast().hasSuffix(".sw")
    }

    /// A warning naming the links not followed (the first five), at the folder; nil without any.
    public var linksWarning: SiteError? {
        guard let first = links.first else { return nil }
        if links == [StaticFolder.name] {
            return SiteError(file: shown, reason: "is a symbolic link, not followed (a link could lead out of the site folder): "
                             + "nothing in it is published; make it a folder")
        }
        let one = links.count == 1
        return SiteError(file: shown, reason: "\(links.count) symbolic \(one ? "link" : "links") not followed (a link could lead "
                         + "out of the site folder), so not published: \(one ? first : ShortList.of(links)); copy the files in instead")
    }

    /// One entry of a folder: its name, repaired where it is not UTF-8.
    private struct Name {
        var text: String
        var isUTF8: Bool
    }

    /// The names in the folder at `path` but `.` and `..`; nil when it cannot be read (`errno` says why).
    private static func names(in path: String) -> [Name]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [Name] = []
        while let entry = readdir(dir) {
            let name: Name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { raw in
                    if let text = String(validatingCString: raw) { return Name(text: text, isUTF8: true) }
                    return Name(text: String(cString: raw), isUTF8: false)
                }
            }
            if name.text != ".", name.text != ".." { names.append(name) }
        }
        return names
    }

    /// `12 MB`, or `512 bytes` below a megabyte.
    private static func size(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
