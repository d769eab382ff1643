import Foundation
import Testing

/// The quick paths of rendering make exactly the pages the libraries make: the template
/// runner what swift-mustache renders, our own Markdown what cmark-gfm renders.
@Suite struct TemplateEngineTests {
    @Test("the sample built with the quick paths and with the libraries alone gives the same bytes in every file", arguments: [
        ("BBREPORT_TEMPLATE_ENGINE", "interpreter"),
        ("BBREPORT_GENERATED_MARKDOWN", "cmark"),
    ])
    func sameBytes(variable: String, value: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        let quick = try Tool.run(["build", "-q", "--markdown", "-o", "quick"], in: folder, environment: environment)
        #expect(quick.status == 0, "\(quick.stderr)")
        environment[variable] = value
        let library = try Tool.run(["build", "-q", "--markdown", "-o", "library"], in: folder, environment: environment)
        #expect(library.status == 0, "\(library.stderr)")
        let built = try snapshot(of: folder.appendingPathComponent("quick")).mapValues(\.0)
        let expected = try snapshot(of: folder.appendingPathComponent("library")).mapValues(\.0)
        #expect(built.count > 700)
        #expect(Set(built.keys) == Set(expected.keys))
        let different = built.keys.filter { built[$0] != expected[$0] }.sorted()
        #expect(different.isEmpty, "\(different.count) files differ with \(variable)=\(value): \(different.prefix(5))")
    }
}
