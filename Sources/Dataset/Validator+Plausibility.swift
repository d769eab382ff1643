import Export
import Timekeeping

/// The rules that keep one impossible time from stretching an archive over centuries:
/// entries before 2000, more than a day after the export, or more than a week before a
/// believable birthday are left out; a birthday before 2000, after the export, or after
/// most of the child's entries is not used; an export made more than a year after the
/// last entry ends the reports at that entry.
extension Validator {
    /// Whether an entry at `time` can be real; warns and says no when it cannot.
    mutating func isPlausible(_ time: Instant, _ path: @autoclosure () -> String) -> Bool {
        if time < Plausibility.earliest {
            warn(path(), .implausibleTime, "\(Self.text(time)) is before 2000, earlier than any real entry; left out")
            return false
        }
        if time - exportedAt > Plausibility.afterExport {
            warn(path(), .implausibleTime, "\((time - exportedAt).spoken) after the export was made, more than a clock can be off; left out")
            return false
        }
        return true
    }

    /// `date` when it can be a birthday of a child in this export; nil (with a warning) otherwise.
    mutating func birthday(_ date: LocalDate?, path: String) -> LocalDate? {
        guard let date else { return nil }
        // The export's date where it is latest on Earth (UTC+14): the family's zone may not be known yet.
        let exportDay = LocalDate(daysSinceEpoch: Int((exportedAt.milliseconds + 14 * 3_600_000) / 86_400_000))
        if date < LocalDate(year: 2000, month: 1, day: 1)! {
            warn(path, .implausibleTime, "\(date) is before 2000; not used, so ages are not shown")
            return nil
        }
        if date > exportDay {
            warn(path, .implausibleTime, "\(date) is after the export was made; not used, so ages are not shown")
            return nil
        }
        return date
    }

    /// `record` without the entries made more than a week before the birthday. When that
    /// would leave out most of them, the birthday is the mistake: it is not used instead.
    mutating func leaveOutBeforeBirth(_ record: ChildRecord, birthdayPath: String) -> ChildRecord {
        guard let birthday = record.child.dateOfBirth else { return record }
        // The earliest instant of the birthday anywhere on Earth, less the margin.
        let earliest = Instant(milliseconds: Int64(birthday.daysSinceEpoch) * 86_400_000 - 14 * 3_600_000) - Plausibility.beforeBirth
        let health = record.health
        let all = record.feedings.count + record.diapers.count + record.sleeps.count + record.notes.count + health.count
        let before = record.feedings.count { $0.startedAt < earliest } + record.diapers.count { $0.occurredAt < earliest }
            + record.sleeps.count { $0.startedAt < earliest } + record.notes.count { $0.occurredAt < earliest }
            + health.measurements.count { $0.occurredAt < earliest } + health.temperatures.count { $0.occurredAt < earliest }
            + health.medications.count { $0.occurredAt < earliest } + health.pumpings.count { $0.startedAt < earliest }
            + health.solids.count { $0.occurredAt < earliest } + health.tummyTimes.count { $0.startedAt < earliest }
            + health.vaccinations.count { $0.occurredAt < earliest } + health.milestones.count { $0.occurredAt < earliest }
        guard before > 0 else { return record }
        guard before * 2 <= all else {
            warn(birthdayPath, .implausibleTime,
                 "\(birthday) is after \(before) of \(record.child.name)'s \(all) entries; not used, so ages are not shown")
            return record.with(child: record.child.with(dateOfBirth: nil))
        }
        var kept = record
        kept.feedings = leaveOut(record.feedings, before: earliest, birthday: birthday, time: \.startedAt, field: "started_at")
        kept.diapers = leaveOut(record.diapers, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.sleeps = leaveOut(record.sleeps, before: earliest, birthday: birthday, time: \.startedAt, field: "started_at")
        kept.notes = leaveOut(record.notes, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.health.measurements = leaveOut(health.measurements, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.health.temperatures = leaveOut(health.temperatures, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.health.medications = leaveOut(health.medications, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.health.pumpings = leaveOut(health.pumpings, before: earliest, birthday: birthday, time: \.startedAt, field: "started_at")
        kept.health.solids = leaveOut(health.solids, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.health.tummyTimes = leaveOut(health.tummyTimes, before: earliest, birthday: birthday, time: \.startedAt, field: "started_at")
        kept.health.vaccinations = leaveOut(health.vaccinations, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        kept.health.milestones = leaveOut(health.milestones, before: earliest, birthday: birthday, time: \.occurredAt, field: "occurred_at")
        return kept
    }

    private mutating func leaveOut<Fields>(_ events: [Logged<Fields>], before earliest: Instant, birthday: LocalDate,
                                           time: KeyPath<Logged<Fields>, Instant>, field: String) -> [Logged<Fields>] {
        events.filter { event in
            guard event[keyPath: time] < earliest else { return true }
            warn("\(event.info.path).\(field)", .implausibleTime,
                 "\(Self.text(event[keyPath: time])) is more than a week before the birthday (\(birthday)); left out")
            return false
        }
    }

    /// The "now" of the reports: the export's time, unless it is more than a year after
    /// the last entry of any child, when the last entry's time stands in (with a warning).
    mutating func reportTime(of records: [ChildRecord]) -> Instant {
        let last = records.compactMap(\.lastEventTime).max()
        guard let last, exportedAt - last > Plausibility.exportAfterLastEntry else { return exportedAt }
        warn("exported_at", .implausibleTime,
             "\(Self.text(exportedAt)) is \((exportedAt - last).spoken) after the last entry; the reports end with that entry (\(Self.text(last)))")
        return last
    }

    /// `2026-11-21T09:00:00Z`.
    static func text(_ instant: Instant) -> String {
        ISO8601.string(from: instant, offsetSeconds: 0, zulu: true)
    }
}

private extension ChildRecord {
    func with(child: Child) -> ChildRecord {
        var record = self
        record.child = child
        return record
    }
}
