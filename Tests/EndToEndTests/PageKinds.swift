import Foundation

/// One page of every kind the archive has, for tests that look at each in a browser: the
/// bundled sample's pages, and an empty day from two weeks with one day left unlogged.
final class PageKinds: Sendable {
    static let shared = PageKinds()

    /// What a reader sees: the page kind's name and its file.
    struct Page: CustomStringConvertible, Sendable {
        let kind: String
        let file: URL
        var description: String { kind }
    }

    private let gapFolder: URL
    private let gapStatus: Int32

    init() {
        gapFolder = FileManager.default.temporaryDirectory.appendingPathComponent("bbreport-kinds-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: gapFolder, withIntermediateDirectories: true)
        try? FigureRulesTests.export().write(to: gapFolder.appendingPathComponent("two-weeks.json"))
        gapStatus = (try? Tool.run(["build", "two-weeks.json", "-o", "out", "-q"], in: gapFolder).status) ?? -1
        // Shared by the whole run, so removed as the run ends.
        atexit { try? FileManager.default.removeItem(at: PageKinds.shared.gapFolder) }
    }

    /// Every page kind, in the order a parent meets them.
    var pages: [Page] {
        get throws {
            let sample = try SampleArchive.shared.root
            guard gapStatus == 0 else { throw CocoaError(.fileNoSuchFile) }
            let gap = gapFolder.appendingPathComponent("out")
            return [
                Page(kind: "family home", file: sample.appendingPathComponent("index.html")),
                Page(kind: "child home", file: sample.appendingPathComponent("ava/index.html")),
                Page(kind: "month", file: sample.appendingPathComponent("ava/2026/11/index.html")),
                Page(kind: "week", file: sample.appendingPathComponent("ava/weeks/2026-W47.html")),
                Page(kind: "busy day", file: sample.appendingPathComponent("ava/2026/11/20.html")),
                Page(kind: "the export's unfinished day", file: sample.appendingPathComponent("ava/2026/11/21.html")),
                Page(kind: "empty day", file: gap.appendingPathComponent("ava/2026/11/05.html")),
                Page(kind: "DST day", file: sample.appendingPathComponent("ava/2026/10/31.html")),
                Page(kind: "visit summary", file: sample.appendingPathComponent("ava/visit.html")),
                Page(kind: "growth", file: sample.appendingPathComponent("ava/growth.html")),
                Page(kind: "themes", file: sample.appendingPathComponent("themes.html")),
            ]
        }
    }
}

/// The two readers every page is made for.
enum Reader: String, CaseIterable, CustomStringConvertible, Sendable {
    /// 3 AM: a phone, dark.
    case phone
    /// A desk, light.
    case desk

    var viewport: (width: Int, height: Int) { self == .phone ? (390, 844) : (1280, 800) }
    var dark: Bool { self == .phone }
    var description: String { self == .phone ? "phone 390 × 844, dark" : "desk 1280 × 800, light" }
}
