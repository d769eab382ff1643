import Bytes
import Foundation
import Sample
import Testing
import Timekeeping
@testable import Export

/// Events kept as records must read back exactly as they were decoded, or not at all.
@Suite struct EventRecordsTests {
    /// A sample's events (messy data: every kind the app writes, and odd values), and one
    /// of each kind with every optional field given and none given.
    static let events: [ExportEvent] = {
        var options = SampleOptions(children: 3, days: 60, seed: 4)
        options.messy = true
        var events = SampleGenerator.document(options).events
        let time = Instant(milliseconds: 1_763_700_000_123)
        let kinds: [ExportEvent.Kind] = [
            .feeding(.init(startedAt: time, type: .breast, startedSide: .right, bothSides: true, durationMinutes: -0.0, amountML: 1e300)),
            .feeding(.init(startedAt: time, type: .bottle)),
            .diaper(.init(occurredAt: time, type: .dry, stoolColor: .pale)), .diaper(.init(occurredAt: time, type: .pee)),
            .diaper(.init(occurredAt: time, type: .both, stoolColor: .green, stoolConsistency: .watery, stoolAmount: .large)),
            .diaper(.init(occurredAt: time, type: .poop, stoolAmount: .small)),
            .sleep(.init(startedAt: time, endedAt: nil)), .sleep(.init(startedAt: time, endedAt: Instant(milliseconds: -5))),
            .note(.init(occurredAt: time, text: "caf\u{E9} \u{1F600}\n\"quoted\"", category: "")), .note(.init(occurredAt: time, text: "")),
            .measurement(.init(occurredAt: time, weightKG: 3.25, lengthCM: nil, headCircumferenceCM: 34.1)),
            .measurement(.init(occurredAt: time, weightKG: nil, lengthCM: 50, headCircumferenceCM: nil)),
            .measurement(.init(occurredAt: time, weightKG: 4.1, untimed: true)),
            .temperature(.init(occurredAt: time, celsius: 37.8)),
            .medication(.init(occurredAt: time, name: "Vitamin D", dose: "400 IU")), .medication(.init(occurredAt: time, name: "x", dose: nil)),
            .pumping(.init(startedAt: time, amountML: 90, durationMinutes: 15, side: .both)), .pumping(.init(startedAt: time, amountML: nil, durationMinutes: nil, side: nil)),
            .solids(.init(occurredAt: time, food: "pear", reaction: "liked it")), .solids(.init(occurredAt: time, food: nil, reaction: nil)),
            .tummyTime(.init(startedAt: time, durationMinutes: 12.5)),
            .medication(.init(occurredAt: time, name: "Paracetamol", dose: "2.5 ml", nextDoseIntervalMinutes: 240)),
            .vaccination(.init(occurredAt: time, name: "MMR", dose: "1")), .vaccination(.init(occurredAt: time, name: "BCG")),
            .milestone(.init(occurredAt: time, text: "First steps\n*three* of them")),
            .crying(.init(startedAt: time, endedAt: Instant(milliseconds: time.milliseconds + 1_800_000), note: "on the shoulder")),
            .crying(.init(startedAt: time, durationMinutes: 12.5)), .crying(.init(startedAt: time)),
            .unknown(type: "bath"),
        ]
        for (index, kind) in kinds.enumerated() {
            // Every other id a UUID as the app writes them (kept as its bytes), the rest text.
            let id = index % 2 == 0 ? "0000\(index % 10)abc-def0-4000-8000-00000000\(1000 + index)" : "every-\(index)"
            events.append(ExportEvent(id: id, childID: index % 2 == 0 ? "child-\(index)" : "c", createdBy: index % 3 == 0 ? "Grandma" : nil,
                                      updatedAt: index % 4 == 0 ? time : nil, kind: kind))
        }
        return events
    }()

    static func written(_ events: some Sequence<ExportEvent>) -> [UInt8] {
        var writer = RecordWriter()
        EventRecords.write(events, into: &writer)
        return writer.bytes.array
    }

