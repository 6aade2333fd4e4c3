import DaybookCore
import Foundation

/// An export opened for reading: a folder on disk (the export's own, or a zip or stdin unpacked
/// into a temporary one) and how its files are named in messages (`Export.zip:Journal.json`).
public final class ExportFolder: @unchecked Sendable {
    /// The folder on disk that holds the export's files.
    public let root: String
    /// The export as the user named it.
    public let name: String
    /// Whether `name` is an archive or stdin, so member names follow a colon.
    private let isPacked: Bool
    private let temporary: String?
    /// The folder of an archive that `root` is (an archive of one folder is read from inside it),
    /// with a slash, for messages; empty for the archive's top.
    private let prefix: String

    /// Limits on what an archive may unpack to.
    public static let maxTotalBytes: Int64 = 4 << 30
    public static let maxMembers = 200_000

    private init(root: String, name: String, isPacked: Bool, temporary: String?, prefix: String = "") {
        self.root = root
        self.name = name
        self.isPacked = isPacked
        self.temporary = temporary
        self.prefix = prefix
    }

    deinit {
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// Opens a folder, a zip (by its contents, whatever its name), one file, or `-` (stdin, one file
    /// named `stdinName`); `path` itself may be a symbolic link, read where it leads (one that
    /// leads nowhere is named as such). A zip's unpacking stops when `interruption` is requested.
    public static func open(_ path: String, stdinName: String = "stdin.json",
                            maxTotalBytes: Int64 = maxTotalBytes, interruption: Interruption? = nil) throws(ImportFailure) -> ExportFolder {
        if path == "-" {
            // Copied to a file as it comes, up to the archive limit (a pipe that never ends is refused).
            let temp = try makeTemporary()
            let archive = temp + "/stdin.zip"
            guard let head = BoundedInput.copy(toFile: archive, limit: maxTotalBytes) else {
                try? FileManager.default.removeItem(atPath: temp)
                throw .at("<stdin>", "more than \(maxTotalBytes >> 20) MB, or it could not be kept; not read")
            }
            if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
                // A zip on stdin (`daybook import dayone - < Export.zip`): unpacked as a named one is.
                let files = temp + "/files"
                do {
                    try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
                    return try unpacked(archive, into: files, name: "<stdin>", temporary: temp, maxTotalBytes: maxTotalBytes,
                                        interruption: interruption)
                } catch let error as ImportFailure {
                    try? FileManager.default.removeItem(atPath: temp)
                    throw error
                } catch {
                    try? FileManager.default.removeItem(atPath: temp)
                    throw .io("cannot unpack stdin: \(SystemMessage.of(error))")
                }
            }
            do {
                try FileManager.default.moveItem(atPath: archive, toPath: temp + "/" + stdinName)
            } catch {
                try? FileManager.default.removeItem(atPath: temp)
                throw .io("cannot keep stdin: \(SystemMessage.of(error))")
            }
            let export = ExportFolder(root: temp, name: "<stdin>", isPacked: true, temporary: temp)
            export.stdinFile = stdinName
            return export
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if let target = danglingTarget(path) {
                throw .missingInput("\(path): a symbolic link to \(target.path), which \(target.problem)")
            }
            throw .missingInput("\(path): no such file or folder")
        }
        // A link to a folder, given by name, is read where it leads (the links inside are not followed).
        if isDirectory.boolValue { return ExportFolder(root: RealPath.of(path) ?? path, name: path, isPacked: false, temporary: nil) }
        // A FIFO or a device would block or never end (`-` reads stdin).
        guard SiteLoader.isRegularFile(path) else { throw .at(path, "is not a regular file or a folder") }
        if ZipArchive.isZip(path) {
            let temp = try makeTemporary()
            do {
                return try unpacked(path, into: temp, name: path, temporary: temp, maxTotalBytes: maxTotalBytes,
                                        interruption: interruption)
            } catch {
                try? FileManager.default.removeItem(atPath: temp)
                throw error
            }
        }
        // One file: its folder, with only that file listed. A link given by name is read where
        // it leads, as `cat` reads it (the file beside it there, such as done.txt, too); messages
        // name it as given.
        if isLink(path), let real = RealPath.of(path) {
            let export = ExportFolder(single: real, folder: ParentFolder.of(real))
            export.onlyShownAs = path
            return export
        }
        let folder = ParentFolder.of(path)
        return ExportFolder(single: path, folder: folder.isEmpty ? "." : folder)
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// What a symbolic link that leads nowhere names (as written in it), and why it cannot be
    /// followed; nil for a path that is no link, or one that can be followed.
    private static func danglingTarget(_ path: String) -> (path: String, problem: String)? {
        guard isLink(path), let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        let code = errno
        return (target, code == ENOENT ? "does not exist" : "cannot be followed: " + String(cString: strerror(code)))
    }

    /// A zip unpacked into `folder`; read from inside its one folder when that is all it holds
    /// (a zip of an export's folder rather than of its files).
    private static func unpacked(_ archive: String, into folder: String, name: String, temporary: String,
                                 maxTotalBytes: Int64, interruption: Interruption?) throws(ImportFailure) -> ExportFolder {
        try ZipArchive.extract(archive, into: folder, maxTotalBytes: maxTotalBytes, maxMembers: maxMembers,
                               interruption: interruption)
        let top = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }
        var info = stat()
        if top.count == 1, lstat((folder as NSString).appendingPathComponent(top[0]), &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return ExportFolder(root: (folder as NSString).appendingPathComponent(top[0]), name: name, isPacked: true,
                                temporary: temporary, prefix: top[0] + "/")
        }
        return ExportFolder(root: folder, name: name, isPacked: true, temporary: temporary)
    }

