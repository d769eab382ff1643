import Export
import Timekeeping

/// Makes realistic, deterministic Baby Basics exports: newborn-to-toddler patterns,
/// DST crossings, Markdown notes, caregivers and a sleep in progress at export time.
public enum SampleGenerator {
    static let names = ["Ava", "Leo", "Zoë", "Noah", "Mia", "Eli", "Nora", "Sam"]
    /// How old each child is on the first day, in days: a newborn, an older sibling, …
    static let agesAtStart = [3, 190, 400, 60, 600, 120, 900, 30]
    /// How much each child is breastfed, by age: mostly, bottle-fed, mixed, …
    static let breastShares = [
        GrowthCurve([(0, 0.85), (180, 0.75), (365, 0.5), (540, 0.3), (730, 0.1)]),
        GrowthCurve([(0, 0.3), (90, 0.1), (150, 0)]),
        GrowthCurve([(0, 0.6), (180, 0.5), (365, 0.2), (540, 0)]),
    ]

    /// The export described by `options`.
    public static func document(_ options: SampleOptions) -> ExportDocument {
        let zone = SampleOptions.zone
        let exportedAt = zone.instant(on: options.end, at: TimeOfDay(hour: 22, minute: 0)!)
        let first = options.end.adding(days: -(options.days - 1))
        var random = RandomSource(seed: options.seed)

        var children: [ExportChild] = []
        var events: [ExportEvent] = []
        for index in 0..<options.children {
            let name = names[index % names.count] + (index >= names.count ? " \(index / names.count + 1)" : "")
            var child = ExportChild(
                id: random.uuid(), name: name,
                dateOfBirth: first.adding(days: -agesAtStart[index % agesAtStart.count])
            )
            // Growth and health draw from their own sources: the routine is the same either way.
            let seed = options.seed &* 1_000_003 &+ UInt64(index)
            var facts = RandomSource(seed: seed ^ 0x6269_7274_68)
            child = HealthSimulation.facts(of: child, index: index, random: &facts)
            let breastShare = breastShares[index % breastShares.count]
            var simulation = ChildSimulation(child: child, zone: zone, exportedAt: exportedAt, breastShare: breastShare, seed: seed)
            simulation.live(first...options.end)
            var routine = simulation.events
            var health = HealthSimulation(child: child, zone: zone, breastfed: breastShare.value(atAge: 0) >= 0.5, seed: seed)
            health.live(first...options.end, exportedAt: exportedAt, routine: &routine)
            children.append(child)
            events += routine + health.events
        }
        events = events.enumerated()
            .sorted { ($0.element.time!, $0.offset) < ($1.element.time!, $1.offset) }
            .map(\.element)

        var document = ExportDocument(
            exportedAt: exportedAt,
            settings: ExportSettings(
                timezone: zone, dayStart: SampleOptions.dayStart, units: .ml,
                theme: ExportTheme(
                    palette: "warm-nightlight", categoryStrategy: "desaturated-jewel", iconStyle: "filled",
                    childOverrides: children.count > 1 ? [(children[1].id, ExportTheme(palette: "ocean-calm"))] : []
                )
            ),
            children: children,
            events: events
        )
        if options.messy {
            MessyData.spoil(&document, random: &random)
        }
        return document
    }
}
