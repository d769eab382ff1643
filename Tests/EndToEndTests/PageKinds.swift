import Foundation

/// One page of every kind the archive has, for tests that look at each in a browser: the
/// bundled sample's pages, and an empty day from two weeks with one day left unlogged.
final class PageKinds: Sendable {
    static let shared = PageKinds(.english)
    static let arabic = PageKinds(.arabic)
    static let japanese = PageKinds(.japanese)

    static func of(_ language: PageLanguage) -> PageKinds {
        switch language {
        case .english: shared
        case .arabic: arabic
        case .japanese: japanese
        }
    }

    /// What a reader sees: the page kind's name and its file.
    struct Page: CustomStringConvertible, Sendable {
        let kind: String
        let file: URL
        var description: String { kind }
    }

    let language: PageLanguage
    private let gapFolder: URL
    private let gapStatus: Int32

    init(_ language: PageLanguage) {
        self.language = language
        gapFolder = HarnessFolder.fresh()
        try? FigureRulesTests.export().write(to: gapFolder.appendingPathComponent("two-weeks.json"))
        gapStatus = (try? Tool.run(["build", "two-weeks.json", "-o", "out", "-q"] + language.arguments, in: gapFolder).status) ?? -1
    }

    /// Every page kind, in the order a parent meets them.
    var pages: [Page] {
        get throws {
            let sample = try language.sample
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

/// The languages the browser tests read every page kind in: English, and the two that
/// differ from it most, Arabic (right to left) and Japanese (another script, no spaces).
enum PageLanguage: String, CaseIterable, CustomStringConvertible, Sendable {
    case english = "en-US"
    case arabic = "ar"
    case japanese = "ja"

    /// The build's arguments for the language: none for English, the default.
    var arguments: [String] { self == .english ? [] : ["--language", rawValue] }

    /// The bundled sample in the language, built once for all tests.
    var sample: URL {
        get throws { try SampleBuilds.archive(arguments) }
    }
    var description: String { rawValue }
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