    private var only: String?
    /// The path the one file was given by, when it is a link read where it leads.
    private var onlyShownAs: String?
    /// The name stdin (not a zip) is kept under, which no message names: it is `<stdin>`.
    private var stdinFile: String?

    private convenience init(single path: String, folder: String) {
        self.init(root: folder, name: folder, isPacked: false, temporary: nil)
        only = (path as NSString).lastPathComponent
    }

    /// The one file given (whatever its name), when the export is a file rather than a folder or zip.
    public var namedFile: String? { only }

    /// Whether the export is one file read from stdin (not a zip).
    public var isStdinFile: Bool { stdinFile != nil }

    /// What messages about the whole export name: the one file given, else the folder or zip.
    public var label: String { only.map(display) ?? name }

    /// A member's path on disk.
    public func path(_ relative: String) -> String {
        (root as NSString).appendingPathComponent(relative)
    }

    /// A member as messages name it: `Export.zip:Journal.json`, `export/Journal.json`, `<stdin>`.
    public func display(_ relative: String) -> String {
        if relative == stdinFile { return name }
        if let onlyShownAs, relative == only { return onlyShownAs }
        if isPacked { return name + ":" + prefix + relative }
        if name == "." || name.isEmpty { return relative }
        return name.hasSuffix("/") ? name + relative : name + "/" + relative
    }

    /// Every regular file below the root (or the one file opened), relative paths, sorted; hidden
    /// files and folders and `__MACOSX` skipped. Links are not followed (``links()`` names them).
    public func files() -> [String] {
        only.map { [$0] } ?? walked.files
    }

    /// The symbolic links below the root (not hidden), relative paths, sorted: ``files()`` does not
    /// follow them, since one could lead out of the folder.
    public func links() -> [String] {
        only == nil ? walked.links : []
    }

    /// A warning at the folder naming the links ``files()`` leaves out (the first five), nil when
    /// there are none.
    public func linksWarning() -> ImportWarning? {
        let links = links()
        guard let first = links.first else { return nil }
        let named = links.count == 1 ? first : links.prefix(5).joined(separator: ", ") + (links.count > 5 ? ", …" : "")
        return ImportWarning("\(label): \(links.count) symbolic \(links.count == 1 ? "link" : "links") not followed "
                             + "(a link could lead out of the folder): \(named)")
    }

    /// The folder's files and links, read once: an import asks for both, some importers twice.
    private lazy var walked: (files: [String], links: [String]) = walk()

    private func walk() -> (files: [String], links: [String]) {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return ([], []) }
        var files: [String] = [], links: [String] = []
        while let name = enumerator.nextObject() as? String {
            let parts = name.split(separator: "/")
            let type = enumerator.fileAttributes?[.type] as? FileAttributeType
            if parts.contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) {
                if type == .typeDirectory { enumerator.skipDescendants() }
                continue
            }
            if type == .typeRegular { files.append(name) }
            if type == .typeSymbolicLink { links.append(name) }
        }
        return (files.sorted(), links.sorted())
    }

    /// What may come before a JSON document's first `[` or `{`: white space and a byte-order mark.
    private static let leadingBytes: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]

    /// The one file whose name ends with `suffix` (or the file given, named otherwise, when it
    /// starts as a JSON document does); `tool` says what should have written it.
    public func onlyFile(endingWith suffix: String, writtenBy tool: String) throws(ImportFailure) -> String {
        if let only, !only.lowercased().hasSuffix(suffix) {
            // A file named otherwise (`task export > tasks`) is taken when it starts as JSON does.
            // (Its first bytes only: found by a jrnl user's audit, an export over 4 KB was refused.)
            if suffix == ".json", let first = firstBytes(of: only, count: 4096)?.first(where: { !Self.leadingBytes.contains($0) }),
               first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
                return only
            }
            // One file given, of another kind (`jrnl journal.txt`): said of that file, not its folder.
            throw .at(display(only), "not a \(suffix) file (expected the output of \(tool))")
        }
        let found = files().filter { $0.lowercased().hasSuffix(suffix) }
        guard found.count == 1, let file = found.first else {
            throw .at(name, found.isEmpty ? "no \(suffix) file (expected the output of \(tool))"
                                          : "more than one \(suffix) file; name the one \(tool) wrote")
        }
        return file
    }

    /// A regular file's first `count` bytes (fewer when it is shorter); nil when it cannot be read.
    func firstBytes(of relative: String, count: Int) -> [UInt8]? {
        guard isFile(relative), let handle = FileHandle(forReadingAtPath: path(relative)) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)).map { [UInt8]($0) } ?? []
    }

    /// Whether a member is a regular file (not a link, not a folder).
    public func isFile(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(relative), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether a member is a folder (not a link to one).
    public func isFolder(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(relative), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A member's bytes, at most `limit` of them.
    public func read(_ relative: String, limit: Int = 256 << 20) throws(ImportFailure) -> [UInt8] {
        guard isFile(relative) else { throw .missingInput("\(display(relative)): not found") }
        guard let handle = FileHandle(forReadingAtPath: path(relative)) else { throw .io("\(display(relative)): cannot be read") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) else { return [] }
        if data.count > limit { throw .at(display(relative), "larger than \(limit >> 20) MB; not read") }
        return [UInt8](data)
    }

    private static func makeTemporary() throws(ImportFailure) -> String {
        let path = NSTemporaryDirectory() + "daybook-import-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot make a temporary folder: \(SystemMessage.of(error))")
        }
        return path
    }
}
