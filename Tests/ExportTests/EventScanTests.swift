import Foundation
import Sample
import Testing
@testable import Export

/// The quick scan of an event must read exactly what Foundation's decoder reads, or give up.
@Suite struct EventScanTests {
    /// The scan's event and Foundation's for one object's text; the scan's is nil when it
    /// gives up, Foundation's when it refuses the object.
    static func both(_ text: String) -> (scan: ExportEvent?, foundation: ExportEvent?) {
        let data = Data(text.utf8)
        let scan = data.withUnsafeBytes { bytes in
            EventScan.events(in: bytes, [0..<bytes.count][...])?.first
        }
        return (scan, try? JSONDecoder().decode(ExportEvent.self, from: data))
    }

    static let base = #"{"id": "e1", "child_id": "c", "#

    @Test("what the scan reads, it reads as Foundation does", arguments: [
        base + #""type": "feeding", "started_at": "2026-11-21T03:00:00-06:00", "feeding_type": "bottle", "amount_ml": 120}"#,
        base + #""type": "feeding", "started_at": "2026-11-21T03:00:00.250Z", "feeding_type": "breast", "started_side": "left", "both_sides": true, "duration_minutes": 12.75}"#,
        base + #""type": "feeding", "started_at": "2026-11-21T03:00:00Z", "feeding_type": "bottle", "amount_ml": 1.5e2, "duration_minutes": -0}"#,
        base + #""type": "feeding", "started_at": "2026-11-21T03:00:00Z", "feeding_type": "bottle", "amount_ml": 0.1000000000000000055511151231257827}"#,
        base + #""type": "diaper", "occurred_at": "2026-11-21T03:00:00Z", "diaper_type": "both", "created_by": "Dad \"D\" \\ \/ \u00e9 \ud83d\ude00 \t\n\r\b\f"}"#,
        base + #""type": "note", "occurred_at": "2026-11-21T03:00:00Z", "text": "x", "text": "second", "category": null}"#,
        base + #""type": "sleep", "started_at": "2026-11-21T03:00:00Z", "ended_at": null, "future": {"a": [1, {"b": "}]\""}], "c": null}, "more": [[], {}]}"#,
        base + #""type": "sleep", "started_at": "2026-11-21T03:00:00Z", "ended_at": "2026-11-21T05:00:00+01:00", "updated_at": "2026-11-22T00:00:00Z"}"#,
        base + #""type": "bath", "started_at": {"not": "read"}, "amount_ml": "any"}"#,
        #"{ "id" : "e1" , "child_id":"c","type" : "note" , "occurred_at" : "2026-11-21T03:00:00Z" , "text" : "" }"#,
        #"{"id": "e1", "child_id": "c", "type": "note", "occurred_at": "2026-11-21T03:00:00Z", "text": "caf\u00e9 \u0000 ✓"}"#,
    ])
    func same(text: String) {
        let (scan, foundation) = Self.both(text)
        #expect(scan != nil, "the scan gave up on \(text)")
        #expect(scan == foundation)
    }

