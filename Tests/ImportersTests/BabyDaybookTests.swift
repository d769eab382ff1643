import Foundation
import Export
import SQLiteFixtures
import Testing
import Timekeeping
@testable import Importers

/// Baby Daybook's SQLite backup, from the fixture the end-to-end tests build too.
@Suite struct BabyDaybookTests {
    static let berlin = Zone(identifier: "Europe/Berlin")!

    static func fixture(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try SQLiteFixture.database(file: folder.appendingPathComponent("EndToEndTests/Fixtures/babydaybook/\(name)").path)
    }

    func read(_ data: Data, child: String? = "Lena") throws -> Importer.Result {
        try Importer.read([ImportInput(name: "backup.db", bytes: data)!], kind: nil, zone: Self.berlin, child: child, birthday: nil)
    }

    func at(_ text: String) -> Instant {
        ISO8601.instant(from: text)!
    }

    @Test("a backup in WAL mode, as the phone keeps its database, is read as the same backup in rollback mode")
    func walMode() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let sql = try String(contentsOfFile: folder.appendingPathComponent("EndToEndTests/Fixtures/babydaybook/BabyDaybook_20250203_auto.sql").path, encoding: .utf8)
        let wal = try SQLiteFixture.walDatabase(sql)
        #expect(wal[18] == 2 && wal[19] == 2)
        let fromWAL = try read(wal), rollback = try read(try Self.fixture("BabyDaybook_20250203_auto.sql"))
        #expect(fromWAL.document.events.count > 20 && fromWAL.document.events == rollback.document.events)
    }

    @Test("every kind of action becomes its event: the sides, the app's own minutes, groups as names, 0 as no value, a running timer as a sleep in progress, crying timed or typed")
    func actions() throws {
        let result = try read(try Self.fixture("BabyDaybook_20250203_auto.sql"))
        #expect(result.kind == .babydaybook)
        let lena = try #require(result.document.children.first)
        #expect(lena.name == "Lena" && lena.dateOfBirth == LocalDate(year: 2025, month: 1, day: 10) && lena.sex == .female)
        let monday = result.document.events.filter { $0.time.map { $0 >= at("2025-02-03T00:00:00+01:00") } ?? false }.map(\.kind)
        #expect(monday == [
            .note(.init(occurredAt: at("2025-02-03T00:00:00+01:00"), text: "A calm day, **mostly**.", category: "daily note")),
            // 12 min left and 9 right, stopped on the right: begun on the left; the timer's 21 minutes, not the 35 of the span.
            .feeding(.init(startedAt: at("2025-02-03T02:10:00+01:00"), type: .breast, startedSide: .left, bothSides: true, durationMinutes: 21)),
            .feeding(.init(startedAt: at("2025-02-03T06:00:00+01:00"), type: .bottle, amountML: 90)),
            .note(.init(occurredAt: at("2025-02-03T06:00:00+01:00"), text: "First formula", category: "feeding")),
            .diaper(.init(occurredAt: at("2025-02-03T06:30:00+01:00"), type: .pee)),
            .pumping(.init(startedAt: at("2025-02-03T07:00:00+01:00"), amountML: 110, durationMinutes: 18, side: .both)),
            .diaper(.init(occurredAt: at("2025-02-03T09:00:00+01:00"), type: .both)),
            .measurement(.init(occurredAt: at("2025-02-03T09:30:00+01:00"), weightKG: 4.35, lengthCM: 55)),
            .note(.init(occurredAt: at("2025-02-03T09:30:00+01:00"), text: "Clinic scale", category: "growth")),
            .vaccination(.init(occurredAt: at("2025-02-03T10:00:00+01:00"), name: "DTaP-IPV-Hib-HepB")),
            .note(.init(occurredAt: at("2025-02-03T10:00:00+01:00"), text: "Left thigh", category: "vaccination")),
            .tummyTime(.init(startedAt: at("2025-02-03T10:30:00+01:00"), durationMinutes: 5)),
            .solids(.init(occurredAt: at("2025-02-03T11:00:00+01:00"), food: "Sweet potato (30 g)", reaction: "liked")),
            .diaper(.init(occurredAt: at("2025-02-03T12:00:00+01:00"), type: .dry)),
            .sleep(.init(startedAt: at("2025-02-03T13:00:00+01:00"), endedAt: at("2025-02-03T14:30:00+01:00"))),
            .temperature(.init(occurredAt: at("2025-02-03T14:50:00+01:00"), celsius: 36.8)),
            .medication(.init(occurredAt: at("2025-02-03T15:00:00+01:00"), name: "Paracetamol", dose: "2.5 ml")),
            // One entry of the app, one note: the symptom and what the parent wrote of it.
            .note(.init(occurredAt: at("2025-02-03T16:00:00+01:00"), text: "Symptom: Cough — Dry, at night", category: "symptom")),
            .temperature(.init(occurredAt: at("2025-02-03T18:00:00+01:00"), celsius: 38.4)),
            // Crying timed with an end, its note a note beside it; crying of minutes typed alone.
            .crying(.init(startedAt: at("2025-02-03T18:30:00+01:00"), endedAt: at("2025-02-03T19:15:00+01:00"))),
            .note(.init(occurredAt: at("2025-02-03T18:30:00+01:00"), text: "Settled on the shoulder", category: "crying")),
            .crying(.init(startedAt: at("2025-02-03T19:30:00+01:00"), durationMinutes: 20)),
            .sleep(.init(startedAt: at("2025-02-03T20:00:00+01:00"), endedAt: nil)),
        ])
        #expect(result.document.events.contains { $0.kind == .note(.init(occurredAt: at("2025-02-02T16:00:00+01:00"), text: "First smile", category: "moment")) })
        #expect(result.summary.contains("  drink: 1 left out (a kind bbreport does not read)"))
        #expect(result.summary.contains("  potty: 1 left out (a kind bbreport does not read)"))
        #expect(result.summary.contains("  Massage: 1 left out (a kind bbreport does not read)"))
        #expect(result.summary.contains("  diaper_change: 5 read, 2 left out (of another child, or none in the backup)"), "\(result.summary)")
    }

    @Test("a baby the app marks premature keeps the day they were due, which the export carries as due_date")
    func premature() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let sql = try String(contentsOfFile: folder.appendingPathComponent("EndToEndTests/Fixtures/babydaybook/BabyDaybook_20250203_auto.sql").path, encoding: .utf8)
        let babies = """
            INSERT INTO babies (uid, svt, name, gender, birthday, convert_units) VALUES
              ('0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 1738652400000, 'Lena', 'girl', 1736463600000, 1),
              ('1b2e4d6f8a0c42e3b7d9f1c3e5a7b9d1', 1738652400000, 'Max', 'boy', 1736463600000, 1);
            """
        // Due six weeks after her birthday, at midnight in Berlin: born at 34 weeks.
        let premature = """
            INSERT INTO babies (uid, svt, name, gender, birthday, convert_units, is_premature, expected_birthday) VALUES
              ('0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0', 1738652400000, 'Lena', 'girl', 1736463600000, 1, 1, 1740092400000),
              ('1b2e4d6f8a0c42e3b7d9f1c3e5a7b9d1', 1738652400000, 'Max', 'boy', 1736463600000, 1, 0, 0);
            """
        #expect(sql.contains(babies))
        let result = try read(SQLiteFixture.database(sql.replacingOccurrences(of: babies, with: premature)))
        let lena = try #require(result.document.children.first)
        #expect(lena.dueDate == LocalDate(year: 2025, month: 2, day: 21) && lena.gestationalAgeWeeks == nil)
    }

    @Test("the same row's uid gives the same ids in a newer backup, where a running sleep has ended")
    func newerBackup() throws {
        let older = try read(try Self.fixture("BabyDaybook_20250203_auto.sql"))
        let newer = try read(try Self.fixture("BabyDaybook_20250204_auto.sql"))
        func sleep(_ result: Importer.Result) -> ExportEvent? {
            result.document.events.first { if case .sleep(let sleep) = $0.kind { sleep.startedAt == at("2025-02-03T20:00:00+01:00") } else { false } }
        }
        let running = try #require(sleep(older)), ended = try #require(sleep(newer))
        #expect(running.id == ended.id)
        #expect(ended.kind == .sleep(.init(startedAt: at("2025-02-03T20:00:00+01:00"), endedAt: at("2025-02-04T03:10:00+01:00"))))
        let olderIDs = Set(older.document.events.map(\.id)), newerIDs = Set(newer.document.events.map(\.id))
        // The drink was deleted in the app; a feed was added.
        #expect(olderIDs.subtracting(newerIDs).count == 0 && newerIDs.subtracting(olderIDs).count == 1)
    }

    @Test("both twins without --child; a backup in legacy units is said; a text file given as Baby Daybook is refused")
    func twinsAndUnits() throws {
        let both = try read(try Self.fixture("BabyDaybook_20250203_auto.sql"), child: nil)
        #expect(both.document.children.map(\.name) == ["Lena", "Max"])
        let legacySQL = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EndToEndTests/Fixtures/babydaybook/BabyDaybook_20250203_auto.sql").path, encoding: .utf8)
            .replacingOccurrences(of: "'girl', 1736463600000, 1)", with: "'girl', 1736463600000, 0)")
        let legacy = try read(SQLiteFixture.database(legacySQL))
        #expect(legacy.warnings.contains { $0.hasPrefix("backup.db: Lena's amounts were saved in the units the app showed") }, "\(legacy.warnings)")
        #expect(throws: ImportProblem(file: "notes.txt", line: 0, column: nil,
                                      message: "not a Baby Daybook backup: it is text, not a SQLite database (the backup is a file like BabyDaybook_20250204_auto.db)")) {
            try Importer.read([("notes.txt", "hello")], kind: .babydaybook, zone: Self.berlin, child: nil, birthday: nil)
        }
    }

    @Test("a database that is not Baby Daybook's, or is damaged, is refused with its name")
    func notABackup() throws {
        let other = SQLiteFixture.database("CREATE TABLE notes (id INTEGER, text TEXT); INSERT INTO notes VALUES (1, 'x');")
        #expect(throws: ImportProblem(file: "backup.db", line: 0, column: nil, message: "not a Baby Daybook backup: the database has no table \"babies\"")) {
            try read(other)
        }
        var damaged = try Self.fixture("BabyDaybook_20250203_auto.sql")
        damaged.replaceSubrange(200..<damaged.count, with: Data(repeating: 0xAB, count: damaged.count - 200))
        #expect(throws: ImportProblem.self) { try read(damaged) }
    }
}
