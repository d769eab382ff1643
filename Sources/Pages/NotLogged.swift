import Days

/// How pages say that a routine kind was not logged: never as a zero (docs/archive.md,
/// "Not logged is not zero").
enum NotLogged {
    /// The routine kinds in the order pages name them, with their labels' keys.
    static let kinds: [(kind: RoutineKinds, label: String)] = [(.feeds, "feeds"), (.diapers, "diapers"), (.sleep, "sleep")]
    /// Wet and dirty diapers, said apart where diapers are logged but one of them is not.
    static let diaperKinds: [(kind: RoutineKinds, label: String)] = [(.wet, "wet_diapers"), (.dirty, "dirty_diapers")]

    /// `4 wet · 1 dirty`; `1 dirty · wet not logged` where the day logged diapers but no wet
    /// one around it; `not logged` without a diaper.
    static func wetAndDirty(_ summary: DaySummary) -> String {
        let logged = summary.logged, diapers = summary.diapers, integer = Format.language.formats.integer
        guard logged.contains(.diapers) else { return text }
        if logged.isSuperset(of: [.wet, .dirty]) { return Format.wetAndDirty(diapers.wet, diapers.dirty) }
        return [logged.contains(.wet) ? Format.text("wet_only", ["wet": integer(diapers.wet)]) : nil,
                logged.contains(.dirty) ? Format.text("dirty_only", ["dirty": integer(diapers.dirty)]) : nil,
                logged.contains(.wet) ? nil : Format.text("wet_not_logged"),
                logged.contains(.dirty) ? nil : Format.text("dirty_not_logged")].compactMap { $0 }.joined(separator: " · ")
    }

    /// `not logged`.
    static var text: String { Format.text("not_logged") }

    /// `value` when `summary` logged `kind`, else `not logged`.
    static func or(_ value: @autoclosure () -> String, _ kind: RoutineKinds, in summary: DaySummary) -> String {
        summary.logged.contains(kind) ? value() : text
    }

    /// Table rows `| Diapers | not logged | – |` for each kind that no counted day of
    /// `figures` logged, with `cells` cells after the label.
    static func rows(_ figures: RangeFigures, cells: Int) -> String {
        let diapersLogged = figures.daysLogging(.diapers) > 0
        return (kinds + (diapersLogged ? diaperKinds : [])).filter { figures.daysLogging($0.kind) == 0 }.map { kind in
            "| \(Format.text(kind.label)) | \(text) |" + String(repeating: " – |", count: max(cells - 1, 0)) + "\n"
        }.joined()
    }

    /// ` Diapers: logged on 3 of these days only; …` for each kind that some but not all
    /// counted days of `figures` logged (one that none logged has its row, ``rows(_:cells:)``).
    static func note(_ figures: RangeFigures) -> String {
        let diapers = figures.daysLogging(.diapers)
        return (kinds + diaperKinds).compactMap { kind in
            let logged = figures.daysLogging(kind.kind)
            // Wet and dirty are said apart only where they differ from diapers as a whole.
            guard logged > 0, logged < figures.days.count, diaperKinds.contains(where: { $0.kind == kind.kind }) ? logged < diapers : true else { return nil }
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
