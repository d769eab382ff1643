import Dataset
import Days
import Export
import Timekeeping

/// The first use of the stages a build runs on one core, one after another — decoding
/// the export's own fields, validating the family, working out its days — made on a day
/// of one child with an event of every kind, on a thread of its own while the arguments
/// are parsed or the build starts (``Report/prepareBuild()``). Whatever a type
/// is used for first costs the Swift runtime a search of the program's 6,000 conformance
/// records (a dictionary keyed by a type of the program's own made for the first time,
/// Foundation's decoder on the export's own fields): 0.6–0.8 ms of a one-more-day build's
/// decoding and 0.3–0.4 ms of its validation were these searches. Made later, beside the
/// decoding, the three threads then running on two cores slowed the decoding by more. A
/// build with nothing to do spends 1–1.4 ms of the other core's time on it, and none of
/// its own. Nothing made here is kept; the build's own work is the same whatever this does.
enum FirstUse {
    /// Decodes, validates and works out the days of that one child's day.
    static func prepare() {
        guard var document = ExportReader.prepareDecoding(), let child = document.children.first else { return }
        document.events = everyKind(of: child.id, before: document.exportedAt)
        let (family, _) = Family.validated(from: document)
        for record in family.children {
            _ = ChildDays(record: record, settings: family.settings, exportedAt: family.exportedAt)
        }
    }

    /// An event of every kind (a feed of each type), in the hours before `end`: one switch
    /// over the kinds, so that a new kind cannot be left out.
    static func everyKind(of child: String, before end: Instant) -> [ExportEvent] {
        func hoursBefore(_ hours: Int64) -> Instant { Instant(milliseconds: end.milliseconds - hours * 3_600_000) }
        let kinds = ExportEvent.KindName.allCases.flatMap { name -> [ExportEvent.Kind] in
            switch name {
            case .sleep: [.sleep(.init(startedAt: hoursBefore(12), endedAt: hoursBefore(9)))]
            case .feeding: [.feeding(.init(startedAt: hoursBefore(9), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 20)),
                            .feeding(.init(startedAt: hoursBefore(1), type: .bottle, amountML: 120))]
            case .diaper: [.diaper(.init(occurredAt: hoursBefore(8), type: .poop, stoolColor: .yellow))]
            case .measurement: [.measurement(.init(occurredAt: hoursBefore(7), weightKG: 4.2, lengthCM: 55, headCircumferenceCM: 37))]
            case .temperature: [.temperature(.init(occurredAt: hoursBefore(6), celsius: 37.1))]
            case .medication: [.medication(.init(occurredAt: hoursBefore(5), name: "vitamin D", dose: "1 drop"))]
            case .pumping: [.pumping(.init(startedAt: hoursBefore(4), amountML: 90, durationMinutes: 15, side: .both))]
            case .solids: [.solids(.init(occurredAt: hoursBefore(3), food: "pear", reaction: "liked"))]
            case .tummyTime: [.tummyTime(.init(startedAt: hoursBefore(2), durationMinutes: 10))]
            case .note: [.note(.init(occurredAt: hoursBefore(1), text: "a *good* day", category: "milestone"))]
            case .vaccination: [.vaccination(.init(occurredAt: hoursBefore(11), name: "HepB", dose: "1"))]
            case .milestone: [.milestone(.init(occurredAt: hoursBefore(10), text: "first smile"))]
            case .crying: [.crying(.init(startedAt: hoursBefore(13), endedAt: hoursBefore(12), note: "settled on the shoulder"))]
            }
        }
        return kinds.enumerated().map { ExportEvent(id: "first-use-\($0.offset)", childID: child, createdBy: "Dad", kind: $0.element) }
    }
}
