import Dataset
import Days
import Export
import Timekeeping

/// Small hand-made families for the statistics tests, in America/Chicago.
struct Fixture {
    static let chicago = Zone(identifier: "America/Chicago")!

    var name = "Ava"
    var dayStart = TimeOfDay.midnight
    var exportedAt = "2026-11-22T22:00:00-06:00"
    var dateOfBirth = "2026-08-01"
    var events: [ExportEvent.Kind] = []

    /// The instant of an ISO 8601 timestamp with offset (tests spell offsets out).
    static func at(_ text: String) -> Instant {
        guard let instant = ISO8601.instant(from: text) else { fatalError("bad test timestamp \(text)") }
        return instant
    }

    mutating func sleep(_ start: String, _ end: String?) {
        events.append(.sleep(.init(startedAt: Fixture.at(start), endedAt: end.map(Fixture.at))))
    }

    mutating func breast(_ start: String, side: Side, both: Bool = false, minutes: Double? = nil) {
        events.append(.feeding(.init(startedAt: Fixture.at(start), type: .breast, startedSide: side,
                                     bothSides: both, durationMinutes: minutes)))
    }

    mutating func bottle(_ start: String, ml: Double?) {
        events.append(.feeding(.init(startedAt: Fixture.at(start), type: .bottle, amountML: ml)))
    }

    mutating func diaper(_ time: String, _ type: DiaperType) {
        events.append(.diaper(.init(occurredAt: Fixture.at(time), type: type)))
    }

    mutating func note(_ time: String) {
        events.append(.note(.init(occurredAt: Fixture.at(time), text: "note")))
    }

    /// The child's days, computed as a build would.
    func days(napStartMin: TimeOfDay? = nil, napStartMax: TimeOfDay? = nil) -> ChildDays {
        let document = self.document
        let (family, _) = Family.validated(from: document, settings: settings(napStartMin: napStartMin, napStartMax: napStartMax))
        return ChildDays(record: family.children[0], settings: family.settings, exportedAt: family.exportedAt)
    }

    /// The export's settings, with the nap hours given.
    func settings(napStartMin: TimeOfDay? = nil, napStartMax: TimeOfDay? = nil) -> Settings {
        var settings = Settings(export: document.settings)
        settings.napStartMin = napStartMin ?? settings.napStartMin
        settings.napStartMax = napStartMax ?? settings.napStartMax
        return settings
    }

    private var document: ExportDocument {
        ExportDocument(
            exportedAt: Fixture.at(exportedAt),
            settings: ExportSettings(timezone: Fixture.chicago, dayStart: dayStart),
            children: [ExportChild(id: "c", name: name, dateOfBirth: LocalDate(dateOfBirth))],
            events: events.enumerated().map { ExportEvent(id: "e\($0.offset)", childID: "c", kind: $0.element) }
        )
    }
}

extension ChildDays {
    /// The summary of `date` (which must be in the range).
    func summary(_ date: String) -> DaySummary {
        guard let day = day(for: LocalDate(date)!) else { fatalError("\(date) is not in the range") }
        return day.summary
    }
}

extension Duration {
    /// `hours` and `minutes` as a duration, for readable expectations.
    static func h(_ hours: Int64, _ minutes: Int64 = 0) -> Duration {
        .minutes(hours * 60 + minutes)
    }
}
