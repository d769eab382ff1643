import Foundation
import SQLiteFixtures
import Testing
import Timekeeping
@testable import Importers

/// Mangled exports: every one is read or refused with a place, never a crash or a hang.
@Suite struct ImportFuzzTests {
    static let seed = """
        "Type","Start","End","Duration","Start Condition","Start Location","End Condition","Notes","Logged By"
        "Sleep","2025-11-02 01:40","2025-11-02 01:20","","","","","After\\nthe change","Mom"
        "Feed","2025-11-02 01:10","2025-11-02 01:25","00:15","00:15R","Breast","Null l","",""
        "Feed","2025-11-01 08:00","","00:10","Formula","Bottle","4oz","",""
        "Diaper","2025-11-01 04:00","","yellow","","","Both, pee:large poo:small","",""
        "Growth","2025-11-01 10:00","","","8 lb 4 oz","20.5in","38cm","",""
        "Temp","2025-11-01 16:00","","","99.5°F","","","",""
        """

    /// One export of each other app, with the quirks each test file covers.
    static let others: [(ImportKind, String, String)] = [
        (.babytracker, "nursing.csv", "Baby,Time,Start Side,Left duration (min),Right duration (min),Total Duration (min),Note\nAva,\"3/8/26, 02:30\",Left,10,,10\nLeo,\"3/8/26, 7:15 PM\",Right,5,6,11,\"a, b\"\n"),
        (.babytracker, "sleep.csv", "Baby,Time,Duration(minutes),Note\nAva,\"3/8/26, 1:15 AM\",99999999999999999999,\nAva,\"3/8/26, 11:00 PM\",300,\n"),
        (.glow, "glow_sleep.csv", "Begin time,End time\n11/01/2026 1:30:00 AM,11/01/2026 1:10:00 AM\n10/31/2026 9:00:00 PM,10/31/2026 9:00:30 PM\n"),
        (.babyconnect, "bc.csv", "Date and Time,End Time,Duration (min),Activity,Quantity,Extra data,Text,Notes,Caregiver\n11/1/26 1:15 AM,1:40 AM,,Sleep,,,,,MK\n11/1/26 1:45 AM,,,Diaper,,\"BM, Wet\",,,JK\n10/31/26 8:00 PM,,,Weight,10.5,,,,MK\n"),
        (.hatch, "hatch.csv", "Baby Name,Start Time,End Time,Activity,Amount,Percentile,Duration,Info,Notes,\nNora,03/08/2026 14:41 PM,03/08/2026 15:05 PM,Feeding,,,,Left and Right,,\nTheo,03/08/2026 0:00 AM,,Weight,8 lbs 4 oz,45th,,,,\n"),
        (.feedbaby, "feeds.csv", "id, Start Time, End Time, Feed Type, Quantity (oz), Quantity (ml or g), Notes, Duration (Minutes), Food Type, Unit, Bottle Type\r\n2,08:14:00 03-13-2021,08:25:00 03-13-2021,Right Breast,,,,11,,METRIC,\r\n1,08:00:00 03-13-2021,08:12:00 03-13-2021,Left Breast,,,,12,,METRIC,\r\n"),
        (.feedbaby, "growths.csv", "id, Day, Weight, Weight Unit, Height, Head, Length Unit, Notes\r\n2,13 März 2021,5.2,KG,58,39,CM,\r\n1,20 Feb. 2021,4.8,KG,,,CM,\r\n"),
        (.piyolog, "p.txt", "[PiyoLog]Nov 2026\n----------\nSun, 1 Nov 2026\nMia (0y2m3d)\n01:10   Breastfeeding L 10m ▶ R 15m\n01:20   Sleep\n        fussy\n05:00   Wake-up (3h40m)\nTotal sleep 3h40m\nPee 0times\n"),
    ]

    @Test("2,000 deterministic mutations of a Huckleberry export and 1,000 of each other app's: read or refused with file and line, never trapped")
    func mutations() {
        var state: UInt64 = 0x5EED_1234
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        // The classes that once trapped or ran away: 20-digit numbers anywhere (in each part of
        // H:MM:SS too), years 0, 1, 9999 and 10^12, 1e30 amounts, long runs of separators.
        let pieces: [String] = ["\"", ",", "\n", "\r", ":", "R", "L", "oz", "ml", "-", "9", "\u{0}", "é", "°", "99999999999999999999", " ", "/", "PM", "(", ")", "▶", "回",
                                "9223372036854775807", "99999999999999999999:99999999999999999999", "0000", "0001", "9999", "1000000000000", "1e30", "1e30ml",
                                String(repeating: ",", count: 200), String(repeating: ":", count: 50), "times", "h", "m", "ft.in", "lbs.oz"]
        let zone = Zone(identifier: "America/New_York")!
        let seeds = [(ImportKind.huckleberry, "f.csv", Self.seed, 2_000)] + Self.others.map { ($0.0, $0.1, $0.2, 1_000) }
        for (kind, name, seed, rounds) in seeds {
            for _ in 0..<rounds {
                var scalars = Array(seed.unicodeScalars)
                for _ in 0..<(1 + next() % 4) {
                    let at = next() % (scalars.count + 1)
                    switch next() % 3 {
                    case 0 where at < scalars.count: scalars.remove(at: at)
                    case 1: scalars.insert(contentsOf: pieces[next() % pieces.count].unicodeScalars, at: at)
                    default: if at < scalars.count { scalars[at] = pieces[next() % pieces.count].unicodeScalars.first! }
                    }
                }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars)
                do {
                    let result = try Importer.read([(name, String(text))], kind: kind, zone: zone, child: "Ava", birthday: nil)
                    #expect(result.document.children.count <= 1)
                    // No value written for a build to drop without a word at import.
                    ImpossibleValuesTests.expectNothingForBuildToDrop(result, "\(name): \(String(text).debugDescription)")
                } catch {
                    #expect(error.file == name && !error.message.isEmpty)
                }
            }
        }
    }

    @Test("600 deterministic byte mutations of a Baby Daybook backup: read or refused with the file's name, never a crash")
    func damagedBackups() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let backup = try SQLiteFixture.database(file: folder.appendingPathComponent("EndToEndTests/Fixtures/babydaybook/BabyDaybook_20250203_auto.sql").path)
        var state: UInt64 = 0xDA7B_00C5
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let zone = Zone(identifier: "Europe/Berlin")!
        var read = 0
        for _ in 0..<600 {
            var bytes = backup
            // Past the 16-byte header, so that it is still taken for a database.
            for _ in 0..<(1 + next() % 8) {
                bytes[16 + next() % (bytes.count - 16)] = UInt8(truncatingIfNeeded: next())
            }
            do {
                let result = try Importer.read([ImportInput(name: "b.db", bytes: bytes)!], kind: nil, zone: zone, child: nil, birthday: nil)
                #expect(result.document.children.count <= 2)
                read += 1
            } catch {
                #expect(error.file.hasPrefix("b.db") && !error.message.isEmpty)
            }
        }
        #expect(read > 0)
    }
}
