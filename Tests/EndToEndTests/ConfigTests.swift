import Foundation
import Testing

@Suite struct ConfigTests {
    func write(_ text: String, _ name: String, in folder: URL) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    func dayStart(_ page: URL) throws -> String? {
        let html = try String(contentsOf: page, encoding: .utf8)
        return html.range(of: #"day from [0-9:]+ [AP]M"#, options: .regularExpression).map { String(html[$0]) }
    }

    @Test("flags win over the configuration file, which wins over the export's settings")
    func precedence() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write("""
        # the fixture's export says day_start 07:00 and no theme
        input: \(Tool.fixture("family.json"))
        output: out
        day_start: "06:30"
        palette: sage-garden
        children:
          "Zoë & Ava": { icon_style: tinted }
        """, "bbreport.yaml", in: folder)
        #expect(try Tool.run(["build", "--config", "bbreport.yaml", "-q"], in: folder).status == 0)
        let day = folder.appendingPathComponent("out/zoe-ava/2026/11/01.html")
        #expect(try dayStart(day) == "day from 6:30 AM")
        let html = try String(contentsOf: day, encoding: .utf8)
        #expect(html.contains(#"data-palette="sage-garden" data-categories="desaturated-jewel" data-icons="tinted""#))
        let other = try String(contentsOf: folder.appendingPathComponent("out/etc/index.html"), encoding: .utf8)
        #expect(other.contains(#"data-palette="sage-garden" data-categories="desaturated-jewel" data-icons="filled""#))

        #expect(try Tool.run(["build", "--config", "bbreport.yaml", "-q", "--day-start", "05:00", "--palette", "ocean-calm",
                              "-o", "flags"], in: folder).status == 0)
        let flagged = folder.appendingPathComponent("flags/zoe-ava/2026/10/31.html")
        #expect(try dayStart(flagged) == "day from 5:00 AM")
        #expect(try String(contentsOf: flagged, encoding: .utf8).contains(#"data-palette="ocean-calm""#))

        #expect(try Tool.run(["build", Tool.fixture("family.json"), "-q", "-o", "plain"], in: folder).status == 0)
        #expect(try dayStart(folder.appendingPathComponent("plain/zoe-ava/2026/11/01.html")) == "day from 7:00 AM")
    }

    @Test("configuration errors name the file, line and column and what is wrong", arguments: [
        ("output: x\npallete: ocean-calm\n", "c.yaml:2:1: error: unknown key \"pallete\"; did you mean \"palette\"?"),
        ("day_start: 7am\n", "c.yaml:1:12: error: expected a time as HH:MM (24-hour clock), quoted, e.g. \"07:00\", found \"7am\""),
        ("output: [x\n", "c.yaml:2:1: error: not valid YAML: did not find expected ',' or ']'"),
        ("pdf: maybe\n", "c.yaml:1:6: error: expected true or false, found \"maybe\""),
        ("source: babybody\n", "c.yaml:1:9: error: expected babybasics or babybuddy, found \"babybody\""),
        ("amount_unit: cups\n", "c.yaml:1:14: error: expected ml or oz, found \"cups\""),
        ("palette: pink\n", "c.yaml:1:10: error: unknown palette \"pink\"; use one of warm-nightlight, current-indigo, ocean-calm, sage-garden, midnight-harbor"),
        ("timeout: [1, 2]\n", "c.yaml:1:10: error: expected a number of seconds from 1 to 600, found a list"),
        ("timeout: .inf\n", "c.yaml:1:10: error: expected a number of seconds from 1 to 600, found \".inf\""),
        ("retry_base: 1e308\n", "c.yaml:1:13: error: expected a number of seconds from 0 to 60, found \"1e308\""),
        ("children:\n  Ava: { colour: red }\n", "c.yaml:2:10: error: unknown key \"colour\"; known keys: palette, categories, icon_style, sex, date_of_birth"),
        ("- output\n", "c.yaml:1:1: error: expected keys such as \"output: archive\" at the top of the file"),
        ("nap_start_min: \"19:00\"\n", "error: naps must start before they stop being naps: the naps' start 19:00 (nap_start_min:) is not before night sleep's 18:00 (the default)"),
    ])
    func errors(text: String, message: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(text, "c.yaml", in: folder)
        let result = try Tool.run(["build", Tool.fixture("family.json"), "--config", "c.yaml", "-o", "out"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("a missing configuration file is a usage error")
    func missing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Tool.run(["build", "--config", "nope.yaml"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr == "error: nope.yaml: no such configuration file, or it cannot be read\n")
    }
}

/// `build --nightly`, as the nightly timer runs it every quarter hour.
@Suite struct NightlyBuildTests {
    @Test("--nightly builds the first time and records it; run again the same night it builds nothing, and says so unless quiet")
    func onceANight() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("input: \(Tool.fixture("family.json"))\noutput: out\nnightly_at: \"02:15\"\n".utf8).write(to: folder.appendingPathComponent("family.yaml"))
        let first = try await Tool.run(["build", "--config", "family.yaml", "--nightly", "-q"], in: folder)
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        let stamp = folder.appendingPathComponent(".out.bbreport-nightly")
        let recorded = try String(contentsOf: stamp, encoding: .utf8)
        #expect(recorded.contains(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/))
        let manifest = folder.appendingPathComponent("out/.bbreport-manifest")
        let built = try FileManager.default.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date

        let again = try await Tool.run(["build", "--config", "family.yaml", "--nightly"], in: folder)
        #expect(again.status == 0)
        #expect(again.stderr.contains("tonight's build of") && again.stderr.contains("the next is due at 02:15"), "\(again.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: manifest.path)[.modificationDate] as? Date == built)
        #expect(try String(contentsOf: stamp, encoding: .utf8) == recorded)
    }
}
