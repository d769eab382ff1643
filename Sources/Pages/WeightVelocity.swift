import Export
import Timekeeping

/// How fast weight changed between two weighings on different days: grams a day, and grams
/// per kilogram a day by the two-point average (the gain over the mean of the two weights;
/// Patel et al., Pediatrics 2005), the figure neonatal and paediatric teams compare.
struct WeightVelocity {
    let from: GrowthSeries.Point
    let to: GrowthSeries.Point

    var days: Int { to.date.days(since: from.date) }
    /// Kilograms a day.
    var perDay: Double { (to.value - from.value) / Double(days) }
    /// Grams per kilogram a day.
    var gramsPerKilogramPerDay: Double { perDay * 1000 / ((to.value + from.value) / 2) }

    /// Each weighing with the one before it on an earlier day (the last of a day that has
    /// several), oldest first.
    static func all(_ weights: GrowthSeries?) -> [WeightVelocity] {
        var lastOfDay: [GrowthSeries.Point] = []
        for point in weights?.points ?? [] {
            if lastOfDay.last?.date == point.date { lastOfDay[lastOfDay.count - 1] = point } else { lastOfDay.append(point) }
        }
        return zip(lastOfDay, lastOfDay.dropFirst()).compactMap { before, after in
            after.date > before.date ? WeightVelocity(from: before, to: after) : nil
        }
    }

    /// `+8.1 g/kg`: a change per kilogram a day, in grams in every unit system (as clinicians write it).
    static func perKilogram(_ value: Double) -> String {
        Format.unbroken(Format.signed(negative: value < 0, Format.text("unit_g_per_kg", ["value": Format.language.formats.oneDecimal(abs(value))])))
    }

    /// `+29 g` or `+1 oz`: a change a day in the family's units.
    static func perDay(_ value: Double, in units: Units) -> String {
        Format.unbroken(Format.signed(negative: value < 0, Format.growthChange(abs(value), .weight, in: units)))
    }

    /// `| Weighings | Days | Per day | Per kg a day |`, newest first.
    static func table(_ velocities: [WeightVelocity], units: Units) -> String {
        var text = "| \(Format.text("weighings")) | \(Format.text("days")) | \(Format.text("per_day")) | \(Format.text("per_kg_a_day")) |\n|---|---:|---:|---:|\n"
        for velocity in velocities.reversed() {
            let span = Format.text("time_range", ["from": Format.unbroken(Format.monthDay(velocity.from.date)), "to": Format.unbroken(Format.dateWithYear(velocity.to.date))])
            text += "| \(span) | \(Format.language.formats.integer(velocity.days)) | \(perDay(velocity.perDay, in: units)) | \(perKilogram(velocity.gramsPerKilogramPerDay)) |\n"
        }
        return text
    }
}
