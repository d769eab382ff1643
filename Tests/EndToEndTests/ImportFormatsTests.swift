import Foundation
import Testing

/// Each app's fixture through `bbreport import`, `validate` and `build`, with a few days of
/// `days.json` worked out by hand (day_start midnight, in the zone each fixture was logged in).
@Suite struct ImportFormatsTests {
    /// Imports `files` into a family, checks what was said and that it validates (as the
    /// export file and as the app's files), builds it, and gives each child's days.json by name.
    func build(_ kind: String, _ files: [String], zone: String, extra: [String] = [], stderr expected: String? = nil,
               in folder: URL) throws -> [String: URL] {
        let result = try Tool.run(["import"] + files + ["--timezone", zone, "-o", "family.json"] + extra, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        if let expected { #expect(result.stderr == expected, "\(result.stderr)") }
        let validate = try Tool.run(["validate", "family.json"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let direct = try Tool.run(["validate", "--source", kind] + files + ["--timezone", zone] + extra, in: folder)
        #expect(direct.status == 0 && direct.stdout.hasPrefix(files.joined(separator: ", ") + ": "), "\(direct.stdout)\(direct.stderr)")
        let build = try Tool.run(["build", "family.json", "-o", "out", "-q"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        var days: [String: URL] = [:]
        let out = folder.appendingPathComponent("out")
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
            let file = out.appendingPathComponent(name).appendingPathComponent("days.json")
            guard let data = try? Data(contentsOf: file),
                  let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let child = (json["child"] as? [String: Any])?["name"] as? String else { continue }
            days[child] = file
        }
        return days
    }

    /// The export file `build` imported into `folder`, as text.
    func exported(in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("family.json"), encoding: .utf8)
    }

    func day(_ date: String, _ file: URL?) throws -> [String: Any] {
        try DaysFile.day(date, in: try #require(file))
    }

    func figure(_ day: [String: Any], _ path: String) -> Double? {
        var value: Any? = day
        for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
        return (value as? NSNumber)?.doubleValue
    }

    static let ounce = 29.5735295625

    @Test("Baby Tracker: a file per kind, two children, pumping without a child, units in the header, the skipped hour")
    func babyTracker() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["nursing", "diaper", "sleep", "expressed", "formula", "pump", "growth", "Ava_medication", "Ava_bath"]
        let files = names.map { Tool.fixture("babytracker/\($0).csv") }
        let days = try build("babytracker", files, zone: "America/Los_Angeles", stderr: """
            note: read as a Baby Tracker export (from its header)
            warning: \(files[0]): dropped 1 row repeating an earlier row exactly
            warning: \(files[8]): skipped rows of kinds bbreport does not read: 1 bath
            warning: \(files[5]): the file names no child; its rows are counted for Ava (give --child NAME to choose)
            warning: 1 time falls in the hour the clocks skipped in America/Los_Angeles; moved forward by the change, as clocks are

            """, in: folder)
        #expect(days.keys.sorted() == ["Ava", "Leo"])
        // Sunday March 8, 2026, the 23-hour day. Ava: a right-side feed at 3:10 and a both-sides
        // one at 6:05 PM (36 minutes); a wet and a dirty diaper; the night sleep from 11 PM
        // (PST) to 5 AM (PDT) is 4 h inside the day, plus a 95-minute nap; 3.5 oz pumped;
        // notes on a feed, a diaper and the bath.
        let ava = try day("2026-03-08", days["Ava"])
        #expect(figure(ava, "feedings.count") == 2 && figure(ava, "feedings.breast.minutes") == 36)
        #expect(figure(ava, "feedings.breast.left") == 1 && figure(ava, "feedings.breast.right") == 1 && figure(ava, "feedings.breast.both_sides") == 1)
        #expect(figure(ava, "diapers.pee") == 1 && figure(ava, "diapers.poop") == 1)
        #expect(figure(ava, "sleep.total_seconds") == Double(4 * 3600 + 95 * 60))
        #expect(abs((figure(ava, "pumping.ml") ?? 0) - 3.5 * Self.ounce) < 0.01)
        #expect(figure(ava, "notes.count") == 3)
        // Leo: the 2:30 feed (moved to 3:30 PDT), bottles of 3.5 and 2 oz and 120 ml of formula,
        // a wet and a mixed diaper, 3.5 h of the night's sleep (11:30 PM PST to 4:30 AM PDT).
        let leo = try day("2026-03-08", days["Leo"])
        #expect(figure(leo, "feedings.count") == 4 && figure(leo, "feedings.bottle.count") == 3)
        #expect(abs((figure(leo, "feedings.bottle.ml") ?? 0) - (5.5 * Self.ounce + 120)) < 0.01)
        #expect(figure(leo, "diapers.wet") == 2 && figure(leo, "diapers.dirty") == 1)
        #expect(figure(leo, "sleep.total_seconds") == 3.5 * 3600)
        // Saturday: Ava's one hour of sleep before midnight, and the dry check.
        let saturday = try day("2026-03-07", days["Ava"])
        #expect(figure(saturday, "sleep.total_seconds") == 3600 && figure(saturday, "diapers.dry") == 1)

        // --child keeps one child, and pumping is theirs.
        let one = try Tool.run(["import"] + files + ["--timezone", "America/Los_Angeles", "--child", "Leo", "-o", "leo.json"], in: folder)
        #expect(one.status == 0 && one.stdout.hasPrefix("Imported 1 child and "), "\(one.stdout)\(one.stderr)")
        #expect(one.stderr.contains("warning: \(files[1]): left out 3 rows of Ava, as --child asks for one child"))
        #expect(!one.stderr.contains("names no child"))
    }

    @Test("Glow: rows in no order, seconds and AM/PM, taps on the sleep button, growth by date, the repeated hour")
    func glow() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["feed_bottle", "diaper", "sleep", "growth", "feed_breast"].map { Tool.fixture("glow/glow_\($0).csv") }
        let days = try build("glow", files, zone: "Europe/London", extra: ["--child", "Ivy"], stderr: """
            note: read as a Glow Baby export (from its header)
            warning: \(files[2]): left out 2 sleeps of a minute or less (a tap on the sleep button, not a sleep)
            warning: 1 time falls in the hour the clocks repeated in Europe/London; each placed in the occurrence that keeps the rows in order

            """, in: folder)
        // Sunday October 26, 2025, the 25-hour day: bottles of 120 (1:20 BST), 90 and 150 ml;
        // a breast feed at 4 AM, 10 minutes left and 12 right; two wet and one mixed diaper
        // (yellow); 6 h of sleep from 00:30 BST to 05:30 GMT and a 90-minute nap — the two
        // taps left out.
        let sunday = try day("2025-10-26", days["Ivy"])
        #expect(figure(sunday, "feedings.bottle.count") == 3 && figure(sunday, "feedings.bottle.ml") == 360)
        #expect(figure(sunday, "feedings.breast.count") == 1 && figure(sunday, "feedings.breast.minutes") == 22)
        #expect(figure(sunday, "diapers.count") == 3 && figure(sunday, "diapers.wet") == 3 && figure(sunday, "diapers.dirty") == 1)
        #expect(figure(sunday, "diapers.stool_colors.yellow") == 1)
        #expect(figure(sunday, "sleep.total_seconds") == 7.5 * 3600 && figure(sunday, "sleep.started") == 2)
        let saturday = try day("2025-10-25", days["Ivy"])
        #expect(abs((figure(saturday, "feedings.bottle.ml") ?? 0) - 4 * Self.ounce) < 0.01)
        #expect(figure(saturday, "sleep.total_seconds") == 40 * 60 && figure(saturday, "diapers.stool_colors.green") == 1)
        let export = try exported(in: folder)
        #expect(export.contains("\"weight_kg\":4.35") && export.contains("\"occurred_at\":\"2025-10-20T12:00:00+01:00\""))
    }

    @Test("BabyConnect: newest first, ounces, caregivers' initials, an end time alone, the repeated hour")
    func babyConnect() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Tool.fixture("babyconnect.csv")
        let days = try build("babyconnect", [file], zone: "America/Chicago", extra: ["--child", "Sam"], stderr: """
            note: read as a BabyConnect export (from its header)
            warning: \(file): dropped 1 row repeating an earlier row exactly
            warning: \(file): skipped rows of kinds bbreport does not read: 1 Bath
            warning: 2 times fall in the hour the clocks repeated in America/Chicago; each placed in the occurrence that keeps the rows in order

            """, in: folder)
        // Sunday November 1, 2020 (25 hours): the feed at 1:45 CDT on the left, then the one at
        // 1:15 CST on both sides — newer, as the file lists it first; a 4 oz bottle; a wet and a
        // BM-and-wet diaper; 15 minutes of the night's sleep (9 PM to 12:15 AM) and a 90-minute nap.
        let sunday = try day("2020-11-01", days["Sam"])
        #expect(figure(sunday, "feedings.count") == 3 && figure(sunday, "feedings.breast.left") == 1 && figure(sunday, "feedings.breast.both_sides") == 1)
        #expect(abs((figure(sunday, "feedings.bottle.ml") ?? 0) - 4 * Self.ounce) < 0.01)
        #expect(figure(sunday, "diapers.pee") == 1 && figure(sunday, "diapers.both") == 1)
        #expect(figure(sunday, "sleep.total_seconds") == 15 * 60 + 90 * 60 && figure(sunday, "notes.count") == 1)
        let export = try exported(in: folder)
        #expect(export.contains("\"created_by\":\"JK\"") && export.contains("\"started_at\":\"2020-11-01T01:15:00-06:00\""))
        #expect(export.contains("\"started_at\":\"2020-11-01T01:45:00-05:00\""))
    }

    @Test("Hatch: two children in one file, 24-hour times with a suffix, 0:00 AM, a trailing column, the skipped hour")
    func hatch() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Tool.fixture("hatch.csv")
        let days = try build("hatch", [file], zone: "America/New_York", in: folder)
        #expect(days.keys.sorted() == ["Nora", "Theo"])
        // Sunday March 13, 2022 (23 hours). Nora: asleep from 0:00 AM EST to 6:30 AM EDT (5.5 h);
        // the 2:30 wet diaper that the clocks skipped (3:30 EDT); a 4 oz bottle and a both-sides
        // feed from 14:41 PM to 15:05 PM (24 minutes).
        let nora = try day("2022-03-13", days["Nora"])
        #expect(figure(nora, "sleep.total_seconds") == 5.5 * 3600 && figure(nora, "diapers.pee") == 1)
        #expect(figure(nora, "feedings.count") == 2 && figure(nora, "feedings.breast.minutes") == 24 && figure(nora, "feedings.breast.both_sides") == 1)
        let theo = try day("2022-03-13", days["Theo"])
        #expect(figure(theo, "diapers.both") == 1 && figure(theo, "notes.count") == 1)
        #expect(figure(try day("2022-03-12", days["Theo"]), "sleep.total_seconds") == 3 * 3600)
        #expect(figure(try day("2022-03-12", days["Nora"]), "pumping.ml") == 120)
    }

    /// PiyoLog's own totals of a day, as the file gives them.
    func totals(in text: String) -> [String: [String: Double]] {
        var result: [String: [String: Double]] = [:]
        var date = ""
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        for line in text.split(separator: "\n").map(String.init) {
            let words = line.split(separator: " ")
            if words.count == 4, let month = months.firstIndex(of: String(words[2])) {
                date = String(format: "%@-%02d-%02d", String(words[3]), month + 1, Int(words[1])!)
            }
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Double($0) }
            if line.hasPrefix("Total sleep") { result[date, default: [:]]["sleep"] = numbers[0] * 3600 + numbers[1] * 60 }
            if line.hasPrefix("Pee ") { result[date, default: [:]]["wet"] = numbers[0] }
            if line.hasPrefix("Poop ") { result[date, default: [:]]["dirty"] = numbers[0] }
            if line.hasPrefix("Total Breastfeeding") { result[date, default: [:]]["breast"] = numbers[0] + numbers[1] }
            if line.hasPrefix("Had formula") || line.hasPrefix("Expressed breast milk") {
                result[date, default: [:]]["bottles", default: 0] += numbers[0]
                result[date, default: [:]]["ml", default: 0] += numbers[1]
            }
        }
        return result
    }

