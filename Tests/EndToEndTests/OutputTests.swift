import Foundation
import Testing

/// What a build says: grouped warnings, and a progress bar only on a terminal.
@Suite struct OutputTests {
    /// The fixture with `count` events of a type this version does not know, and two
    /// events for a child that is not in the file.
    static func exportWithRepeatedProblems(count: Int, in folder: URL) throws -> String {
        var document = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: Tool.fixture("family.json")))) as! [String: Any]
        var events = document["events"] as! [[String: Any]]
        for index in 0..<count {
            events.append(["id": "t\(index)", "child_id": "c-zoe", "type": "bath", "occurred_at": "2026-11-02T08:00:00-06:00"])
        }
        for index in 0..<2 {
            events.append(["id": "u\(index)", "child_id": "c-nobody", "type": "diaper", "occurred_at": "2026-11-02T08:00:00-06:00",
                           "diaper_type": "pee"])
        }
        document["events"] = events
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
            .write(to: folder.appendingPathComponent("repeats.json"))
        return "repeats.json"
    }

    @Test("a warning repeated many times prints its first three and one line with the count")
    func groupedWarnings() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.exportWithRepeatedProblems(count: 50, in: folder)
        let result = try Tool.run(["build", file, "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            warning: repeats.json: events[15].type: unknown event type "bath"; skipped
            warning: repeats.json: events[16].type: unknown event type "bath"; skipped
            warning: repeats.json: events[17].type: unknown event type "bath"; skipped
            warning: repeats.json: events[65].child_id: no child has id "c-nobody"; skipped
            warning: repeats.json: events[66].child_id: no child has id "c-nobody"; skipped
            warning: repeats.json: 47 more warnings of the kind "unknown type" (50 in all)
            hint: `--verbose` prints every one, as does `bbreport validate repeats.json`

            """)
    }

    @Test("--verbose prints every warning in full, and validate lists them all")
    func everyWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try Self.exportWithRepeatedProblems(count: 50, in: folder)
        let verbose = try Tool.run(["build", file, "-o", "out", "--verbose"], in: folder)
        #expect(verbose.status == 0)
        let warnings = verbose.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 52)
        #expect(!verbose.stderr.contains("more warnings of the kind"))
        let validate = try Tool.run(["validate", file], in: folder)
        #expect(validate.stderr.split(separator: "\n").count == 52)
        #expect(validate.stdout == "repeats.json: 52 warnings; the file can be built\n")
    }

    @Test("on a terminal the build draws a progress bar and clears it before the summary; in a log it does not")
    func progressBar() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = "\(Tool.executable.path) build \(Tool.fixture("family.json")) -o out"
        // script(1) runs the build on a pseudo-terminal, as a person at a shell would.
        let (status, stdout, _) = try runProcess(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", build, "/dev/null"], in: folder)
        let screen = String(decoding: stdout, as: UTF8.self)
        #expect(status == 0, "\(screen)")
        let clear = "\r\u{1B}[K"
        #expect(screen.contains("\(clear)Reading "))
        #expect(screen.contains("\(clear)Making pages [░░░░░░░░░░░░░░░░░░░░] 0 of 21"))
        #expect(screen.contains("\(clear)Writing "))
        #expect(screen.contains("\(clear)Built 21 pages (34 files changed) for 2 children in "))

        let quiet = try runProcess(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", build + " --clean --quiet", "/dev/null"], in: folder)
        #expect(quiet.0 == 0)
        #expect(quiet.1.isEmpty, "--quiet drew: \(String(decoding: quiet.1, as: UTF8.self))")

        let logged = try Tool.run(["build", Tool.fixture("family.json"), "-o", "out", "--clean"], in: folder)
        #expect(logged.status == 0)
        #expect(logged.stderr.isEmpty)
        #expect(!logged.stdout.contains("\u{1B}"))
    }
}
