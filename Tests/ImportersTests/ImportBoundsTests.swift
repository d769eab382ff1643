import Export
import Testing
import Timekeeping
@testable import Importers

/// Hostile and clumsy files: each impossible value costs only itself, and nothing traps.
@Suite struct ImportBoundsTests {
    static let header = "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\n"

    func read(_ rows: String) throws -> Importer.Result {
        try Importer.read([(name: "h.csv", text: Self.header + rows)], kind: nil, zone: Zone(identifier: "UTC")!, child: "Ava", birthday: nil)
    }

    @Test("a row dated 9999, 0001 or before 2000 (or ending before 2000) is left out with its line; exported_at comes from the rest")
    func impossibleTimes() throws {
        let result = try read("""
            Diaper,9999-12-31 12:00,,,,,Pee,
            Diaper,0001-01-01 12:00,,,,,Pee,
            Sleep,2024-10-25 12:00,1969-12-31 12:00,,,,,
            Diaper,1999-12-31 23:59,,,,,Pee,
            Diaper,2024-10-25 12:00,,,,,Pee,
            """)
        #expect(result.document.events.count == 1)
        #expect(result.document.exportedAt == ISO8601.instant(from: "2024-10-25T12:00:00Z"))
        #expect(result.warnings.contains("h.csv:2: 9999-12-31T12:00:00Z is after 2099, when nothing was logged; the row is left out"))
        #expect(result.warnings.contains("h.csv:4: 1969-12-31T12:00:00Z is before 2000, when nothing was logged; the row is left out"))
        #expect(result.summary.contains("  Diaper: 1 read, 3 left out (an impossible time)"), "\(result.summary)")
    }

    @Test("20-digit numbers in every part of a duration, 1e30 amounts and absurd totals are read or refused, never trapped on")
    func hugeNumbers() throws {
        let result = try read("""
            Feed,2024-10-25 18:16,,99999999999999999999:00,99999999999999999999:00R,Breast,Null l,
            Feed,2024-10-25 18:30,,00:99999999999999999999,,Bottle,1e30ml,
            Tummy time,2024-10-25 19:00,,9223372036854775807:00:00,,,,
            Growth,2024-10-25 19:30,,,99999999999999999999kg,1e30cm,99999999999999999999ft.in,
            """)
        // The feeds keep their side and kind without the minutes and amount no feed has;
        // tummy time of 10^20 minutes and a measurement with no possible value are left out.
        #expect(result.document.events.map(\.typeName) == ["feeding", "feeding"])
        #expect(result.warnings.contains { $0.hasPrefix("h.csv:4: expected tummy time of at most a day, found ") && $0.hasSuffix("; left out") }, "\(result.warnings)")
        #expect(result.warnings.contains("h.csv:2: expected a feeding of at most a day, found 6e+21 minutes; the duration is left out, the feeding kept"), "\(result.warnings)")
        let piyo = try Importer.read([(name: "p.txt", text: """
            [PiyoLog]Feb 2025
            ----------
            Sat, 1 Feb 2025
            Mia (0y1m0d)
            02:00   Wake-up (99999999999999999999h0m)
            03:00   Breastfeeding L 99999999999999999999m
            Pee 99999999999999999999times
            Total sleep 99999999999999999999h0m
            ----------
            Sat, 1 Feb 999999999999
            """)], kind: nil, zone: Zone(identifier: "UTC")!, child: nil, birthday: nil)
        #expect(piyo.document.events.count >= 1)
    }

    @Test("rows that could not fit an export file are refused before any is read, and the room for the rest is made")
    func tooManyRowsRefusedFirst() throws {
        var family = ImportedFamily()
        try family.reserve(rows: 1_000, of: "feeds.csv")
        #expect(family.events.capacity >= 1_000)
        #expect(throws: ImportProblem.self) { try family.reserve(rows: ImportedFamily.maximumEvents + 1, of: "feeds.csv") }
        #expect(family.events.capacity < ImportedFamily.maximumEvents, "refused before the memory is spent")
        let export = ExportDocument(exportedAt: Instant(milliseconds: 1_420_092_000_000), settings: ExportSettings(timezone: Zone(identifier: "UTC")!), children: [],
                                    events: [ExportEvent(id: "0123456789ab-0", childID: "child-0123456789abcdef",
                                                         kind: .note(.init(occurredAt: Instant(milliseconds: 1_420_092_000_000), text: "x")))])
        let line = try #require(String(decoding: try ExportWriter.data(for: export), as: UTF8.self).split(separator: "\n").first { $0.contains("\"type\": \"note\"") || $0.contains("\"type\":\"note\"") })
        #expect(line.utf8.count + 6 >= ExportReader.maximumBytes / ImportedFamily.maximumEvents, "no event's line is shorter than the bound assumes: \(line)")
    }

    @Test("a file whose export would pass 100 MB is refused once a sample of its events is made; a smaller one is not")
    func exportProjected() {
        let events = (0..<ExportProjection.sampleEvents).map { index in
            ExportEvent(id: "0123456789ab-\(index)", childID: "child-0123456789abcdef",
                        kind: .feeding(.init(startedAt: Instant(milliseconds: 1_420_092_000_000 + Int64(index) * 60_000), type: .bottle, amountML: 118)))
        }
        for (rows, refused) in [(10_000, false), (500_000, false), (860_000, true)] {
            var projection = ExportProjection(file: "h.csv", rows: rows, eventsBefore: 0)
            var problem: ImportProblem?, packed = PackedEvents()
            for event in events {
                packed.append(event)
                problem = projection.counted(row: packed) ?? problem
            }
            #expect((problem != nil) == refused, "\(rows) rows: \(String(describing: problem))")
            if refused { #expect(problem?.message.hasPrefix("860,000 rows: their export would be about ") == true) }
        }
    }
}
