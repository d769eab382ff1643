import Foundation
import Export
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
        let first = text.lineByLine.lazy.map { $0.trimmedSpaces }.first { !$0.isEmpty } ?? ""
        return first.contains("PiyoLog") || first.contains("ぴよログ")
    }

    /// One logged line.
    enum Item: Equatable {
        case breast(left: Double?, right: Double?, first: ExportEvent.Side?)
        case bottle(ml: Double?, formula: Bool)
        case pumped(ml: Double?)
        case pee
        case poop(ExportEvent.StoolColor?, ExportEvent.StoolConsistency?, ExportEvent.StoolAmount?)
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
        let arranged = TimeOrder.arrange(entries.enumerated().map { (row: $0.offset, start: $0.element.reading.millisecondsSinceEpoch) }, zone: clock.zone)
        var book = Book(birthdays: birthdays)
        try family.reserve(rows: entries.count, of: files[0].name)
        for (index, reading) in arranged where family.tooLarge == nil {
            let entry = entries[index]
            guard let child = try book.child(of: entry, children: children, family: &family) else { continue }
            book.add(entry, at: clock.place(LocalDateTime(millisecondsSinceEpoch: reading)), child: child, into: &family)
        }
        book.closeOpenSleeps(into: &family)
        book.check(totals, zone: clock.zone, into: &family)
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

    static func show(_ value: Double, _ figure: Figure) -> String {
        guard abs(value) < 1e15 else { return Quantities.whole(value) }
        let whole = Int64(value.rounded())
        switch figure {
        case .sleepMinutes: return "\(whole / 60)h\(whole % 60)m"
        case .formulaML, .expressedML: return "\(whole) ml"
        case .breastLeft, .breastRight: return "\(whole) min"
        default: return "\(whole)"
        }
    }

    static func category(_ item: Item) -> String? {
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
