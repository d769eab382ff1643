import Foundation
import SQLiteFixtures
import Testing

/// Baby Daybook's SQLite backup and Feed Baby's folder of CSV files, through `import`,
/// `validate`, `build` and `serve`, as a family switching from those apps would use them.
@Suite struct ImportBackupsTests {
    /// Writes the Baby Daybook fixture `name` (SQL) into `folder` as the database `as`.
    func backup(_ name: String, as file: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(file)
        try SQLiteFixture.database(file: Tool.fixture("babydaybook/\(name).sql")).write(to: url)
        return url
    }

    func day(_ date: String, _ file: URL) throws -> [String: Any] {
        try DaysFile.day(date, in: file)
    }

    @Test("a Baby Daybook backup is told by its header, not its name: import, validate and build --source read it alike")
    func babyDaybook() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try backup("BabyDaybook_20250203_auto", as: "from-the-phone.bin", in: folder)
        let imported = try Tool.run(["import", "from-the-phone.bin", "--timezone", "Europe/Berlin", "--child", "Lena", "-o", "lena.json"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 1 child and 29 events from from-the-phone.bin (Baby Daybook) → lena.json\n"), "\(imported.stdout)")
        #expect(imported.stderr.hasPrefix("note: read as a Baby Daybook export (from its header)\n"), "\(imported.stderr)")
        let validate = try Tool.run(["validate", "--source", "babydaybook", "from-the-phone.bin", "--timezone", "Europe/Berlin", "--child", "Lena"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let viaFile = try Tool.run(["build", "lena.json", "-o", "via-file", "-q"], in: folder)
        let direct = try Tool.run(["build", "--source", "babydaybook", "from-the-phone.bin", "--timezone", "Europe/Berlin", "--child", "Lena",
                                   "-o", "direct", "-q"], in: folder)
        #expect(viaFile.status == 0 && direct.status == 0, "\(viaFile.stderr)\(direct.stderr)")
        let a = try snapshot(of: folder.appendingPathComponent("via-file")).mapValues(\.0).filter { $0.key != ".bbreport-manifest" }
        let b = try snapshot(of: folder.appendingPathComponent("direct")).mapValues(\.0).filter { $0.key != ".bbreport-manifest" }
        #expect(a.count > 10 && a == b, "\(a.keys.filter { a[$0] != b[$0] }.sorted())")
        // Monday February 3 by hand: a breast feed of 21 minutes (both sides, begun left), a
        // 90 ml bottle; a pee, a both and a dry check; a 90-minute nap and the evening sleep
        // still going at the backup; 110 ml pumped; 38.4 °C; one dose; the day's note, the
        // bottle's, the growth's, the vaccine's, the symptom with its note as one, and the
        // crying's; two spells of crying, 45 minutes timed and 20 typed.
        let monday = try day("2025-02-03", folder.appendingPathComponent("direct/lena/days.json"))
        let feedings = try #require(monday["feedings"] as? [String: Any])
        #expect(feedings["count"] as? Int == 2 && (feedings["bottle"] as? [String: Any])?["ml"] as? Double == 90)
        #expect((feedings["breast"] as? [String: Any])?["minutes"] as? Double == 21 && (feedings["breast"] as? [String: Any])?["left"] as? Int == 1)
        let diapers = try #require(monday["diapers"] as? [String: Any])
        #expect(diapers["count"] as? Int == 2 && diapers["both"] as? Int == 1 && diapers["dry"] as? Int == 1)
        #expect((monday["sleep"] as? [String: Any])?["ongoing"] as? Bool == true)
        #expect((monday["pumping"] as? [String: Any])?["ml"] as? Double == 110)
        #expect((monday["temperature"] as? [String: Any])?["max_celsius"] as? Double == 38.4)
        #expect((monday["medication"] as? [String: Any])?["doses"] as? Int == 1)
        #expect((monday["notes"] as? [String: Any])?["count"] as? Int == 6)
        let crying = try #require(monday["crying"] as? [String: Any])
        #expect(crying["count"] as? Int == 2 && crying["seconds"] as? Int == 65 * 60 && crying["untimed"] as? Int == 0)
        let page = try String(contentsOf: folder.appendingPathComponent("direct/lena/2025/02/03.html"), encoding: .utf8)
        #expect(page.contains("Vaccination · DTaP-IPV-Hib-HepB") && page.contains("Sweet potato (30 g) · liked"))
    }

    @Test("a newer Baby Daybook backup built over the archive of an older one rewrites only the days that changed")
    func newerBackup() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try backup("BabyDaybook_20250203_auto", as: "BabyDaybook_auto.db", in: folder)
        let arguments = ["build", "--source", "babydaybook", "BabyDaybook_auto.db", "--timezone", "Europe/Berlin", "--child", "Lena", "-o", "out", "-q"]
        #expect(try Tool.run(arguments, in: folder).status == 0)
        let before = try snapshot(of: folder.appendingPathComponent("out"))
        try SQLiteFixture.database(file: Tool.fixture("babydaybook/BabyDaybook_20250204_auto.sql")).write(to: file)
        let again = try Tool.run(arguments, in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        let after = try snapshot(of: folder.appendingPathComponent("out"))
        let days = Set(after.keys.filter { $0.hasPrefix("lena/2025/02/") && $0.hasSuffix(".html") && !$0.hasSuffix("index.html") })
        let rewritten = days.filter { before[$0] == nil || before[$0]!.0 != after[$0]!.0 || before[$0]!.1 != after[$0]!.1 }
        // The evening sleep of the 3rd ended on the 4th, which is new; the 1st and 2nd are untouched.
        #expect(rewritten == ["lena/2025/02/03.html", "lena/2025/02/04.html"], "\(rewritten.sorted())")
        #expect(days.isSuperset(of: ["lena/2025/02/01.html", "lena/2025/02/02.html"]))
    }

    @Test("a Feed Baby folder: import tells it by its headers, --child names the child, validate and build --source read it alike")
    func feedBaby() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = Tool.fixture("feedbaby")
        let noChild = try Tool.run(["import", export, "--timezone", "America/New_York", "-o", "noah.json"], in: folder)
        #expect(noChild.status == 65 && noChild.stderr.contains("a Feed Baby export is one child's and does not name them: give --child NAME"), "\(noChild.stderr)")
        let imported = try Tool.run(["import", export, "--timezone", "America/New_York", "--child", "Noah", "-o", "noah.json"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("(Feed Baby) → noah.json\n") && imported.stdout.contains("  vaccination: 1 read, 2 left out (not given: the app's schedule)"),
                "\(imported.stdout)")
        let validate = try Tool.run(["validate", "--source", "feedbaby", export, "--timezone", "America/New_York", "--child", "Noah"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let direct = try Tool.run(["build", "--source", "feedbaby", export, "--timezone", "America/New_York", "--child", "Noah", "-o", "out", "-q"], in: folder)
        #expect(direct.status == 0, "\(direct.stderr)")
        // Saturday March 13, 2021: a right feed, one of both sides (21 minutes without its
        // pause), two bottles (90 ml and 4 oz); pee, poo, both and a dry check; a nap.
        let saturday = try day("2021-03-13", folder.appendingPathComponent("out/noah/days.json"))
        let feedings = try #require(saturday["feedings"] as? [String: Any])
        #expect(feedings["count"] as? Int == 4 && (feedings["breast"] as? [String: Any])?["minutes"] as? Double == 36)
        #expect(abs(((feedings["bottle"] as? [String: Any])?["ml"] as? Double ?? 0) - (90 + 4 * 29.5735295625)) < 0.01)
        #expect((saturday["diapers"] as? [String: Any])?["count"] as? Int == 3)
        // The night from 9 PM across the spring-forward to 5:30 AM is 7.5 hours, not 8.5.
        let sunday = try day("2021-03-14", folder.appendingPathComponent("out/noah/days.json"))
        #expect((saturday["sleep"] as? [String: Any])?["longest_seconds"] as? Int == 27_000)
        #expect((sunday["sleep"] as? [String: Any])?["ongoing"] as? Bool == true)
    }

    @Test("serve --source feedbaby rebuilds when a file in the folder changes")
    func serveFeedBaby() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = folder.appendingPathComponent("export")
        try FileManager.default.copyItem(atPath: Tool.fixture("feedbaby"), toPath: export.path)
        let serve = try ServeProcess(["--source", "feedbaby", "export", "--timezone", "America/New_York", "--child", "Noah", "-o", "out"], in: folder)
        try serve.waitFor(stdout: "Built ")
        let lines = serve.lineCount
        let sleeps = export.appendingPathComponent("sleeps.csv")
        let text = try String(contentsOf: sleeps, encoding: .utf8)
        try text.replacingOccurrences(of: "3,20:00:00 03-14-2021,,,", with: "3,20:00:00 03-14-2021,06:00:00 03-15-2021,,")
            .write(to: sleeps, atomically: false, encoding: .utf8)
        try serve.waitFor(stdout: "sleeps.csv changed: Built ", skipping: lines)
        #expect(try serve.interrupt() == 0)
    }

    @Test("serve --source babydaybook rebuilds when the app writes a newer backup over the file")
    func serveBabyDaybook() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try backup("BabyDaybook_20250203_auto", as: "BabyDaybook_auto.db", in: folder)
        let serve = try ServeProcess(["--source", "babydaybook", "BabyDaybook_auto.db", "--timezone", "Europe/Berlin", "-o", "out"], in: folder)
        try serve.waitFor(stdout: "Built ")
        let lines = serve.lineCount
        try SQLiteFixture.database(file: Tool.fixture("babydaybook/BabyDaybook_20250204_auto.sql")).write(to: file)
        try serve.waitFor(stdout: "BabyDaybook_auto.db changed: Built ", skipping: lines)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/lena/2025/02/04.html").path))
        #expect(try serve.interrupt() == 0)
    }
}
