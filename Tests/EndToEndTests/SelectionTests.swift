import Foundation
import Testing

/// `--child`, `--from`, `--to` and `--units`, from flags and from the configuration file.
@Suite struct SelectionTests {
    @Test("--child and --from/--to build only those children and days, with every link inside the archive")
    func selection() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", "-q", "--child", "ava", "--from", "2026-10-30", "--to", "2026-11-12", "--units", "oz",
                                   "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let out = folder.appendingPathComponent("out")
        let pages = ArchiveWalk.pages(in: out)
        #expect(!pages.contains { $0.hasPrefix("leo/") })
        let days = pages.filter { $0.hasPrefix("ava/2026/") && !$0.hasSuffix("index.html") }
        #expect(days.first == "ava/2026/10/30.html" && days.last == "ava/2026/11/12.html" && days.count == 14)
        for page in pages {
            #expect(try ArchiveWalk.problems(page: page, root: out).isEmpty, "\(page)")
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("ava/days.json"))) as! [String: Any]
        let dates = (json["days"] as! [[String: Any]]).map { $0["date"] as! String }
        #expect(dates.first == "2026-10-30" && dates.last == "2026-11-12")
        // The figures of the edge day are those of the whole archive.
        #expect(try Tool.run(["build", "-q", "-o", "all"], in: folder).status == 0)
        let whole = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("all/ava/days.json"))) as! [String: Any]
        let edge = (whole["days"] as! [[String: Any]]).first { $0["date"] as? String == "2026-10-30" }!
        #expect(NSDictionary(dictionary: edge).isEqual(to: (json["days"] as! [[String: Any]])[0]))
        #expect(try String(contentsOf: out.appendingPathComponent("ava/2026/11/05.html"), encoding: .utf8).contains("\u{00A0}oz"))
    }

    @Test("the same choices from the configuration file; flags still win")
    func fromConfig() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("child: [Leo]\nfrom: 2026-11-01\nto: 2026-11-03\noutput: out\n".utf8).write(to: folder.appendingPathComponent("c.yaml"))
        #expect(try Tool.run(["build", "-q", "--config", "c.yaml"], in: folder).status == 0)
        let pages = ArchiveWalk.pages(in: folder.appendingPathComponent("out"))
        #expect(pages.filter { $0.hasPrefix("leo/2026/11/0") } == ["leo/2026/11/01.html", "leo/2026/11/02.html", "leo/2026/11/03.html"])
        #expect(!pages.contains { $0.hasPrefix("ava/") })
        #expect(try Tool.run(["build", "-q", "--config", "c.yaml", "--child", "Ava"], in: folder).status == 0)
        #expect(ArchiveWalk.pages(in: folder.appendingPathComponent("out")).contains("ava/2026/11/02.html"))
    }

    @Test("an unknown child or a range with no days says what there is, exits 64 and writes nothing", arguments: [
        (["--child", "Mia"], #"error: no child is called "Mia"; the export has Ava (id "#),
        (["--from", "2030-01-01"], "error: no days from 2030-01-01 to build: Ava's archive runs 2026-01-25 to 2026-11-21 and Leo's archive runs 2026-01-25 to 2026-11-21"),
        (["--from", "2026-11-02", "--to", "2026-11-01"], "Error: --from (2026-11-02) is after --to (2026-11-01)"),
        (["--units", "cups"], "Error: The value 'cups' is invalid for '--units <unit>': 'cups' is not a unit; use ml or oz"),
    ])
    func refusals(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", "-q", "-o", "out"] + arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
