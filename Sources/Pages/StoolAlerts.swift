import Dataset
import Days
import Timekeeping

/// The stools of a range a doctor should see: any pale one (white, grey or clay — what
/// stool colour cards screen for liver disease in babies), any red one, and black ones
/// after the first five days of life (meconium before that is expected).
struct StoolAlerts {
    struct Item {
        /// `Sat, Nov 21, 7:30 AM`.
        let when: String
        /// `pale (white, grey or clay)`.
        let color: String
    }

    static var note: String { Format.text("stool_note") }

    let items: [Item]
    /// The days with watery stools (diarrhoea), and how many: `2 watery stools (diarrhoea)
    /// logged: Nov 12 (1), Nov 13 (1).`, or nil.
    let watery: String?

    init(days: [Day], zone: Zone) {
        let integer = Format.language.formats.integer
        let wateryDays = days.compactMap { day in day.summary.diapers.stoolConsistencies[.watery].map { (day.date, $0) } }
        watery = wateryDays.isEmpty ? nil : Format.text("watery_stools", count: wateryDays.reduce(0) { $0 + $1.1 }, [
            "days": Format.language.list(wateryDays.map { Format.unbroken(Format.monthDay($0.0)) + Format.text("in_parentheses", ["text": integer($0.1)]) }),
        ])
        items = days.flatMap { day in
            day.diapers.compactMap { diaper -> Item? in
                guard let color = diaper.stoolColor, diaper.isDirty else { return nil }
                let label: String
                switch color {
                case .pale: label = Format.text("stool_pale_described")
                case .red: label = Format.stoolColor(.red)
                case .black where (day.ageDays ?? Int.max) > 5: label = Format.stoolColor(.black)
                default: return nil
                }
                return Item(when: Format.dayAndTime(diaper.occurredAt, in: zone), color: label)
            }
        }
    }
}
