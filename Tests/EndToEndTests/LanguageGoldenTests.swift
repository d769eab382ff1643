import Foundation
import Testing

/// Each page kind's text in German, Japanese and Arabic, from one sample, held to golden
/// files a reader of the language has gone over: the Markdown twins, which carry every
/// word the page shows. `BBREPORT_REGENERATE_GOLDEN=1` writes them anew, on purpose only.
@Suite struct LanguageGoldenTests {
    static let pages = ["index.md", "ava/index.md", "ava/2026/11/21.md", "ava/weeks/2026-W47.md", "ava/2026/11/index.md",
                        "ava/growth.md", "ava/visit.md"]

    @Test("home, child home, day, week, month, growth and visit summary read as their golden files", arguments: ["de", "ja", "ar"])
    func golden(code: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = try Tool.run(["sample", "--children", "1", "--days", "45", "-o", "sample.json"], in: folder)
        #expect(sample.status == 0, "\(sample.stderr)")
        let result = try Tool.run(["build", "sample.json", "--language", code, "--markdown", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for page in Self.pages {
            try expectGolden(try Data(contentsOf: folder.appendingPathComponent("out/\(page)")), "golden-languages/\(code)/\(page)")
        }
    }
}
