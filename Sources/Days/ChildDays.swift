import Dataset
import Export
import Timekeeping

/// One day of one child: its window, its figures, and what happened in it.
public struct Day: Sendable {
    public let window: DayWindow
    public var summary = DaySummary()
    /// Whole days since birth on this date, when the birthday is known.
    public let ageDays: Int?
    /// Feedings that started in the day, by time.
    public var feedings: [Feeding] = []
    /// Diaper changes in the day, by time.
    public var diapers: [Diaper] = []
    /// Logged sleeps that started in the day, by time.
    public var sleeps: [Sleep] = []
    /// Notes made in the day, by time.
    public var notes: [Note] = []
    /// Growth and health entries of the day, each list by time.
    public var health = HealthEntries()
    /// Stretches of sleep that reach into the day (for timelines), by start.
    public var sleepSpans: [SleepSpan] = []
    /// Stretches of crying that reach into the day (for timelines), by start.
    public var cryingSpans: [CryingSpan] = []

    public init(window: DayWindow, ageDays: Int?) {
        self.window = window
        self.ageDays = ageDays
    }

    public var date: LocalDate { window.date }

    /// When the day's latest entry was made: a feed, a change, a sleep's start or end, a
    /// note, a measurement or a dose.
    public var lastEntryTime: Instant? {
        ([feedings.last?.startedAt, diapers.last?.occurredAt, notes.last?.occurredAt, health.lastTime]
            + sleeps.map { $0.endedAt ?? $0.startedAt }).compactMap { $0 }.max()
    }

    /// The routine kinds with an entry in the day (``DaySummary/logged``).
    var routineKindsLogged: RoutineKinds {
        var kinds: RoutineKinds = []
        if !feedings.isEmpty { kinds.insert(.feeds) }
        if !diapers.isEmpty { kinds.insert(.diapers) }
        if !sleepSpans.isEmpty || !sleeps.isEmpty { kinds.insert(.sleep) }
        return kinds
    }

    /// Whether the day has an entry of a kind families log day by day: the routine, a note,
    /// a temperature, a dose, a meal, pumping or tummy time. Measurements, vaccinations and
    /// milestones come now and then, and alone do not make a day the visit summary ends on.
    public var hasDailyEntries: Bool {
        !isEmpty || !health.temperatures.isEmpty || !health.medications.isEmpty || !health.solids.isEmpty
            || !health.pumpings.isEmpty || !health.tummyTimes.isEmpty
    }

    /// Whether none of the routine was logged in the day: no feed, diaper, sleep or note
    /// (growth and health entries alone do not make a day the means count).
    public var isEmpty: Bool {
        feedings.isEmpty && diapers.isEmpty && sleeps.isEmpty && notes.isEmpty && sleepSpans.isEmpty
    }
}

/// Every day of one child's archive, from the first event's day to the export's day.
public struct ChildDays: Sendable {
    public let child: Child
    public let calendar: DayCalendar
    /// In date order, one for every date of the range, empty days included.
    public let days: [Day]
    /// When the first event was logged, if any was: the first day starts before it.
    public let loggingStarted: Instant?

    /// The days of `record` under `settings`, up to the day containing `exportedAt`.
    public init(record: ChildRecord, settings: Settings, exportedAt: Instant) {
        let calendar = DayCalendar(zone: settings.zone, dayStart: settings.dayStart)
        var builder = DaysBuilder(
            calendar: calendar, settings: settings, exportedAt: exportedAt,
            dates: Self.dates(of: record, in: calendar, exportedAt: exportedAt), dateOfBirth: record.child.dateOfBirth
        )
        builder.add(record)
        self.child = record.child
        self.calendar = calendar
        self.days = builder.days
        self.loggingStarted = record.firstEventTime
    }

    /// The dates the days of `record` run through: from its first event's to the export's.
    public static func dates(of record: ChildRecord, in calendar: DayCalendar, exportedAt: Instant) -> ClosedRange<LocalDate> {
        let lastDate = calendar.date(containing: exportedAt)
        return min(record.firstEventTime.map(calendar.date(containing:)) ?? lastDate, lastDate)...lastDate
    }

    private init(child: Child, calendar: DayCalendar, days: [Day], loggingStarted: Instant?) {
        self.child = child
        self.calendar = calendar
        self.days = days
        self.loggingStarted = loggingStarted
    }

    /// Only the days from `from` through `to` (either end open). The figures do not
    /// change: a day at the edge still counts the sleep that began the evening before.
    public func limited(from: LocalDate?, to: LocalDate?) -> ChildDays {
        ChildDays(child: child, calendar: calendar,
                  days: days.filter { day in from.map { day.date >= $0 } ?? true && to.map { day.date <= $0 } ?? true },
                  loggingStarted: loggingStarted)
    }

    /// The day for `date`, if it is in the archive.
    public func day(for date: LocalDate) -> Day? {
        guard let first = days.first else { return nil }
        let index = date.days(since: first.date)
        return days.indices.contains(index) ? days[index] : nil
    }
}

