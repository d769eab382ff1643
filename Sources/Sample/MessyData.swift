import Export
import Timekeeping

/// The data problems of docs/inputs.md, as real tracking apps produce them, put into a sample.
enum MessyData {
    /// Adds, at fixed random places, each kind of problem: overlapping sleeps, a sleep
    /// that ends before it starts, events after the export, an unknown child, duplicate
    /// ids, negative durations and amounts, a forgotten sleep timer, a mistyped bottle,
    /// and event types from a newer app.
    static func spoil(_ document: inout ExportDocument, random: inout RandomSource) {
        guard let child = document.children.first?.id else { return }
        let own = document.events.indices.filter { document.events[$0].childID == child }
        guard own.count > 20 else { return }
        func sample(_ predicate: (ExportEvent) -> Bool) -> ExportEvent? {
            let matching = own.map { document.events[$0] }.filter(predicate)
            return matching.isEmpty ? nil : random.pick(matching)
        }
        func isSleep(_ event: ExportEvent) -> Bool {
            if case .sleep(let sleep) = event.kind { return sleep.endedAt != nil }
            return false
        }
        var additions: [ExportEvent] = []
        func add(_ kind: ExportEvent.Kind, childID: String = child, id: String? = nil) {
            additions.append(ExportEvent(id: id ?? random.uuid(), childID: childID, kind: kind))
        }

        // Two caregivers logging the same nap, a little apart.
        for _ in 0..<2 {
            if let nap = sample(isSleep), case .sleep(let sleep) = nap.kind, let end = sleep.endedAt {
                add(.sleep(.init(startedAt: sleep.startedAt + .minutes(10), endedAt: end + .minutes(5))))
            }
        }
        // Start and end entered the wrong way round.
        if let nap = sample(isSleep), case .sleep(let sleep) = nap.kind, let end = sleep.endedAt {
            add(.sleep(.init(startedAt: end + .hours(48), endedAt: sleep.startedAt + .hours(48))))
        }
        // A clock set wrong on one phone: events after the export.
        add(.diaper(.init(occurredAt: document.exportedAt + .hours(2), type: .pee)))
        add(.note(.init(occurredAt: document.exportedAt + .hours(26), text: "Written on a phone whose clock was a day ahead.")))
        // A child deleted from the family, whose events stayed behind.
        add(.feeding(.init(startedAt: document.exportedAt - .hours(30), type: .bottle, amountML: 120)), childID: random.uuid())
        // An event exported twice.
        if let repeated = sample({ _ in true }) {
            additions.append(repeated)
        }
        // Negative values from a bad edit.
        add(.feeding(.init(startedAt: document.exportedAt - .hours(50), type: .breast, startedSide: .left, durationMinutes: -12)))
        add(.feeding(.init(startedAt: document.exportedAt - .hours(53), type: .bottle, amountML: -60)))
        // A sleep timer left running for a day and a half.
        add(.sleep(.init(startedAt: document.exportedAt - .hours(120), endedAt: document.exportedAt - .hours(84))))
        // 650 ml typed for 65.
        add(.feeding(.init(startedAt: document.exportedAt - .hours(75), type: .bottle, amountML: 650)))
        // A pale stool, the colour a parent should show the doctor.
        add(.diaper(.init(occurredAt: document.exportedAt - .hours(30), type: .poop, stoolColor: .pale)))
        // A temperature typed in Fahrenheit, and a weight in grams.
        add(.temperature(.init(occurredAt: document.exportedAt - .hours(40), celsius: 100.4)))
        add(.measurement(.init(occurredAt: document.exportedAt - .hours(44), weightKG: 6420)))
        // Types from a newer app.
        add(.unknown(type: "bath"))
        add(.unknown(type: "playtime"))

        for event in additions {
            document.events.insert(event, at: random.integer(0...document.events.count))
        }
    }
}
