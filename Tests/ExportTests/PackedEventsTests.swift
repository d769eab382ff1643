import Foundation
import Testing
import Timekeeping
@testable import Export

/// Events kept packed must read back as they were put, whatever is done to the store.
@Suite struct PackedEventsTests {
    @Test("every event reads back as it was put, every kind and field, in the order put")
    func roundTrip() {
        let events = EventRecordsTests.events
        let packed = PackedEvents(events)
        #expect(packed.count == events.count)
        #expect(Array(packed) == events)
        #expect(packed[events.count - 1] == events[events.count - 1])
    }

    @Test("an event set again reads as set, the others as they were, and a copy keeps its own")
    func setAndCopy() {
        let events = EventRecordsTests.events
        var packed = PackedEvents(events)
        let copy = packed
        var changed = events[3]
        changed.kind = .note(.init(occurredAt: Instant(milliseconds: 7), text: String(repeating: "long ", count: 400_000)))
        packed[3] = changed
        packed.append(events[0])
        #expect(packed[3] == changed)
        #expect(Array(packed[4...]) == Array(events[4...]) + [events[0]])
        #expect(Array(copy) == events, "the copy made before is unchanged")
        packed.swapAt(0, 1)
        packed.removeLast(2)
        #expect(packed[0] == events[1] && packed[1] == events[0] && packed.count == events.count - 1)
    }

    @Test("sorted by a key, events of one key keep the order they had")
    func stableSort() {
        let events = (0..<2_000).map { index in
            ExportEvent(id: "row-\(index)", childID: "child-\(index % 3)",
                        kind: .sleep(.init(startedAt: Instant(milliseconds: Int64((index * 7919) % 50) * 60_000), endedAt: nil)))
        }
        var packed = PackedEvents(events)
        packed.sort { $0.time! }
        let expected = events.enumerated().sorted { ($0.element.time!, $0.offset) < ($1.element.time!, $1.offset) }.map(\.element)
        #expect(Array(packed) == expected)
    }

    @Test("a feed of an app's short row takes 48 bytes at most with its place, 128 as an event")
    func small() {
        var packed = PackedEvents()
        for index in 0..<10_000 {
            packed.append(ExportEvent(id: "0123456789ab-\(index % 10)", childID: "child-0123456789abcdef",
                                      kind: .feeding(.init(startedAt: Instant(milliseconds: 1_420_092_000_000 + Int64(index) * 420_000),
                                                           type: .bottle, amountML: 90))))
        }
        #expect(MemoryLayout<ExportEvent>.stride == 128, "what a packed event is measured against")
        #expect(Double(packed.recordBytes) / Double(packed.count) + 8 <= 48, "\(packed.recordBytes / packed.count) bytes a record")
    }
}
