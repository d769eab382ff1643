import Days
import Growth
import Timekeeping

/// A child placed by age: their age on each day — from the due date for a baby born three
/// weeks or more early, until two years (``CorrectedAge``), as the growth standards read it.
struct AgedChild {
    let child: Site.Child
    /// The child's place in the family: their line's style and mark.
    let style: Int
    let born: LocalDate
    /// How many days early the child was born, when the age is corrected for it.
    let early: Int?

    init?(child: Site.Child, style: Int) {
        guard let born = child.days.child.dateOfBirth else { return nil }
        self.child = child
        self.style = style
        self.born = born
        early = CorrectedAge.daysEarly(gestationalAgeWeeks: child.days.child.gestationalAgeWeeks)
    }

    var name: String { child.days.child.name }

    /// The age in days on `date`; nil before birth, or before the due date of a baby
    /// born early.
    func age(on date: LocalDate) -> Int? {
        child.days.child.standardAge(daysOld: date.days(since: born))
    }

    /// `9 weeks 2 days`, `16 weeks 3 days (3 months)`, `corrected age 10 weeks`: the age on
    /// `date` as the comparison reads it.
    func ageText(on date: LocalDate) -> String? {
        guard let age = age(on: date), let text = Format.age(born: date.adding(days: -age), on: date) else { return nil }
        return early != nil && date.days(since: born) <= CorrectedAge.correctedUntil ? Format.text("corrected_age", ["age": text]) : text
    }

    /// A week of age: its first day's age in days, and the median of its days.
    struct Week {
        let age: Int
        let median: Double
    }

    /// `values` (by date) gathered by week of age; days before the age begins left out.
    func weeklyMedians(_ values: [(date: LocalDate, value: Double?)]) -> [Week] {
        // Days of age counted from a fixed date, so that weeks of age start on the same day.
        let epoch = LocalDate(year: 2000, month: 1, day: 1)!
        let byAge = values.compactMap { point in age(on: point.date).map { (date: epoch.adding(days: $0), value: point.value) } }
        let spread = WeeklySpread(byAge) { $0.adding(days: -($0.days(since: epoch) % 7)) }
        return spread.weeks.map { Week(age: $0.start.days(since: epoch), median: $0.median) }
    }
}
