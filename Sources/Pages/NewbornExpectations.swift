import Days
import Timekeeping

/// The signs that feeding is going well, day by day in the first weeks of a breastfed
/// baby's life, as the UNICEF UK Baby Friendly Initiative and the NHS publish them for
/// parents: wet diapers 1–2 on days 1–2, 3 or more on days 3–4, 5 or more on days 5–6, 6 or
/// more from day 7; dirty ones 1 or more on days 1–2 and 2 or more from day 3 to six weeks
/// (after, a breastfed baby may go days without, NHS); 8 or more feeds in 24 hours. The
/// visit summary of a child under eight weeks shows each day of life against them on its
/// first page: context beside the child's own figures, never a verdict.
enum NewbornExpectations {
    /// Days of life the table covers: the first eight weeks.
    static let lastDay = 56
    /// The last day of life a dirty diaper a day is expected.
    static let dirtyUntilDay = 42
    static let feedsPerDay = 8

    /// The usual wet diapers on `dayOfLife` (the birthday is day 1).
    static func wet(dayOfLife day: Int) -> Int? {
        switch day {
        case 1...2: 1
        case 3...4: 3
        case 5...6: 5
        case 7...lastDay: 6
        default: nil
        }
    }

    /// The usual dirty diapers on `dayOfLife`.
    static func dirty(dayOfLife day: Int) -> Int? {
        switch day {
        case 1...2: 1
        case 3...dirtyUntilDay: 2
        default: nil
        }
    }

    /// Whether `days` has a day in the first eight weeks of life, which the table then shows.
    static func applies(to days: [Day]) -> Bool {
        days.contains { ($0.ageDays ?? .max) < lastDay && ($0.ageDays ?? -1) >= 0 }
    }

    /// `4 ▼ below 5+` when `count` is under `usual`, by word and shape (not colour alone);
    /// the count alone otherwise.
    static func marked(_ count: Int, usual: Int?) -> String {
        let value = Format.language.formats.integer(count)
        guard let usual, count < usual else { return value }
        return Format.unbroken(Format.text("below_usual", ["value": value, "usual": atLeast(usual)]))
    }

    /// `8+ · 6+ · 2+`: the usual feeds, wet and dirty diapers on `dayOfLife`; nil past the table.
    static func usual(dayOfLife day: Int) -> String? {
        guard let wet = wet(dayOfLife: day) else { return nil }
        return [atLeast(feedsPerDay), atLeast(wet), dirty(dayOfLife: day).map(atLeast) ?? "–"].joined(separator: " · ")
    }

    /// `6+`.
    static func atLeast(_ count: Int) -> String {
        Format.text("at_least", ["count": Format.language.formats.integer(count)])
    }

    /// The published signs in one line, with their sources.
    static var summary: String { Format.text("newborn_expectations") }
}
