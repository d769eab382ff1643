/// What is usual for wet and dirty diapers and feeds, day by day in the first four weeks of
/// a breastfed baby's life, as the UNICEF UK Baby Friendly Initiative publishes it for
/// parents: quiet context beside the child's own figures, never a verdict.
enum NewbornExpectations {
    /// The last day of life the table covers.
    static let lastDay = 28

    /// The usual wet and dirty diapers on `dayOfLife` (the birthday is day 1): `6+ · 2+`.
    static func diapers(dayOfLife day: Int) -> String? {
        switch day {
        case 1...2: "1–2+ · 1+"
        case 3...4: "3+ · 2+"
        case 5...6: "5+ · 2+"
        case 7...lastDay: "6+ · 2+"
        default: nil
        }
    }

    /// The published table in one line.
    static var summary: String { Format.text("newborn_expectations") }
}
