import Days

/// How pages say that a routine kind was not logged: never as a zero (docs/archive.md,
/// "Not logged is not zero").
enum NotLogged {
    /// The routine kinds in the order pages name them, with their labels' keys.
    static let kinds: [(kind: RoutineKinds, label: String)] = [(.feeds, "feeds"), (.diapers, "diapers"), (.sleep, "sleep")]

    /// `not logged`.
    static var text: String { Format.text("not_logged") }

    /// `value` when `summary` logged `kind`, else `not logged`.
    static func or(_ value: @autoclosure () -> String, _ kind: RoutineKinds, in summary: DaySummary) -> String {
        summary.logged.contains(kind) ? value() : text
    }

    /// Table rows `| Diapers | not logged | – |` for each kind that no counted day of
    /// `figures` logged, with `cells` cells after the label.
    static func rows(_ figures: RangeFigures, cells: Int) -> String {
        kinds.filter { figures.daysLogging($0.kind) == 0 }.map { kind in
            "| \(Format.text(kind.label)) | \(text) |" + String(repeating: " – |", count: max(cells - 1, 0)) + "\n"
        }.joined()
    }

    /// ` Diapers: logged on 3 of these days only; …` for each kind that some but not all
    /// counted days of `figures` logged (one that none logged has its row, ``rows(_:cells:)``).
    static func note(_ figures: RangeFigures) -> String {
        kinds.compactMap { kind in
            let logged = figures.daysLogging(kind.kind)
            guard logged > 0, logged < figures.days.count else { return nil }
            return " " + Format.text("kind_logged_some", count: logged, ["kind": Format.text(kind.label)])
        }.joined()
    }

    /// Whether any of `days` logged `kind`: a table's column for a kind none logged is
    /// left out, and ``missingColumnsNote(_:)`` or a row of means says so.
    static func anyLogged(_ kind: RoutineKinds, in days: [Day]) -> Bool {
        days.contains { $0.summary.logged.contains(kind) }
    }

    /// `Sleep: not logged on any of these days.` for each kind none of `days` logged, on
    /// lines of their own; empty when every kind has a day.
    static func missingColumnsNote(_ days: [Day]) -> String {
        guard days.contains(where: { !$0.isEmpty }) else { return "" }
        let missing = kinds.filter { !anyLogged($0.kind, in: days) }
        return missing.isEmpty ? "" : "\n" + missing.map { Format.text("kind_not_logged_any", ["kind": Format.text($0.label)]) }.joined(separator: " ") + "\n"
    }
}
