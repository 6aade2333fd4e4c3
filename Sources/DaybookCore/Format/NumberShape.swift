/// How the site's locale writes a whole number, read off its formatter: its ten digits, the
/// separator between groups, the groups' sizes and the fewest digits that are grouped at all
/// (Spanish writes "1234" but "12.345"). The search page counts its results with it in the
/// browser (`assets/search.js`), without loading the browser's own number formatting for one
/// number (15–35 ms on a freshly opened page).
public struct NumberShape: Sendable, Equatable {
    /// "0" … "9" as the locale writes them.
    public var digits: [String]
    /// Empty when the locale does not group digits.
    public var separator: String
    /// The last group's size, and the size of those before it.
    public var groupSize: Int
    public var secondaryGroupSize: Int
    /// The fewest digits a number has for its groups to be separated.
    public var groupingFrom: Int

    /// The shape of the numbers `format` writes.
    public init(format: (Int) -> String) {
        digits = (0...9).map { format($0) }
        let sample = format(1_234_567)
        var groups: [String] = [""]
        var separator = ""
        for character in sample {
            if let digit = digits.firstIndex(of: String(character)) {
                groups[groups.count - 1] += String(digit)
            } else if groups.last != "" {
                if separator.isEmpty { separator = String(character) }
                groups.append("")
            }
        }
        self.separator = groups.count > 1 ? separator : ""
        groupSize = groups.count > 1 ? groups[groups.count - 1].count : 3
        secondaryGroupSize = groups.count > 2 ? groups[groups.count - 2].count : groupSize
        groupingFrom = groupSize + 1
        if !self.separator.isEmpty {
            while groupingFrom < 7, !format(Int(String(repeating: "1", count: groupingFrom))!).contains(self.separator) {
                groupingFrom += 1
            }
        }
    }

    /// `value` written in this shape (what `assets/search.js` does with it in the browser).
    public func text(_ value: Int) -> String {
        let plain = String(value.magnitude)
        var out: [String] = []
        var left = plain.count
        for digit in plain {
            out.append(digits[Int(String(digit))!])
            left -= 1
            if !separator.isEmpty, plain.count >= groupingFrom, left > 0,
               left == groupSize || (left > groupSize && (left - groupSize) % secondaryGroupSize == 0) {
                out.append(separator)
            }
        }
        return (value < 0 ? "-" : "") + out.joined()
    }
}
