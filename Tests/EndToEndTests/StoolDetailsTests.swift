import Foundation
import Testing

/// A stool's consistency and amount, where the app writes them: kept, shown, found, and
/// diarrhoea put before the doctor.
@Suite struct StoolDetailsTests {
    /// Three days of a PiyoLog family, a day of diarrhoea among them.
    static let piyoLog = """
        【ぴよログ】2024年6月

        ----------
        2024/6/10(月)
        みお (0歳6か月1日)

        07:00   ミルク 200ml
        08:00   うんち (普通/普通/黄色)

        ----------
        2024/6/11(火)
        みお (0歳6か月2日)

        07:00   ミルク 200ml
        09:00   うんち (少なめ/下痢/黄色)
        13:00   うんち (多め/下痢/緑)

        ----------
        2024/6/12(水)
        みお (0歳6か月3日)

        07:00   ミルク 200ml

        """

    @Test("PiyoLog's (少なめ/下痢/黄色) keeps all three: on the day page, in search, and as watery stools to discuss", arguments: ["en-US", "ja"])
    func diarrhoeaKept(language: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.piyoLog.utf8).write(to: folder.appendingPathComponent("piyolog.txt"))
        let result = try Tool.run(["build", "--source", "piyolog", "piyolog.txt", "--timezone", "Asia/Tokyo", "--language", language,
                                   "-o", "out", "--markdown", "--visit-from", "2024-06-10"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("details of a poop"), "nothing of the stool is dropped: \(result.stderr)")
        let english = language == "en-US"
        let day = try String(contentsOf: folder.appendingPathComponent("out/mio/2024/06/11.md"), encoding: .utf8)
        #expect(day.contains(english ? "Poop · yellow · watery (diarrhea) · small" : "うんち · 黄色 · 水様（下痢） · 少なめ"), "\(day)")
        #expect(day.contains(english ? "stools: 1 yellow, 1 green, 2 watery (diarrhea)" : "水様（下痢）"), "\(day)")
        let usual = try String(contentsOf: folder.appendingPathComponent("out/mio/2024/06/10.md"), encoding: .utf8)
        #expect(usual.contains(english ? "Poop · yellow · formed · medium" : "うんち · 黄色 · ふつう · ふつう"), "\(usual)")
        let search = try String(contentsOf: folder.appendingPathComponent("out/assets/search-index.js"), encoding: .utf8)
        #expect(search.contains(english ? "watery (diarrhea)" : "水様（下痢）"))
        let visit = try String(contentsOf: folder.appendingPathComponent("out/mio/visit.md"), encoding: .utf8)
        #expect(visit.contains(english ? "- **Watery stools:** 2 watery stools (diarrhea) logged: Jun\u{00A0}11 (2)." : "水様便（下痢）2回の記録"), "\(visit)")
    }
}

/// An entry the app wrote with its day alone is shown without a time, not at noon or 0:00.
@Suite struct UntimedEntryTests {
    @Test("Glow's weighings by date are listed \"no time\" on their day, their date kept; a timed one keeps its time")
    func untimedWeighing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let growth = "Date,Weight(kg),Weight(lb),Height(cm),Height(in),Head Circ.(cm),Head Circ.(in)\n10/20/2025,4.35,,55.2,,38.1,\n10/26/2025 7:30 PM,4.5,,,,,\n"
        try Data(growth.utf8).write(to: folder.appendingPathComponent("glow_growth.csv"))
        let imported = try Tool.run(["import", "glow_growth.csv", "--timezone", "America/Chicago", "--child", "Ivy", "-o", "export.json"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let export = try String(contentsOf: folder.appendingPathComponent("export.json"), encoding: .utf8)
        #expect(export.components(separatedBy: #""untimed":true"#).count == 2, "one weighing without a time: \(export)")
        #expect(try Tool.run(["build", "export.json", "-o", "out", "--markdown", "-q"], in: folder).status == 0)
        let day = try String(contentsOf: folder.appendingPathComponent("out/ivy/2025/10/20.md"), encoding: .utf8)
        #expect(day.contains("- **no time** · Growth · 4.35"), "\(day)")
        #expect(!day.contains("12:00 PM"))
        let timed = try String(contentsOf: folder.appendingPathComponent("out/ivy/2025/10/26.md"), encoding: .utf8)
        #expect(timed.contains("- **7:30 PM** · Growth · 4.50"), "\(timed)")
    }
}
