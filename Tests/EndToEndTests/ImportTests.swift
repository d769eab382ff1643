import Foundation
import Testing

/// Another app's export through `bbreport import`, then `validate` and `build`.
@Suite struct ImportTests {
    func day(_ date: String, in file: URL) throws -> [String: Any] {
        try DaysFile.day(date, in: file)
    }

    @Test("a Huckleberry export becomes an export file that validates and builds, with the figures worked out by hand")
    func huckleberry() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = Tool.fixture("huckleberry.csv")
        let result = try Tool.run(["import", csv, "--timezone", "America/New_York", "--child", "Mila", "--birthday", "2025-09-20", "-o", "mila.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Imported 1 child and 20 events from \(csv) (Huckleberry) → mila.json
            \(csv): 18 rows
              Feed: 5 read, 1 left out (repeating an earlier row)
              Sleep: 3 read
              Diaper: 3 read
              Pump: 1 read
              Growth: 1 read
              Temp: 1 read
              Meds: 1 read
              Tummy time: 1 read
              Bath: 1 left out (a kind bbreport does not read)

            """)
        #expect(result.stderr == """
            note: read as a Huckleberry export (from its header)
            warning: \(csv): dropped 1 row repeating an earlier row exactly
            warning: \(csv): skipped rows of kinds bbreport does not read: 1 Bath
            warning: 5 times fall in the hour the clocks repeated in America/New_York; each placed in the occurrence that keeps the rows in order

            """)
        let validate = try Tool.run(["validate", "mila.json"], in: folder)
        #expect(validate.status == 0 && validate.stdout == "mila.json: no problems found\n", "\(validate.stdout)\(validate.stderr)")
        let build = try Tool.run(["build", "mila.json", "-o", "out", "-q"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        // Saturday Nov 1 by hand: a 40-minute feed on both sides at 2 AM, bottles of 2.5 and 4 oz
        // (the 8 AM row twice in the file, once here); a both diaper (yellow) and a dry check;
        // 110 ml pumped; the sleep from 9 PM; notes on the diaper, the temperature and the growth row.
        let days = folder.appendingPathComponent("out/mila/days.json")
        let saturday = try day("2025-11-01", in: days)
        let feedings = try #require(saturday["feedings"] as? [String: Any])
        #expect(feedings["count"] as? Int == 3)
        #expect(abs(((feedings["bottle"] as? [String: Any])?["ml"] as? Double ?? 0) - 6.5 * 29.5735295625) < 0.01)
        #expect((feedings["breast"] as? [String: Any])?["both_sides"] as? Int == 1)
        let diapers = try #require(saturday["diapers"] as? [String: Any])
        #expect(diapers["count"] as? Int == 1 && diapers["both"] as? Int == 1 && diapers["dry"] as? Int == 1)
        #expect((diapers["stool_colors"] as? [String: Any])?["yellow"] as? Int == 1)
        #expect((saturday["pumping"] as? [String: Any])?["ml"] as? Double == 110)
        #expect((saturday["notes"] as? [String: Any])?["count"] as? Int == 3)
        #expect((saturday["temperature"] as? [String: Any])?["max_celsius"] as? Double == 37.9)
        #expect((saturday["sleep"] as? [String: Any])?["started"] as? Int == 1)
        // Sunday Nov 2, the 25-hour day: the sleep from 1:40 AM (EDT) to 1:20 AM (EST) is 40 minutes.
        let sunday = try day("2025-11-02", in: days)
        #expect((sunday["sleep"] as? [String: Any])?["longest_seconds"] as? Int == 40 * 60)
        #expect((sunday["diapers"] as? [String: Any])?["poop"] as? Int == 1)
    }

    @Test("build --source huckleberry gives the same pages as import then build; validate --source reads the same")
    func buildDirectly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = Tool.fixture("huckleberry.csv")
        let common = ["--timezone", "America/New_York", "--child", "Mila", "--birthday", "2025-09-20"]
        #expect(try Tool.run(["import", "huckleberry", csv, "-o", "mila.json"] + common, in: folder).status == 0)
        let viaFile = try Tool.run(["build", "mila.json", "-o", "via-file", "-q"], in: folder)
        let direct = try Tool.run(["build", "--source", "huckleberry", csv, "-o", "direct"] + common, in: folder)
        #expect(viaFile.status == 0 && direct.status == 0, "\(viaFile.stderr)\(direct.stderr)")
        #expect(direct.stderr.contains("warning: 5 times fall in the hour the clocks repeated in America/New_York"))
        let a = try snapshot(of: folder.appendingPathComponent("via-file")).mapValues(\.0).filter { $0.key != ".bbreport-manifest" }
        let b = try snapshot(of: folder.appendingPathComponent("direct")).mapValues(\.0).filter { $0.key != ".bbreport-manifest" }
        #expect(a.count > 10 && a == b, "\(a.keys.filter { a[$0] != b[$0] }.sorted())")

        let validate = try Tool.run(["validate", "--source", "huckleberry", csv] + common, in: folder)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stdout == "\(csv): 3 warnings; the file can be built\n", "\(validate.stdout)")
        let noZone = try Tool.run(["build", "--source", "huckleberry", csv, "--child", "Mila", "-o", "x"], in: folder)
        #expect(noZone.status == 64 && noZone.stderr.contains("Huckleberry's times carry no time zone: give --timezone"))
    }

    @Test("a cell that cannot be read is a warning with its place and the rest is imported; what is no export at all exits 65 or 64 and writes nothing")
    func failures() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = "Type,Start,End,Duration,Start Condition,Start Location,End Condition,Notes\n"
        try Data((header + "Feed,25/10/2024 18:16,,,,Breast,,\nDiaper,2024-10-25 18:30,,,,,Pee,\n").utf8).write(to: folder.appendingPathComponent("one-bad.csv"))
        let oneBad = try Tool.run(["import", "huckleberry", "one-bad.csv", "--timezone", "UTC", "--child", "Ava", "-o", "kept.json"], in: folder)
        #expect(oneBad.status == 0)
        #expect(oneBad.stderr == "warning: one-bad.csv:2: column \"Start\": expected a time like 2024-10-25 18:16, found \"25/10/2024 18:16\"; the row is left out\n")
        #expect(oneBad.stdout.hasPrefix("Imported 1 child and 1 event from one-bad.csv (Huckleberry) → kept.json\none-bad.csv: 2 rows\n  Feed: 1 left out (not understood)\n  Diaper: 1 read\n"))

        try Data((header + "Feed,25/10/2024 18:16,,,,Breast,,\n").utf8).write(to: folder.appendingPathComponent("bad.csv"))
        let bad = try Tool.run(["import", "huckleberry", "bad.csv", "--timezone", "UTC", "--child", "Ava", "-o", "out.json"], in: folder)
        #expect(bad.status == 65)
        #expect(bad.stderr == """
            warning: bad.csv:2: column "Start": expected a time like 2024-10-25 18:16, found "25/10/2024 18:16"; the row is left out
            error: bad.csv: no entry could be read (every row was left out: bad.csv: 1 row; Feed: 1 left out (not understood))
            hint: give the files the app exported; nothing was written

            """)
        let noChild = try Tool.run(["import", "bad.csv", "--timezone", "UTC", "-o", "out.json"], in: folder)
        #expect(noChild.status == 65 && noChild.stderr.contains("give --child NAME"))
        try Data("Date,Weight\n2024-10-25,4\n".utf8).write(to: folder.appendingPathComponent("other.csv"))
        let unknown = try Tool.run(["import", "other.csv", "--timezone", "UTC", "-o", "out.json"], in: folder)
        #expect(unknown.status == 65 && unknown.stderr.contains("not an export bbreport knows: the header is \"Date,Weight\""))
        try Data("{\"format\": \"babybasics-export\", \"version\": 1, \"children\": [], \"events\": []}\n".utf8).write(to: folder.appendingPathComponent("ours.json"))
        let ours = try Tool.run(["import", "ours.json", "--timezone", "UTC", "-o", "out.json"], in: folder)
        #expect(ours.status == 64 && ours.stderr == "error: ours.json: a Baby Basics export already, not another app's export\nhint: build it as it is: `bbreport build ours.json`; nothing was written\n", "\(ours.stderr)")
        let missing = try Tool.run(["import", "huckleberry", "nowhere.csv", "--timezone", "UTC", "--child", "Ava", "-o", "out.json"], in: folder)
        #expect(missing.status == 64 && missing.stderr.hasPrefix("error: nowhere.csv: no such file"))
        let app = try Tool.run(["import", "nara", "bad.csv", "--timezone", "UTC", "-o", "out.json"], in: folder)
        #expect(app.status == 64 && app.stderr.hasPrefix("error: 'nara' is not an app bbreport reads\nhint: use one of huckleberry"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }
}
