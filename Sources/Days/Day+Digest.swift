import Dataset
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
        for feeding in day.feedings {
            combine(feeding.info, into: &hasher)
            hasher.combine(feeding.startedAt.milliseconds)
            hasher.combine(feeding.type.rawValue)
            hasher.combine(feeding.startedSide?.rawValue)
            hasher.combine(feeding.bothSides)
            hasher.combine(feeding.durationMinutes ?? -1)
            hasher.combine(feeding.amountML ?? -1)
        }
        for diaper in day.diapers {
            combine(diaper.info, into: &hasher)
            hasher.combine(diaper.occurredAt.milliseconds)
            hasher.combine(diaper.type.rawValue)
            hasher.combine(diaper.stoolColor?.rawValue)
            hasher.combine(diaper.stoolConsistency?.rawValue)
            hasher.combine(diaper.stoolAmount?.rawValue)
        }
        for sleep in day.sleeps {
            combine(sleep.info, into: &hasher)
            hasher.combine(sleep.startedAt.milliseconds)
            hasher.combine(sleep.endedAt?.milliseconds ?? -1)
        }
        for note in day.notes {
            combine(note.info, into: &hasher)
            hasher.combine(note.occurredAt.milliseconds)
            hasher.combine(note.text)
            hasher.combine(note.category)
        }
        day.combineHealth(into: &hasher)
        for span in day.sleepSpans {
            hasher.combine(span.start.milliseconds)
            hasher.combine(span.end.milliseconds)
            hasher.combine(span.isOngoing)
        }
        combine(day.summary, into: &hasher)
        return hasher.finalize()
    }

    /// The growth and health entries, every field.
    private func combineHealth(into hasher: inout StableHasher) {
        for measurement in health.measurements {
            Self.combine(measurement.info, into: &hasher)
            hasher.combine(measurement.occurredAt.milliseconds)
            for value in [measurement.weightKG, measurement.lengthCM, measurement.headCircumferenceCM] { hasher.combine(value ?? -1) }
            hasher.combine(measurement.untimed)
        }
        for temperature in health.temperatures {
            Self.combine(temperature.info, into: &hasher)
            hasher.combine(temperature.occurredAt.milliseconds)
            hasher.combine(temperature.celsius)
        }
        for medication in health.medications {
            Self.combine(medication.info, into: &hasher)
            hasher.combine(medication.occurredAt.milliseconds)
            hasher.combine(medication.name)
            hasher.combine(medication.dose)
            hasher.combine(medication.nextDoseIntervalMinutes ?? -1)
        }
        for pumping in health.pumpings {
            Self.combine(pumping.info, into: &hasher)
            hasher.combine(pumping.startedAt.milliseconds)
            hasher.combine(pumping.amountML ?? -1)
            hasher.combine(pumping.durationMinutes ?? -1)
            hasher.combine(pumping.side?.rawValue)
        }
        for solids in health.solids {
            Self.combine(solids.info, into: &hasher)
            hasher.combine(solids.occurredAt.milliseconds)
            hasher.combine(solids.food)
            hasher.combine(solids.reaction)
        }
        for tummyTime in health.tummyTimes {
            Self.combine(tummyTime.info, into: &hasher)
            hasher.combine(tummyTime.startedAt.milliseconds)
            hasher.combine(tummyTime.durationMinutes)
        }
        for vaccination in health.vaccinations {
            Self.combine(vaccination.info, into: &hasher)
            hasher.combine(vaccination.occurredAt.milliseconds)
            hasher.combine(vaccination.name)
            hasher.combine(vaccination.dose)
        }
        for milestone in health.milestones {
            Self.combine(milestone.info, into: &hasher)
            hasher.combine(milestone.occurredAt.milliseconds)
            hasher.combine(milestone.text)
        }
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
                      summary.sleep.started, summary.sleep.wakeWindows.count, summary.sleep.loggedWakeWindows.count, summary.noteCount] {
            hasher.combine(value)
        }
        hasher.combine(f.breastMinutes)
        hasher.combine(f.bottleML)
        for duration in [f.intervals.total, f.intervals.longest, f.loggedIntervals.total, f.loggedIntervals.longest,
                         summary.sleep.nap, summary.sleep.night,
                         summary.sleep.wakeWindows.total, summary.sleep.wakeWindows.longest,
                         summary.sleep.loggedWakeWindows.total, summary.sleep.loggedWakeWindows.longest,
                         summary.sleep.longest?.length ?? Duration(milliseconds: -1)] {
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
