import Growth
import Export
import Timekeeping

/// The growth and health a family logs beside the daily routine: weights at home and at
/// check-ups along the child's own WHO percentile (with the newborn's first-week dip),
/// lengths and head circumferences at check-ups, a vitamin D drop for a breastfed baby,
/// the odd fever with its readings and medicine, pumping, tummy time, evening crying, solid food from six
/// months, and stool colours on some dirty diapers. Each day draws from a random source
/// of its own (as does each diaper's colour), so the routine's events are the same with or
/// without it, and a sample one day longer has the same entries on every earlier day.
struct HealthSimulation {
    let child: ExportChild
    let dateOfBirth: LocalDate
    let zone: Zone
    let breastfed: Bool
    /// What each day's and each diaper's random source is made from.
    private let seed: UInt64
    /// The random source of the day being lived.
    private var random: RandomSource
    private(set) var events: [ExportEvent] = []
    /// The routine's sleeps as stretches, by start: crying is logged while the baby is awake.
    private var asleep: [(start: Instant, end: Instant)] = []
    /// The child's own place among children of the same age and sex, in SD.
    private let weightZ: Double
    private let lengthZ: Double
    private let headZ: Double

    /// What the sample says of child `index` at birth, drawn from `random`.
    static func facts(of child: ExportChild, index: Int, random: inout RandomSource) -> ExportChild {
        var child = child
        let sex: Sex = index % 2 == 0 ? .female : .male
        child.sex = ChildSex(rawValue: sex.rawValue)
        // One child in four is born a few weeks early.
        let weeks = index % 4 == 3 ? 34 + Double(random.integer(0...20)) / 7 : 37 + Double(random.integer(7...34)) / 7
        child.gestationalAgeWeeks = (weeks * 10).rounded() / 10
        let early = CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks)
        // Born early, small: a birth weight well below the term median.
        let weightZ = early == nil ? random.uniform(-1.2...1.2) : random.uniform(-3.4 ... -2.6)
        child.birthWeightKG = GrowthStandard.weightForAge.curve(percentile: Percentile.of(z: weightZ), sex: sex, ageDays: 0)
            .map { ($0 * 100).rounded() / 100 }
        child.birthLengthCM = GrowthStandard.lengthForAge.curve(percentile: Percentile.of(z: weightZ * 0.8), sex: sex, ageDays: 0)
            .map { ($0 * 10).rounded() / 10 }
        child.birthHeadCircumferenceCM = GrowthStandard.headCircumferenceForAge
            .curve(percentile: Percentile.of(z: weightZ * 0.7), sex: sex, ageDays: 0)
            .map { ($0 * 10).rounded() / 10 }
        return child
    }

    init(child: ExportChild, zone: Zone, breastfed: Bool, seed: UInt64) {
        self.child = child
        self.dateOfBirth = child.dateOfBirth!
        self.zone = zone
        self.breastfed = breastfed
        self.seed = seed ^ 0x6865_616C_7468
        var random = RandomSource(seed: self.seed)
        weightZ = random.uniform(-1.2...1.2)
        lengthZ = weightZ * 0.7 + random.uniform(-0.5...0.5)
        headZ = weightZ * 0.5 + random.uniform(-0.6...0.6)
        self.random = random
    }

    /// The random source of one day (or of one moment, for a diaper's colour).
    private func source(_ key: Int64) -> RandomSource {
        RandomSource(seed: seed ^ (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// Whether a fever begins on day `age`: about one every five months after two months.
    private func feverBegins(_ age: Int) -> Bool {
        var day = source(-Int64(age) - 1)
        return age >= 60 && day.chance(1.0 / 150)
    }

    private var sex: Sex { Sex(child.sex) ?? .female }
    private var daysEarly: Int { CorrectedAge.daysEarly(gestationalAgeWeeks: child.gestationalAgeWeeks) ?? 0 }

    /// Check-ups (weight, length, head) and home weigh-ins (weight), by day of life.
    static let checkUps: Set<Int> = [3, 14, 30, 61, 122, 183, 274, 365, 456, 548, 730]
    static let weighIns: Set<Int> = [5, 7, 10, 21, 45, 91, 152, 213, 244, 304, 335, 426, 487, 609, 670]

    static let foods = ["banana", "avocado", "sweet potato", "pear", "porridge", "carrot", "apple", "peas", "yogurt", "egg",
                        "toast fingers", "broccoli", "lentils", "mango"]

    /// Logs `dates`; `routine` is the child's routine events, some of whose dirty diapers
    /// get their colour logged.
    mutating func live(_ dates: ClosedRange<LocalDate>, exportedAt: Instant, routine: inout [ExportEvent]) {
        asleep = routine.compactMap { event in
            guard case .sleep(let sleep) = event.kind else { return nil }
            return (sleep.startedAt, sleep.endedAt ?? exportedAt)
        }.sorted { $0.start < $1.start }
        for offset in 0...dates.upperBound.days(since: dates.lowerBound) {
            let date = dates.lowerBound.adding(days: offset)
            let age = date.days(since: dateOfBirth)
            random = source(Int64(age))
            liveDay(date, age: age)
        }
        for index in routine.indices {
            guard case .diaper(var diaper) = routine[index].kind, diaper.type == .poop || diaper.type == .both else { continue }
            random = source(diaper.occurredAt.milliseconds)
            guard random.chance(0.5) else { continue }
            diaper.stoolColor = stoolColor(atAge: zone.localDateTime(at: diaper.occurredAt).date.days(since: dateOfBirth))
            routine[index].kind = .diaper(diaper)
        }
        events = events.filter { ($0.time ?? exportedAt) <= exportedAt }
    }

    private mutating func liveDay(_ date: LocalDate, age: Int) {
        if Self.checkUps.contains(age) || Self.weighIns.contains(age) {
            let checkUp = Self.checkUps.contains(age)
            log(.measurement(.init(
                occurredAt: at(date, hour: checkUp ? 10 : 8, spread: 50),
                weightKG: (weight(atAge: age) * random.uniform(0.995...1.005) * 100).rounded() / 100,
                lengthCM: checkUp ? round(curve(.lengthForAge, z: lengthZ, age: age) + random.uniform(-0.4...0.4)) : nil,
                headCircumferenceCM: checkUp ? round(curve(.headCircumferenceForAge, z: headZ, age: age) + random.uniform(-0.2...0.2)) : nil
            )))
        }
        if breastfed, age < 365, random.chance(0.93) {
            log(.medication(.init(occurredAt: at(date, hour: 8, spread: 40), name: "Vitamin D", dose: "1 drop")))
        }
        let fever = feverBegins(age) || feverBegins(age - 1)
        if fever || ([61, 122, 183].contains(age) && random.chance(0.6)) {
            for hour in [7, 13, 19].prefix(fever ? 3 : 2) {
                let reading = fever ? random.uniform(37.8...39.2) : random.uniform(37.4...38.1)
                log(.temperature(.init(occurredAt: at(date, hour: hour, spread: 45), celsius: (reading * 10).rounded() / 10)))
            }
            if fever, age >= 60 {
                log(.medication(.init(occurredAt: at(date, hour: 13, spread: 30), name: "Paracetamol",
                                      dose: age < 180 ? "2.5 ml" : "5 ml")))
            }
        }
        if breastfed, age < 240, random.chance(0.6) {
            let side = random.pick([ExportEvent.PumpingSide.both, .both, .left, .right])
            log(.pumping(.init(startedAt: at(date, hour: 11, spread: 150), amountML: (random.uniform(50...160) / 5).rounded() * 5,
                               durationMinutes: Double(random.integer(10...22)), side: side)))
        }
        if (14...200).contains(age) {
            for hour in [10, 15, 17] where random.chance(0.55) {
                log(.tummyTime(.init(startedAt: at(date, hour: hour, spread: 40), durationMinutes: Double(random.integer(3...15)))))
            }
        }
        if age >= 180 {
            let meals = age < 210 ? 1 : age < 270 ? 2 : 3
            for hour in [8, 12, 17].suffix(meals) {
                let reaction = random.chance(0.08) ? random.pick(["loved it", "spat it out", "a little rash on the chin"]) : nil
                log(.solids(.init(occurredAt: at(date, hour: hour, spread: 30), food: random.pick(Self.foods), reaction: reaction)))
            }
        }
        if random.chance(0.02) {
            log(.diaper(.init(occurredAt: at(date, hour: 3, spread: 60), type: .dry)))
        }
        // Last, from the day's own source: the events above are the same with or without them.
        for (name, dose) in Self.vaccinations[age] ?? [] {
            log(.vaccination(.init(occurredAt: at(date, hour: 10, spread: 20), name: name, dose: dose)))
        }
        if let first = Self.firsts[age] {
            log(.milestone(.init(occurredAt: at(date, hour: 16, spread: 180), text: first)))
        }
        logCrying(date, age: age)
    }

    /// The evening crying of the first three months, at its worst around six weeks: a few
    /// spells an evening while the baby is awake, some timed with an end, some with minutes
    /// alone, now and then one with no length and a note.
    private mutating func logCrying(_ date: LocalDate, age: Int) {
        guard (10...100).contains(age) else { return }
        let peak = max(0, 1 - Double(abs(age - 42)) / 50)
        guard random.chance(0.15 + 0.7 * peak) else { return }
        var spells = random.integer(1...(1 + Int(peak * 5)))
        for gap in awake(from: at(date, hour: 16, spread: 45), to: zone.instant(on: date.adding(days: 1), at: TimeOfDay(hour: 1, minute: 0)!)) {
            var start = gap.start + .minutes(Int64(random.integer(2...10)))
            while spells > 0, gap.end - start >= .minutes(12) {
                let room = (gap.end - start).milliseconds / 60_000 - 2
                let minutes = min(room, Int64(random.integer(10...(30 + Int(peak * 80)))))
                switch random.integer(0...9) {
                case 0: log(.crying(.init(startedAt: start, note: "would not settle, walked the hallway")))
                case 1, 2: log(.crying(.init(startedAt: start, durationMinutes: Double(minutes))))
                default: log(.crying(.init(startedAt: start, endedAt: start + .minutes(minutes))))
                }
                spells -= 1
                start = start + .minutes(minutes + Int64(random.integer(10...40)))
            }
        }
    }

    /// The stretches between `from` and `to` when the routine has the baby awake.
    private func awake(from: Instant, to: Instant) -> [(start: Instant, end: Instant)] {
        var gaps: [(start: Instant, end: Instant)] = []
        var start = from
        for sleep in asleep where sleep.end > from && sleep.start < to {
            if sleep.start > start { gaps.append((start, sleep.start)) }
            start = max(start, sleep.end)
        }
        if start < to { gaps.append((start, to)) }
        return gaps
    }

    /// Milestones logged with the app's milestone button, by day of life: plain text, on a
    /// day the family also wrote of it in a note or on a day of its own.
    static let firsts: [Int: String] = [
        44: "First social smile", 98: "Holds head steady", 118: "Rolls over", 240: "Sits without support",
        275: "Crawls", 372: "First steps", 400: "First word: \"ball\"",
    ]

    /// The vaccines given at check-ups, by day of life: a schedule of the usual kind.
    static let vaccinations: [Int: [(name: String, dose: String?)]] = [
        61: [("DTaP-IPV-Hib-HepB", "1"), ("Pneumococcal (PCV13)", "1"), ("Rotavirus", "1")],
        122: [("DTaP-IPV-Hib-HepB", "2"), ("Pneumococcal (PCV13)", "2"), ("Rotavirus", "2")],
        183: [("DTaP-IPV-Hib-HepB", "3"), ("Influenza", nil)],
        365: [("MMR", "1"), ("Varicella", "1"), ("Pneumococcal (PCV13)", "booster")],
        456: [("DTaP-IPV-Hib-HepB", "booster"), ("Hepatitis A", "1")],
    ]

    /// The newborn's weight: a dip of about 6 % by day 3–4, back to birth weight by
    /// day 10–12, then along the child's own percentile (at the corrected age for a baby
    /// born early, who grows about 30 g a day until then).
    private func weight(atAge age: Int) -> Double {
        let birth = child.birthWeightKG ?? 3.3
        let dip = [0, 0.03, 0.05, 0.062, 0.06, 0.05, 0.04, 0.03, 0.022, 0.015, 0.008, 0.003, 0, -0.01, -0.02]
        if age < dip.count, daysEarly == 0 { return birth * (1 - dip[age]) }
        if age < daysEarly { return birth * (1 - dip[min(age, 4)]) + 0.03 * Double(max(0, age - 7)) }
        let corrected = Double(age - daysEarly)
        if daysEarly > 0 {
            // From term-equivalent age on, along the percentile the child had reached then.
            let atTerm = birth * (1 - dip[4]) + 0.03 * Double(max(0, daysEarly - 7))
            let z = GrowthStandard.weightForAge.z(atTerm, sex: sex, ageDays: 0) ?? weightZ
            return curve(.weightForAge, z: z, age: Int(corrected))
        }
        let fromBirth = GrowthStandard.weightForAge.z(birth, sex: sex, ageDays: 0) ?? weightZ
        // The percentile of birth drifts to the child's own over the first months.
        let blend = min(1, corrected / 120)
        return curve(.weightForAge, z: fromBirth * (1 - blend) + weightZ * blend, age: Int(corrected))
    }

    private func curve(_ standard: GrowthStandard, z: Double, age: Int) -> Double {
        let corrected = max(0, min(GrowthStandard.lastDay, age - daysEarly))
        return standard.curve(percentile: Percentile.of(z: z), sex: sex, ageDays: Double(corrected)) ?? 0
    }

    /// Meconium, then green, then yellow for milk, brown once solid food comes.
    private mutating func stoolColor(atAge age: Int) -> ExportEvent.StoolColor {
        if age < 3 { return .black }
        if age < 6 { return .green }
        if age >= 200 { return random.chance(0.8) ? .brown : .green }
        return breastfed ? (random.chance(0.9) ? .yellow : .green) : random.pick([.yellow, .brown, .green])
    }

    private func round(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }

    private mutating func at(_ date: LocalDate, hour: Int, spread: Int) -> Instant {
        zone.instant(on: date, at: TimeOfDay(hour: hour, minute: 0)!) + .minutes(Int64(random.integer(-spread...spread)))
    }

    private mutating func log(_ kind: ExportEvent.Kind) {
        events.append(ExportEvent(id: random.uuid(), childID: child.id, kind: kind))
    }
}
