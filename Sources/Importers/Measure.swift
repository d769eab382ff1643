import Export

/// What a child is measured in — a weight, a length, a head circumference, a temperature —
/// read from a number and the unit its app wrote with it. A number no child can have in
/// that unit but can in exactly one other unit an app writes for it (3085 kg, and 3085 g;
/// 98.6 °C, and 98.6 °F) is read in that other unit, and the note says so: the unit an app
/// wrote is evidence, the child's body is better evidence.
enum Measure {
    case weight, length, headCircumference, temperature

    /// A unit an app writes: its symbol, its name, how apps spell it (lower case; a
    /// temperature's without its degree sign), and its value in the export's unit.
    struct Unit: Sendable {
        let symbol: String
        let name: String
        let spellings: Set<String>
        let inExportUnit: @Sendable (Double) -> Double
    }

    /// A value read, and when it was read in another unit than written, what the note says.
    struct Reading {
        let value: Double
        /// `expected a weight of 0.3–30 kg, found 3085 kg; in grams that is 3.085 kg`, and `read in grams, …`.
        var reread: (message: String, consequence: String)?
    }

    /// The units apps write the measure in, the export's first.
    var units: [Unit] {
        switch self {
        case .weight: Self.weightUnits
        case .length, .headCircumference: Self.lengthUnits
        case .temperature: Self.temperatureUnits
        }
    }

    // Made once: every amount an import reads is looked up in them.
    private static let weightUnits = [
        Unit(symbol: "kg", name: "kilograms", spellings: ["kg", "kgs"]) { $0 },
        Unit(symbol: "g", name: "grams", spellings: ["g"]) { $0 / 1000 },
        Unit(symbol: "lb", name: "pounds", spellings: ["lb", "lbs", "lb.", "lbs."]) { UnitConversion.kilograms(pounds: $0) },
        Unit(symbol: "oz", name: "ounces", spellings: ["oz"]) { UnitConversion.kilograms(pounds: 0, ounces: $0) },
    ]
    private static let lengthUnits = [
        Unit(symbol: "cm", name: "centimetres", spellings: ["cm", "cms"]) { $0 },
        Unit(symbol: "mm", name: "millimetres", spellings: ["mm"]) { $0 / 10 },
        Unit(symbol: "in", name: "inches", spellings: ["in", "inch", "inches", "\""]) { UnitConversion.centimeters(inches: $0) },
    ]
    private static let temperatureUnits = [
        Unit(symbol: "°C", name: "°C", spellings: ["c"]) { $0 },
        Unit(symbol: "°F", name: "°F", spellings: ["f"]) { UnitConversion.celsius(fahrenheit: $0) },
    ]

    /// The unit `letters` (as they follow `number`, lower case) spell; for a temperature the
    /// degree sign aside, and a bare number above 50 is °F.
    func unit(spelled letters: String, number: Double) -> Unit? {
        guard self == .temperature else { return units.first { $0.spellings.contains(letters) } }
        let written = letters.replacingOccurrences(of: "°", with: "").trimmedSpaces
        return units.first { $0.spellings.contains(written.isEmpty ? (number > 50 ? "f" : "c") : written) }
    }

    /// What a child of any age can measure, in the export's unit.
    var bounds: ClosedRange<Double> {
        switch self {
        case .weight: Plausibility.weightKG
        case .length: Plausibility.lengthCM
        case .headCircumference: Plausibility.headCircumferenceCM
        case .temperature: Plausibility.celsius
        }
    }

    /// `a weight`, as a message says it.
    private var what: String {
        switch self {
        case .weight: "a weight"
        case .length: "a length"
        case .headCircumference: "a head circumference"
        case .temperature: "a body temperature"
        }
    }

    /// The value of `text` in the export's unit, nil when it is no such amount.
    func value(_ text: String) -> Double? {
        switch self {
        case .weight: Quantities.kilograms(text)
        case .length, .headCircumference: Quantities.centimetres(text)
        case .temperature: Quantities.celsius(text)
        }
    }

    /// `text` (a number and its unit) read, in another unit when only that one is a
    /// child's (see ``reading(_:in:)``); nil when it is no such amount.
    func reading(_ text: String) -> Reading? {
        guard let value = value(text), value.isFinite else { return nil }
        guard !bounds.contains(value), let (number, letters) = Quantities.split(text) else { return Reading(value: value) }
        // Read as a number and one unit (not `8 lb 4 oz`): the same value again.
        guard let unit = unit(spelled: letters, number: number), unit.inExportUnit(number) == value else { return Reading(value: value) }
        return reading(number, in: unit)
    }

    /// `number` in `unit`; in another unit when no child has it in `unit` but a child has it
    /// in exactly one other. A value no child has in any unit (or has in two) is read as
    /// written, for the export's rules to leave out with its line.
    func reading(_ number: Double, in unit: Unit) -> Reading {
        let value = unit.inExportUnit(number)
        guard !bounds.contains(value) else { return Reading(value: value) }
        let others = units.filter { $0.symbol != unit.symbol && bounds.contains($0.inExportUnit(number)) }
        guard others.count == 1, let other = others.first else { return Reading(value: value) }
        let reread = other.inExportUnit(number)
        let range = "\(Plausibility.written(bounds.lowerBound))–\(Plausibility.written(bounds.upperBound)) \(units[0].symbol)"
        return Reading(value: reread, reread: (
            "expected \(what) of \(range), found \(Plausibility.written(number)) \(unit.symbol); in \(other.name) that is \(Self.shown(reread)) \(units[0].symbol)",
            "read in \(other.name), the one unit in which a child measures that"))
    }

    /// The value of `text`, a bare number in `unit`, told to `reread` when read in another unit.
    func read(_ text: String, unit: String, reread: (_ message: String, _ consequence: String) -> Void) -> Double? {
        let bare = !unit.isEmpty && Quantities.split(text)?.1.isEmpty == true
        guard let reading = reading(bare ? "\(text) \(unit)" : text) else { return nil }
        if let note = reading.reread { reread(note.message, note.consequence) }
        return reading.value
    }

    /// `3.085`, `37`: at most three decimals, for a note.
    private static func shown(_ value: Double) -> String {
        Quantities.written((value * 1000).rounded() / 1000)
    }
}
