import Export
import Testing
import Timekeeping
@testable import Importers

@Suite struct HuckleberryTests {
    static let header = "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\n"
    static let chicago = Zone(identifier: "America/Chicago")!

    func read(_ rows: String, zone: Zone = chicago) throws -> Importer.Result {
        try Importer.read([("h.csv", Self.header + rows)], kind: nil, zone: zone, child: "Ava", birthday: nil)
    }

    func kinds(_ result: Importer.Result) -> [ExportEvent.Kind] {
        result.document.events.map(\.kind)
    }

    func at(_ text: String) -> Instant {
        ISO8601.instant(from: text)!
    }

    @Test("a breast feed: right minutes in Start Condition, left in End Condition, a missing side is Null")
    func breast() throws {
        let result = try read("""
            Feed,2024-10-25 18:16,2024-10-25 18:51,00:35,00:35R,Breast,Null l,
            Feed,2024-10-25 14:00,2024-10-25 14:40,00:40,00:19R,Breast,00:21L,
            Feed,2024-10-25 10:00,,,Null r,Breast,00:12L,
            """)
        #expect(kinds(result) == [
            .feeding(.init(startedAt: at("2024-10-25T10:00:00-05:00"), type: .breast, startedSide: .left, durationMinutes: 12)),
            .feeding(.init(startedAt: at("2024-10-25T14:00:00-05:00"), type: .breast, bothSides: true, durationMinutes: 40)),
            .feeding(.init(startedAt: at("2024-10-25T18:16:00-05:00"), type: .breast, startedSide: .right, durationMinutes: 35)),
        ])
    }

    @Test("bottles in ml and ounces, diapers with their contents and colour, sleep, pumping, growth, temperature, medicine, solids, tummy time")
    func everyType() throws {
        let result = try read("""
            Tummy time,2024-10-25 20:00,2024-10-25 20:07,00:07,,,,
            Solids,2024-10-25 19:00,,,Pear,,Loved it,
            Meds,2024-10-25 18:00,,,1 drop,Vitamin D,,
            Temp,2024-10-25 17:00,,,99.5°F,,,
            Growth,2024-10-25 16:00,,,8.5lbs,20.5in,14in,
            Pump,2024-10-25 15:00,2024-10-25 15:15,00:15,2.5 oz,,,
            Sleep,2024-10-25 13:00,2024-10-25 14:30,01:30,,Crib,,
            Diaper,2024-10-25 12:30,,gray,,,Poo:small,
            Diaper,2024-10-25 12:00,,,,,Pee:large,
            Diaper,2024-10-25 11:30,,yellow,,,"Both, pee:large poo:small",
            Feed,2024-10-25 11:00,2024-10-25 11:10,00:10,Formula,Bottle,4oz,
            Feed,2024-10-25 10:00,2024-10-25 10:10,00:10,Breast Milk,Bottle,80ml,
            """)
        let k = kinds(result)
        #expect(k.count == 12)
        #expect(k[0] == .feeding(.init(startedAt: at("2024-10-25T10:00:00-05:00"), type: .bottle, durationMinutes: 10, amountML: 80)))
        #expect(k[1] == .feeding(.init(startedAt: at("2024-10-25T11:00:00-05:00"), type: .bottle, durationMinutes: 10, amountML: 4 * 29.5735295625)))
        #expect(k[2] == .diaper(.init(occurredAt: at("2024-10-25T11:30:00-05:00"), type: .both, stoolColor: .yellow, stoolAmount: .small)))
        #expect(k[3] == .diaper(.init(occurredAt: at("2024-10-25T12:00:00-05:00"), type: .pee)))
        #expect(k[4] == .diaper(.init(occurredAt: at("2024-10-25T12:30:00-05:00"), type: .poop, stoolColor: .pale, stoolAmount: .small)))
        #expect(k[5] == .sleep(.init(startedAt: at("2024-10-25T13:00:00-05:00"), endedAt: at("2024-10-25T14:30:00-05:00"))))
        #expect(k[6] == .pumping(.init(startedAt: at("2024-10-25T15:00:00-05:00"), amountML: 2.5 * 29.5735295625, durationMinutes: 15, side: .left)))
        guard case .measurement(let growth) = k[7] else { Issue.record("\(k[7])"); return }
        #expect(abs(growth.weightKG! - 3.8555) < 0.0001 && abs(growth.lengthCM! - 52.07) < 1e-9 && abs(growth.headCircumferenceCM! - 35.56) < 1e-9)
        guard case .temperature(let temperature) = k[8] else { Issue.record("\(k[8])"); return }
        #expect(abs(temperature.celsius - 37.5) < 1e-9)
        #expect(k[9] == .medication(.init(occurredAt: at("2024-10-25T18:00:00-05:00"), name: "Vitamin D", dose: "1 drop")))
        #expect(k[10] == .solids(.init(occurredAt: at("2024-10-25T19:00:00-05:00"), food: "Pear", reaction: "Loved it")))
        #expect(k[11] == .tummyTime(.init(startedAt: at("2024-10-25T20:00:00-05:00"), durationMinutes: 7)))
        #expect(result.warnings.isEmpty)
    }

    @Test("a time the clocks skipped moves forward an hour; every such time is counted in one warning")
    func springForward() throws {
        let result = try read("""
            Diaper,2024-03-10 03:15,,,,,Pee,
            Diaper,2024-03-10 02:30,,,,,Pee,
            Diaper,2024-03-10 01:45,,,,,Pee,
            """)
        #expect(result.document.events.map(\.time) == [at("2024-03-10T01:45:00-06:00"), at("2024-03-10T03:15:00-05:00"), at("2024-03-10T03:30:00-05:00")])
        #expect(result.warnings == ["1 time falls in the hour the clocks skipped in America/Chicago; moved forward by the change, as clocks are"])
    }

    @Test("in the repeated hour, a row is the first occurrence unless the row before it is already past that")
    func fallBack() throws {
        let result = try read("""
            Diaper,2024-11-03 01:20,,,,,Pee,
            Sleep,2024-11-03 01:40,2024-11-03 01:10,,,,,
            Diaper,2024-11-03 01:30,,,,,Pee,
            """)
        let times = result.document.events.map(\.time)
        #expect(times == [at("2024-11-03T01:30:00-05:00"), at("2024-11-03T01:40:00-05:00"), at("2024-11-03T01:20:00-06:00")])
        guard case .sleep(let sleep) = result.document.events[1].kind else { Issue.record("not a sleep"); return }
        #expect(sleep.endedAt == at("2024-11-03T01:10:00-06:00"))
    }

    @Test("exact duplicate rows dropped and unknown types skipped, each counted; notes kept with their line breaks")
    func messy() throws {
        let result = try read("""
            Bath,2024-10-25 19:00,,,,,,
            Play,2024-10-25 18:00,,,,,,Blocks
            Diaper,2024-10-25 12:00,,,,,Pee,Rash\\nstarting
            Diaper,2024-10-25 12:00,,,,,Pee,Rash\\nstarting
            """)
        #expect(result.warnings == ["h.csv: dropped 1 row repeating an earlier row exactly", "h.csv: skipped rows of kinds bbreport does not read: 1 Bath, 1 Play"])
        #expect(kinds(result).contains(.note(.init(occurredAt: at("2024-10-25T12:00:00-05:00"), text: "Rash\nstarting", category: "diaper"))))
        #expect(kinds(result).contains(.note(.init(occurredAt: at("2024-10-25T18:00:00-05:00"), text: "Blocks", category: "play"))))
    }

    @Test("a cell that cannot be read is a warning with its place; only its value, or its row, is left out")
    func unreadable() throws {
        let time = try read("Diaper,2024-10-25 12:00,,,,,Pee,\nDiaper,yesterday,,,,,Pee,\n")
        #expect(time.warnings == ["h.csv:3: column \"Start\": expected a time like 2024-10-25 18:16, found \"yesterday\"; the row is left out"])
        #expect(time.document.events.count == 1)
        let amount = try read("Feed,2024-10-25 12:00,,,Formula,Bottle,lots,\n")
        #expect(amount.warnings == ["h.csv:2: column \"End Condition\": expected an amount like 80ml or 4oz, found \"lots\"; the value is left out"])
        #expect(kinds(amount) == [.feeding(.init(startedAt: at("2024-10-25T12:00:00-05:00"), type: .bottle))])
        let diaper = try read("Diaper,2024-10-25 12:00,,,,,Wet-ish,changed twice\n")
        #expect(diaper.warnings == ["h.csv:2: column \"End Condition\": expected Pee, Poo, Both or Dry, found \"Wet-ish\"; the row is left out; its note kept"])
        #expect(kinds(diaper) == [.note(.init(occurredAt: at("2024-10-25T12:00:00-05:00"), text: "changed twice", category: "diaper"))])
    }

    @Test("a length in ft.in is decimal feet to two places; Meds carry the dose in Start Condition and the name in Start Location")
    func growthAndMeds() throws {
        let result = try read("""
            Meds,2024-10-25 18:00,,,1.5ml,Tylenol,,
            Growth,2024-10-25 16:00,,,9.1kg,2.67ft.in,,
            Growth,2024-10-20 16:00,,,,1.75ft.in,,
            """)
        let k = kinds(result)
        guard case .measurement(let first) = k[0], case .measurement(let second) = k[1] else { Issue.record("\(k)"); return }
        #expect(abs(first.lengthCM! - 53.34) < 1e-9)
        #expect(abs(second.lengthCM! - 81.28) < 1e-9 && second.weightKG == 9.1)
        #expect(k[2] == .medication(.init(occurredAt: at("2024-10-25T18:00:00-05:00"), name: "Tylenol", dose: "1.5ml")))
        #expect(result.warnings.isEmpty)
    }

    @Test("a breast feed's minutes are the sides' own, which leave out pauses; a Duration that disagrees is a warning")
    func breastMinutes() throws {
        let result = try read("Feed,2024-10-25 14:00,2024-10-25 15:10,00:30,00:16R,Breast,00:06L,\n")
        #expect(kinds(result) == [.feeding(.init(startedAt: at("2024-10-25T14:00:00-05:00"), type: .breast, bothSides: true, durationMinutes: 22))])
        #expect(result.warnings == ["h.csv:2: column \"Duration\": the minutes per side add up to 22, found \"00:30\"; the minutes per side are kept"])
    }

    @Test("76 cells not understood the same way are one warning with their count and first lines; another kind keeps its own")
    func manyAlike() throws {
        let bottles = (0..<76).map { "Feed,2024-10-\(String(format: "%02d", 1 + $0 / 24)) \(String(format: "%02d", $0 % 24)):00,,00:10,Formula,Bottle,lots," }
        let result = try read((bottles + ["Diaper,2024-10-26 10:00,,,,,Nope,"]).joined(separator: "\n"))
        let alike = result.warnings.filter { $0.contains("expected an amount like 80ml or 4oz") }
        #expect(alike == ["h.csv:2: column \"End Condition\": expected an amount like 80ml or 4oz, found \"lots\"; the value is left out (and 75 more like it, lines 3, 4, 5, 6, 7, …)"])
        #expect(result.warnings.contains { $0.hasPrefix("h.csv:78: column \"End Condition\": expected Pee, Poo, Both or Dry") }, "\(result.warnings)")
        #expect(kinds(result).count == 76, "every bottle is kept, without its amount")
    }
}
