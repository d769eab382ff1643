import Foundation
import Testing
import Timekeeping
@testable import Export
@testable import Servers

/// The servers' answers, mutated with the values that once trapped elsewhere: every answer
/// is read or refused with its place, and what is read maps to events without a trap.
@Suite struct ServerAnswerFuzzTests {
    static let values = ["99999999999999999999", "-99999999999999999999", "9223372036854775807", "1e30", "-1e30", "1e400", "NaN",
                         "\"0001-01-01T00:00:00Z\"", "\"9999-12-31T23:59:59Z\"", "\"1000000000000-01-01T00:00:00Z\"", "\"0000-01-01\"",
                         "\"99999999999999999999:00:00\"", "\"1 99999999999999999999:00:00\"", "\"-1 00:00:00\"", "\"\"", "null", "[]", "{}",
                         "\"" + String(repeating: ",", count: 1_000) + "\"", "true"]

    /// One record of each Baby Buddy endpoint, and a Baby Basics page of events.
    static let records: [(name: String, json: String)] = [
        ("feeding", #"{"id": 1, "start": "2026-11-21T14:00:00Z", "end": "2026-11-21T14:16:00Z", "type": "breast milk", "method": "bottle", "amount": 120, "notes": "x"}"#),
        ("sleep", #"{"id": 2, "start": "2026-11-21T14:00:00Z", "end": "2026-11-21T16:00:00Z", "notes": ""}"#),
        ("change", #"{"id": 3, "time": "2026-11-21T14:00:00Z", "wet": true, "solid": true, "color": "yellow", "notes": ""}"#),
        ("weight", #"{"id": 4, "date": "2026-11-21", "weight": 4.2, "notes": ""}"#),
        ("temperature", #"{"id": 5, "time": "2026-11-21T14:00:00Z", "temperature": 100.4, "notes": ""}"#),
        ("pumping", #"{"id": 6, "start": "2026-11-21T14:00:00Z", "end": "2026-11-21T14:20:00Z", "amount": 110, "notes": ""}"#),
        ("tummy", #"{"id": 7, "start": "2026-11-21T14:00:00Z", "end": "2026-11-21T14:10:00Z", "milestone": "Lifted head"}"#),
        ("medication", #"{"id": 8, "time": "2026-11-21T14:00:00Z", "name": "Paracetamol", "dosage": 2.5, "dosage_unit": "ml", "next_dose_interval": "04:00:00", "notes": ""}"#),
        ("events", #"{"id": "e1", "child_id": "c1", "type": "feeding", "started_at": "2026-11-21T14:00:00Z", "feeding_type": "breast", "duration_minutes": 12}"#),
    ]

    @Test("1,800 mutations of the answers' records, each field given each hostile value: read or refused, mapped without a trap")
    func mutations() {
        var state: UInt64 = 0xBABB_0DD1
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        let mapping = BabyBuddyMapping(server: URL(string: "https://baby.example.org")!, amountUnit: .oz, zone: Zone(identifier: "Europe/Berlin")!)
        var read = 0
        for _ in 0..<1_800 {
            let (name, json) = Self.records[next(Self.records.count)]
            // A field's value replaced: the text between a key's colon and the next comma or brace.
            let fields = json.ranges(of: /": ([^,}]*)/)
            guard !fields.isEmpty else { continue }
            let field = fields[next(fields.count)]
            let colon = json[field].firstIndex(of: ":")!
            let mutated = json[..<json.index(after: colon)] + " " + Self.values[next(Self.values.count)] + json[field.upperBound...]
            let page = name == "events" ? #"{"events": [\#(mutated)], "next_cursor": null}"# : #"{"count": 1, "next": null, "results": [\#(mutated)]}"#
            let data = Data(page.utf8)
            do {
                switch name {
                case "feeding": var m = mapping; for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyFeeding>.self, from: data).results { _ = m.events(for: r, child: "c") }
                case "sleep": for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddySleep>.self, from: data).results { _ = mapping.events(for: r, child: "c") }
                case "change": for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyChange>.self, from: data).results { _ = mapping.events(for: r, child: "c") }
                case "weight": var m = mapping; for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyMeasurement>.self, from: data).results { _ = m.events(for: r, .weight, child: "c") }
                case "temperature": for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyTemperature>.self, from: data).results { _ = mapping.events(for: r, child: "c") }
                case "pumping": for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyPumping>.self, from: data).results { _ = mapping.events(for: r, child: "c") }
                case "tummy": for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyTummyTime>.self, from: data).results { _ = mapping.events(for: r, child: "c") }
                case "medication": for r in try JSONDecoding.decode(BabyBuddyPage<BabyBuddyMedication>.self, from: data).results { _ = mapping.events(for: r, child: "c") }
                default: _ = try JSONDecoding.decode(EventsResponse.self, from: data)
                }
                read += 1
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
        #expect(read > 100)
    }
}
