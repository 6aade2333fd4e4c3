import Foundation

/// One file of the site's `static/` read whole, for a report that holds it (`daybook report`):
/// as the build publishes such files, a symbolic link on the way is not followed (it could lead
/// out of the site folder) and the litter of systems and editors is no file; and it is read only
/// up to a limit.
public enum StaticFile {
    /// Why a file cannot be held.
    public enum Refusal: Error, Sendable, Equatable {
        /// No such regular file is published (`static/` lacks it, or it is litter: `.DS_Store`).
        case missing
        /// The path in the site (`static/logo.png`, `static/img`) that is a symbolic link.
        case link(String)
        /// The file's size in bytes, over the limit.
        case tooLarge(Int)
        /// Why not, in words: `cannot be read: Permission denied`.
        case unreadable(String)
    }

    /// The bytes of the file published at `path` of the output (`img/logo.png` for
    /// `static/img/logo.png`), at most `limit` of them.
    public static func read(_ path: String, siteRoot: String, limit: Int) -> Result<[UInt8], Refusal> {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.last, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
              !StaticFolder.isLitter(last) else { return .failure(.missing) }
        let loader = SiteLoader(root: siteRoot)
        var relative = ""
        var info = stat()
        for step in [StaticFolder.name] + parts.map(String.init) {
            relative = relative.isEmpty ? step : relative + "/" + step
            guard lstat(loader.fullPath(relative), &info) == 0 else {
                return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable("cannot be read: " + String(cString: strerror(errno))))
            }
            if (info.st_mode & S_IFMT) == S_IFLNK { return .failure(.link(relative)) }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.missing) }
        guard Int(info.st_size) <= limit else { return .failure(.tooLarge(Int(info.st_size))) }
        guard let bytes = SiteLoader.readFile(loader.fullPath(relative)) else {
            return .failure(.unreadable(SiteLoader.unreadable(loader.fullPath(relative)) ?? "cannot be read"))
        }
        return bytes.count <= limit ? .success(bytes) : .failure(.tooLarge(bytes.count))
    }
}
