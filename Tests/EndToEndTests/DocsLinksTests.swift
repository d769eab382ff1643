import Foundation
import Testing

/// The README and docs/ as a reader follows them: every relative link and image names a
/// file of the repository, and every `#anchor` a heading of the page it points into.
@Suite struct DocsLinksTests {
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Tool.packageRoot.appendingPathComponent("docs").path)) ?? []
        return ["README.md", "CONTRIBUTING.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// GitHub's anchor of a heading: lower case, spaces to `-`, punctuation dropped.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { $0 == " " ? "-" : $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : nil })
    }

    @Test("the README is a front door of at most 20 KB that opens with the two set-up commands")
    func frontDoor() throws {
        let readme = try String(contentsOf: Tool.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.utf8.count <= 20 * 1024, "\(readme.utf8.count) bytes")
        let firstBlock = readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first ?? ""
        #expect(firstBlock.hasPrefix("scripts/build-sample") && firstBlock.contains("\nscripts/test"), "\(firstBlock)")
    }

    @Test("every relative link and image in the README and docs/ resolves, anchors included", arguments: pages)
    func links(page: String) throws {
        let root = Tool.packageRoot
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        let folder = root.appendingPathComponent(page).deletingLastPathComponent()
        let targets = text.matches(of: /\]\(([^)\s]+)\)|src="([^"]+)"/).map { String($0.output.1 ?? $0.output.2 ?? "") }
        for target in targets where !target.hasPrefix("http://") && !target.hasPrefix("https://") && !target.hasPrefix("mailto:") {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? root.appendingPathComponent(page) : folder.appendingPathComponent(parts[0])
            #expect(FileManager.default.fileExists(atPath: file.path), "\(page): \(target) names no file")
            guard parts.count == 2, file.pathExtension == "md", let linked = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let anchors = linked.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) }
            #expect(anchors.contains(parts[1]), "\(page): \(target) names no heading")
        }
    }
}
