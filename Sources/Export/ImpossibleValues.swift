import Timekeeping

/// A value of an event that no child, bottle, thermometer or clock can give, and what
/// became of it. One bad value costs that value only: a feed keeps its amount and side
/// when its minutes cannot be real. The event goes only when it means nothing without
/// the value (a temperature, tummy time's minutes, a sleep's span, a measurement with no
/// value left). `import` and the build's validation both leave out these values, by the
/// same rules, so what `import` writes a build reads without a word.
public struct ImpossibleValue: Sendable, Equatable {
    /// The export's name of the field: `duration_minutes`; empty for the event as a whole.
    public let field: String
    /// Whether the value is below zero (the export's "negative value"), not too large.
    public let negative: Bool
    /// What a value there can be, and what was found: `expected a feeding of at most a day, found 1e+20 minutes`.
    public let message: String
    /// What became of it: `the duration is left out, the feeding kept`.
    public let consequence: String

    /// `message; consequence`.
    public var description: String { "\(message); \(consequence)" }
}

extension ExportEvent.Kind {
    /// Leaves out of the event every value it cannot have, telling `report` of each; false
    /// when the event is left out as a whole. Free when every value is possible.
    public mutating func leaveOutImpossibleValues(_ report: (ImpossibleValue) -> Void) -> Bool {
        switch self {
        case .feeding(var feeding):
            var changed = false
            if let problem = Self.duration(feeding.durationMinutes, upTo: Plausibility.longestFeedingMinutes, "a feeding of at most a day", kept: "the duration is left out, the feeding kept") {
                report(problem); feeding.durationMinutes = nil; changed = true
            }
            if let problem = Self.amount(feeding.amountML, upTo: Plausibility.largestBottleML, "at most \(Plausibility.written(Plausibility.largestBottleML)) ml in a bottle", kept: "the amount is left out, the feeding kept") {
                report(problem); feeding.amountML = nil; changed = true
            }
            if changed { self = .feeding(feeding) }
        case .pumping(var pumping):
            var changed = false
            if let problem = Self.duration(pumping.durationMinutes, upTo: Plausibility.longestFeedingMinutes, "a pumping of at most a day", kept: "the duration is left out, the pumping kept") {
                report(problem); pumping.durationMinutes = nil; changed = true
            }
            if let problem = Self.amount(pumping.amountML, upTo: Plausibility.largestPumpingML, "at most \(Plausibility.written(Plausibility.largestPumpingML)) ml from one pumping", kept: "the amount is left out, the pumping kept") {
                report(problem); pumping.amountML = nil; changed = true
            }
            if changed { self = .pumping(pumping) }
        case .tummyTime(let tummyTime):
            if let problem = Self.duration(tummyTime.durationMinutes, upTo: Plausibility.longestFeedingMinutes, "tummy time of at most a day", kept: "left out") {
                report(problem)
                return false
            }
        case .medication(var medication):
            if let problem = Self.duration(medication.nextDoseIntervalMinutes, upTo: Plausibility.longestDoseIntervalMinutes, "at most a week between doses",
                                           kept: "the interval is not used, the dose kept", field: "next_dose_interval_minutes") {
                report(problem)
                medication.nextDoseIntervalMinutes = nil
                self = .medication(medication)
            }
        case .measurement(var measurement):
            guard Self.leaveOutImpossible(in: &measurement, report) else { return false }
            self = .measurement(measurement)
        case .temperature(let temperature):
            let celsius = temperature.celsius
            guard Plausibility.celsius.contains(celsius) else {
                // 98.6 in a Celsius field is Fahrenheit typed where Celsius was meant.
                let fahrenheit = (celsius - 32) * 5 / 9
                let hint = Plausibility.celsius.contains(fahrenheit) ? " (as °F it would be \(Self.oneDecimal(fahrenheit)) °C)" : ""
                report(ImpossibleValue(field: "celsius", negative: false,
                                       message: "expected a body temperature of \(Self.range(Plausibility.celsius, "°C")), found \(Plausibility.written(celsius)) °C\(hint)",
                                       consequence: "left out"))
                return false
            }
        case .sleep(let sleep):
            guard let end = sleep.endedAt else { return true }
            if end < sleep.startedAt {
                report(ImpossibleValue(field: "ended_at", negative: true,
                                       message: "expected a sleep to end after it starts, found an end \((sleep.startedAt - end).spoken) before its start", consequence: "left out"))
                return false
            }
            if end - sleep.startedAt > Plausibility.longestSleep {
                report(ImpossibleValue(field: "ended_at", negative: false,
                                       message: "expected a sleep of at most \(Plausibility.longestSleep.spoken), found \((end - sleep.startedAt).spoken)", consequence: "left out"))
                return false
            }
        case .crying(var crying):
            guard Self.leaveOutImpossible(in: &crying, report) else { return false }
            self = .crying(crying)
        case .diaper, .note, .solids, .vaccination, .milestone, .unknown:
            break
        }
        return true
    }

