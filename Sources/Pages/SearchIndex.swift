import Days
import Timekeeping

/// What the search box on the family and child homes looks through: for each child, the
/// run of dates its archive covers (every one can be found by its date), and for the days
/// that have them, the caregivers who logged something and the notes.
public struct SearchIndex: Sendable {
    public struct Child: Sendable {
        public let name: String
        public let slug: ChildSlug
        /// The archive's first day; day `i` of the run is `first + i`.
        public let first: LocalDate
        public let dayCount: Int
        /// Days with something to find besides their date, by position in the run.
        public let entries: [Entry]
    }

    public struct Entry: Sendable {
        public let day: Int
        /// Each caregiver once, in the order they first logged something that day.
        public let caregivers: [String]
        /// The day's notes, as Markdown, in time order.
        public let notes: [String]
    }

    public let children: [Child]
}

extension Site {
    /// The search index of the whole archive.
    public var searchIndex: SearchIndex {
        SearchIndex(children: children.compactMap { child in
            let days = child.days.days
            guard let first = days.first?.date else { return nil }
            let entries = days.enumerated().compactMap { index, day -> SearchIndex.Entry? in
                let entry = SearchIndex.Entry(day: index, caregivers: Self.caregivers(of: day), notes: day.notes.map { $0.text })
                return entry.caregivers.isEmpty && entry.notes.isEmpty ? nil : entry
            }
            return SearchIndex.Child(name: child.days.child.name, slug: child.slug, first: first, dayCount: days.count, entries: entries)
        })
    }

    private static func caregivers(of day: Day) -> [String] {
        let logged = day.feedings.map { ($0.startedAt, $0.info.createdBy) } + day.diapers.map { ($0.occurredAt, $0.info.createdBy) }
            + day.sleeps.map { ($0.startedAt, $0.info.createdBy) } + day.notes.map { ($0.occurredAt, $0.info.createdBy) }
        var seen: Set<String> = []
        // The sort is stable: what was logged at the same moment keeps its order.
        return logged.sorted { $0.0 < $1.0 }.compactMap(\.1).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