/// Sorts a child's events into day windows and adds up their figures.
struct DaysBuilder {
    let settings: Settings
    let exportedAt: Instant
    let zone: Zone
    private(set) var days: [Day]
    /// The start of each day, plus the end of the last: `starts[i]..<starts[i + 1]` is day i.
    private let starts: [Instant]

    init(calendar: DayCalendar, settings: Settings, exportedAt: Instant,
         dates: ClosedRange<LocalDate>, dateOfBirth: LocalDate?) {
        self.settings = settings
        self.exportedAt = exportedAt
        self.zone = calendar.zone
        let count = dates.upperBound.days(since: dates.lowerBound) + 1
        let starts = (0...count).map { calendar.start(of: dates.lowerBound.adding(days: $0)) }
        self.starts = starts
        self.days = (0..<count).map { index in
            let date = dates.lowerBound.adding(days: index)
            return Day(
                window: DayWindow(date: date, start: starts[index], end: starts[index + 1]),
                ageDays: dateOfBirth.map { date.days(since: $0) }
            )
        }
    }

    /// The index of the day containing `instant`, or nil outside the range.
    func dayIndex(of instant: Instant) -> Int? {
        guard let first = starts.first, let last = starts.last, instant >= first, instant < last else { return nil }
        // The last start not after `instant`.
        var low = 0
        var high = starts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= instant { low = middle } else { high = middle }
        }
        return low
    }

    mutating func add(_ record: ChildRecord) {
        addFeedings(record.feedings)
        addDiapers(record.diapers)
        addSleeps(record.sleeps)
        place(record.notes, in: \.notes) { $0.occurredAt }
        for index in days.indices {
            days[index].summary.noteCount = days[index].notes.count
            days[index].summary.logged = days[index].routineKindsLogged
        }
        markWetAndDirtyLogged()
        addHealth(record)
        addCrying(record.health.cryings)
    }

    /// Adds ``RoutineKinds/wet`` and ``RoutineKinds/dirty`` to the days that logged diapers
    /// and have a wet (or dry) or a dirty one logged around them.
    private mutating func markWetAndDirtyLogged() {
        let wet = days.map { $0.diapers.contains { $0.isWet || $0.type == .dry } }
        let dirty = days.map { $0.diapers.contains { $0.isDirty } }
        func around(_ marks: [Bool], _ index: Int, _ reach: Int) -> Bool {
            marks[max(0, index - reach)...min(marks.count - 1, index + reach)].contains(true)
        }
        for index in days.indices where days[index].summary.logged.contains(.diapers) {
            if around(wet, index, RoutineKinds.wetAround) { days[index].summary.logged.insert(.wet) }
            if around(dirty, index, RoutineKinds.dirtyAround) { days[index].summary.logged.insert(.dirty) }
        }
    }

    /// Puts each of `items` in the list of the day its time falls in, in their order: the
    /// validated records are in time order, so each day takes one run of them, in an array
    /// made at its size rather than grown an entry at a time (thousands of days, each list
    /// reallocated as it grew: fresh memory and copying every night).
    fileprivate mutating func place<Item>(_ items: [Item], in list: WritableKeyPath<Day, [Item]>, time: (Item) -> Instant) {
        var start = 0
        while start < items.count {
            guard let index = dayIndex(of: time(items[start])) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < items.count, time(items[end]) >= starts[index], time(items[end]) < starts[index + 1] { end += 1 }
            days[index][keyPath: list] += items[start..<end]
            start = end
        }
    }

    /// Puts each growth and health entry in the day it happened in.
    private mutating func addHealth(_ record: ChildRecord) {
        withUnsafeMutablePointer(to: &self) { days in
            var placer = HealthPlacer(health: record.health, days: days)
            HealthEntries.visitLists(&placer)
        }
    }

    private mutating func addFeedings(_ feedings: [Feeding]) {
        place(feedings, in: \.feedings) { $0.startedAt }
        // The feeding before's time and day, the day found once for each feeding.
        var previous: (start: Instant, day: Int?)?
        for feeding in feedings {
            let day = dayIndex(of: feeding.startedAt)
            defer { previous = (feeding.startedAt, day) }
            guard let index = day else { continue }
            var figures = days[index].summary.feedings
            figures.count += 1
            switch feeding.type {
            case .breast:
                figures.breastCount += 1
                if feeding.startedSide == .left { figures.startedLeft += 1 }
                if feeding.startedSide == .right { figures.startedRight += 1 }
                if feeding.bothSides { figures.bothSides += 1 }
                figures.breastMinutes += feeding.durationMinutes ?? 0
            case .bottle:
                figures.bottleCount += 1
                if let amount = feeding.amountML {
                    figures.bottlesWithAmount += 1
                    figures.bottleML += amount
                }
            }
            if let previous {
                let gap = feeding.startedAt - previous.start
                figures.intervals.add(gap)
                if spansUnloggedDay(from: previous.start, in: previous.day, toDay: index) {
                    figures.unloggedIntervals += 1
                } else {
                    figures.loggedIntervals.add(gap)
                }
            }
            days[index].summary.feedings = figures
        }
    }

    private mutating func addDiapers(_ diapers: [Diaper]) {
        place(diapers, in: \.diapers) { $0.occurredAt }
        // Counted from each day's own list, each diaper's day found once.
        for index in days.indices where !days[index].diapers.isEmpty {
            var figures = days[index].summary.diapers
            for diaper in days[index].diapers {
                switch diaper.type {
                case .pee: figures.pee += 1
                case .poop: figures.poop += 1
                case .both: figures.both += 1
                case .dry: figures.dry += 1
                }
                if let color = diaper.stoolColor, diaper.isDirty {
                    figures.stoolColors[color, default: 0] += 1
                }
                if let consistency = diaper.stoolConsistency, diaper.isDirty {
                    figures.stoolConsistencies[consistency, default: 0] += 1
                }
            }
            days[index].summary.diapers = figures
        }
    }

    private mutating func addSleeps(_ sleeps: [Sleep]) {
        place(sleeps, in: \.sleeps) { $0.startedAt }
        var previous: SleepSpan?
        for span in SleepSpan.merging(sleeps, exportedAt: exportedAt) {
            defer { previous = span }
            addClipped(span)
            guard let index = dayIndex(of: span.start) else { continue }
            days[index].summary.sleep.started += 1
            if span.length > (days[index].summary.sleep.longest?.length ?? Duration(milliseconds: -1)) {
                days[index].summary.sleep.longest = span
            }
            // A wake window needs the baby awake: no gap after an ongoing stretch,
            // and touching stretches have none.
            if let previous, !previous.isOngoing, span.start > previous.end {
                let gap = span.start - previous.end
                days[index].summary.sleep.wakeWindows.add(gap)
                if spansUnloggedDay(from: previous.end, in: dayIndex(of: previous.end), toDay: index) {
                    days[index].summary.sleep.unloggedWakeWindows += 1
                } else {
                    days[index].summary.sleep.loggedWakeWindows.add(gap)
                }
            }
        }
    }

    /// Counts each day's spells of crying (placed by ``addHealth(_:)``), and adds the part
    /// of each stretch inside each day it reaches into.
    private mutating func addCrying(_ cryings: [Crying]) {
        for index in days.indices where !days[index].health.cryings.isEmpty {
            days[index].summary.crying.spells = days[index].health.cryings.count
            days[index].summary.crying.untimed = days[index].health.cryings.count { $0.fields.end == nil }
        }
        for span in CryingSpan.merging(cryings) {
            var index = dayIndex(of: span.start) ?? (span.start < starts[0] ? 0 : days.count)
            // A spell of no length still marks its day.
            repeat {
                guard index < days.count else { break }
                let window = days[index].window
                days[index].cryingSpans.append(span)
                days[index].summary.crying.time += max(.zero, min(span.end, window.end) - max(span.start, window.start))
                index += 1
            } while index < days.count && days[index].window.start < span.end
        }
    }

    /// Whether a gap from `start`, in day `first` (nil outside the days), to an event in day
    /// `index` passes over a whole day: the events are consecutive, so nothing of their kind
    /// was logged that day.
    private func spansUnloggedDay(from start: Instant, in first: Int?, toDay index: Int) -> Bool {
        guard let first else { return start < starts[0] && index >= 1 }
        return index - first >= 2
    }

    /// Adds the parts of `span` inside each day it reaches into, as nap or night by
    /// the wall-clock time at which the stretch started.
    private mutating func addClipped(_ span: SleepSpan) {
        let isNap = settings.isNap(startingAt: zone.localDateTime(at: span.start).timeOfDay)
        var index = dayIndex(of: span.start) ?? (span.start < starts[0] ? 0 : days.count)
        while index < days.count, days[index].window.start < span.end {
            let window = days[index].window
            let part = min(span.end, window.end) - max(span.start, window.start)
            if part > .zero || span.start == span.end {
                days[index].sleepSpans.append(span)
                if isNap { days[index].summary.sleep.nap += part } else { days[index].summary.sleep.night += part }
                if span.isOngoing { days[index].summary.sleep.ongoing = true }
            }
            index += 1
        }
    }
}

/// Puts each entry of each health list in its day.
private struct HealthPlacer: HealthListVisitor {
    let health: HealthEntries
    /// The days being made, for as long as the lists are visited.
    let days: UnsafeMutablePointer<DaysBuilder>

    mutating func visit<Fields: KindFields>(_ list: WritableKeyPath<HealthEntries, [Logged<Fields>]>, time: KeyPath<Fields, Instant>,
                                            field: ExportEvent.CodingKeys) {
        let dayHealth: WritableKeyPath<Day, HealthEntries> = \.health
        days.pointee.place(health[keyPath: list], in: dayHealth.appending(path: list)) { $0.fields[keyPath: time] }
    }
}
