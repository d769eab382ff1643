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
    static let summary = "Usual wet · dirty in the first four weeks: days 1–2, 1–2+ wet and 1+ black (meconium) stool; "
        + "days 3–4, 3+ wet and 2+ stools changing colour; days 5–6, 5+ heavy wet and 2+ yellow stools; days 7–28, 6+ heavy wet and "
        + "2+ yellow; 8+ feeds in 24 hours (UNICEF UK Baby Friendly Initiative)."
}
