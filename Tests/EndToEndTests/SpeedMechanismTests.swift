import Foundation
import Speed
import Testing

/// Every mechanism that exists only for speed makes exactly the files its slower path
/// makes (`BBREPORT_WITHOUT`, docs/performance.md): the template runner what swift-mustache
/// renders, our own Markdown what cmark-gfm renders, and a nightly build what a build
/// without any of them makes.
@Suite struct SpeedMechanismTests {
    @Test("the sample built with the quick paths and with the libraries alone gives the same bytes in every file",
          arguments: ["compiled-templates", "generated-markdown"])
    func sameBytes(mechanism: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        let quick = try Tool.run(["build", "-q", "--markdown", "-o", "quick"], in: folder, environment: environment)
        #expect(quick.status == 0, "\(quick.stderr)")
        environment["BBREPORT_WITHOUT"] = mechanism
        let library = try Tool.run(["build", "-q", "--markdown", "-o", "library"], in: folder, environment: environment)
        #expect(library.status == 0, "\(library.stderr)")
        let different = try differences(folder.appendingPathComponent("quick"), folder.appendingPathComponent("library"))
        #expect(different.isEmpty, "\(different.count) files differ without \(mechanism): \(different.prefix(5))")
    }

    @Test("a second night built with every speed mechanism and without any gives the same bytes in every file")
    func secondNight() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Tool.run(["sample", "--days", "40", "--end", "2026-11-18", "-o", "first.json"], in: folder).status == 0)
        #expect(try Tool.run(["sample", "--days", "41", "--end", "2026-11-19", "-o", "second.json"], in: folder).status == 0)
        var without = ProcessInfo.processInfo.environment
        without["BBREPORT_WITHOUT"] = SpeedMechanism.allCases.map(\.rawValue).joined(separator: ",")
        for night in ["first.json", "second.json"] {
            let quick = try Tool.run(["build", night, "-o", "quick", "-q"], in: folder)
            #expect(quick.status == 0, "\(quick.stderr)")
            let slow = try Tool.run(["build", night, "-o", "slow", "-q"], in: folder, environment: without)
            #expect(slow.status == 0, "\(slow.stderr)")
        }
        let different = try differences(folder.appendingPathComponent("quick"), folder.appendingPathComponent("slow"))
        #expect(different.isEmpty, "\(different.count) files differ: \(different.prefix(5))")
    }

    @Test("a name in BBREPORT_WITHOUT that is no mechanism's is warned of, with the names there are")
    func unknownName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["BBREPORT_WITHOUT"] = "leftovers, compiled-template"
        let run = try Tool.run(["sample", "--days", "3", "-o", "sample.json"], in: folder, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: BBREPORT_WITHOUT names \"compiled-template\", which is no speed mechanism; it is ignored"), "\(run.stderr)")
        #expect(run.stderr.contains("wording-memo") && !run.stderr.contains("\"leftovers\""), "\(run.stderr)")
    }

    /// The paths of the files that differ between two archives, or are in one only.
    private func differences(_ one: URL, _ other: URL) throws -> [String] {
        let built = try snapshot(of: one).mapValues(\.0)
        let expected = try snapshot(of: other).mapValues(\.0)
        #expect(built.count > 100)
        return Set(built.keys).union(expected.keys).filter { built[$0] != expected[$0] }.sorted()
    }
}
