/// The known name that a mistyped one was most likely meant to be, for "did you mean …?".
///
/// A name is near a known one when the two are equal ignoring case, or when their
/// Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
/// substitutions and swaps of two neighbours, compared ignoring case) is small for the
/// known name's length: none for names of 1–2 characters, 1 for 3–5, 2 for 6 or more.
/// Anything farther is taken to be a name of the user's own, and gets no suggestion.
public enum NearestName {
    /// The nearest of `known` (the first of equally near ones), or nil when none is near.
    public static func suggestion<S: Sequence>(for name: String, among known: S) -> String? where S.Element == String {
        let typed = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in known where candidate != name {
            let target = Array(candidate.lowercased().unicodeScalars)
            let limit = allowedDistance(forLength: target.count)
            guard abs(target.count - typed.count) <= limit else { continue }
            let d = distance(typed, target, limit: limit)
            if d <= limit, best == nil || d < best!.distance { best = (candidate, d) }
        }
        return best?.name
    }

    /// The shortest of `known` (of equally long ones, the first in order) that starts or ends with
    /// `name`, ignoring case (`dateText` for `date`, `bodyHTML` for `html`), for a name of at
    /// least 3 characters; nil when none does.
    public static func containing<S: Sequence>(_ name: String, among known: S) -> String? where S.Element == String {
        let typed = name.lowercased()
        guard typed.count >= 3 else { return nil }
        return known.filter { $0 != name && ($0.lowercased().hasPrefix(typed) || $0.lowercased().hasSuffix(typed)) }
            .min { ($0.count, $0) < ($1.count, $1) }
    }

    /// How many edits a name of `length` characters may be from a typo of it.
    static func allowedDistance(forLength length: Int) -> Int {
        switch length {
        case ...2: return 0
        case 3...5: return 1
        default: return 2
        }
    }

    /// The optimal-string-alignment distance of `a` and `b`, or `limit + 1` once it is sure to exceed `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a == b { return 0 }
        let n = a.count, m = b.count
        if n == 0 || m == 0 { return max(n, m) }
        var before = [Int](repeating: 0, count: m + 1)
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        for i in 1...n {
            current[0] = i
            var rowMinimum = i
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[m]
    }
}
