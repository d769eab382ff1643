import Foundation

/// One page of every kind the archive has, for tests that look at each in a browser: the
/// bundled sample's pages, and an empty day from two weeks with one day left unlogged.
enum PageKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case familyHome = "family home"
    case childHome = "child home"
    case month
    case week
    case busyDay = "busy day"
    case unfinishedDay = "the export's unfinished day"
    case emptyDay = "empty day"
    case dstDay = "DST day"
    case visit = "visit summary"
    case diary = "sleep diary"
    case trends
    case compare = "comparison by age"
    case growth
    case themes

    var description: String { rawValue }

    /// The page's file in the archive it is read from.
    private var path: String {
        switch self {
        case .familyHome: "index.html"
        case .childHome: "ava/index.html"
        case .month: "ava/2026/11/index.html"
        case .week: "ava/weeks/2026-W47.html"
        case .busyDay: "ava/2026/11/20.html"
        case .unfinishedDay: "ava/2026/11/21.html"
        case .emptyDay: "ava/2026/11/05.html"
        case .dstDay: "ava/2026/10/31.html"
        case .visit: "ava/visit.html"
        case .diary: "ava/diary.html"
        case .trends: "ava/trends.html"
        case .compare: "compare.html"
        case .growth: "ava/growth.html"
        case .themes: "themes.html"
        }
    }

    /// The page in `language`, built once for all tests.
    func file(in language: PageLanguage) async throws -> URL {
        let archive = self == .emptyDay
            ? try await SampleBuilds.archive(["two-weeks.json"] + language.arguments) { ["two-weeks.json": try FigureRulesTests.export()] }
            : try await language.sample
        return archive.appendingPathComponent(path)
    }
}

/// A page kind in a language: one case of the tests that read every page kind.
struct LanguagePage: CustomStringConvertible, Sendable {
    let kind: PageKind
    let language: PageLanguage

    /// Every page kind in every language the browser tests read, a parent's order within each.
    static let all = PageLanguage.allCases.flatMap { language in PageKind.allCases.map { LanguagePage(kind: $0, language: language) } }

    var description: String { "\(kind) in \(language)" }

    var file: URL {
        get async throws { try await kind.file(in: language) }
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
        get async throws { try await SampleBuilds.archive(arguments) }
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
