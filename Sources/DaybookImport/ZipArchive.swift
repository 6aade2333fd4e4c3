import CArchive
import DaybookCore
import Foundation

/// Unpacks a zip through libarchive, refusing what could escape the target folder or fill the disk:
/// absolute paths, `..` parts, links and devices, more than a total size or a number of members.
enum ZipArchive {
    /// Whether the file starts as a zip does (`PK\3\4`, or `PK\5\6` for an empty one).
    static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: 4) else { return false }
        try? handle.close()
        let bytes = [UInt8](head)
        return bytes.count == 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && (bytes[2] == 3 || bytes[2] == 5) && (bytes[3] == 4 || bytes[3] == 6)
    }

    /// The names of the zip's first `limit` members, read from their headers only (nothing is
    /// unpacked); empty for a file libarchive cannot read as a zip.
    static func memberNames(_ zip: String, limit: Int) -> [String] {
        guard let archive = archive_read_new() else { return [] }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, zip, 1 << 16) == ARCHIVE_OK else { return [] }
        var names: [String] = []
        var entry: OpaquePointer?
        while names.count < limit {
            let status = archive_read_next_header(archive, &entry)
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { break }
            if let raw = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry) { names.append(String(cString: raw)) }
            if archive_read_data_skip(archive) != ARCHIVE_OK { break }
        }
        return names
    }

    /// Why a member's path may not be unpacked, or nil.
    static func pathProblem(_ name: String) -> String? {
        if name.isEmpty { return "a member has an empty name" }
        if name.hasPrefix("/") || name.hasPrefix("\\") || name.contains(":") && name.first?.isLetter == true && name.dropFirst().first == ":" {
            return "member \"\(name)\" has an absolute path"
        }
        if name.utf8.contains(0) || name.contains("\\") { return "member \"\(name)\" has a backslash or NUL in its path" }
        if name.split(separator: "/").contains("..") { return "member \"\(name)\" leads out of the archive ('..')" }
        return nil
    }

    /// Unpacks `zip` into `folder`. Refused, before the bytes are written where it can: more than
    /// `maxTotalBytes` in all (as the members declare them, then as they unpack), more than
    /// `maxMembers`, and past `ratioFloor` bytes more than `maxRatio` times the bytes read of
    /// the zip so far (a zip bomb: real exports of text and photos unpack to a few times their size).
    /// `interruption` is looked at between chunks.
    static func extract(_ zip: String, into folder: String, maxTotalBytes: Int64, maxMembers: Int,
                        maxRatio: Int64 = 100, ratioFloor: Int64 = 64 << 20,
                        interruption: Interruption? = nil) throws(ImportFailure) {
        guard let archive = archive_read_new() else { throw .io("\(zip): cannot start libarchive") }
        defer { archive_read_free(archive) }
        archive_read_support_format_zip(archive)
        guard archive_read_open_filename(archive, zip, 1 << 16) == ARCHIVE_OK else {
            throw .at(zip, "not a readable zip (\(message(archive)))")
        }
        var total: Int64 = 0
        var members = 0
        var entry: OpaquePointer?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let status = archive_read_next_header(archive, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                throw .at(zip, "the archive is damaged or cut short (\(message(archive))); make or copy the export again")
            }
            members += 1
            if members > maxMembers { throw .at(zip, "more than \(maxMembers) members; not unpacked") }
            let raw = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)
            let name = raw.map { String(cString: $0) } ?? ""
            if let problem = pathProblem(name) { throw .at(zip, problem + "; not unpacked") }
            let type = archive_entry_filetype(entry)
            if type == 0o040000 || name.hasSuffix("/") { continue }
            if archive_entry_hardlink(entry) != nil || type != 0o100000 {
                throw .at(zip + ":" + name, "is a link or a special file; not unpacked")
            }
            if archive_entry_size_is_set(entry) != 0, total + archive_entry_size(entry) > maxTotalBytes {
                throw .at(zip, "unpacks to more than \(sizeText(maxTotalBytes)); not unpacked")
            }
            let target = (folder as NSString).appendingPathComponent(name)
            do {
                try FileManager.default.createDirectory(atPath: ParentFolder.of(target),
                                                        withIntermediateDirectories: true)
            } catch {
                throw .io("cannot unpack \(zip): \(SystemMessage.of(error))")
            }
            let fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw .at(zip + ":" + name, "cannot be unpacked (a duplicate member, or \(String(cString: strerror(errno))))") }
            defer { close(fd) }
            while true {
                if interruption?.isRequested == true { throw .interrupted }
                let n = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if n == 0 { break }
                // Found by a Day One user's audit: a zip cut short said only "ZIP decompression failed (-5)".
                if n < 0 { throw .at(zip + ":" + name, "cannot be unpacked (\(message(archive))): the zip is damaged or cut short (a download or copy that did not finish?); make or copy the export again") }
                total += Int64(n)
                if total > maxTotalBytes { throw .at(zip, "unpacks to more than \(sizeText(maxTotalBytes)); not unpacked") }
                if total > ratioFloor {
                    let read = max(1, archive_filter_bytes(archive, -1))
                    if total > maxRatio * read {
                        throw .at(zip, "unpacks to more than \(maxRatio) times its size (\(sizeText(total)) from \(sizeText(read))), as a zip bomb does; not unpacked")
                    }
                }
                var written = 0
                while written < n {
                    let w = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + written, n - written) }
                    if w < 0 {
                        if errno == EINTR { continue }
                        throw .io("cannot unpack \(zip): \(String(cString: strerror(errno)))")
                    }
                    written += w
                }
            }
        }
    }

    private static func sizeText(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }

    private static func message(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown error"
    }
}
