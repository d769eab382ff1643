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
            + HealthBeforeBirth.count(in: health, before: earliest)
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
        var leaver = HealthBeforeBirth(entries: health, earliest: earliest, birthday: birthday)
        HealthEntries.visitLists(&leaver)
        kept.health = leaver.entries
        for (path, message) in leaver.warnings { warn(path, .implausibleTime, message) }
        return kept
    }

    private mutating func leaveOut<Fields>(_ events: [Logged<Fields>], before earliest: Instant, birthday: LocalDate,
                                           time: KeyPath<Fields, Instant>, field: String) -> [Logged<Fields>] {
        Self.leaveOut(events, before: earliest, birthday: birthday, time: time, field: field) { warn($0, .implausibleTime, $1) }
    }

    /// `events` without those before `earliest`, telling `warn` the path and the message of each.
    fileprivate static func leaveOut<Fields>(_ events: [Logged<Fields>], before earliest: Instant, birthday: LocalDate,
                                             time: KeyPath<Fields, Instant>, field: String,
                                             warn: (_ path: String, _ message: String) -> Void) -> [Logged<Fields>] {
        events.filter { event in
            guard event.fields[keyPath: time] < earliest else { return true }
            warn("\(event.info.path).\(field)", "\(text(event.fields[keyPath: time])) is more than a week before the birthday (\(birthday)); left out")
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

/// The growth and health entries earlier than a week before the birthday: counted, or
/// left out (with `birthday`), each with its warning.
private struct HealthBeforeBirth: HealthListVisitor {
    var entries: HealthEntries
    let earliest: Instant
    let birthday: LocalDate?
    private(set) var count = 0
    /// Each entry left out: its path and what is said of it.
    private(set) var warnings: [(path: String, message: String)] = []

    init(entries: HealthEntries, earliest: Instant, birthday: LocalDate?) {
        self.entries = entries
        self.earliest = earliest
        self.birthday = birthday
    }

    static func count(in entries: HealthEntries, before earliest: Instant) -> Int {
        var counter = HealthBeforeBirth(entries: entries, earliest: earliest, birthday: nil)
        HealthEntries.visitLists(&counter)
        return counter.count
    }

    mutating func visit<Fields: KindFields>(_ list: WritableKeyPath<HealthEntries, [Logged<Fields>]>, time: KeyPath<Fields, Instant>,
                                            field: ExportEvent.CodingKeys) {
        let earliest = earliest
        guard let birthday else {
            count += entries[keyPath: list].count { $0.fields[keyPath: time] < earliest }
            return
        }
        entries[keyPath: list] = Validator.leaveOut(entries[keyPath: list], before: earliest, birthday: birthday, time: time,
                                                    field: field.rawValue) { warnings.append(($0, $1)) }
    }
}