    @Test("PiyoLog (English): two month files, a sleep across midnight and across files, the skipped hour; every day's totals equal bbreport's")
    func piyoLog() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["piyolog_2024_03", "piyolog_2024_04"].map { Tool.fixture("piyolog/\($0).txt") }
        let days = try build("piyolog", files, zone: "Europe/London", stderr: """
            note: read as a PiyoLog export (from its header)
            warning: \(files[0]): skipped rows of kinds bbreport does not read: 1 Bath
            warning: 1 time falls in the hour the clocks skipped in Europe/London; moved forward by the change, as clocks are

            """, in: folder)
        let mia = try #require(days["Mia"])
        var checked = 0
        for file in files {
            for (date, theirs) in totals(in: try String(contentsOfFile: file, encoding: .utf8)) {
                let ours = try day(date, mia)
                #expect(figure(ours, "sleep.total_seconds") == theirs["sleep"], "\(date) sleep")
                #expect(figure(ours, "diapers.wet") ?? 0 == theirs["wet"] ?? 0, "\(date) pee")
                #expect(figure(ours, "diapers.dirty") ?? 0 == theirs["dirty"] ?? 0, "\(date) poop")
                #expect(figure(ours, "feedings.breast.minutes") ?? 0 == theirs["breast"] ?? 0, "\(date) breast")
                #expect(figure(ours, "feedings.bottle.count") ?? 0 == theirs["bottles"] ?? 0, "\(date) bottles")
                #expect(figure(ours, "feedings.bottle.ml") ?? 0 == theirs["ml"] ?? 0, "\(date) ml")
                checked += 1
            }
        }
        #expect(checked == 3)
        // The note under the bottle on March 30, the temperature, the weight and the medicine.
        let export = try exported(in: folder)
        #expect(export.contains("\"text\":\"took it slowly\"") && export.contains("\"celsius\":37.6") && export.contains("\"weight_kg\":5.1"))
        #expect(export.contains("\"name\":\"Vitamin D\""))
    }

    @Test("PiyoLog (Japanese): two children in one file, their totals checked; a total that disagrees is a warning")
    func piyoLogJapanese() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = Tool.fixture("piyolog/piyolog_ja.txt")
        let days = try build("piyolog", [file], zone: "Asia/Tokyo", stderr: "note: read as a PiyoLog export (from its header)\n", in: folder)
        #expect(days.keys.sorted() == ["はると", "みお"])
        let mio = try day("2024-02-01", days["みお"])
        #expect(figure(mio, "sleep.total_seconds") == 3 * 3600 && figure(mio, "feedings.breast.minutes") == 25 && figure(mio, "feedings.bottle.ml") == 210)
        #expect(figure(try day("2024-02-02", days["みお"]), "sleep.total_seconds") == 6.5 * 3600)
        #expect(figure(try day("2024-02-01", days["はると"]), "sleep.total_seconds") == 4 * 3600)
        #expect(figure(try day("2024-02-02", days["はると"]), "sleep.total_seconds") == 6 * 3600)

        let wrong = try String(contentsOfFile: file, encoding: .utf8).replacing("おしっこ合計　1回", with: "おしっこ合計　2回", maxReplacements: 1)
        try Data(wrong.utf8).write(to: folder.appendingPathComponent("wrong.txt"))
        let result = try Tool.run(["import", "wrong.txt", "--timezone", "Asia/Tokyo", "-o", "wrong.json"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: wrong.txt:18: PiyoLog's total \"おしっこ合計 2回\" for みお on 2024-02-01 says 2, the day's lines give 1"), "\(result.stderr)")
    }
}
