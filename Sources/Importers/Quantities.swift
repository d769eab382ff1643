import Foundation
import Export

/// Amounts as apps write them, units in the text: `80ml`, `4oz`, `2.5 oz`, `4.09kg`,
/// `8.5lbs`, `8 lb 4 oz`, `52cm`, `20.5in`, `37.4°C`. Volumes become ml, weights kg,
/// lengths cm, temperatures °C; nil when the text is not such an amount.
enum Quantities {
    static let millilitresPerOunce = 29.5735295625

    /// A number and the letters after it: `2.5 oz` → (2.5, "oz").
    static func split(_ text: String) -> (Double, String)? {
        let trimmed = text.trimmedSpaces.replacingOccurrences(of: ",", with: ".")
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !number.isEmpty, let value = Double(number), value.isFinite else { return nil }
        let unit = trimmed.dropFirst(number.count).trimmedSpaces.lowercased()
        return (value, unit)
    }

    /// Millilitres of `text`; a bare number is in `defaultUnit` (`ml` or `oz`).
    static func millilitres(_ text: String, defaultUnit: String = "ml") -> Double? {
        guard let (value, unit) = split(text) else { return nil }
        switch unit.isEmpty ? defaultUnit : unit {
        case "ml", "mls", "milliliters", "millilitres": return value
        case "oz", "oz.", "fl oz", "floz": return value * millilitresPerOunce
        default: return nil
        }
    }

    /// Kilograms of `text`: `4.09kg`, `8.5lbs`, `8 lb 4 oz`, `8lbs 4.5oz`, and `8.04 lbs.oz`
    /// (pounds, then ounces after the dot).
    static func kilograms(_ text: String) -> Double? {
        let lower = text.lowercased()
        for unit in ["lbs.oz", "lb.oz"] where lower.hasSuffix(unit) {
            let parts = lower.dropLast(unit.count).trimmedSpaces.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let pounds = Int(parts[0]), pounds >= 0 else { return nil }
            let ounces = parts.count == 2 ? Int(parts[1]) : 0
            guard let ounces, (0..<16).contains(ounces) else { return nil }
            return UnitConversion.kilograms(pounds: Double(pounds), ounces: Double(ounces))
        }
        if let poundsEnd = lower.range(of: "lb"), lower.contains("oz") {
            let pounds = Double(lower[..<poundsEnd.lowerBound].trimmedSpaces) ?? 0
            let rest = lower[poundsEnd.upperBound...].drop { $0.isLetter || $0 == "." || $0 == " " }
            guard let (ounces, unit) = split(String(rest)), unit.hasPrefix("oz") else { return nil }
            return UnitConversion.kilograms(pounds: pounds, ounces: ounces)
        }
        guard let (value, unit) = split(text) else { return nil }
        return Measure.weight.unit(spelled: unit, number: value)?.inExportUnit(value)
    }

    /// Centimetres of `text`: `52cm`, `20.5in`, `20.5"`, and Huckleberry's `1.75ft.in`,
    /// which is decimal feet to two places (`2.67ft.in` is 32 inches): the inches are taken
    /// to a tenth, finer than those two places tell.
    static func centimetres(_ text: String) -> Double? {
        guard let (value, unit) = split(text) else { return nil }
        if unit == "ft.in" || unit == "ft" { return UnitConversion.centimeters(inches: (value * 120).rounded() / 10) }
        return Measure.length.unit(spelled: unit, number: value)?.inExportUnit(value)
    }

    /// Degrees Celsius of `text`: `37.4°C`, `99.5 °F`, `37.4`; a bare number above 50 is °F.
    static func celsius(_ text: String) -> Double? {
        guard let (value, unit) = split(text) else { return nil }
        return Measure.temperature.unit(spelled: unit, number: value)?.inExportUnit(value)
    }

    /// `value` to the nearest whole number, for a message: a number from a file may be
    /// larger than any integer, and is then written as it is.
    static func whole(_ value: Double) -> String {
        abs(value) < 1e15 ? String(Int64(value.rounded())) : String(value)
    }

    /// `value` as a person writes an amount: `2.5`, `1`, `30`.
    static func written(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Minutes of a bare number (`59`, `12.5`), or of any text `minutes` reads.
    static func minutesNumber(_ text: String) -> Double? {
        if let value = Double(text.trimmedSpaces), value.isFinite { return value }
        return minutes(text)
    }

    /// Minutes of `HH:MM` (`01:05` is 65), `H:MM:SS`, or of `35m`, `1h 5m`.
    static func minutes(_ text: String) -> Double? {
        let trimmed = text.trimmedSpaces
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        // Hours as a Double: a cell of twenty digits is read, not trapped on.
        if parts.count == 2, let hours = Double(parts[0]), let minutes = Int(parts[1]), hours >= 0, (0..<60).contains(minutes),
           parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) {
            return hours * 60 + Double(minutes)
        }
        if parts.count == 3, let hours = Double(parts[0]), let minutes = Int(parts[1]), let seconds = Int(parts[2]),
           hours >= 0, (0..<60).contains(minutes), (0..<60).contains(seconds), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) {
            return hours * 60 + Double(minutes) + Double(seconds) / 60
        }
        var total = 0.0, number = ""
        var matched = false
        for character in trimmed.lowercased() where character != " " {
            if character.isASCII && character.isNumber { number.append(character); continue }
            guard let value = Double(number) else { return nil }
            switch character {
            case "h": total += value * 60
            case "m": total += value
            case "s": total += value / 60
            default: return nil
            }
            number = ""
            matched = true
        }
        return matched && number.isEmpty ? total : nil
    }
}
