import Export
import Testing
import Timekeeping
@testable import Importers

/// What each app's real exports hold, as families' files showed it: each fact a test.
@Suite struct AppFactsTests {
    static let chicago = Zone(identifier: "America/Chicago")!

    func read(_ files: [(String, String)], child: String? = nil, zone: Zone = chicago) throws -> Importer.Result {
        try Importer.read(files.map { (name: $0.0, text: $0.1) }, kind: nil, zone: zone, child: child, birthday: nil)
    }

    func at(_ text: String) -> Instant {
        ISO8601.instant(from: text)!
    }

    @Test("Hatch: a bare Weight is kilograms and a bare length centimetres; with a unit, the unit")
    func hatchKilograms() throws {
        let result = try read([("hatch.csv", """
            Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,
            Nora,02/22/2022 7:41 PM,,Weight,2.955,12,,,,
            Nora,02/22/2022 7:42 PM,,Length,49.5,30,,,,
            Nora,02/22/2022 7:43 PM,,Weight,8 lbs 4 oz,45,,,,
            """)])
        #expect(result.document.events.map(\.kind) == [
            .measurement(.init(occurredAt: at("2022-02-22T19:41:00-06:00"), weightKG: 2.955)),
            .measurement(.init(occurredAt: at("2022-02-22T19:42:00-06:00"), lengthCM: 49.5)),
            .measurement(.init(occurredAt: at("2022-02-22T19:43:00-06:00"), weightKG: 8 * 0.45359237 + 4 * 0.028349523125)),
        ])
    }

    @Test("Glow: glow_feed_solid.csv holds solid meals, with the food, its amount and the reaction; breast feeds read from their minutes per side")
    func glowSolids() throws {
        let result = try read([
            ("glow_feed_solid.csv", "Time of feeding,Ingredients,Amount,Unit type,Baby's reaction\n03/02/2025 12:10:00 PM,Sweet potato,30,g,Liked it\n03/02/2025 5:30:00 PM,Egg,,,Hives\n"),
            ("glow_feed_breast.csv", "Start time,Left duration,Right duration\n03/02/2025 4:00:00 AM,10,12\n03/02/2025 7:00:00 AM,,9\n"),
        ], child: "Ivy")
        #expect(result.document.events.map(\.kind) == [
            .feeding(.init(startedAt: at("2025-03-02T04:00:00-06:00"), type: .breast, bothSides: true, durationMinutes: 22)),
            .feeding(.init(startedAt: at("2025-03-02T07:00:00-06:00"), type: .breast, startedSide: .right, durationMinutes: 9)),
            .solids(.init(occurredAt: at("2025-03-02T12:10:00-06:00"), food: "Sweet potato (30 g)", reaction: "Liked it")),
            .solids(.init(occurredAt: at("2025-03-02T17:30:00-06:00"), food: "Egg", reaction: "Hives")),
        ])
        #expect(result.warnings.isEmpty)
    }

    @Test("BabyConnect: nursing minutes are the app's Duration, not End − Start; the side written first in Text is the side started on")
    func babyConnectNursing() throws {
        let result = try read([("bc.csv", """
            Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver
            3/2/25 2:00 AM,2:53 AM,22,Nursing,,,"Sam nursed (16m left, 6m right)",,MK
            3/2/25 5:00 AM,5:40 AM,,Nursing,,,"Sam nursed (9m right, 11m left)",,MK
            3/2/25 8:00 AM,8:30 AM,25,Nursing,,,"Sam nursed (16m left, 6m right)",,MK
            """)], child: "Sam")
        #expect(result.document.events.map(\.kind) == [
            .feeding(.init(startedAt: at("2025-03-02T02:00:00-06:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 22)),
            .feeding(.init(startedAt: at("2025-03-02T05:00:00-06:00"), type: .breast, startedSide: .right, bothSides: true, durationMinutes: 20)),
            .feeding(.init(startedAt: at("2025-03-02T08:00:00-06:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 25)),
        ])
        #expect(result.warnings == ["bc.csv:4: column \"Duration (min)\": the minutes per side in \"Text\" add up to 22, found \"25\"; the app's duration is kept"])
    }

    @Test("Baby Tracker: a row and the same row with a trailing empty cell are one bottle, not two")
    func babyTrackerTrailingCells() throws {
        let result = try read([("formula.csv", "Baby,Time,Amount (oz.),Note\nBaby,\"2/1/25, 15:00\",1.75\nBaby,\"2/1/25, 15:00\",1.75,\n")])
        #expect(result.document.events.count == 1)
        #expect(result.warnings == ["formula.csv: dropped 1 row repeating an earlier row exactly"])
    }

    @Test("PiyoLog's daily export: the day on the first line, no dashes, the birthday from the age, a stool's amount, firmness and colour, memos, a sleep still going")
    func piyoLogDaily() throws {
        let daily = """
            【ぴよログ】2025/2/4(火)
            ぴよこ (0歳8か月15日)

            01:10   母乳 左10分 ▶ 右5分
            03:00   うんち (多め/下痢/黄色) 漏れた
            03:05   おしっこ
            07:30   Poop (green)
            10:00   予防接種 ヒブ
            21:00   寝る
            """
        let result = try read([("piyolog_daily.txt", daily)], zone: Zone(identifier: "Asia/Tokyo")!)
        #expect(result.document.children.map(\.name) == ["ぴよこ"])
        #expect(result.document.children.first?.dateOfBirth == LocalDate(year: 2024, month: 5, day: 20))
        #expect(result.document.events.map(\.kind) == [
            .feeding(.init(startedAt: at("2025-02-04T01:10:00+09:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 15)),
            .diaper(.init(occurredAt: at("2025-02-04T03:00:00+09:00"), type: .poop, stoolColor: .yellow, stoolConsistency: .watery, stoolAmount: .large)),
            .note(.init(occurredAt: at("2025-02-04T03:00:00+09:00"), text: "漏れた", category: "diaper")),
            .diaper(.init(occurredAt: at("2025-02-04T03:05:00+09:00"), type: .pee)),
            .diaper(.init(occurredAt: at("2025-02-04T07:30:00+09:00"), type: .poop, stoolColor: .green)),
            .vaccination(.init(occurredAt: at("2025-02-04T10:00:00+09:00"), name: "ヒブ")),
            .sleep(.init(startedAt: at("2025-02-04T21:00:00+09:00"), endedAt: nil)),
        ])
        #expect(result.warnings.isEmpty, "the amount, the firmness and the colour are kept: \(result.warnings)")
    }

    @Test("PiyoLog: the age on a child's line gives the birthday, counted up from it by months then days")
    func piyoLogBirthday() {
        func birthday(_ age: String, _ day: String) -> String? {
            PiyoLog.birthday(age: age, on: LocalDate(day)!)?.description
        }
        #expect(birthday("0歳8か月15日", "2025-02-04") == "2024-05-20")
        #expect(birthday("0y1m12d", "2024-02-01") == "2023-12-20")
        #expect(birthday("1y0m0d", "2025-03-01") == "2024-03-01")
        #expect(birthday("0y1m0d", "2025-03-31") == "2025-02-28")
        #expect(birthday("0y", "2025-03-31") == "2025-03-31")
        #expect(birthday("99999y", "2025-03-31") == nil)
    }

    @Test("units from evidence: the cell's, the header's, then the app's own; a value implausible for the child's age is a warning with its line")
    func implausibleValues() throws {
        // A Hatch weight in pounds typed bare reads as kilograms: 8.2 kg at 10 days is far off the curves.
        let hatch = try Importer.read([(name: "hatch.csv", text: """
            Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,
            Nora,02/11/2022 9:00 AM,,Weight,8.2,,,,,
            Nora,02/11/2022 9:05 AM,,Weight,3.6 kg,,,,,
            Nora,02/11/2022 10:00 AM,,Feeding,20,,,Formula,,
            """)], kind: nil, zone: Self.chicago, child: "Nora", birthday: LocalDate(year: 2022, month: 2, day: 1))
        #expect(hatch.warnings == [
            "hatch.csv:2: a weight of 8.20 kg at 10 days is far off the WHO curves (a z-score of 7.7); kept — check the unit the app wrote",
            "hatch.csv:4: a bottle of 591 ml is more than 500 ml; kept — check the unit the app wrote",
        ], "\(hatch.warnings)")
        // Without a birthday, only what no child measures.
        let glow = try read([("glow_growth.csv", "Date,Weight(kg),Weight(lb),Height(cm),Height(in),Head Circ.(cm),Head Circ.(in)\n01/05/2026,45,,,,,\n")], child: "Ivy")
        #expect(glow.warnings == ["glow_growth.csv:2: expected a weight of 0.3–30 kg, found 45 kg; left out"])
    }
}
