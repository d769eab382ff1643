import Export
import Timekeeping

/// Lives one child's days, logging what a family would: sleeps, feeds, diapers, notes.
struct ChildSimulation {
    let child: ExportChild
    let dateOfBirth: LocalDate
    let zone: Zone
    let exportedAt: Instant
    /// Chance that a milk feed is at the breast, by age.
    let breastShare: GrowthCurve
    var random: RandomSource
    private(set) var events: [ExportEvent] = []
    private var lastSide = Side.right
    private var notes: SampleNotes

    typealias Side = ExportEvent.Side

    init(child: ExportChild, zone: Zone, exportedAt: Instant, breastShare: GrowthCurve, seed: UInt64) {
        self.child = child
        self.dateOfBirth = child.dateOfBirth!
        self.zone = zone
        self.exportedAt = exportedAt
        self.breastShare = breastShare
        self.random = RandomSource(seed: seed)
        self.notes = SampleNotes(name: child.name)
    }

    /// Logs every day in `dates`, then keeps only what happened by the export: a sleep
    /// going on at that moment is left open, as the app exports it.
    mutating func live(_ dates: ClosedRange<LocalDate>) {
        var morning = wakeUp(on: dates.lowerBound)
        for offset in 0...dates.upperBound.days(since: dates.lowerBound) {
            let date = dates.lowerBound.adding(days: offset)
            morning = liveDay(date, from: morning)
        }
        events = events.compactMap(cutAtExport)
    }

    /// One day from the morning wake-up to the next; returns the next morning.
    private mutating func liveDay(_ date: LocalDate, from morning: Instant) -> Instant {
        let age = date.days(since: dateOfBirth)
        let bedtime = at(date, minutes: Routine.bedtimeMinutes.value(atAge: age)) + minutes(-30...30)
        let latestNap = at(date, minutes: Routine.latestNapMinutes.value(atAge: age))
        var awakeSince = morning
        feed(at: morning + minutes(0...10), age: age)
        changeAfterFeed(at: morning + minutes(12...20), age: age)

        // Daytime: awake for a wake window, nap, wake, feed, until bedtime comes near.
        while true {
            let wake = Routine.wakeWindowMinutes.value(atAge: age) * random.uniform(0.8...1.2)
            let napStart = awakeSince + .minutes(Int64(wake))
            guard napStart + .minutes(60) < bedtime, napStart <= latestNap else { break }
            let napLength = Routine.napMinutes.value(atAge: age) * random.uniform(0.55...1.35)
            let napEnd = min(napStart + .minutes(Int64(napLength)), bedtime - .minutes(30))
            guard napEnd > napStart + .minutes(15) else { break }
            sleep(from: napStart, to: napEnd)
            awakeSince = napEnd
            if random.chance(Routine.daytimeFeedChance.value(atAge: age)) {
                feed(at: napEnd + minutes(0...10), age: age)
                changeAfterFeed(at: napEnd + minutes(12...25), age: age)
            }
        }
        let extraChanges = Routine.extraDiapers.value(atAge: age)
        for _ in 0..<(Int(extraChanges) + (random.chance(extraChanges.truncatingRemainder(dividingBy: 1)) ? 1 : 0)) {
            let span = max(1, (bedtime - morning).milliseconds / 60_000)
            diaper(at: morning + .minutes(Int64(random.integer(0...Int(span)))), age: age)
        }
        if random.chance(Routine.snackFeedChance.value(atAge: age)) {
            let span = max(1, (bedtime - morning).milliseconds / 60_000 - 300)
            feed(at: morning + .minutes(120 + Int64(random.integer(0...Int(span)))), age: age)
        }
        if random.chance(Routine.clusterFeedChance.value(atAge: age)), bedtime - .minutes(100) > awakeSince {
            feed(at: bedtime - minutes(80...100), age: age)
        }
        let lightsOut = max(bedtime, awakeSince + .minutes(40))
        feed(at: lightsOut - minutes(20...30), age: age)
        changeAfterFeed(at: lightsOut - minutes(5...10), age: age)
        logNotes(on: date, age: age, between: morning, and: lightsOut)

        // Night: one long stretch broken by wakings for a feed.
        let nextMorning = wakeUp(on: date.adding(days: 1))
        let expected = Routine.nightWakings.value(atAge: age)
        let wakings = Int(expected) + (random.chance(expected.truncatingRemainder(dividingBy: 1)) ? 1 : 0)
        var asleepSince = lightsOut
        let night = (nextMorning - lightsOut).milliseconds
        for waking in stride(from: 1, through: wakings, by: 1) {
            let share = (Double(waking) + random.uniform(-0.25...0.25)) / Double(wakings + 1)
            let wakeAt = lightsOut + Duration(milliseconds: Int64(Double(night) * share)).wholeMinutes
            guard wakeAt > asleepSince + .minutes(45) else { continue }
            let awake = age < 90 ? minutes(18...40) : minutes(8...22)
            guard wakeAt + awake + .minutes(30) < nextMorning else { break }
            sleep(from: asleepSince, to: wakeAt)
            if age < 120 || random.chance(0.8) {
                feed(at: wakeAt + minutes(2...5), age: age)
            }
            if random.chance(0.45) {
                diaper(at: wakeAt + minutes(1...8), age: age)
            }
            asleepSince = wakeAt + awake
        }
        sleep(from: asleepSince, to: nextMorning)
        return nextMorning
    }

