import Foundation

/// Standard input read up to a limit: a pipe that never ends (`yes | daybook import jrnl -`)
/// is refused once it passes the limit instead of filling the memory.
public enum BoundedInput {
    /// Up to `limit` bytes of stdin; nil when there are more.
    public static func read(limit: Int) -> Data? {
        var data = Data()
        let handle = FileHandle.standardInput
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { return data }
            if data.count + chunk.count > limit { return nil }
            data.append(chunk)
        }
    }

    /// Copies stdin into the file at `path`, up to `limit` bytes: the first bytes read, or nil
    /// when there were more than `limit` or the file could not be written.
    public static func copy(toFile path: String, limit: Int64, head: Int = 4) -> [UInt8]? {
        guard FileManager.default.createFile(atPath: path, contents: nil), let out = FileHandle(forWritingAtPath: path) else { return nil }
        defer { try? out.close() }
        var total: Int64 = 0
        var first: [UInt8] = []
        let input = FileHandle.standardInput
        while true {
            let chunk = input.readData(ofLength: 1 << 20)
            if chunk.isEmpty { return first }
            total += Int64(chunk.count)
            if total > limit { return nil }
            if first.count < head { first += chunk.prefix(head - first.count) }
            do { try out.write(contentsOf: chunk) } catch { return nil }
        }
    }
}
