import Dataset
import Days
import Timekeeping

/// The part of the family a build is asked for: some children (`--child`, by id or name)
/// and some dates (`--from`, `--to`).
enum ChildSelection {
    /// The records of the children named in `asked` (all when it is empty), in the export's order.
    static func records(_ records: [ChildRecord], asked: [String]) throws(Diagnostic) -> [ChildRecord] {
        guard !asked.isEmpty else { return records }
        for name in asked where !records.contains(where: { matches($0.child, name) }) {
            let known = records.map { "\($0.child.name) (id \($0.child.id))" }
            throw Diagnostic(.error, "no child is called \"\(name)\"; the export has \(known.isEmpty ? "no children" : list(known))",
                             hint: "give --child a name or an id from the export", exitStatus: ExitStatus.usage)
        }
        return records.filter { record in asked.contains { matches(record.child, $0) } }
    }

    /// The most children one archive is built for, and the most days worked out for them
    /// in all (every day from a child's first event to the export's, whatever `--from` and
    /// `--to` show). A family's export has a few children and a few thousand days each (the
    /// 3-year sample of two: 2,190); a file listing thousands of children, or a first event
    /// decades early for each, would have a build write hundreds of thousands of pages and
    /// take gigabytes of memory before it could say anything was wrong.
    static let maximumChildren = 100
    static let maximumDays = 100_000

    /// Refuses a build of more than ``maximumChildren`` children or ``maximumDays`` days,
    /// before any day is worked out; `source` names the export in the message.
    static func checkBounds(_ records: [ChildRecord], settings: Settings, exportedAt: Instant, source: String) throws(Diagnostic) {
        guard records.count <= maximumChildren else {
            throw Diagnostic(.error, "\(source): the export has \(Count.grouped(records.count)) children; one archive is built for at most \(maximumChildren)",
                             hint: "check that this is one family's export, or choose the children with --child",
                             exitStatus: ExitStatus.badData)
        }
        let calendar = DayCalendar(zone: settings.zone, dayStart: settings.dayStart)
        let spans = records.map { record in
            let dates = ChildDays.dates(of: record, in: calendar, exportedAt: exportedAt)
            return (child: record.child, dates: dates, count: dates.upperBound.days(since: dates.lowerBound) + 1)
        }
        let total = spans.reduce(0) { $0 + $1.count }
        guard total > maximumDays, let longest = spans.max(by: { $0.count < $1.count }) else { return }
        throw Diagnostic(.error, "\(source): the archive would hold \(Count.grouped(total)) days (\(longest.child.name)'s run from "
                             + "\(longest.dates.lowerBound) to \(longest.dates.upperBound)); one archive holds at most \(Count.grouped(maximumDays))",
                         hint: "an event dated years too early makes every day since then part of the archive: check the earliest "
                             + "events, or choose fewer children with --child",
                         exitStatus: ExitStatus.badData)
    }

    /// Each child's days within `from`…`to`; a child with none there is left out with a
    /// warning, and a range that holds nobody's days is an error.
    static func limited(_ children: [ChildDays], from: LocalDate?, to: LocalDate?,
                        warn: (Diagnostic) -> Void) throws(Diagnostic) -> [ChildDays] {
        guard from != nil || to != nil else { return children }
        let range = "\(from.map { "from \($0)" } ?? "")\(from != nil && to != nil ? " " : "")\(to.map { "to \($0)" } ?? "")"
        let limited = children.map { $0.limited(from: from, to: to) }
        let kept = limited.filter { !$0.days.isEmpty }
        if kept.isEmpty, !children.isEmpty {
            let spans = children.map { "\($0.child.name)'s archive runs \(span(of: $0))" }
            throw Diagnostic(.error, "no days \(range) to build: \(list(spans))",
                             hint: "choose dates inside the archive, or leave out --from and --to", exitStatus: ExitStatus.usage)
        }
        for (child, limited) in zip(children, limited) where limited.days.isEmpty {
            warn(Diagnostic(.warning, "\(child.child.name) has no days \(range) (the archive runs \(span(of: child))); left out"))
        }
        return kept
    }

    /// Whether `name` is the child's id or name — whole, or cut as the export's name was
    /// when it was too long to keep.
    private static func matches(_ child: Child, _ name: String) -> Bool {
        child.id == name || child.name.lowercased() == name.lowercased()
            || (child.name.count == Family.longestName && child.name.lowercased() == String(name.prefix(Family.longestName)).lowercased())
    }

    private static func span(of child: ChildDays) -> String {
        guard let first = child.days.first, let last = child.days.last else { return "nowhere" }
        return "\(first.date) to \(last.date)"
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
