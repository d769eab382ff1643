import Foundation
import Source
import Timekeeping

/// PiyoLog's text export, in English or Japanese: a month a file, days between lines of
/// dashes, each day a date line (`Thu, 1 Feb 2024` or `2024/2/1(木)`) — or a day a file, its
/// date on the first line (`【ぴよログ】2025/2/4(火)`) — the child's name and age
/// (`Mia (0y1m12d)`, `みお (0歳1か月12日)`, which give the birthday), then a line per thing
/// logged (`01:10   Breastfeeding L 10m ▶ R 15m`, `06:00   Sleep`, `08:15   Wake-up (2h15m)`,
/// `09:00   うんち (多め/黄色) 漏れた`: details in brackets, a memo after them), with notes on
/// the lines under it, and the app's own totals for the day (`Pee 7times`, `おしっこ合計 7回`). A sleep is the `Sleep` line and the next `Wake-up`,
/// across midnight and across files; a `Wake-up` whose sleep began before the files did
/// starts its sleep from the length it gives. The day's totals are checked against the
/// lines, and a disagreement is a warning.
struct PiyoLog {
    /// Whether `text` is a PiyoLog export: its first line names the app.
    static func matches(_ text: String) -> Bool {
        let first = text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmedSpaces }.first { !$0.isEmpty } ?? ""
        return first.contains("PiyoLog") || first.contains("ぴよログ")
    }

    /// One logged line.
    enum Item: Equatable {
        case breast(left: Double?, right: Double?, first: ExportEvent.Side?)
        case bottle(ml: Double?, formula: Bool)
        case pumped(ml: Double?)
        case pee
        case poop(ExportEvent.StoolColor?)
        case sleep
        case wake(sleptMinutes: Double?)
        case temperature(Double)
        case measurement(weightKG: Double?, lengthCM: Double?, headCM: Double?)
        case medicine(String)
        case vaccination(String)
        case solids(String?)
        case note
        case other(String)
    }

    struct Entry {
        let file: String
        let line: Int
        let child: String?
        let reading: LocalDateTime
        let text: String
        let item: Item
        /// The memo written on the line after what it logged, then the lines under it.
        var notes: [String] = []

        /// What makes the line itself, for its events' ids: a line seen twice is a duplicate.
        var key: [String] {
            [child ?? "", reading.date.description, String(reading.millisecondOfDay), text]
        }

        /// The app's word for what the line logged (`Breastfeeding`, `うんち`), for the summary.
        var kind: String {
            if case .note = item { return "note" }
            return PiyoLog.kind(of: text)
        }

        var source: RowSource {
            RowSource(file: file, line: line, kind: kind)
        }
    }

    /// The app's totals for a child's day, with the line each came from.
    struct Totals {
        var values: [Figure: (value: Double, line: Int, text: String)] = [:]
        let file: String
        let child: String?
        let date: LocalDate
    }

    enum Figure {
        case breastLeft, breastRight, formulaTimes, formulaML, expressedTimes, expressedML, sleepMinutes, pee, poop
    }

    /// A child's line: the name, and the birthday its age gives on the day it is under.
    struct ChildLine: Equatable {
        let name: String
        let birthday: LocalDate?
    }

    let files: [(name: String, text: String)]

    func read(into family: inout ImportedFamily, children: ChildChoice, clock: inout WallClock) throws(ImportProblem) {
        var entries: [Entry] = [], totals: [Totals] = []
        var birthdays: [String: [LocalDate: Int]] = [:]
        for file in files {
            try Self.parse(file, into: &entries, totals: &totals, birthdays: &birthdays, log: family.log)
        }
        // Every line in time order, the files' order kept for lines at the same minute.
        let arranged = TimeOrder.arrange(entries.enumerated().map { (row: $0.offset, start: $0.element.reading) }, zone: clock.zone)
        var ids: [String?: String] = [:]
        var openSleep: [String: (entry: Entry, start: Instant)] = [:]
        var sleeps: [String: [(Instant, Instant)]] = [:]
        var counted: [String: [LocalDate: [Figure: Double]]] = [:]
        var unmatchedSleeps = 0
        for (index, reading) in arranged {
            let entry = entries[index]
            let child: String
            if let known = ids[entry.child] {
                child = known
            } else {
                guard let id = try children.id(entry.child, column: nil, row: entry.source, app: "PiyoLog", family: &family) else { continue }
                if children.birthday == nil, let name = entry.child, let birthday = Self.mostGiven(birthdays[name]) {
                    family.setBirthday(birthday, of: id)
                }
                ids[entry.child] = id
                child = id
            }
            let at = clock.place(reading)
            let day = reading.date
            func count(_ figure: Figure, _ amount: Double = 1) { counted[child, default: [:]][day, default: [:]][figure, default: 0] += amount }
            var kinds: [ExportEvent.Kind] = []
            var key = entry.key
            switch entry.item {
            case .breast(let left, let right, let first):
                count(.breastLeft, left ?? 0)
                count(.breastRight, right ?? 0)
                let both = (left ?? 0) > 0 && (right ?? 0) > 0
                let side = first ?? ((left ?? 0) > 0 ? .left : (right ?? 0) > 0 ? .right : nil)
                let minutes = (left ?? 0) + (right ?? 0)
                kinds.append(.feeding(.init(startedAt: at, type: .breast, startedSide: side, bothSides: both, durationMinutes: minutes > 0 ? minutes : nil)))
            case .bottle(let ml, let formula):
                count(formula ? .formulaTimes : .expressedTimes)
                count(formula ? .formulaML : .expressedML, ml ?? 0)
                kinds.append(.feeding(.init(startedAt: at, type: .bottle, amountML: ml)))
            case .pumped(let ml):
                kinds.append(.pumping(.init(startedAt: at, amountML: ml)))
            case .pee:
                count(.pee)
                kinds.append(.diaper(.init(occurredAt: at, type: .pee)))
            case .poop(let color):
                count(.poop)
                kinds.append(.diaper(.init(occurredAt: at, type: .poop, stoolColor: color)))
            case .sleep:
                // Added with its wake-up, or as a sleep in progress when none follows.
                if let earlier = openSleep[child] {
                    unmatchedSleeps += 1
                    let note = ImportedFamily.note(earlier.entry.notes.joined(separator: "\n"), category: "sleep", at: earlier.start)
                    family.add([note].compactMap { $0 }, child: child, createdBy: nil, row: earlier.entry.key, from: earlier.entry.source,
                               outcome: .leftOut("no wake-up before the next sleep"))
                }
                openSleep[child] = (entry, at)
                continue
            case .wake(let slept):
                let start: Instant
                if let open = openSleep.removeValue(forKey: child) {
                    start = open.start
                    key = open.entry.key + key
                    family.log.row(file: open.entry.file, line: open.entry.line, kind: open.entry.kind, .read)
                    if !open.entry.notes.isEmpty {
                        kinds.append(contentsOf: [ImportedFamily.note(open.entry.notes.joined(separator: "\n"), category: "sleep", at: start)].compactMap { $0 })
                    }
                } else if let slept {
                    start = at.adding(minutes: -slept)
                } else {
                    break
                }
                sleeps[child, default: []].append((start, at))
                kinds.insert(.sleep(.init(startedAt: start, endedAt: at)), at: 0)
            case .temperature(let celsius):
                kinds.append(.temperature(.init(occurredAt: at, celsius: celsius)))
            case .measurement(let weight, let length, let head):
                kinds.append(.measurement(.init(occurredAt: at, weightKG: weight, lengthCM: length, headCircumferenceCM: head)))
            case .medicine(let name):
                kinds.append(.medication(.init(occurredAt: at, name: name)))
            case .solids(let food):
                kinds.append(.solids(.init(occurredAt: at, food: food)))
            case .vaccination(let name):
                kinds.append(.vaccination(.init(occurredAt: at, name: name)))
            case .note:
                break
            case .other:
                break
            }
            if entry.item != .sleep, let note = ImportedFamily.note(entry.notes.joined(separator: "\n"), category: Self.category(entry.item), at: at) {
                kinds.append(note)
            }
            var outcome = ImportLog.Outcome.read
            if case .other = entry.item { outcome = .leftOut(ImportedFamily.unreadKind) }
            family.add(kinds, child: child, createdBy: nil, row: key, from: entry.source, outcome: outcome)
        }
        // A sleep still open at the end is in progress; one followed by another sleep had no wake-up.
        for (child, open) in openSleep.sorted(by: { $0.key < $1.key }) {
            let note = ImportedFamily.note(open.entry.notes.joined(separator: "\n"), category: "sleep", at: open.start)
            family.add([.sleep(.init(startedAt: open.start, endedAt: nil))] + [note].compactMap { $0 }, child: child, createdBy: nil,
                       row: open.entry.key, from: open.entry.source)
        }
        if unmatchedSleeps > 0 {
            family.remark("\(unmatchedSleeps) Sleep \(unmatchedSleeps == 1 ? "line has" : "lines have") no Wake-up before the next Sleep; left out, any notes under them kept")
        }
        for day in totals {
            guard let child = ids[day.child] else { continue }
            var mine = counted[child]?[day.date] ?? [:]
            mine[.sleepMinutes] = Self.sleepMinutes(sleeps[child] ?? [], on: day.date, zone: clock.zone)
            for (figure, theirs) in day.values.sorted(by: { $0.value.line < $1.value.line }) {
                let ours = mine[figure] ?? 0
                guard abs(ours - theirs.value) >= 0.5 else { continue }
                family.remark("\(day.file):\(theirs.line): PiyoLog's total \"\(theirs.text)\" for \(day.child.map { "\($0) on " } ?? "")\(day.date) says \(Self.show(theirs.value, figure)), the day's lines give \(Self.show(ours, figure))")
            }
        }
    }

    /// The birthday the most child lines gave (the earliest of those given as often).
    static func mostGiven(_ counts: [LocalDate: Int]?) -> LocalDate? {
        counts?.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// Minutes of sleep within `date` (midnight to midnight), overlaps counted once.
    static func sleepMinutes(_ sleeps: [(Instant, Instant)], on date: LocalDate, zone: Zone) -> Double {
        let midnight = TimeOfDay(hour: 0, minute: 0)!
        let from = zone.instant(on: date, at: midnight), to = zone.instant(on: date.adding(days: 1), at: midnight)
        var total: Int64 = 0
        var reached = from
        for (start, end) in sleeps.sorted(by: { $0.0 < $1.0 }) {
            let clippedStart = max(start, reached), clippedEnd = min(end, to)
            if clippedEnd > clippedStart {
                total += (clippedEnd - clippedStart).milliseconds
                reached = clippedEnd
            }
        }
        return Double(total) / 60_000
    }

    private static func show(_ value: Double, _ figure: Figure) -> String {
        guard abs(value) < 1e15 else { return Quantities.whole(value) }
        let whole = Int64(value.rounded())
        switch figure {
        case .sleepMinutes: return "\(whole / 60)h\(whole % 60)m"
        case .formulaML, .expressedML: return "\(whole) ml"
        case .breastLeft, .breastRight: return "\(whole) min"
        default: return "\(whole)"
        }
    }

    private static func category(_ item: Item) -> String? {
        switch item {
        case .breast, .bottle: "feeding"
        case .pumped: "pumping"
        case .pee, .poop: "diaper"
        case .sleep, .wake: "sleep"
        case .temperature: "temperature"
        case .measurement: "growth"
        case .medicine: "medication"
        case .vaccination: "vaccination"
        case .solids: "solids"
        case .note: nil
        case .other(let label): label.lowercased()
        }
    }
}