    @Test("every event reads back as it was written, every kind and every field given or not")
    func roundTrip() throws {
        let bytes = Self.written(Self.events)
        let read = try #require(EventRecords.read(bytes, count: Self.events.count))
        #expect(read.events == Self.events)
        #expect(read.end == bytes.count)
        #expect(read.events.map { $0.kind }.contains { if case .feeding(let f) = $0 { f.durationMinutes?.sign == .minus } else { false } })
        #expect(EventRecords.read(bytes, count: Self.events.count + 1) == nil)
        // Records read in place inside a larger file (an index's): where they end is
        // counted from their own start.
        let file = Array("header".utf8) + bytes + Array("trailer".utf8)
        let inPlace = file[6..<(6 + bytes.count)]
        var end: Int?
        let events = [ExportEvent](unsafeUninitializedCapacity: Self.events.count) { buffer, initialized in
            end = EventRecords.read(inPlace, into: buffer)?.end
            initialized = end == nil ? 0 : Self.events.count
        }
        #expect(events == Self.events && end == bytes.count)
    }

    @Test("an event read back is made field by field in its place: those fields are every stored property of an event")
    func everyStoredProperty() throws {
        let event = try #require(Self.events.first)
        let stored = Mirror(reflecting: event).children.compactMap(\.label)
        #expect(stored == ["eventID", "childID", "createdBy", "updatedAt", "kind"])
    }

    @Test("records written after some read back continue them: the same bytes as all written at once")
    func continued() throws {
        let all = Self.written(Self.events)
        for cut in [0, 1, 17, Self.events.count / 2, Self.events.count - 1, Self.events.count] {
            let read = try #require(EventRecords.read(all, count: cut))
            let bytes = ByteBuffer()
            bytes.append(Array(all[..<read.end]))
            var writer = RecordWriter(into: bytes, childIDs: read.childIDs)
            EventRecords.write(Self.events[cut...], into: &writer)
            #expect(bytes.array == all, "cut at \(cut)")
        }
    }

    @Test("damaged records are refused or read as something, never a crash")
    func damaged() {
        let bytes = Self.written(Self.events.prefix(300))
        var generator = RandomSource(seed: 12)
        for _ in 0..<2_000 {
            var damaged = bytes
            if generator.next() % 3 == 0 {
                damaged.removeLast(1 + Int(generator.next() % UInt64(damaged.count)))
            } else {
                for _ in 0...Int(generator.next() % 3) {
                    damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            if let read = EventRecords.read(damaged, count: 300) {
                #expect(read.events.count == 300)
            }
        }
    }

    @Test("an export read after the one before takes its shared events from the records only when the same program made them")
    func sameProgram() throws {
        let base = ExportIndexTests.base
        let first = try ExportReader.decode(base, file: "a.json", previous: nil, program: [1])
        let index = try #require(first.index())
        let next = Data(String(decoding: base, as: UTF8.self).replacingOccurrences(of: "2026-11-21T22:00:00Z", with: "2026-11-22T22:00:00Z").utf8)
        let plain = try ExportReader.decode(next, file: "b.json")
        let same = try ExportReader.decode(next, file: "b.json", previous: index, program: [1])
        #expect(same.eventsReadBack == 700)
        #expect(same.document == plain)
        #expect(try same.index() == ExportReader.decode(next, file: "b.json", previous: nil, program: [1]).index())
        let other = try ExportReader.decode(next, file: "b.json", previous: index, program: [2])
        #expect(other.sharedEvents == 700 && other.eventsReadBack == 0)
        #expect(other.document == plain)
    }
}

extension EventRecords {
    /// The first `count` events of `bytes` in an array of their own, where they end, and
    /// the child ids met in them; nil when the bytes are not `count` whole records.
    static func read(_ bytes: [UInt8], count: Int) -> (events: [ExportEvent], end: Int, childIDs: [String])? {
        var read: (end: Int, childIDs: [String])?
        let events = [ExportEvent](unsafeUninitializedCapacity: count) { buffer, initialized in
            read = Self.read(bytes[...], into: UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = read == nil ? 0 : count
        }
        return read.map { (events, $0.end, $0.childIDs) }
    }
}
