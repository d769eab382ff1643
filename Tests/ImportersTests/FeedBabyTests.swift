import Foundation
import Export
import Testing
import Timekeeping
@testable import Importers

/// Feed Baby's folder of CSV files, from the fixture the end-to-end tests use too.
@Suite struct FeedBabyTests {
    static let newYork = Zone(identifier: "America/New_York")!
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EndToEndTests/Fixtures/feedbaby")

    static func files(except left: Set<String> = []) throws -> [(String, String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".csv") && !left.contains($0) }.sorted()
            .map { ("feedbaby/\($0)", try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
    }

    func read(_ files: [(String, String)], child: String? = "Noah") throws -> Importer.Result {
        try Importer.read(files.map { (name: $0.0, text: $0.1) }, kind: nil, zone: Self.newYork, child: child, birthday: nil)
    }

    func at(_ text: String) -> Instant {
        ISO8601.instant(from: text)!
    }

    @Test("every file's rows become events: a side switch is one feed less its pauses, bottles in the row's unit, the schedule's vaccines left out")
    func folder() throws {
        let result = try read(try Self.files())
        #expect(result.kind == .feedbaby)
        let kinds = result.document.events.map(\.kind)
        let expected: [ExportEvent.Kind] = [
            .feeding(.init(startedAt: at("2021-03-13T03:00:00-05:00"), type: .breast, startedSide: .right, durationMinutes: 15)),
            .diaper(.init(occurredAt: at("2021-03-13T03:20:00-05:00"), type: .pee)),
            .pumping(.init(startedAt: at("2021-03-13T07:00:00-05:00"), amountML: 120, durationMinutes: 20, side: .both)),
            .diaper(.init(occurredAt: at("2021-03-13T07:45:00-05:00"), type: .poop)),
            .note(.init(occurredAt: at("2021-03-13T07:45:00-05:00"), text: "Seedy", category: "diaper")),
            // Left 12 minutes less a 2-minute pause, then right 11 minutes two minutes later: one feed.
            .feeding(.init(startedAt: at("2021-03-13T08:00:00-05:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 21)),
            .note(.init(occurredAt: at("2021-03-13T08:00:00-05:00"), text: "Good latch", category: "feeding")),
            .medication(.init(occurredAt: at("2021-03-13T09:00:00-05:00"), name: "Vitamin D", dose: "1 drops")),
            .temperature(.init(occurredAt: at("2021-03-13T09:30:00-05:00"), celsius: 37.1)),
            .milestone(.init(occurredAt: at("2021-03-13T10:00:00-05:00"), text: "Rolled over")),
            .diaper(.init(occurredAt: at("2021-03-13T11:00:00-05:00"), type: .both)),
            .feeding(.init(startedAt: at("2021-03-13T12:00:00-05:00"), type: .bottle, durationMinutes: 15, amountML: 90)),
            .measurement(.init(occurredAt: at("2021-03-13T12:00:00-05:00"), weightKG: 5.2, lengthCM: 58, headCircumferenceCM: 39, untimed: true)),
            .note(.init(occurredAt: at("2021-03-13T12:00:00-05:00"), text: "Kinderarzt", category: "growth")),
            .sleep(.init(startedAt: at("2021-03-13T13:00:00-05:00"), endedAt: at("2021-03-13T14:30:00-05:00"))),
            .feeding(.init(startedAt: at("2021-03-13T15:00:00-05:00"), type: .bottle, durationMinutes: 10, amountML: 4 * Quantities.millilitresPerOunce)),
        ]
        #expect(Array(kinds.filter { if case .measurement(let m) = $0 { m.occurredAt > at("2021-03-01T00:00:00Z") } else { true } }.prefix(expected.count)) == expected)
        // The day in German, `20 Feb. 2021`.
        #expect(kinds.contains(.measurement(.init(occurredAt: at("2021-02-20T12:00:00-05:00"), weightKG: 4.8, untimed: true))))
        #expect(kinds.contains(.vaccination(.init(occurredAt: at("2021-03-13T16:30:00-05:00"), name: "Hep B"))))
        #expect(!kinds.contains { if case .vaccination(let v) = $0 { v.name != "Hep B" } else { false } })
        #expect(kinds.contains(.solids(.init(occurredAt: at("2021-03-13T19:00:00-05:00"), food: "Banana (40 g)"))))
        #expect(kinds.contains(.note(.init(occurredAt: at("2021-03-13T17:00:00-05:00"), text: "Bath: Loved the water", category: "journal entry"))))
        // The night across the spring-forward: 21:00 EST to 05:30 EDT; the newest sleep still going.
        #expect(kinds.contains(.sleep(.init(startedAt: at("2021-03-13T21:00:00-05:00"), endedAt: at("2021-03-14T05:30:00-04:00")))))
        #expect(kinds.contains(.sleep(.init(startedAt: at("2021-03-14T20:00:00-04:00"), endedAt: nil))))
        let temperature = try #require(kinds.first { if case .temperature(let t) = $0 { t.celsius > 37.5 } else { false } })
        guard case .temperature(let fever) = temperature else { return }
        #expect(abs(fever.celsius - 38) < 1e-9)
        #expect(result.summary.contains("  vaccination: 1 read, 2 left out (not given: the app's schedule)"), "\(result.summary)")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.summary.contains("  medicine: 1 left out (a list of medicines, not doses)"), "\(result.summary)")
    }

    @Test("no file names the child: --child is needed; month names are read in the file's language")
    func childAndMonths() throws {
        #expect(throws: ImportProblem.self) { try read(try Self.files(), child: nil) }
        #expect(MonthNames.language(naming: ["März", "Feb."])?.code == "de")
        #expect(MonthNames.language(naming: ["Mai", "Apr."])?.months[MonthNames.normalized("Apr.")] == 4)
        #expect(MonthNames.language(naming: ["mars", "févr."])?.months["févr"] == 2)
        #expect(MonthNames.language(naming: ["Mar", "May"])?.code == "en")
        #expect(FeedBaby.reading("14:05:00 03-21-2021") == LocalDateTime(date: LocalDate(year: 2021, month: 3, day: 21)!, time: TimeOfDay(hour: 14, minute: 5)!))
        #expect(FeedBaby.reading("03-21-2021 14:05:00") == nil && FeedBaby.reading("14:05:00 21-03-2021") == nil)
    }
}
