import Foundation
import Testing

/// `--child`, `--from`, `--to` and `--units`, from flags and from the configuration file.
@Suite struct SelectionTests {
    @Test("--child and --from/--to build only those children and days, with every link inside the archive")
    func selection() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await Tool.run(["build", "-q", "--child", "ava", "--from", "2026-10-30", "--to", "2026-11-12", "--units", "oz",
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
        let whole = try JSONSerialization.jsonObject(with: Data(contentsOf: try await SampleBuilds.archive().appendingPathComponent("ava/days.json"))) as! [String: Any]
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
        (["--units", "cups"], "Error: The value 'cups' is invalid for '--units <ml|oz>': 'cups' is not a unit here; use ml or oz"),
    ])
    func refusals(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", "-q", "-o", "out"] + arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    /// An export of `children` children, each with one event on `first` and one the day
    /// before the export.
    static func export(children: Int, first: String) -> Data {
        let kids = (0..<children).map { #"{"id":"c\#($0)","name":"Kid \#($0)","date_of_birth":"2000-01-01","sex":"female"}"# }
        let events = (0..<children).flatMap { index in
            [first, "2026-11-20T10:00:00Z"].enumerated().map { #"{"type":"diaper","id":"e\#(index)-\#($0.offset)","child_id":"c\#(index)","diaper_type":"pee","occurred_at":"\#($0.element)"}"# }
        }
        return Data(("""
        {"format":"babybasics-export","version":1,"exported_at":"2026-11-21T10:00:00Z",
         "settings":{"timezone":"UTC","day_start":"07:00","units":"ml"},
         "children":[\(kids.joined(separator: ","))],"events":[\(events.joined(separator: ","))]}
        """).utf8)
    }

    @Test("an export of more children, or more days in all, than one archive holds is refused before any day is made; --child builds some of them")
    func bounds() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.export(children: 101, first: "2026-11-01T10:00:00Z").write(to: folder.appendingPathComponent("crowd.json"))
        let crowd = try Tool.run(["build", "crowd.json", "-q", "-o", "out"], in: folder)
        #expect(crowd.status == 65)
        #expect(crowd.stderr.hasPrefix("error: crowd.json: the export has 101 children; one archive is built for at most 100\nhint: "), "\(crowd.stderr)")
        // Eleven children each logged since 2000: 108,031 days, every one of them worked out.
        try Self.export(children: 11, first: "2000-01-02T10:00:00Z").write(to: folder.appendingPathComponent("long.json"))
        let long = try Tool.run(["build", "long.json", "-q", "-o", "out"], in: folder)
        #expect(long.status == 65)
        #expect(long.stderr.hasPrefix("error: long.json: the archive would hold 108,031 days (Kid 0's run from 2000-01-02 to 2026-11-21); "
                                      + "one archive holds at most 100,000\nhint: "), "\(long.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let some = try Tool.run(["build", "long.json", "-q", "-o", "out", "--child", "Kid 3", "--child", "c4", "--from", "2026-11-01"], in: folder)
        #expect(some.status == 0, "\(some.stderr)")
        #expect(Set(ArchiveWalk.pages(in: folder.appendingPathComponent("out")).compactMap { $0.split(separator: "/").first }.filter { $0.hasPrefix("kid") }) == ["kid-3", "kid-4"])
    }
}
