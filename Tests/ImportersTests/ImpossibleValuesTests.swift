import Dataset
import Export
import Foundation
import SQLiteFixtures
import Testing
import Timekeeping
@testable import Importers

/// A value no feed, sleep or thermometer has costs that value only, at `import`, with its
/// line; what `import` writes, a build reads without a word.
@Suite struct ImpossibleValuesTests {
    static let zone = Zone(identifier: "America/New_York")!
    static let huge = "9223372036854775807"

    /// The build's validation of `result`'s export: nothing in it that a build would leave out.
    static func expectNothingForBuildToDrop(_ result: Importer.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (_, warnings) = Family.validated(from: result.document)
        // What is kept and flagged is not dropped; a text cut to its first 200 characters is.
        let drops = warnings.filter { warning in ["left out", "skipped", "not used", "only the first"].contains { warning.message.contains($0) } }
        #expect(drops.isEmpty, "\(what): the build would still say \(drops.map(\.description))", sourceLocation: sourceLocation)
    }

    static func read(_ files: [(String, String)], kind: ImportKind? = nil, child: String? = "Ava") throws -> Importer.Result {
        try Importer.read(files.map { (name: $0.0, text: $0.1) }, kind: kind, zone: zone, child: child, birthday: nil)
    }

    /// Lena's uid in the Baby Daybook fixture.
    static let lena = "'0a1f3c5e7b9d41f2a6c8e0b2d4f6a8c0'"

    /// The Baby Daybook fixture with the statements `sql` run after it, imported for Lena.
    static func daybook(adding sql: String) throws -> Importer.Result {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let fixture = try String(contentsOfFile: folder.appendingPathComponent("EndToEndTests/Fixtures/babydaybook/BabyDaybook_20250203_auto.sql").path, encoding: .utf8)
        return try Importer.read([ImportInput(name: "backup.db", bytes: SQLiteFixture.database(fixture + sql))!], kind: nil,
                                 zone: Zone(identifier: "Europe/Berlin")!, child: "Lena", birthday: nil)
    }

    static func feedings(_ result: Importer.Result) -> [ExportEvent.Feeding] {
        result.document.events.compactMap { if case .feeding(let feeding) = $0.kind { feeding } else { nil } }
    }

