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

    static let note = "Pale (white, grey or clay), red, and black after the first days: worth showing the doctor, "
        + "who may ask to see the diaper or a photo. Stool colour cards use pale stools to screen for liver problems in babies."

    let items: [Item]

    init(days: [Day], zone: Zone) {
        items = days.flatMap { day in
            day.diapers.compactMap { diaper -> Item? in
                guard let color = diaper.stoolColor, diaper.isDirty else { return nil }
                let label: String
                switch color {
                case .pale: label = "pale (white, grey or clay)"
                case .red: label = "red"
                case .black where (day.ageDays ?? Int.max) > 5: label = "black"
                default: return nil
                }
                return Item(when: Format.dayAndTime(diaper.occurredAt, in: zone), color: label)
            }
        }
    }
}
