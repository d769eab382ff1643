import Foundation
import Testing

/// Foods first tried, as an allergist reads them: a food is its name, whatever amount was
/// written with it, and a memo that says a food was had for the first time counts.
@Suite struct FoodsFirstTriedTests {
    /// A week of a PiyoLog family's baby food in Japanese: porridge by the spoon, and a
    /// memo on a meal of it naming spinach as a first.
    static let piyoLog = """
        【ぴよログ】2024年6月

        ----------
        2024/6/10(月)
        みお (0歳6か月1日)

        07:00   ミルク 200ml
        11:00   離乳食 10倍がゆ 4さじ

        ----------
        2024/6/11(火)
        みお (0歳6か月2日)

        07:00   ミルク 200ml
        11:00   離乳食 10倍がゆ 5さじ
                初めてのほうれん草

        ----------
        2024/6/12(水)
        みお (0歳6か月3日)

        07:00   ミルク 200ml
        11:00   離乳食 にんじん 1さじ

        """

    @Test("PiyoLog's spoonfuls are not foods of their own; a memo's first spinach is listed, in Japanese")
    func piyoLogInJapanese() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.piyoLog.utf8).write(to: folder.appendingPathComponent("piyolog.txt"))
        let result = try Tool.run(["build", "--source", "piyolog", "piyolog.txt", "--timezone", "Asia/Tokyo", "--language", "ja",
                                   "-o", "out", "--markdown", "-q", "--visit-from", "2024-06-10"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let visit = try String(contentsOf: folder.appendingPathComponent("out/mio/visit.md"), encoding: .utf8)
        let foods = try #require(visit.components(separatedBy: "## 初めて食べたもの").dropFirst().first?.components(separatedBy: "\n##").first, "\(visit)")
        #expect(foods.contains("10倍がゆ"))
        #expect(!foods.contains("さじ"), "\(foods)")
        #expect(foods.contains("ほうれん草"), "\(foods)")
        #expect(foods.contains("にんじん"))
        #expect(foods.components(separatedBy: "10倍がゆ").count == 2, "one porridge: \(foods)")
    }

    @Test("applesauce of nine amounts is one food, first tried on its first day")
    func amountsInEnglish() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let meals: [[String: Any]] = (0..<9).map { index in
            ["id": "applesauce-\(index)", "type": "solids", "food": "Applesauce (\(15 + 5 * index) g)", "occurred_at": "2026-11-\(String(format: "%02d", 10 + index))T12:00:00-06:00"]
        }
        let export = try FamilyExports.sample(in: folder, adding: meals) { $0["type"] as? String == "solids" }
        #expect(try Tool.run(["build", export, "-o", "out", "--markdown", "-q"], in: folder).status == 0)
        let visit = try String(contentsOf: folder.appendingPathComponent("out/ava/visit.md"), encoding: .utf8)
        let foods = try #require(visit.components(separatedBy: "## Foods first tried").dropFirst().first?.components(separatedBy: "\n##").first, "\(visit)")
        #expect(foods.trimmingCharacters(in: .whitespacesAndNewlines) == "Applesauce (Nov\u{00A0}10)", "\(foods)")
    }
}
