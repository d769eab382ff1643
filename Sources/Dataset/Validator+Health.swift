import Export
import Timekeeping

/// Growth and health: a child's facts at birth, and measurements, temperatures,
/// medication, pumping, solids, tummy time, vaccinations, milestones and crying. A value no child or thermometer can show is
/// left out with its path, as docs/inputs.md says of implausible values.
extension Validator {
    /// The child at `path` with the facts at birth that are believable.
    mutating func child(_ child: ExportChild, name: String, dateOfBirth: LocalDate?, path: String) -> Child {
        let weeks = gestationalAge(child, dateOfBirth: dateOfBirth, path: path)
        let birth = BirthMeasurements(
            weightKG: measure(child.birthWeightKG, "\(path).birth_weight_kg", Plausibility.birthWeightKG, unit: "kg",
                              what: "a weight at birth"),
            lengthCM: measure(child.birthLengthCM, "\(path).birth_length_cm", Plausibility.birthLengthCM, unit: "cm",
                              what: "a length at birth"),
            headCircumferenceCM: measure(child.birthHeadCircumferenceCM, "\(path).birth_head_circumference_cm",
                                         Plausibility.birthHeadCircumferenceCM, unit: "cm", what: "a head circumference at birth")
        )
        return Child(id: child.id, name: name, dateOfBirth: dateOfBirth, sex: child.sex, gestationalAgeWeeks: weeks, birth: birth)
    }

    /// Adds a growth or health event to `record`; false for any other kind.
    mutating func addHealth(_ kind: ExportEvent.Kind, info: EventInfo, to record: inout ChildRecord) -> Bool {
        var info = info
        // Worded only for a warning (from the index: `info` is changed while it is worded).
        let index = info.index
        var path: String { EventInfo.path(index) }
        switch kind {
        case .measurement(let measurement):
            guard measurement.weightKG != nil || measurement.lengthCM != nil || measurement.headCircumferenceCM != nil else {
                warn(path, .implausibleValue, "a measurement with no weight, length or head circumference; skipped")
                return true
            }
            flagIfAfterExport(measurement.occurredAt, "\(path).occurred_at", &info)
            record.health.measurements.append(GrowthMeasurement(info: info, fields: measurement))
        case .temperature(let temperature):
            flagIfAfterExport(temperature.occurredAt, "\(path).occurred_at", &info)
            record.health.temperatures.append(Temperature(info: info, fields: temperature))
        case .medication(let medication):
            guard !medication.name.allSatisfy(\.isWhitespace) else {
                warn("\(path).name", .implausibleValue, "a medication with no name; skipped")
                return true
            }
            flagIfAfterExport(medication.occurredAt, "\(path).occurred_at", &info)
            record.health.medications.append(Medication(info: info, fields: medication))
        case .pumping(let pumping):
            flagIfAfterExport(pumping.startedAt, "\(path).started_at", &info)
            record.health.pumpings.append(Pumping(info: info, fields: pumping))
        case .solids(let solids):
            flagIfAfterExport(solids.occurredAt, "\(path).occurred_at", &info)
            record.health.solids.append(Solids(info: info, fields: solids))
        case .tummyTime(let tummyTime):
            flagIfAfterExport(tummyTime.startedAt, "\(path).started_at", &info)
            record.health.tummyTimes.append(TummyTime(info: info, fields: tummyTime))
        case .vaccination(let vaccination):
            guard !vaccination.name.allSatisfy(\.isWhitespace) else {
                warn("\(path).name", .implausibleValue, "a vaccination with no name; skipped")
                return true
            }
            flagIfAfterExport(vaccination.occurredAt, "\(path).occurred_at", &info)
            record.health.vaccinations.append(Vaccination(info: info, fields: vaccination))
        case .milestone(let milestone):
            guard !milestone.text.allSatisfy(\.isWhitespace) else {
                warn("\(path).text", .implausibleValue, "a milestone with no text; skipped")
                return true
            }
            flagIfAfterExport(milestone.occurredAt, "\(path).occurred_at", &info)
            record.health.milestones.append(Milestone(info: info, fields: milestone))
        case .crying(let crying):
            flagIfAfterExport(crying.startedAt, "\(path).started_at", &info)
            record.health.cryings.append(Crying(info: info, fields: crying))
        case .feeding, .diaper, .sleep, .note, .unknown:
            return false
        }
        return true
    }

    /// The weeks of pregnancy at birth: from the due date when it is given with the birthday
    /// and believable (it wins over weeks given beside it, said when they differ by over a
    /// week), else the weeks given.
    private mutating func gestationalAge(_ child: ExportChild, dateOfBirth: LocalDate?, path: String) -> Double? {
        let weeks = measure(child.gestationalAgeWeeks, "\(path).gestational_age_weeks", Plausibility.gestationalAgeWeeks,
                            unit: "weeks", what: "a pregnancy")
        guard let due = child.dueDate else { return weeks }
        guard let born = dateOfBirth else {
            warn("\(path).due_date", .implausibleValue, "a due date with no birthday says nothing of the age; not used")
            return weeks
        }
        // The due date is 40 weeks of pregnancy.
        let fromDue = 40 - Double(due.days(since: born)) / 7
        guard Plausibility.gestationalAgeWeeks.contains(fromDue) else {
            let (low, high) = (Plausibility.gestationalAgeWeeks.lowerBound, Plausibility.gestationalAgeWeeks.upperBound)
            warn("\(path).due_date", .implausibleValue,
                 "\(due) is not a due date for a birth on \(born) (\(number(low))–\(number(high)) weeks of pregnancy, found \(number((fromDue * 10).rounded() / 10))); left out")
            return weeks
        }
        if let weeks, abs(weeks - fromDue) * 7 > 7 {
            warn("\(path).gestational_age_weeks", .implausibleValue,
                 "\(number(weeks)) weeks and the due date \(due) (\(number((fromDue * 10).rounded() / 10)) weeks) disagree; the due date is used")
        }
        return fromDue
    }

    /// `value` when it lies in `bounds`; nil, with a warning naming `what` it cannot be,
    /// otherwise.
    mutating func measure(_ value: Double?, _ path: @autoclosure () -> String, _ bounds: ClosedRange<Double>, unit: String, what: String) -> Double? {
        guard let value else { return nil }
        guard bounds.contains(value) else {
            warn(path(), .implausibleValue,
                 "\(number(value)) \(unit) is not \(what) (\(number(bounds.lowerBound))–\(number(bounds.upperBound)) \(unit)); left out")
            return nil
        }
        return value
    }

}
