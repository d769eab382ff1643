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

    private static func matches(_ child: Child, _ name: String) -> Bool {
        child.id == name || child.name.lowercased() == name.lowercased()
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
