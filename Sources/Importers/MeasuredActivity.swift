import Export
import Timekeeping

/// Rows that name their activity and give one amount (BabyConnect, Hatch) read growth,
/// temperature and medicine alike: the amount with its unit, or a bare number in the unit
/// the app itself writes there (`BareUnits`): BabyConnect's US units (lb, in), Hatch's
/// kilograms and centimetres. A bare temperature above 50 is °F.
enum MeasuredActivity {
    /// What an app means by a bare number.
    struct BareUnits {
        let weight: String
        let length: String

        static let us = BareUnits(weight: "lb", length: "in")
        static let metric = BareUnits(weight: "kg", length: "cm")
    }

    /// The events of a row of `activity`, or nil when it is none of these.
    static func events(_ activity: String, _ row: CSVTable.Row, file: ImportFile, amount: ImportFile.Column?,
                       name: ImportFile.Column?, bare: BareUnits, at time: Instant) -> [ExportEvent.Kind]? {
        switch activity.lowercased() {
        case "weight":
            guard let kg = file.measured(row, amount, .weight, "a weight like 8 lbs 4 oz or 3.9 kg", unit: bare.weight) else { return [] }
            return [.measurement(.init(occurredAt: time, weightKG: kg))]
        case "length", "height":
            guard let cm = file.measured(row, amount, .length, "a length like 21 in or 53 cm", unit: bare.length) else { return [] }
            return [.measurement(.init(occurredAt: time, lengthCM: cm))]
        case "head", "head size", "head circumference":
            guard let cm = file.measured(row, amount, .headCircumference, "a length like 14 in or 36 cm", unit: bare.length) else { return [] }
            return [.measurement(.init(occurredAt: time, headCircumferenceCM: cm))]
        case "temperature":
            guard let celsius = file.measured(row, amount, .temperature, "a temperature like 99.5 °F or 37.4 °C") else { return [] }
            return [.temperature(.init(occurredAt: time, celsius: celsius))]
        case "medicine", "medication":
            let medicine = file.text(row, name), dose = file.text(row, amount)
            return [.medication(.init(occurredAt: time, name: medicine.isEmpty ? "Medicine" : medicine, dose: dose.isEmpty ? nil : dose))]
        default:
            return nil
        }
    }
}
