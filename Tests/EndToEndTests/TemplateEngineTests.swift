import Foundation
import Testing

/// The template runner renders exactly what swift-mustache renders.
@Suite struct TemplateEngineTests {
    @Test("the sample built with the template runner and with swift-mustache alone gives the same bytes in every file")
    func sameBytes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        let runner = try Tool.run(["build", "-q", "--markdown", "-o", "runner"], in: folder, environment: environment)
        #expect(runner.status == 0, "\(runner.stderr)")
        environment["BBREPORT_TEMPLATE_ENGINE"] = "interpreter"
        let interpreter = try Tool.run(["build", "-q", "--markdown", "-o", "interpreter"], in: folder, environment: environment)
        #expect(interpreter.status == 0, "\(interpreter.stderr)")
        let built = try snapshot(of: folder.appendingPathComponent("runner")).mapValues(\.0)
        let expected = try snapshot(of: folder.appendingPathComponent("interpreter")).mapValues(\.0)
        #expect(built.count > 700)
        #expect(Set(built.keys) == Set(expected.keys))
        let different = built.keys.filter { built[$0] != expected[$0] }.sorted()
        #expect(different.isEmpty, "\(different.count) files differ: \(different.prefix(5))")
    }
}