    @Test("what the scan is unsure of, or what is wrong, it leaves to Foundation", arguments: [
        // Foundation reads these; the scan does not try.
        #"{"id": "e1", "child_id": "c", "typ\u0065": "note", "occurred_at": "2026-11-21T03:00:00Z", "text": "x"}"#,
        #"{"id": "e1", "child_id": "c", "type": "note", "occurred_at": "2026-11-21T03:00:00Z", "text": "x", "tëxt": 1}"#,
        // Foundation refuses these.
        #"{"id": "e1", "child_id": "c", "type": "feeding", "started_at": "2026-11-21T03:00:00Z", "feeding_type": "bottle", "amount_ml": "120"}"#,
        #"{"id": "e1", "child_id": "c", "type": "feeding", "started_at": "2026-11-21T03:00:00Z", "feeding_type": "bottle", "both_sides": 1}"#,
        #"{"id": "e1", "child_id": "c", "type": "feeding", "started_at": "yesterday", "feeding_type": "bottle"}"#,
        #"{"id": "e1", "child_id": "c", "type": "feeding", "started_at": null, "feeding_type": "bottle"}"#,
        #"{"id": "", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-21T03:00:00Z", "diaper_type": "pee"}"#,
        #"{"id": "e1", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-21T03:00:00Z", "diaper_type": ["pee"]}"#,
        #"{"id": "e1", "child_id": "c", "type": "", "occurred_at": "2026-11-21T03:00:00Z"}"#,
        #"["id", "e1"]"#,
        #""e1""#,
    ])
    func unsure(text: String) {
        let (scan, foundation) = Self.both(text)
        #expect(scan == nil)
        if text.contains("typ\\u0065") || text.contains("tëxt") { #expect(foundation != nil) }
    }

    @Test("a run naming many children, some ids escaped or given twice, reads each event's child and times as Foundation does")
    func childrenInTurn() throws {
        // Twelve children (more than the scan keeps strings for), "c1" also written with an
        // escape, a child id given twice in one event (the first counts), a time escaped.
        let children = (0..<12).map { "child-\($0)-0000-0000-0000-000000000000" } + [#"c\u0031"#, "c1"]
        var objects: [String] = []
        var generator = RandomSource(seed: 3)
        for index in 0..<200 {
            let child = children[Int(generator.next() % UInt64(children.count))]
            let again = index % 17 == 0 ? #", "child_id": "other""# : ""
            let time = index % 23 == 0 ? #"2026-11-21T03:00:00\u005A"# : "2026-11-21T03:\(String(format: "%02d", index % 60)):00-06:00"
            objects.append(#"{"id": "e\#(index)", "child_id": "\#(child)"\#(again), "type": "sleep", "started_at": "\#(time)", "ended_at": "2026-11-21T09:00:00Z"}"#)
        }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let foundation = try JSONDecoder().decode([ExportEvent].self, from: data)
        var elements: [Range<Int>] = []
        var start = 1
        for object in objects {
            elements.append(start..<(start + object.utf8.count))
            start += object.utf8.count + 1
        }
        let scan = data.withUnsafeBytes { EventScan.events(in: $0, elements[...]) }
        #expect(scan == foundation)
        #expect(Set(foundation.map(\.childID)).count == 13)
    }

    @Test("over a thousand altered events, whatever the scan reads equals Foundation's reading")
    func altered() throws {
        let original = Array(#"{"id": "e1", "child_id": "c", "type": "feeding", "started_at": "2026-11-21T03:00:00-06:00", "feeding_type": "breast", "started_side": "right", "both_sides": false, "duration_minutes": 12.5, "amount_ml": null, "created_by": "Mum \"M\" \u00e9"}"#.utf8)
        let alphabet = Array(#"{}[]",:\ 0123456789.-+eEtrufalsn"#.utf8) + [0xC3, 0xA9]
        var generator = RandomSource(seed: 14)
        var read = 0, compared = 0
        for _ in 0..<1_500 {
            var bytes = original
            for _ in 0...Int(generator.next() % 3) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: position)
                default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                }
            }
            let data = Data(bytes)
            guard (try? JSONCheck.check(data)) != nil else { continue }
            compared += 1
            let (scan, foundation) = Self.both(String(decoding: bytes, as: UTF8.self))
            if let scan {
                read += 1
                #expect(scan == foundation, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(compared > 300)
        #expect(read > 100)
    }
}

extension EventScan {
    /// The events of `elements` (each the byte range of one array element), or nil if the
    /// scan gives up at any of them: the run reader, into an array of its own.
    static func events(in bytes: UnsafeRawBufferPointer, _ elements: ArraySlice<Range<Int>>) -> [ExportEvent]? {
        var complete = false
        let events = [ExportEvent](unsafeUninitializedCapacity: elements.count) { buffer, count in
            complete = read(bytes, elements, into: buffer)
            count = complete ? elements.count : 0
        }
        return complete ? events : nil
    }
}