    // MARK: Events

    private mutating func feed(at time: Instant, age: Int) {
        let feeding: ExportEvent.Feeding
        if random.chance(breastShare.value(atAge: age)) {
            let side = random.chance(0.88) ? lastSide.opposite : lastSide
            lastSide = side
            let low = Int(Routine.breastMinutesLow.value(atAge: age))
            let high = Int(Routine.breastMinutesHigh.value(atAge: age))
            feeding = .init(
                startedAt: time, type: .breast, startedSide: random.chance(0.97) ? side : nil,
                bothSides: random.chance(age < 60 ? 0.5 : 0.3),
                durationMinutes: random.chance(0.92) ? Double(random.integer(low...high)) : nil
            )
        } else {
            let low = Routine.bottleLow.value(atAge: age)
            let high = Routine.bottleHigh.value(atAge: age)
            let ml = (random.uniform(low...high) / 5).rounded() * 5
            feeding = .init(
                startedAt: time, type: .bottle,
                durationMinutes: random.chance(0.3) ? Double(random.integer(8...20)) : nil,
                amountML: random.chance(0.95) ? ml : nil
            )
        }
        log(.feeding(feeding))
    }

    private mutating func changeAfterFeed(at time: Instant, age: Int) {
        if random.chance(age < 60 ? 0.85 : 0.7) {
            diaper(at: time, age: age)
        }
    }

    private mutating func diaper(at time: Instant, age: Int) {
        let type: ExportEvent.DiaperType = random.chance(Routine.poopChance.value(atAge: age))
            ? (random.chance(0.6) ? .both : .poop) : .pee
        log(.diaper(.init(occurredAt: time, type: type)))
    }

    private mutating func sleep(from start: Instant, to end: Instant) {
        log(.sleep(.init(startedAt: start, endedAt: end)))
    }

    private mutating func logNotes(on date: LocalDate, age: Int, between morning: Instant, and evening: Instant) {
        for note in notes.notes(forAge: age, random: &random) {
            let span = max(1, (evening - morning).milliseconds / 60_000 - 60)
            let time = morning + .minutes(30 + Int64(random.integer(0...Int(span))))
            log(.note(.init(occurredAt: time, text: note.text, category: note.category)))
        }
    }

    private mutating func log(_ kind: ExportEvent.Kind) {
        let caregiver = random.chance(0.3) ? random.pick(SampleNotes.caregivers) : nil
        events.append(ExportEvent(id: random.uuid(), childID: child.id, createdBy: caregiver, kind: kind))
    }

    // MARK: Time

    /// This morning's wake-up: around 07:00, a little earlier or later each day.
    private mutating func wakeUp(on date: LocalDate) -> Instant {
        at(date, minutes: 7 * 60) + minutes(-40...30)
    }

    private func at(_ date: LocalDate, minutes: Double) -> Instant {
        zone.instant(on: date, at: TimeOfDay(minutes: Int(minutes) % 1440)!)
    }

    private mutating func minutes(_ range: ClosedRange<Int>) -> Duration {
        .minutes(Int64(random.integer(range)))
    }

    private func cutAtExport(_ event: ExportEvent) -> ExportEvent? {
        guard let time = event.time, time <= exportedAt else { return nil }
        guard case .sleep(let sleep) = event.kind, let end = sleep.endedAt, end > exportedAt else { return event }
        var open = event
        open.kind = .sleep(.init(startedAt: sleep.startedAt, endedAt: nil))
        return open
    }
}

extension ExportEvent.Side {
    var opposite: Self { self == .left ? .right : .left }
}

extension Duration {
    /// Rounded down to a whole minute, as people log times.
    var wholeMinutes: Duration {
        Duration(milliseconds: milliseconds / 60_000 * 60_000)
    }
}
