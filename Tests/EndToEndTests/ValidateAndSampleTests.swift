import Foundation
import Testing

@Suite struct ValidateAndSampleTests {
    @Test("validate lists every kind of data problem of a messy sample with its path and exits 0")
    func validateMessy() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "--messy", "--days", "30", "--output", "messy.json"], in: folder).status == 0)
        let result = try Tool.run(["validate", "messy.json"], in: folder)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("warning: messy.json: events[") || $0.hasPrefix("warning: messy.json: children[") })
        for phrase in ["overlaps the one at", "before its start; left out", "after the export was made; kept, flagged",
                       "no child has id", "duplicate of events[", "expected a duration of 0 minutes or more", "expected an amount of 0 ml or more",
                       "longer than 24 hours; kept, flagged", "more than 500 ml; kept, flagged", "unknown event type"] {
            #expect(result.stderr.contains(phrase), "no warning says \(phrase)")
        }
        #expect(result.stdout.hasPrefix("messy.json: \(lines.count) warnings; the file can be built"))
    }

    @Test("validate exits 65 on a file that cannot be read as an export")
    func validateBroken() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not json".utf8).write(to: folder.appendingPathComponent("x.json"))
        let result = try Tool.run(["validate", "x.json"], in: folder)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: x.json: line 1, column 1: not valid JSON: expected a value, found \"not\"\n"))
    }

    @Test("a clean file validates with no problems")
    func validateClean() throws {
        let result = try Tool.run(["validate", Tool.fixture("family.json")], in: Tool.packageRoot)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasSuffix("family.json: no problems found\n"))
    }

    @Test("sample writes the same bytes for the same seed, to stdout or a file")
    func sampleDeterministic() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try Tool.run(["sample", "--children", "1", "--days", "20", "--seed", "3"], in: folder)
        #expect(try Tool.run(["sample", "--children", "1", "--days", "20", "--seed", "3", "-o", "s.json"], in: folder).status == 0)
        #expect(printed.stdout == (try String(contentsOf: folder.appendingPathComponent("s.json"), encoding: .utf8)))
        #expect(printed.stdout.hasPrefix("{\n  \"format\": \"babybasics-export\",\n  \"version\": 1,\n  \"exported_at\": \"2026-11-21T22:00:00-06:00\","))
    }

    @Test("three years for two children build, with a days.json for each child")
    func threeYears() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "--children", "2", "--days", "1095", "--seed", "7", "-o", "big.json"], in: folder).status == 0)
        let result = try Tool.run(["build", "big.json", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        var dayCount = 0
        for child in ["ava", "leo"] {
            let data = try Data(contentsOf: folder.appendingPathComponent("out/\(child)/days.json"))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let days = try #require(object?["days"] as? [Any])
            // 1,095 dates, or one more when the first morning's feed came before the 07:00 day start.
            #expect((1095...1096).contains(days.count))
            dayCount += days.count
        }
        // Day pages, plus weeks, months and homes.
        let pages = Int(result.stdout.split(separator: " ")[1].replacingOccurrences(of: ",", with: "")) ?? 0 // "Built 2,587 pages (…"
        #expect(pages > dayCount + 2 * 156 + 2 * 36)
    }
}