    /// Leaves out the measurement's values no child has; false when none is left.
    private static func leaveOutImpossible(in measurement: inout ExportEvent.Measurement, _ report: (ImpossibleValue) -> Void) -> Bool {
        let given = [measurement.weightKG, measurement.lengthCM, measurement.headCircumferenceCM].compactMap { $0 }.count
        var left = given
        func check(_ value: inout Double?, _ field: String, _ bounds: ClosedRange<Double>, _ unit: String, _ what: String) {
            guard let number = value, !bounds.contains(number) else { return }
            left -= 1
            report(ImpossibleValue(field: field, negative: number < 0, message: "expected \(what) of \(range(bounds, unit)), found \(Plausibility.written(number)) \(unit)",
                                   consequence: "left out"))
            value = nil
        }
        check(&measurement.weightKG, "weight_kg", Plausibility.weightKG, "kg", "a weight")
        check(&measurement.lengthCM, "length_cm", Plausibility.lengthCM, "cm", "a length")
        check(&measurement.headCircumferenceCM, "head_circumference_cm", Plausibility.headCircumferenceCM, "cm", "a head circumference")
        return given == 0 || left > 0
    }

    /// Leaves out a crying's end or minutes when they cannot be; false when it ends before
    /// it starts (its start is then in doubt too) or lasts over a day.
    private static func leaveOutImpossible(in crying: inout ExportEvent.Crying, _ report: (ImpossibleValue) -> Void) -> Bool {
        if let end = crying.endedAt {
            if end < crying.startedAt {
                report(ImpossibleValue(field: "ended_at", negative: true,
                                       message: "expected crying to end after it starts, found an end \((crying.startedAt - end).spoken) before its start",
                                       consequence: "left out"))
                return false
            }
            if end - crying.startedAt > .minutes(Int64(Plausibility.longestFeedingMinutes)) {
                report(ImpossibleValue(field: "ended_at", negative: false,
                                       message: "expected crying of at most a day, found \((end - crying.startedAt).spoken)", consequence: "left out"))
                return false
            }
        }
        if let problem = duration(crying.durationMinutes, upTo: Plausibility.longestFeedingMinutes, "crying of at most a day",
                                  kept: crying.endedAt == nil ? "the duration is left out, the crying kept with no length" : "the duration is left out, the end kept") {
            report(problem)
            crying.durationMinutes = nil
        }
        return true
    }

    /// The problem with a number of minutes, if it has one: below zero, past `limit`, or no number.
    private static func duration(_ value: Double?, upTo limit: Double, _ expected: String, kept: String,
                                 field: String = "duration_minutes") -> ImpossibleValue? {
        guard let value, !(0...limit).contains(value) else { return nil }
        let expectation = value < 0 ? "a duration of 0 minutes or more" : expected
        return ImpossibleValue(field: field, negative: value < 0, message: "expected \(expectation), found \(Plausibility.written(value)) minutes", consequence: kept)
    }

    /// The problem with a number of millilitres, if it has one.
    private static func amount(_ value: Double?, upTo limit: Double, _ expected: String, kept: String) -> ImpossibleValue? {
        guard let value, !(0...limit).contains(value) else { return nil }
        let expectation = value < 0 ? "an amount of 0 ml or more" : expected
        return ImpossibleValue(field: "amount_ml", negative: value < 0, message: "expected \(expectation), found \(Plausibility.written(value)) ml", consequence: kept)
    }

    /// `0.3–30 kg`.
    private static func range(_ bounds: ClosedRange<Double>, _ unit: String) -> String {
        "\(Plausibility.written(bounds.lowerBound))–\(Plausibility.written(bounds.upperBound)) \(unit)"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}

extension Plausibility {
    /// A number from a file as a message says it: `30`, `2.5`, `1e+20`, `inf`.
    public static func written(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
