import Charts
import Dataset
import Growth
import Export
import Timekeeping

/// Growth and health entries as the day page lists them, in the family's units (each
/// chosen apart: ounces for bottles, kilograms on the scale is a usual mix).
enum HealthText {
    /// `6.42 kg (percentile 42.1) · 63.5 cm (percentile 55.0) · head 41.2 cm`: each value
    /// with its WHO percentile where the child's sex and birthday say which, at the
    /// corrected age for a baby born early.
    static func measurement(_ measurement: GrowthMeasurement, units: Units, child: Child, zone: Zone) -> String {
        let date = zone.localDateTime(at: measurement.occurredAt).date
        return GrowthSeries.Kind.allCases.compactMap { kind in
            measurement.value(kind).map { value in
                let point = GrowthSeries.point(kind, value, child: child, date: date, at: measurement.occurredAt)
                let text = Format.growth(value, kind, in: units)
                let measured = kind == .head ? Format.text("head_value", ["value": text]) : text
                return point.percentile.map { Format.text("value_with_percentile", ["value": measured, "percentile": Format.percentile($0)]) } ?? measured
            }
        }.joined(separator: " · ")
    }

    /// `Vitamin D · 1 drop`, `Paracetamol · 2.5 ml · next dose after 4h`.
    static func medication(_ medication: Medication) -> String {
        ([medication.name] + (medication.dose.map { [$0] } ?? []))
            .filter { !$0.isEmpty }.map(Markdown.escaped).joined(separator: " · ")
            + (medication.nextDoseInterval.map { " · " + Format.text("next_dose_after", ["length": Format.duration($0)]) } ?? "")
    }

    /// `MMR · dose 2`.
    static func vaccination(_ vaccination: Vaccination) -> String {
        Markdown.escaped(vaccination.name) + (vaccination.dose.map { " · " + Format.text("dose_value", ["dose": Markdown.escaped($0)]) } ?? "")
    }

    /// `120 ml · 15 min · both sides`.
    static func pumping(_ pumping: Pumping, units: Units) -> String {
        var parts: [String] = []
        if let ml = pumping.amountML { parts.append(Format.volume(ml: ml, in: units.volume)) }
        if let minutes = pumping.durationMinutes { parts.append(Format.minutes(minutes)) }
        switch pumping.side {
        case .both?: parts.append(Format.text("side_both"))
        case .left?: parts.append(Format.text("side_left"))
        case .right?: parts.append(Format.text("side_right"))
        case nil: break
        }
        return parts.isEmpty ? Format.text("no_amount_logged") : parts.joined(separator: " · ")
    }

    /// `pear · loved it`.
    static func solids(_ solids: Solids) -> String {
        let parts = [solids.food, solids.reaction].compactMap { $0 }.filter { !$0.isEmpty }.map(Markdown.escaped)
        return parts.isEmpty ? Format.text("solid_food") : parts.joined(separator: " · ")
    }
}

extension Logged where Fields == ExportEvent.Medication {
    /// How long the app set before the next dose, within the export's own bound.
    var nextDoseInterval: Duration? {
        guard let minutes = fields.nextDoseIntervalMinutes, minutes > 0, minutes <= Plausibility.longestDoseIntervalMinutes else { return nil }
        return Duration(milliseconds: Int64(minutes * 60_000))
    }
}

extension Format {
    /// A measurement of `kind` in the family's units.
    static func growth(_ value: Double, _ kind: GrowthSeries.Kind, in units: Units) -> String {
        kind == .weight ? weight(kg: value, in: units.weight) : length(cm: value, in: units.length)
    }

    /// `6.42 kg`, or `14 lb 2.5 oz`.
    static func weight(kg: Double, in unit: WeightUnit) -> String {
        switch unit {
        case .kg:
            return unbroken(text("unit_kg", ["value": language.formats.twoDecimals(kg)]))
        case .lb:
            let (pounds, ounces) = UnitConversion.poundsAndOunces(kilograms: kg)
            return unbroken(text("unit_lb_oz", ["pounds": language.formats.integer(pounds), "ounces": number(ounces)]))
        }
    }

    /// `63.5 cm`, or `25 in`.
    static func length(cm: Double, in unit: LengthUnit) -> String {
        switch unit {
        case .cm: unbroken(text("unit_cm", ["value": number(cm)]))
        case .in: unbroken(text("unit_in", ["value": number(UnitConversion.inches(centimeters: cm))]))
        }
    }

    /// `38.4 °C`, or `101.1 °F`.
    static func temperature(celsius: Double, in unit: TemperatureUnit) -> String {
        switch unit {
        case .c: unbroken(text("unit_celsius", ["value": language.formats.oneDecimal(celsius)]))
        case .f: unbroken(text("unit_fahrenheit", ["value": language.formats.oneDecimal(UnitConversion.fahrenheit(celsius: celsius))]))
        }
    }
}
