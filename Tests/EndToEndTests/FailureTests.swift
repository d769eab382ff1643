import Foundation
import Testing

@Suite struct FailureTests {
    static let broken: [(name: String, content: String, status: Int32, message: String)] = [
        ("syntax.json", "{\"format\": \"babybasics-export\",\n \"version\": 1,,\n}", 65,
         #"error: syntax.json: line 2, column 15: not valid JSON: expected a key in double quotes, found ",""#),
        ("other.json", #"{"format": "something-else", "version": 1}"#, 65,
         #"error: other.json: format: expected "babybasics-export", found "something-else"; this is not a Baby Basics export file"#),
        ("future.json", #"{"format": "babybasics-export", "version": 3}"#, 65,
         "error: future.json: version: this file is format version 3, but this build of bbreport reads version 1; update bbreport to read it"),
        ("time.json", #"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-02T22:00:00Z", "children": [{"id": "c", "name": "Ava"}], "events": [{"id": "e", "child_id": "c", "type": "sleep", "started_at": "yesterday"}]}"#, 65,
         #"error: time.json: events[0].started_at: expected an ISO 8601 timestamp, found "yesterday""#),
        ("missing.json", #"{"format": "babybasics-export", "version": 1, "exported_at": "2026-11-02T22:00:00Z", "children": [{"id": "c", "name": "Ava"}], "events": [{"id": "e", "child_id": "c", "type": "diaper", "occurred_at": "2026-11-02T20:00:00Z"}]}"#, 65,
         "error: missing.json: events[0].diaper_type: missing; expected one of \"pee\", \"poop\", \"both\", \"dry\""),
    ]

    @Test("a failed build says what and where, exits 65, and leaves the previous archive byte for byte", arguments: broken.indices)
    func failedBuildLeavesArchive(index: Int) throws {
        let (name, content, status, message) = Self.broken[index]
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder).status == 0)
        let before = try snapshot(of: folder.appendingPathComponent("out"))
        try Data(content.utf8).write(to: folder.appendingPathComponent(name))

        let result = try Tool.run(["build", name, "-o", "out"], in: folder)
        #expect(result.status == status)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
        #expect(result.stdout.isEmpty)

        let after = try snapshot(of: folder.appendingPathComponent("out"))
        #expect(after.keys.sorted() == before.keys.sorted())
        for (path, (data, date)) in before {
            #expect(after[path]?.0 == data, "\(path) changed")
            #expect(after[path]?.1 == date, "\(path) was rewritten")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("staging") }
        #expect(leftovers.isEmpty)
    }

    @Test("a missing file is a usage error with a way forward")
    func missingFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", "exprot.json"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr == "error: exprot.json: no such file\nhint: give the path of a Baby Basics export, or make one with `bbreport sample --output export.json`\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("output").path))
    }

    @Test("a folder that is not an archive is never replaced")
    func foreignFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let documents = folder.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try Data("my thesis".utf8).write(to: documents.appendingPathComponent("thesis.tex"))
        let result = try Tool.run(["build", Tool.fixture("family.json"), "-o", "documents"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: documents: the folder is not empty (it holds thesis.tex) and was not written by bbreport"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path) == ["thesis.tex"])
    }

    @Test("files bbreport did not write survive a rebuild (.gitkeep, a host's CNAME)")
    func foreignFilesKept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data().write(to: out.appendingPathComponent(".gitkeep"))
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder).status == 0)
        try Data("reports.example.org".utf8).write(to: out.appendingPathComponent("CNAME"))
        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-o", "out"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(".gitkeep").path))
        #expect(try String(contentsOf: out.appendingPathComponent("CNAME"), encoding: .utf8) == "reports.example.org")
    }

    @Test("bad flag values are usage errors naming the flag", arguments: [
        (["build", "--day-start", "7am"], "'7am' is not a time; use HH:MM on the 24-hour clock, e.g. 07:00"),
        (["build", "--timezone", "Mars/Base"], "'Mars/Base' is not a time zone; use an IANA name such as America/Chicago or Europe/Berlin"),
        (["build", "--nap-start-min", "19:00"], "error: naps must start before they stop being naps: the naps' start 19:00 (--nap-start-min) is not before night sleep's 18:00 (the default)"),
        (["sample", "--children", "0"], "--children must be between 1 and 8, not 0"),
        (["fetch", "--server", "http://127.0.0.1:9", "-o", "x.json", "--timeout", "inf"], "--timeout must be a number of seconds from 1 to 600, not inf"),
        (["build", "--server", "http://127.0.0.1:9", "--timeout", "1e300"], "--timeout must be a number of seconds from 1 to 600, not 1e+300"),
        (["build", "--server", "http://127.0.0.1:9", "--retry-base", "1e308"], "--retry-base must be a number of seconds from 0 to 60, not 1e+308"),
        (["fetch", "--server", "http://127.0.0.1:9", "-o", "x.json", "--timeout", "nan"], "--timeout must be a number of seconds from 1 to 600, not nan"),
    ])
    func badFlags(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }
}
