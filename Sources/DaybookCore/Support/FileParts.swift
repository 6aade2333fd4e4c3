import Foundation

/// A file read in parts with `pread`, for a reader that looks at its headers only.
enum FileParts {
    /// `body(size, read)` on the file at `path`, where `read(offset, count)` gives exactly `count`
    /// bytes or nil; false when the file cannot be opened.
    static func look(at path: String, _ body: (Int, (Int, Int) -> [UInt8]?) -> Bool) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return body(Int(status.st_size)) { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return read == count ? bytes : nil
        }
    }
}
