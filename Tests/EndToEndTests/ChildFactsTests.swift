import Foundation
import Testing

/// A child's sex and date of birth given beside another app's export, which carries
/// neither: on the command line for one child, in a configuration file for each.
@Suite struct ChildFactsTests {
    static let huckleberry = Tool.fixture("huckleberry.csv")
    static let zone = ["--timezone", "America/New_York"]

    static func growth(_ arguments: [String], in folder: URL) throws -> (status: Int32, stderr: String, markdown: String, html: String, home: String) {
        let result = try Tool.run(["build", huckleberry, "-o", "out", "--markdown", "-q"] + zone + arguments, in: folder)
        let read = { (path: String) in (try? String(contentsOf: folder.appendingPathComponent("out/\(path)"), encoding: .utf8)) ?? "" }
        return (result.status, result.stderr, read("mia/growth.md"), read("mia/growth.html"), read("mia/index.html"))
    }

    @Test("--sex and --birthday give an imported child WHO percentiles and every chart")
    func flags() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try Self.growth(["--child", "Mia", "--sex", "female", "--birthday", "2025-06-01"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.markdown.contains("Girl · born Sunday, June 1, 2025"))
        #expect(built.markdown.contains("| Percentile | <0.1 | <0.1 | 0.3 |"), "\(built.markdown)")
        #expect(built.html.contains("WHO curves for girls"))
        #expect(built.home.contains(">Every measurement and every chart</a>"))
    }

    @Test("with only a birth date the measurements are drawn over age, and the page says the curves need the sex")
    func birthDateOnly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try Self.growth(["--child", "Mia", "--birthday", "2025-06-01"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.html.contains("Measurements only: the WHO curves need the child&#39;s sex") || built.html.contains("Measurements only: the WHO curves need the child's sex"))
        #expect(!built.html.contains("growth-band"), "no curves without the sex")
        #expect(built.markdown.contains("WHO percentiles need the child's sex: \"sex\" in the export, or --sex female or male"))
        // Without either, the link promises the measurements only.
        let bare = try Self.growth(["--child", "Mia"], in: folder)
        #expect(bare.status == 0)
        #expect(!bare.html.contains("<svg class=\"chart growth"))
        #expect(bare.home.contains(">Every measurement</a>"), "\(bare.home)")
    }

    @Test("a configuration file gives each child's sex and date of birth by name; flags win over it")
    func configuration() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("children:\n  Mia:\n    sex: male\n    date_of_birth: 2025-06-01\n".utf8).write(to: folder.appendingPathComponent("family.yaml"))
        let built = try Self.growth(["--child", "Mia", "--config", "family.yaml"], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.markdown.contains("Boy · born Sunday, June 1, 2025"))
        let flagged = try Self.growth(["--child", "Mia", "--config", "family.yaml", "--sex", "female"], in: folder)
        #expect(flagged.markdown.contains("Girl · born Sunday, June 1, 2025"))
        try Data("children:\n  Mia:\n    sex: boy\n".utf8).write(to: folder.appendingPathComponent("bad.yaml"))
        let bad = try Tool.run(["build", Self.huckleberry, "-o", "out", "--config", "bad.yaml"] + Self.zone, in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("bad.yaml:3:10: error: expected female or male, found \"boy\""), "\(bad.stderr)")
    }

    @Test("--sex for a family of several children asks which child; import writes the facts into the export")
    func whichChildAndImport() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let several = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--sex", "female"], in: folder)
        #expect(several.status == 64)
        #expect(several.stderr.contains("error: --sex and --birthday are one child's, and the export has 2 (Zoë & Ava, ../../etc)"), "\(several.stderr)")
        #expect(several.stderr.contains("hint: add --child NAME, or give each child's under children: in a configuration file"))
        let imported = try Tool.run(["import", Self.huckleberry, "-o", "export.json", "--child", "Mia", "--sex", "female", "--birthday", "2025-06-01"] + Self.zone, in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let export = try String(contentsOf: folder.appendingPathComponent("export.json"), encoding: .utf8)
        #expect(export.contains(#""date_of_birth":"2025-06-01""#) && export.contains(#""sex":"female""#), "\(export.prefix(400))")
    }
}