    @Test("a 2^63-hour duration in every importer: the minutes left out with the file and line, the feed kept with its amount and side", arguments: [
        ("h.csv", "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\nFeed,2024-10-25 18:30,,\(huge):00,Formula,Bottle,4oz,\nFeed,2024-10-25 20:30,,00:10,,Bottle,3oz,\n", 2),
        ("hatch.csv", "Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,\nAva,02/11/2022 9:00 AM,,Feeding,4 oz,,\(huge):00:00,Formula,,\nAva,02/11/2022 11:00 AM,,Feeding,3 oz,,0:10:00,Formula,,\n", 2),
        ("bc.csv", "Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver\n11/1/26 8:00 PM,,\(huge),Nursing,,Left,,,MK\n11/1/26 6:00 PM,,12,Bottle,4,,,,MK\n", 2),
        ("nursing.csv", "Baby,Time,Start Side,Left duration (min),Right duration (min),Total Duration (min),Note\nAva,\"3/8/26, 02:30\",Left,10,,\(huge)\nAva,\"3/8/26, 05:30\",Right,,8,8\n", 2),
        ("glow_feed_breast.csv", "Start time,Left duration,Right duration\n02/22/2022 7:41:09 PM,\(huge),\n02/22/2022 9:41:09 PM,10,\n", 2),
        ("piyo.txt", "[PiyoLog]Feb 2025\n----------\nSat, 1 Feb 2025\nMia (0y1m0d)\n03:00   Breastfeeding L 60000000000000000m\n05:00   Breastfeeding R 10m\n", 5),
    ])
    func hugeDurations(name: String, text: String, line: Int) throws {
        let result = try Self.read([(name, text)], child: name == "piyo.txt" ? nil : "Ava")
        let feeds = Self.feedings(result)
        #expect(feeds.count == 2, "\(name): \(result.document.events)")
        #expect(feeds.allSatisfy { ($0.durationMinutes ?? 0) <= 1440 })
        #expect(feeds.contains { $0.durationMinutes == nil && ($0.amountML != nil || $0.startedSide != nil || $0.bothSides) }, "\(name): \(feeds)")
        #expect(result.warnings.contains { $0.hasPrefix("\(name):\(line): expected a feeding of at most a day, found ") && $0.hasSuffix("; the duration is left out, the feeding kept") },
                "\(name): \(result.warnings)")
        Self.expectNothingForBuildToDrop(result, name)
    }

    @Test("Feed Baby: feeds and an approximate sleep of 10^16 minutes; growths.csv in grams and German months read as grams")
    func feedBaby() throws {
        let result = try Self.read([
            ("feeds.csv", "id, Start Time, End Time, Feed Type, Quantity (oz), Quantity (ml or g), Notes, Duration (Minutes), Food Type, Unit, Bottle Type\r\n2,08:14:00 03-13-2021,,Bottle,4,118,,10000000000000000,,METRIC,\r\n1,08:00:00 03-13-2021,08:12:00 03-13-2021,Left Breast,,,,12,,METRIC,\r\n"),
            ("sleeps.csv", "id, Start Time, End Time, Approximate Duration (Minutes), Notes\r\n2,20:00:00 03-13-2021,,10000000000000000,\r\n1,13:00:00 03-13-2021,14:00:00 03-13-2021,,\r\n"),
            ("growths.csv", "id, Day, Weight, Weight Unit, Height, Head, Length Unit, Notes\r\n3,2 Mai 2021,5600,g,0,0,cm,\r\n2,20 Apr. 2021,4990,g,56.5,38,cm,\r\n1,26 März 2021,3085,g,0,0,cm,\r\n"),
        ], kind: .feedbaby, child: "Noah")
        let bottle = try #require(Self.feedings(result).first { $0.type == .bottle })
        #expect(bottle.amountML == 118 && bottle.durationMinutes == nil)
        let weights = result.document.events.compactMap { if case .measurement(let m) = $0.kind { m.weightKG } else { nil } }
        #expect(weights == [3.085, 4.99, 5.6], "\(result.warnings)")
        #expect(result.warnings.contains { $0.hasPrefix("feeds.csv:2: expected a feeding of at most a day") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.hasPrefix("sleeps.csv:2: expected a sleep of at most 7 days") }, "\(result.warnings)")
        #expect(!result.warnings.contains { $0.contains("growths.csv") }, "\(result.warnings)")
        Self.expectNothingForBuildToDrop(result, "Feed Baby")
    }

    static func measurements(_ result: Importer.Result) -> [ExportEvent.Measurement] {
        result.document.events.compactMap { if case .measurement(let m) = $0.kind { m } else { nil } }
    }

    @Test("units from evidence: a weight no child has in the unit written is read in the one unit a child has it in, with a note; one that fits none, or two, is left out")
    func unitsFromEvidence() throws {
        let result = try Self.read([("growths.csv", """
            id, Day, Weight, Weight Unit, Height, Head, Length Unit, Notes\r
            5,2 Jun 2021,40,kg,0,0,cm,\r
            4,2 May 2021,100000,kg,0,0,cm,\r
            3,2 Apr 2021,5600,kg,0,0,cm,\r
            2,20 Mar 2021,4.99,kg,560,14.5,cm,\r
            1,10 Mar 2021,3085,kg,0,0,cm,\r

            """)], kind: .feedbaby, child: "Noah")
        let measured = Self.measurements(result)
        #expect(measured.compactMap(\.weightKG) == [3.085, 4.99, 5.6], "\(result.warnings)")
        #expect(measured.compactMap(\.lengthCM) == [56], "\(result.warnings)")
        #expect(measured.compactMap(\.headCircumferenceCM).map { ($0 * 100).rounded() / 100 } == [36.83], "\(result.warnings)")
        #expect(result.warnings.contains("growths.csv:6: column \"Weight\": expected a weight of 0.3–30 kg, found 3085 kg; in grams that is 3.085 kg; read in grams, the one unit in which a child measures that"),
                "\(result.warnings)")
        #expect(result.warnings.contains("growths.csv:5: column \"Height\": expected a length of 25–130 cm, found 560 cm; in millimetres that is 56 cm; read in millimetres, the one unit in which a child measures that"),
                "\(result.warnings)")
        #expect(result.warnings.contains { $0.hasPrefix("growths.csv:5: column \"Head\": expected a head circumference of 18–60 cm, found 14.5 cm; in inches that is 36.83 cm") },
                "\(result.warnings)")
        // 100000 is no child's weight in any unit; 40 is in two (pounds and ounces): neither is guessed.
        #expect(result.warnings.contains("growths.csv:3: expected a weight of 0.3–30 kg, found 100000 kg; left out"), "\(result.warnings)")
        #expect(result.warnings.contains("growths.csv:2: expected a weight of 0.3–30 kg, found 40 kg; left out"), "\(result.warnings)")
        Self.expectNothingForBuildToDrop(result, "Feed Baby")
    }

    @Test("units from evidence: 98.6 under a °C header and in PiyoLog, a PiyoLog weight of 3085kg, each read in the unit a child has it in", arguments: [
        ("Ava_temperature.csv", "Baby,Time,Temp (°C),Note\nAva,\"3/8/26, 1:15 AM\",98.6,\n", 2),
        ("piyo.txt", "[PiyoLog]Feb 2025\n----------\nSat, 1 Feb 2025\nMia (0y1m0d)\n03:00   Weight 3085kg\n05:00   Body Temp 98.6°C\n", 5),
    ])
    func unitsFromEvidenceEverywhere(name: String, text: String, line: Int) throws {
        let result = try Self.read([(name, text)], child: name == "piyo.txt" ? nil : "Ava")
        #expect(result.warnings.contains { $0.hasPrefix("\(name):\(line): ") && $0.hasSuffix("the one unit in which a child measures that") }, "\(result.warnings)")
        let temperatures = result.document.events.compactMap { if case .temperature(let t) = $0.kind { (t.celsius * 10).rounded() / 10 } else { nil } }
        #expect(temperatures == [37], "\(result.document.events)")
        #expect(Self.measurements(result).compactMap(\.weightKG) == (name == "piyo.txt" ? [3.085] : []))
        Self.expectNothingForBuildToDrop(result, name)
    }

    @Test("units from evidence: a Baby Daybook weight of 3085 is grams")
    func babyDaybookGrams() throws {
        let result = try Self.daybook(adding: """
            INSERT INTO growth (uid, baby_uid, date_millis, weight, height, head_size) VALUES ('g9', \(Self.lena), 1738580000000, 3085, 0, 0);

            """)
        #expect(Self.measurements(result).contains { $0.weightKG == 3.085 }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.contains("column \"weight\": expected a weight of 0.3–30 kg, found 3085 kg; in grams that is 3.085 kg") }, "\(result.warnings)")
        Self.expectNothingForBuildToDrop(result, "Baby Daybook")
    }

    @Test("an unreadable end is not a sleep in progress: an earlier sleep without its end is left out with its line; the last may still be going")
    func unreadableEnds() throws {
        let result = try Self.read([("sleep.csv", "Baby,Time,Duration(minutes),Note\nAva,\"3/8/26, 1:15 AM\",abc,\nAva,\"3/8/26, 11:00 AM\",60,\nAva,\"3/8/26, 9:00 PM\",,\n")])
        let sleeps = result.document.events.compactMap { if case .sleep(let s) = $0.kind { s } else { nil } }
        #expect(sleeps.count == 2 && sleeps.filter { $0.endedAt == nil }.count <= 1, "\(sleeps)")
        #expect(result.warnings.contains("sleep.csv:2: a sleep with no end, and later sleeps after it: only the last sleep can still be going; left out"), "\(result.warnings)")
        Self.expectNothingForBuildToDrop(result, "Baby Tracker")
    }

    @Test("Baby Daybook: a symptom is one note; 10^308 °C, a pump of 10^308 ml, 3.6·10^21 ms of nursing and a sleep ending in 2036 cost their values, never the import")
    func babyDaybook() throws {
        let result = try Self.daybook(adding: """
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, notes) VALUES ('x1', \(Self.lena), 'symptom', 1738580000000, 'Diarrhea');
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, temperature) VALUES ('x2', \(Self.lena), 'temperature', 1738581000000, 1e308);
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, volume) VALUES ('x3', \(Self.lena), 'pump', 1738582000000, 1e308);
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, left_duration, side) VALUES ('x4', \(Self.lena), 'breastfeeding', 1738583000000, 3.6e21, 'left');
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, end_millis) VALUES ('x5', \(Self.lena), 'sleeping', 1738584000000, 2100000000000);

            """)
        let notes = result.document.events.compactMap { if case .note(let n) = $0.kind, n.occurredAt.milliseconds == 1738580000000 { n.text } else { nil } }
        #expect(notes == ["Symptom: Diarrhea"])
        #expect(!result.document.events.contains { if case .temperature(let t) = $0.kind { !t.celsius.isFinite || t.celsius > 45 } else { false } })
        #expect(result.document.events.contains { if case .pumping(let p) = $0.kind { p.amountML == nil } else { false } })
        #expect(result.document.events.contains { if case .feeding(let f) = $0.kind { f.startedAt.milliseconds == 1738583000000 && f.durationMinutes == nil } else { false } })
        #expect(result.warnings.filter { $0.hasPrefix("backup.db (daily_actions):") && $0.contains("expected") }.count >= 4, "\(result.warnings)")
        Self.expectNothingForBuildToDrop(result, "Baby Daybook")
    }

    @Test("Baby Daybook: a bottle of -80 or \"lots\" keeps the feed without its amount, and a birthday in year 1 is not used — each said with its row")
    func babyDaybookSilentDrops() throws {
        let result = try Self.daybook(adding: """
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, volume) VALUES ('y1', \(Self.lena), 'bottle', 1738580000000, -80);
            INSERT INTO daily_actions (uid, baby_uid, type, start_millis, volume) VALUES ('y2', \(Self.lena), 'bottle', 1738581000000, 'lots');
            UPDATE babies SET birthday = -62135596800000;

            """)
        #expect(result.document.children.first?.dateOfBirth == nil)
        #expect(result.warnings.contains { $0.hasPrefix("backup.db:1: column \"birthday\": expected the milliseconds of a birthday after 2000") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.contains("column \"volume\": expected a number above 0, found \"-80") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.contains("column \"volume\": expected a number above 0, found \"lots\"") }, "\(result.warnings)")
        let bottles = Self.feedings(result).filter { [1738580000000, 1738581000000].contains($0.startedAt.milliseconds) }
        #expect(bottles.count == 2 && bottles.allSatisfy { $0.amountML == nil })
    }

    @Test("a caregiver, a medicine and a child's name of about 300 characters are cut at import, with their rows, not left for the build to cut")
    func longTexts() throws {
        let long = String(repeating: "Paracetamol ", count: 25)
        let result = try Self.read([("bc.csv", "Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver\n"
            + "11/1/26 8:00 PM,,,Medicine,2.5 ml,\(long),,,\(long)\n11/1/26 6:00 PM,,,Bottle,4,,,,MK\n")], child: String(repeating: "Ava", count: 100))
        #expect(result.warnings.contains { $0.hasPrefix("bc.csv:2: expected a caregiver's name of at most 200 characters, found 299; only the first 200 are kept") }, "\(result.warnings.map { String($0.prefix(160)) })")
        #expect(result.warnings.contains { $0.hasPrefix("bc.csv:2: expected a medication's name of at most 200 characters") })
        #expect(result.warnings.contains("a child's name of 300 characters: only the first 200 are kept"), "\(result.warnings)")
        Self.expectNothingForBuildToDrop(result, "BabyConnect")
    }

    @Test("Feed Baby: a journal entry's category and its notes are one note")
    func journalOneNote() throws {
        let result = try Self.read([("journal_entries.csv", "id, Start Time, End Time, Category, Sub Category, Notes\r\n1,08:00:00 03-13-2021,,Health,Rash,on the cheek\r\n")], kind: .feedbaby, child: "Noah")
        let notes = result.document.events.compactMap { if case .note(let n) = $0.kind { n.text } else { nil } }
        #expect(notes == ["Health: Rash — on the cheek"])
        #expect(result.document.events.allSatisfy { if case .note(let n) = $0.kind { n.category == "journal entry" } else { true } })
    }
}
