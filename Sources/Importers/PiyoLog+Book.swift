import Foundation
import Export
import Timekeeping

extension PiyoLog {
    /// What reading PiyoLog's lines in time order keeps track of: each child's id, the sleep
    /// each has begun and not yet woken from, the sleeps made, and the day's figures as the
    /// lines give them, for the app's own totals to be checked against.
    struct Book {
        let birthdays: [String: [LocalDate: Int]]
        private var ids: [String?: String] = [:]
        private var openSleep: [String: (entry: Entry, start: Instant)] = [:]
        private var sleeps: [String: [(Instant, Instant)]] = [:]
        private var counted: [String: [LocalDate: [Figure: Double]]] = [:]
        private var unmatchedSleeps = 0

        init(birthdays: [String: [LocalDate: Int]]) {
            self.birthdays = birthdays
        }

        /// The id of the child of `entry`'s line, given the birthday their age lines give;
        /// nil for another child than the one asked for.
        mutating func child(of entry: Entry, children: ChildChoice, family: inout ImportedFamily) throws(ImportProblem) -> String? {
            if let known = ids[entry.child] { return known }
            guard let id = try children.id(entry.child, column: nil, row: entry.source, app: "PiyoLog", family: &family) else { return nil }
            if children.birthday == nil, let name = entry.child, let birthday = PiyoLog.mostGiven(birthdays[name]) {
                family.setBirthday(birthday, of: id)
            }
            ids[entry.child] = id
            return id
        }

        /// Adds the events of `entry`, logged `at`, for `child`; a sleep waits for its wake-up.
        mutating func add(_ entry: Entry, at: Instant, child: String, into family: inout ImportedFamily) {
            let day = entry.reading.date
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
            case .poop(let color, let consistency, let amount):
                count(.poop)
                kinds.append(.diaper(.init(occurredAt: at, type: .poop, stoolColor: color, stoolConsistency: consistency, stoolAmount: amount)))
            case .sleep:
                return begin(entry, at: at, child: child, into: &family)
            case .wake(let slept):
                guard let start = end(child, wokenAt: at, slept: slept, key: &key, notes: &kinds, family: &family) else { break }
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
            case .note, .other:
                break
            }
            if let note = ImportedFamily.note(entry.notes.joined(separator: "\n"), category: PiyoLog.category(entry.item), at: at) {
                kinds.append(note)
            }
            var outcome = ImportLog.Outcome.read
            if case .other = entry.item { outcome = .leftOut(ImportedFamily.unreadKind) }
            family.add(kinds, child: child, createdBy: nil, row: key, from: entry.source, outcome: outcome)
        }

        /// A `Sleep` line: added with its wake-up, or as a sleep in progress when none
        /// follows; one before it with no wake-up is left out, its notes kept.
        private mutating func begin(_ entry: Entry, at: Instant, child: String, into family: inout ImportedFamily) {
            if let earlier = openSleep[child] {
                unmatchedSleeps += 1
                let note = ImportedFamily.note(earlier.entry.notes.joined(separator: "\n"), category: "sleep", at: earlier.start)
                family.add([note].compactMap { $0 }, child: child, createdBy: nil, row: earlier.entry.key, from: earlier.entry.source,
                           outcome: .leftOut("no wake-up before the next sleep"))
            }
            openSleep[child] = (entry, at)
        }

        /// The start of the sleep a `Wake-up` line ends: its `Sleep` line's (whose key and
        /// notes it takes), else the length it gives; nil when neither is known.
        private mutating func end(_ child: String, wokenAt at: Instant, slept: Double?, key: inout [String], notes: inout [ExportEvent.Kind],
                                  family: inout ImportedFamily) -> Instant? {
            let start: Instant
            if let open = openSleep.removeValue(forKey: child) {
                start = open.start
                key = open.entry.key + key
                family.log.row(file: open.entry.file, line: open.entry.line, kind: open.entry.kind, .read)
                notes += [ImportedFamily.note(open.entry.notes.joined(separator: "\n"), category: "sleep", at: start)].compactMap { $0 }
            } else if let slept {
                start = at.adding(minutes: -slept)
            } else {
                return nil
            }
            sleeps[child, default: []].append((start, at))
            return start
        }

        /// A sleep still open at the end is in progress.
        func closeOpenSleeps(into family: inout ImportedFamily) {
            for (child, open) in openSleep.sorted(by: { $0.key < $1.key }) {
                let note = ImportedFamily.note(open.entry.notes.joined(separator: "\n"), category: "sleep", at: open.start)
                family.add([.sleep(.init(startedAt: open.start, endedAt: nil))] + [note].compactMap { $0 }, child: child, createdBy: nil,
                           row: open.entry.key, from: open.entry.source)
            }
            if unmatchedSleeps > 0 {
                family.remark("\(unmatchedSleeps) Sleep \(unmatchedSleeps == 1 ? "line has" : "lines have") no Wake-up before the next Sleep; left out, any notes under them kept")
            }
        }

        /// The app's totals against the day's lines (sleep clipped to midnight, overlaps once);
        /// each disagreement is a remark with its line.
        func check(_ totals: [Totals], zone: Zone, into family: inout ImportedFamily) {
            for day in totals {
                guard let child = ids[day.child] else { continue }
                var mine = counted[child]?[day.date] ?? [:]
                mine[.sleepMinutes] = PiyoLog.sleepMinutes(sleeps[child] ?? [], on: day.date, zone: zone)
                for (figure, theirs) in day.values.sorted(by: { $0.value.line < $1.value.line }) {
                    let ours = mine[figure] ?? 0
                    guard abs(ours - theirs.value) >= 0.5 else { continue }
                    family.remark("\(day.file):\(theirs.line): PiyoLog's total \"\(theirs.text)\" for \(day.child.map { "\($0) on " } ?? "")\(day.date) says \(PiyoLog.show(theirs.value, figure)), the day's lines give \(PiyoLog.show(ours, figure))")
                }
            }
        }
    }
}
