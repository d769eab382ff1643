import Dataset
import Export
import Hashing
import Timekeeping

extension ChildDays {
    /// Each day's ``Day/digest(of:)``, in the days' order; worked out here, where the
    /// digest is made inside the loop: asked for from another module for each day of the
    /// list, it had the day copied first, every one of its dozen lists retained and released.
    public var digests: [ContentHash] {
        days.withUnsafeBufferPointer { days in days.indices.map { Day.digest(of: days[$0]) } }
    }
}

extension Day {
    /// A stable hash of everything `day`'s pages can show: its window, every event logged
    /// in it with all its fields, the stretches of sleep reaching into it, and all its
    /// figures (which also depend on the days around it, through gaps and stretches). Two
    /// builds give the same digest exactly when the day reads the same. The day is read
    /// where it is.
    @inline(__always)
    static func digest(of day: borrowing Day) -> ContentHash {
        var hasher = StableHasher()
        // The date as numbers, not as the text it is written as (made anew for each day).
        hasher.combine(day.date.year)
        hasher.combine(day.date.month)
        hasher.combine(day.date.day)
        hasher.combine(day.window.start.milliseconds)
        hasher.combine(day.window.end.milliseconds)
        hasher.combine(day.ageDays ?? Int.min)
        for feeding in day.feedings { combine(feeding, into: &hasher) }
        for diaper in day.diapers { combine(diaper, into: &hasher) }
        for sleep in day.sleeps { combine(sleep, into: &hasher) }
        for note in day.notes { combine(note, into: &hasher) }
        day.combineHealth(into: &hasher)
        for span in day.sleepSpans {
            hasher.combine(span.start.milliseconds)
            hasher.combine(span.end.milliseconds)
            hasher.combine(span.isOngoing)
        }
        for span in day.cryingSpans {
            hasher.combine(span.start.milliseconds)
            hasher.combine(span.end.milliseconds)
        }
        combine(day.summary, into: &hasher)
        return hasher.finalize()
    }

    /// The growth and health entries, every field.
    private func combineHealth(into hasher: inout StableHasher) {
        var visitor = HealthHasher(health: health, hasher: hasher)
        HealthEntries.visitLists(&visitor)
        hasher = visitor.hasher
    }

    /// An event's flags and caregiver, and every field its kind declares (``KindFields``).
    fileprivate static func combine<Fields: KindFields>(_ event: Logged<Fields>, into hasher: inout StableHasher) {
        combine(event.info, into: &hasher)
        var fields = event.fields
        var visitor = FieldHasher(hasher: hasher)
        fields.visitFields(&visitor)
        hasher = visitor.hasher
    }

    private static func combine(_ info: EventInfo, into hasher: inout StableHasher) {
        hasher.combine(info.createdBy)
        // The flags as their set of bits, not a list of them by name for each event flagged.
        hasher.combine(info.flags.bitSet)
    }

    private static func combine(_ summary: DaySummary, into hasher: inout StableHasher) {
        let f = summary.feedings
        for value in [f.count, f.breastCount, f.startedLeft, f.startedRight, f.bothSides, f.bottleCount, f.bottlesWithAmount,
                      f.intervals.count, f.loggedIntervals.count, summary.diapers.pee, summary.diapers.poop, summary.diapers.both,
                      summary.sleep.started, summary.sleep.wakeWindows.count, summary.sleep.loggedWakeWindows.count, summary.noteCount,
                      summary.crying.spells, summary.crying.untimed] {
            hasher.combine(value)
        }
        hasher.combine(f.breastMinutes)
        hasher.combine(f.bottleML)
        for duration in [f.intervals.total, f.intervals.longest, f.loggedIntervals.total, f.loggedIntervals.longest,
                         summary.sleep.nap, summary.sleep.night,
                         summary.sleep.wakeWindows.total, summary.sleep.wakeWindows.longest,
                         summary.sleep.loggedWakeWindows.total, summary.sleep.loggedWakeWindows.longest,
                         summary.sleep.longest?.length ?? Duration(milliseconds: -1), summary.crying.time] {
            hasher.combine(duration.milliseconds)
        }
        hasher.combine(summary.sleep.longest?.start.milliseconds ?? -1)
        hasher.combine(summary.sleep.ongoing)
        hasher.combine(summary.diapers.dry)
        hasher.combine(Int(summary.logged.rawValue))
        for color in StoolColor.allCases { hasher.combine(summary.diapers.stoolColors[color] ?? 0) }
        for consistency in StoolConsistency.allCases { hasher.combine(summary.diapers.stoolConsistencies[consistency] ?? 0) }
    }
}

/// Hashes each field of an event; an optional field says whether it is given before its value.
private struct FieldHasher: FieldVisitor {
    typealias Failure = Never
    var hasher: StableHasher

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant) { hasher.combine(value.milliseconds) }
    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double) { hasher.combine(value) }
    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String, _ length: TextLength) { hasher.combine(value) }
    mutating func flag(_ key: ExportEvent.CodingKeys, _ value: inout Bool) { hasher.combine(value) }
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice) { hasher.combine(value.rawValue) }

    mutating func time(_ key: ExportEvent.CodingKeys, _ value: inout Instant?) {
        hasher.combine(value != nil)
        hasher.combine(value?.milliseconds ?? 0)
    }

    mutating func number(_ key: ExportEvent.CodingKeys, _ value: inout Double?) {
        hasher.combine(value != nil)
        hasher.combine(value ?? 0)
    }

    mutating func text(_ key: ExportEvent.CodingKeys, _ value: inout String?, _ length: TextLength) { hasher.combine(value) }
    mutating func choice<Choice: FieldChoice>(_ key: ExportEvent.CodingKeys, _ value: inout Choice?) { hasher.combine(value?.rawValue) }
}

/// Hashes every entry of each health list.
private struct HealthHasher: HealthListVisitor {
    let health: HealthEntries
    var hasher: StableHasher

    mutating func visit<Fields: KindFields>(_ list: WritableKeyPath<HealthEntries, [Logged<Fields>]>, time: KeyPath<Fields, Instant>,
                                            field: ExportEvent.CodingKeys) {
        for entry in health[keyPath: list] { Day.combine(entry, into: &hasher) }
    }
}
