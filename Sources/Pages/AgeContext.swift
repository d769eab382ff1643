import Dataset
import Export
import Timekeeping

/// The published thresholds a doctor reads a young child's figures against, by age: what
/// the visit summary calls a fever, and what it points out about weight and wet diapers.
/// Context to discuss with the doctor, never a diagnosis; the sources are in
/// docs/printing.md.
enum AgeContext {
    /// The temperature called a fever at `months` whole calendar months of age: 38.0 °C
    /// under 3 months, 39.0 °C at 3–6 months, 38.0 °C after (NICE NG143's traffic light:
    /// red under 3 months at 38 °C or more, amber at 3–6 months at 39 °C or more; the AAP
    /// calls 38 °C a fever at any age, the threshold without a birthday).
    private static func feverCelsius(months: Int?) -> Double {
        months.map { (3..<6).contains($0) } == true ? 39.0 : 38.0
    }

    /// `38.0 °C or more under 3 months`, the rule that named a reading a fever, in the
    /// family's unit (`100.4 °F`).
    private static func feverRule(months: Int, in unit: TemperatureUnit) -> String {
        let value = Format.temperature(celsius: feverCelsius(months: months), in: unit)
        return switch months {
        case ..<3: Format.text("fever_rule_under_3_months", ["value": value])
        case 3..<6: Format.text("fever_rule_3_to_6_months", ["value": value])
        default: Format.text("fever_rule_after_6_months", ["value": value])
        }
    }

    /// The fever threshold at the age of a reading taken on `date` by a child born on
    /// `born`, with the words of its rule in `unit`; without a birthday, 38.0 °C.
    static func fever(born: LocalDate?, on date: LocalDate, in unit: TemperatureUnit) -> (celsius: Double, rule: String) {
        guard let months = born.flatMap({ months(from: $0, to: date) }) else {
            return (feverCelsius(months: nil), Format.text("fever_rule_any_age", ["value": Format.temperature(celsius: feverCelsius(months: nil), in: unit)]))
        }
        return (feverCelsius(months: months), feverRule(months: months, in: unit))
    }

    /// Whether `reading` is a fever by the threshold for the child's age when it was taken.
    static func isFever(_ reading: Temperature, born: LocalDate?, zone: Zone) -> Bool {
        reading.celsius >= feverCelsius(born: born, on: zone.localDateTime(at: reading.occurredAt).date)
    }

    /// The temperature called a fever on `date` for a child born on `born`.
    static func feverCelsius(born: LocalDate?, on date: LocalDate) -> Double {
        feverCelsius(months: born.flatMap { months(from: $0, to: date) })
    }

    /// A loss from birth weight this large (in percent) is pointed out (AAP: a loss of
    /// 10 % or more calls for a check of feeding).
    static let birthWeightLossPercent = 10.0
    /// Most babies are back at birth weight by this day of age (AAP, NICE NG75).
    static let birthWeightRegainedBy = 14
    /// From day 5 of life, about 6 or more wet diapers a day are usual (AAP); fewer is
    /// pointed out until two months.
    static let wetDiapersFromDay = 5
    static let wetDiapersUntilDay = 60
    static let wetDiapersPerDay = 6
    /// A measurement older than this (in days) is marked as such: about 3 months.
    static let staleMeasurementDays = 92

    /// Whole calendar months from `birth` to `date` (a month is complete on the same day
    /// of the month, or on the month's last day when it is shorter); nil before birth.
    static func months(from birth: LocalDate, to date: LocalDate) -> Int? {
        guard date >= birth else { return nil }
        var months = (date.year - birth.year) * 12 + date.month - birth.month
        let lastDay = LocalDate.daysIn(month: date.month, year: date.year)
        if date.day < birth.day && date.day < lastDay { months -= 1 }
        return months
    }
}
