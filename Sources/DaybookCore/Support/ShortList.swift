/// Paths named in one message: the first five, sorted, then `…` when there are more.
enum ShortList {
    static func of(_ paths: [String]) -> String {
        let sorted = paths.sorted()
        return sorted.prefix(5).joined(separator: ", ") + (sorted.count > 5 ? ", …" : "")
    }
}
