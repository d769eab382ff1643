import Days
import Export
import Timekeeping

/// What the search box on the family and child homes looks through: for each child, the
/// run of dates its archive covers (every one can be found by its date), and for the days
/// that have them, the caregivers who logged something, the notes, and the words of the
/// health entries: a fever, a medicine, a food and its reaction, a stool colour.
public struct SearchIndex: Sendable {
    public struct Child: Sendable {
        public let name: String
        public let slug: ChildSlug
        /// The archive's first day; day `i` of the run is `first + i`.
        public let first: LocalDate
        public let dayCount: Int
        /// The days before this one in the run have their entries in an earlier build's
        /// index, to be copied from there; `entries` starts with this day.
        public let start: Int
        /// Days with something to find besides their date, by position in the run.
        public let entries: [Entry]
    }

    public struct Entry: Sendable {
        public let day: Int
        /// Each caregiver once, in the order they first logged something that day.
        public let caregivers: [String]
        /// The day's notes, as Markdown, in time order.
        public let notes: [String]
        /// A line for each health entry and stool colour, as the day page words it:
        /// `Temperature 38.4 °C, fever`, `Medicine Paracetamol · 2.5 ml`.
        public let events: [String]
    }

    public let children: [Child]
}

extension Site {
    /// The search index of the whole archive, but for each child's first `reused(child)`
    /// days, whose entries an earlier build's index holds.
    public func searchIndex(reusing reused: (Child) -> Int = { _ in 0 }) -> SearchIndex {
        speaking { searchIndexOfAll(reusing: reused) }
    }

    private func searchIndexOfAll(reusing reused: (Child) -> Int) -> SearchIndex {
        SearchIndex(children: children.compactMap { child in
            let days = child.days.days
            guard let first = days.first?.date else { return nil }
            let start = min(max(reused(child), 0), days.count)
            let entries = days[start...].indices.compactMap { index -> SearchIndex.Entry? in
                let day = days[index]
                let entry = SearchIndex.Entry(day: index, caregivers: Self.caregivers(of: day), notes: day.notes.map { $0.text },
                                              events: events(of: day, born: child.days.child.dateOfBirth))
                return entry.caregivers.isEmpty && entry.notes.isEmpty && entry.events.isEmpty ? nil : entry
            }
            return SearchIndex.Child(name: child.days.child.name, slug: child.slug, first: first, dayCount: days.count,
                                     start: start, entries: entries)
        })
    }

    /// The day's health entries and stool colours in words, in the family's units; a
    /// temperature at the fever threshold for the child's age says `fever`.
    private func events(of day: Day, born: LocalDate?) -> [String] {
        Self.searchKindOrder.flatMap { lines(of: $0, in: day, born: born) }
    }

    /// Every kind, in the order a day's search entry lists them (`FirstUseTests` holds it to
    /// every kind there is).
    static let searchKindOrder: [ExportEvent.KindName] = [.temperature, .medication, .solids, .diaper, .vaccination, .milestone, .measurement,
                                                    .pumping, .tummyTime, .crying, .feeding, .sleep, .note]

    /// What the search finds of one kind's entries of `day`.
    private func lines(of kind: ExportEvent.KindName, in day: Day, born: LocalDate?) -> [String] {
        let units = settings.units, zone = settings.zone
        func line(_ label: String, _ text: String) -> String {
            Format.text("search_line", ["label": Format.text(label), "text": text])
        }
        switch kind {
        case .temperature:
            return day.health.temperatures.map { temperature in
                let fever = AgeContext.isFever(temperature, born: born, zone: zone)
                let value = Format.temperature(celsius: temperature.celsius, in: units.temperature)
                return Format.text(fever ? "search_temperature_fever" : "search_line", ["label": Format.text("temperature"), "text": value])
            }
        case .medication:
            return day.health.medications.map { line("medicine_heading", MedicineTable.name($0)) }
        case .solids:
            return day.health.solids.map { line("solids", [$0.food, $0.reaction].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")) }
        case .diaper:
            return day.diapers.compactMap { diaper in
                guard diaper.isDirty, diaper.stoolColor != nil || diaper.stoolConsistency != nil || diaper.stoolAmount != nil else { return nil }
                let stool = EntryText.stool(diaper)
                return stool.isEmpty ? nil : line("stool", stool.joined(separator: " · "))
            }
        case .vaccination:
            return day.health.vaccinations.map { line("vaccination", $0.name + ($0.dose.map { " · " + Format.text("dose_value", ["dose": $0]) } ?? "")) }
        case .milestone:
            return day.health.milestones.map { line("milestone", $0.text) }
        case .measurement:
            return day.health.measurements.map { measurement in
                line("growth", GrowthSeries.Kind.allCases.compactMap { kind in measurement.value(kind).map { Format.growth($0, kind, in: units) } }.joined(separator: " · "))
            }
        case .pumping:
            return day.health.pumpings.map { line("pumping", HealthText.pumping($0, units: units)) }
        case .tummyTime:
            return day.health.tummyTimes.map { _ in Format.text("tummy_time") }
        case .crying:
            return day.health.cryings.map { line("crying", CryingText.spell($0, zone: zone, note: { $0 })) }
        case .feeding, .sleep, .note:
            // A day is found by its date; its notes' text and caregivers are in the entry
            // beside these lines. A feed or a sleep alone has no word to look for.
            return []
        }
    }

    /// Each caregiver once, in the order of the first thing each logged that day; what was
    /// logged at the same moment in the order feedings, diapers, sleeps, notes. Only the
    /// caregivers are sorted, not every entry of the day (most have no caregiver at all).
    private static func caregivers(of day: Day) -> [String] {
        var earliest: [(name: String, at: Instant, place: Int)] = []
        var index: [String: Int] = [:]
        var place = 0
        func logged(_ at: Instant, by name: String?) {
            defer { place += 1 }
            guard let name, !name.isEmpty else { return }
            if let known = index[name] {
                if at < earliest[known].at { earliest[known] = (name, at, place) }
            } else {
                index[name] = earliest.count
                earliest.append((name, at, place))
            }
        }
        for feeding in day.feedings { logged(feeding.startedAt, by: feeding.info.createdBy) }
        for diaper in day.diapers { logged(diaper.occurredAt, by: diaper.info.createdBy) }
        for sleep in day.sleeps { logged(sleep.startedAt, by: sleep.info.createdBy) }
        for note in day.notes { logged(note.occurredAt, by: note.info.createdBy) }
        return earliest.sorted { ($0.at, $0.place) < ($1.at, $1.place) }.map(\.name)
    }
}
