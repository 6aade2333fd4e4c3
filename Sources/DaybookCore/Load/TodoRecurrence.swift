/// A todo.txt todo's `rec:` word, as Simpletask and topydo read it: done, the todo comes again.
/// `rec:1w` is a week after the day it is done; `rec:+1w` (strict) a week after the day it was
/// due. Units: `d` days, `b` business days (Monday to Friday), `w` weeks, `m` months (a day past
/// the month's end is its last), `y` years.
public struct TodoRecurrence: Sendable, Equatable, CustomStringConvertible {
    public var count: Int
    public var unit: Character
    /// `+`: from the day it was due, not the day it is done.
    public var strict: Bool

    /// The last `rec:` word of `detail` (a word of its own), nil when it has none that reads.
    public init?(detail: String) {
        var found: TodoRecurrence?
        for word in detail.split(whereSeparator: { $0 == " " || $0 == "\t" }) where word.hasPrefix("rec:") {
            var value = word.dropFirst(4)
            let strict = value.first == "+"
            if strict { value = value.dropFirst() }
            guard let unit = value.last, "dbwmy".contains(unit.lowercased()), let count = Int(value.dropLast()), (1...9999).contains(count) else { continue }
            found = TodoRecurrence(count: count, unit: Character(unit.lowercased()), strict: strict)
        }
        guard let found else { return nil }
        self = found
    }

    init(count: Int, unit: Character, strict: Bool) {
        self.count = count
        self.unit = unit
        self.strict = strict
    }

    /// The word as todo.txt writes it: `rec:1w`, `rec:+1m`.
    public var description: String { "rec:" + (strict ? "+" : "") + "\(count)\(unit)" }

    /// The next todo's due and wait days, for a todo due `due` (and waiting until `wait`) done on
    /// `doneOn`: the due day moved from the day it counts from; the wait day by as much. A todo
    /// with a wait day but no due day has its wait day moved; one with neither gets a due day.
    public func next(due: CalendarDay?, wait: CalendarDay?, doneOn: CalendarDay) -> (due: CalendarDay?, wait: CalendarDay?) {
        if let due {
            let moved = after(strict ? due : doneOn)
            return (moved, wait?.adding(days: moved.daysSinceEpoch - due.daysSinceEpoch))
        }
        if let wait { return (nil, after(strict ? wait : doneOn)) }
        return (after(doneOn), nil)
    }

    /// `count` units after `day`.
    public func after(_ day: CalendarDay) -> CalendarDay {
        switch unit {
        case "d": return day.adding(days: count)
        case "w": return day.adding(days: 7 * count)
        case "b":
            var next = day, left = count
            while left > 0 {
                next = next.adding(days: 1)
                if (1...5).contains(next.weekday) { left -= 1 }
            }
            return next
        default:
            let months = unit == "y" ? 12 * count : count
            let index = day.year * 12 + (day.month - 1) + months
            let year = index / 12, month = index % 12 + 1
            return CalendarDay(year: year, month: month, day: min(day.day, CalendarDay.daysIn(year: year, month: month)))
        }
    }
}
