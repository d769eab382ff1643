import Growth
import Export
import Timekeeping

/// Values read that no child shows, with the row they came from: the mark of a unit read
/// wrongly (pounds taken for kilograms, ounces for millilitres). They are kept — the
/// export's own validation decides what a build leaves out — and said, so a family can
/// check the app's unit. The limits are the WHO's own flags for implausible z-scores
/// (WHO Anthro: weight-for-age below −6 or above 5, length below −6 or above 6, head
/// circumference beyond ±5), and for what the standards do not cover, the export's bounds.
enum ImportPlausibility {
    /// The largest bottle a baby takes at once, in millilitres (as the export's validation).
    static let largestBottleML = 500.0
    /// Body temperatures a thermometer reads on a living child, in °C.
    static let bodyCelsius = 34.0...43.0

    /// Leaves out of `family` every value that no child, bottle or clock gives, by the
    /// rules the build's validation applies (``ExportEvent/Kind/leaveOutImpossibleValues(_:)``),
    /// each a warning with its row: an import never writes a value for a build to drop.
    static func leaveOutImpossibleValues(of family: inout ImportedFamily) {
        let log = family.log
        // Only a child's last sleep can still be going: an earlier one without an end is one whose end was not read.
        var lastSleep: [String: Instant] = [:]
        for event in family.events {
            if case .sleep(let sleep) = event.kind { lastSleep[event.childID] = max(lastSleep[event.childID] ?? sleep.startedAt, sleep.startedAt) }
        }
        family.revise { event, source in
            if case .sleep(let sleep) = event.kind, sleep.endedAt == nil, let last = lastSleep[event.childID], sleep.startedAt < last {
                log.impossible(ImportProblem(file: source.file, line: source.line, column: nil,
                                             message: "a sleep with no end, and later sleeps after it: only the last sleep can still be going"),
                               consequence: "left out", kind: source.kind)
                return false
            }
            event.cutLongTexts { _, what, characters in
                log.impossible(ImportProblem(file: source.file, line: source.line, column: nil,
                                             message: "expected \(what) of at most \(Plausibility.longestName) characters, found \(characters)"),
                               consequence: "only the first \(Plausibility.longestName) are kept", kind: source.kind)
            }
            return event.kind.leaveOutImpossibleValues { value in
                log.impossible(ImportProblem(file: source.file, line: source.line, column: nil, message: value.message),
                               consequence: value.consequence, kind: source.kind)
            }
        }
    }

    static func warnings(_ family: ImportedFamily, zone: Zone) -> [String] {
        let children = Dictionary(family.children.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for (index, event) in family.events.enumerated() {
            // Worded only for a warning.
            var place: String {
                let source = family.source(at: index)
                return "\(source.file):\(source.line)"
            }
            switch event.kind {
            case .feeding(let feeding):
                if let ml = feeding.amountML, ml > largestBottleML {
                    lines.append("\(place): a bottle of \(Quantities.whole(ml)) ml is more than \(Quantities.whole(largestBottleML)) ml; kept — check the unit the app wrote")
                }
            case .temperature(let temperature) where !bodyCelsius.contains(temperature.celsius):
                lines.append("\(place): \(String(format: "%.1f", temperature.celsius)) °C is no body temperature; kept — check the unit the app wrote")
            case .measurement(let measurement):
                let child = children[event.childID]
                let age = child?.dateOfBirth.map { Double(zone.localDateTime(at: measurement.occurredAt).date.days(since: $0)) }
                for (value, standard, what, unit) in [(measurement.weightKG, GrowthStandard.weightForAge, "weight", "kg"),
                                                      (measurement.lengthCM, .lengthForAge, "length", "cm"),
                                                      (measurement.headCircumferenceCM, .headCircumferenceForAge, "head circumference", "cm")] {
                    guard let value, let reason = implausible(value, standard, sex: Sex(child?.sex), ageDays: age) else { continue }
                    lines.append("\(place): a \(what) of \(String(format: "%.2f", value)) \(unit) \(reason); kept — check the unit the app wrote")
                }
            // Their values are held to the export's bounds when written (ImpossibleValues).
            case .diaper, .sleep, .note, .temperature, .medication, .pumping, .solids, .tummyTime, .vaccination, .milestone, .crying, .unknown:
                break
            }
        }
        return lines
    }

    /// Why `value` cannot be the child's, or nil when it can.
    static func implausible(_ value: Double, _ standard: GrowthStandard, sex: Sex?, ageDays: Double?) -> String? {
        if let ageDays, ageDays >= 0, ageDays <= Double(GrowthStandard.lastDay) {
            let (low, high) = flags(standard)
            let zs = (sex.map { [$0] } ?? Sex.allCases).compactMap { standard.z(value, sex: $0, ageDays: ageDays) }
            guard !zs.isEmpty, zs.allSatisfy({ $0 < low || $0 > high }) else { return nil }
            let months = Int(ageDays / 30.4375)
            let age = months == 0 ? "\(Int(ageDays)) days" : months == 1 ? "1 month" : "\(months) months"
            return "at \(age) is far off the WHO curves (a z-score of \(String(format: "%.1f", zs[0])))"
        }
        let bounds: ClosedRange<Double> = switch standard {
        case .weightForAge: Plausibility.weightKG
        case .lengthForAge: Plausibility.lengthCM
        case .headCircumferenceForAge: Plausibility.headCircumferenceCM
        case .bmiForAge: 5...40
        }
        return bounds.contains(value) ? nil : "is outside what a child measures (\(Quantities.written(bounds.lowerBound))–\(Quantities.written(bounds.upperBound)))"
    }

    /// WHO Anthro's limits of a plausible z-score.
    static func flags(_ standard: GrowthStandard) -> (Double, Double) {
        switch standard {
        case .weightForAge: (-6, 5)
        case .lengthForAge: (-6, 6)
        case .headCircumferenceForAge: (-5, 5)
        case .bmiForAge: (-5, 5)
        }
    }
}
